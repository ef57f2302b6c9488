//! The pieces every genre shares: digit sets, the step budget, the seeded random stream,
//! input errors, and the result types of solving and rating.

pub mod budget;
pub mod digits;
pub mod error;
pub mod hint;
pub mod outcome;
pub mod puzzlink;
pub mod rating;
pub mod rng;
pub mod search;
pub mod svg;

pub use budget::{Budget, CancelFlag, Stop};
pub use digits::DigitSet;
pub use error::{puzzle_object_keys, Error, InputError, InputErrorKind, Location, Problem};
pub use outcome::{Contradiction, Halt, SolveOutcome};
pub use rating::{Deduction, Level, Placement, Rating, Removal, TargetLevel};
pub use rng::SeededRng;
pub mod grid;
pub use grid::{Grid, Shape};
pub mod generate;
pub mod queue;
pub mod text;
pub use generate::{GenerateParams, Generated, GenerationStats};
pub use queue::IndexQueue;
