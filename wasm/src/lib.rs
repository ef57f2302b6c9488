//! The sumpuzzles engine as a WebAssembly module.
//!
//! Each export takes the JSON the HTTP endpoint takes as its request body and returns the JSON
//! the endpoint sends back; a failure throws an `Error` that carries the problem details the
//! endpoint would send (`type`, `title`, `status`, `detail`, `problems`, each a property of the
//! error, and the whole object as `error.problem`).
//!
//! JSON text, not JavaScript objects, crosses the boundary: the text is byte for byte what the
//! server sends (the same serialiser, the same field order, 64-bit seeds exact, which a
//! JavaScript number is not above 2^53), and no conversion layer is compiled into the module.
//! The package's `index.js` parses it for callers who want objects.
//!
//! These bindings run over the current `sumpuzzles::api`; when the operations layer gives
//! typed requests and reports (the wire types of the HTTP endpoints), the request parsing and
//! the problem mapping below give way to those types, and `solve`, `rate`, `check`, `hint`,
//! `render` and `format` come the same way.

use std::cell::RefCell;

use serde::{Deserialize, Serialize};
use sumpuzzles::api::{self, ApiError, GenerateRequest};
use sumpuzzles::core::{InputError, InputErrorKind, Location, Problem as InputProblem};
use sumpuzzles::{Budget, CancelFlag, Shape, Stop, TargetLevel};
use wasm_bindgen::prelude::*;

/// The step budget when a request names none: the server's default.
const DEFAULT_BUDGET: u64 = 500_000_000;
/// The largest budget a request may name, as on the wire. There is no server to protect here,
/// so nothing caps it further: the caller's own CPU pays for it.
const MAX_BUDGET: u64 = 1_000_000_000_000;
/// Seeds are 0 to 2^63-1, as on the wire.
const MAX_SEED: u64 = i64::MAX as u64;

/// The registered genres with their defaults and limits: the body of `GET /genres`.
#[wasm_bindgen]
pub fn genres() -> String {
    to_json(&api::genres())
}

/// Generates a puzzle: `request` is the body of `POST /generate`, the result its response.
///
/// `should_stop`, when given, is called every few hundred search steps; a truthy answer (or a
/// throw) stops the search with the `cancelled` problem. A Web Worker's event loop is blocked
/// while it generates, so the function has to read something that changes without it: a
/// `SharedArrayBuffer` cell the page sets with `Atomics.store`, or the clock for a deadline.
#[wasm_bindgen]
pub fn generate(request: &str, should_stop: Option<js_sys::Function>) -> Result<String, JsValue> {
    let body: GenerateBody = parse(request)?;
    let request = body.request().map_err(throw)?;
    let mut budget = cancellable_budget(body.budget.unwrap_or(DEFAULT_BUDGET), should_stop);
    let report = api::generate(&request, &mut budget.0).map_err(|error| throw(error.into()))?;
    Ok(to_json(&report))
}

/// The body of `POST /generate` (the HTTP layer's `GenerateParameters`).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct GenerateBody {
    genre: Option<String>,
    shape: Option<String>,
    level: Option<String>,
    seed: Option<u64>,
    budget: Option<u64>,
}

impl GenerateBody {
    fn request(&self) -> Result<GenerateRequest, Failure> {
        let genre = self.genre.as_deref().ok_or_else(|| {
            Failure::BadRequest("`genre` is required: kakuro, kakurasu or kakuro-cryptic".into())
        })?;
        check_range("seed", self.seed, 0, MAX_SEED)?;
        check_range("budget", self.budget, 1, MAX_BUDGET)?;
        let shape = self
            .shape
            .as_deref()
            .map(str::parse::<Shape>)
            .transpose()
            .map_err(limits)?;
        let level = self
            .level
            .as_deref()
            .unwrap_or("any")
            .parse::<TargetLevel>()
            .map_err(limits)?;
        Ok(GenerateRequest {
            genre: api::genre_named(genre).map_err(Failure::Input)?,
            shape,
            level,
            seed: self.seed.unwrap_or_else(fresh_seed),
        })
    }
}

fn check_range(name: &str, value: Option<u64>, min: u64, max: u64) -> Result<(), Failure> {
    match value {
        Some(value) if value < min || value > max => Err(Failure::BadRequest(format!(
            "{name} must be {min} to {max}, not {value}"
        ))),
        _ => Ok(()),
    }
}

fn limits(message: String) -> Failure {
    Failure::Input(InputError::new(
        InputErrorKind::Limits,
        Location::Input,
        message,
    ))
}

/// A seed for a request that names none, from the host's random numbers (as the server draws
/// one); it comes back in the report, so the puzzle can be made again.
fn fresh_seed() -> u64 {
    let draw = |bits: u32| (js_sys::Math::random() * f64::from(1u32 << bits)) as u64;
    ((draw(31) << 32) | draw(32)) & MAX_SEED
}

fn parse<'a, T: Deserialize<'a>>(json: &'a str) -> Result<T, JsValue> {
    serde_json::from_str(json)
        .map_err(|error| throw(Failure::BadRequest(format!("the request body: {error}"))))
}

fn to_json<T: Serialize>(value: &T) -> String {
    serde_json::to_string(value).expect("reports serialise to JSON")
}

/// Why a call gave no report, as the server's problem kinds.
enum Failure {
    /// 400 `bad-request`: the JSON does not fit the request's fields.
    BadRequest(String),
    /// 400 `syntax` or 422 for the rest of the input kinds.
    Input(InputError),
    /// 422 `budget-exhausted`, 499 `cancelled` or 504 `deadline-exceeded`.
    Stopped(Stop),
}

impl From<ApiError> for Failure {
    fn from(error: ApiError) -> Failure {
        match error {
            ApiError::Input(error) => Failure::Input(error),
            ApiError::Stopped(stop) => Failure::Stopped(stop),
        }
    }
}

/// A problem details object, as the server sends it.
#[derive(Serialize)]
struct Problem<'a> {
    #[serde(rename = "type")]
    kind: String,
    title: &'static str,
    status: u16,
    detail: String,
    #[serde(skip_serializing_if = "<[_]>::is_empty")]
    problems: &'a [InputProblem],
}

impl Failure {
    /// The kind, title and status the server gives this failure (src/http/problem.rs).
    fn kind(&self) -> (&'static str, &'static str, u16) {
        match self {
            Failure::BadRequest(_) => ("bad-request", "The request does not fit the endpoint", 400),
            Failure::Input(error) => match error.kind {
                InputErrorKind::Syntax => ("syntax", "The input does not follow its format", 400),
                InputErrorKind::Structure => {
                    ("structure", "The puzzle breaks the structure rules", 422)
                }
                InputErrorKind::Answer => ("answer", "The answer does not fit the puzzle", 422),
                InputErrorKind::NotUnique => (
                    "not-unique",
                    "The puzzle does not have exactly one solution",
                    422,
                ),
                _ => ("limits", "A value is outside its limits", 422),
            },
            Failure::Stopped(Stop::Exhausted) => {
                ("budget-exhausted", "The step budget ran out", 422)
            }
            Failure::Stopped(Stop::Cancelled) => ("cancelled", "The request was cancelled", 499),
            Failure::Stopped(Stop::DeadlineExceeded) => {
                ("deadline-exceeded", "The work did not finish in time", 504)
            }
        }
    }

    fn detail(&self) -> String {
        match self {
            Failure::BadRequest(detail) => detail.clone(),
            Failure::Input(error) => error.to_string(),
            Failure::Stopped(Stop::Exhausted) => "the search used its whole step budget before it finished; raise `budget` or ask for something smaller".into(),
            Failure::Stopped(Stop::Cancelled) => "the caller cancelled the work".into(),
            Failure::Stopped(Stop::DeadlineExceeded) => "the work did not finish within the caller's deadline".into(),
        }
    }

    fn problem(&self) -> Problem<'_> {
        let (kind, title, status) = self.kind();
        Problem {
            kind: format!("/problems/{kind}"),
            title,
            status,
            detail: self.detail(),
            problems: match self {
                Failure::Input(error) => &error.problems,
                _ => &[],
            },
        }
    }
}

/// The `Error` a failure throws: its message is the detail, and it carries the problem object
/// (each field as a property, and the whole as `problem`).
fn throw(failure: Failure) -> JsValue {
    let problem = failure.problem();
    let object = js_sys::JSON::parse(&to_json(&problem)).expect("serde_json writes valid JSON");
    let error = js_sys::Error::new(&problem.detail);
    let error = js_sys::Object::assign(&error, object.unchecked_ref());
    js_sys::Reflect::set(&error, &"problem".into(), &object).expect("an Error takes properties");
    error.into()
}

thread_local! {
    /// The caller's `should_stop` during a call: one call at a time runs on this thread.
    static SHOULD_STOP: RefCell<Option<js_sys::Function>> = const { RefCell::new(None) };
}

/// What the budget's flag asks every few hundred steps: the caller's `should_stop`.
fn poll_should_stop() -> Option<Stop> {
    SHOULD_STOP.with_borrow(|should_stop| {
        let answer = should_stop.as_ref()?.call0(&JsValue::UNDEFINED);
        match answer {
            Ok(answer) if !answer.is_truthy() => None,
            _ => Some(Stop::Cancelled),
        }
    })
}

/// A budget whose flag polls `should_stop`; dropping it forgets the function.
struct CancellableBudget(Budget);

fn cancellable_budget(steps: u64, should_stop: Option<js_sys::Function>) -> CancellableBudget {
    let flag = match should_stop {
        Some(function) => {
            SHOULD_STOP.set(Some(function));
            CancelFlag::polling(poll_should_stop)
        }
        None => CancelFlag::new(),
    };
    CancellableBudget(Budget::with_flag(steps, flag))
}

impl Drop for CancellableBudget {
    fn drop(&mut self) {
        SHOULD_STOP.set(None);
    }
}
