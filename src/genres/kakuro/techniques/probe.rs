//! Hypotheses: what would follow if a cell held a digit. Shared by the two contradiction
//! techniques.
//!
//! # Steps
//! A hypothesis writes the digit into the cell and then makes deductions, and a step is one
//! deduction, as in the rater's record: one run narrowed by the Easy and Medium techniques
//! together (each cell keeps the digits it gets in some way of filling the run, which is
//! `combination_fit` and includes `digit_used`, `single`, `sum_combinations` and `only_cell`).
//! Only a narrowing that changes something counts. Deductions follow the assumption breadth
//! first: the runs of the assumed cell in run order, then the runs of the cells those
//! deductions changed, in the order they changed, each run queued once at a time. A rule
//! breaks when a run has no way left to fill it or a cell no digit; the chain's length is the
//! number of the step that breaks it.
//!
//! When no run can narrow any more and the hypothesis may use Hard techniques (the Expert
//! `contradiction`), the next step is one `short_contradiction` deduction among the cells the
//! hypothesis has changed: the cell with the shortest refutation (first in reading order on a
//! tie) loses every digit refuted within 6 steps. Looking only at the changed cells is what a
//! person following the consequences of an assumption does.
//!
//! Hypotheses run on one shared candidate array and undo their changes when they finish, so
//! memory stays one grid however deep the nesting.

use std::collections::VecDeque;

use crate::core::{Budget, DigitSet, Stop};
use crate::genres::kakuro::combos::fit_run;
use crate::genres::kakuro::model::MAX_RUN;
use crate::genres::kakuro::solve::Solver;

/// What a hypothesis may use and how far it may go.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Only cells with at most this many candidates are tried.
    pub max_candidates: u32,
    /// A rule must break within this many steps.
    pub max_steps: u32,
    /// Whether a stalled hypothesis may take a `short_contradiction` step.
    pub uses_hard: bool,
}

/// `short_contradiction`: at most 3 candidates, 6 steps, Easy and Medium techniques.
pub const SHORT: Limits = Limits {
    max_candidates: 3,
    max_steps: 6,
    uses_hard: false,
};

/// `contradiction`: at most 4 candidates, 20 steps, techniques up to Hard.
pub const LONG: Limits = Limits {
    max_candidates: 4,
    max_steps: 20,
    uses_hard: true,
};

enum Deduction {
    Broken,
    Made,
    None,
}

/// Runs hypotheses against one layout.
pub struct Prober<'s, 'l> {
    solver: &'s Solver<'l>,
}

/// The refuted digits of one cell and the shortest chain that refuted one of them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Refutation {
    pub cell: usize,
    pub digits: DigitSet,
    pub steps: u32,
}

impl<'s, 'l> Prober<'s, 'l> {
    pub fn new(solver: &'s Solver<'l>) -> Prober<'s, 'l> {
        Prober { solver }
    }

    /// True when `cell` is one the technique tries.
    fn eligible(cands: &[DigitSet], cell: usize, limits: Limits) -> bool {
        let count = cands[cell].len();
        count >= 2 && count <= limits.max_candidates
    }

    /// The step in which assuming `digit` in `cell` breaks a rule, if it does within
    /// `max_steps` (at most `limits.max_steps`). `cands` is left as it was.
    pub fn refutes(
        &self,
        cands: &mut [DigitSet],
        cell: usize,
        digit: u8,
        limits: Limits,
        max_steps: u32,
        budget: &mut Budget,
    ) -> Result<Option<u32>, Stop> {
        let max_steps = max_steps.min(limits.max_steps);
        let mut undo: Vec<(u32, DigitSet)> = vec![(cell as u32, cands[cell])];
        cands[cell] = DigitSet::single(digit);
        let mut queue = VecDeque::new();
        self.enqueue_runs(cell, &mut queue);
        let mut steps = 0;
        let result = loop {
            if steps >= max_steps {
                break Ok(None);
            }
            let deduction = match self.next_deduction(cands, &mut queue, &mut undo, budget) {
                Ok(Deduction::None) if limits.uses_hard => {
                    self.hard_deduction(cands, &mut queue, &mut undo, budget)
                }
                other => other,
            };
            match deduction {
                Ok(Deduction::Broken) => break Ok(Some(steps + 1)),
                Ok(Deduction::Made) => steps += 1,
                Ok(Deduction::None) => break Ok(None),
                Err(stop) => break Err(stop),
            }
        };
        for &(cell, old) in undo.iter().rev() {
            cands[cell as usize] = old;
        }
        result
    }

    fn enqueue_runs(&self, cell: usize, queue: &mut VecDeque<u32>) {
        for run in self.solver.layout().runs_of(cell) {
            if !queue.contains(&(run as u32)) {
                queue.push_back(run as u32);
            }
        }
    }

    /// The next run narrowing that changes something (or breaks a rule), in queue order.
    fn next_deduction(
        &self,
        cands: &mut [DigitSet],
        queue: &mut VecDeque<u32>,
        undo: &mut Vec<(u32, DigitSet)>,
        budget: &mut Budget,
    ) -> Result<Deduction, Stop> {
        let layout = self.solver.layout();
        let mut before = [DigitSet::EMPTY; MAX_RUN];
        let mut after = [DigitSet::EMPTY; MAX_RUN];
        while let Some(run) = queue.pop_front() {
            budget.step()?;
            let cells = &layout.runs[run as usize].cells;
            let len = cells.len();
            if len > MAX_RUN {
                return Ok(Deduction::Broken);
            }
            for (slot, &cell) in before.iter_mut().zip(cells) {
                *slot = cands[cell as usize];
            }
            if !fit_run(
                &before[..len],
                self.solver.run_combos(run as usize),
                &mut after[..len],
            ) {
                return Ok(Deduction::Broken);
            }
            let mut changed = false;
            for i in 0..len {
                if after[i] != before[i] {
                    let cell = cells[i] as usize;
                    undo.push((cell as u32, before[i]));
                    cands[cell] = after[i];
                    changed = true;
                    for other in layout.runs_of(cell) {
                        if other != run as usize && !queue.contains(&(other as u32)) {
                            queue.push_back(other as u32);
                        }
                    }
                }
            }
            if changed {
                return Ok(Deduction::Made);
            }
        }
        Ok(Deduction::None)
    }

    /// One `short_contradiction` deduction among the cells this hypothesis changed.
    fn hard_deduction(
        &self,
        cands: &mut [DigitSet],
        queue: &mut VecDeque<u32>,
        undo: &mut Vec<(u32, DigitSet)>,
        budget: &mut Budget,
    ) -> Result<Deduction, Stop> {
        let mut zone: Vec<usize> = undo.iter().map(|&(cell, _)| cell as usize).collect();
        zone.sort_unstable();
        zone.dedup();
        let Some(refutation) = self.shortest_among(cands, &zone, SHORT, budget)? else {
            return Ok(Deduction::None);
        };
        let cell = refutation.cell;
        let left = cands[cell] - refutation.digits;
        if left.is_empty() {
            return Ok(Deduction::Broken);
        }
        undo.push((cell as u32, cands[cell]));
        cands[cell] = left;
        self.enqueue_runs(cell, queue);
        Ok(Deduction::Made)
    }

    /// The technique's next deduction: among the cells with a refuted digit, the one with the
    /// shortest chain (the first in reading order on a tie), with every digit of that cell
    /// refuted within the limits.
    pub fn shortest(
        &self,
        cands: &mut [DigitSet],
        limits: Limits,
        budget: &mut Budget,
    ) -> Result<Option<Refutation>, Stop> {
        let cells: Vec<usize> = (0..cands.len()).collect();
        self.shortest_among(cands, &cells, limits, budget)
    }

    /// [`Prober::shortest`] over some cells only (in the order given).
    fn shortest_among(
        &self,
        cands: &mut [DigitSet],
        cells: &[usize],
        limits: Limits,
        budget: &mut Budget,
    ) -> Result<Option<Refutation>, Stop> {
        let mut best: Option<Refutation> = None;
        for &cell in cells {
            if !Self::eligible(cands, cell, limits) {
                continue;
            }
            // A later cell must beat the best chain strictly, so it need not look further.
            let cap = best.map_or(limits.max_steps, |b| b.steps - 1);
            if cap == 0 {
                break;
            }
            for digit in cands[cell].iter() {
                if let Some(steps) = self.refutes(cands, cell, digit, limits, cap, budget)? {
                    if best.is_none_or(|b| steps < b.steps) {
                        best = Some(Refutation {
                            cell,
                            digits: DigitSet::EMPTY,
                            steps,
                        });
                    }
                }
            }
        }
        let Some(mut best) = best else {
            return Ok(None);
        };
        for digit in cands[best.cell].iter() {
            if self
                .refutes(cands, best.cell, digit, limits, limits.max_steps, budget)?
                .is_some()
            {
                best.digits.insert(digit);
            }
        }
        Ok(Some(best))
    }
}
