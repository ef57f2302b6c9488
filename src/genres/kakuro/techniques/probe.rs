//! Hypotheses: what would follow if a cell held a digit. Shared by the two contradiction
//! techniques.
//!
//! # Steps
//! A hypothesis writes the digit into the cell and then proceeds in steps. A step is one
//! round in which every run that the previous step touched is narrowed, all at once from the
//! candidates as they stood at the start of the round, by the Easy and Medium techniques
//! (together they leave each cell the digits it gets in some way of filling the run:
//! `combination_fit`, which includes `digit_used`, `single`, `sum_combinations` and
//! `only_cell`). A rule breaks when a run has no way left or a cell no digit. A chain's length
//! is the number of the step in which a rule breaks; a round that changes nothing is not a step.
//!
//! When the rounds change nothing and the hypothesis may use Hard techniques (the Expert
//! `contradiction`), the next step is a round of `short_contradiction` over the cells the
//! hypothesis has changed so far: every digit of such a cell (with at most 3 candidates) that
//! a short hypothesis refutes within 6 steps goes, all at once. Looking only at the changed
//! cells is what a person following the consequences of an assumption does, and it keeps an
//! Expert hypothesis from re-examining the whole grid at every step.
//!
//! Hypotheses run on one shared candidate array and undo their changes when they finish, so
//! memory stays one grid however deep the nesting.

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

enum Round {
    Broken,
    Progress,
    Fixpoint,
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
        let mut undo: Vec<(u32, DigitSet)> = vec![(cell as u32, cands[cell])];
        cands[cell] = DigitSet::single(digit);
        let mut dirty: Vec<u32> = self
            .solver
            .layout()
            .runs_of(cell)
            .map(|r| r as u32)
            .collect();
        let mut steps = 0;
        let mut result = Ok(None);
        while steps < max_steps.min(limits.max_steps) {
            let round = match self.medium_round(cands, &mut dirty, &mut undo, budget) {
                Ok(Round::Fixpoint) if limits.uses_hard => {
                    self.hard_round(cands, &mut dirty, &mut undo, budget)
                }
                other => other,
            };
            match round {
                Ok(Round::Broken) => {
                    result = Ok(Some(steps + 1));
                    break;
                }
                Ok(Round::Progress) => steps += 1,
                Ok(Round::Fixpoint) => break,
                Err(stop) => {
                    result = Err(stop);
                    break;
                }
            }
        }
        for &(cell, old) in undo.iter().rev() {
            cands[cell as usize] = old;
        }
        result
    }

    /// One round of Easy and Medium techniques over the dirty runs, from the round's start.
    fn medium_round(
        &self,
        cands: &mut [DigitSet],
        dirty: &mut Vec<u32>,
        undo: &mut Vec<(u32, DigitSet)>,
        budget: &mut Budget,
    ) -> Result<Round, Stop> {
        if dirty.is_empty() {
            return Ok(Round::Fixpoint);
        }
        dirty.sort_unstable();
        dirty.dedup();
        let layout = self.solver.layout();
        let mut updates: Vec<(u32, DigitSet)> = Vec::new();
        let mut before = [DigitSet::EMPTY; MAX_RUN];
        let mut after = [DigitSet::EMPTY; MAX_RUN];
        for &run in dirty.iter() {
            budget.step()?;
            let cells = &layout.runs[run as usize].cells;
            let len = cells.len();
            if len > MAX_RUN {
                return Ok(Round::Broken);
            }
            for (slot, &cell) in before.iter_mut().zip(cells) {
                *slot = cands[cell as usize];
            }
            if !fit_run(
                &before[..len],
                self.solver.run_combos(run as usize),
                &mut after[..len],
            ) {
                dirty.clear();
                return Ok(Round::Broken);
            }
            for i in 0..len {
                if after[i] != before[i] {
                    updates.push((cells[i], after[i]));
                }
            }
        }
        dirty.clear();
        self.apply(cands, &updates, dirty, undo)
    }

    /// Narrows cells to `updates` (intersecting), recording undo entries and dirty runs.
    fn apply(
        &self,
        cands: &mut [DigitSet],
        updates: &[(u32, DigitSet)],
        dirty: &mut Vec<u32>,
        undo: &mut Vec<(u32, DigitSet)>,
    ) -> Result<Round, Stop> {
        let mut progress = false;
        for &(cell, mask) in updates {
            let old = cands[cell as usize];
            let new = old & mask;
            if new == old {
                continue;
            }
            if new.is_empty() {
                return Ok(Round::Broken);
            }
            undo.push((cell, old));
            cands[cell as usize] = new;
            progress = true;
            dirty.extend(
                self.solver
                    .layout()
                    .runs_of(cell as usize)
                    .map(|r| r as u32),
            );
        }
        Ok(if progress {
            Round::Progress
        } else {
            Round::Fixpoint
        })
    }

    /// One round of `short_contradiction` over the cells this hypothesis changed.
    fn hard_round(
        &self,
        cands: &mut [DigitSet],
        dirty: &mut Vec<u32>,
        undo: &mut Vec<(u32, DigitSet)>,
        budget: &mut Budget,
    ) -> Result<Round, Stop> {
        let mut zone: Vec<usize> = undo.iter().map(|&(cell, _)| cell as usize).collect();
        zone.sort_unstable();
        zone.dedup();
        let mut updates = Vec::new();
        for cell in zone {
            if !Self::eligible(cands, cell, SHORT) {
                continue;
            }
            let mut refuted = DigitSet::EMPTY;
            for digit in cands[cell].iter() {
                if self
                    .refutes(cands, cell, digit, SHORT, SHORT.max_steps, budget)?
                    .is_some()
                {
                    refuted.insert(digit);
                }
            }
            if !refuted.is_empty() {
                updates.push((cell as u32, cands[cell] - refuted));
            }
        }
        self.apply(cands, &updates, dirty, undo)
    }

    /// Every eligible cell's refuted digits (for bulk application where only the fixpoint
    /// matters).
    pub fn refute_all(
        &self,
        cands: &mut [DigitSet],
        limits: Limits,
        budget: &mut Budget,
    ) -> Result<Vec<Refutation>, Stop> {
        let mut found = Vec::new();
        for cell in 0..cands.len() {
            if !Self::eligible(cands, cell, limits) {
                continue;
            }
            let mut refutation = Refutation {
                cell,
                digits: DigitSet::EMPTY,
                steps: u32::MAX,
            };
            for digit in cands[cell].iter() {
                if let Some(steps) =
                    self.refutes(cands, cell, digit, limits, limits.max_steps, budget)?
                {
                    refutation.digits.insert(digit);
                    refutation.steps = refutation.steps.min(steps);
                }
            }
            if !refutation.digits.is_empty() {
                found.push(refutation);
            }
        }
        Ok(found)
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
        let mut best: Option<Refutation> = None;
        for cell in 0..cands.len() {
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
