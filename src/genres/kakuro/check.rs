//! The answer checker (spec: Rule instances).
//!
//! R1 is checked per run: broken when a written digit repeats, or when no different digits
//! unused in the run can fill its open cells (unmarked or empty) to reach the rest of its sum.
//! It is reported at the block holding the run's sum. R2 is checked per white cell: broken
//! when the cell is empty (`0`), which finishing makes of every unmarked cell.

use crate::core::{DigitSet, InputError};

use super::answer::{Answer, Mark};
use super::combos::combos;
use super::model::{Puzzle, Rules};

/// The rule a violation breaks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub enum Rule {
    /// Runs: different digits adding up to the sum.
    R1,
    /// Every white cell filled.
    R2,
}

/// A broken rule instance, placed at the block holding the run's sum (R1) or at the cell (R2).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Violation {
    pub rule: Rule,
    pub row: usize,
    pub col: usize,
    /// 1 for a down run, 0 for an across run (R1 only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub down: Option<u8>,
    /// The run's sum (R1 only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sum: Option<u16>,
    /// The run's written digits added up (R1 only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub total: Option<u16>,
    /// The smallest digit written twice in the run, when one is.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub repeated: Option<u8>,
}

/// Every violation of `answer`; `finish` first turns unmarked cells into empty ones.
pub fn check(puzzle: &Puzzle, answer: &Answer, finish: bool) -> Result<Vec<Violation>, InputError> {
    let layout = puzzle.layout(Rules::Relaxed)?;
    let mark_of = |cell: u32| {
        let (row, col) = layout.whites[cell as usize];
        match answer.marks[(row, col)] {
            Mark::Unmarked if finish => Mark::Empty,
            mark => mark,
        }
    };
    let mut violations = Vec::new();
    for run in &layout.runs {
        let mut written = DigitSet::EMPTY;
        let mut repeated = DigitSet::EMPTY;
        let mut total = 0u16;
        for &cell in &run.cells {
            if let Mark::Digit(digit) = mark_of(cell) {
                if written.contains(digit) {
                    repeated.insert(digit);
                }
                written.insert(digit);
                total += u16::from(digit);
            }
        }
        let reachable = repeated.is_empty()
            && combos(run.cells.len(), run.sum)
                .iter()
                .any(|&combo| written.is_subset(combo));
        if !reachable {
            violations.push(Violation {
                rule: Rule::R1,
                row: run.clue.0,
                col: run.clue.1,
                down: Some(u8::from(run.down)),
                sum: Some(run.sum),
                total: Some(total),
                repeated: repeated.smallest(),
            });
        }
    }
    for (cell, &(row, col)) in layout.whites.iter().enumerate() {
        if mark_of(cell as u32) == Mark::Empty {
            violations.push(Violation {
                rule: Rule::R2,
                row,
                col,
                down: None,
                sum: None,
                total: None,
                repeated: None,
            });
        }
    }
    Ok(violations)
}
