//! The pieces every genre shares: digit sets, the step budget, the seeded random stream,
//! input errors, and the result types of solving and rating.

pub mod assess;
pub mod budget;
pub mod descriptors;
pub mod digits;
pub mod error;
pub mod hint;
pub mod outcome;
pub mod probe;
pub mod puzzlink;
pub mod rating;
pub mod rng;
pub mod score;
pub mod score_range;
pub mod search;
pub mod svg;

pub use assess::{assess, Assessment, Uniqueness};
pub use budget::{Budget, CancelFlag, Stop};
pub use descriptors::Descriptors;
pub use digits::DigitSet;
pub use error::{puzzle_object_keys, Error, InputError, InputErrorKind, Location, Problem};
pub use outcome::{Contradiction, Halt, SolveOutcome};
pub use rating::{Deduction, Level, Placement, Rating, Removal, TargetLevel, Verdict};
pub use rng::SeededRng;
pub use score::{Score, Workload, SCORE_VERSION};
pub use score_range::{generate_in_range, ScoreRange};
pub mod grid;
pub use grid::{Grid, Shape};
pub mod generate;
pub mod queue;
pub mod text;
pub use generate::{GenerateParams, Generated, GenerationStats};
pub use queue::IndexQueue;
