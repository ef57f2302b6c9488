//! Sum puzzles: generate, rate, solve and check Kakuro, Kakurasu and cryptic Kakuro.
//!
//! The library is usable without the HTTP layer (build with `--no-default-features`). Each
//! genre lives in its own folder under [`genres`] behind the [`genres::Genre`] trait; the
//! shared pieces (digit sets, the step budget, the seeded random stream, errors and result
//! types) are in [`core`]. [`ops`] is every operation as a typed request and report, which
//! the doors (the HTTP service in [`http`], the CLI) only read, run and send; see
//! `docs/architecture.md`.

pub mod core;
pub mod genres;
#[cfg(feature = "server")]
pub mod http;
pub mod ops;

pub use crate::core::{
    Budget, CancelFlag, DigitSet, Error, InputError, Level, Rating, Shape, SolveOutcome, Stop,
    TargetLevel,
};
pub use genres::{dispatch, Genre, GenreId, GenreVisitor, Registered};
