//! Screening a candidate (the techniques, then the exact solver within their candidates, then
//! a full rating), and proving and rating the finished puzzle.

use std::collections::HashMap;

use crate::core::{Budget, Error, Level, Rating, Stop, TargetLevel};
use crate::genres::kakuro::model::{Puzzle, Rules};
use crate::genres::kakuro::{solution_grid, Solution};
use crate::genres::sum_grid::rate::{grade, grade_easy_and_medium_as_one, rate_layout};
use crate::genres::sum_grid::solve::Solver;

use super::candidate::Candidate;

/// Solver steps to look for up to 4 solutions within the techniques' candidates.
const SOLVER_STEPS: u64 = 4096;
/// Steps a full rating of one candidate may take before the candidate is dropped.
const GRADE_STEPS: u64 = 2_000_000;

/// What a generation screens its candidates for: the level it wants and the techniques the
/// screening and the full rating use, fixed by the generator's settings for the whole run.
#[derive(Clone, Copy, Debug)]
pub(super) struct Screening {
    /// The level asked for.
    pub(super) target: TargetLevel,
    /// The hardest level the screening techniques use.
    pub(super) screen: Level,
    /// The hardest level the full rating of a unique candidate uses: cells it leaves open are
    /// repaired like an ambiguity's.
    pub(super) rating_ceiling: Level,
}

/// What screening found.
#[derive(Clone, Debug, PartialEq)]
pub(super) enum Verdict {
    /// Done: exactly one solution and the requested level.
    Done,
    /// Unique but easier than requested.
    TooEasy,
    /// Several solutions or unresolved cells; `varying` are cells that differ between the
    /// solutions found, `open` the cells the techniques left open.
    Ambiguous {
        solutions: usize,
        varying: Vec<usize>,
        open: Vec<usize>,
    },
}

impl Verdict {
    /// How far from done: solutions found, then unresolved cells (lower is better).
    pub(super) fn ambiguity(&self) -> (usize, usize) {
        match self {
            Verdict::Ambiguous {
                solutions, open, ..
            } => (*solutions, open.len()),
            _ => (0, 0),
        }
    }
}

/// Puzzles a candidate has already been screened as, by their run sums, with the verdict and
/// the steps the screening took. Repairs of a stuck candidate often come back to a puzzle they
/// had already made: at 16x16 expert, seeds 0-19, 66,472 of 103,938 screenings, mostly cheap
/// ones (the CPU time fell by a fifth; docs/benchmarks.md, "Generation tails").
#[derive(Default)]
pub(super) struct Screened {
    verdicts: HashMap<Vec<u16>, (Verdict, u64)>,
    /// About the bytes `verdicts` holds.
    bytes: usize,
}

/// The bytes [`Screened`] holds at most before it forgets every puzzle: a bound on a
/// generation's memory. A 16x16 candidate's puzzles take about 600 bytes each, and one meets a
/// few thousand at most; a 32x32 candidate's take a few KB.
const SCREENED_BYTES: usize = 4 << 20;

impl Screening {
    /// Screens the candidate as [`Screening::screen`] does, or gives the verdict it had when
    /// its sums were screened before, charging the steps that took. The screening depends on
    /// nothing but the layout and its sums (the settings are fixed), and its steps on nothing
    /// but those, as long as the budget holds them: a remembered verdict is used only when its
    /// steps fit in what is left, as work done ahead of its turn is ([`first_in_order`]),
    /// otherwise the candidate is screened again and runs out as it would. So verdicts, steps
    /// and the budget's verdict are those of screening every time.
    ///
    /// [`first_in_order`]: crate::core::in_order::first_in_order
    pub(super) fn screen_once(
        &self,
        candidate: &Candidate,
        screened: &mut Screened,
        budget: &mut Budget,
    ) -> Result<Verdict, Stop> {
        let sums: Vec<u16> = candidate.layout.runs.iter().map(|run| run.sum).collect();
        if let Some((verdict, steps)) = screened.verdicts.get(&sums) {
            if *steps <= budget.remaining() {
                budget.spend(*steps)?;
                return Ok(verdict.clone());
            }
        }
        let start = budget.used();
        let verdict = self.screen(candidate, budget)?;
        let cells = match &verdict {
            Verdict::Ambiguous { varying, open, .. } => varying.len() + open.len(),
            _ => 0,
        };
        let bytes = 128 + sums.len() * size_of::<u16>() + cells * size_of::<usize>();
        if screened.bytes + bytes > SCREENED_BYTES {
            screened.verdicts.clear();
            screened.bytes = 0;
        }
        screened.bytes += bytes;
        screened
            .verdicts
            .insert(sums, (verdict.clone(), budget.used() - start));
        Ok(verdict)
    }

    /// Screens the candidate as the module documentation describes.
    pub(super) fn screen(
        &self,
        candidate: &Candidate,
        budget: &mut Budget,
    ) -> Result<Verdict, Stop> {
        let target = self.target;
        let solver = Solver::new(&candidate.layout);
        // When the target takes an Easy puzzle exactly when it takes a Medium one (a hard or
        // expert target neither, `any` both), the Easy pass tells nothing the Medium one does
        // not, and is skipped: the same candidates, the same verdict, fewer steps.
        let screened = if self.screen == Level::Medium
            && target.accepts(Level::Easy) == target.accepts(Level::Medium)
        {
            grade_easy_and_medium_as_one(&solver, budget)?
        } else {
            grade(&solver, self.screen, budget)?
        };
        if let Some(level) = screened.level {
            return Ok(if target.accepts(level) {
                Verdict::Done
            } else {
                Verdict::TooEasy
            });
        }
        let open: Vec<usize> = screened.open_cells().collect();
        // Up to Medium, candidates the techniques neither solved nor broke are where no run's
        // fit narrows any more, and the search need not filter every run again first.
        let settled = self.screen >= Level::Medium && !screened.broken;
        let outcome = budget.sub_search(SOLVER_STEPS, |search| {
            if settled {
                solver.solve_settled(screened.cands.clone(), 4, search)
            } else {
                solver.solve(screened.cands.clone(), 4, search)
            }
        })?;
        if let Some(stop @ (Stop::Cancelled | Stop::DeadlineExceeded)) = outcome.stopped {
            return Err(stop);
        }
        let unique = outcome.complete && outcome.count() == 1;
        if unique && self.screen < self.wanted_ceiling() {
            let full = budget.sub_search(GRADE_STEPS, |rating| {
                grade(&solver, self.rating_ceiling, rating)
            })?;
            let full = match full {
                Ok(full) => full,
                Err(Stop::Exhausted) => {
                    // Too costly to rate: treat as beyond reach and keep repairing.
                    return Ok(Verdict::Ambiguous {
                        solutions: 1,
                        varying: Vec::new(),
                        open,
                    });
                }
                Err(stop) => return Err(stop),
            };
            return Ok(match full.level {
                Some(level) if target.accepts(level) => Verdict::Done,
                Some(Level::BeyondExpert) | None => Verdict::Ambiguous {
                    solutions: 1,
                    varying: Vec::new(),
                    open: full.open_cells().collect(),
                },
                Some(_) => Verdict::TooEasy,
            });
        }
        let varying = varying_cells(&outcome.solutions);

        let solutions = if outcome.complete {
            outcome.count().max(1)
        } else {
            5
        };
        Ok(Verdict::Ambiguous {
            solutions,
            varying,
            open,
        })
    }

    /// The hardest level the target can need.
    fn wanted_ceiling(&self) -> Level {
        match self.target {
            TargetLevel::Exactly(level) => level,
            TargetLevel::Any => Level::Expert,
        }
    }

    /// Proves the finished candidate and rates it with the recording rater.
    pub(super) fn finish(
        &self,
        candidate: &Candidate,
        budget: &mut Budget,
    ) -> Result<Option<(Puzzle, Solution, Rating)>, Error> {
        let puzzle = candidate.puzzle();
        let Ok(layout) = puzzle.layout(Rules::Strict) else {
            return Ok(None);
        };
        let solver = Solver::new(&layout);
        let outcome = solver.solve(solver.full_candidates(), 2, budget);
        if let Some(stop) = outcome.stopped {
            return Err(stop.into());
        }
        if outcome.count() != 1 {
            return Ok(None);
        }
        let rating = rate_layout(&layout, budget);
        if !self.target.takes(&rating, budget)? {
            return Ok(None);
        }
        let solution = solution_grid(&layout, &outcome.solutions[0]);
        Ok(Some((puzzle, solution, rating)))
    }
}

/// Cells whose digit differs between the solutions.
fn varying_cells(solutions: &[Vec<u8>]) -> Vec<usize> {
    let Some(first) = solutions.first() else {
        return Vec::new();
    };
    (0..first.len())
        .filter(|&cell| solutions.iter().any(|s| s[cell] != first[cell]))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::{Screened, Verdict};
    use crate::core::{Budget, GenerateParams, Level, SeededRng, Shape, TargetLevel};
    use crate::genres::kakuro::generate::{filled_grid, Generator, Layouts};
    use crate::genres::kakuro::model::Rules;
    use crate::genres::sum_grid::rate::{grade, grade_easy_and_medium_as_one};
    use crate::genres::sum_grid::solve::Solver;

    /// The two shortcuts the screening takes give what the long way gives: the Easy and Medium
    /// techniques as one pass leave `grade`'s candidates (a puzzle they solve rated Medium),
    /// and the search from those candidates finds the same solutions in the same steps,
    /// whether it finishes, reaches its limit or runs out of budget. On filled grids (one
    /// solution at least) and on the same grids with some sums moved by one (often none, so
    /// that a rule breaks).
    #[test]
    fn the_screening_shortcuts_change_nothing_but_work() {
        let mut rng = SeededRng::new(32, 5);
        let mut checked = [0usize; 3];
        for seed in 0..60u64 {
            let side = [6, 8, 10, 12, 16][seed as usize % 5];
            let params = GenerateParams {
                shape: Shape::new(side, side),
                level: TargetLevel::Exactly(Level::Expert),
                seed,
            };
            let (puzzle, _) = filled_grid(&params, &mut Budget::unlimited()).unwrap();
            let mut layout = puzzle.layout(Rules::Strict).unwrap();
            for moved in 0..3 {
                for _ in 0..moved * 2 {
                    let run = rng.index(layout.runs.len());
                    let sum = &mut layout.runs[run].sum;
                    *sum = if rng.chance(1, 2) { *sum + 1 } else { *sum - 1 };
                }
                let solver = Solver::new(&layout);
                let long = grade(&solver, Level::Medium, &mut Budget::unlimited()).unwrap();
                let short =
                    grade_easy_and_medium_as_one(&solver, &mut Budget::unlimited()).unwrap();
                assert_eq!(short.cands, long.cands, "seed {seed}, {moved}");
                assert_eq!(short.broken, long.broken, "seed {seed}, {moved}");
                assert_eq!(short.level, long.level.map(|_| Level::Medium));
                if long.broken {
                    checked[2] += 1;
                }
                if long.level.is_some() || long.broken {
                    continue;
                }
                checked[usize::from(moved > 0)] += 1;
                for steps in [4096, 200, 60, 7] {
                    let full = solver.solve(long.cands.clone(), 4, &mut Budget::new(steps));
                    let settled =
                        solver.solve_settled(long.cands.clone(), 4, &mut Budget::new(steps));
                    assert_eq!(settled.solutions, full.solutions, "seed {seed}, {steps}");
                    assert_eq!(settled.complete, full.complete);
                    assert_eq!(settled.stopped, full.stopped);
                    assert_eq!(settled.steps, full.steps, "seed {seed}, {steps}");
                }
            }
        }
        // Open puzzles with and without moved sums, and broken ones, were all met.
        assert!(checked.iter().all(|&n| n >= 5), "{checked:?}");
    }

    /// A remembered verdict is what screening the puzzle again gives, with the same steps
    /// charged, and a budget too small for those steps fails as screening again fails: with
    /// exactly as many steps, one fewer, half as many and none. On the puzzles candidates of
    /// several sizes go through as they are repaired (ambiguous), changed at random (too easy)
    /// and finished (done).
    #[test]
    fn a_remembered_verdict_is_the_screening_and_its_steps() {
        let mut met = [0usize; 3];
        for seed in 0..24u64 {
            let side = [5, 6, 7, 8][seed as usize % 4];
            let level = [Level::Hard, Level::Expert][seed as usize % 2];
            let params = GenerateParams {
                shape: Shape::new(side, side),
                level: TargetLevel::Exactly(level),
                seed,
            };
            let mut generator = Generator::new(&params);
            let mut layouts = Layouts::new(generator.settings.run_limit);
            let mut candidate = generator
                .next_candidate(&mut layouts, &mut Budget::unlimited())
                .unwrap();
            let mut screened = Screened::default();
            for _ in 0..400 {
                candidate.update_sums();
                let mut first = Budget::unlimited();
                let verdict = generator
                    .settings
                    .screening
                    .screen_once(&candidate, &mut screened, &mut first)
                    .unwrap();
                let steps = first.used();
                for limit in [1 << 40, steps, steps.saturating_sub(1), steps / 2, 0] {
                    let mut again = Budget::new(limit);
                    let screening = generator.settings.screening.screen(&candidate, &mut again);
                    let mut remembering = Budget::new(limit);
                    let remembered = generator.settings.screening.screen_once(
                        &candidate,
                        &mut screened,
                        &mut remembering,
                    );
                    assert_eq!(remembered, screening, "seed {seed}, {limit} of {steps}");
                    assert_eq!(remembering.used(), again.used(), "seed {seed}, {limit}");
                }
                match verdict {
                    Verdict::Ambiguous { varying, open, .. } => {
                        met[0] += 1;
                        let pool = if varying.is_empty() { open } else { varying };
                        let cell = *generator.rng.pick(&pool).unwrap();
                        generator.repair_cell(&mut candidate, cell);
                    }
                    Verdict::TooEasy => {
                        met[1] += 1;
                        let cell = generator.rng.index(candidate.digits.len());
                        generator.change_randomly(&mut candidate, cell);
                    }
                    Verdict::Done => {
                        met[2] += 1;
                        break;
                    }
                }
            }
        }
        assert!(met.iter().all(|&n| n >= 5), "{met:?}");
    }
}
