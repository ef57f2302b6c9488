//! The exact solver: every line settled by its subset-sum table ([`Line::settle`]) until
//! nothing changes, then a branch on an open cell, shaded first.
//!
//! One budget step is one line settled. The solver counts solutions up to the caller's limit
//! and stops there: to prove uniqueness it only has to find a second solution or show there
//! is none. A line's analysis costs a few word operations per cell whatever its length, so a
//! 32x32 grid (lines of 2^32 subsets) propagates as cheaply per line as a small one.

use crate::core::{Budget, Grid, SolveOutcome, Stop};

use super::line::{Contradiction, Forced, Line};
use super::model::Board;

/// Why propagation ended early.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Halt {
    Contradiction,
    Stopped(Stop),
}

impl From<Stop> for Halt {
    fn from(stop: Stop) -> Halt {
        Halt::Stopped(stop)
    }
}

/// A queue of lines to narrow, each queued at most once at a time.
pub struct LineQueue {
    queue: Vec<u32>,
    queued: Vec<bool>,
}

impl LineQueue {
    pub fn new(lines: usize) -> LineQueue {
        LineQueue {
            queue: Vec::with_capacity(lines),
            queued: vec![false; lines],
        }
    }

    /// A queue holding every line, the first line popped first.
    pub fn all(lines: usize) -> LineQueue {
        let mut queue = LineQueue::new(lines);
        for line in (0..lines).rev() {
            queue.push(line);
        }
        queue
    }

    pub fn push(&mut self, line: usize) {
        if !self.queued[line] {
            self.queued[line] = true;
            self.queue.push(line as u32);
        }
    }

    fn pop(&mut self) -> Option<usize> {
        let line = self.queue.pop()? as usize;
        self.queued[line] = false;
        Some(line)
    }

    fn clear(&mut self) {
        for &line in &self.queue {
            self.queued[line as usize] = false;
        }
        self.queue.clear();
    }
}

/// Narrows the queued lines with `narrow`, and the lines their changes cross, until nothing
/// changes. One budget step per line narrowed.
pub fn propagate(
    board: &mut Board,
    queue: &mut LineQueue,
    narrow: fn(&Line) -> Result<Forced, Contradiction>,
    budget: &mut Budget,
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
        board.apply(line, forced, |_, _, _| {});
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
    let start = budget.used();
    let mut solutions = Vec::new();
    let mut board = board.clone();
    let mut queue = LineQueue::all(board.line_count());
    let result = match propagate(&mut board, &mut queue, settle, budget) {
        Ok(()) => search(board, limit, &mut solutions, &mut queue, budget),
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

fn search(
    board: Board,
    limit: usize,
    solutions: &mut Vec<Grid<bool>>,
    queue: &mut LineQueue,
    budget: &mut Budget,
) -> Result<(), Stop> {
    if solutions.len() >= limit {
        return Ok(());
    }
    let Some((row, col)) = branch_cell(&board) else {
        // Settled lines with no open cell meet their clues exactly.
        solutions.push(board.shading());
        return Ok(());
    };
    for shaded in [true, false] {
        if solutions.len() >= limit {
            break;
        }
        let mut trial = board.clone();
        trial.set(row, col, shaded);
        for line in trial.lines_of(row, col) {
            queue.push(line);
        }
        match propagate(&mut trial, queue, settle, budget) {
            Ok(()) => search(trial, limit, solutions, queue, budget)?,
            Err(Halt::Contradiction) => {}
            Err(Halt::Stopped(stop)) => return Err(stop),
        }
    }
    Ok(())
}

/// The open cell whose row and column have the fewest open cells together (it settles
/// soonest), first in reading order on a tie. None when every cell is decided.
fn branch_cell(board: &Board) -> Option<(usize, usize)> {
    let shape = board.shape();
    let open_in = |line: usize| board.line(line).open().count_ones();
    let row_open: Vec<u32> = (0..shape.rows).map(open_in).collect();
    let col_open: Vec<u32> = (0..shape.cols)
        .map(|col| open_in(shape.rows + col))
        .collect();
    let mut best: Option<(u32, usize, usize)> = None;
    for (row, &in_row) in row_open.iter().enumerate() {
        if in_row == 0 {
            continue;
        }
        for (col, &in_col) in col_open.iter().enumerate() {
            if board.is_open(row, col) && best.is_none_or(|(score, _, _)| in_row + in_col < score) {
                best = Some((in_row + in_col, row, col));
            }
        }
    }
    best.map(|(_, row, col)| (row, col))
}
