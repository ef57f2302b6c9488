//! One client for the HTTP tests, with one reply type, over either transport: the
//! application's router called in process ([`Client::app`], `tower::ServiceExt::oneshot`
//! through every layer of `sumpuzzles::http::app`, no socket), or a server on a loopback port
//! ([`Client::at`], reqwest), for the tests that are about the socket.
//!
//! What the router does not see is the connection's: hyper's parsing of the head, the
//! connection cap and timeouts, and the peer's address (a request without a socket is from
//! 127.0.0.1 to the admission, as a test's socket is). Tests of those use a port.

use std::future::{Future, IntoFuture};
use std::net::SocketAddr;
use std::pin::Pin;
use std::sync::Arc;

use axum::http::header::{ACCEPT, CONTENT_LENGTH, CONTENT_TYPE};
use axum::http::{HeaderMap, HeaderName, HeaderValue, Method};
use serde_json::Value;
use sumpuzzles::http::{AppState, ServerConfig};

/// Calls the service: `client.get(path).await`, `client.post(path).json(&body).await`.
#[derive(Clone)]
pub struct Client {
    transport: Transport,
}

#[derive(Clone)]
enum Transport {
    /// The application in process.
    Router(axum::Router),
    /// A server at a base URL (`http://127.0.0.1:port`).
    Http { base: String, http: reqwest::Client },
}

impl Client {
    /// The service with `config`, through its router: every layer the server has, no socket.
    pub fn app(config: ServerConfig) -> Client {
        Client::of_state(AppState::new(config))
    }

    /// The service with the default configuration, through its router.
    pub fn default_app() -> Client {
        Client::app(ServerConfig::default())
    }

    /// The service of `state`, through its router.
    pub fn of_state(state: Arc<AppState>) -> Client {
        Client::router(sumpuzzles::http::app(state))
    }

    /// The admin listener's routes (`/metrics`, `/healthz`, `/readyz`) of `state`, in process.
    pub fn admin_of_state(state: Arc<AppState>) -> Client {
        Client::router(sumpuzzles::http::admin_app(state))
    }

    /// Any router, in process.
    pub fn router(router: axum::Router) -> Client {
        Client {
            transport: Transport::Router(router),
        }
    }

    /// A server listening at `address`, over real connections.
    pub fn at(address: SocketAddr) -> Client {
        Client::at_base(format!("http://{address}"))
    }

    /// A server at `base` (`http://host:port`), over real connections.
    pub fn at_base(base: String) -> Client {
        Client {
            transport: Transport::Http {
                base,
                http: reqwest::Client::new(),
            },
        }
    }

    /// The full URL of `path` on a server (for a test that reads a response as a stream).
    pub fn url(&self, path: &str) -> String {
        match &self.transport {
            Transport::Http { base, .. } => format!("{base}{path}"),
            Transport::Router(_) => panic!("a client of the router has no URL"),
        }
    }

    /// A GET of `path` (with its query string).
    pub fn get(&self, path: &str) -> Call {
        self.call(Method::GET, path)
    }

    /// A POST to `path`, with no body until [`Call::json`] or [`Call::body`] gives one.
    pub fn post(&self, path: &str) -> Call {
        self.call(Method::POST, path)
    }

    fn call(&self, method: Method, path: &str) -> Call {
        Call {
            client: self.clone(),
            method,
            path: path.to_string(),
            headers: HeaderMap::new(),
            body: None,
        }
    }

    /// A metric's value from `/metrics`, summed over its lines that carry every one of
    /// `labels` (comma-separated; `""` for all).
    pub async fn metric(&self, name: &str, labels: &str) -> f64 {
        let reply = self.get("/metrics").await;
        assert_eq!(reply.status, 200, "/metrics: {reply}");
        reply
            .text()
            .lines()
            .filter(|line| !line.starts_with('#') && line.starts_with(name))
            .filter(|line| line[name.len()..].starts_with([' ', '{']))
            .filter(|line| labels.split(',').all(|label| line.contains(label)))
            .filter_map(|line| line.rsplit(' ').next()?.parse::<f64>().ok())
            .sum()
    }
}

/// A request being made: add headers and a body, then `.await` it (or [`Call::send`]).
pub struct Call {
    client: Client,
    method: Method,
    path: String,
    headers: HeaderMap,
    body: Option<Vec<u8>>,
}

impl Call {
    /// Adds a header.
    pub fn header(mut self, name: &str, value: &str) -> Call {
        self.headers.append(
            HeaderName::try_from(name).expect("a header name"),
            HeaderValue::try_from(value).expect("a header value"),
        );
        self
    }

    /// The body as JSON, with `Content-Type: application/json`.
    pub fn json(self, body: &Value) -> Call {
        self.body(Some("application/json"), body.to_string())
    }

    /// The body as these bytes, with this content type (none when `None`).
    pub fn body(mut self, content_type: Option<&str>, body: impl Into<Vec<u8>>) -> Call {
        if let Some(content_type) = content_type {
            self = self.header(CONTENT_TYPE.as_str(), content_type);
        }
        self.body = Some(body.into());
        self
    }

    /// Sends the request and reads the whole response.
    pub async fn send(self) -> Reply {
        let Call {
            client,
            method,
            path,
            mut headers,
            body,
        } = self;
        match client.transport {
            Transport::Router(router) => {
                // What reqwest sends besides: `Accept: */*` unless the test names what it
                // accepts (and the length of a body, below).
                if !headers.contains_key(ACCEPT) {
                    headers.insert(ACCEPT, HeaderValue::from_static("*/*"));
                }
                let (mut method, mut path, mut body) = (method, path, body);
                let mut reply = through(&router, &method, &path, &headers, &body).await;
                // And as reqwest does, up to 10 redirects are followed (all on this origin):
                // after a 301, 302 or 303 with a GET and no body, after a 307 or 308 as sent.
                for _ in 0..10 {
                    if ![301, 302, 303, 307, 308].contains(&reply.status) {
                        break;
                    }
                    let location = reply.header("location").expect("a redirect's location");
                    assert!(
                        location.starts_with('/'),
                        "a redirect off the origin: {reply}"
                    );
                    if reply.status <= 303 && method != Method::HEAD {
                        method = Method::GET;
                        body = None;
                        headers.remove(CONTENT_TYPE);
                    }
                    path = location;
                    reply = through(&router, &method, &path, &headers, &body).await;
                }
                reply
            }
            Transport::Http { base, http } => {
                let mut request = http
                    .request(method, format!("{base}{path}"))
                    .headers(headers);
                if let Some(body) = body {
                    request = request.body(body);
                }
                let response = request.send().await.expect("the server answers");
                let status = response.status().as_u16();
                let headers = response.headers().clone();
                let body = response.bytes().await.expect("the whole body").to_vec();
                Reply {
                    status,
                    headers,
                    body,
                }
            }
        }
    }
}

/// One request through the router, with the length of its body as a client states it (the
/// early 413 reads it).
async fn through(
    router: &axum::Router,
    method: &Method,
    path: &str,
    headers: &HeaderMap,
    body: &Option<Vec<u8>>,
) -> Reply {
    use http_body_util::BodyExt;
    use tower::ServiceExt;
    let mut request = axum::http::Request::builder()
        .method(method.clone())
        .uri(path);
    let sent = request.headers_mut().expect("a valid request");
    *sent = headers.clone();
    if let Some(body) = body {
        sent.insert(CONTENT_LENGTH, HeaderValue::from(body.len()));
    }
    let request = request
        .body(
            body.clone()
                .map_or_else(axum::body::Body::empty, axum::body::Body::from),
        )
        .expect("a valid request");
    let response = router
        .clone()
        .oneshot(request)
        .await
        .expect("the router answers");
    let status = response.status().as_u16();
    let headers = response.headers().clone();
    let body = response
        .into_body()
        .collect()
        .await
        .expect("the whole body")
        .to_bytes()
        .to_vec();
    Reply {
        status,
        headers,
        body,
    }
}

impl IntoFuture for Call {
    type Output = Reply;
    type IntoFuture = Pin<Box<dyn Future<Output = Reply> + Send>>;

    fn into_future(self) -> Self::IntoFuture {
        Box::pin(self.send())
    }
}

/// A whole response: its status, headers and body bytes.
pub struct Reply {
    pub status: u16,
    pub headers: HeaderMap,
    pub body: Vec<u8>,
}

impl Reply {
    /// A header's value as text, when it is there.
    pub fn header(&self, name: &str) -> Option<String> {
        self.headers
            .get(name)
            .map(|value| value.to_str().expect("a text header").to_string())
    }

    /// The `Content-Type`, or `""` without one.
    pub fn content_type(&self) -> String {
        self.header("content-type").unwrap_or_default()
    }

    /// The body as text.
    pub fn text(&self) -> String {
        String::from_utf8(self.body.clone()).expect("a UTF-8 body")
    }

    /// The body as JSON (a body that is not JSON fails the test, showing it).
    pub fn json(&self) -> Value {
        serde_json::from_slice(&self.body).unwrap_or_else(|error| panic!("{error}: {self}"))
    }

    /// The body as JSON, after asserting the status (the body is in the failure message).
    pub fn expect_json(&self, status: u16) -> Value {
        assert_eq!(self.status, status, "{self}");
        self.json()
    }

    /// Problem details with `status` and the type `/problems/<kind>`; its body.
    pub fn assert_problem(&self, status: u16, kind: &str) -> Value {
        let problem = self.problem(status);
        assert_eq!(problem["type"], format!("/problems/{kind}"), "{self}");
        problem
    }

    /// Problem details with `status` whose detail mentions `needle`; its body.
    pub fn assert_problem_detail(&self, status: u16, needle: &str) -> Value {
        let problem = self.problem(status);
        let detail = problem["detail"].as_str().unwrap_or_default();
        assert!(
            detail.contains(needle),
            "detail {detail:?} lacks {needle:?}"
        );
        problem
    }

    /// Problem details with `status`: the content type, and the members every problem has.
    fn problem(&self, status: u16) -> Value {
        assert_eq!(self.status, status, "{self}");
        assert_eq!(self.content_type(), "application/problem+json", "{self}");
        let problem = self.json();
        assert_eq!(problem["status"], status, "{self}");
        let kind = problem["type"].as_str().unwrap_or_default();
        assert!(kind.starts_with("/problems/"), "{self}");
        assert!(problem["title"].is_string(), "{self}");
        assert!(problem["detail"].is_string(), "{self}");
        problem
    }
}

/// The status, the headers and the body (as text, cut after 2,000 bytes), for failure
/// messages.
impl std::fmt::Display for Reply {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let body = String::from_utf8_lossy(&self.body);
        let cut = body
            .char_indices()
            .nth(2_000)
            .map_or(body.len(), |(at, _)| at);
        write!(f, "{} {:?} {}", self.status, self.headers, &body[..cut])
    }
}

impl std::fmt::Debug for Reply {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        std::fmt::Display::fmt(self, f)
    }
}
