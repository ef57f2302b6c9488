//! The server: the application with its layers (request ids, tracing, panics caught, CORS,
//! the body limit, metrics, the overall deadline), and the accept loop that serves it with a
//! header-read timeout and a graceful shutdown.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::extract::{DefaultBodyLimit, MatchedPath, Request};
use axum::http::{HeaderName, HeaderValue, Method};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::Router;
use hyper_util::rt::{TokioExecutor, TokioIo, TokioTimer};
use hyper_util::server::conn::auto::Builder;
use hyper_util::service::TowerToHyperService;
use tokio::net::TcpListener;
use tower::ServiceExt;
use tower_http::catch_panic::CatchPanicLayer;
use tower_http::cors::{AllowOrigin, CorsLayer};
use tower_http::request_id::{
    MakeRequestId, PropagateRequestIdLayer, RequestId, SetRequestIdLayer,
};
use tower_http::trace::TraceLayer;

use super::problem::ApiProblem;
use super::{docs, metrics, play, AppState, ServerConfig};
use crate::core::Stop;

/// Request ids: a per-process prefix and a counter.
#[derive(Clone)]
struct RequestIds {
    prefix: u32,
    counter: Arc<AtomicU64>,
}

impl MakeRequestId for RequestIds {
    fn make_request_id<B>(&mut self, _request: &axum::http::Request<B>) -> Option<RequestId> {
        let n = self.counter.fetch_add(1, Ordering::Relaxed);
        HeaderValue::from_str(&format!("{:08x}-{n:x}", self.prefix))
            .ok()
            .map(RequestId::new)
    }
}

/// Counts requests and latency by matched route and status.
async fn record(request: Request, next: Next) -> Response {
    let route = request
        .extensions()
        .get::<MatchedPath>()
        .map_or_else(|| "unmatched".to_string(), |p| p.as_str().to_string());
    let start = Instant::now();
    let response = next.run(request).await;
    metrics::record_request(&route, response.status().as_u16(), start.elapsed());
    response
}

/// The whole request, body reading included, is held to the deadline (plus a second for the
/// pool's own deadline answer to win the race when the work itself ran late).
async fn overall_deadline(
    axum::extract::State(deadline): axum::extract::State<Duration>,
    request: Request,
    next: Next,
) -> Response {
    match tokio::time::timeout(deadline + Duration::from_secs(1), next.run(request)).await {
        Ok(response) => response,
        Err(_) => ApiProblem::from(Stop::DeadlineExceeded).into_response(),
    }
}

/// The message a panic was raised with, when it has one.
pub(super) fn panic_message(payload: &(dyn std::any::Any + Send)) -> &str {
    payload
        .downcast_ref::<String>()
        .map(String::as_str)
        .or_else(|| payload.downcast_ref::<&str>().copied())
        .unwrap_or("unknown")
}

fn panic_response(payload: Box<dyn std::any::Any + Send + 'static>) -> Response {
    tracing::error!(
        panic = panic_message(payload.as_ref()),
        "a request handler panicked"
    );
    ::metrics::counter!(metrics::PANICS).increment(1);
    ApiProblem::Internal.into_response()
}

/// The whole application: routes, documentation and layers.
pub fn app(state: Arc<AppState>) -> Router {
    let (router, document) = docs::routes();
    let x_request_id = HeaderName::from_static("x-request-id");
    let cors = if state.config.cors_origins.is_empty() {
        CorsLayer::new().allow_origin(AllowOrigin::any())
    } else {
        let origins: Vec<HeaderValue> = state
            .config
            .cors_origins
            .iter()
            .filter_map(|o| HeaderValue::from_str(o).ok())
            .collect();
        CorsLayer::new().allow_origin(origins)
    }
    .allow_methods([Method::GET, Method::POST])
    .allow_headers([axum::http::header::CONTENT_TYPE])
    .expose_headers([
        axum::http::header::RETRY_AFTER,
        axum::http::header::ETAG,
        x_request_id.clone(),
    ]);
    let ids = RequestIds {
        prefix: (std::process::id() ^ (Instant::now().elapsed().subsec_nanos())).rotate_left(7),
        counter: Arc::new(AtomicU64::new(0)),
    };
    let body_limit = state.config.body_limit;
    let deadline = state.config.deadline;
    router
        .merge(docs::swagger(document))
        .merge(play::router())
        .fallback(|| async { ApiProblem::NotFound("no such resource; see /openapi.json and /docs".into()) })
        .method_not_allowed_fallback(|| async { ApiProblem::MethodNotAllowed })
        .with_state(state)
        .layer(middleware::from_fn_with_state(deadline, overall_deadline))
        .layer(middleware::from_fn(record))
        .layer(DefaultBodyLimit::max(body_limit))
        .layer(cors)
        .layer(CatchPanicLayer::custom(panic_response))
        .layer(
            TraceLayer::new_for_http().make_span_with(|request: &axum::http::Request<axum::body::Body>| {
                let id = request
                    .headers()
                    .get("x-request-id")
                    .and_then(|v| v.to_str().ok())
                    .unwrap_or("");
                tracing::info_span!("request", method = %request.method(), uri = %request.uri(), request_id = %id)
            }),
        )
        .layer(PropagateRequestIdLayer::new(x_request_id.clone()))
        .layer(SetRequestIdLayer::new(x_request_id, ids))
}

/// Waits for SIGTERM or Ctrl-C.
async fn shutdown_signal() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let terminate = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut signal) => {
                signal.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let terminate = std::future::pending::<()>();
    tokio::select! {
        _ = ctrl_c => {},
        _ = terminate => {},
    }
}

/// Binds and serves until a shutdown signal, then drains and finishes requests under way.
pub async fn serve(config: ServerConfig) -> std::io::Result<()> {
    let listener = TcpListener::bind(config.bind).await?;
    serve_on(listener, config, shutdown_signal()).await
}

/// Serves on a bound listener until `shutdown` completes (tests pass their own signal).
pub async fn serve_on(
    listener: TcpListener,
    config: ServerConfig,
    shutdown: impl std::future::Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    let state = AppState::new(config.clone());
    let app = app(state.clone());
    tracing::info!(address = %listener.local_addr()?, workers = config.workers, queue = config.queue, "listening");
    let graceful = hyper_util::server::graceful::GracefulShutdown::new();
    let mut builder = Builder::new(TokioExecutor::new());
    builder
        .http1()
        .timer(TokioTimer::new())
        .header_read_timeout(config.header_timeout);
    builder.http2().timer(TokioTimer::new());
    let (stop_accepting_tx, mut stop_accepting) = tokio::sync::watch::channel(false);
    let drain = config.drain;
    let signal_state = state.clone();
    tokio::spawn(async move {
        shutdown.await;
        tracing::info!("shutdown signal: readiness off, draining");
        signal_state.begin_shutdown();
        tokio::time::sleep(drain).await;
        let _ = stop_accepting_tx.send(true);
    });
    loop {
        let accepted = tokio::select! {
            accepted = listener.accept() => accepted,
            _ = stop_accepting.changed() => break,
        };
        let (stream, _peer) = match accepted {
            Ok(connection) => connection,
            Err(error) => {
                // Out of file descriptors and the like: wait a little instead of spinning.
                tracing::warn!(%error, "accept failed");
                tokio::time::sleep(Duration::from_millis(50)).await;
                continue;
            }
        };
        let _ = stream.set_nodelay(true);
        let service = TowerToHyperService::new(
            app.clone()
                .map_request(|r: Request<hyper::body::Incoming>| r.map(axum::body::Body::new)),
        );
        let connection = builder.serve_connection_with_upgrades(TokioIo::new(stream), service);
        let connection = graceful.watch(connection.into_owned());
        tokio::spawn(async move {
            if let Err(error) = connection.await {
                tracing::debug!(%error, "connection ended with an error");
            }
        });
    }
    drop(listener);
    tracing::info!("listener closed; finishing requests under way");
    if tokio::time::timeout(config.grace, graceful.shutdown())
        .await
        .is_err()
    {
        tracing::warn!("grace period over; closing the remaining connections");
    }
    Ok(())
}
