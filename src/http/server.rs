//! The application with its layers (request ids, tracing, panics caught, every error as
//! problem details, security headers on the documentation, CORS, early refusals, admission
//! per client, the body limit, metrics, the overall deadline). `listen.rs` serves it.

use std::collections::HashSet;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::body::Body;
use axum::extract::{DefaultBodyLimit, MatchedPath, Request, State};
use axum::http::header::{
    CONTENT_LENGTH, CONTENT_SECURITY_POLICY, CONTENT_TYPE, REFERRER_POLICY, X_CONTENT_TYPE_OPTIONS,
    X_FRAME_OPTIONS,
};
use axum::http::{HeaderName, HeaderValue, Method};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::Router;
use tower_http::catch_panic::CatchPanicLayer;
use tower_http::cors::{AllowOrigin, CorsLayer};
use tower_http::trace::{DefaultOnFailure, TraceLayer};

use super::clients::{Peer, Slot};
use super::extract::BodyTimeout;
use super::limits::MAX_URI_BYTES;
use super::pool::panic_message;
use super::problem::ApiError;
use super::state::{Admitted, ADMITTED};
use super::{docs, metrics, play, AppState};
use crate::core::Stop;

/// The longest request id taken from a client.
const MAX_REQUEST_ID: usize = 64;

/// Request ids: a counter hashed with this process's secret keys (SipHash), so that an id
/// says nothing about how many requests came before it, or will come after.
#[derive(Clone)]
struct RequestIds {
    keys: std::collections::hash_map::RandomState,
    counter: Arc<AtomicU64>,
}

impl RequestIds {
    fn new() -> RequestIds {
        RequestIds {
            keys: std::collections::hash_map::RandomState::new(),
            counter: Arc::new(AtomicU64::new(0)),
        }
    }

    /// The next id: 32 hex digits, unique within the process (the hashes of distinct counter
    /// values under one key collide with a chance of 2^-128).
    fn next(&self) -> HeaderValue {
        use std::hash::BuildHasher;
        let n = self.counter.fetch_add(1, Ordering::Relaxed);
        let (high, low) = (self.keys.hash_one((n, 0u8)), self.keys.hash_one((n, 1u8)));
        HeaderValue::from_str(&format!("{high:016x}{low:016x}"))
            .expect("hex digits are a header value")
    }
}

/// Whether a client's `X-Request-Id` is kept: 1 to 64 letters, digits and `._:-`, so that it
/// is safe in logs and headers; any other is replaced by one of ours.
fn acceptable_request_id(id: &[u8]) -> bool {
    (1..=MAX_REQUEST_ID).contains(&id.len())
        && id
            .iter()
            .all(|&b| b.is_ascii_alphanumeric() || matches!(b, b'.' | b'_' | b':' | b'-'))
}

/// Keeps an acceptable `X-Request-Id` or sets a new one, on the request (for the logs) and
/// on the response.
async fn request_id(State(ids): State<RequestIds>, mut request: Request, next: Next) -> Response {
    let name = HeaderName::from_static("x-request-id");
    let id = match request.headers().get(&name) {
        Some(sent) if acceptable_request_id(sent.as_bytes()) => sent.clone(),
        _ => ids.next(),
    };
    request.headers_mut().insert(name.clone(), id.clone());
    let mut response = next.run(request).await;
    response.headers_mut().insert(name, id);
    response
}

/// Counts requests and latency by matched route and status. A streamed answer (a batch) is
/// recorded when its body ends, so that its latency is the whole batch's, not its head's.
async fn record(request: Request, next: Next) -> Response {
    let route = request
        .extensions()
        .get::<MatchedPath>()
        .map_or_else(|| "unmatched".to_string(), |p| p.as_str().to_string());
    let start = Instant::now();
    let response = next.run(request).await;
    let recorded = Recorded {
        route,
        status: response.status().as_u16(),
        start,
    };
    keep_while_streaming(response, recorded)
}

/// A request to be recorded when dropped.
struct Recorded {
    route: String,
    status: u16,
    start: Instant,
}

impl Drop for Recorded {
    fn drop(&mut self) {
        metrics::record_request(&self.route, self.status, self.start.elapsed());
    }
}

/// The whole request, body reading included, is held to the deadline (plus a second for the
/// pool's own deadline answer to win the race when the work itself ran late). A book keeps
/// its own, which grows with its count as a batch's does (`booklet.rs`).
async fn overall_deadline(
    State(deadline): State<Duration>,
    request: Request,
    next: Next,
) -> Response {
    #[cfg(feature = "print")]
    if request
        .extensions()
        .get::<MatchedPath>()
        .is_some_and(|path| path.as_str() == super::booklet::PATH)
    {
        return next.run(request).await;
    }
    match tokio::time::timeout(deadline + Duration::from_secs(1), next.run(request)).await {
        Ok(response) => response,
        Err(_) => ApiError::from(Stop::DeadlineExceeded).into_response(),
    }
}

/// Every error response is problem details: one a layer or a library answered with a bare
/// status (a 404 under `/docs/`, a router's 405) gets its body here.
async fn problems_everywhere(request: Request, next: Next) -> Response {
    let response = next.run(request).await;
    let status = response.status();
    let is_problem = response
        .headers()
        .get(CONTENT_TYPE)
        .is_some_and(|value| value.as_bytes().starts_with(b"application/problem+json"));
    if !(status.is_client_error() || status.is_server_error()) || is_problem {
        return response;
    }
    let (mut parts, _) = response.into_parts();
    let mut replaced = ApiError::Status(status).into_response();
    parts.headers.remove(CONTENT_LENGTH);
    parts.headers.remove(CONTENT_TYPE);
    replaced.headers_mut().extend(parts.headers);
    replaced
}

/// What the documentation pages may load: this origin only (Swagger UI sets inline styles
/// and draws icons from data URIs), in no frame.
pub const DOCS_CONTENT_SECURITY_POLICY: &str = "default-src 'none'; script-src 'self'; \
style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self' data:; \
connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/// Security headers on `/docs/`.
async fn docs_headers(request: Request, next: Next) -> Response {
    let is_docs = request.uri().path().starts_with("/docs");
    let mut response = next.run(request).await;
    if is_docs {
        let headers = response.headers_mut();
        headers.insert(
            CONTENT_SECURITY_POLICY,
            HeaderValue::from_static(DOCS_CONTENT_SECURITY_POLICY),
        );
        headers.insert(X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff"));
        headers.insert(X_FRAME_OPTIONS, HeaderValue::from_static("DENY"));
        headers.insert(REFERRER_POLICY, HeaderValue::from_static("no-referrer"));
    }
    response
}

/// Refusals that need only the head: a `Content-Length` over the body limit (413 before a
/// byte of the body is read) and a request target over [`MAX_URI_BYTES`] (414).
async fn refuse_early(State(body_limit): State<usize>, request: Request, next: Next) -> Response {
    let target = request
        .uri()
        .path_and_query()
        .map_or(0, |target| target.as_str().len());
    if target > MAX_URI_BYTES {
        return ApiError::UriTooLong.into_response();
    }
    let declared = request
        .headers()
        .get(CONTENT_LENGTH)
        .and_then(|value| value.to_str().ok())
        .and_then(|value| value.trim().parse::<u128>().ok());
    if declared.is_some_and(|length| length > body_limit as u128) {
        return ApiError::TooLarge(format!(
            "the body is {} bytes; the limit is {body_limit} bytes",
            declared.unwrap_or_default()
        ))
        .into_response();
    }
    next.run(request).await
}

/// What the admission middleware needs.
#[derive(Clone)]
struct Admission {
    state: Arc<AppState>,
    /// The puzzle operations' paths: their requests take a worker.
    heavy: Arc<HashSet<String>>,
}

/// Lets a request in or refuses it: its API key (401/403), its client's rate (429), and for
/// a heavy request one of its client's slots on the pool (429 when the client has too many
/// waiting, 503 when the wait reaches the deadline), all before its body is read. The
/// request then runs with its client's allowance.
async fn admit(State(admission): State<Admission>, mut request: Request, next: Next) -> Response {
    let path = request.uri().path();
    if path == "/healthz" || path == "/readyz" {
        return next.run(request).await;
    }
    let arrived = Instant::now();
    let state = &admission.state;
    let route = request
        .extensions()
        .get::<MatchedPath>()
        .map_or(path, MatchedPath::as_str);
    let heavy = admission.heavy.contains(route);
    let peer = request.extensions().get::<Peer>().map(|peer| peer.0.ip());
    let admitted = match state.clients.admit(peer, request.headers(), heavy) {
        Ok(admitted) => admitted,
        Err(problem) => {
            match problem {
                ApiError::RateLimited { .. } => metrics::shed(metrics::Shed::RateLimited),
                ApiError::KeyGuessing { .. } => metrics::shed(metrics::Shed::KeyGuessing),
                _ => {}
            }
            return problem.into_response();
        }
    };
    request
        .extensions_mut()
        .insert(BodyTimeout(state.config.body_timeout));
    let slot = if heavy {
        match state
            .clients
            .slot(&admitted, state.config.deadline, state.config.retry_after)
            .await
        {
            Ok(slot) => Some(slot),
            Err(problem) => {
                metrics::shed(match problem {
                    ApiError::ClientBusy { .. } => metrics::Shed::ClientBusy,
                    _ => metrics::Shed::Expired,
                });
                return with_rate_left(problem.into_response(), &admitted);
            }
        }
    } else {
        None
    };
    let scope = Admitted {
        allowance: admitted.allowance,
        account: admitted.account.clone(),
        until: arrived + state.config.deadline,
    };
    let response = ADMITTED.scope(scope, next.run(request)).await;
    let response = with_rate_left(response, &admitted);
    match slot {
        Some(slot) => keep_while_streaming::<Slot>(response, slot),
        None => response,
    }
}

/// An admitted request counted against its client's account of worker time: its answer says
/// how much is left (`RateLimit-Policy` and `RateLimit`), when the client has a limit. A job
/// made in full was charged on its worker before this; a streamed one is charged as it goes.
fn with_rate_left(mut response: Response, admitted: &super::clients::Admission) -> Response {
    if let Some(account) = &admitted.account {
        response.headers_mut().extend(account.left().headers());
    }
    response
}

/// A streamed answer (a batch, whose puzzles are made as its body is sent) keeps `guard` (its
/// client's slot, its record) until its last byte is sent or the client goes away; an answer
/// made in full drops it now.
fn keep_while_streaming<G: Send + 'static>(response: Response, guard: G) -> Response {
    use axum::body::HttpBody;
    use futures_util::StreamExt;
    if response.body().size_hint().exact().is_some() {
        return response;
    }
    response.map(|body| {
        let held = guard;
        Body::from_stream(body.into_data_stream().map(move |chunk| {
            let _ = &held;
            chunk
        }))
    })
}

fn panic_response(payload: Box<dyn std::any::Any + Send + 'static>) -> Response {
    tracing::error!(
        panic = panic_message(payload.as_ref()),
        "a request handler panicked"
    );
    ::metrics::counter!(metrics::PANICS).increment(1);
    ApiError::Internal.into_response()
}

/// The paths of the document's puzzle operations (tag `puzzles`): the heavy requests.
fn heavy_paths(document: &utoipa::openapi::OpenApi) -> HashSet<String> {
    document
        .paths
        .paths
        .iter()
        .filter(|(_, item)| {
            [&item.get, &item.post]
                .into_iter()
                .flatten()
                .any(|operation| operation.tags.iter().flatten().any(|tag| tag == "puzzles"))
        })
        .map(|(path, _)| path.clone())
        .collect()
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
    .allow_headers([
        CONTENT_TYPE,
        axum::http::header::AUTHORIZATION,
        HeaderName::from_static("x-api-key"),
        x_request_id.clone(),
    ])
    .expose_headers([
        axum::http::header::RETRY_AFTER,
        axum::http::header::ETAG,
        HeaderName::from_static("ratelimit"),
        HeaderName::from_static("ratelimit-policy"),
        x_request_id,
    ]);
    let ids = RequestIds::new();
    let admission = Admission {
        heavy: Arc::new(heavy_paths(&document)),
        state: state.clone(),
    };
    let body_limit = state.config.body_limit;
    let deadline = state.config.deadline;
    router
        .merge(docs::swagger(&document))
        .merge(play::router())
        .merge(super::wasm::router())
        .fallback(|| async { ApiError::NotFound("no such resource; see /openapi.json and /docs".into()) })
        .method_not_allowed_fallback(|| async { ApiError::MethodNotAllowed })
        .with_state(state)
        .layer(middleware::from_fn_with_state(deadline, overall_deadline))
        .layer(middleware::from_fn(record))
        .layer(DefaultBodyLimit::max(body_limit))
        .layer(middleware::from_fn_with_state(admission, admit))
        .layer(middleware::from_fn_with_state(body_limit, refuse_early))
        .layer(cors)
        .layer(middleware::from_fn(docs_headers))
        .layer(middleware::from_fn(problems_everywhere))
        .layer(CatchPanicLayer::custom(panic_response))
        .layer(
            TraceLayer::new_for_http()
                .make_span_with(|request: &axum::http::Request<axum::body::Body>| {
                    let id = request
                        .headers()
                        .get("x-request-id")
                        .and_then(|v| v.to_str().ok())
                        .unwrap_or("");
                    tracing::info_span!("request", method = %request.method(), uri = %request.uri(), request_id = %id)
                })
                // A 5xx here is shedding or a deadline, counted and summed up elsewhere; a
                // panic is logged where it is caught.
                .on_failure(DefaultOnFailure::new().level(tracing::Level::DEBUG)),
        )
        .layer(middleware::from_fn_with_state(ids, request_id))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn request_ids_from_clients_are_kept_only_when_safe() {
        assert!(acceptable_request_id(b"abc-123_x.y:z"));
        assert!(!acceptable_request_id(b""));
        assert!(!acceptable_request_id(b"<script>alert(1)</script>"));
        assert!(!acceptable_request_id(b"a b"));
        assert!(!acceptable_request_id(&[b'a'; 65]));
        assert!(acceptable_request_id(&[b'a'; 64]));
    }
}
