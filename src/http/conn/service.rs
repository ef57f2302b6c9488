//! The application as hyper calls it on one connection ([`ConnService`]): each request counted
//! in flight on its connection until its response body is written, the reserve's connections
//! served the health probes only, and a response the client is not taking noticed.

use std::convert::Infallible;
use std::future::Future;
use std::net::SocketAddr;
use std::pin::Pin;
use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::task::{Context, Poll};
use std::time::Instant;

use axum::body::Body;
use axum::http::{header, HeaderValue, Request, Response, Version};
use axum::response::IntoResponse;
use axum::Router;
use hyper::body::Incoming;
use tower::ServiceExt;

use super::super::clients::Peer;
use super::super::metrics;
use super::super::problem::ApiError;
use super::registry::Connection;

/// Counts a request in flight on its connection until dropped (with the response body).
struct InFlight(Arc<Connection>);

impl InFlight {
    fn start(connection: Arc<Connection>, wants_close: bool) -> InFlight {
        connection.in_flight.fetch_add(1, Ordering::SeqCst);
        connection.requests.fetch_add(1, Ordering::SeqCst);
        connection.wants_close.store(wants_close, Ordering::SeqCst);
        connection.activity.notify_one();
        InFlight(connection)
    }
}

impl Drop for InFlight {
    fn drop(&mut self) {
        *self.0.last_active() = Instant::now();
        self.0.in_flight.fetch_sub(1, Ordering::SeqCst);
        self.0.activity.notify_one();
    }
}

/// Whether a request may be served on a connection accepted into the reserve.
fn is_probe(path: &str) -> bool {
    path == "/healthz" || path == "/readyz"
}

/// Whether an HTTP/1 request asks to close the connection after its response.
fn wants_close<B>(request: &Request<B>) -> bool {
    let connection = request
        .headers()
        .get_all(header::CONNECTION)
        .iter()
        .filter_map(|value| value.to_str().ok())
        .flat_map(|value| value.split(','))
        .map(|token| token.trim().to_ascii_lowercase())
        .collect::<Vec<_>>();
    match request.version() {
        Version::HTTP_10 => !connection.iter().any(|token| token == "keep-alive"),
        Version::HTTP_11 => connection.iter().any(|token| token == "close"),
        _ => false,
    }
}

/// The application as hyper calls it on one connection: the peer in the request's
/// extensions, the request counted in flight until its response body is written.
#[derive(Clone)]
pub(super) struct ConnService {
    pub(super) app: Router,
    pub(super) connection: Arc<Connection>,
    pub(super) peer: SocketAddr,
    /// The server is shutting down: a response says the connection closes after it.
    pub(super) shutdown: tokio::sync::watch::Receiver<bool>,
}

type ResponseFuture = Pin<Box<dyn Future<Output = Result<Response<Body>, Infallible>> + Send>>;

impl hyper::service::Service<Request<Incoming>> for ConnService {
    type Response = Response<Body>;
    type Error = Infallible;
    type Future = ResponseFuture;

    fn call(&self, request: Request<Incoming>) -> ResponseFuture {
        let guard = InFlight::start(self.connection.clone(), wants_close(&request));
        let mut request = request.map(Body::new);
        request.extensions_mut().insert(Peer(self.peer));
        if self.connection.restricted && !is_probe(request.uri().path()) {
            metrics::shed(metrics::Shed::Connections);
            let mut response = ApiError::TooManyConnections.into_response();
            response
                .headers_mut()
                .insert(header::CONNECTION, HeaderValue::from_static("close"));
            return Box::pin(std::future::ready(Ok(guarded(response, guard))));
        }
        let app = self.app.clone();
        let shutdown = self.shutdown.clone();
        // HTTP/2 has no Connection header: its connection ends with GOAWAY.
        let http1 = request.version() < Version::HTTP_2;
        Box::pin(async move {
            let mut response = app
                .oneshot(request)
                .await
                .unwrap_or_else(|never| match never {});
            if http1 && *shutdown.borrow() {
                response
                    .headers_mut()
                    .insert(header::CONNECTION, HeaderValue::from_static("close"));
            }
            Ok(guarded(response, guard))
        })
    }
}

fn guarded(response: Response<Body>, guard: InFlight) -> Response<Body> {
    let id = guard.0.next_response.fetch_add(1, Ordering::Relaxed);
    // Handed over: from now on hyper should ask for the body as the client takes it.
    guard.0.waiting_on_client(id, true);
    response.map(|body| Body::new(GuardedBody { body, id, guard }))
}

/// A response body that keeps its request counted in flight until hyper has written it, and
/// tells its connection whether the client is taking it: from a piece handed over until hyper
/// asks for the next, the client has it to take.
struct GuardedBody {
    body: Body,
    id: u64,
    guard: InFlight,
}

impl Drop for GuardedBody {
    fn drop(&mut self) {
        self.guard.0.waiting_on_client(self.id, false);
    }
}

impl hyper::body::Body for GuardedBody {
    type Data = axum::body::Bytes;
    type Error = axum::Error;

    fn poll_frame(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<hyper::body::Frame<Self::Data>, Self::Error>>> {
        let this = self.get_mut();
        let connection = &this.guard.0;
        connection.waiting_on_client(this.id, false);
        let frame = Pin::new(&mut this.body).poll_frame(cx);
        if let Poll::Ready(Some(Ok(_))) = frame {
            connection.waiting_on_client(this.id, true);
        }
        frame
    }

    fn is_end_stream(&self) -> bool {
        self.body.is_end_stream()
    }

    fn size_hint(&self) -> hyper::body::SizeHint {
        self.body.size_hint()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_request_says_whether_the_connection_closes() {
        let request = |version, connection: Option<&str>| {
            let mut builder = Request::builder().version(version);
            if let Some(value) = connection {
                builder = builder.header(header::CONNECTION, value);
            }
            builder.body(()).unwrap()
        };
        assert!(wants_close(&request(Version::HTTP_10, None)));
        assert!(!wants_close(&request(Version::HTTP_10, Some("Keep-Alive"))));
        assert!(!wants_close(&request(Version::HTTP_11, None)));
        assert!(wants_close(&request(Version::HTTP_11, Some("close"))));
        assert!(!wants_close(&request(Version::HTTP_2, Some("close"))));
    }
}
