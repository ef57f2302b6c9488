//! SudoCue's long killer form, `3x3::k:` then a number a cell (the format's doc in `format`).

use crate::core::{InputError, Location};

use super::parts::{cages_of, syntax};
use crate::genres::killer_sudoku::model::Puzzle;

/// Writes SudoCue's long killer form, for a 9x9 puzzle with the usual boxes and no givens.
pub fn to_sudocue(puzzle: &Puzzle) -> Option<String> {
    if puzzle.side() != 9 || !puzzle.usual_box() || puzzle.has_givens() {
        return None;
    }
    let mut text = String::from("3x3::k:");
    for cell in 0..81 {
        let cage = puzzle.cage_of(cell);
        let value = puzzle.cages()[cage].sum * 256 + cage as u32 + 1;
        text.push_str(&format!("{value}:"));
    }
    Some(text)
}

/// Reads SudoCue's long killer form.
pub fn parse_sudocue(text: &str) -> Result<Puzzle, InputError> {
    let at = |position: usize| Location::Text {
        line: 1,
        column: position + 1,
    };
    let Some(body) = text.strip_prefix("3x3::k:") else {
        return Err(syntax(
            at(0),
            if text.starts_with("3x3:d:") {
                "a SudoCue form with 'd' is Killer-X (the diagonals hold 1-9 too), which this genre is not".to_string()
            } else {
                "expected SudoCue's long killer form, '3x3::k:' then 81 numbers each followed by ':'".to_string()
            },
        ));
    };
    let mut ids: Vec<u32> = Vec::new();
    let mut sums: Vec<u32> = Vec::new();
    let mut labels = Vec::with_capacity(81);
    let mut position = 7;
    let values: Vec<&str> = body.trim_end_matches(':').split(':').collect();
    if values.len() != 81 {
        return Err(syntax(
            at(text.len()),
            format!("expected 81 cells, found {}", values.len()),
        ));
    }
    for value in values {
        let number = value.trim().parse::<u32>().map_err(|_| {
            syntax(
                at(position),
                format!("expected a number (sum x 256 + cage), found '{value}'"),
            )
        })?;
        let (sum, id) = (number / 256, number % 256);
        let label = match ids.iter().position(|&known| known == id) {
            Some(label) => {
                if sums[label] != sum {
                    return Err(syntax(
                        at(position),
                        format!("cage {id} is given the sums {} and {sum}", sums[label]),
                    ));
                }
                label
            }
            None => {
                ids.push(id);
                sums.push(sum);
                ids.len() - 1
            }
        };
        labels.push(label);
        position += value.len() + 1;
    }
    Puzzle::new(9, None, cages_of(&labels, &sums), Vec::new())
}
