//! The exact solver: run-level filtering to a fixpoint, then branching on a cell's digits.
//!
//! One budget step is one run filtered by `fit_run`. The solver counts solutions up to the
//! caller's limit and stops there: to prove uniqueness it only has to find a second solution
//! or show there is none. How it picks the cell to branch on, and whether it starts over, is a
//! [`Strategy`]; the plain search's choice of cell is in `branch.rs`.

use crate::core::search::{search_with, Model, Weigh, Weighted};
use crate::core::{Budget, DigitSet, IndexQueue, SolveOutcome};

mod branch;

use super::combos::{combos, fit_run};
use super::layout::{Layout, MAX_RUN};
use crate::genres::sum_grid::regions::{union_and_fixed, Regions};
use branch::branch_cell;

/// The solver for one layout; cheap to build, reusable for many candidate states.
pub struct Solver<'a> {
    layout: &'a Layout,
    run_combos: Vec<&'static [DigitSet]>,
}

pub(crate) use crate::core::Halt;

/// The runs waiting to be filtered.
pub type RunQueue = IndexQueue;

/// How the search ([`crate::core::search`]) picks the cell to branch on, and whether it starts
/// over. Under [`Strategy::FewestCandidates`] ties go to the cell whose runs have the fewest
/// open cells; under [`Strategy::Adaptive`] a cell's weight is the weights of its two runs
/// added.
use crate::core::search::Strategy;

impl<'a> Solver<'a> {
    /// A solver for `layout`, with each run's digit combinations.
    pub fn new(layout: &'a Layout) -> Solver<'a> {
        let run_combos = layout
            .runs
            .iter()
            .map(|run| combos(run.cells.len(), run.sum))
            .collect();
        Solver { layout, run_combos }
    }

    /// The layout it solves.
    pub fn layout(&self) -> &Layout {
        self.layout
    }

    /// The combinations of run `run`.
    pub fn run_combos(&self, run: usize) -> &'static [DigitSet] {
        self.run_combos[run]
    }

    /// Every cell with every digit.
    pub fn full_candidates(&self) -> Vec<DigitSet> {
        vec![DigitSet::ALL; self.layout.white_count()]
    }

    /// A queue holding every run.
    pub fn all_runs(&self) -> RunQueue {
        RunQueue::all(self.layout.runs.len())
    }

    /// Filters the queued runs, and the runs their changes reach, until nothing changes.
    pub fn propagate(
        &self,
        cands: &mut [DigitSet],
        queue: &mut RunQueue,
        budget: &mut Budget,
    ) -> Result<(), Halt> {
        self.propagate_logged(cands, queue, budget, &mut ())
    }

    /// [`Solver::propagate`], noting each cell's candidates in `trail` before they change.
    fn propagate_logged(
        &self,
        cands: &mut [DigitSet],
        queue: &mut RunQueue,
        budget: &mut Budget,
        trail: &mut impl Trail,
    ) -> Result<(), Halt> {
        let mut before = [DigitSet::EMPTY; MAX_RUN];
        let mut after = [DigitSet::EMPTY; MAX_RUN];
        while let Some(run) = queue.pop() {
            if let Err(stop) = budget.step() {
                queue.clear();
                return Err(Halt::Stopped(stop));
            }
            let cells = &self.layout.runs[run].cells;
            let len = cells.len();
            let fits = len <= MAX_RUN && {
                for (slot, &cell) in before.iter_mut().zip(cells) {
                    *slot = cands[cell as usize];
                }
                fit_run(&before[..len], self.run_combos[run], &mut after[..len])
            };
            if !fits {
                trail.failed(run);
                queue.clear();
                return Err(Halt::Contradiction);
            }
            for (i, &cell) in cells.iter().enumerate() {
                if after[i] != before[i] {
                    trail.note(cell, before[i]);
                    cands[cell as usize] = after[i];
                    for other in self.layout.runs_of(cell as usize) {
                        if other != run {
                            queue.push(other);
                        }
                    }
                }
            }
        }
        Ok(())
    }

    /// Issue 19 hook: [`Solver::propagate_logged`] to its fixpoint, then, when `regions` is
    /// given (the adaptive search), the reasoning across runs ([`Regions::narrow`]); the runs
    /// of every cell it narrows are queued and filtered again, and so on until neither changes
    /// anything. `regions` is told how many cells were narrowed since its last call: those
    /// noted in `trail` here, plus the one cell the search fixed before calling (a branch;
    /// [`CellModel::assign`]). Its own changes are noted in `trail` before they are made, like
    /// propagation's, so the search undoes them the same way; its steps are spent from
    /// `budget`; a contradiction it finds is [`Halt::Contradiction`], with no run blamed in
    /// `trail`. Without `regions` this is [`Solver::propagate_logged`] exactly.
    fn settle(
        &self,
        cands: &mut [DigitSet],
        queue: &mut RunQueue,
        budget: &mut Budget,
        trail: &mut impl Trail,
        regions: Option<&mut Regions>,
    ) -> Result<(), Halt> {
        let Some(regions) = regions else {
            return self.propagate_logged(cands, queue, budget, trail);
        };
        let mut trail = Counted { trail, notes: 1 };
        loop {
            self.propagate_logged(cands, queue, budget, &mut trail)?;
            let changes = std::mem::take(&mut trail.notes);
            let narrowed = regions.narrow(cands, changes, budget, &mut |cell, old| {
                trail.note(cell, old);
                for run in self.layout.runs_of(cell as usize) {
                    queue.push(run);
                }
            });
            match narrowed {
                Ok(true) => {}
                Ok(false) => return Ok(()),
                Err(halt) => {
                    queue.clear();
                    return Err(halt);
                }
            }
        }
    }

    /// Counts solutions from `cands`, up to `limit`, returning the ones found (digit per white
    /// cell, in white-cell order), with [`Strategy::FewestCandidates`].
    pub fn solve(
        &self,
        cands: Vec<DigitSet>,
        limit: usize,
        budget: &mut Budget,
    ) -> SolveOutcome<Vec<u8>> {
        self.solve_with(Strategy::FewestCandidates, cands, limit, budget)
    }

    /// Counts solutions from `cands`, up to `limit`, searching with `strategy`; the adaptive
    /// search also reasons across runs (`Regions`, issue 19), the plain one keeps its steps
    /// and its order, which the generator and the rater depend on.
    pub fn solve_with(
        &self,
        strategy: Strategy,
        cands: Vec<DigitSet>,
        limit: usize,
        budget: &mut Budget,
    ) -> SolveOutcome<Vec<u8>> {
        let mut model = self.model(cands, strategy, false);
        search_with(&mut model, strategy, limit, budget)
    }

    /// The search's state from `cands`: every run queued, or, when they are `settled`
    /// ([`Solver::solve_settled`]), none, with the steps of filtering them all to charge.
    fn model(&self, cands: Vec<DigitSet>, strategy: Strategy, settled: bool) -> CellModel<'_, 'a> {
        let runs = self.layout.runs.len();
        CellModel {
            solver: self,
            cands,
            queue: if settled {
                RunQueue::new(runs)
            } else {
                self.all_runs()
            },
            prepaid: if settled { runs as u64 } else { 0 },
            trail: Vec::new(),
            phase: vec![0; self.layout.white_count()],
            regions: match strategy {
                Strategy::FewestCandidates => None,
                Strategy::Adaptive { .. } | Strategy::Luby { .. } => {
                    Some(Regions::new(self.layout))
                }
            },
        }
    }

    /// [`Solver::solve`] from `cands` that run filtering leaves as they are (every run's
    /// `fit_run` keeps its cells' candidates; [`crate::genres::sum_grid::rate::grade`] up to
    /// Medium leaves such candidates when it does not solve or break the puzzle). The search's
    /// first filtering of every run would change nothing, since a run's fit is the digits
    /// some filling within the candidates gives each cell and so fits those digits again; its
    /// steps (one per run) are charged without the work, and the rest is `solve`'s, step for
    /// step, with the same outcome. The generator screens thousands of candidates this way,
    /// and that first pass was about a thirteenth of its instructions.
    pub fn solve_settled(
        &self,
        cands: Vec<DigitSet>,
        limit: usize,
        budget: &mut Budget,
    ) -> SolveOutcome<Vec<u8>> {
        let strategy = Strategy::FewestCandidates;
        let mut model = self.model(cands, strategy, true);
        search_with(&mut model, strategy, limit, budget)
    }
}

/// Where propagation notes the candidates it replaces, so a search can undo them, and the run
/// whose filtering failed, so a search can weigh it.
pub trait Trail {
    /// Records that `cell` had the candidates `old` before propagation narrowed them.
    fn note(&mut self, cell: u32, old: DigitSet);
    /// Records that filtering `run` failed (the run to blame for a contradiction); by default
    /// nothing.
    fn failed(&mut self, _run: usize) {}
}

/// A trail that counts its notes, for [`Solver::settle`].
struct Counted<'t, T> {
    trail: &'t mut T,
    notes: u64,
}

impl<T: Trail> Trail for Counted<'_, T> {
    #[inline]
    fn note(&mut self, cell: u32, old: DigitSet) {
        self.notes += 1;
        self.trail.note(cell, old);
    }

    #[inline]
    fn failed(&mut self, run: usize) {
        self.trail.failed(run);
    }
}

/// No undo wanted.
impl Trail for () {
    #[inline]
    fn note(&mut self, _cell: u32, _old: DigitSet) {}
}

/// The search's state: the candidates, the runs waiting to be filtered, the undo entries
/// (a cell and the candidates it had), and the reasoning across runs with what it last saw
/// of the candidates (the adaptive search only; None in the plain one). The variables are
/// the white cells, a cell's constraints its runs.
struct CellModel<'s, 'l> {
    solver: &'s Solver<'l>,
    cands: Vec<DigitSet>,
    queue: RunQueue,
    /// Steps the first propagation charges for filtering that would change nothing
    /// ([`Solver::solve_settled`]); 0 once charged.
    prepaid: u64,
    trail: Vec<(u32, DigitSet)>,
    /// Each cell's digit when the search last branched on it (0 before), tried first by the
    /// adaptive search when it branches on the cell again (phase saving: a start-over goes
    /// back to where the last one got, as far as the digits still fit).
    phase: Vec<u8>,
    regions: Option<Regions<'l>>,
}

/// The search's trail with the weights the search keeps, as propagation writes to them.
struct Logged<'a, W> {
    trail: &'a mut Vec<(u32, DigitSet)>,
    weigh: &'a mut W,
}

impl<W: Weigh> Trail for Logged<'_, W> {
    #[inline]
    fn note(&mut self, cell: u32, old: DigitSet) {
        self.trail.push((cell, old));
    }

    #[inline]
    fn failed(&mut self, run: usize) {
        self.weigh.failed(run);
    }
}

impl Model for CellModel<'_, '_> {
    type Var = usize;
    type Value = u8;
    type Values = DigitOrder;
    type Solution = Vec<u8>;

    /// Run filtering ([`Solver::propagate`]) and, in the adaptive search, the reasoning
    /// across runs between its fixpoints ([`Solver::settle`]). Its changes, like
    /// propagation's, go to the trail, so undoing a branch undoes them too; what `regions`
    /// remembers of the candidates it brings up to date itself on its next call.
    fn propagate<W: Weigh>(&mut self, weigh: &mut W, budget: &mut Budget) -> Result<(), Halt> {
        if self.prepaid > 0 {
            // What filtering the runs one step at a time would have spent: when the budget
            // runs out partway, it spends what is left, as the steps one at a time would.
            budget
                .spend(std::mem::take(&mut self.prepaid))
                .map_err(Halt::Stopped)?;
        }
        let mut trail = Logged {
            trail: &mut self.trail,
            weigh,
        };
        self.solver.settle(
            &mut self.cands,
            &mut self.queue,
            budget,
            &mut trail,
            self.regions.as_mut(),
        )
    }

    fn fewest_candidates(&self) -> Option<usize> {
        branch_cell(self.solver.layout, &self.cands)
    }

    fn values(&self, cell: usize) -> DigitOrder {
        DigitOrder::ascending(self.cands[cell])
    }

    fn assign(&mut self, cell: usize, digit: u8) {
        self.phase[cell] = digit;
        self.trail.push((cell as u32, self.cands[cell]));
        self.cands[cell] = DigitSet::single(digit);
        for run in self.solver.layout.runs_of(cell) {
            self.queue.push(run);
        }
    }

    fn mark(&self) -> usize {
        self.trail.len()
    }

    fn undo(&mut self, mark: usize) {
        for (cell, old) in self.trail.drain(mark..).rev() {
            self.cands[cell as usize] = old;
        }
    }

    fn solution(&self) -> Option<Vec<u8>> {
        Some(
            self.cands
                .iter()
                .map(|set| set.smallest().unwrap_or(0))
                .collect(),
        )
    }
}

/// Under [`Strategy::Adaptive`] a cell's weight is the weights of its runs added.
impl Weighted for CellModel<'_, '_> {
    fn constraint_count(&self) -> usize {
        self.solver.layout.runs.len()
    }

    fn is_open(&self, cell: usize) -> bool {
        !self.cands[cell].is_single()
    }

    fn variables(&self) -> impl Iterator<Item = (usize, u32)> + '_ {
        self.cands.iter().map(|set| set.len()).enumerate()
    }

    fn constraints_of(&self, cell: usize) -> impl Iterator<Item = usize> + '_ {
        self.solver.layout.runs_of(cell)
    }

    /// Most promising first: the digits that leave the cell's runs the most combinations
    /// (those that still fit the run's candidates and fixed digits, counted per run and
    /// multiplied). In a grid with many fillings this keeps the runs of a branch open longest;
    /// ties go to the smaller digit. The digit the cell was last given comes before all.
    fn adaptive_values(&self, cell: usize) -> DigitOrder {
        let candidates = self.cands[cell];
        let mut score = [1u32; 10];
        for run in self.solver.layout.runs_of(cell) {
            let (maybe, fixed) = union_and_fixed(&self.solver.layout.runs[run].cells, &self.cands);
            let mut count = [0u32; 10];
            for &combo in self.solver.run_combos[run] {
                if combo.is_subset(maybe) && fixed.is_subset(combo) {
                    for digit in (combo & candidates).iter() {
                        count[usize::from(digit)] += 1;
                    }
                }
            }
            for digit in candidates.iter() {
                score[usize::from(digit)] *= count[usize::from(digit)];
            }
        }
        let phase = self.phase[cell];
        if candidates.contains(phase) {
            score[usize::from(phase)] = u32::MAX;
        }
        let mut order = DigitOrder::ascending(candidates);
        let len = usize::from(order.len);
        order.digits[..len].sort_by_key(|&digit| std::cmp::Reverse(score[usize::from(digit)]));
        order
    }
}

/// A cell's digits in the order the search tries them.
#[derive(Clone, Debug)]
pub struct DigitOrder {
    digits: [u8; 9],
    len: u8,
    next: u8,
}

impl DigitOrder {
    /// The digits of `set`, smallest first.
    fn ascending(set: DigitSet) -> DigitOrder {
        let mut digits = [0; 9];
        let mut len = 0;
        for digit in set.iter() {
            digits[len] = digit;
            len += 1;
        }
        DigitOrder {
            digits,
            len: len as u8,
            next: 0,
        }
    }
}

impl Iterator for DigitOrder {
    type Item = u8;

    #[inline]
    fn next(&mut self) -> Option<u8> {
        (self.next < self.len).then(|| {
            self.next += 1;
            self.digits[usize::from(self.next - 1)]
        })
    }
}
