//! The sumpuzzles engine as a WebAssembly module: a door over the operations layer, as the
//! HTTP handlers and the CLI are.
//!
//! Each export takes the JSON text of the HTTP endpoint's request body and returns the text of
//! its response body; a failure throws an `Error` that carries the problem details the
//! endpoint would send (`type`, `title`, `status`, `detail`, `problems`, each a property of the
//! error, and the whole object as `error.problem`). Every export is the same steps as a
//! handler: [`ops::from_json`] reads the request, [`Operation::plan`] plans it, the plan runs
//! under a budget ([`Plan::run`]), and the report or [`ProblemDetails::from`] the error is
//! written with serde_json (the one mapping of a failure every door shares: a budget that ran
//! out says how far it got).
//!
//! JSON text, not JavaScript objects, crosses the boundary: the text is byte for byte what the
//! server sends (the same serialiser, the same field order, 64-bit seeds exact, which a
//! JavaScript number is not above 2^53), and no conversion layer is compiled into the module.
//! The package's `index.js` parses it for callers who want objects.
//!
//! The budget: a request's own `budget` (1 to 10^12, as on the wire), or when it names none the
//! server's defaults ([`ops::GENERATE_BUDGET`] for a generation, [`ops::DEFAULT_BUDGET`] for
//! the rest). Nothing caps it further: there is no server to protect, the caller's own CPU pays, and the caller can stop the work (`should_stop`, or
//! `worker.terminate()` on the worker it runs in).

use std::cell::RefCell;

use serde::de::DeserializeOwned;
use serde::Serialize;
use sumpuzzles::ops::{
    self, CheckRequest, DailyRequest, Date, FormatRequest, GenerateRequest, HintRequest, Operation,
    Plan, ProblemDetails, RateRequest, RenderRequest, SolveRequest,
};
use sumpuzzles::{Budget, CancelFlag, Stop};
use wasm_bindgen::prelude::*;

/// The registered genres with their defaults and limits: the body of `GET /genres`.
#[wasm_bindgen]
pub fn genres() -> String {
    to_json(&ops::genres())
}

/// `POST /generate` with this JSON body (the body's form: the query string is HTTP's).
#[wasm_bindgen]
pub fn generate(request: &str, should_stop: Option<js_sys::Function>) -> Result<String, JsValue> {
    answer::<GenerateRequest>(request, should_stop)
}

/// `GET /daily` with its query parameters as a JSON object (`{"genre": "kakuro", "date":
/// "2025-03-14"}`); without a date, today in UTC by the host's clock.
#[wasm_bindgen]
pub fn daily(request: &str, should_stop: Option<js_sys::Function>) -> Result<String, JsValue> {
    let request: DailyRequest = ops::from_json(request.as_bytes()).map_err(|e| throw(&e))?;
    let plan = request.plan(Date::today_utc()).map_err(|e| throw(&e))?;
    let report = run_plan(plan, should_stop)?;
    Ok(to_json(&report))
}

/// `POST /solve`.
#[wasm_bindgen]
pub fn solve(request: &str, should_stop: Option<js_sys::Function>) -> Result<String, JsValue> {
    answer::<SolveRequest>(request, should_stop)
}

/// `POST /rate`.
#[wasm_bindgen]
pub fn rate(request: &str, should_stop: Option<js_sys::Function>) -> Result<String, JsValue> {
    answer::<RateRequest>(request, should_stop)
}

/// `POST /hint`.
#[wasm_bindgen]
pub fn hint(request: &str, should_stop: Option<js_sys::Function>) -> Result<String, JsValue> {
    answer::<HintRequest>(request, should_stop)
}

/// `POST /check` (no search: nothing to stop).
#[wasm_bindgen]
pub fn check(request: &str) -> Result<String, JsValue> {
    answer::<CheckRequest>(request, None)
}

/// The CLI's `format`: the puzzle (a request holding only its source) in every format.
#[wasm_bindgen]
pub fn format(request: &str) -> Result<String, JsValue> {
    answer::<FormatRequest>(request, None)
}

/// `POST /render`: the SVG document itself, as the endpoint's `image/svg+xml` body.
#[wasm_bindgen]
pub fn render(request: &str, should_stop: Option<js_sys::Function>) -> Result<String, JsValue> {
    run::<RenderRequest>(request, should_stop)
}

/// Runs the request in `json` and writes its report as the endpoint's JSON body.
fn answer<R>(json: &str, should_stop: Option<js_sys::Function>) -> Result<String, JsValue>
where
    R: Operation + DeserializeOwned,
    <R::Plan as Plan>::Report: Serialize,
{
    run::<R>(json, should_stop).map(|report| to_json(&report))
}

/// What a handler does: read the request, plan it (refused before any work when it does not
/// plan), run the plan under its budget.
fn run<R: Operation + DeserializeOwned>(
    json: &str,
    should_stop: Option<js_sys::Function>,
) -> Result<<R::Plan as Plan>::Report, JsValue> {
    let request: R = ops::from_json(json.as_bytes()).map_err(|error| throw(&error))?;
    let plan = request.plan().map_err(|error| throw(&error))?;
    run_plan(plan, should_stop)
}

/// Runs a plan under the budget it asks for, or the operation's default.
fn run_plan<P: Plan>(plan: P, should_stop: Option<js_sys::Function>) -> Result<P::Report, JsValue> {
    let steps = plan
        .requested_budget()
        .unwrap_or_else(|| plan.default_budget());
    let mut budget = CancellableBudget::new(steps, should_stop);
    plan.run(&mut budget.0).map_err(|error| throw(&error))
}

fn to_json<T: Serialize + ?Sized>(value: &T) -> String {
    serde_json::to_string(value).expect("reports serialise to JSON")
}

/// The `Error` a failure throws: its message is the problem's detail, and it carries the
/// problem object the server sends (each field as a property, and the whole as `problem`).
fn throw(error: &sumpuzzles::Error) -> JsValue {
    let problem = ProblemDetails::from(error);
    let object = js_sys::JSON::parse(&to_json(&problem)).expect("serde_json writes valid JSON");
    let thrown = js_sys::Error::new(&problem.detail);
    let thrown = js_sys::Object::assign(&thrown, object.unchecked_ref());
    js_sys::Reflect::set(&thrown, &"problem".into(), &object).expect("an Error takes properties");
    thrown.into()
}

thread_local! {
    /// The caller's `should_stop` during a call: one call at a time runs on this thread.
    static SHOULD_STOP: RefCell<Option<js_sys::Function>> = const { RefCell::new(None) };
}

/// What the budget's flag asks every few hundred steps: the caller's `should_stop`. A truthy
/// answer, or a throw, stops the search as a cancellation.
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

impl CancellableBudget {
    fn new(steps: u64, should_stop: Option<js_sys::Function>) -> CancellableBudget {
        let flag = match should_stop {
            Some(function) => {
                SHOULD_STOP.set(Some(function));
                CancelFlag::polling(poll_should_stop)
            }
            None => CancelFlag::new(),
        };
        CancellableBudget(Budget::with_flag(steps, flag))
    }
}

impl Drop for CancellableBudget {
    fn drop(&mut self) {
        SHOULD_STOP.set(None);
    }
}
