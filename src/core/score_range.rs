//! Generating by score: a puzzle of the requested level whose score lies in a range.
//!
//! The generators aim at a level, not a score, so [`generate_in_range`] asks the genre's
//! generator for candidates in a fixed order and keeps the first whose score is in range:
//! the first candidate is the requested seed's own puzzle, the next ones come from seeds
//! drawn from a stream keyed by the requested seed ([`candidate_seeds`]). So the same
//! parameters and range give the same puzzle on every machine, the puzzle's own seed
//! regenerates it without a range, and without a range nothing changes at all. At most
//! [`MAX_CANDIDATES`] candidates are tried (a range the shape hardly reaches is refused
//! rather than searched for until the budget runs out); running out of budget is an error,
//! never a different puzzle.

use std::fmt;

use super::generate::{GenerateParams, Generated};
use super::rating::TargetLevel;
use super::rng::SeededRng;
use super::score::Score;
use super::{Budget, Error, InputError};

/// Candidates tried before a range is given up on.
pub const MAX_CANDIDATES: u64 = 256;
/// The random stream of the candidates' seeds ("SCORE").
const STREAM: u64 = 0x0053_434F_5245;
/// The largest seed (the API's seeds are 0 to 2^63-1).
const MAX_SEED: u64 = (1 << 63) - 1;

/// The scores a generated puzzle must have, both ends included.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ScoreRange {
    /// The lowest score taken.
    pub min: Score,
    /// The highest score taken.
    pub max: Score,
}

impl ScoreRange {
    /// The range `min` to `max` (either end open when absent: 1.0 and 10.0) for puzzles of
    /// `level`; `None` when neither end is given. An input error when `min` is above `max`,
    /// or the range misses the level's band (no puzzle of the level could have such a
    /// score), or the level is beyond expert (which has no score).
    pub fn for_level(
        min: Option<Score>,
        max: Option<Score>,
        level: TargetLevel,
    ) -> Result<Option<ScoreRange>, InputError> {
        if min.is_none() && max.is_none() {
            return Ok(None);
        }
        let range = ScoreRange {
            min: min.unwrap_or(Score::MIN),
            max: max.unwrap_or(Score::MAX),
        };
        if range.min > range.max {
            return Err(InputError::limits(format!(
                "score_min {} is above score_max {}",
                range.min, range.max
            )));
        }
        if let TargetLevel::Exactly(level) = level {
            let Some(band) = Score::band(level) else {
                return Err(InputError::limits(format!("{level} puzzles have no score")));
            };
            if range.max < *band.start() || range.min > *band.end() {
                return Err(InputError::limits(format!(
                    "{level} puzzles score {} to {}: the score range {range} holds none of them",
                    band.start(),
                    band.end()
                )));
            }
        }
        Ok(Some(range))
    }

    /// Whether `score` is in the range, both ends included.
    pub fn contains(&self, score: Score) -> bool {
        (self.min..=self.max).contains(&score)
    }
}

impl fmt::Display for ScoreRange {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}", self.min, self.max)
    }
}

/// The seeds of the candidates for `seed`, in the order they are tried: `seed` itself, then
/// draws from the stream it keys (each below 2^63, as the API's seeds are).
pub fn candidate_seeds(seed: u64) -> impl Iterator<Item = u64> {
    let mut rng = SeededRng::new(seed, STREAM);
    std::iter::once(seed).chain(std::iter::repeat_with(move || rng.next_u64() & MAX_SEED))
}

/// A puzzle generated within a score range.
#[derive(Clone, Debug)]
pub struct InRange<P, S> {
    /// The puzzle; its `seed` is the candidate's, which gives the same puzzle without a
    /// range, and its stats count every candidate's work.
    pub generated: Generated<P, S>,
    /// Candidates whose score was out of range before this one (0: the requested seed's own
    /// puzzle).
    pub rejected: u64,
}

/// Generates with `generate` (the genre's generator) until a candidate scores in `range`
/// (see the module documentation).
pub fn generate_in_range<P, S>(
    params: &GenerateParams,
    range: ScoreRange,
    budget: &mut Budget,
    mut generate: impl FnMut(&GenerateParams, &mut Budget) -> Result<Generated<P, S>, Error>,
) -> Result<InRange<P, S>, Error> {
    let start = budget.used();
    let (mut attempts, mut restarts) = (0, 0);
    for (rejected, seed) in (0..MAX_CANDIDATES).zip(candidate_seeds(params.seed)) {
        budget.check_cancelled()?;
        let mut generated = generate(&GenerateParams { seed, ..*params }, budget)?;
        attempts += generated.stats.attempts;
        restarts += generated.stats.restarts;
        if generated
            .rating
            .score()
            .is_some_and(|score| range.contains(score))
        {
            generated.stats.attempts = attempts;
            generated.stats.restarts = restarts;
            generated.stats.steps = budget.used() - start;
            return Ok(InRange {
                generated,
                rejected,
            });
        }
    }
    let level = match params.level {
        TargetLevel::Exactly(level) => level.name(),
        TargetLevel::Any => "easy to expert",
    };
    Err(InputError::limits(format!(
        "none of {MAX_CANDIDATES} {level} puzzles of shape {} scored {range}: try a wider score range, another shape or another level",
        params.shape
    ))
    .into())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::Level;

    fn score(text: &str) -> Option<Score> {
        Some(text.parse().unwrap())
    }

    #[test]
    fn a_range_must_meet_the_levels_band() {
        let hard = TargetLevel::Exactly(Level::Hard);
        assert_eq!(ScoreRange::for_level(None, None, hard), Ok(None));
        let range = ScoreRange::for_level(score("6.0"), None, hard)
            .unwrap()
            .unwrap();
        assert_eq!(range.to_string(), "6.0-10.0");
        // Overlapping the band is enough.
        assert!(ScoreRange::for_level(score("4.0"), score("5.0"), hard).is_ok());
        for (min, max) in [("7.0", "8.0"), ("1.0", "4.9"), ("6.0", "5.5")] {
            let error = ScoreRange::for_level(score(min), score(max), hard).unwrap_err();
            assert_eq!(
                error.kind,
                crate::core::InputErrorKind::Limits,
                "{min}-{max}"
            );
        }
        assert!(ScoreRange::for_level(score("9.5"), None, TargetLevel::Any).is_ok());
        assert!(ScoreRange::for_level(
            score("9.5"),
            None,
            TargetLevel::Exactly(Level::BeyondExpert)
        )
        .is_err());
    }

    #[test]
    fn candidate_seeds_start_with_the_seed_and_stay_below_two_to_the_63() {
        let seeds: Vec<u64> = candidate_seeds(7).take(100).collect();
        assert_eq!(seeds[0], 7);
        assert!(seeds.iter().all(|&seed| seed <= MAX_SEED));
        let distinct: std::collections::BTreeSet<_> = seeds.iter().collect();
        assert_eq!(distinct.len(), 100);
        assert_eq!(seeds, candidate_seeds(7).take(100).collect::<Vec<_>>());
        assert_ne!(candidate_seeds(8).nth(1), seeds.get(1).copied());
    }
}
