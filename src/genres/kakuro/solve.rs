//! The exact solver: run-level filtering to a fixpoint, then branching on a cell's digits.
//!
//! One budget step is one run filtered by [`fit_run`]. The solver counts solutions up to the
//! caller's limit and stops there: to prove uniqueness it only has to find a second solution
//! or show there is none. How it picks the cell to branch on, and whether it starts over, is a
//! [`Strategy`].

use crate::core::search::{next_fail_limit, Searched};
use crate::core::{Budget, DigitSet, IndexQueue, SolveOutcome, Stop};

use super::combos::{combos, fit_run};
use super::model::{Layout, MAX_RUN};
use super::regions::Regions;

/// The solver for one layout; cheap to build, reusable for many candidate states.
pub struct Solver<'a> {
    layout: &'a Layout,
    run_combos: Vec<&'static [DigitSet]>,
}

pub use crate::core::{Contradiction, Halt};

/// The runs waiting to be filtered.
pub type RunQueue = IndexQueue;

/// How the search picks the cell to branch on, and whether it starts over. Under
/// [`Strategy::FewestCandidates`] ties go to the cell whose runs have the fewest open cells;
/// under [`Strategy::Adaptive`] a cell's weight is the weights of its two runs added.
pub use crate::core::search::Strategy;

impl<'a> Solver<'a> {
    pub fn new(layout: &'a Layout) -> Solver<'a> {
        let run_combos = layout
            .runs
            .iter()
            .map(|run| combos(run.cells.len(), run.sum))
            .collect();
        Solver { layout, run_combos }
    }

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
    /// noted in `trail` here, plus the one cell the caller fixed before calling (a branch).
    /// Its own changes are noted in `trail` before they are made, like propagation's, so a
    /// search undoes them the same way; its steps are spent from `budget`; a contradiction it
    /// finds is [`Halt::Contradiction`], with no run blamed in `trail`. Without `regions` this
    /// is [`Solver::propagate_logged`] exactly.
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

    /// Counts solutions from `cands`, up to `limit`, searching with `strategy`.
    pub fn solve_with(
        &self,
        strategy: Strategy,
        mut cands: Vec<DigitSet>,
        limit: usize,
        budget: &mut Budget,
    ) -> SolveOutcome<Vec<u8>> {
        let start = budget.used();
        let mut solutions = Vec::new();
        let mut queue = self.all_runs();
        // Issue 19: the reasoning across runs, in the adaptive search only.
        let mut regions = match strategy {
            Strategy::FewestCandidates => None,
            Strategy::Adaptive { .. } => Some(Regions::new(self.layout)),
        };
        let result = match self.settle(&mut cands, &mut queue, budget, &mut (), regions.as_mut()) {
            Ok(()) => {
                let mut search = Search {
                    strategy,
                    limit,
                    fail_limit: strategy.first_fail_limit(),
                    log: Log {
                        trail: Vec::new(),
                        weights: vec![1; self.layout.runs.len()],
                    },
                    last_conflict: None,
                };
                loop {
                    let mut state = cands.clone();
                    match self.search(
                        &mut state,
                        &mut search,
                        &mut solutions,
                        &mut queue,
                        budget,
                        regions.as_mut(),
                    ) {
                        Ok(Searched::All) => break Ok(()),
                        Ok(Searched::CutShort) => {
                            search.fail_limit = next_fail_limit(search.fail_limit);
                            search.last_conflict = None;
                        }
                        Err(stop) => break Err(stop),
                    }
                }
            }
            Err(Halt::Contradiction) => Ok(()),
            Err(Halt::Stopped(stop)) => Err(stop),
        };
        SolveOutcome {
            solutions,
            complete: result.is_ok(),
            stopped: result.err(),
            steps: budget.used() - start,
        }
    }

    /// Depth-first search below a propagated state, in a loop rather than by recursion: a
    /// relaxed grid of 160x160 may branch thousands of levels deep, deeper than a thread's stack
    /// allows. Each level keeps the cell it branched on, the digits still to try, where its
    /// changes start in the trail of undo entries and how many solutions were known when it
    /// began; trying a digit first undoes the changes of the digit before. The order of the
    /// search (and so of the solutions) is the recursive one. A solution found before (in an
    /// earlier start-over) is not counted again.
    fn search(
        &self,
        cands: &mut [DigitSet],
        search: &mut Search,
        solutions: &mut Vec<Vec<u8>>,
        queue: &mut RunQueue,
        budget: &mut Budget,
        mut regions: Option<&mut Regions>,
    ) -> Result<Searched, Stop> {
        struct Level {
            cell: usize,
            left: DigitSet,
            mark: usize,
            known: usize,
        }
        let limit = search.limit;
        let trail_start = search.log.trail.len();
        let mut levels: Vec<Level> = Vec::new();
        let mut failures = 0u64;
        let mut descend = true;
        loop {
            if descend {
                if solutions.len() >= limit {
                    search.log.trail.truncate(trail_start);
                    return Ok(Searched::All);
                }
                match self.pick_cell(cands, search) {
                    Some(cell) => levels.push(Level {
                        cell,
                        left: cands[cell],
                        mark: search.log.trail.len(),
                        known: solutions.len(),
                    }),
                    None => {
                        let solution: Vec<u8> = cands
                            .iter()
                            .map(|set| set.smallest().unwrap_or(0))
                            .collect();
                        if !solutions.contains(&solution) {
                            solutions.push(solution);
                        }
                    }
                }
            }
            let Some(level) = levels.last_mut() else {
                return Ok(Searched::All);
            };
            for (cell, old) in search.log.trail.drain(level.mark..).rev() {
                cands[cell as usize] = old;
            }
            let next = level.left.smallest().filter(|_| solutions.len() < limit);
            let Some(digit) = next else {
                if level.known == solutions.len() {
                    search.last_conflict = Some(level.cell);
                }
                levels.pop();
                descend = false;
                continue;
            };
            level.left.remove(digit);
            let cell = level.cell;
            search.log.trail.push((cell as u32, cands[cell]));
            cands[cell] = DigitSet::single(digit);
            for run in self.layout.runs_of(cell) {
                queue.push(run);
            }
            descend = match self.settle(
                cands,
                queue,
                budget,
                &mut search.log,
                regions.as_deref_mut(),
            ) {
                Ok(()) => {
                    if search.last_conflict == Some(cell) {
                        search.last_conflict = None;
                    }
                    true
                }
                Err(Halt::Contradiction) => {
                    failures += 1;
                    if failures >= search.fail_limit {
                        search.log.trail.truncate(trail_start);
                        return Ok(Searched::CutShort);
                    }
                    false
                }
                Err(Halt::Stopped(stop)) => return Err(stop),
            };
        }
    }

    /// The cell to branch on under the search's strategy; None when every cell is fixed.
    fn pick_cell(&self, cands: &[DigitSet], search: &Search) -> Option<usize> {
        match search.strategy {
            Strategy::FewestCandidates => self.branch_cell(cands),
            Strategy::Adaptive { .. } => search
                .last_conflict
                .filter(|&cell| !cands[cell].is_single())
                .or_else(|| self.weighted_branch_cell(cands, &search.log.weights)),
        }
    }

    /// The open cell with the fewest candidates per weight of its runs (the first of equals).
    fn weighted_branch_cell(&self, cands: &[DigitSet], weights: &[u32]) -> Option<usize> {
        let mut best: Option<(u64, u64, usize)> = None;
        for (cell, set) in cands.iter().enumerate() {
            let count = u64::from(set.len());
            if count <= 1 {
                continue;
            }
            let weight: u64 = self
                .layout
                .runs_of(cell)
                .map(|run| u64::from(weights[run]))
                .sum();
            // count / weight < best_count / best_weight, without division.
            if best.is_none_or(|(best_count, best_weight, _)| {
                count * best_weight < best_count * weight
            }) {
                best = Some((count, weight, cell));
            }
        }
        best.map(|(_, _, cell)| cell)
    }

    /// The open cell with the fewest candidates; among those, the one whose runs have the
    /// fewest open cells (it settles soonest). None when every cell is fixed.
    fn branch_cell(&self, cands: &[DigitSet]) -> Option<usize> {
        let mut best: Option<(u32, usize, usize)> = None;
        for (cell, set) in cands.iter().enumerate() {
            let count = set.len();
            if count <= 1 {
                continue;
            }
            if let Some((best_count, _, _)) = best {
                if count > best_count {
                    continue;
                }
            }
            let open: usize = self
                .layout
                .runs_of(cell)
                .map(|run| {
                    self.layout.runs[run]
                        .cells
                        .iter()
                        .filter(|&&c| !cands[c as usize].is_single())
                        .count()
                })
                .sum();
            let better = match best {
                None => true,
                Some((best_count, best_open, _)) => count < best_count || open < best_open,
            };
            if better {
                best = Some((count, open, cell));
                if count == 2 && open <= 2 {
                    break;
                }
            }
        }
        best.map(|(_, _, cell)| cell)
    }
}

/// Where propagation notes the candidates it replaces, so a search can undo them, and the run
/// whose filtering failed, so a search can weigh it.
pub trait Trail {
    fn note(&mut self, cell: u32, old: DigitSet);
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

/// What a search carries from node to node and from one start-over to the next.
struct Search {
    strategy: Strategy,
    limit: usize,
    /// Failures after which this start-over is cut short.
    fail_limit: u64,
    log: Log,
    /// The cell all of whose digits failed last, until one of its digits holds.
    last_conflict: Option<usize>,
}

/// The undo entries of a search, and each run's weight: one plus the times it failed.
struct Log {
    trail: Vec<(u32, DigitSet)>,
    weights: Vec<u32>,
}

impl Trail for Log {
    #[inline]
    fn note(&mut self, cell: u32, old: DigitSet) {
        self.trail.push((cell, old));
    }

    #[inline]
    fn failed(&mut self, run: usize) {
        self.weights[run] = self.weights[run].saturating_add(1);
    }
}
