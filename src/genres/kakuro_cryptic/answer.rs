//! Answers and solutions.
//!
//! Answers are Kakuro answers, one character per cell: `#` for every block, `.` unmarked, `0`
//! empty, `1`-`9` a digit. They hold digits only: the letter mapping follows from them (see
//! [`super::check`]), so a player never writes it. A solution is the grid's digits and the
//! letter mapping; its rows are the Kakuro solution rows.

use std::collections::BTreeMap;

use crate::core::InputError;
use crate::genres::sum_grid::answer::{self, Answer};

use super::model::{Letter, Puzzle, LETTERS};

/// A full solution: the letter mapping and the grid.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Solution {
    /// The digit of each letter, A first.
    pub mapping: [u8; LETTERS],
    /// The digit of each white cell, 0 on blocks.
    pub grid: answer::Solution,
}

impl Solution {
    /// The solution rows: `#` for blocks, the digit for white cells.
    pub fn rows(&self) -> Vec<String> {
        self.grid.rows()
    }

    /// The digits of A to J written together: Project Euler's encrypted value.
    pub fn encrypted(&self) -> String {
        self.mapping.iter().map(|&d| char::from(b'0' + d)).collect()
    }

    /// The encrypted value as a number.
    pub fn encrypted_value(&self) -> u64 {
        self.mapping
            .iter()
            .fold(0, |acc, &d| acc * 10 + u64::from(d))
    }

    /// The digit of each letter: `{'A': 8, 'B': 4, ...}`.
    pub fn letters(&self) -> BTreeMap<char, u8> {
        Letter::all()
            .map(|letter| (letter.to_char(), self.mapping[letter.index()]))
            .collect()
    }
}

/// Reads answer rows: the sum-grid answer of the same grid.
pub fn parse_answer(puzzle: &Puzzle, rows: &[String]) -> Result<Answer, InputError> {
    answer::parse_answer(puzzle.grid(), |cell| cell.is_white(), rows)
}

/// The answer a fresh puzzle starts from: `#` on the blocks, `.` on the white cells.
pub fn empty_answer(puzzle: &Puzzle) -> Vec<String> {
    answer::empty_rows(puzzle.grid(), |cell| cell.is_white())
}
