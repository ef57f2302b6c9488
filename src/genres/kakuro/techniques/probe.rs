//! Hypotheses: what would follow if a cell held a digit. Shared by the two contradiction
//! techniques.
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
//! A hypothesis is a deterministic function of the candidates of the cells it read. Each
//! result on the real candidates is kept with those cells and their candidates at the time;
//! while they are unchanged the result is reused instead of recomputed (between two
//! contradiction deductions most of the grid stays as it was). Run narrowings are kept too,
//! keyed by the run and its candidates. The budget is charged only for work actually done.

use std::cell::RefCell;
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

/// The refuted digits of one cell and the chain that refuted the first of them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Refutation {
    pub cell: usize,
    pub digits: DigitSet,
    pub steps: u32,
}

enum Deduction {
    Broken,
    Made,
    None,
}

/// Runs hypotheses against one layout.
pub struct Prober<'s, 'l> {
    solver: &'s Solver<'l>,
    /// Results on the real candidates, by [`Prober::slot`].
    remembered: RefCell<Vec<Remembered>>,
    fits: RefCell<FitCache>,
    reads: RefCell<ReadSet>,
    /// Buffers of finished hypotheses, for the next ones.
    spare: RefCell<Vec<Scratch>>,
}

/// A hypothesis result on the real candidates and what it depended on.
#[derive(Default)]
struct Remembered {
    /// False until a result is kept here.
    known: bool,
    refuted_at: Option<u32>,
    /// The cells it read, with their candidates before the hypothesis.
    read: Vec<(u32, DigitSet)>,
}

/// The cells read by the outermost hypothesis under way.
struct ReadSet {
    recording: bool,
    generation: u32,
    stamp: Vec<u32>,
    cells: Vec<u32>,
}

/// A hypothesis's own buffers.
struct Scratch {
    queue: VecDeque<u32>,
    queued: Vec<bool>,
    undo: Vec<(u32, DigitSet)>,
}

impl Scratch {
    fn push_run(&mut self, run: usize) {
        if !self.queued[run] {
            self.queued[run] = true;
            self.queue.push_back(run as u32);
        }
    }

    fn pop_run(&mut self) -> Option<usize> {
        let run = self.queue.pop_front()? as usize;
        self.queued[run] = false;
        Some(run)
    }
}

impl<'s, 'l> Prober<'s, 'l> {
    pub fn new(solver: &'s Solver<'l>) -> Prober<'s, 'l> {
        let cells = solver.layout().white_count();
        Prober {
            solver,
            remembered: RefCell::new(Vec::new()),
            fits: RefCell::new(FitCache::new()),
            reads: RefCell::new(ReadSet {
                recording: false,
                generation: 0,
                stamp: vec![0; cells],
                cells: Vec::new(),
            }),
            spare: RefCell::new(Vec::new()),
        }
    }

    /// True when `cell` is one the technique tries.
    fn eligible(cands: &[DigitSet], cell: usize, limits: Limits) -> bool {
        let count = cands[cell].len();
        count >= 2 && count <= limits.max_candidates
    }

    /// The step in which assuming `digit` in `cell` breaks a rule, if it does within the
    /// limits. `cands` is left as it was.
    pub fn refutes(
        &self,
        cands: &mut [DigitSet],
        cell: usize,
        digit: u8,
        limits: Limits,
        budget: &mut Budget,
    ) -> Result<Option<u32>, Stop> {
        // Nested hypotheses run on hypothetical candidates that rarely recur: not kept.
        if self.reads.borrow().recording {
            return self.run_hypothesis(cands, cell, digit, limits, budget);
        }
        let slot =
            (usize::from(limits.uses_hard) * cands.len() + cell) * 9 + usize::from(digit) - 1;
        {
            let mut remembered = self.remembered.borrow_mut();
            if remembered.is_empty() {
                remembered.resize_with(cands.len() * 18, Remembered::default);
            }
        }
        {
            let remembered = &self.remembered.borrow()[slot];
            if remembered.known
                && remembered
                    .read
                    .iter()
                    .all(|&(c, set)| cands[c as usize] == set)
            {
                return Ok(remembered.refuted_at);
            }
        }
        {
            let mut reads = self.reads.borrow_mut();
            reads.recording = true;
            reads.generation = reads.generation.wrapping_add(1);
            reads.cells.clear();
        }
        self.note_cell(cell as u32);
        let result = self.run_hypothesis(cands, cell, digit, limits, budget);
        let mut reads = self.reads.borrow_mut();
        reads.recording = false;
        let refuted_at = result?;
        let remembered = &mut self.remembered.borrow_mut()[slot];
        remembered.known = true;
        remembered.refuted_at = refuted_at;
        remembered.read.clear();
        remembered
            .read
            .extend(reads.cells.iter().map(|&c| (c, cands[c as usize])));
        Ok(refuted_at)
    }

    fn note_cell(&self, cell: u32) {
        let mut reads = self.reads.borrow_mut();
        let generation = reads.generation;
        if reads.stamp[cell as usize] != generation {
            reads.stamp[cell as usize] = generation;
            reads.cells.push(cell);
        }
    }

    fn run_hypothesis(
        &self,
        cands: &mut [DigitSet],
        cell: usize,
        digit: u8,
        limits: Limits,
        budget: &mut Budget,
    ) -> Result<Option<u32>, Stop> {
        let runs = self.solver.layout().runs.len();
        let mut scratch = self.spare.borrow_mut().pop().unwrap_or_else(|| Scratch {
            queue: VecDeque::new(),
            queued: vec![false; runs],
            undo: Vec::new(),
        });
        scratch.undo.push((cell as u32, cands[cell]));
        cands[cell] = DigitSet::single(digit);
        for run in self.solver.layout().runs_of(cell) {
            scratch.push_run(run);
        }
        let mut steps = 0;
        let result = loop {
            if steps >= limits.max_steps {
                break Ok(None);
            }
            let deduction = match self.next_deduction(cands, &mut scratch, budget) {
                Ok(Deduction::None) if limits.uses_hard => {
                    self.hard_deduction(cands, &mut scratch, budget)
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
        for &(cell, old) in scratch.undo.iter().rev() {
            cands[cell as usize] = old;
        }
        scratch.undo.clear();
        while scratch.pop_run().is_some() {}
        self.spare.borrow_mut().push(scratch);
        result
    }

    /// The next run narrowing that changes something (or breaks a rule), in queue order.
    fn next_deduction(
        &self,
        cands: &mut [DigitSet],
        scratch: &mut Scratch,
        budget: &mut Budget,
    ) -> Result<Deduction, Stop> {
        let layout = self.solver.layout();
        let mut before = [DigitSet::EMPTY; MAX_RUN];
        let mut after = [DigitSet::EMPTY; MAX_RUN];
        while let Some(run) = scratch.pop_run() {
            budget.step()?;
            let cells = &layout.runs[run].cells;
            let len = cells.len();
            if len > MAX_RUN {
                return Ok(Deduction::Broken);
            }
            for (slot, &cell) in before.iter_mut().zip(cells) {
                *slot = cands[cell as usize];
                self.note_cell(cell);
            }
            let fits = self.fits.borrow_mut().fit(
                run as u32,
                &before[..len],
                self.solver.run_combos(run),
                &mut after[..len],
            );
            if !fits {
                return Ok(Deduction::Broken);
            }
            let mut changed = false;
            for i in 0..len {
                if after[i] != before[i] {
                    let cell = cells[i] as usize;
                    scratch.undo.push((cell as u32, before[i]));
                    cands[cell] = after[i];
                    changed = true;
                    for other in layout.runs_of(cell) {
                        if other != run {
                            scratch.push_run(other);
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
        scratch: &mut Scratch,
        budget: &mut Budget,
    ) -> Result<Deduction, Stop> {
        let mut zone: Vec<usize> = scratch
            .undo
            .iter()
            .map(|&(cell, _)| cell as usize)
            .collect();
        zone.sort_unstable();
        zone.dedup();
        let Some(refutation) = self.first_among(cands, &zone, SHORT, budget)? else {
            return Ok(Deduction::None);
        };
        let cell = refutation.cell;
        let left = cands[cell] - refutation.digits;
        if left.is_empty() {
            return Ok(Deduction::Broken);
        }
        scratch.undo.push((cell as u32, cands[cell]));
        cands[cell] = left;
        for run in self.solver.layout().runs_of(cell) {
            scratch.push_run(run);
        }
        Ok(Deduction::Made)
    }

    /// The technique's next deduction over the whole grid (see "Which cell").
    pub fn first_refutation(
        &self,
        cands: &mut [DigitSet],
        limits: Limits,
        budget: &mut Budget,
    ) -> Result<Option<Refutation>, Stop> {
        let cells: Vec<usize> = (0..cands.len()).collect();
        self.first_among(cands, &cells, limits, budget)
    }

    /// [`Prober::first_refutation`] over some cells only, in the order given.
    fn first_among(
        &self,
        cands: &mut [DigitSet],
        cells: &[usize],
        limits: Limits,
        budget: &mut Budget,
    ) -> Result<Option<Refutation>, Stop> {
        for &cell in cells {
            if !Self::eligible(cands, cell, limits) {
                continue;
            }
            let mut found: Option<Refutation> = None;
            for digit in cands[cell].iter() {
                if let Some(steps) = self.refutes(cands, cell, digit, limits, budget)? {
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
