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

use crate::core::{DigitSet, InputError};
use crate::genres::kakuro::{Answer, Mark};

use super::model::{Clue, Letter, Puzzle, LETTERS};

/// The rule a violation breaks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub enum Rule {
    /// Runs: different digits, and a total its letters can write.
    R1,
    /// Every white cell filled.
    R2,
    /// One digit per letter and one letter per digit.
    R3,
}

/// A broken rule instance.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Violation {
    pub rule: Rule,
    pub row: usize,
    pub col: usize,
    /// 1 for a down run, 0 for an across run (R1, and R3 read from a run).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub down: Option<u8>,
    /// The run's sum in letters (R1, and R3 read from a run).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sum: Option<String>,
    /// The run's written digits added up (R1, and R3 read from a run).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub total: Option<u16>,
    /// The smallest digit written twice in the run, when one is (R1).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub repeated: Option<u8>,
    /// The letter read two ways (R3).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub letter: Option<char>,
    /// The digit this place reads the letter as (R3).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub digit: Option<u8>,
}

impl Violation {
    fn at(rule: Rule, (row, col): (usize, usize)) -> Violation {
        Violation {
            rule,
            row,
            col,
            down: None,
            sum: None,
            total: None,
            repeated: None,
            letter: None,
            digit: None,
        }
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
    let structure = puzzle.structure()?;
    let layout = &structure.layout;
    let mark_of = |cell: usize| match answer.marks[layout.whites[cell]] {
        Mark::Unmarked if finish => Mark::Empty,
        mark => mark,
    };
    let mut violations = Vec::new();
    // Each reading: the violation to report if it conflicts, the letter and the digit.
    let mut readings: Vec<(Violation, Letter, u8)> = Vec::new();
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
        let mut violation = Violation::at(Rule::R1, run.clue);
        violation.down = Some(u8::from(run.down));
        violation.sum = Some(clue.to_string());
        violation.total = Some(total);
        let read = if filled {
            read_clue(*clue, total)
        } else {
            None
        };
        if !repeated.is_empty() || (filled && read.is_none()) {
            violation.repeated = repeated.smallest();
            violations.push(violation);
            continue;
        }
        for (letter, digit) in read.into_iter().flatten() {
            let mut reading = violation.clone();
            reading.rule = Rule::R3;
            readings.push((reading, letter, digit));
        }
    }
    for (cell, &position) in layout.whites.iter().enumerate() {
        match mark_of(cell) {
            Mark::Empty => violations.push(Violation::at(Rule::R2, position)),
            Mark::Digit(digit) => {
                if let Some(letter) = structure.shown[cell] {
                    readings.push((Violation::at(Rule::R3, position), letter, digit));
                }
            }
            Mark::Unmarked | Mark::Block => {}
        }
    }
    // Which digits each letter is read as, and which letters each digit.
    let mut digits_of = [0u16; LETTERS];
    let mut letters_of = [0u16; LETTERS];
    for &(_, letter, digit) in &readings {
        digits_of[letter.index()] |= 1 << digit;
        letters_of[usize::from(digit)] |= 1 << letter.index();
    }
    for (mut violation, letter, digit) in readings {
        let two_digits = digits_of[letter.index()].count_ones() > 1;
        let two_letters = letters_of[usize::from(digit)].count_ones() > 1;
        if two_digits || two_letters {
            violation.letter = Some(letter.to_char());
            violation.digit = Some(digit);
            violations.push(violation);
        }
    }
    Ok(violations)
}
