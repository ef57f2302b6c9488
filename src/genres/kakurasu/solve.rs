//! The exact solver: every line settled by its subset-sum table ([`Line::settle`]) until
//! nothing changes, then a branch on an open cell, shaded first.
//!
//! One budget step is one line settled. The solver counts solutions up to the caller's limit
//! and stops there: to prove uniqueness it only has to find a second solution or show there
//! is none. A line's analysis costs a few word operations per cell whatever its length, so a
//! 32x32 grid (lines of 2^32 subsets) propagates as cheaply per line as a small one.

use crate::core::{Budget, Grid, IndexQueue, SolveOutcome, Stop};

use super::line::{Contradiction, Forced, Line, Narrowing};
use super::model::Board;

pub use crate::core::Halt;

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

/// Ways counted when choosing where to branch; lines with more count as this many.
const BRANCH_WAYS_CAP: usize = 64;

/// The open cell whose row and column have the fewest ways to make up their needs together
/// (the product of their counts, each capped), the heavier on a tie (it splits a line's ways
/// most unevenly), then the first in reading order. None when every cell is decided.
fn branch_cell(board: &Board) -> Option<(usize, usize)> {
    let shape = board.shape();
    let ways: Vec<u64> = (0..board.line_count())
        .map(|line| {
            let state = board.line(line);
            if state.clue.is_some() {
                state.ways(BRANCH_WAYS_CAP).unwrap_or(0) as u64
            } else {
                BRANCH_WAYS_CAP as u64 + 1
            }
        })
        .collect();
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
