//! The answer checker.
//!
//! An answer holds digits only, so the letters are read from it: a run whose cells are all
//! filled reads its clue's letters as the digits of its total (`FE` with a total of 30 reads F
//! as 3 and E as 0), and a filled cell showing a letter reads that letter as its digit. The
//! rules:
//! - **R1, runs** (at the block holding the sum): a digit repeats in the run, or the run is
//!   filled and its total cannot be written with its letters (one letter and a total of 10 or
//!   more, two letters and a total under 10, a doubled letter such as `CC` and a total whose
//!   two digits differ). A run with open cells is not judged on its sum: the sum is unknown
//!   until the letters are.
//! - **R2, cells**: a white cell left empty (`0`; finishing makes every unmarked cell empty).
//! - **R3, letters**: one letter read as two digits, or two letters read as one digit. Every
//!   reading involved is a violation, at the run's block or the cell, with the letter and the
//!   digit it was read as.
//!
//! A filled answer breaks no rule exactly when it is a solution: the readings then form a
//! one-to-one partial mapping, and the letters not read take the digits not read.
//!
//! Each violation carries the cells it is about: a run's white cells with the block holding
//! its sum as the clue, or the one cell.

use crate::core::hint::{cell_name, upper_first};
use crate::core::{DigitSet, InputError};
use crate::genres::sum_grid::answer::{Answer, Mark};
use crate::genres::sum_grid::layout::{Layout, Run};
use crate::genres::sum_grid::violations::{
    empty_message, repeat_message, run_kind, run_name, run_places,
};
use crate::genres::{Explain, ViolationKind};

use super::model::{Clue, Letter, Puzzle, LETTERS};

/// A broken rule of a cryptic Kakuro answer, with the cells it is about (see [`Rule`]).
pub type Violation = crate::genres::Violation<Rule>;

/// A broken rule instance of a cryptic Kakuro answer, tagged by its `rule`: R1, runs of
/// different digits whose totals their letters can write; R2, every white cell filled; R3, one
/// digit per letter and one letter per digit. Rows and columns count from 0.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(tag = "rule")]
#[cfg_attr(
    feature = "server",
    derive(utoipa::ToSchema),
    schema(as = KakuroCrypticViolation)
)]
pub enum Rule {
    /// A run whose written digits repeat, or which is filled and whose total its letters
    /// cannot write: placed at the block holding the run's sum.
    R1 {
        /// The row of the block holding the sum.
        row: usize,
        /// The column of the block holding the sum.
        col: usize,
        /// 1 for a down run, 0 for an across run.
        down: u8,
        /// The run's sum in letters.
        sum: String,
        /// The run's written digits added up.
        total: u16,
        /// The smallest digit written twice in the run, when one is.
        #[serde(skip_serializing_if = "Option::is_none")]
        repeated: Option<u8>,
    },
    /// A white cell left empty.
    R2 {
        /// The cell's row.
        row: usize,
        /// The cell's column.
        col: usize,
    },
    /// A letter read as two digits, or two letters read as one digit: one violation for each
    /// place a letter involved is read. Read from a filled run, at its block with the run's
    /// `down`, `sum` and `total`; read from a filled cell showing the letter, at the cell.
    R3 {
        /// The row of the block holding the run's sum, or of the cell.
        row: usize,
        /// The column of the block holding the run's sum, or of the cell.
        col: usize,
        /// For a run: 1 for a down run, 0 for an across run.
        #[serde(skip_serializing_if = "Option::is_none")]
        down: Option<u8>,
        /// For a run: its sum in letters.
        #[serde(skip_serializing_if = "Option::is_none")]
        sum: Option<String>,
        /// For a run: its written digits added up.
        #[serde(skip_serializing_if = "Option::is_none")]
        total: Option<u16>,
        /// The letter read.
        letter: char,
        /// The digit this place reads the letter as.
        digit: u8,
    },
}

impl Rule {
    /// Where it is: the row and column, and for a run its direction (1 down, 0 across).
    pub fn place(&self) -> (usize, usize, Option<u8>) {
        match *self {
            Rule::R1 { row, col, down, .. } => (row, col, Some(down)),
            Rule::R2 { row, col } => (row, col, None),
            Rule::R3 { row, col, down, .. } => (row, col, down),
        }
    }
}

impl Explain for Rule {
    fn kind(&self) -> ViolationKind {
        match self {
            Rule::R1 { repeated, .. } => run_kind(*repeated),
            Rule::R2 { .. } => ViolationKind::Empty,
            Rule::R3 { .. } => ViolationKind::Mapping,
        }
    }

    fn message(&self) -> String {
        match self {
            Rule::R1 {
                row,
                col,
                down,
                sum,
                total,
                repeated,
            } => {
                let run = run_name(*row, *col, *down, sum);
                match repeated {
                    Some(digit) => repeat_message(&run, *digit),
                    None => format!("{run} adds up to {total}, which {sum} cannot write."),
                }
            }
            Rule::R2 { row, col } => empty_message(*row, *col),
            Rule::R3 {
                row,
                col,
                down,
                sum,
                letter,
                digit,
                ..
            } => {
                let reader = match (down, sum) {
                    (Some(down), Some(sum)) => run_name(*row, *col, *down, sum),
                    _ => upper_first(&cell_name(*row, *col)),
                };
                format!(
                    "{reader} reads the letter {letter} as {digit}, which another place \
                     contradicts: each letter is one digit, and each digit one letter."
                )
            }
        }
    }
}

/// A filled run, as a letter read from it names it.
#[derive(Clone)]
struct RunRead<'a> {
    run: &'a Run,
    sum: String,
    total: u16,
}

/// One place a letter is read as a digit: a filled run (at its block) or a filled cell.
struct Reading<'a> {
    at: (usize, usize),
    run: Option<RunRead<'a>>,
    letter: Letter,
    digit: u8,
}

impl Reading<'_> {
    /// The R3 violation this reading is when it conflicts with another, about the run's cells
    /// and sum or the cell.
    fn violation(self, layout: &Layout) -> Violation {
        let (row, col) = self.at;
        let (cells, clues) = match &self.run {
            Some(read) => run_places(layout, read.run),
            None => (vec![[row, col]], Vec::new()),
        };
        let run = self.run;
        let rule = Rule::R3 {
            row,
            col,
            down: run.as_ref().map(|read| u8::from(read.run.down)),
            sum: run.as_ref().map(|read| read.sum.clone()),
            total: run.as_ref().map(|read| read.total),
            letter: self.letter.to_char(),
            digit: self.digit,
        };
        Violation::new(rule, cells, clues)
    }
}

/// The digits a total gives a clue's letters, or None when the letters cannot write it.
fn read_clue(clue: Clue, total: u16) -> Option<Vec<(Letter, u8)>> {
    match clue.tens {
        None if total <= 9 => Some(vec![(clue.units, total as u8)]),
        Some(tens) if (10..=99).contains(&total) => {
            let (t, u) = ((total / 10) as u8, (total % 10) as u8);
            (tens != clue.units || t == u).then(|| vec![(tens, t), (clue.units, u)])
        }
        _ => None,
    }
}

/// Every violation of `answer`; `finish` first turns unmarked cells into empty ones.
pub fn check(puzzle: &Puzzle, answer: &Answer, finish: bool) -> Result<Vec<Violation>, InputError> {
    let structure = puzzle.structure();
    let layout = &structure.layout;
    let mark_of = |cell: usize| match answer.marks[layout.whites[cell]] {
        Mark::Unmarked if finish => Mark::Empty,
        mark => mark,
    };
    let mut violations = Vec::new();
    let mut readings: Vec<Reading> = Vec::new();
    for (run, clue) in layout.runs.iter().zip(&structure.clues) {
        let mut written = DigitSet::EMPTY;
        let mut repeated = DigitSet::EMPTY;
        let mut total = 0u16;
        let mut filled = true;
        for &cell in &run.cells {
            match mark_of(cell as usize) {
                Mark::Digit(digit) => {
                    if written.contains(digit) {
                        repeated.insert(digit);
                    }
                    written.insert(digit);
                    total += u16::from(digit);
                }
                _ => filled = false,
            }
        }
        let read = if filled {
            read_clue(*clue, total)
        } else {
            None
        };
        let (row, col) = run.clue;
        let down = u8::from(run.down);
        if !repeated.is_empty() || (filled && read.is_none()) {
            let rule = Rule::R1 {
                row,
                col,
                down,
                sum: clue.to_string(),
                total,
                repeated: repeated.smallest(),
            };
            let (cells, clues) = run_places(layout, run);
            violations.push(Violation::new(rule, cells, clues));
            continue;
        }
        let run_read = RunRead {
            run,
            sum: clue.to_string(),
            total,
        };
        for (letter, digit) in read.into_iter().flatten() {
            readings.push(Reading {
                at: run.clue,
                run: Some(run_read.clone()),
                letter,
                digit,
            });
        }
    }
    for (cell, &position) in layout.whites.iter().enumerate() {
        match mark_of(cell) {
            Mark::Empty => {
                let (row, col) = position;
                let rule = Rule::R2 { row, col };
                violations.push(Violation::new(rule, vec![[row, col]], Vec::new()));
            }
            Mark::Digit(digit) => {
                if let Some(letter) = structure.shown[cell] {
                    readings.push(Reading {
                        at: position,
                        run: None,
                        letter,
                        digit,
                    });
                }
            }
            Mark::Unmarked | Mark::Block => {}
        }
    }
    // Which digits each letter is read as, and which letters each digit.
    let mut digits_of = [0u16; LETTERS];
    let mut letters_of = [0u16; LETTERS];
    for reading in &readings {
        digits_of[reading.letter.index()] |= 1 << reading.digit;
        letters_of[usize::from(reading.digit)] |= 1 << reading.letter.index();
    }
    for reading in readings {
        let two_digits = digits_of[reading.letter.index()].count_ones() > 1;
        let two_letters = letters_of[usize::from(reading.digit)].count_ones() > 1;
        if two_digits || two_letters {
            violations.push(reading.violation(layout));
        }
    }
    Ok(violations)
}
