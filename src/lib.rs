//! Sum puzzles: generate, rate, solve and check Kakuro, Kakurasu and cryptic Kakuro.
//!
//! Every operation is a typed request and a typed report in [`ops`]: the same types the HTTP
//! service reads and sends as JSON, so a request is most easily written as its JSON body and
//! read with [`ops::from_json`]. A request is checked once, into its plan
//! ([`ops::Operation::plan`]), which every door runs ([`ops::Plan::run`]; the functions
//! [`ops::generate`], [`ops::solve`], ... do both). Each operation runs under a step
//! [`Budget`] (a search never runs unbounded and can be cancelled with a [`CancelFlag`]) and
//! fails with the one engine [`Error`]: a request that does not fit, an input error with its
//! place, or a search stopped (a budget that ran out says how far it got: its [`Progress`]).
//! [`ops::ProblemDetails`] turns an error into the RFC 9457 problem object every door sends.
//!
//! The engine's own types (the budget, shapes and grids, levels, ratings, scores, the seeded
//! stream, the search [`Strategy`]) are at the crate root. The genres are in [`genres`], each
//! behind the [`Genre`](genres::Genre) trait, for work on one genre's own types
//! ([`genres::kakuro`], [`genres::kakurasu`], [`genres::kakuro_cryptic`]); the registry's
//! [`GenreId`](genres::GenreId) names them and [`genres::dispatch`] runs work that is generic
//! over the genre. A puzzle is read with its genre's `Genre::parse_*` (or an operation's
//! `PuzzleSource`), with the genre's own format readers, or with its `Puzzle::new`, and every
//! one of them checks it against the genre's structure rules (docs/architecture.md lists the
//! public ways to get a puzzle). The library builds without the HTTP layer and the CLI
//! (`--no-default-features`); with the `server` feature, `http` is the service, and the `cli`
//! feature builds the `sumpuzzles` command. How the layers
//! fit, and what adding a genre takes: `docs/architecture.md`.
//!
//! # Generate
//!
//! The same genre, shape, level, seed and generator version give the same puzzle on every
//! machine.
//!
//! ```
//! use sumpuzzles::ops::{self, GenerateRequest};
//! use sumpuzzles::{Budget, Level};
//!
//! let request: GenerateRequest =
//!     ops::from_json(br####"{"genre": "kakuro", "shape": "6x6", "level": "easy", "seed": 7}"####)
//!         .unwrap();
//! let report = ops::generate(&request, &mut Budget::new(ops::GENERATE_BUDGET)).unwrap();
//! assert_eq!(report.level, Level::Easy);
//! assert!(report.id.starts_with("kakuro:6x6:"));
//! let again = ops::generate(&request, &mut Budget::new(ops::GENERATE_BUDGET)).unwrap();
//! assert_eq!(again.id, report.id);
//! ```
//!
//! # Solve
//!
//! ```
//! use sumpuzzles::ops::{self, SolveRequest};
//! use sumpuzzles::Budget;
//!
//! let request: SolveRequest = ops::from_json(br####"{"id": "kakuro:3x3:DbAb/4.6.3.7"}"####).unwrap();
//! let report = ops::solve(&request, &mut Budget::new(ops::DEFAULT_BUDGET)).unwrap();
//! assert!(report.unique);
//! assert_eq!(report.solutions, [["###", "#12", "#34"]]);
//! ```
//!
//! # Rate
//!
//! ```
//! use sumpuzzles::ops::{self, RateRequest, RatingStatus};
//! use sumpuzzles::{Budget, Level};
//!
//! let request: RateRequest =
//!     ops::from_json(br####"{"genre": "kakuro", "puzzle": {"grid": ["# 4/ 6/", "/3 . .", "/7 . ."]}}"####)
//!         .unwrap();
//! let report = ops::rate(&request, &mut Budget::new(ops::DEFAULT_BUDGET)).unwrap();
//! assert_eq!(report.status, RatingStatus::Rated);
//! assert_eq!(report.level, Some(Level::Easy));
//! ```
//!
//! # Check
//!
//! ```
//! use sumpuzzles::ops::{self, CheckRequest};
//!
//! let wrong: CheckRequest =
//!     ops::from_json(br####"{"id": "kakuro:3x3:DbAb/4.6.3.7", "answer": ["###", "#13", "#34"]}"####)
//!         .unwrap();
//! let report = ops::check(&wrong).unwrap();
//! assert!(!report.solved);
//! assert!(!report.violations.is_empty());
//!
//! let right: CheckRequest =
//!     ops::from_json(br####"{"id": "kakuro:3x3:DbAb/4.6.3.7", "answer": "###\n#12\n#34"}"####)
//!         .unwrap();
//! assert!(ops::check(&right).unwrap().solved);
//! ```
//!
//! # Hint
//!
//! ```
//! use sumpuzzles::ops::{self, HintRequest};
//! use sumpuzzles::Budget;
//!
//! let request: HintRequest =
//!     ops::from_json(br####"{"id": "kakuro:3x3:DbAb/4.6.3.7", "answer": ["###", "#..", "#.."]}"####)
//!         .unwrap();
//! let report = ops::hint(&request, &mut Budget::new(ops::DEFAULT_BUDGET)).unwrap();
//! assert!(!report.hint.explanation.is_empty());
//! ```
//!
//! # Render
//!
//! ```
//! use sumpuzzles::ops::{self, RenderRequest};
//! use sumpuzzles::Budget;
//!
//! let request: RenderRequest =
//!     ops::from_json(br####"{"id": "kakuro:3x3:DbAb/4.6.3.7", "solution": true}"####).unwrap();
//! let svg = ops::render(&request, &mut Budget::new(ops::DEFAULT_BUDGET)).unwrap();
//! assert!(svg.starts_with("<svg"));
//! ```
//!
//! # Format
//!
//! Every form of a puzzle from any one of them: its ID, text, JSON object and (Kakuro)
//! puzz.link URL.
//!
//! ```
//! use sumpuzzles::ops::{self, FormatRequest};
//! use sumpuzzles::genres::GenreId;
//!
//! let request: FormatRequest =
//!     ops::from_json(br####"{"genre": "kakuro", "text": "# 4/ 6/\n/3 . .\n/7 . ."}"####).unwrap();
//! let forms = ops::format(&request).unwrap();
//! assert_eq!(forms.genre, GenreId::Kakuro);
//! assert_eq!(forms.id, "kakuro:3x3:DbAb/4.6.3.7");
//! ```
//!
//! # Errors
//!
//! ```
//! use sumpuzzles::ops::{self, ProblemDetails, SolveRequest};
//! use sumpuzzles::{Budget, Error, Progress, Stage};
//!
//! let request: SolveRequest = ops::from_json(br####"{"id": "kakuro:3x3:DbAb/4.6.3.7"}"####).unwrap();
//! let error = ops::solve(&request, &mut Budget::new(1)).unwrap_err();
//! let progress = Progress { steps: 1, budget: 1, stage: Stage::Solving };
//! assert_eq!(error, Error::Exhausted(progress));
//! let problem = ProblemDetails::from(&error);
//! assert_eq!((problem.status, problem.stage.as_deref()), (422, Some("solving")));
//! ```

#![warn(missing_docs)]

pub(crate) mod core;
pub mod genres;
#[cfg(feature = "server")]
pub mod http;
pub mod ops;
#[cfg(feature = "print")]
pub mod print;

pub use crate::core::{
    assess, generate_in_range, Assessment, Budget, CancelFlag, Deduction, Descriptors, DigitSet,
    Error, GenerateParams, Generated, GenerationStats, Grid, Hint, HintKind, InputError,
    InputErrorKind, InputProblem, Level, Location, Placement, Progress, Rating, Removal, Score,
    ScoreRange, SearchStats, SeededRng, Shape, SolveOutcome, Stage, Stop, Strategy, TargetLevel,
    Uniqueness, Verdict, Workload, SCORE_VERSION,
};

/// How often a search looks at its deadline and cancellation flag, in steps. Public for the
/// tests that pin how soon a cancelled search stops; not part of the API.
#[doc(hidden)]
pub use crate::core::budget::CHECK_INTERVAL;
/// The seeds a score-range request tries. Public for the tests and examples that walk them;
/// not part of the API.
#[doc(hidden)]
pub use crate::core::score_range::{candidate_seeds, MAX_CANDIDATES};
