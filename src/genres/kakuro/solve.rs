//! The exact solver: run-level filtering to a fixpoint, then fewest-candidates-first branching.
//!
//! One budget step is one run filtered by [`fit_run`]. The solver counts solutions up to the
//! caller's limit and stops there: to prove uniqueness it only has to find a second solution
//! or show there is none.

use crate::core::{Budget, DigitSet, IndexQueue, SolveOutcome, Stop};

use super::combos::{combos, fit_run};
use super::model::{Layout, MAX_RUN};

/// The solver for one layout; cheap to build, reusable for many candidate states.
pub struct Solver<'a> {
    layout: &'a Layout,
    run_combos: Vec<&'static [DigitSet]>,
}

pub use crate::core::{Contradiction, Halt};

/// The runs waiting to be filtered.
pub type RunQueue = IndexQueue;

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
            if len > MAX_RUN {
                queue.clear();
                return Err(Halt::Contradiction);
            }
            for (slot, &cell) in before.iter_mut().zip(cells) {
                *slot = cands[cell as usize];
            }
            if !fit_run(&before[..len], self.run_combos[run], &mut after[..len]) {
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

    /// Counts solutions from `cands`, up to `limit`, returning the ones found (digit per white
    /// cell, in white-cell order).
    pub fn solve(
        &self,
        mut cands: Vec<DigitSet>,
        limit: usize,
        budget: &mut Budget,
    ) -> SolveOutcome<Vec<u8>> {
        let start = budget.used();
        let mut solutions = Vec::new();
        let mut queue = self.all_runs();
        let result = match self.propagate(&mut cands, &mut queue, budget) {
            Ok(()) => self.search(&mut cands, limit, &mut solutions, &mut queue, budget),
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
    /// allows. Each level keeps the cell it branched on, the digits still to try and where its
    /// changes start in the trail of undo entries; trying a digit first undoes the changes of
    /// the digit before. The order of the search (and so of the solutions) is the recursive one.
    fn search(
        &self,
        cands: &mut [DigitSet],
        limit: usize,
        solutions: &mut Vec<Vec<u8>>,
        queue: &mut RunQueue,
        budget: &mut Budget,
    ) -> Result<(), Stop> {
        struct Level {
            cell: usize,
            left: DigitSet,
            mark: usize,
        }
        let mut trail: Vec<(u32, DigitSet)> = Vec::new();
        let mut levels: Vec<Level> = Vec::new();
        let mut descend = true;
        loop {
            if descend {
                if solutions.len() >= limit {
                    return Ok(());
                }
                match self.branch_cell(cands) {
                    Some(cell) => levels.push(Level {
                        cell,
                        left: cands[cell],
                        mark: trail.len(),
                    }),
                    None => solutions.push(
                        cands
                            .iter()
                            .map(|set| set.smallest().unwrap_or(0))
                            .collect(),
                    ),
                }
            }
            let Some(level) = levels.last_mut() else {
                return Ok(());
            };
            for (cell, old) in trail.drain(level.mark..).rev() {
                cands[cell as usize] = old;
            }
            let next = level.left.smallest().filter(|_| solutions.len() < limit);
            let Some(digit) = next else {
                levels.pop();
                descend = false;
                continue;
            };
            level.left.remove(digit);
            let cell = level.cell;
            trail.push((cell as u32, cands[cell]));
            cands[cell] = DigitSet::single(digit);
            for run in self.layout.runs_of(cell) {
                queue.push(run);
            }
            descend = match self.propagate_logged(cands, queue, budget, &mut trail) {
                Ok(()) => true,
                Err(Halt::Contradiction) => false,
                Err(Halt::Stopped(stop)) => return Err(stop),
            };
        }
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

/// Where propagation notes the candidates it replaces, so a search can undo them.
pub trait Trail {
    fn note(&mut self, cell: u32, old: DigitSet);
}

/// No undo wanted.
impl Trail for () {
    #[inline]
    fn note(&mut self, _cell: u32, _old: DigitSet) {}
}

impl Trail for Vec<(u32, DigitSet)> {
    #[inline]
    fn note(&mut self, cell: u32, old: DigitSet) {
        self.push((cell, old));
    }
}
