//! Answers and solutions of a sum grid: one character per cell (`#` block, `.` unmarked, `0`
//! empty, `1`-`9`). The letters of cryptic Kakuro follow from the digits, so its answers are
//! these too.

use crate::core::text::answer_rows;
use crate::core::{Grid, InputError, Location};

use super::layout::Layout;

/// What a player wrote in a cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mark {
    /// A block (`#`).
    Block,
    /// Nothing written yet (`.`); finishing turns it into [`Mark::Empty`].
    Unmarked,
    /// Left empty on purpose (`0`), which breaks R2.
    Empty,
    /// A digit 1-9.
    Digit(u8),
}

/// A player's answer, cell by cell.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Answer {
    /// The mark of each cell.
    pub marks: Grid<Mark>,
}

/// A full solution: the digit of each white cell, 0 on blocks.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Solution {
    /// The digit of each cell, 0 on blocks.
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

impl Solution {
    /// The rows with the first white cell's digit changed to the next one (9 to 1): a
    /// complete answer that breaks a rule, when the solution is the only one.
    pub fn wrong_rows(&self) -> Vec<String> {
        let mut digits = self.digits.clone();
        if let Some((row, col, &digit)) = self.digits.iter().find(|&(_, _, &digit)| digit != 0) {
            digits[(row, col)] = digit % 9 + 1;
        }
        Solution { digits }.rows()
    }
}

/// The answer a fresh grid starts from, whose white cells `is_white` tells: `#` on the
/// blocks, `.` (unmarked) on the white cells.
pub fn empty_rows<C>(grid: &Grid<C>, is_white: fn(&C) -> bool) -> Vec<String> {
    (0..grid.rows())
        .map(|row| {
            grid.row(row)
                .iter()
                .map(|cell| if is_white(cell) { '.' } else { '#' })
                .collect()
        })
        .collect()
}

/// The solution of `layout` that `digits` give, in white-cell order.
pub fn solution_grid(layout: &Layout, digits: &[u8]) -> Solution {
    let mut grid = Grid::filled(layout.shape, 0u8);
    for (&(row, col), &digit) in layout.whites.iter().zip(digits) {
        grid[(row, col)] = digit;
    }
    Solution { digits: grid }
}

/// Reads answer rows against a grid whose white cells `is_white` tells: the shape must match,
/// `#` exactly on the blocks.
pub fn parse_answer<C>(
    grid: &Grid<C>,
    is_white: fn(&C) -> bool,
    rows: &[String],
) -> Result<Answer, InputError> {
    let shape = grid.shape();
    let mut marks = Vec::with_capacity(shape.cells());
    for (row, chars) in answer_rows(rows, shape)?.into_iter().enumerate() {
        for (col, &c) in chars.iter().enumerate() {
            let at = Location::Cell { row, col };
            let white = is_white(&grid[(row, col)]);
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
