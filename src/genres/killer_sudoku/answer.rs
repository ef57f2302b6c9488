//! Answers: one character per cell, `1`-`9` and `A`-`G` for 10-16, `.` for an empty cell.

use crate::core::text::answer_rows;
use crate::core::{InputError, Location};

use super::model::{char_digit, Puzzle};

/// A player's answer: the digit of each cell, 0 for none (givens count as written).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Answer {
    /// The side of the grid.
    pub side: usize,
    /// The digit of each cell, `row * side + col`, 0 for empty.
    pub digits: Vec<u8>,
}

/// Reads answer rows for `puzzle`. A given cell may be left `.` (it holds its given) but not
/// hold another digit.
pub fn parse_answer(puzzle: &Puzzle, rows: &[String]) -> Result<Answer, InputError> {
    let side = puzzle.side();
    let mut digits = Vec::with_capacity(side * side);
    for (row, chars) in answer_rows(rows, puzzle.shape())?.into_iter().enumerate() {
        for (col, &c) in chars.iter().enumerate() {
            let digit = match c {
                '.' | '0' => 0,
                _ => char_digit(c)
                    .filter(|&digit| usize::from(digit) <= side)
                    .ok_or_else(|| {
                        InputError::answer(
                            Location::Cell { row, col },
                            format!(
                                "expected a digit of 1-{side} (10-16 as A-G) or '.', found '{c}'"
                            ),
                        )
                    })?,
            };
            let given = puzzle.givens()[row * side + col];
            if given != 0 && digit != 0 && digit != given {
                return Err(InputError::answer(
                    Location::Cell { row, col },
                    format!("the cell is given {given}, and the answer has another digit there"),
                ));
            }
            digits.push(if digit == 0 { given } else { digit });
        }
    }
    Ok(Answer { side, digits })
}
