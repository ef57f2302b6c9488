//! The pieces several Killer Sudoku forms share: the cages of a grid of cage numbers, a box
//! shape `RxC`, and the givens as row strings (read and written).

use crate::core::{InputError, Location};

use crate::genres::killer_sudoku::model::{char_digit, digit_char, Cage, Puzzle};

pub(super) fn syntax(at: Location, message: impl Into<String>) -> InputError {
    InputError::syntax(at, message)
}

/// The cages of a grid of labels: `labels[cell]` is the cell's label index, `sums[label]` its
/// sum.
pub(super) fn cages_of(labels: &[usize], sums: &[u32]) -> Vec<Cage> {
    let mut cages: Vec<Cage> = sums
        .iter()
        .map(|&sum| Cage {
            sum,
            cells: Vec::new(),
        })
        .collect();
    for (cell, &label) in labels.iter().enumerate() {
        cages[label].cells.push(cell);
    }
    cages
}

/// Reads a box shape `RxC`.
pub(super) fn parse_box(text: &str) -> Option<(usize, usize)> {
    let (rows, cols) = text.trim().split_once(['x', 'X'])?;
    Some((rows.trim().parse().ok()?, cols.trim().parse().ok()?))
}

/// Reads givens, one row string per row, `.` (or `0`) for empty.
pub(super) fn parse_givens_rows(
    rows: &[(Location, &str)],
    side: usize,
) -> Result<Vec<u8>, InputError> {
    if rows.len() != side {
        return Err(InputError::new(
            crate::core::InputErrorKind::Structure,
            rows.first().map_or(Location::Input, |(at, _)| at.clone()),
            format!("{} rows of givens for a grid of {side} rows", rows.len()),
        ));
    }
    let mut givens = Vec::with_capacity(side * side);
    for (row, (at, text)) in rows.iter().enumerate() {
        let chars: Vec<char> = text.chars().collect();
        if chars.len() != side {
            return Err(syntax(
                at.clone(),
                format!(
                    "givens row {} has {} cells, not {side}",
                    row + 1,
                    chars.len()
                ),
            ));
        }
        for (col, &c) in chars.iter().enumerate() {
            let digit = match c {
                '.' | '0' => 0,
                _ => match char_digit(c).filter(|&digit| usize::from(digit) <= side) {
                    Some(digit) => digit,
                    None => {
                        return Err(syntax(
                            Location::Cell { row, col },
                            format!("expected a digit of 1-{side} or '.' for a given, found '{c}'"),
                        ))
                    }
                },
            };
            givens.push(digit);
        }
    }
    Ok(givens)
}

/// The givens as row strings, `.` for empty.
pub(super) fn givens_rows(puzzle: &Puzzle) -> Vec<String> {
    puzzle
        .givens()
        .chunks(puzzle.side())
        .map(|row| {
            row.iter()
                .map(|&digit| if digit == 0 { '.' } else { digit_char(digit) })
                .collect()
        })
        .collect()
}
