//! Hypotheses: what would follow if a cell held a digit. Shared by the two contradiction
//! techniques; the algorithm is [`crate::core::probe`]'s, over runs.
//!
//! # Steps
//! A hypothesis writes the digit into the cell and then makes deductions, and a step is one
//! deduction, as in the rater's record: one run narrowed by the Easy and Medium techniques
//! together (each cell keeps the digits it gets in some way of filling the run, which is
//! `combination_fit` and includes `digit_used`, `single`, `sum_combinations` and `only_cell`).
//! Only a narrowing that changes something counts. Deductions follow the assumption breadth
//! first: the across run and then the down run of the assumed cell, then the runs of the cells those
//! deductions changed, in the order they changed, each run queued once at a time. A rule
//! breaks when a run has no way left to fill it or a cell no digit; the chain's length is the
//! number of the step that breaks it, and it must be at most the technique's limit.
//!
//! When no run can narrow any more and the hypothesis may use Hard techniques (the Expert
//! `contradiction`), the next step is one `short_contradiction` deduction among the cells the
//! hypothesis has changed. Looking only at the changed cells is what a person following the
//! consequences of an assumption does.
//!
//! # Which cell
//! A contradiction deduction takes the first cell in reading order (among the cells the
//! technique looks at) with a refuted digit, and removes every digit of that cell refuted
//! within the limit. Reading order rather than the shortest chain: a person scans the grid,
//! and the scan can stop at the first success instead of trying every cell.
//!
//! # Reuse
//! A hypothesis is a deterministic function of the candidates of the cells it read: the
//! assumed cell and the cells of every run it narrowed. Each result on the real candidates is
//! kept with those cells and their candidates at the time; while they are unchanged the result
//! is reused instead of recomputed (between two contradiction deductions most of the grid stays
//! as it was; see [`crate::core::probe`]). Run narrowings are kept too, keyed by the run and its
//! candidates. The budget is charged only for work actually done.

use std::cell::RefCell;

use crate::core::probe::{self, Effects, Hypotheses, Hypothesis, Narrowed, Step};
use crate::core::{Budget, DigitSet, Stop};
use crate::genres::sum_grid::combos::fit_run;
use crate::genres::sum_grid::layout::MAX_RUN;
use crate::genres::sum_grid::solve::Solver;

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

/// The refuted digits of one cell and the chain that refuted the first of them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Refutation {
    pub cell: usize,
    pub digits: DigitSet,
    pub steps: u32,
}

/// Runs hypotheses against one layout.
pub struct Prober<'s, 'l> {
    /// Borrowed for each scan; nested hypotheses go through the scan's borrow.
    inner: RefCell<probe::Prober<Runs<'s, 'l>>>,
}

impl<'s, 'l> Prober<'s, 'l> {
    pub fn new(solver: &'s Solver<'l>) -> Prober<'s, 'l> {
        Prober {
            inner: RefCell::new(probe::Prober::new(Runs {
                solver,
                fits: FitCache::new(),
            })),
        }
    }

    /// The technique's next deduction over the whole grid (see "Which cell").
    pub fn first_refutation(
        &self,
        cands: &mut [DigitSet],
        limits: Limits,
        budget: &mut Budget,
    ) -> Result<Option<Refutation>, Stop> {
        let cells: Vec<usize> = (0..cands.len()).collect();
        first_among(&mut self.inner.borrow_mut(), cands, &cells, limits, budget)
    }
}

/// True when `cell` is one the technique tries.
fn eligible(cands: &[DigitSet], cell: usize, limits: Limits) -> bool {
    let count = cands[cell].len();
    count >= 2 && count <= limits.max_candidates
}

/// [`Prober::first_refutation`] over some cells only, in the order given.
fn first_among(
    prober: &mut probe::Prober<Runs>,
    cands: &mut [DigitSet],
    cells: &[usize],
    limits: Limits,
    budget: &mut Budget,
) -> Result<Option<Refutation>, Stop> {
    for &cell in cells {
        if !eligible(cands, cell, limits) {
            continue;
        }
        let mut found: Option<Refutation> = None;
        for digit in cands[cell].iter() {
            if let Some(steps) =
                prober.refutes(cands, cell, digit, limits, limits.max_steps, budget)?
            {
                let refutation = found.get_or_insert(Refutation {
                    cell,
                    digits: DigitSet::EMPTY,
                    steps,
                });
                refutation.digits.insert(digit);
            }
        }
        if found.is_some() {
            return Ok(found);
        }
    }
    Ok(None)
}

/// The runs as the constraints of hypotheses on the cells' candidates.
struct Runs<'s, 'l> {
    solver: &'s Solver<'l>,
    fits: FitCache,
}

impl Hypotheses for Runs<'_, '_> {
    type State = [DigitSet];
    type Var = usize;
    type Value = u8;
    type Mode = Limits;
    /// A cell and the candidates it had.
    type Undo = (u32, DigitSet);
    /// A cell's candidates.
    type Read = DigitSet;

    fn constraint_count(&self) -> usize {
        self.solver.layout().runs.len()
    }

    fn part_count(&self) -> usize {
        self.solver.layout().white_count()
    }

    fn slot_count(&self, cands: &[DigitSet]) -> usize {
        cands.len() * 18
    }

    fn slot(&self, cell: usize, digit: u8, limits: Limits) -> usize {
        let cells = self.solver.layout().white_count();
        (usize::from(limits.uses_hard) * cells + cell) * 9 + usize::from(digit) - 1
    }

    #[inline]
    fn assume(
        &mut self,
        cands: &mut [DigitSet],
        cell: usize,
        digit: u8,
        effects: &mut Effects<'_, Self>,
    ) {
        effects.read(cell);
        effects.changed((cell as u32, cands[cell]));
        cands[cell] = DigitSet::single(digit);
        for run in self.solver.layout().runs_of(cell) {
            effects.queue(run);
        }
    }

    /// One run narrowed by the Easy and Medium techniques together.
    #[inline]
    fn narrow(
        &mut self,
        cands: &mut [DigitSet],
        run: usize,
        _limits: Limits,
        effects: &mut Effects<'_, Self>,
    ) -> Narrowed {
        let layout = self.solver.layout();
        let mut before = [DigitSet::EMPTY; MAX_RUN];
        let mut after = [DigitSet::EMPTY; MAX_RUN];
        let cells = &layout.runs[run].cells;
        let len = cells.len();
        if len > MAX_RUN {
            return Narrowed::Broken;
        }
        for (slot, &cell) in before.iter_mut().zip(cells) {
            *slot = cands[cell as usize];
            effects.read(cell as usize);
        }
        let fits = self.fits.fit(
            run as u32,
            &before[..len],
            self.solver.run_combos(run),
            &mut after[..len],
        );
        if !fits {
            return Narrowed::Broken;
        }
        let mut changed = Narrowed::Unchanged;
        for i in 0..len {
            if after[i] != before[i] {
                let cell = cells[i] as usize;
                effects.changed((cell as u32, before[i]));
                cands[cell] = after[i];
                changed = Narrowed::Changed;
                for other in layout.runs_of(cell) {
                    if other != run {
                        effects.queue(other);
                    }
                }
            }
        }
        changed
    }

    #[inline]
    fn restore(cands: &mut [DigitSet], &(cell, old): &(u32, DigitSet)) {
        cands[cell as usize] = old;
    }

    #[inline]
    fn read(cands: &[DigitSet], cell: usize) -> DigitSet {
        cands[cell]
    }

    /// With the Hard techniques (the Expert `contradiction`): one `short_contradiction`
    /// deduction among the cells this hypothesis has changed.
    fn stalled(
        prober: &mut probe::Prober<Self>,
        cands: &mut [DigitSet],
        hypothesis: &mut Hypothesis<(u32, DigitSet)>,
        limits: Limits,
        budget: &mut Budget,
    ) -> Result<Step, Stop> {
        if !limits.uses_hard {
            return Ok(Step::None);
        }
        let mut zone: Vec<usize> = hypothesis
            .undo
            .iter()
            .map(|&(cell, _)| cell as usize)
            .collect();
        zone.sort_unstable();
        zone.dedup();
        let Some(refutation) = first_among(prober, cands, &zone, SHORT, budget)? else {
            return Ok(Step::None);
        };
        let cell = refutation.cell;
        let left = cands[cell] - refutation.digits;
        if left.is_empty() {
            return Ok(Step::Broken);
        }
        hypothesis.undo.push((cell as u32, cands[cell]));
        cands[cell] = left;
        for run in prober.hypotheses.solver.layout().runs_of(cell) {
            hypothesis.queue.push(run);
        }
        Ok(Step::Made)
    }
}

/// Run narrowings already computed: hypotheses from one grid meet the same run states again
/// and again. Direct-mapped on a hash of the run and its candidates; a slot keeps the last.
/// A slot is `[run + 1 (0 = empty), fits, before x 9, after x 9]`, all `u16`, so the table
/// starts as zeroed memory the system hands out lazily.
struct FitCache {
    slots: Vec<[u16; 20]>,
}

const FIT_SLOTS: usize = 1 << 12;

impl FitCache {
    fn new() -> FitCache {
        FitCache {
            slots: vec![[0u16; 20]; FIT_SLOTS],
        }
    }

    fn fit(
        &mut self,
        run: u32,
        before: &[DigitSet],
        combos: &[DigitSet],
        after: &mut [DigitSet],
    ) -> bool {
        let Ok(tag) = u16::try_from(run + 1) else {
            return fit_run(before, combos, after);
        };
        let mut hash = u64::from(run).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        for set in before {
            hash = (hash ^ u64::from(set.bits())).wrapping_mul(0x0000_0100_0000_01B3);
        }
        let slot = &mut self.slots[(hash >> 32) as usize % FIT_SLOTS];
        let len = before.len();
        if slot[0] == tag
            && before
                .iter()
                .zip(&slot[2..2 + len])
                .all(|(set, &bits)| set.bits() == bits)
        {
            for (set, &bits) in after.iter_mut().zip(&slot[11..11 + len]) {
                *set = DigitSet::from_bits(bits);
            }
            return slot[1] == 1;
        }
        let fits = fit_run(before, combos, after);
        slot[0] = tag;
        slot[1] = u16::from(fits);
        for (i, set) in before.iter().enumerate() {
            slot[2 + i] = set.bits();
        }
        for (i, set) in after.iter().enumerate() {
            slot[11 + i] = set.bits();
        }
        fits
    }
}
