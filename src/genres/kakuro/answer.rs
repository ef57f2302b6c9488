//! Kakuro answers and solutions: the sum-grid kit's ([`crate::genres::sum_grid::answer`]),
//! read against a Kakuro puzzle.

use crate::core::InputError;
use crate::genres::sum_grid::answer;

use super::model::Puzzle;

pub use crate::genres::sum_grid::answer::{Answer, Mark, Solution};

/// Reads answer rows against the puzzle: the shape must match, `#` exactly on the blocks.
pub fn parse_answer(puzzle: &Puzzle, rows: &[String]) -> Result<Answer, InputError> {
    answer::parse_answer(puzzle.grid(), |cell| cell.is_white(), rows)
}

/// The answer a fresh puzzle starts from: `#` on the blocks, `.` on the white cells.
pub fn empty_answer(puzzle: &Puzzle) -> Vec<String> {
    answer::empty_rows(puzzle.grid(), |cell| cell.is_white())
}
