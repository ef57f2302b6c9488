//! The endpoints on a puzzle: each handler reads its request, plans it, runs the plan on the
//! pool under the request's budget and the deadline ([`AppState::run`]), and sends the report.
//! None knows a genre. The generation endpoints are in [`super::generate`].

use std::sync::Arc;

use axum::extract::State;
use axum::http::header::CONTENT_TYPE;
use axum::http::HeaderMap;
use axum::response::{IntoResponse, Response};
use axum::Json;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::extract::{prefers_json, ApiJson};
use super::problem::ApiError;
use super::responses::{CommonErrors, PuzzleErrors};
use super::AppState;
use crate::ops::{
    CheckReport, CheckRequest, HintReport, HintRequest, Operation, RateReport, RateRequest,
    RenderReport, RenderRequest, SolveReport, SolveRequest,
};

/// `/solve`, `/rate`, `/check`, `/hint` and `/render`.
pub fn router() -> OpenApiRouter<Arc<AppState>> {
    OpenApiRouter::new()
        .routes(routes!(solve))
        .routes(routes!(rate))
        .routes(routes!(check))
        .routes(routes!(hint))
        .routes(routes!(render))
}

/// Solve a puzzle: count its solutions up to a limit and return them.
#[utoipa::path(
    post,
    path = "/solve",
    tag = "puzzles",
    request_body = SolveRequest,
    responses(
        (status = 200, description = "The solutions found; `unique` is true when exactly one exists", body = SolveReport),
        PuzzleErrors,
        CommonErrors,
    )
)]
pub async fn solve(
    State(state): State<Arc<AppState>>,
    ApiJson(request): ApiJson<SolveRequest>,
) -> Result<Json<SolveReport>, ApiError> {
    state.run(request.plan()?).await.map(Json)
}

/// Rate a puzzle as a human solver would find it (level, score, descriptors), and check
/// whether it is unique.
///
/// A rating says only what it established: no level unless the rating finished (`status`),
/// uniqueness as `unique`, `not_unique` or `unknown`; a budget that runs out is in the
/// report (`complete` false), see `RateReport` for every combination.
#[utoipa::path(
    post,
    path = "/rate",
    tag = "puzzles",
    request_body = RateRequest,
    responses(
        (status = 200, description = "The status, level, score, uniqueness, descriptors, techniques used and every deduction in order", body = RateReport),
        PuzzleErrors,
        CommonErrors,
    )
)]
pub async fn rate(
    State(state): State<Arc<AppState>>,
    ApiJson(request): ApiJson<RateRequest>,
) -> Result<Json<RateReport>, ApiError> {
    state.run(request.plan()?).await.map(Json)
}

/// Check an answer, pointing at every broken rule instance.
#[utoipa::path(
    post,
    path = "/check",
    tag = "puzzles",
    request_body = CheckRequest,
    responses(
        (status = 200, description = "`solved`, and every violation with its rule and place", body = CheckReport),
        PuzzleErrors,
        CommonErrors,
    )
)]
pub async fn check(
    State(state): State<Arc<AppState>>,
    ApiJson(request): ApiJson<CheckRequest>,
) -> Result<Json<CheckReport>, ApiError> {
    state.run(request.plan()?).await.map(Json)
}

/// Hint: the next deduction the rater would make from the player's position (its technique,
/// the cells and clues it reads, the cell it fills, and one sentence in plain words), or the
/// first mark that contradicts the unique solution. Cells are `[row, col]` from 0; the
/// sentence counts rows and columns from 1. A deduction hint is the rater's next *placement*:
/// eliminations that fill no cell come with it in `deductions`, and `technique`/`level` are
/// the hardest among them. `kind` is `deduction`, `wrong`, `solved`, or `reveal` when the
/// techniques cannot go on (the first open cell's value is given instead). A genre whose
/// rating is of a decoded grid (sums in letters) is hinted on that grid.
#[utoipa::path(
    post,
    path = "/hint",
    tag = "puzzles",
    request_body = HintRequest,
    responses(
        (status = 200, description = "The hint", body = HintReport),
        PuzzleErrors,
        CommonErrors,
    )
)]
pub async fn hint(
    State(state): State<Arc<AppState>>,
    ApiJson(request): ApiJson<HintRequest>,
) -> Result<Json<HintReport>, ApiError> {
    state.run(request.plan()?).await.map(Json)
}

const SVG: &str = "image/svg+xml";

/// Draw a puzzle as a printable, scalable SVG, optionally with an answer (its broken rules
/// highlighted) or the solution written in.
///
/// The drawing is sent as `image/svg+xml`; a client that asks for JSON (`Accept:
/// application/json`, preferred over `image/svg+xml`) gets it as `{"svg": "..."}`.
#[utoipa::path(
    post,
    path = "/render",
    tag = "puzzles",
    request_body = RenderRequest,
    responses(
        (status = 200, description = "The drawing: an SVG document, or with `Accept: application/json` the same document in a JSON object",
            content(
                (String = "image/svg+xml"),
                (RenderReport = "application/json"),
            )
        ),
        PuzzleErrors,
        CommonErrors,
    )
)]
pub async fn render(
    State(state): State<Arc<AppState>>,
    headers: HeaderMap,
    ApiJson(request): ApiJson<RenderRequest>,
) -> Result<Response, ApiError> {
    let svg = state.run(request.plan()?).await?;
    Ok(if prefers_json(&headers, SVG) {
        Json(RenderReport { svg }).into_response()
    } else {
        ([(CONTENT_TYPE, SVG)], svg).into_response()
    })
}
