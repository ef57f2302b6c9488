//! The pieces every genre shares: digit sets, the step budget, the seeded random stream,
//! input errors, and the result types of solving and rating.

pub(crate) mod assess;
pub(crate) mod budget;
pub(crate) mod checked;
pub(crate) mod clock;
pub(crate) mod descriptors;
pub(crate) mod digits;
pub(crate) mod error;
pub(crate) mod hint;
pub(crate) mod in_order;
pub(crate) mod level;
pub(crate) mod outcome;
pub(crate) mod probe;
pub(crate) mod puzzlink;
pub(crate) mod rater;
pub(crate) mod rating;
pub(crate) mod rng;
pub(crate) mod score;
pub(crate) mod score_range;
pub(crate) mod search;
pub(crate) mod svg;

pub use assess::{assess, Assessment, Uniqueness};
pub use budget::{Budget, CancelFlag, Progress, Stage, Stop};
pub use clock::Stopwatch;
pub use descriptors::Descriptors;
pub use digits::DigitSet;
pub use error::{
    escaped_except, puzzle_object_keys, Error, InputError, InputErrorKind, InputProblem, Location,
};
pub use hint::{Hint, HintKind};
pub use level::Level;
pub use outcome::{Contradiction, Halt, SolveOutcome};
pub use rating::{Deduction, Placement, Rating, Removal, TargetLevel, Verdict};
pub use rng::SeededRng;
pub use score::{Score, Workload, SCORE_VERSION};
pub use score_range::{generate_in_range, ScoreRange};
pub use search::{SearchStats, Strategy};
pub(crate) mod grid;
pub use grid::{Grid, Shape};
pub(crate) mod generate;
pub(crate) mod queue;
pub(crate) mod text;
pub use generate::{GenerateParams, Generated, GenerationStats};
pub use queue::IndexQueue;
