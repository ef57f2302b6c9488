//! What every generator takes and gives back.

use super::{Rating, Shape, TargetLevel};

/// What to generate: the same parameters and generator version always give the same puzzle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GenerateParams {
    /// The grid's rows and columns (within the genre's shape limits).
    pub shape: Shape,
    /// The level the puzzle must rate at.
    pub level: TargetLevel,
    /// The seed of the random stream (the API takes 0 to 2^63-1).
    pub seed: u64,
}

impl GenerateParams {
    /// The number of the random stream for these parameters (the seed keys it): the shape and
    /// the level, so that each shape and level draws its own sequence.
    pub fn stream(&self) -> u64 {
        let level = match self.level {
            TargetLevel::Exactly(level) => level as u64,
            TargetLevel::Any => 15,
        };
        ((self.shape.rows as u64) << 16) | ((self.shape.cols as u64) << 8) | level
    }
}

/// How much work a generation took.
#[cfg_attr(feature = "server", derive(utoipa::ToSchema))]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct GenerationStats {
    /// Candidate puzzles screened (each fill and each changed version of it).
    pub attempts: u64,
    /// Times the generator threw a candidate away and started over with a new layout.
    pub restarts: u64,
    /// Budget steps used.
    pub steps: u64,
    /// Wall-clock time of the generation in milliseconds (the only field that varies between
    /// two runs with the same parameters).
    pub elapsed_ms: u64,
}

/// A generated puzzle with everything the service reports about it.
#[derive(Clone, Debug)]
pub struct Generated<P, S> {
    /// The puzzle, with exactly one solution.
    pub puzzle: P,
    /// Its solution.
    pub solution: S,
    /// Its rating, at the requested level.
    pub rating: Rating,
    /// The seed it was generated with.
    pub seed: u64,
    /// The generator's version: with the parameters, it determines the puzzle.
    pub generator_version: u32,
    /// How much work it took.
    pub stats: GenerationStats,
}
