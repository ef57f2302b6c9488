//! The answer checker (spec: Rule instances).
//!
//! R1 is checked per row and R2 per column: broken when the shaded cells' weights exceed the
//! clue, or when no choice of the line's unmarked cells makes up the rest (exactly, by the
//! subset-sum analysis of [`super::line`]). Finishing first makes unmarked cells unshaded, so
//! then a line is broken unless its shaded weight equals its clue. Lines without a clue are
//! never broken.
//!
//! Each violation carries the cells of its line and its clue, placed where it is drawn: a
//! row's clue right of the row (`[row, cols]`), a column's below the column (`[rows, col]`),
//! as a hint's clues are.

use crate::core::InputError;
use crate::genres::{Explain, ViolationKind};

use super::answer::{Answer, Mark};
use super::line::{full_mask, Line};
use super::model::Puzzle;

/// A broken line of a Kakurasu answer, with the cells it is about (see [`Rule`]).
pub type Violation = crate::genres::Violation<Rule>;

/// A broken line of a Kakurasu answer, tagged by its `rule`: a row's total (R1) or a column's
/// (R2), counted from 0, with the weight shaded so far and the clue.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(tag = "rule")]
#[cfg_attr(
    feature = "server",
    derive(utoipa::ToSchema),
    schema(as = KakurasuViolation)
)]
pub enum Rule {
    /// A row whose shaded cells' column numbers cannot add up to its clue.
    R1 {
        /// The row.
        row: usize,
        /// The column numbers of its shaded cells added up.
        total: u32,
        /// The row's clue.
        clue: u32,
    },
    /// A column whose shaded cells' row numbers cannot add up to its clue.
    R2 {
        /// The column.
        col: usize,
        /// The row numbers of its shaded cells added up.
        total: u32,
        /// The column's clue.
        clue: u32,
    },
}

impl Rule {
    /// The broken row (R1).
    pub fn row(&self) -> Option<usize> {
        match *self {
            Rule::R1 { row, .. } => Some(row),
            Rule::R2 { .. } => None,
        }
    }

    /// The broken column (R2).
    pub fn col(&self) -> Option<usize> {
        match *self {
            Rule::R2 { col, .. } => Some(col),
            Rule::R1 { .. } => None,
        }
    }
}

impl Explain for Rule {
    fn kind(&self) -> ViolationKind {
        ViolationKind::Sum
    }

    fn message(&self) -> String {
        let (line, total, clue) = match *self {
            Rule::R1 { row, total, clue } => (format!("Row {}", row + 1), total, clue),
            Rule::R2 { col, total, clue } => (format!("Column {}", col + 1), total, clue),
        };
        if total > clue {
            format!("{line}: its shaded cells weigh {total}, more than its clue {clue}.")
        } else {
            format!(
                "{line}: its shaded cells weigh {total}, and its open cells cannot make up \
                 its clue {clue}."
            )
        }
    }
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
            let rule = Rule::R1 {
                row,
                total: line.total(),
                clue,
            };
            let cells = (0..shape.cols).map(|col| [row, col]).collect();
            violations.push(Violation::new(rule, cells, vec![[row, shape.cols]]));
        }
    }
    for (col, clue) in puzzle.col_clues().iter().enumerate() {
        let Some(clue) = *clue else { continue };
        let mut cells = (0..shape.rows).map(|row| answer.marks[(row, col)]);
        let line = line_of(&mut cells, shape.rows, clue);
        if !line.reachable() {
            let rule = Rule::R2 {
                col,
                total: line.total(),
                clue,
            };
            let cells = (0..shape.rows).map(|row| [row, col]).collect();
            violations.push(Violation::new(rule, cells, vec![[shape.rows, col]]));
        }
    }
    Ok(violations)
}
