//! The answer checker (spec: Rule instances).
//!
//! R1 is checked per run: broken when a written digit repeats, or when no different digits
//! unused in the run can fill its open cells (unmarked or empty) to reach the rest of its sum.
//! It is reported at the block holding the run's sum. R2 is checked per white cell: broken
//! when the cell is empty (`0`), which finishing makes of every unmarked cell. Each violation
//! carries the cells it is about: a run's white cells (and its sum's block as the clue), or
//! the empty cell.

use crate::core::{DigitSet, InputError};
use crate::genres::sum_grid::combos::combos;
use crate::genres::sum_grid::violations::{
    empty_message, repeat_message, run_kind, run_name, run_places,
};
use crate::genres::{Explain, ViolationKind};

use super::answer::{Answer, Mark};
use super::model::Puzzle;

/// A broken rule of a Kakuro answer, with the cells it is about (see [`Rule`]).
pub type Violation = crate::genres::Violation<Rule>;

/// A broken rule instance of a Kakuro answer, tagged by its `rule`: R1, runs of different
/// digits adding up to their sums; R2, every white cell filled. Rows and columns count from 0.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(tag = "rule")]
#[cfg_attr(
    feature = "server",
    derive(utoipa::ToSchema),
    schema(as = KakuroViolation)
)]
pub enum Rule {
    /// A run whose written digits repeat, or that no combination of its length and sum holds:
    /// placed at the block holding the run's sum.
    R1 {
        /// The row of the block holding the sum.
        row: usize,
        /// The column of the block holding the sum.
        col: usize,
        /// 1 for a down run, 0 for an across run.
        down: u8,
        /// The run's sum.
        sum: u16,
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
}

impl Rule {
    /// Where it is: the row and column, and for a run its direction (1 down, 0 across).
    pub fn place(&self) -> (usize, usize, Option<u8>) {
        match *self {
            Rule::R1 { row, col, down, .. } => (row, col, Some(down)),
            Rule::R2 { row, col } => (row, col, None),
        }
    }
}

impl Explain for Rule {
    fn kind(&self) -> ViolationKind {
        match self {
            Rule::R1 { repeated, .. } => run_kind(*repeated),
            Rule::R2 { .. } => ViolationKind::Empty,
        }
    }

    fn message(&self) -> String {
        match *self {
            Rule::R1 {
                row,
                col,
                down,
                sum,
                total,
                repeated,
            } => {
                let run = run_name(row, col, down, &sum.to_string());
                match repeated {
                    Some(digit) => repeat_message(&run, digit),
                    None if total > sum => format!("{run} adds up to {total}, more than {sum}."),
                    None => format!(
                        "{run}: its digits add up to {total}, and no different digits \
                         complete them to {sum}."
                    ),
                }
            }
            Rule::R2 { row, col } => empty_message(row, col),
        }
    }
}

/// Every violation of `answer`; `finish` first turns unmarked cells into empty ones.
pub fn check(puzzle: &Puzzle, answer: &Answer, finish: bool) -> Result<Vec<Violation>, InputError> {
    let layout = puzzle.relaxed_layout();
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
            let rule = Rule::R1 {
                row: run.clue.0,
                col: run.clue.1,
                down: u8::from(run.down),
                sum: run.sum,
                total,
                repeated: repeated.smallest(),
            };
            let (cells, clues) = run_places(layout, run);
            violations.push(Violation::new(rule, cells, clues));
        }
    }
    for (cell, &(row, col)) in layout.whites.iter().enumerate() {
        if mark_of(cell as u32) == Mark::Empty {
            violations.push(Violation::new(
                Rule::R2 { row, col },
                vec![[row, col]],
                vec![],
            ));
        }
    }
    Ok(violations)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::genres::kakuro::answer::parse_answer;
    use crate::genres::kakuro::format::parse_id;

    const PUZZLE: &str = "kakuro:3x3:DbAb/4.6.3.7";

    fn checked(rows: &[&str], finish: bool) -> Vec<Violation> {
        let puzzle = parse_id(PUZZLE).unwrap();
        let rows: Vec<String> = rows.iter().map(|r| r.to_string()).collect();
        check(&puzzle, &parse_answer(&puzzle, &rows).unwrap(), finish).unwrap()
    }

    /// The typed rules of the violations found.
    fn violations(rows: &[&str], finish: bool) -> Vec<Rule> {
        checked(rows, finish).into_iter().map(|v| v.rule).collect()
    }

    #[test]
    fn a_full_correct_answer_has_none() {
        assert!(violations(&["###", "#12", "#34"], true).is_empty());
    }

    #[test]
    fn a_repeated_digit_breaks_its_run() {
        let found = violations(&["###", "#11", "#.."], false);
        assert_eq!(
            found,
            vec![Rule::R1 {
                row: 1,
                col: 0,
                down: 0,
                sum: 3,
                total: 2,
                repeated: Some(1),
            }]
        );
    }

    #[test]
    fn a_broken_run_names_its_cells_and_its_sum() {
        let found = checked(&["###", "#11", "#.."], false);
        let description = &found[0].description;
        assert_eq!(description.kind, ViolationKind::Repeat);
        assert_eq!(
            description.message,
            "The across run of 3 at row 2, column 1 has the digit 1 twice."
        );
        assert_eq!(description.cells, vec![[1, 1], [1, 2]]);
        assert_eq!(description.clues, vec![[1, 0]]);
        let found = checked(&["###", "#4.", "#.."], false);
        let across = found.iter().find(|v| v.rule.place() == (1, 0, Some(0)));
        assert_eq!(
            across.unwrap().description.message,
            "The across run of 3 at row 2, column 1 adds up to 4, more than 3."
        );
        let found = checked(&["###", "#1.", "#3."], true);
        assert_eq!(found[0].description.kind, ViolationKind::Empty);
        assert_eq!(
            found[0].description.message,
            "Empty cell at row 2, column 3."
        );
        assert_eq!(found[0].description.cells, vec![[1, 2]]);
        assert!(found[0].description.clues.is_empty());
    }

    #[test]
    fn a_digit_no_combination_holds_breaks_its_run() {
        // Across 3 in two cells is {1, 2}: a 4 cannot be part of it, though a cell is open.
        let found = violations(&["###", "#4.", "#.."], false);
        assert!(found
            .iter()
            .any(|v| matches!(v, Rule::R1 { .. }) && v.place() == (1, 0, Some(0))));
        // Down 4 in two cells is {1, 3}: the 4 breaks it too.
        assert!(found.iter().any(|v| v.place() == (0, 1, Some(1))));
    }

    #[test]
    fn finishing_empties_unmarked_cells() {
        assert!(violations(&["###", "#1.", "#3."], false).is_empty());
        let found = violations(&["###", "#1.", "#3."], true);
        let empty: Vec<(usize, usize, Option<u8>)> = found
            .iter()
            .filter(|v| matches!(v, Rule::R2 { .. }))
            .map(Rule::place)
            .collect();
        assert_eq!(empty, vec![(1, 2, None), (2, 2, None)]);
        // An empty cell only breaks R2: its runs can still be completed.
        assert!(found.iter().all(|v| matches!(v, Rule::R2 { .. })));
    }

    #[test]
    fn answers_that_do_not_fit_are_errors() {
        let puzzle = parse_id(PUZZLE).unwrap();
        let rows = |rows: &[&str]| rows.iter().map(|r| r.to_string()).collect::<Vec<_>>();
        let error = parse_answer(&puzzle, &rows(&["###", "#12"])).unwrap_err();
        assert!(error.to_string().contains("2 rows"), "{error}");
        let error = parse_answer(&puzzle, &rows(&["#1#", "#12", "#34"])).unwrap_err();
        assert!(
            error.to_string().contains("row 0, col 1") && error.to_string().contains("block"),
            "{error}"
        );
        let error = parse_answer(&puzzle, &rows(&["###", "##2", "#34"])).unwrap_err();
        assert!(error.to_string().contains("'#' on a white cell"), "{error}");
        let error = parse_answer(&puzzle, &rows(&["###", "#1x", "#34"])).unwrap_err();
        assert!(error.to_string().contains("found 'x'"), "{error}");
        let error = parse_answer(&puzzle, &rows(&["###", "#1", "#34"])).unwrap_err();
        assert!(error.to_string().contains("2 cells"), "{error}");
    }
}
