//! The answer checker (spec: Rule instances).
//!
//! R1 is checked per row and R2 per column: broken when the shaded cells' weights exceed the
//! clue, or when no choice of the line's unmarked cells makes up the rest (exactly, by the
//! subset-sum analysis of [`super::line`]). Finishing first makes unmarked cells unshaded, so
//! then a line is broken unless its shaded weight equals its clue. Lines without a clue are
//! never broken.

use crate::core::InputError;

use super::answer::{Answer, Mark};
use super::line::{full_mask, Line};
use super::model::Puzzle;

/// The rule a violation breaks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub enum Rule {
    /// Row totals.
    R1,
    /// Column totals.
    R2,
}

/// A broken line: its row (R1) or column (R2), counted from 0, the weight shaded so far and
/// the clue.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Violation {
    pub rule: Rule,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub row: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub col: Option<usize>,
    /// The weight of the line's shaded cells.
    pub total: u32,
    pub clue: u32,
}

/// Every violation of `answer`; `finish` first turns unmarked cells into unshaded ones.
pub fn check(puzzle: &Puzzle, answer: &Answer, finish: bool) -> Result<Vec<Violation>, InputError> {
    let shape = puzzle.shape();
    if answer.marks.shape() != shape {
        return Err(InputError::answer(
            crate::core::Location::Input,
            format!(
                "the answer is {} but the puzzle is {shape}",
                answer.marks.shape()
            ),
        ));
    }
    let line_of = |cells: &mut dyn Iterator<Item = Mark>, len: usize, clue: u32| {
        let mut line = Line::open_line(len, Some(clue));
        for (index, mark) in cells.enumerate() {
            match mark {
                Mark::Shaded => line.shaded |= 1 << index,
                Mark::Unmarked if !finish => {}
                _ => line.unshaded |= 1 << index,
            }
        }
        debug_assert_eq!(line.shaded | line.unshaded | line.open(), full_mask(len));
        line
    };
    let mut violations = Vec::new();
    for (row, clue) in puzzle.row_clues().iter().enumerate() {
        let Some(clue) = *clue else { continue };
        let line = line_of(&mut answer.marks.row(row).iter().copied(), shape.cols, clue);
        if !line.reachable() {
            violations.push(Violation {
                rule: Rule::R1,
                row: Some(row),
                col: None,
                total: line.total(),
                clue,
            });
        }
    }
    for (col, clue) in puzzle.col_clues().iter().enumerate() {
        let Some(clue) = *clue else { continue };
        let mut cells = (0..shape.rows).map(|row| answer.marks[(row, col)]);
        let line = line_of(&mut cells, shape.rows, clue);
        if !line.reachable() {
            violations.push(Violation {
                rule: Rule::R2,
                row: None,
                col: Some(col),
                total: line.total(),
                clue,
            });
        }
    }
    Ok(violations)
}
