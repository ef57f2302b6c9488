//! The endpoints on a puzzle: each handler reads its request, plans it, runs the plan on the
//! pool under the request's budget and the deadline ([`AppState::run`]), and sends the report.
//! None knows a genre. The generation endpoints are in [`super::generate`].

use std::sync::Arc;

use axum::extract::State;
use axum::http::header::{CONTENT_TYPE, VARY};
use axum::http::{HeaderMap, HeaderValue};
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde::Deserialize;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::extract::{wants, ApiJson, ApiQuery};
use super::problem::ApiError;
use super::responses::{CommonErrors, PuzzleErrors};
use super::AppState;
use crate::ops::{
    CheckReport, CheckRequest, FormatRequest, HintReport, HintRequest, Operation, PuzzleForms,
    PuzzleSource, RateReport, RateRequest, RenderOptions, RenderReport, RenderRequest, SolveReport,
    SolveRequest,
};

/// `/solve`, `/rate`, `/check`, `/hint`, `/format` and `/render` (POST, and GET by ID).
pub fn router() -> OpenApiRouter<Arc<AppState>> {
    OpenApiRouter::new()
        .routes(routes!(solve))
        .routes(routes!(rate))
        .routes(routes!(check))
        .routes(routes!(hint))
        .routes(routes!(format))
        .routes(routes!(render, render_get))
}

/// Solve a puzzle: count its solutions up to a limit and return them.
///
/// The exact solver looks for up to `limit` solutions (2 by default: enough to say whether the
/// puzzle is unique). A search whose budget runs out after finding some answers them with
/// `complete: false`.
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
///
/// Each violation names its rule, a genre-neutral `kind`, a `message` in words and the
/// `cells` and `clues` it is about. With `finish`, unmarked cells count as empty (or
/// unshaded) first. No solver runs: the answer is checked against the rules, not against the
/// solution.
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

/// Hint: the next deduction from the player's position, or the first wrong mark.
///
/// The next deduction the rater would make from the player's position (its technique, the
/// cells and clues it reads, the cell it fills, and one sentence in plain words), or the
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

/// Write a puzzle in every format: its ID, text format, JSON puzzle object and puzz.link URL.
///
/// The puzzle as any source names it (`id`, `text`, `url`, or `genre` with `puzzle`), read
/// and written again; no search runs. A page that has only a puzzle's ID (the `<sum-puzzle
/// puzzle="...">` element) draws it from the object. The `url` is absent for a genre
/// puzz.link does not have.
#[utoipa::path(
    post,
    path = "/format",
    tag = "puzzles",
    request_body = FormatRequest,
    responses(
        (status = 200, description = "The puzzle's genre, ID, text, JSON object and puzz.link URL", body = PuzzleForms),
        PuzzleErrors,
        CommonErrors,
    )
)]
pub async fn format(
    State(state): State<Arc<AppState>>,
    ApiJson(request): ApiJson<FormatRequest>,
) -> Result<Json<PuzzleForms>, ApiError> {
    state.run(request.plan()?).await.map(Json)
}

const SVG: &str = "image/svg+xml";

/// Draw a puzzle as a printable, scalable SVG, optionally with an answer (its broken rules
/// highlighted) or the solution written in.
///
/// The answer is JSON, `{"svg": "..."}`, unless the request asks for the drawing itself
/// (`Accept: image/svg+xml` or `image/*`, which a named type gets over `*/*` at any
/// quality): then it is the SVG document. `GET /render?id=...` draws a puzzle by its ID, for
/// an `<img src="...">`.
#[utoipa::path(
    post,
    path = "/render",
    tag = "puzzles",
    request_body = RenderRequest,
    responses(
        (status = 200, description = "The drawing: a JSON object holding the SVG document, or with `Accept: image/svg+xml` (or `image/*`) the SVG document itself",
            headers(("Vary" = String, description = "`Accept`: the representation depends on it")),
            content(
                (RenderReport = "application/json"),
                (String = "image/svg+xml"),
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
    drawing(&state, &headers, request).await
}

/// `GET /render`'s query string: a puzzle by its ID.
#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(deny_unknown_fields)]
pub struct RenderById {
    /// The puzzle's ID, such as `kakuro:3x3:DbAb/4.6.3.7`.
    #[param(example = "kakuro:3x3:DbAb/4.6.3.7")]
    id: String,
    /// Write the puzzle's solution into the cells (default false). A puzzle without exactly
    /// one solution is a 422.
    solution: Option<bool>,
}

/// Draw a puzzle given by its ID: the URL of a drawing, for `<img src="...">`.
///
/// The drawing `POST /render` makes of the puzzle, blank or (`solution=true`) solved. The
/// answer is JSON, `{"svg": "..."}`, unless the request asks for `image/svg+xml` or
/// `image/*`, as a browser's image request for `<img src="/render?id=...">` does: then it is
/// the SVG document.
#[utoipa::path(
    get,
    path = "/render",
    tag = "puzzles",
    params(RenderById),
    responses(
        (status = 200, description = "The drawing: a JSON object holding the SVG document, or with `Accept: image/svg+xml` (or `image/*`) the SVG document itself",
            headers(("Vary" = String, description = "`Accept`: the representation depends on it")),
            content(
                (RenderReport = "application/json"),
                (String = "image/svg+xml"),
            )
        ),
        PuzzleErrors,
        CommonErrors,
    )
)]
pub async fn render_get(
    State(state): State<Arc<AppState>>,
    headers: HeaderMap,
    ApiQuery(query): ApiQuery<RenderById>,
) -> Result<Response, ApiError> {
    let request = RenderRequest::new(
        PuzzleSource::Id {
            genre: None,
            id: query.id,
        },
        RenderOptions {
            solution: query.solution,
            ..RenderOptions::default()
        },
    );
    drawing(&state, &headers, request).await
}

/// A drawing in the representation the request asks for, with `Vary: Accept`.
async fn drawing(
    state: &AppState,
    headers: &HeaderMap,
    request: RenderRequest,
) -> Result<Response, ApiError> {
    let svg = state.run(request.plan()?).await?;
    let mut response = if wants(headers, SVG) {
        ([(CONTENT_TYPE, SVG)], svg).into_response()
    } else {
        Json(RenderReport { svg }).into_response()
    };
    response
        .headers_mut()
        .insert(VARY, HeaderValue::from_static("accept"));
    Ok(response)
}
