//! Answers and solutions: one character per cell, `#` shaded, `-` unshaded, `.` unmarked.

use crate::core::text::answer_rows;
use crate::core::{Grid, InputError, Location};

use super::model::Puzzle;

/// What a player marked in a cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mark {
    /// Shaded (`#`).
    Shaded,
    /// Marked unshaded (`-`).
    Unshaded,
    /// Nothing marked yet (`.`); finishing turns it into [`Mark::Unshaded`].
    Unmarked,
}

/// A player's answer, cell by cell.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Answer {
    /// One mark per cell.
    pub marks: Grid<Mark>,
}

/// A full solution: `true` for shaded cells.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Solution {
    /// One entry per cell: `true` shaded.
    pub shaded: Grid<bool>,
}

impl Solution {
    /// The solution rows: `#` shaded, `-` unshaded.
    pub fn rows(&self) -> Vec<String> {
        (0..self.shaded.rows())
            .map(|row| {
                self.shaded
                    .row(row)
                    .iter()
                    .map(|&shaded| if shaded { '#' } else { '-' })
                    .collect()
            })
            .collect()
    }

    /// The rows with the first cell's shading flipped: a complete answer that breaks a rule,
    /// when the solution is the only one.
    pub fn wrong_rows(&self) -> Vec<String> {
        let mut shaded = self.shaded.clone();
        if shaded.rows() > 0 && shaded.cols() > 0 {
            shaded[(0, 0)] = !shaded[(0, 0)];
        }
        Solution { shaded }.rows()
    }
}

/// Reads answer rows (one string per row, or one string with a row per line) for `puzzle`.
pub fn parse_answer(puzzle: &Puzzle, rows: &[String]) -> Result<Answer, InputError> {
    let shape = puzzle.shape();
    let mut marks = Vec::with_capacity(shape.cells());
    for (row, chars) in answer_rows(rows, shape)?.into_iter().enumerate() {
        for (col, &c) in chars.iter().enumerate() {
            marks.push(match c {
                '#' => Mark::Shaded,
                '-' => Mark::Unshaded,
                '.' => Mark::Unmarked,
                _ => {
                    return Err(InputError::answer(
                        Location::Cell { row, col },
                        format!(
                            "expected '#' (shaded), '-' (unshaded) or '.' (unmarked), found '{c}'"
                        ),
                    ))
                }
            });
        }
    }
    let marks = Grid::from_cells(shape, marks).ok_or_else(|| {
        InputError::answer(
            Location::Input,
            "the answer does not fit the puzzle's shape",
        )
    })?;
    Ok(Answer { marks })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::genres::kakurasu::format::parse_id;

    #[test]
    fn rows_and_errors() {
        let puzzle = parse_id("kakurasu:2x3:1.2/1.0.0").unwrap();
        let answer = parse_answer(&puzzle, &["#--\n.#.".to_string()]).unwrap();
        assert_eq!(answer.marks[(1, 0)], Mark::Unmarked);
        assert_eq!(answer.marks[(1, 1)], Mark::Shaded);
        let error = parse_answer(&puzzle, &["#--".into(), "x--".into()]).unwrap_err();
        assert_eq!(error.problems[0].at, Location::Cell { row: 1, col: 0 });
        let error = parse_answer(&puzzle, &["#--".into(), "--".into()]).unwrap_err();
        assert!(
            error.to_string().contains("answer row 1 has 2 cells"),
            "{error}"
        );
        assert!(parse_answer(&puzzle, &["#--".into()]).is_err());
    }
}
