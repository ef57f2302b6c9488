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
#[utoipa::path(get, path = "/genres", tag = "service", responses((status = 200, description = "The registered genres", body = Vec<GenreInfo>), ServiceErrors, CommonErrors))]
pub async fn genres() -> Json<Vec<GenreInfo>> {
    Json(ops::genres())
}

/// Liveness: always cheap, never queued.
#[utoipa::path(get, path = "/healthz", tag = "service", responses((status = 200, description = "Alive", body = Object), ServiceErrors, CommonErrors))]
pub async fn healthz() -> Json<BTreeMap<&'static str, &'static str>> {
    Json(BTreeMap::from([("status", "ok")]))
}

/// Readiness: 503 once shutting down, so load balancers stop sending requests first.
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
