//! The operations layer: every operation of the service as a typed request and a typed
//! report, the same for every door.
//!
//! | Operation | Request | Report |
//! |---|---|---|
//! | [`generate`] | [`GenerateRequest`] | [`GenerateReport`] |
//! | [`daily`] | [`DailyRequest`] (and today's [`Date`]) | [`DailyReport`] |
//! | a batch | [`BatchRequest`]: one [`GenerateRequest`] per seed | a [`BatchLine`] per seed |
//! | [`solve`] | [`SolveRequest`] | [`SolveReport`] |
//! | [`rate`] | [`RateRequest`] | [`RateReport`] |
//! | [`check`] | [`CheckRequest`] | [`CheckReport`] |
//! | [`hint`] | [`HintRequest`] | [`HintReport`] |
//! | [`render`] | [`RenderRequest`] | an SVG document (in JSON: [`RenderReport`]) |
//! | [`format()`] | [`FormatRequest`] | [`PuzzleForms`] |
//! | [`genres`] | none | [`GenreInfo`]s |
//!
//! The requests are what the HTTP API's JSON bodies (and `/generate`'s query string) are
//! read into, with its strictness: exactly one puzzle source, no unknown field. The reports
//! are what it sends. With the `server` feature both carry their OpenAPI schemas, derived
//! from these types (and, for the unions over genres, from the genres' own types), so the
//! document cannot say something else than what is sent.
//!
//! A door (the HTTP handlers, the CLI, a WebAssembly binding) is an adapter: it reads its
//! input into a request (a JSON body with [`from_json`]), runs the operation under a step
//! budget of its choosing (directly, or through [`Operation`] when it treats them all
//! alike), and sends the report, or for an [`Error`] its [`Problem`]. No door names a
//! genre: the genre is read from the request in this layer.
//!
//! ```
//! use sumpuzzles::ops::{self, Problem, SolveRequest};
//! use sumpuzzles::Budget;
//!
//! let request: SolveRequest = ops::from_json(br#"{"id": "kakuro:3x3:DbAb/4.6.3.7"}"#).unwrap();
//! let report = ops::solve(&request, &mut Budget::new(1_000_000)).unwrap();
//! assert!(report.unique);
//! assert_eq!(report.solutions[0], ["###", "#12", "#34"]);
//!
//! let error = ops::from_json::<SolveRequest>(br#"{"idd": "kakuro:3x3:DbAb/4.6.3.7"}"#).unwrap_err();
//! assert_eq!(Problem::from(&error).status, 400);
//! ```

mod batch;
mod bounded;
mod daily;
mod generate;
mod genres;
mod problem;
mod puzzle;
mod rating;
mod request;
#[cfg(feature = "server")]
mod schema;
mod source;

pub use self::batch::{BatchFailure, BatchLine, BatchRequest, MAX_BATCH};
pub use self::bounded::MAX_NESTED_VALUES;
pub use self::daily::{
    daily, seconds_to_next_utc_midnight, unix_now, DailyPlan, DailyReport, DailyRequest, Date,
};
pub use self::generate::{fresh_seed, generate, GenerateReport, GenerateRequest};
pub use self::genres::{genres, GenreInfo};
pub use self::problem::{Problem, Progress};
pub use self::puzzle::{
    check, format, hint, rate, render, solve, CheckReport, HintReport, PuzzleForms,
    PuzzleOperation, RenderReport, SolveReport,
};
pub use self::rating::{RateReport, RatingStatus};
pub use self::request::{
    from_body_and_query, from_json, AnswerRows, BodyOverQuery, CheckOptions, CheckRequest,
    FormatOptions, FormatRequest, HintOptions, HintRequest, PuzzleRequest, RateOptions,
    RateRequest, RenderOptions, RenderRequest, SolveOptions, SolveRequest,
};
pub use self::source::PuzzleSource;
use crate::core::{Budget, Error};

/// The step budget of an operation on a puzzle (solve, rate, hint, render): about 2 s of CPU
/// for the slowest worst-case input measured on a 2-core machine (`cargo run --release
/// --example edge_costs`, docs/edge.md). A request may ask for less, never for more: a larger
/// budget is a door's setting (the service's configuration, an API key's allowance).
pub const DEFAULT_BUDGET: u64 = 1_200_000;
/// The step budget of a generation: more than any 16x16 expert Kakuro seed measured needed
/// (docs/edge.md), so that every shape and level of the spec's sizes can be generated. Kakuro's
/// 32x32 hard and expert can need more (docs/benchmarks.md): a door's setting raises it.
pub const GENERATE_BUDGET: u64 = 40_000_000;
/// The largest step budget a request may name: beyond it the request does not fit.
pub const MAX_WIRE_BUDGET: u64 = 1_000_000_000_000;
/// The largest seed a request may name: seeds are 0 to 2^63-1, so that every JSON and
/// OpenAPI client (int64) can carry them.
pub const MAX_SEED: u64 = i64::MAX as u64;
/// The largest seed the service draws for a request without one: 2^53-1, the largest
/// integer every JavaScript number holds exactly, so that a seed handed out can be sent back.
pub const MAX_FRESH_SEED: u64 = (1 << 53) - 1;
/// The most solutions a solve request may ask for.
pub const MAX_LIMIT: usize = 100;

/// An operation's request, as a door that treats every operation alike runs it.
pub trait Operation: Send + 'static {
    /// What the operation answers.
    type Report: Send + 'static;

    /// The step budget the request names, if it names one (the door caps it).
    fn requested_budget(&self) -> Option<u64>;

    /// Whether the request generates puzzles: generation has a budget of its own
    /// ([`GENERATE_BUDGET`]), the operations on a puzzle share [`DEFAULT_BUDGET`].
    fn generates(&self) -> bool {
        false
    }

    /// The embedded default budget of the operation: [`GENERATE_BUDGET`] for a generation,
    /// [`DEFAULT_BUDGET`] for the rest.
    fn default_budget(&self) -> u64 {
        if self.generates() {
            GENERATE_BUDGET
        } else {
            DEFAULT_BUDGET
        }
    }

    /// The checks that need no search (the genre named, fields that go together), so that a
    /// door can refuse a bad request before it spends a worker on it.
    fn precheck(&self) -> Result<(), Error>;

    /// Runs the operation under `budget`.
    fn run(&self, budget: &mut Budget) -> Result<Self::Report, Error>;
}
