//! What a sum grid's violations are about, for the checkers of the genres built on the kit:
//! a run's cells and the block holding its sum, and the words naming a run or a cell.

use crate::core::hint::cell_name;
use crate::genres::ViolationKind;

use super::layout::{Layout, Run};

/// The places a broken `run` is about: its white cells, and the block holding its sum as the
/// clue (both as `[row, col]`, as [`crate::genres::Description`] gives them).
pub fn run_places(layout: &Layout, run: &Run) -> (Vec<[usize; 2]>, Vec<[usize; 2]>) {
    let cells = run
        .cells
        .iter()
        .map(|&cell| {
            let (row, col) = layout.whites[cell as usize];
            [row, col]
        })
        .collect();
    (cells, vec![[run.clue.0, run.clue.1]])
}

/// "The across run of 12 at row 2, column 1": a run by its sum as the grid writes it and the
/// block holding it (`down` 1 for a down run, 0 for an across run).
pub fn run_name(row: usize, col: usize, down: u8, sum: &str) -> String {
    let direction = if down == 1 { "down" } else { "across" };
    format!("The {direction} run of {sum} at {}", cell_name(row, col))
}

/// The kind of a broken run: a digit written twice, or a total that cannot come to its sum.
pub fn run_kind(repeated: Option<u8>) -> ViolationKind {
    match repeated {
        Some(_) => ViolationKind::Repeat,
        None => ViolationKind::Sum,
    }
}

/// The words for a run with a digit written twice.
pub fn repeat_message(run: &str, digit: u8) -> String {
    format!("{run} has the digit {digit} twice.")
}

/// The words for a white cell left empty.
pub fn empty_message(row: usize, col: usize) -> String {
    format!("Empty cell at {}.", cell_name(row, col))
}
