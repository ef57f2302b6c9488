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
use super::in_order::first_in_order;
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
///
/// The candidates are examined in order; with a budget that allows more than one thread
/// ([`Budget::with_threads`]), the next ones are examined ahead of their turn on threads of
/// their own (`first_in_order`). So the puzzle, `stats` and the budget's verdict are those
/// of the candidates examined one after another, on every machine and with any number of
/// threads; work on candidates after the kept one is wasted and not counted, at most one
/// candidate a thread.
pub fn generate_in_range<P: Send, S: Send>(
    params: &GenerateParams,
    range: ScoreRange,
    budget: &mut Budget,
    generate: impl Fn(&GenerateParams, &mut Budget) -> Result<Generated<P, S>, Error> + Sync,
) -> Result<InRange<P, S>, Error> {
    let start = budget.used();
    let (mut attempts, mut restarts) = (0, 0);
    let seeds: Vec<u64> = candidate_seeds(params.seed)
        .take(MAX_CANDIDATES as usize)
        .collect();
    let candidate = |index: usize| GenerateParams {
        seed: seeds[index],
        ..*params
    };
    let kept = first_in_order(
        seeds.len(),
        budget,
        |index, budget| generate(&candidate(index), budget),
        |index, mut generated: Generated<P, S>| {
            attempts += generated.stats.attempts;
            restarts += generated.stats.restarts;
            let in_range = generated
                .rating
                .score()
                .is_some_and(|score| range.contains(score));
            in_range.then(|| {
                generated.stats.attempts = attempts;
                generated.stats.restarts = restarts;
                InRange {
                    generated,
                    rejected: index as u64,
                }
            })
        },
    )?;
    if let Some(mut kept) = kept {
        kept.generated.stats.steps = budget.used() - start;
        return Ok(kept);
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

    /// Candidates examined ahead on other threads give what examining them one after another
    /// gives: the same puzzle and stats, and the same verdict of a budget just large enough
    /// or one step short (with the same progress), with any number of threads.
    #[test]
    fn candidates_examined_ahead_give_what_one_after_another_gives() {
        use crate::core::Shape;
        use crate::genres::kakuro::generate::generate;
        let hard = TargetLevel::Exactly(Level::Hard);
        let params = GenerateParams {
            shape: Shape::new(6, 6),
            level: hard,
            seed: 3,
        };
        // The range of one score, the first from the fourth candidate on that no candidate
        // before it has: the candidates before it are rejected.
        let scores: Vec<Score> = candidate_seeds(params.seed)
            .take(12)
            .map(|seed| {
                let candidate = GenerateParams { seed, ..params };
                let made = generate(&candidate, &mut Budget::new(1 << 40)).unwrap();
                made.rating.score().unwrap()
            })
            .collect();
        let kept = (3..scores.len())
            .find(|&index| !scores[..index].contains(&scores[index]))
            .expect("a score of its own among twelve candidates");
        let range = ScoreRange {
            min: scores[kept],
            max: scores[kept],
        };
        let run = |steps: u64, threads: usize| {
            let mut budget = Budget::new(steps).with_threads(threads);
            let outcome = generate_in_range(&params, range, &mut budget, generate);
            (format!("{outcome:?}"), budget.progress())
        };
        let one = generate_in_range(&params, range, &mut Budget::new(1 << 40), generate).unwrap();
        assert_eq!(one.rejected, kept as u64);
        let steps = one.generated.stats.steps;
        let alone = run(1 << 40, 1);
        for threads in [2, 3, 8] {
            assert_eq!(run(1 << 40, threads), alone, "{threads} threads");
        }
        // And they were examined on the other threads: this one examined only some of them.
        let here = std::thread::current().id();
        let on_this_thread = std::sync::atomic::AtomicUsize::new(0);
        let counting = |candidate: &GenerateParams, budget: &mut Budget| {
            if std::thread::current().id() == here {
                on_this_thread.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
            }
            generate(candidate, budget)
        };
        let elsewhere = std::sync::atomic::AtomicUsize::new(0);
        let counting = |candidate: &GenerateParams, budget: &mut Budget| {
            if std::thread::current().id() != here {
                elsewhere.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
            }
            counting(candidate, budget)
        };
        // A clock that advances a nanosecond between two readings on a thread: each thread
        // started beside this one adds one to what the helpers are said to have spent.
        fn ticks() -> std::time::Duration {
            thread_local!(static READ: std::cell::Cell<u64> = const { std::cell::Cell::new(0) });
            std::time::Duration::from_nanos(READ.with(|read| read.replace(read.get() + 1)))
        }
        let mut budget = Budget::new(1 << 40).with_threads(4).with_cpu_clock(ticks);
        generate_in_range(&params, range, &mut budget, counting).unwrap();
        assert!(
            on_this_thread.into_inner() < kept,
            "every candidate examined here"
        );
        let elsewhere = elsewhere.into_inner();
        assert!(elsewhere > 0);
        assert_eq!(budget.helpers_cpu_time().as_nanos(), elsewhere as u128);
        for budget in [steps, steps - 1] {
            let alone = run(budget, 1);
            assert_eq!(alone.0.starts_with("Ok("), budget == steps, "{}", alone.0);
            for threads in [2, 5] {
                assert_eq!(
                    run(budget, threads),
                    alone,
                    "{budget} steps, {threads} threads"
                );
            }
        }
    }
}
