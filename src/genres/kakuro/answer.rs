//! Answers and solutions: one character per cell (`#` block, `.` unmarked, `0` empty, `1`-`9`).

use crate::core::text::answer_rows;
use crate::core::{Grid, InputError, Location};

use super::model::{Cell, Puzzle};

/// What a player wrote in a cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mark {
    Block,
    /// Nothing written yet (`.`); finishing turns it into [`Mark::Empty`].
    Unmarked,
    /// Left empty on purpose (`0`), which breaks R2.
    Empty,
    Digit(u8),
}

/// A player's answer, cell by cell.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Answer {
    pub marks: Grid<Mark>,
}

/// A full solution: the digit of each white cell, 0 on blocks.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Solution {
    pub digits: Grid<u8>,
}

impl Solution {
    /// The solution rows: `#` for blocks, the digit for white cells.
    pub fn rows(&self) -> Vec<String> {
        (0..self.digits.rows())
            .map(|row| {
                self.digits
                    .row(row)
                    .iter()
                    .map(|&d| if d == 0 { '#' } else { (b'0' + d) as char })
                    .collect()
            })
            .collect()
    }
}

/// Reads answer rows against the puzzle: the shape must match, `#` exactly on the blocks.
pub fn parse_answer(puzzle: &Puzzle, rows: &[String]) -> Result<Answer, InputError> {
    let shape = puzzle.shape();
    let mut marks = Vec::with_capacity(shape.cells());
    for (row, chars) in answer_rows(rows, shape)?.into_iter().enumerate() {
        for (col, &c) in chars.iter().enumerate() {
            let at = Location::Cell { row, col };
            let white = puzzle.cell(row, col) == Cell::White;
            let mark = match c {
                '#' if !white => Mark::Block,
                '#' => {
                    return Err(InputError::answer(
                        at,
                        "'#' on a white cell; write a digit, '0' or '.' there",
                    ))
                }
                _ if !white => {
                    return Err(InputError::answer(
                        at,
                        format!("'{c}' on a block; blocks are written '#'"),
                    ))
                }
                '.' => Mark::Unmarked,
                '0' => Mark::Empty,
                '1'..='9' => Mark::Digit(c as u8 - b'0'),
                _ => {
                    return Err(InputError::answer(
                        at,
                        format!("expected '1'-'9', '0' (empty) or '.' (unmarked), found '{c}'"),
                    ))
                }
            };
            marks.push(mark);
        }
    }
    Ok(Answer {
        marks: Grid::from_cells(shape, marks).expect("shape checked"),
    })
}
