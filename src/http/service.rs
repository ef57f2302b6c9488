//! The service endpoints: the registered genres, liveness, readiness, and (on the admin
//! listener) metrics.

use std::collections::BTreeMap;
use std::sync::Arc;

use axum::extract::State;
use axum::Json;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::metrics;
use super::problem::ApiError;
use super::responses::{CommonErrors, ServiceErrors};
use super::AppState;
use crate::ops::{self, GenreInfo};

/// `/genres`, `/healthz` and `/readyz`.
pub fn router() -> OpenApiRouter<Arc<AppState>> {
    OpenApiRouter::new()
        .routes(routes!(genres))
        .routes(routes!(healthz))
        .routes(routes!(readyz))
}

/// The admin listener's routes, off the public port: `/metrics`, `/healthz` and `/readyz`.
pub fn admin_router() -> axum::Router<Arc<AppState>> {
    axum::Router::new()
        .route("/metrics", axum::routing::get(metrics_text))
        .route("/healthz", axum::routing::get(healthz))
        .route("/readyz", axum::routing::get(readyz))
}

/// The registered genres: their names, rules, board kind, formats, defaults and limits.
///
/// One object per genre, in the registry's order: what a page needs to offer it (its title,
/// rules, the board it draws and the controls' help, the digits a cell takes) and what a
/// request may ask of it (its shape limits and default shape, its levels). Never needs an API
/// key.
#[utoipa::path(get, path = "/genres", tag = "service", responses((status = 200, description = "The registered genres", body = Vec<GenreInfo>), ServiceErrors, CommonErrors))]
pub async fn genres() -> Json<Vec<GenreInfo>> {
    Json(ops::genres())
}

/// Liveness: always cheap, never queued.
///
/// `{"status": "ok"}` while the process serves requests; not rate-limited, and answered from
/// a reserve of connections when the server has as many as it takes. Never needs an API key.
#[utoipa::path(get, path = "/healthz", tag = "service", responses((status = 200, description = "Alive", body = Object), ServiceErrors, CommonErrors))]
pub async fn healthz() -> Json<BTreeMap<&'static str, &'static str>> {
    Json(BTreeMap::from([("status", "ok")]))
}

/// Readiness: 503 once shutting down, so load balancers stop sending requests first.
///
/// `{"status": "ready"}` until a shutdown begins, then a 503 problem while the requests under
/// way finish. Not rate-limited; never needs an API key.
#[utoipa::path(
    get,
    path = "/readyz",
    tag = "service",
    responses(
        (status = 200, description = "Ready", body = Object),
        ServiceErrors,
        CommonErrors,
    )
)]
pub async fn readyz(
    State(state): State<Arc<AppState>>,
) -> Result<Json<BTreeMap<&'static str, &'static str>>, ApiError> {
    if state.shutting_down() {
        Err(ApiError::ShuttingDown)
    } else {
        Ok(Json(BTreeMap::from([("status", "ready")])))
    }
}

/// Prometheus metrics (on the admin listener only).
pub async fn metrics_text(State(state): State<Arc<AppState>>) -> String {
    ::metrics::gauge!(metrics::POOL_IN_USE).set(state.pool.running() as f64);
    ::metrics::gauge!(metrics::QUEUE_DEPTH).set(state.pool.waiting() as f64);
    state.metrics.render()
}
