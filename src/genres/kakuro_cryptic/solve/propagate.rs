//! Propagation: the runs and the letters, to a fixpoint (see the [`super`] documentation).

use crate::core::search::Weigh;
use crate::core::{Budget, Contradiction, DigitSet, Halt};
use crate::genres::sum_grid::combos::reachable_sums;
use crate::genres::sum_grid::layout::MAX_RUN;

use super::equations::{balance, EquationVars};
use super::letters::{all_different, bits, clue_letters, clue_sums, LetterSet};
use super::sums::fit_run_sums;
use super::{DomainModel, Undo};

impl<const EQUATIONS: bool> DomainModel<'_, '_, EQUATIONS> {
    /// Runs the queued runs and the changed letters to the fixpoint; on a halt the queue and
    /// the changed letters are cleared for the next caller. A failed constraint is reported
    /// to `weigh`: a run, or the letters' own reasoning (all different and the equations,
    /// the constraint after the runs).
    pub(super) fn propagate_domains<W: Weigh>(
        &mut self,
        weigh: &mut W,
        budget: &mut Budget,
    ) -> Result<(), Halt> {
        let result = self.propagate_inner(weigh, budget);
        if result.is_err() {
            self.queue.clear();
            self.dirty = 0;
        }
        result
    }

    fn propagate_inner<W: Weigh>(
        &mut self,
        weigh: &mut W,
        budget: &mut Budget,
    ) -> Result<(), Halt> {
        let solver = self.solver;
        let layout = &solver.structure.layout;
        let letters_constraint = layout.runs.len();
        loop {
            // Letters first: they are cheap, and a narrower letter narrows the sums of every
            // run filtered after it.
            if self.dirty != 0 {
                budget.step()?;
                let Ok(narrowed) = all_different(&mut self.domains.letters) else {
                    weigh.failed(letters_constraint);
                    return Err(Halt::Contradiction);
                };
                let changed = self.dirty | narrowed;
                self.dirty = 0;
                // Narrowed letters come back through `dirty`, to the next pass.
                if EQUATIONS && self.balance().is_err() {
                    weigh.failed(letters_constraint);
                    return Err(Halt::Contradiction);
                }
                for letter in bits(changed) {
                    for &run in &solver.letter_runs[letter] {
                        let run = run as usize;
                        let len = layout.runs[run].cells.len();
                        let sums = clue_sums(solver.structure.clues[run], &self.domains.letters)
                            & reachable_sums(len);
                        // A run whose sums did not change would narrow nothing new: its letters'
                        // digits are those of its sums, which the filtering kept.
                        if !EQUATIONS || sums != self.domains.sums[run] {
                            self.set_sums(run, sums);
                            self.queue.push(run);
                        }
                    }
                    let allowed = self.domains.letters[letter].cell_digits();
                    for &cell in &solver.letter_cells[letter] {
                        let cell = cell as usize;
                        let narrowed = self.domains.cells[cell] & allowed;
                        if narrowed != self.domains.cells[cell] {
                            if narrowed.is_empty() {
                                // The cell's runs left it no digit the letter allows.
                                for run in layout.runs_of(cell) {
                                    weigh.failed(run);
                                }
                                return Err(Halt::Contradiction);
                            }
                            self.set_cell(cell, narrowed);
                            for run in layout.runs_of(cell) {
                                self.queue.push(run);
                            }
                        }
                    }
                }
            }
            // The run whose clue allows the fewest sums first: it narrows the most for the
            // least work, and a run with many sums is cheaper once the letters have narrowed.
            let sums = &self.domains.sums;
            let Some(run) = self.queue.pop_min_by_key(|run| sums[run].count_ones()) else {
                if self.dirty == 0 {
                    // Issue 19 hook, adaptive search only: the digit counts at the fixpoint.
                    if EQUATIONS && self.count_digits(budget)? {
                        continue;
                    }
                    return Ok(());
                }
                continue;
            };
            budget.step()?;
            if let Err(halt) = self.filter_run(run) {
                weigh.failed(run);
                return Err(halt);
            }
        }
    }

    /// Issue 19 hook: the digit counts of every connected part
    /// ([`Regions::narrow_counts`](crate::genres::sum_grid::regions::Regions::narrow_counts)),
    /// over the cells and the sums the letters still allow, at the propagation's fixpoint.
    /// Every cell it narrows is noted in the trail and has its runs queued (and the letter it
    /// shows narrowed); true when something changed. Its steps are spent from `budget`; a
    /// contradiction is [`Halt::Contradiction`], with nothing weighed.
    fn count_digits(&mut self, budget: &mut Budget) -> Result<bool, Halt> {
        let solver = self.solver;
        let layout = &solver.structure.layout;
        let trail = &mut self.trail;
        let mut narrowed = Vec::new();
        let changed = solver.regions.narrow_counts(
            &mut self.domains.cells,
            &self.domains.sums,
            budget,
            &mut |cell, old| {
                trail.push(Undo::Cell(cell, old));
                narrowed.push(cell as usize);
            },
        )?;
        for cell in narrowed {
            for run in layout.runs_of(cell) {
                self.queue.push(run);
            }
            if let Some(letter) = solver.structure.shown[cell] {
                let letter = letter.index();
                let kept =
                    self.domains.letters[letter] & LetterSet::from_cell(self.domains.cells[cell]);
                if kept.is_empty() {
                    return Err(Halt::Contradiction);
                }
                if kept != self.domains.letters[letter] {
                    self.domains.letters[letter] = kept;
                    self.dirty |= 1 << letter;
                }
            }
        }
        Ok(changed)
    }

    /// Filters one run against the sums its clue allows, both ways.
    fn filter_run(&mut self, run: usize) -> Result<(), Halt> {
        let solver = self.solver;
        let layout = &solver.structure.layout;
        let cells = &layout.runs[run].cells;
        let len = cells.len();
        if len > MAX_RUN {
            return Err(Halt::Contradiction);
        }
        let clue = solver.structure.clues[run];
        let sums = self.domains.sums[run];
        let mut before = [DigitSet::EMPTY; MAX_RUN];
        let mut after = [DigitSet::EMPTY; MAX_RUN];
        for (slot, &cell) in before.iter_mut().zip(cells) {
            *slot = self.domains.cells[cell as usize];
        }
        let feasible = fit_run_sums(&before[..len], sums, &mut after[..len]);
        if feasible == 0 {
            return Err(Halt::Contradiction);
        }
        for (i, &cell) in cells.iter().enumerate() {
            if after[i] == before[i] {
                continue;
            }
            let cell = cell as usize;
            self.set_cell(cell, after[i]);
            for other in layout.runs_of(cell) {
                if other != run {
                    self.queue.push(other);
                }
            }
            if let Some(letter) = solver.structure.shown[cell] {
                let letter = letter.index();
                let narrowed = self.domains.letters[letter] & LetterSet::from_cell(after[i]);
                if narrowed != self.domains.letters[letter] {
                    self.domains.letters[letter] = narrowed;
                    self.dirty |= 1 << letter;
                }
            }
        }
        for (letter, narrowed) in clue_letters(clue, &self.domains.letters, feasible) {
            if narrowed.is_empty() {
                return Err(Halt::Contradiction);
            }
            if narrowed != self.domains.letters[letter] {
                self.domains.letters[letter] = narrowed;
                self.dirty |= 1 << letter;
            }
        }
        Ok(())
    }
}

impl<const EQUATIONS: bool> DomainModel<'_, '_, EQUATIONS> {
    /// Bounds reasoning on the equations ([`balance`]). Narrowed letters go to the changed
    /// letters; a narrowed cell queues its runs (and narrows the letter it shows).
    pub(super) fn balance(&mut self) -> Result<(), Contradiction> {
        let solver = self.solver;
        balance(&solver.equations, self)
    }
}

/// The equations' variables are the domains; a narrowing is noted for the undo and for the
/// runs and letters it touches.
impl<const EQUATIONS: bool> EquationVars for DomainModel<'_, '_, EQUATIONS> {
    fn letter(&self, letter: usize) -> LetterSet {
        self.domains.letters[letter]
    }

    fn narrow_letter(&mut self, letter: usize, kept: LetterSet) {
        self.domains.letters[letter] = kept;
        self.dirty |= 1 << letter;
    }

    fn cell(&self, cell: usize) -> DigitSet {
        self.domains.cells[cell]
    }

    fn narrow_cell(&mut self, cell: usize, kept: DigitSet) -> Result<(), Contradiction> {
        let structure = self.solver.structure;
        self.set_cell(cell, kept);
        for run in structure.layout.runs_of(cell) {
            self.queue.push(run);
        }
        if let Some(letter) = structure.shown[cell] {
            let letter = letter.index();
            let narrowed = self.domains.letters[letter] & LetterSet::from_cell(kept);
            if narrowed.is_empty() {
                return Err(Contradiction);
            }
            if narrowed != self.domains.letters[letter] {
                self.narrow_letter(letter, narrowed);
            }
        }
        Ok(())
    }
}
