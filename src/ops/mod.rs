//! The operations layer: every operation of the service as a typed request and a typed
//! report, the same for every door.
//!
//! | Operation | Request | Report |
//! |---|---|---|
//! | [`generate`] | [`GenerateRequest`] | [`GenerateReport`] |
//! | [`daily`] | [`DailyRequest`] (and today's [`Date`]) | [`DailyReport`] |
//! | a batch | [`BatchRequest`]: one generation per seed | a [`BatchLine`] per seed |
//! | a booklet (`print` feature) | [`BookletRequest`]: a batch's, or the puzzles given, and a layout | a PDF (its puzzles: [`BookPuzzle`]) |
//! | [`solve`] | [`SolveRequest`] | [`SolveReport`] |
//! | [`rate`] | [`RateRequest`] | [`RateReport`] |
//! | [`check`] | [`CheckRequest`] | [`CheckReport`] |
//! | [`hint`] | [`HintRequest`] | [`HintReport`] |
//! | [`render`] | [`RenderRequest`] | an SVG document (in JSON: [`RenderReport`]) |
//! | [`format()`] | [`FormatRequest`] | [`PuzzleForms`] |
//! | [`genres`] | none | [`GenreInfo`]s |
//!
//! The requests are what the HTTP API's JSON bodies (and the generation endpoints' query
//! strings) are read into, with its strictness: exactly one puzzle source, no unknown field.
//! Reading a request parses each field once, into a typed value (see [Types](#types)); the
//! reports are what is sent. With the `server` feature both carry their OpenAPI schemas,
//! derived from these types (and, for the unions over genres, from the genres' own types), so
//! the document cannot say something else than what is sent.
//!
//! A request is then read into its plan ([`Operation::plan`]): the genre, shape, level, seed,
//! score range, budget and the operation's own fields, checked by the rules that need no
//! search. The plan is the one value everything after reads (the HTTP door's cache
//! validator and pool of pregenerated puzzles, the budget, the run), and only this layer
//! makes one.
//!
//! A door (the HTTP handlers, the CLI, a WebAssembly binding) is an adapter: it reads its
//! input into a request (a JSON body with [`from_json`]), plans it, runs the plan under a step
//! budget of its choosing ([`Plan::run`]), and sends the report, or for an [`Error`] its
//! [`ProblemDetails`]. No door names a genre: the genre is read from the request in this
//! layer.
//!
//! ```
//! use sumpuzzles::ops::{self, Operation, Plan, ProblemDetails, SolveRequest};
//! use sumpuzzles::{Budget, Error};
//!
//! let request: SolveRequest = ops::from_json(br#"{"id": "kakuro:3x3:DbAb/4.6.3.7"}"#).unwrap();
//! let plan = request.plan().unwrap();
//! let report = plan.run(&mut Budget::new(1_000_000)).unwrap();
//! assert!(report.unique);
//! assert_eq!(report.solutions[0], ["###", "#12", "#34"]);
//!
//! let error = ops::from_json::<SolveRequest>(br#"{"idd": "kakuro:3x3:DbAb/4.6.3.7"}"#).unwrap_err();
//! assert_eq!(ProblemDetails::from(&error).status, 400);
//!
//! // A budget that runs out says how far the work got.
//! let Err(Error::Exhausted(progress)) = plan.run(&mut Budget::new(1)) else { panic!() };
//! assert_eq!((progress.budget, progress.stage.name()), (1, "solving"));
//! ```
//!
//! # Types
//!
//! The values of the wire: [`Parsed`] (a genre, shape, level or date parsed from its text,
//! or the error it gave, reported when the request is planned), [`StepBudget`],
//! [`SolutionLimit`], [`BatchSize`] and [`Seed`], each with its bounds.

mod batch;
#[cfg(feature = "print")]
mod booklet;
mod bounded;
mod daily;
mod generate;
mod genres;
mod parameters;
mod problem;
mod puzzle;
mod rating;
mod request;
#[cfg(feature = "server")]
mod schema;
mod source;
mod wire;

pub use self::batch::{BatchFailure, BatchLine, BatchOptions, BatchPlan, BatchRequest, MAX_BATCH};
#[cfg(feature = "print")]
pub use self::booklet::{
    first_places, BookJob, BookPrint, BookPuzzle, BookletOptions, BookletPlan, BookletRequest,
    PdfDocument, Place,
};
pub use self::bounded::MAX_NESTED_VALUES;
pub use self::daily::{
    daily, daily_failure, seconds_to_next_utc_midnight, unix_now, DailyOptions, DailyPlan,
    DailyReport, DailyRequest, Date,
};
pub use self::generate::{
    fresh_seed, generate, GenerateOptions, GeneratePlan, GenerateReport, GenerateRequest,
};
pub use self::genres::{genres, GenreInfo, ShapeLevels};
pub use self::parameters::{
    from_body_and_query, BodyOverQuery, GenerationOptions, GenerationParameters, GenerationRequest,
};
pub use self::problem::ProblemDetails;
pub use self::puzzle::{
    check, format, hint, rate, render, solve, AnswerCheck, CheckReport, Fill, HintReport,
    PuzzleForms, PuzzleOperation, PuzzlePlan, RenderReport, SolveReport,
};
pub use self::rating::{RateReport, RatingStatus};
pub use self::request::{
    from_json, AnswerRows, CheckOptions, CheckRequest, FormatOptions, FormatRequest, HintOptions,
    HintRequest, PuzzleRequest, RateOptions, RateRequest, RenderOptions, RenderRequest,
    SolveOptions, SolveRequest,
};
pub use self::source::{PuzzleJson, PuzzleSource};
/// How many fields' texts this thread parsed and how many generations it planned.
#[cfg(test)]
pub(crate) use self::wire::counting;
pub use self::wire::{
    BatchSize, FromWire, Parsed, ParsedDate, ParsedGenre, ParsedLevel, ParsedShape, Seed,
    SolutionLimit, StepBudget,
};
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
/// The step budget of an operation on a puzzle where the caller's own machine does the work
/// and nobody else waits (the CLI): minutes of CPU rather than seconds, for puzzles no service
/// default reaches.
pub const LOCAL_BUDGET: u64 = 200_000_000;
/// The step budget of a generation where the caller's own machine does the work (the CLI):
/// enough for Kakuro's 32x32 expert seeds that run past [`GENERATE_BUDGET`].
pub const LOCAL_GENERATE_BUDGET: u64 = 2_000_000_000;
/// The step budget of each line of a file of cryptic Kakuro lines solved on the caller's own
/// machine (the CLI's `pe424`): more than any of Project Euler 424's 200 puzzles needs.
pub const LOCAL_LINE_BUDGET: u64 = 100_000_000;
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

/// A request as a door reads it, and the plan it is read into: the one place its fields are
/// checked (the bounds of its numbers, the genre named, the fields that go together).
pub trait Operation {
    /// The request read and checked: what the door runs.
    type Plan: Plan;

    /// Reads the request into its plan, or says what is wrong with it.
    fn plan(&self) -> Result<Self::Plan, Error>;
}

/// An operation read and checked, ready to run: what a door that treats every operation alike
/// runs (on a worker, under the budget it chooses).
pub trait Plan: Send + 'static {
    /// What the operation answers.
    type Report: Send + 'static;

    /// The step budget the request names, if it names one (the door caps it).
    fn requested_budget(&self) -> Option<u64>;

    /// Whether the plan generates puzzles: generation has a budget of its own
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

    /// Runs the operation under `budget`. A budget that runs out is [`Error::Exhausted`],
    /// saying how far the work got.
    fn run(&self, budget: &mut Budget) -> Result<Self::Report, Error>;
}
