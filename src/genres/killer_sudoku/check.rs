//! The answer checker: repeats in rows, columns, boxes and cages, cage sums that cannot be
//! met, and (when finishing) empty cells.

use crate::core::hint::cell_name;
use crate::core::InputError;
use crate::genres::{Explain, ViolationKind};

use super::answer::Answer;
use super::combos::fit;
use super::model::{digit_char, Puzzle};
use crate::core::DigitSet;
use crate::genres::sum_grid::combos::combos_up_to;

/// A broken rule of a Killer Sudoku answer, with the cells it is about (see [`Rule`]).
pub type Violation = crate::genres::Violation<Rule>;

/// A broken rule of a Killer Sudoku answer, tagged by its `rule`; rows, columns, boxes and
/// cages are counted from 0 (boxes in reading order, cages in the order of their first cell).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(tag = "rule")]
#[cfg_attr(
    feature = "server",
    derive(utoipa::ToSchema),
    schema(as = KillerSudokuViolation)
)]
pub enum Rule {
    /// A digit twice in a row.
    RowRepeat {
        /// The row.
        row: usize,
        /// The digit, as answers write it.
        digit: String,
    },
    /// A digit twice in a column.
    ColumnRepeat {
        /// The column.
        col: usize,
        /// The digit, as answers write it.
        digit: String,
    },
    /// A digit twice in a box.
    BoxRepeat {
        /// The box, in reading order.
        #[serde(rename = "box")]
        box_index: usize,
        /// The digit, as answers write it.
        digit: String,
    },
    /// A digit twice in a cage.
    CageRepeat {
        /// The cage.
        cage: usize,
        /// The digit, as answers write it.
        digit: String,
    },
    /// A cage whose digits cannot add up to its sum: too much already, or the open cells
    /// cannot make up the rest with different digits.
    CageSum {
        /// The cage.
        cage: usize,
        /// Its digits written so far, added up.
        total: u32,
        /// Its sum.
        sum: u32,
    },
    /// An empty cell (when finishing).
    Empty {
        /// The cell's row.
        row: usize,
        /// The cell's column.
        col: usize,
    },
}

impl Explain for Rule {
    fn kind(&self) -> ViolationKind {
        match self {
            Rule::RowRepeat { .. }
            | Rule::ColumnRepeat { .. }
            | Rule::BoxRepeat { .. }
            | Rule::CageRepeat { .. } => ViolationKind::Repeat,
            Rule::CageSum { .. } => ViolationKind::Sum,
            Rule::Empty { .. } => ViolationKind::Empty,
        }
    }

    fn message(&self) -> String {
        match self {
            Rule::RowRepeat { row, digit } => format!("Row {} holds {digit} twice.", row + 1),
            Rule::ColumnRepeat { col, digit } => {
                format!("Column {} holds {digit} twice.", col + 1)
            }
            Rule::BoxRepeat { box_index, digit } => {
                format!("Box {} holds {digit} twice.", box_index + 1)
            }
            Rule::CageRepeat { cage, digit } => {
                format!("Cage {} holds {digit} twice.", cage + 1)
            }
            Rule::CageSum { cage, total, sum } if total > sum => format!(
                "Cage {}: its digits add up to {total}, more than its sum {sum}.",
                cage + 1
            ),
            Rule::CageSum { cage, total, sum } => format!(
                "Cage {}: its digits add up to {total}, and its open cells cannot make up its sum {sum} with different digits.",
                cage + 1
            ),
            Rule::Empty { row, col } => format!("{} is empty.", upper(&cell_name(*row, *col))),
        }
    }
}

fn upper(text: &str) -> String {
    crate::core::hint::upper_first(text)
}

/// Every violation of `answer`; `finish` also reports empty cells and takes empty cells as
/// final (a cage with one is then short of its sum unless already broken otherwise).
pub fn check(puzzle: &Puzzle, answer: &Answer, finish: bool) -> Result<Vec<Violation>, InputError> {
    let side = puzzle.side();
    let place = |cell: usize| [cell / side, cell % side];
    let digits = &answer.digits;
    let mut violations = Vec::new();
    // Repeats in the houses: rows, columns, boxes.
    for (index, house) in puzzle.houses().iter().enumerate() {
        for digit in repeated(house, digits) {
            let shown = digit_char(digit).to_string();
            let which = index % side;
            let rule = match index / side {
                0 => Rule::RowRepeat {
                    row: which,
                    digit: shown,
                },
                1 => Rule::ColumnRepeat {
                    col: which,
                    digit: shown,
                },
                _ => Rule::BoxRepeat {
                    box_index: which,
                    digit: shown,
                },
            };
            let cells = house
                .iter()
                .filter(|&&cell| digits[cell] == digit)
                .map(|&cell| place(cell))
                .collect();
            violations.push(Violation::new(rule, cells, Vec::new()));
        }
    }
    let all = DigitSet::up_to(side as u8);
    for (index, cage) in puzzle.cages().iter().enumerate() {
        let clue = vec![place(cage.cells[0])];
        let cells: Vec<[usize; 2]> = cage.cells.iter().map(|&cell| place(cell)).collect();
        let repeats = repeated(&cage.cells, digits);
        for &digit in &repeats {
            let rule = Rule::CageRepeat {
                cage: index,
                digit: digit_char(digit).to_string(),
            };
            let at = cage
                .cells
                .iter()
                .filter(|&&cell| digits[cell] == digit)
                .map(|&cell| place(cell))
                .collect();
            violations.push(Violation::new(rule, at, clue.clone()));
        }
        let total: u32 = cage.cells.iter().map(|&cell| u32::from(digits[cell])).sum();
        let open = cage.cells.iter().any(|&cell| digits[cell] == 0);
        let broken = if total > cage.sum {
            true
        } else if !open {
            total != cage.sum
        } else if finish {
            false
        } else if repeats.is_empty() {
            let cands: Vec<DigitSet> = cage
                .cells
                .iter()
                .map(|&cell| match digits[cell] {
                    0 => all,
                    digit => DigitSet::single(digit),
                })
                .collect();
            fit(&cands, combos_up_to(side, cage.cells.len(), cage.sum)).is_none()
        } else {
            false
        };
        if broken {
            let rule = Rule::CageSum {
                cage: index,
                total,
                sum: cage.sum,
            };
            violations.push(Violation::new(rule, cells, clue));
        }
    }
    if finish {
        for (cell, &digit) in digits.iter().enumerate() {
            if digit == 0 {
                let [row, col] = place(cell);
                violations.push(Violation::new(
                    Rule::Empty { row, col },
                    vec![[row, col]],
                    Vec::new(),
                ));
            }
        }
    }
    Ok(violations)
}

/// The digits written more than once in `cells`, smallest first.
fn repeated(cells: &[usize], digits: &[u8]) -> Vec<u8> {
    let (mut once, mut twice) = (0u32, 0u32);
    for &cell in cells {
        let digit = digits[cell];
        if digit != 0 {
            let bit = 1 << digit;
            twice |= once & bit;
            once |= bit;
        }
    }
    (1..=16).filter(|digit| twice & (1 << digit) != 0).collect()
}
