//! The generation endpoints: `/generate`, `/daily` and `/generate/batch` (its stream in
//! `batch.rs`). Each reads its request (a query string, and for POST an optional JSON body
//! whose fields win), runs the operation on the pool and sends the report. What only HTTP has
//! is here: the cache headers of deterministic answers and the conditional requests they
//! allow.

use std::sync::Arc;

use axum::body::Bytes;
use axum::extract::State;
use axum::http::header::{CACHE_CONTROL, CONTENT_TYPE, ETAG, IF_NONE_MATCH};
use axum::http::{HeaderMap, HeaderValue, Method, StatusCode};
use axum::response::{IntoResponse, Response};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::answers::{self, Keep};
use super::batch;
use super::extract::{ApiQuery, OptionalJson};
use super::metrics;
use super::pool::Entry;
use super::problem::ApiError;
use super::responses::{CacheStatuses, CommonErrors, PuzzleErrors};
use super::AppState;
use crate::ops::{
    self, DailyReport, DailyRequest, Date, GeneratePlan, GenerateReport, GenerateRequest, Operation,
};

/// `/generate`, `/daily` and `/generate/batch`.
pub fn router() -> OpenApiRouter<Arc<AppState>> {
    OpenApiRouter::new()
        .routes(routes!(generate_post, generate_get))
        .routes(routes!(daily))
        .routes(routes!(batch::batch))
}

/// How long a deterministic answer stays fresh: a year, the most RFC 9111 asks caches to keep.
const A_YEAR: u64 = 31_536_000;
/// A seeded generation depends only on its parameters and the versions: a year, revalidated
/// by its ETag on a reload.
const SEEDED: &str = "public, max-age=31536000";
/// A past day's puzzle never changes.
const IMMUTABLE: &str = "public, max-age=31536000, immutable";
/// A random puzzle is one client's: a shared cache must not hand it to the next.
const NOT_STORED: &str = "no-store";

/// How an answer may be cached, and its validator.
struct Caching {
    cache_control: String,
    /// A weak validator: two answers with the same one are the same puzzle, but their
    /// `stats.elapsed_ms` may differ.
    etag: Option<String>,
}

impl Caching {
    /// A `/generate` answer: seeded ones are cacheable, random ones are not stored.
    fn generation(plan: &GeneratePlan) -> Caching {
        match plan.fingerprint() {
            Some(fingerprint) => Caching {
                cache_control: SEEDED.into(),
                etag: Some(format!("W/\"{fingerprint}\"")),
            },
            None => Caching {
                cache_control: NOT_STORED.into(),
                etag: None,
            },
        }
    }

    /// Whether the request's `If-None-Match` names this answer's validator (the weak
    /// comparison of RFC 9110, which conditional GETs use), or is `*`.
    fn matches(&self, headers: &HeaderMap) -> bool {
        let Some(etag) = &self.etag else {
            return false;
        };
        let opaque = |tag: &str| tag.trim().trim_start_matches("W/").to_string();
        headers
            .get_all(IF_NONE_MATCH)
            .iter()
            .filter_map(|value| value.to_str().ok())
            .flat_map(|value| value.split(','))
            .any(|tag| tag.trim() == "*" || opaque(tag) == opaque(etag))
    }

    fn headers(&self) -> HeaderMap {
        let mut headers = HeaderMap::new();
        headers.insert(
            CACHE_CONTROL,
            HeaderValue::from_str(&self.cache_control).expect("ASCII"),
        );
        if let Some(etag) = &self.etag {
            headers.insert(
                ETAG,
                HeaderValue::from_str(etag).expect("an ETag of ASCII names and numbers"),
            );
        }
        headers
    }
}

/// When the client already has the answer of a request that planned: a conditional GET whose
/// validator matches gets 304 without any work, any other method 412 (RFC 9110, 13.1.2).
fn unchanged(method: &Method, headers: &HeaderMap, caching: &Caching) -> Option<Response> {
    if !caching.matches(headers) {
        return None;
    }
    let status = if method == Method::GET || method == Method::HEAD {
        StatusCode::NOT_MODIFIED
    } else {
        StatusCode::PRECONDITION_FAILED
    };
    Some((status, caching.headers()).into_response())
}

/// A generation's answer, its JSON written beforehand, with its cache headers.
fn respond(json: Bytes, caching: &Caching) -> Response {
    let mut response = ([(CONTENT_TYPE, "application/json")], json).into_response();
    response.headers_mut().extend(caching.headers());
    response
}

/// `/generate`'s answer, with its cache headers.
#[derive(utoipa::IntoResponses)]
#[allow(dead_code)]
enum Generated {
    /// The puzzle, its solution and rating.
    #[response(
        status = 200,
        headers(
            ("ETag" = String, description = "For a seeded request: a weak validator of the puzzle"),
            ("Cache-Control" = String, description = "`public, max-age=31536000` for a seeded request, `no-store` for a drawn seed")
        )
    )]
    Puzzle(GenerateReport),
}

/// Generate a puzzle with exactly one solution at the requested level.
///
/// Parameters come in the query string, or (POST) in a JSON body whose fields win; an empty
/// body or `null` is no body. The same genre, shape, level, seed and generator version always
/// give the same puzzle; only `stats.elapsed_ms` varies between two runs. So a seeded answer
/// carries a (weak) `ETag` and `Cache-Control: public, max-age=31536000`, and a GET whose
/// `If-None-Match` names it gets 304 (a POST, 412); an answer with a drawn seed is
/// `no-store`. **The answer includes the solution** unless `solution=false`.
#[utoipa::path(
    post,
    path = "/generate",
    tag = "puzzles",
    params(GenerateRequest),
    request_body(content = Option<GenerateRequest>, description = "Optional JSON body; its fields win over the query string. Each of the two is checked on its own: a query parameter outside its schema is refused even where the body gives the field too. An empty body (whatever its content type) or `null` is no body."),
    responses(
        Generated,
        CacheStatuses,
        (status = 412, description = "The request's `If-None-Match` names the answer's `ETag` (RFC 9110 answers a POST so, a GET with 304); no work was done"),
        PuzzleErrors,
        CommonErrors,
    )
)]
pub async fn generate_post(
    State(state): State<Arc<AppState>>,
    method: Method,
    headers: HeaderMap,
    ApiQuery(query): ApiQuery<GenerateRequest>,
    OptionalJson(body): OptionalJson<GenerateRequest>,
) -> Result<Response, ApiError> {
    let request = ops::from_body_and_query(body, query)?;
    generate(&state, &method, &headers, request).await
}

/// Generate a puzzle (parameters in the query string); see `POST /generate`.
///
/// The same puzzle `POST /generate` makes for the same parameters, with the same cache
/// headers: a seeded answer carries a weak `ETag` and is cacheable for a year (a matching
/// `If-None-Match` gets 304), one with a drawn seed is `no-store`. **The answer includes the
/// solution** unless `solution=false`.
#[utoipa::path(
    get,
    path = "/generate",
    tag = "puzzles",
    params(GenerateRequest),
    responses(Generated, CacheStatuses, PuzzleErrors, CommonErrors,)
)]
pub async fn generate_get(
    State(state): State<Arc<AppState>>,
    method: Method,
    headers: HeaderMap,
    ApiQuery(query): ApiQuery<GenerateRequest>,
) -> Result<Response, ApiError> {
    generate(&state, &method, &headers, query).await
}

/// A generation's answer: the request planned once, and that plan is what the cache
/// validator, the pool, the answer cache and the run read.
async fn generate(
    state: &Arc<AppState>,
    method: &Method,
    headers: &HeaderMap,
    request: GenerateRequest,
) -> Result<Response, ApiError> {
    let plan = request.plan()?;
    let caching = Caching::generation(&plan);
    if let Some(response) = unchanged(method, headers, &caching) {
        return Ok(response);
    }
    // An unseeded request may be answered from a pool of puzzles made beforehand, whose JSON
    // is the report's as `respond` would write it.
    if let Some(answer) = state.pooled(&plan) {
        ::metrics::counter!(metrics::GENERATION_ATTEMPTS).increment(answer.attempts);
        return Ok(respond(answer.json, &caching));
    }
    // A seeded one is made once and kept (see `answers.rs`).
    let (answer, _) = answers::answer(state, &plan, None, Entry::Shed, Keep::Always).await?;
    Ok(respond(answer.json(plan.with_solution()), &caching))
}

/// The daily puzzle: the same puzzle for everyone on a date.
///
/// The daily puzzle of a genre, shape and level on the date YYYY-MM-DD is the puzzle
/// `/generate` makes for them with the seed YYYYMMDD (the date's digits as one number:
/// 2025-03-14 is seed 20250314), so anyone can compute it. `date` is today in UTC when
/// absent; shape and level default as for `/generate`. A past or future date's answer is
/// `immutable` for a year; today's is fresh until the next UTC midnight. Each carries a weak
/// `ETag` (a matching `If-None-Match` gets 304). Dates before 2000-01-01 or after 2099-12-31
/// are a 422. **The answer includes the solution** unless `solution=false`.
#[utoipa::path(
    get,
    path = "/daily",
    tag = "puzzles",
    params(DailyRequest),
    responses(
        (status = 200, description = "The date's puzzle, its solution and rating", body = DailyReport, headers(
            ("ETag" = String, description = "A weak validator of the puzzle"),
            ("Cache-Control" = String, description = "`public, max-age=31536000, immutable` for a date other than today; today's: `public, max-age=<seconds to the next UTC midnight>`")
        )),
        CacheStatuses,
        PuzzleErrors,
        CommonErrors,
    )
)]
pub async fn daily(
    State(state): State<Arc<AppState>>,
    method: Method,
    headers: HeaderMap,
    ApiQuery(request): ApiQuery<DailyRequest>,
) -> Result<Response, ApiError> {
    let now = ops::unix_now();
    let today = Date::from_unix_seconds(now);
    let plan = request.plan(today)?;
    let cache_control = if plan.date() == today {
        format!(
            "public, max-age={}",
            ops::seconds_to_next_utc_midnight(now).min(A_YEAR)
        )
    } else {
        IMMUTABLE.into()
    };
    let generation = plan.generation();
    let caching = Caching {
        cache_control,
        etag: generation
            .fingerprint()
            .map(|fingerprint| format!("W/\"daily-{fingerprint}\"")),
    };
    if let Some(response) = unchanged(&method, &headers, &caching) {
        return Ok(response);
    }
    // The generation of the date's seed, shared with `/generate` and batches (see
    // `answers.rs`); a budget that runs out says so in the daily puzzle's words.
    let (answer, _) = answers::answer(&state, generation, None, Entry::Shed, Keep::Always)
        .await
        .map_err(|error| match error {
            ApiError::Operation(error) => ApiError::Operation(ops::daily_failure(error)),
            error => error,
        })?;
    let date = plan.date().to_string();
    Ok(respond(
        answer.daily_json(&date, generation.with_solution()),
        &caching,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::body::Body;

    fn if_none_match(value: &str) -> HeaderMap {
        let mut headers = HeaderMap::new();
        headers.insert(IF_NONE_MATCH, value.parse().unwrap());
        headers
    }

    /// Sends `request` to the application (no socket) and gives its status, with what this
    /// thread parsed and planned meanwhile: the fields' texts, and the generations.
    async fn counted(request: axum::http::Request<Body>) -> (StatusCode, (usize, usize)) {
        use tower::ServiceExt;
        let app = crate::http::app(AppState::new(crate::http::ServerConfig::default()));
        let (parsed, planned) = ops::counting::counts();
        let response = app.oneshot(request).await.unwrap();
        let (now_parsed, now_planned) = ops::counting::counts();
        (
            response.status(),
            (now_parsed - parsed, now_planned - planned),
        )
    }

    fn get(uri: &str) -> axum::http::Request<Body> {
        axum::http::Request::get(uri).body(Body::empty()).unwrap()
    }

    /// The proof that a generation is read once: the handler runs on this thread, the fields'
    /// texts are parsed when the query string and the body are read (each field once), the
    /// request is planned once, and the cache validator, the pool and the run read that plan
    /// (`GeneratePlan` has no other maker: its fields are private to `ops`).
    #[tokio::test]
    async fn each_generation_is_parsed_once_and_planned_once() {
        let seeded = "/generate?genre=kakuro&shape=6x6&level=easy&seed=1";
        assert_eq!(counted(get(seeded)).await, (StatusCode::OK, (3, 1)));
        // A conditional GET answered 304 planned its request once too.
        let etag = {
            use tower::ServiceExt;
            let app = crate::http::app(AppState::new(crate::http::ServerConfig::default()));
            let response = app.oneshot(get(seeded)).await.unwrap();
            response.headers()[ETAG].clone()
        };
        let mut conditional = get(seeded);
        conditional.headers_mut().insert(IF_NONE_MATCH, etag);
        assert_eq!(
            counted(conditional).await,
            (StatusCode::NOT_MODIFIED, (3, 1))
        );
        // An unseeded one, which the pool is asked for first.
        let drawn = "/generate?genre=kakuro&shape=6x6&level=easy";
        assert_eq!(counted(get(drawn)).await, (StatusCode::OK, (3, 1)));
        // POST: the query string's fields and the body's, each parsed once, merged, planned once.
        let post = axum::http::Request::post("/generate?genre=kakuro&shape=6x6&seed=2")
            .header(CONTENT_TYPE, "application/json")
            .body(Body::from(r#"{"level": "easy", "shape": "5x5"}"#))
            .unwrap();
        assert_eq!(counted(post).await, (StatusCode::OK, (4, 1)));
        // A refused request is refused by its one plan.
        let unknown = "/generate?genre=sudoku&shape=6x6";
        assert_eq!(
            counted(get(unknown)).await,
            (StatusCode::UNPROCESSABLE_ENTITY, (2, 1))
        );
        // The daily puzzle and a batch: one plan each, whatever the number of seeds.
        let daily = "/daily?genre=kakuro&shape=6x6&level=easy&date=2025-03-14";
        assert_eq!(counted(get(daily)).await, (StatusCode::OK, (4, 1)));
        let batch = axum::http::Request::post(
            "/generate/batch?genre=kakuro&shape=6x6&level=easy&seeds=1,2,3",
        )
        .body(Body::empty())
        .unwrap();
        let (status, counts) = counted(batch).await;
        assert_eq!((status, counts), (StatusCode::OK, (3, 1)));
    }

    /// Every `$ref` of the document names one of its schemas (a query parameter's type is not
    /// collected into the document by being a parameter).
    #[test]
    fn every_reference_of_the_document_is_one_of_its_schemas() {
        fn references(value: &serde_json::Value, found: &mut Vec<String>) {
            match value {
                serde_json::Value::Object(fields) => {
                    if let Some(reference) = fields.get("$ref").and_then(|r| r.as_str()) {
                        found.push(reference.to_string());
                    }
                    fields.values().for_each(|field| references(field, found));
                }
                serde_json::Value::Array(items) => items.iter().for_each(|i| references(i, found)),
                _ => {}
            }
        }
        let document = serde_json::to_value(crate::http::openapi()).unwrap();
        let mut found = Vec::new();
        references(&document, &mut found);
        let schemas = &document["components"]["schemas"];
        for reference in found {
            let name = reference.trim_start_matches("#/components/schemas/");
            assert!(
                schemas.get(name).is_some(),
                "{reference} is not in the document"
            );
        }
    }

    #[test]
    fn a_validator_matches_weakly_in_a_list_or_as_a_star() {
        let caching = Caching {
            cache_control: SEEDED.into(),
            etag: Some("W/\"a-1\"".into()),
        };
        for matching in ["W/\"a-1\"", "\"a-1\"", "\"x\", W/\"a-1\"", "*"] {
            assert!(caching.matches(&if_none_match(matching)), "{matching}");
        }
        for other in ["W/\"a-2\"", "\"a-1x\"", ""] {
            assert!(!caching.matches(&if_none_match(other)), "{other}");
        }
        assert!(!caching.matches(&HeaderMap::new()));
        let unseeded = GenerateRequest {
            options: ops::GenerateOptions { seed: None },
            ..GenerateRequest::new(
                crate::genres::GenreId::DEFAULT,
                None,
                crate::core::TargetLevel::Any,
                0,
            )
        };
        let random = Caching::generation(&unseeded.plan().unwrap());
        assert!(random.etag.is_none() && !random.matches(&if_none_match("*")));
        assert_eq!(random.cache_control, NOT_STORED);
    }
}
