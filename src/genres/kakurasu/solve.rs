//! The exact solver: every line settled by its subset-sum table ([`Line::settle`]) until
//! nothing changes, then a branch on an open cell, shaded first (`crate::core::search`).
//!
//! One budget step is one line settled. The solver counts solutions up to the caller's limit
//! and stops there: to prove uniqueness it only has to find a second solution or show there
//! is none. A line's analysis costs a few word operations per cell whatever its length, so a
//! 32x32 grid (lines of 2^32 subsets) propagates as cheaply per line as a small one.
//!
//! [`other_solution`] answers the generator's question, whether a puzzle has a solution other
//! than a known one, with a [`swap`] of the known solution first and this search after.

use crate::core::search::{search, Model, Weigh};
use crate::core::{Budget, Grid, IndexQueue, SolveOutcome};

use super::line::{Contradiction, Forced, Line, Narrowing};
use super::model::Board;
use super::swap::swap;

pub(crate) use crate::core::Halt;

/// The lines waiting to be narrowed.
pub type LineQueue = IndexQueue;

/// Narrows the queued lines with `narrow`, and the lines their changes cross, until nothing
/// changes. One budget step per line narrowed.
pub fn propagate(
    board: &mut Board,
    queue: &mut LineQueue,
    narrow: Narrowing,
    budget: &mut Budget,
) -> Result<(), Halt> {
    propagate_noting(board, queue, narrow, budget, |_, _| {})
}

/// [`propagate`], calling `decided` with each cell it decides.
#[inline]
fn propagate_noting(
    board: &mut Board,
    queue: &mut LineQueue,
    narrow: Narrowing,
    budget: &mut Budget,
    mut decided: impl FnMut(usize, usize),
) -> Result<(), Halt> {
    while let Some(line) = queue.pop() {
        if let Err(stop) = budget.step() {
            queue.clear();
            return Err(Halt::Stopped(stop));
        }
        let Ok(forced) = narrow(&board.line(line)) else {
            queue.clear();
            return Err(Halt::Contradiction);
        };
        let changed = (forced.shade | forced.unshade) & board.line(line).open();
        board.apply(line, forced, |row, col, _| decided(row, col));
        let mut rest = changed;
        while rest != 0 {
            queue.push(board.crossing(line, rest.trailing_zeros() as usize));
            rest &= rest - 1;
        }
    }
    Ok(())
}

/// [`Line::settle`]: the narrowing of the exact solver.
pub fn settle(line: &Line) -> Result<Forced, Contradiction> {
    line.settle()
}

/// Finds up to `limit` solutions of `board`'s puzzle from its current state.
pub fn solve_board(board: &Board, limit: usize, budget: &mut Budget) -> SolveOutcome<Grid<bool>> {
    search_board(board, limit, None, budget)
}

/// A solution of `board`'s puzzle other than `known`, which must be one of its solutions
/// that agrees with `board`'s decided cells: none found by a complete search proves `known`
/// the only one.
///
/// The generator knows one solution of the puzzle it screens (the shading it drew) and asks
/// only whether there is another. A [`swap`] of the known solution finds one on most open
/// boards at once; failing that, the search takes the known solution's state first at each
/// branch. That dives straight to the known solution, without a dead end on the way, and then
/// backs up from the deepest branch, where the subtrees are small. Shaded first, or leaving
/// the known solution at the first branch, wanders into large subtrees without solutions.
/// One budget step per line settled, as in [`solve_board`], and one per split a swap tries.
pub fn other_solution(
    board: &Board,
    known: &Grid<bool>,
    budget: &mut Budget,
) -> SolveOutcome<Grid<bool>> {
    let start = budget.used();
    match swap(board, known, budget) {
        Ok(Some(other)) => SolveOutcome {
            solutions: vec![other],
            complete: true,
            stopped: None,
            steps: budget.used() - start,
        },
        Ok(None) => {
            let mut outcome = search_board(board, 1, Some(known), budget);
            outcome.steps = budget.used() - start;
            outcome
        }
        Err(stop) => SolveOutcome {
            solutions: Vec::new(),
            complete: false,
            stopped: Some(stop),
            steps: budget.used() - start,
        },
    }
}

/// Up to `limit` solutions of `board`'s puzzle other than `known`, if given.
fn search_board(
    board: &Board,
    limit: usize,
    known: Option<&Grid<bool>>,
    budget: &mut Budget,
) -> SolveOutcome<Grid<bool>> {
    let mut model = BoardModel {
        board: board.clone(),
        queue: LineQueue::all(board.line_count()),
        ways: Vec::new(),
        known,
        on_known: known.is_some(),
        trail: Vec::new(),
        node: 0,
        changed_lines: Vec::new(),
    };
    search(&mut model, limit, budget)
}

/// The search's state. The variables are the open cells, their values shaded and unshaded.
struct BoardModel<'a> {
    board: Board,
    queue: LineQueue,
    /// Each line's ways (see [`line_ways`]); empty until the first propagation holds.
    ways: Vec<u64>,
    /// A solution not to count (see [`other_solution`]).
    known: Option<&'a Grid<bool>>,
    /// Every branch so far took the known solution's state, so the board agrees with it.
    on_known: bool,
    trail: Vec<Undo>,
    /// Where the changes of the last assignment start in the trail.
    node: usize,
    /// The lines whose cells the last assignment and its propagation decided (a buffer).
    changed_lines: Vec<usize>,
}

/// One undo entry of the search.
enum Undo {
    /// A cell was decided.
    Cell(usize, usize),
    /// A line's ways were these.
    Ways(usize, u64),
    /// The board agreed with the known solution.
    OnKnown,
}

impl Model for BoardModel<'_> {
    type Var = (usize, usize);
    type Value = bool;
    type Values = std::array::IntoIter<bool, 2>;
    type Solution = Grid<bool>;

    /// Settles the queued lines; then counts again the ways of the lines whose cells it or
    /// the assignment decided (only those changed).
    fn propagate<W: Weigh>(&mut self, _weigh: &mut W, budget: &mut Budget) -> Result<(), Halt> {
        let trail = &mut self.trail;
        propagate_noting(
            &mut self.board,
            &mut self.queue,
            settle,
            budget,
            |row, col| trail.push(Undo::Cell(row, col)),
        )?;
        if self.ways.is_empty() {
            self.ways = (0..self.board.line_count())
                .map(|line| line_ways(&self.board, line))
                .collect();
            return Ok(());
        }
        let mut changed = std::mem::take(&mut self.changed_lines);
        changed.clear();
        for undo in &self.trail[self.node..] {
            if let Undo::Cell(row, col) = *undo {
                changed.extend(self.board.lines_of(row, col));
            }
        }
        changed.sort_unstable();
        changed.dedup();
        for &line in &changed {
            let ways = line_ways(&self.board, line);
            if ways != self.ways[line] {
                self.trail.push(Undo::Ways(line, self.ways[line]));
                self.ways[line] = ways;
            }
        }
        self.changed_lines = changed;
        Ok(())
    }

    fn fewest_candidates(&self) -> Option<(usize, usize)> {
        branch_cell(&self.board, &self.ways)
    }

    /// The known solution's state first, then the other; shaded first without one.
    fn values(&self, (row, col): (usize, usize)) -> Self::Values {
        let first = self.known.is_none_or(|known| known[(row, col)]);
        [first, !first].into_iter()
    }

    fn assign(&mut self, (row, col): (usize, usize), shaded: bool) {
        self.node = self.trail.len();
        self.trail.push(Undo::Cell(row, col));
        self.board.set(row, col, shaded);
        for line in self.board.lines_of(row, col) {
            self.queue.push(line);
        }
        if self.on_known && self.known.is_some_and(|known| known[(row, col)] != shaded) {
            self.trail.push(Undo::OnKnown);
            self.on_known = false;
        }
    }

    fn mark(&self) -> usize {
        self.trail.len()
    }

    fn undo(&mut self, mark: usize) {
        for undo in self.trail.drain(mark..).rev() {
            match undo {
                Undo::Cell(row, col) => self.board.clear(row, col),
                Undo::Ways(line, ways) => self.ways[line] = ways,
                Undo::OnKnown => self.on_known = true,
            }
        }
    }

    /// Settled lines with no open cell meet their clues exactly. On the known solution's
    /// branch, this is the known solution.
    fn solution(&self) -> Option<Grid<bool>> {
        (!self.on_known).then(|| self.board.shading())
    }
}

/// Ways counted when choosing where to branch; lines with more count as this many.
const BRANCH_WAYS_CAP: usize = 64;

/// How many ways a line has to make up its need, capped; a line without a clue counts as more
/// than any capped count.
fn line_ways(board: &Board, line: usize) -> u64 {
    let state = board.line(line);
    if state.clue.is_some() {
        state.ways(BRANCH_WAYS_CAP).unwrap_or(0) as u64
    } else {
        BRANCH_WAYS_CAP as u64 + 1
    }
}

/// The open cell whose row and column have the fewest ways to make up their needs together
/// (the product of their counts, each capped), the heavier on a tie (it splits a line's ways
/// most unevenly), then the first in reading order. None when every cell is decided.
fn branch_cell(board: &Board, ways: &[u64]) -> Option<(usize, usize)> {
    let shape = board.shape();
    let mut best: Option<(u64, std::cmp::Reverse<usize>, usize, usize)> = None;
    for row in 0..shape.rows {
        for col in 0..shape.cols {
            if !board.is_open(row, col) {
                continue;
            }
            let key = (
                ways[row] * ways[shape.rows + col],
                std::cmp::Reverse(row + col),
                row,
                col,
            );
            if best.is_none_or(|b| (key.0, key.1) < (b.0, b.1)) {
                best = Some(key);
            }
        }
    }
    best.map(|(_, _, row, col)| (row, col))
}
