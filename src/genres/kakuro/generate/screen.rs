//! Screening a candidate (the techniques, then the exact solver within their candidates, then
//! a full rating), and proving and rating the finished puzzle.

use crate::core::{Budget, Error, Level, Rating, Stop, TargetLevel};
use crate::genres::kakuro::model::{Puzzle, Rules};
use crate::genres::kakuro::{solution_grid, Solution};
use crate::genres::sum_grid::rate::{grade, rate_layout};
use crate::genres::sum_grid::solve::Solver;

use super::candidate::Candidate;
use super::{Generator, GRADE_STEPS, SOLVER_STEPS};

/// What screening found.
#[derive(Clone)]
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

impl Generator {
    /// Screens the candidate as the module documentation describes.
    pub(super) fn screen(
        &mut self,
        candidate: &Candidate,
        budget: &mut Budget,
    ) -> Result<Verdict, Stop> {
        let target = self.params.level;
        let solver = Solver::new(&candidate.layout);
        let screened = grade(&solver, self.settings.screen, budget)?;
        if let Some(level) = screened.level {
            return Ok(if target.accepts(level) {
                Verdict::Done
            } else {
                Verdict::TooEasy
            });
        }
        let open: Vec<usize> = screened.open_cells().collect();
        let outcome = budget.sub_search(SOLVER_STEPS, |search| {
            solver.solve(screened.cands.clone(), 4, search)
        })?;
        if let Some(stop @ (Stop::Cancelled | Stop::DeadlineExceeded)) = outcome.stopped {
            return Err(stop);
        }
        let unique = outcome.complete && outcome.count() == 1;
        if unique && self.settings.screen < self.wanted_ceiling() {
            let full = budget.sub_search(GRADE_STEPS, |rating| {
                grade(&solver, self.settings.rating_ceiling, rating)
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
        match self.params.level {
            TargetLevel::Exactly(level) => level,
            TargetLevel::Any => Level::Expert,
        }
    }

    /// Proves the finished candidate and rates it with the recording rater.
    pub(super) fn finish(
        &mut self,
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
        if !self.params.level.takes(&rating, budget)? {
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
