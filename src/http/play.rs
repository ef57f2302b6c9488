//! The play page: `GET /` serves a page that generates, checks, hints and rates puzzles through
//! the API, as an example for puzzle websites. Its script and style are separate files embedded
//! in the binary, so the page needs nothing from outside the service and its Content-Security-
//! Policy can forbid everything but this origin (no inline script or style at all).
//!
//! These routes are kept out of the OpenAPI document: they are a client of the API, not part of it.

use axum::http::header::{
    CACHE_CONTROL, CONTENT_SECURITY_POLICY, CONTENT_TYPE, REFERRER_POLICY, X_CONTENT_TYPE_OPTIONS,
    X_FRAME_OPTIONS,
};
use axum::response::IntoResponse;
use axum::routing::get;
use axum::Router;

const PAGE: &str = include_str!("play/index.html");
const SCRIPT: &str = include_str!("play/play.js");
const STYLE: &str = include_str!("play/play.css");
const ICON: &str = include_str!("play/favicon.svg");

/// Only this origin, for scripts, styles and the API calls; no frames, forms or plugins.
pub const CONTENT_SECURITY_POLICY_VALUE: &str = "default-src 'none'; script-src 'self'; \
style-src 'self'; connect-src 'self'; img-src 'self'; base-uri 'none'; form-action 'none'; \
frame-ancestors 'none'";

fn asset(content_type: &'static str, body: &'static str) -> impl IntoResponse {
    (
        [
            (CONTENT_TYPE, content_type),
            (CONTENT_SECURITY_POLICY, CONTENT_SECURITY_POLICY_VALUE),
            (X_CONTENT_TYPE_OPTIONS, "nosniff"),
            (X_FRAME_OPTIONS, "DENY"),
            (REFERRER_POLICY, "no-referrer"),
            // Small and embedded: revalidating costs little and a new binary shows at once.
            (CACHE_CONTROL, "no-cache"),
        ],
        body,
    )
}

/// `/`, `/play.js`, `/play.css` and `/favicon.svg`.
pub fn router<S: Clone + Send + Sync + 'static>() -> Router<S> {
    Router::new()
        .route(
            "/",
            get(|| async { asset("text/html; charset=utf-8", PAGE) }),
        )
        .route(
            "/play.js",
            get(|| async { asset("text/javascript; charset=utf-8", SCRIPT) }),
        )
        .route(
            "/play.css",
            get(|| async { asset("text/css; charset=utf-8", STYLE) }),
        )
        .route(
            "/favicon.svg",
            get(|| async { asset("image/svg+xml", ICON) }),
        )
}
