//! The puzzle endpoints: thin handlers that read the request, run the library's operation on
//! the worker pool under a budget and a deadline, and send the report.

use std::collections::BTreeMap;
use std::sync::Arc;
use std::time::{SystemTime, UNIX_EPOCH};

use axum::body::Bytes;
use axum::extract::rejection::JsonRejection;
use axum::extract::{FromRequest, FromRequestParts, Request, State};
use axum::http::header::CONTENT_TYPE;
use axum::http::HeaderMap;
use axum::Json;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Deserializer};
use serde_json::Value;
use utoipa::{IntoParams, ToSchema};

use super::metrics;
use super::problem::{ApiProblem, Problem};
use super::AppState;
use crate::api::{
    self, CheckReport, GenerateReport, GenerateRequest, HintReport, PuzzleBody, PuzzleSource,
    RateReport, SolveReport,
};
use crate::core::{Budget, InputError, Location, Shape, TargetLevel};

/// JSON bodies with our problem details for every rejection.
///
/// A body sent as `application/json` is read by serde_json directly. Only a body that fails is
/// read again by axum's `Json`, whose rejection names the field at fault: the path tracking it
/// does for that costs every request otherwise. Other content types go to `Json` as they are.
pub struct ApiJson<T>(pub T);

impl<T, S> FromRequest<S> for ApiJson<T>
where
    T: DeserializeOwned,
    S: Send + Sync,
{
    type Rejection = ApiProblem;

    async fn from_request(request: Request, state: &S) -> Result<Self, ApiProblem> {
        if !is_plain_json(request.headers()) {
            let Json(value) = Json::<T>::from_request(request, state).await?;
            return Ok(ApiJson(value));
        }
        let bytes = Bytes::from_request(request, state)
            .await
            .map_err(JsonRejection::from)?;
        match serde_json::from_slice(&bytes) {
            Ok(value) => Ok(ApiJson(value)),
            Err(_) => {
                let Json(value) = Json::<T>::from_bytes(&bytes)?;
                Ok(ApiJson(value))
            }
        }
    }
}

/// Whether the content type is `application/json`, with parameters or without.
fn is_plain_json(headers: &HeaderMap) -> bool {
    headers
        .get(CONTENT_TYPE)
        .and_then(|value| value.to_str().ok())
        .and_then(|value| value.split(';').next())
        .is_some_and(|mime| mime.trim().eq_ignore_ascii_case("application/json"))
}

/// Query strings with our problem details for every rejection.
#[derive(FromRequestParts)]
#[from_request(via(axum::extract::Query), rejection(ApiProblem))]
pub struct ApiQuery<T>(pub T);

/// The most solutions `/solve` returns.
pub const MAX_LIMIT: usize = 100;

/// Largest seed on the wire: seeds are 0 to 2^63-1, so that every JSON and OpenAPI client
/// (int64) can carry them. Seeds above 2^53 lose precision as JavaScript numbers: send them in
/// the query string.
pub const MAX_SEED: u64 = i64::MAX as u64;
/// Largest step budget a request may name (the server caps it further).
pub const MAX_WIRE_BUDGET: u64 = 1_000_000_000_000;

fn bounded<'de, D: Deserializer<'de>>(
    deserializer: D,
    name: &str,
    min: u64,
    max: u64,
) -> Result<Option<u64>, D::Error> {
    match Option::<u64>::deserialize(deserializer)? {
        Some(value) if value < min || value > max => Err(serde::de::Error::custom(format!(
            "{name} must be {min} to {max}, not {value}"
        ))),
        other => Ok(other),
    }
}

fn seed_in_range<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Option<u64>, D::Error> {
    bounded(deserializer, "seed", 0, MAX_SEED)
}

fn budget_in_range<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Option<u64>, D::Error> {
    bounded(deserializer, "budget", 1, MAX_WIRE_BUDGET)
}

/// The registered genres, for the OpenAPI document.
#[derive(ToSchema)]
#[allow(dead_code, non_camel_case_types)]
#[schema(as = Genre)]
pub enum GenreSchema {
    #[schema(rename = "kakuro")]
    Kakuro,
    #[schema(rename = "kakurasu")]
    Kakurasu,
    #[schema(rename = "kakuro-cryptic")]
    KakuroCryptic,
}

/// The level a generator is asked for.
#[derive(ToSchema)]
#[allow(dead_code)]
#[schema(as = TargetLevel)]
pub enum TargetLevelSchema {
    #[schema(rename = "easy")]
    Easy,
    #[schema(rename = "medium")]
    Medium,
    #[schema(rename = "hard")]
    Hard,
    #[schema(rename = "expert")]
    Expert,
    #[schema(rename = "any")]
    Any,
}

/// What to generate (query string or JSON body; the body's fields win).
#[derive(Clone, Debug, Default, Deserialize, ToSchema, IntoParams)]
#[serde(deny_unknown_fields)]
#[into_params(parameter_in = Query)]
pub struct GenerateParameters {
    /// The genre. Required (in the query string or the body).
    #[schema(value_type = Option<GenreSchema>, example = "kakuro")]
    #[param(value_type = Option<GenreSchema>)]
    pub genre: Option<String>,
    /// `<rows>x<cols>`; the genre's default (kakuro 10x10, kakurasu 7x7) when absent. Each genre
    /// has its own limits (kakuro 1-16, kakurasu 1-32); a shape outside them is a 422.
    #[schema(pattern = "^[0-9]{1,3}x[0-9]{1,3}$", example = "8x8")]
    #[param(pattern = "^[0-9]{1,3}x[0-9]{1,3}$")]
    pub shape: Option<String>,
    /// `easy`, `medium`, `hard`, `expert` or `any` (the default). A shape too small for the
    /// level (a 4x4 Kakuro cannot be hard) is a 422.
    #[schema(value_type = Option<TargetLevelSchema>, example = "expert")]
    #[param(value_type = Option<TargetLevelSchema>)]
    pub level: Option<String>,
    /// The seed, 0 to 2^63-1; random when absent. The same genre, shape, level, seed and
    /// generator version always give the same puzzle.
    #[serde(default, deserialize_with = "seed_in_range")]
    #[schema(minimum = 0, maximum = 9223372036854775807_i64, example = 42)]
    #[param(minimum = 0, maximum = 9223372036854775807_i64)]
    pub seed: Option<u64>,
    /// Step budget, 1 to 10^12; the server caps it at its maximum. Running out is a 422.
    #[serde(default, deserialize_with = "budget_in_range")]
    #[schema(minimum = 1, maximum = 1000000000000_i64)]
    #[param(minimum = 1, maximum = 1000000000000_i64)]
    pub budget: Option<u64>,
}

/// What to generate, in the query string of `GET /generate`.
#[derive(Clone, Debug, Deserialize, IntoParams)]
#[serde(deny_unknown_fields)]
#[into_params(parameter_in = Query)]
pub struct GenerateQuery {
    /// The genre.
    #[param(value_type = GenreSchema)]
    pub genre: String,
    /// `<rows>x<cols>`; the genre's default when absent (see `POST /generate`).
    #[param(pattern = "^[0-9]{1,3}x[0-9]{1,3}$")]
    pub shape: Option<String>,
    /// `easy`, `medium`, `hard`, `expert` or `any` (the default).
    #[param(value_type = Option<TargetLevelSchema>)]
    pub level: Option<String>,
    /// The seed, 0 to 2^63-1; random when absent.
    #[serde(default, deserialize_with = "seed_in_range")]
    #[param(minimum = 0, maximum = 9223372036854775807_i64)]
    pub seed: Option<u64>,
    /// Step budget, 1 to 10^12; the server caps it at its maximum.
    #[serde(default, deserialize_with = "budget_in_range")]
    #[param(minimum = 1, maximum = 1000000000000_i64)]
    pub budget: Option<u64>,
}

impl From<GenerateQuery> for GenerateParameters {
    fn from(query: GenerateQuery) -> GenerateParameters {
        GenerateParameters {
            genre: Some(query.genre),
            shape: query.shape,
            level: query.level,
            seed: query.seed,
            budget: query.budget,
        }
    }
}

impl GenerateParameters {
    fn merged(self, body: GenerateParameters) -> GenerateParameters {
        GenerateParameters {
            genre: body.genre.or(self.genre),
            shape: body.shape.or(self.shape),
            level: body.level.or(self.level),
            seed: body.seed.or(self.seed),
            budget: body.budget.or(self.budget),
        }
    }
}

/// An optional JSON body: absent or empty is `None`; present needs a JSON content type.
pub struct OptionalJson<T>(pub Option<T>);

impl<T, S> FromRequest<S> for OptionalJson<T>
where
    T: serde::de::DeserializeOwned,
    S: Send + Sync,
{
    type Rejection = ApiProblem;

    async fn from_request(request: Request, state: &S) -> Result<Self, ApiProblem> {
        let has_body = request
            .headers()
            .get(axum::http::header::CONTENT_LENGTH)
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.parse::<u64>().ok())
            .map_or(
                request
                    .headers()
                    .contains_key(axum::http::header::TRANSFER_ENCODING),
                |len| len > 0,
            );
        if !has_body && !request.headers().contains_key(CONTENT_TYPE) {
            return Ok(OptionalJson(None));
        }
        let ApiJson(value) = ApiJson::<T>::from_request(request, state).await?;
        Ok(OptionalJson(Some(value)))
    }
}

/// Draws a seed for a request without one: not puzzle content, so the clock and a counter do.
fn fresh_seed() -> u64 {
    use std::sync::atomic::{AtomicU64, Ordering};
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let nanos = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64);
    let mut z = nanos ^ COUNTER.fetch_add(0x9E37_79B9_7F4A_7C15, Ordering::Relaxed);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (z ^ (z >> 31)) & MAX_SEED
}

fn limits_error(message: String) -> ApiProblem {
    InputError::new(
        crate::core::InputErrorKind::Limits,
        Location::Input,
        message,
    )
    .into()
}

impl AppState {
    /// The step budget for a request: its own (capped), or the default.
    fn budget_steps(&self, requested: Option<u64>) -> u64 {
        requested
            .unwrap_or(self.config.default_budget)
            .min(self.config.max_budget)
    }

    /// Runs a library operation on the pool with the request's budget and the deadline.
    async fn run<T, F>(&self, steps: u64, work: F) -> Result<T, ApiProblem>
    where
        T: Send + 'static,
        F: FnOnce(&mut Budget) -> Result<T, api::ApiError> + Send + 'static,
    {
        let result = self
            .pool
            .run(self.config.deadline, move |flag| {
                work(&mut Budget::with_flag(steps, flag))
            })
            .await?;
        result.map_err(|error| {
            if error == api::ApiError::Stopped(crate::core::Stop::Exhausted) {
                ::metrics::counter!(metrics::BUDGET_EXHAUSTED).increment(1);
            }
            ApiProblem::from(error)
        })
    }
}

impl AppState {
    /// Reads the puzzle (a malformed one is refused before it takes a worker), then runs
    /// `work` on it on the pool.
    async fn run_on_puzzle<T, F>(
        &self,
        body: PuzzleBody,
        budget: Option<u64>,
        work: F,
    ) -> Result<T, ApiProblem>
    where
        T: Send + 'static,
        F: for<'a> FnOnce(&PuzzleSource<'a>, &mut Budget) -> Result<T, api::ApiError>
            + Send
            + 'static,
    {
        body.source()?;
        let steps = self.budget_steps(budget);
        self.run(steps, move |budget| work(&body.source()?, budget))
            .await
    }
}

fn generate_request(params: &GenerateParameters) -> Result<GenerateRequest, ApiProblem> {
    let genre_name = params.genre.as_deref().ok_or_else(|| {
        ApiProblem::BadRequest("`genre` is required: kakuro, kakurasu or kakuro-cryptic".into())
    })?;
    let genre = api::genre_named(genre_name)?;
    let shape = params
        .shape
        .as_deref()
        .map(str::parse::<Shape>)
        .transpose()
        .map_err(limits_error)?;
    let level = params
        .level
        .as_deref()
        .unwrap_or("any")
        .parse::<TargetLevel>()
        .map_err(limits_error)?;
    Ok(GenerateRequest {
        genre,
        shape,
        level,
        seed: params.seed.unwrap_or_else(fresh_seed),
    })
}

/// Generate a puzzle with exactly one solution at the requested level.
///
/// Parameters come in the query string, or (POST) in a JSON body whose fields win. The same
/// genre, shape, level, seed and generator version always give the same puzzle; only
/// `stats.elapsed_ms` varies between two runs.
#[utoipa::path(
    post,
    path = "/generate",
    tag = "puzzles",
    params(GenerateParameters),
    request_body(content = Option<GenerateParameters>, description = "Optional JSON body; its fields win over the query string"),
    responses(
        (status = 200, description = "The puzzle, its solution and rating", body = GenerateReport),
        PuzzleErrors,
    )
)]
pub async fn generate_post(
    State(state): State<Arc<AppState>>,
    ApiQuery(query): ApiQuery<GenerateParameters>,
    OptionalJson(body): OptionalJson<GenerateParameters>,
) -> Result<Json<GenerateReport>, ApiProblem> {
    generate(state, query.merged(body.unwrap_or_default())).await
}

/// Generate a puzzle (parameters in the query string); see `POST /generate`.
#[utoipa::path(
    get,
    path = "/generate",
    tag = "puzzles",
    params(GenerateQuery),
    responses(
        (status = 200, description = "The puzzle, its solution and rating", body = GenerateReport),
        PuzzleErrors,
    )
)]
pub async fn generate_get(
    State(state): State<Arc<AppState>>,
    ApiQuery(query): ApiQuery<GenerateQuery>,
) -> Result<Json<GenerateReport>, ApiProblem> {
    generate(state, query.into()).await
}

async fn generate(
    state: Arc<AppState>,
    params: GenerateParameters,
) -> Result<Json<GenerateReport>, ApiProblem> {
    let request = generate_request(&params)?;
    let steps = state.budget_steps(params.budget);
    let report = state
        .run(steps, move |budget| api::generate(&request, budget))
        .await?;
    ::metrics::counter!(metrics::GENERATION_ATTEMPTS).increment(report.stats.attempts);
    Ok(Json(report))
}

/// The errors every puzzle operation can answer, as problem details.
#[derive(utoipa::IntoResponses)]
#[allow(dead_code)]
pub enum PuzzleErrors {
    /// Malformed parameters, JSON or puzzle (with the position), or unknown fields.
    #[response(status = 400, content_type = "application/problem+json")]
    BadRequest(Problem),
    /// The body is larger than the limit (1 MiB by default).
    #[response(status = 413, content_type = "application/problem+json")]
    TooLarge(Problem),
    /// The body is not JSON.
    #[response(status = 415, content_type = "application/problem+json")]
    UnsupportedMediaType(Problem),
    /// Well-formed but impossible: the puzzle breaks the structure rules, a value is outside
    /// its limits (genre, level, shape, limit), the answer does not fit the puzzle, the puzzle
    /// has not exactly one solution to draw (`/render`), or the step budget ran out.
    #[response(status = 422, content_type = "application/problem+json")]
    Unprocessable(Problem),
    /// Every worker is busy and the queue is full (or the server is shutting down): retry
    /// after `Retry-After` seconds; any request is safe to retry.
    #[response(
        status = 503,
        content_type = "application/problem+json",
        headers(("Retry-After" = u64, description = "Seconds to wait"))
    )]
    Busy(Problem),
    /// The work did not finish within the server's deadline.
    #[response(status = 504, content_type = "application/problem+json")]
    DeadlineExceeded(Problem),
}

/// An answer: row strings, or one string with a row per line.
#[derive(Clone, Debug, Deserialize, ToSchema)]
#[serde(untagged)]
pub enum AnswerRows {
    Rows(Vec<String>),
    Text(String),
}

impl AnswerRows {
    fn rows(self) -> Vec<String> {
        match self {
            AnswerRows::Rows(rows) => rows,
            AnswerRows::Text(text) => text.lines().map(str::to_string).collect(),
        }
    }
}

/// A puzzle given as exactly one of `puzzle` (with `genre`), `id`, `text` or `url`.
#[derive(Clone, Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct SolveRequest {
    #[schema(value_type = Option<GenreSchema>, example = "kakuro")]
    pub genre: Option<String>,
    /// The genre's JSON puzzle object.
    #[schema(value_type = Option<PuzzleObjectSchema>)]
    pub puzzle: Option<Value>,
    /// An ID such as `kakuro:3x3:DbAb/4.6.3.7` (its prefix names the genre).
    #[schema(example = "kakuro:3x3:DbAb/4.6.3.7")]
    pub id: Option<String>,
    /// The genre's text format.
    pub text: Option<String>,
    /// A puzz.link URL (Kakuro), such as
    /// `https://puzz.link/p?kakuro/6/5/Dclh4t9fl3-p-gl-alJeC3BgG` (it names the genre).
    #[schema(example = "https://puzz.link/p?kakuro/2/2/n4637")]
    pub url: Option<String>,
    /// Stop after this many solutions (default 2, at most 100).
    #[schema(minimum = 1, maximum = 100)]
    pub limit: Option<usize>,
    /// Step budget, 1 to 10^12; the server caps it at its maximum.
    #[serde(default, deserialize_with = "budget_in_range")]
    #[schema(minimum = 1, maximum = 1000000000000_i64)]
    pub budget: Option<u64>,
}

/// A puzzle to rate.
#[derive(Clone, Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct RateRequest {
    #[schema(value_type = Option<GenreSchema>, example = "kakuro")]
    pub genre: Option<String>,
    #[schema(value_type = Option<PuzzleObjectSchema>)]
    pub puzzle: Option<Value>,
    #[schema(example = "kakuro:3x3:DbAb/4.6.3.7")]
    pub id: Option<String>,
    pub text: Option<String>,
    #[schema(example = "https://puzz.link/p?kakuro/2/2/n4637")]
    pub url: Option<String>,
    /// Step budget, 1 to 10^12; the server caps it at its maximum.
    #[serde(default, deserialize_with = "budget_in_range")]
    #[schema(minimum = 1, maximum = 1000000000000_i64)]
    pub budget: Option<u64>,
}

/// A puzzle and an answer to check.
#[derive(Clone, Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct CheckRequest {
    #[schema(value_type = Option<GenreSchema>, example = "kakuro")]
    pub genre: Option<String>,
    #[schema(value_type = Option<PuzzleObjectSchema>)]
    pub puzzle: Option<Value>,
    #[schema(example = "kakuro:3x3:DbAb/4.6.3.7")]
    pub id: Option<String>,
    pub text: Option<String>,
    #[schema(example = "https://puzz.link/p?kakuro/2/2/n4637")]
    pub url: Option<String>,
    /// One string per row, or one string with a row per line, one character per cell.
    /// Kakuro and cryptic Kakuro: `#` block, `.` unmarked, `0` empty, `1`-`9` a digit (such as
    /// `["###", "#12", "#34"]`). Kakurasu: `#` shaded, `-` unshaded, `.` unmarked (such as
    /// `["--#-#", "--###", "--#--"]`).
    #[schema(example = json!(["###", "#12", "#34"]))]
    pub answer: AnswerRows,
    /// Turn unmarked cells into empty (Kakuro) or unshaded (Kakurasu) ones before checking
    /// (default false).
    pub finish: Option<bool>,
}

/// A puzzle with exactly one solution, and a player's (possibly partial) answer to hint from.
#[derive(Clone, Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct HintRequest {
    #[schema(value_type = Option<GenreSchema>, example = "kakuro")]
    pub genre: Option<String>,
    #[schema(value_type = Option<PuzzleObjectSchema>)]
    pub puzzle: Option<Value>,
    #[schema(example = "kakuro:3x3:DbAb/4.6.3.7")]
    pub id: Option<String>,
    pub text: Option<String>,
    #[schema(example = "https://puzz.link/p?kakuro/2/2/n4637")]
    pub url: Option<String>,
    /// The player's answer, in /check's format; all `.` for a fresh puzzle.
    #[schema(example = json!(["###", "#..", "#.."]))]
    pub answer: AnswerRows,
    /// Step budget, 1 to 10^12; the server caps it at its maximum.
    #[serde(default, deserialize_with = "budget_in_range")]
    #[schema(minimum = 1, maximum = 1000000000000_i64)]
    pub budget: Option<u64>,
}

/// The genre's JSON puzzle object: a grid of rows for Kakuro and cryptic Kakuro, row and
/// column clues for Kakurasu.
#[derive(serde::Serialize, ToSchema)]
#[serde(untagged)]
#[allow(dead_code)]
#[schema(as = PuzzleObject)]
pub enum PuzzleObjectSchema {
    Grid(KakuroPuzzle),
    Kakurasu(KakurasuPuzzle),
}

/// A Kakurasu puzzle: the row clues top to bottom and the column clues left to right; a clue is
/// the sum of the (1-based) column numbers of the row's shaded cells, or of the row numbers of
/// the column's shaded cells; `null` for an absent clue.
#[derive(serde::Serialize, ToSchema)]
#[allow(dead_code)]
pub struct KakurasuPuzzle {
    #[schema(example = json!([8, 12, 3]))]
    row_clues: Vec<Option<u32>>,
    #[schema(example = json!([0, 0, 6, 2, 3]))]
    col_clues: Vec<Option<u32>>,
}

/// A broken rule instance. Kakuro: `R1` (a run; at the block holding its sum, with `down`,
/// `sum`, `total` and `repeated` when a digit repeats) or `R2` (an empty white cell, at the
/// cell). Kakurasu: `R1` (a row, with `row`) or `R2` (a column, with `col`), each with `total`
/// (the shaded weight so far) and `clue`. Cryptic Kakuro: as Kakuro, with `sum` in letters,
/// and `R3` (a letter read as two digits, or two letters as one digit) with `letter` and
/// `digit` at each place the letter was read.
#[derive(serde::Serialize, ToSchema)]
#[allow(dead_code)]
#[schema(as = Violation)]
pub struct ViolationSchema {
    #[schema(example = "R1")]
    rule: String,
    /// Zero-based grid row.
    row: Option<usize>,
    /// Zero-based grid column.
    col: Option<usize>,
    /// 1 for a down run, 0 for an across run (Kakuro R1).
    down: Option<u8>,
    /// The run's sum: a number (Kakuro R1), or letters (cryptic Kakuro).
    #[schema(value_type = Option<Object>)]
    sum: Option<u16>,
    /// The run's written digits added up (Kakuro R1), or the line's shaded weight (Kakurasu).
    total: Option<u32>,
    /// The smallest digit written twice in the run (Kakuro R1).
    repeated: Option<u8>,
    /// The line's clue (Kakurasu).
    clue: Option<u32>,
    /// The letter read two ways (cryptic Kakuro R3).
    letter: Option<String>,
    /// The digit this place reads the letter as (cryptic Kakuro R3).
    digit: Option<u8>,
}

/// A Kakuro or cryptic Kakuro puzzle: one string per row, cells separated by spaces. Kakuro:
/// `.` white, `#` block, `D/A`, `D/` or `/A` for sums (down first), such as
/// `["# 4/ 6/", "/3 . .", "/7 . ."]`. Cryptic Kakuro writes the sums in the letters A-J (`CC/`,
/// `/FE`, `D/FE`) and a white cell showing a letter as that letter, such as
/// `["# # CC/ I/ # #", "# /H B . CA/ JE/", ...]`; its `text` may also be one Project Euler 424
/// line.
#[derive(serde::Serialize, ToSchema)]
#[allow(dead_code)]
pub struct KakuroPuzzle {
    #[schema(example = json!(["# 4/ 6/", "/3 . .", "/7 . ."]))]
    grid: Vec<String>,
}

/// The puzzle fields of a request (`genre`, `puzzle`, `id`, `text`, `url`), as the library
/// reads them.
macro_rules! puzzle_body {
    ($request:expr) => {
        PuzzleBody {
            genre: $request.genre,
            puzzle: $request.puzzle,
            id: $request.id,
            text: $request.text,
            url: $request.url,
        }
    };
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
    )
)]
pub async fn solve(
    State(state): State<Arc<AppState>>,
    ApiJson(request): ApiJson<SolveRequest>,
) -> Result<Json<SolveReport>, ApiProblem> {
    let limit = request.limit.unwrap_or(2);
    if limit == 0 || limit > MAX_LIMIT {
        return Err(limits_error(format!(
            "`limit` must be 1 to {MAX_LIMIT}, not {limit}"
        )));
    }
    let body = puzzle_body!(request);
    let report = state
        .run_on_puzzle(body, request.budget, move |source, budget| {
            api::solve(source, limit, budget)
        })
        .await?;
    Ok(Json(report))
}

/// Rate a puzzle as a human solver would find it, and prove whether it is unique.
#[utoipa::path(
    post,
    path = "/rate",
    tag = "puzzles",
    request_body = RateRequest,
    responses(
        (status = 200, description = "The level, techniques used and every deduction in order", body = RateReport),
        PuzzleErrors,
    )
)]
pub async fn rate(
    State(state): State<Arc<AppState>>,
    ApiJson(request): ApiJson<RateRequest>,
) -> Result<Json<RateReport>, ApiProblem> {
    let body = puzzle_body!(request);
    let report = state.run_on_puzzle(body, request.budget, api::rate).await?;
    Ok(Json(report))
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
    )
)]
pub async fn check(
    State(state): State<Arc<AppState>>,
    ApiJson(request): ApiJson<CheckRequest>,
) -> Result<Json<CheckReport>, ApiProblem> {
    let body = puzzle_body!(request);
    let answer = request.answer.rows();
    let finish = request.finish.unwrap_or(false);
    let report = state
        .run_on_puzzle(body, None, move |source, _budget| {
            api::check(source, &answer, finish)
        })
        .await?;
    Ok(Json(report))
}

/// Hint: the next deduction the rater would make from the player's position (its technique,
/// the cells and clues it reads, the cell it fills, and one sentence in plain words), or the
/// first mark that contradicts the unique solution. Cells are `[row, col]` from 0; the
/// sentence counts rows and columns from 1. A deduction hint is the rater's next *placement*:
/// eliminations that fill no cell come with it in `deductions`, and `technique`/`level` are
/// the hardest among them. `kind` is `deduction`, `wrong`, `solved`, or `reveal` when the
/// techniques cannot go on (the first open cell's value is given instead). Cryptic Kakuro is
/// hinted on its decoded grid, the grid its rating is of.
#[utoipa::path(
    post,
    path = "/hint",
    tag = "puzzles",
    request_body = HintRequest,
    responses(
        (status = 200, description = "The hint", body = HintReport),
        PuzzleErrors,
    )
)]
pub async fn hint(
    State(state): State<Arc<AppState>>,
    ApiJson(request): ApiJson<HintRequest>,
) -> Result<Json<HintReport>, ApiProblem> {
    let body = puzzle_body!(request);
    let answer = request.answer.rows();
    let report = state
        .run_on_puzzle(body, request.budget, move |source, budget| {
            api::hint(source, &answer, budget)
        })
        .await?;
    Ok(Json(report))
}

/// A puzzle to draw: blank, with an answer, or with its solution.
#[derive(Clone, Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct RenderRequest {
    #[schema(value_type = Option<GenreSchema>, example = "kakuro")]
    pub genre: Option<String>,
    #[schema(value_type = Option<PuzzleObjectSchema>)]
    pub puzzle: Option<Value>,
    #[schema(example = "kakuro:3x3:DbAb/4.6.3.7")]
    pub id: Option<String>,
    pub text: Option<String>,
    #[schema(example = "https://puzz.link/p?kakuro/2/2/n4637")]
    pub url: Option<String>,
    /// An answer to write into the cells, as `/check` takes it; every rule it breaks is
    /// highlighted (a run's sum and cells, an empty cell, a row's or column's clue).
    #[schema(example = json!(["###", "#13", "#34"]))]
    pub answer: Option<AnswerRows>,
    /// Write the puzzle's solution into the cells (default false); not together with
    /// `answer`. A puzzle without exactly one solution is a 422.
    pub solution: Option<bool>,
    /// With `answer`: turn unmarked cells into empty (Kakuro) or unshaded (Kakurasu) ones
    /// before checking (default false).
    pub finish: Option<bool>,
    /// Step budget for finding the solution, 1 to 10^12; the server caps it at its maximum.
    #[serde(default, deserialize_with = "budget_in_range")]
    #[schema(minimum = 1, maximum = 1000000000000_i64)]
    pub budget: Option<u64>,
}

/// Draw a puzzle as a printable, scalable SVG, optionally with an answer (its broken rules
/// highlighted) or the solution written in.
#[utoipa::path(
    post,
    path = "/render",
    tag = "puzzles",
    request_body = RenderRequest,
    responses(
        (status = 200, description = "The drawing, an SVG document", body = String, content_type = "image/svg+xml"),
        PuzzleErrors,
    )
)]
pub async fn render(
    State(state): State<Arc<AppState>>,
    ApiJson(request): ApiJson<RenderRequest>,
) -> Result<([(axum::http::HeaderName, &'static str); 1], String), ApiProblem> {
    let solution = request.solution.unwrap_or(false);
    if solution && request.answer.is_some() {
        return Err(ApiProblem::BadRequest(
            "give `answer` or `solution: true`, not both: a drawing shows one of them".into(),
        ));
    }
    let body = puzzle_body!(request);
    let answer = request.answer.map(AnswerRows::rows);
    let finish = request.finish.unwrap_or(false);
    let svg = state
        .run_on_puzzle(body, request.budget, move |source, budget| {
            let fill = api::RenderFill::new(answer.as_deref(), solution);
            api::render(source, fill, finish, budget)
        })
        .await?;
    Ok(([(CONTENT_TYPE, "image/svg+xml")], svg))
}

/// The registered genres with their defaults and limits.
#[utoipa::path(get, path = "/genres", tag = "service", responses((status = 200, body = Vec<api::GenreInfo>)))]
pub async fn genres() -> Json<Vec<api::GenreInfo>> {
    Json(api::genres())
}

/// Liveness: always cheap, never queued.
#[utoipa::path(get, path = "/healthz", tag = "service", responses((status = 200, description = "Alive", body = Object)))]
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
        PuzzleErrors,
    )
)]
pub async fn readyz(
    State(state): State<Arc<AppState>>,
) -> Result<Json<BTreeMap<&'static str, &'static str>>, ApiProblem> {
    if state.shutting_down() {
        Err(ApiProblem::ShuttingDown)
    } else {
        Ok(Json(BTreeMap::from([("status", "ready")])))
    }
}

/// Prometheus metrics.
#[utoipa::path(get, path = "/metrics", tag = "service", responses((status = 200, description = "Prometheus text format", body = String, content_type = "text/plain")))]
pub async fn metrics_text(State(state): State<Arc<AppState>>) -> String {
    ::metrics::gauge!(metrics::POOL_IN_USE).set(state.pool.running() as f64);
    ::metrics::gauge!(metrics::QUEUE_DEPTH).set(state.pool.waiting() as f64);
    state.metrics.render()
}
