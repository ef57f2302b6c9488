//! The operations layer: every operation of the service as a typed request and a typed
//! report, the same for every door.
//!
//! | Operation | Request | Report |
//! |---|---|---|
//! | [`generate`] | [`GenerateRequest`] | [`GenerateReport`] |
//! | [`daily`] | [`DailyRequest`] (and today's [`Date`]) | [`DailyReport`] |
//! | a batch | [`BatchRequest`]: one generation per seed | a [`BatchLine`] per seed |
//! | a booklet (`print` feature) | [`BookletRequest`]: a batch's, or the puzzles given, and a layout | a PDF (its puzzles: [`crate::print::BookPuzzle`]) |
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
//! budget of its choosing ([`Plan::run`]), and sends the report, or for an [`Error`](crate::Error) its
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
mod book_jobs;
#[cfg(feature = "print")]
mod booklet;
mod bounded;
mod daily;
mod date;
mod generate;
mod genres;
mod operation;
mod parameters;
mod problem;
mod puzzle;
mod rating;
mod request;
#[cfg(feature = "server")]
mod schema;
mod source;
mod wire;

pub use self::batch::{BatchFailure, BatchLine, BatchPlan, BatchRequest, SeedChoice};
#[cfg(feature = "print")]
pub use self::book_jobs::{first_places, BookJob, BookPrint, PdfDocument, Place};
#[cfg(feature = "print")]
pub use self::booklet::{BookletOptions, BookletPlan, BookletRequest};
pub use self::bounded::MAX_NESTED_VALUES;
pub use self::daily::{daily, daily_failure, DailyOptions, DailyPlan, DailyReport, DailyRequest};
pub use self::date::{seconds_to_next_utc_midnight, unix_now, Date};
pub use self::generate::{
    fresh_seed, generate, GenerateOptions, GeneratePlan, GenerateReport, GenerateRequest,
};
pub use self::genres::{genres, GenreInfo, ShapeLevels};
pub use self::operation::{
    Operation, Plan, DEFAULT_BUDGET, GENERATE_BUDGET, LOCAL_BUDGET, LOCAL_GENERATE_BUDGET,
    LOCAL_LINE_BUDGET, MAX_BATCH, MAX_FRESH_SEED, MAX_LIMIT, MAX_SEED, MAX_WIRE_BUDGET,
};
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
