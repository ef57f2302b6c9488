//! The Killer Sudoku ID: `killer-sudoku:<N>x<N>:<cages>/<sums>[/<givens>][/<rows>x<cols>]`
//! (the format's doc in `format`).

use crate::core::{InputError, Location};

use super::parts::{cages_of, givens_rows, parse_box, parse_givens_rows, syntax};
use crate::genres::killer_sudoku::model::{Puzzle, GENRE, MAX_SIDE};

/// The characters of one-character cage numbers in IDs.
const ID_CHARS: &[u8] = b"0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

fn id_char_value(c: u8) -> Option<usize> {
    ID_CHARS.iter().position(|&id| id == c)
}

/// Writes the ID.
pub fn to_id(puzzle: &Puzzle) -> String {
    let side = puzzle.side();
    let count = puzzle.cages().len();
    let wide = count > ID_CHARS.len();
    let mut cages = String::with_capacity(side * side * if wide { 2 } else { 1 });
    for cell in 0..side * side {
        let index = puzzle.cage_of(cell);
        if wide {
            cages.push(ID_CHARS[index / ID_CHARS.len()] as char);
            cages.push(ID_CHARS[index % ID_CHARS.len()] as char);
        } else {
            cages.push(ID_CHARS[index] as char);
        }
    }
    let sums: Vec<String> = puzzle.cages().iter().map(|c| c.sum.to_string()).collect();
    let mut id = format!("{GENRE}:{side}x{side}:{cages}/{}", sums.join("."));
    if puzzle.has_givens() {
        id.push('/');
        id.push_str(&givens_rows(puzzle).concat());
    }
    if !puzzle.usual_box() {
        let (rows, cols) = puzzle.box_shape();
        id.push_str(&format!("/{rows}x{cols}"));
    }
    id
}

/// Reads an ID.
pub fn parse_id(id: &str) -> Result<Puzzle, InputError> {
    let at = |position: usize| Location::Id {
        position: position + 1,
    };
    let prefix = format!("{GENRE}:");
    if id.len() < prefix.len() || !id[..prefix.len()].eq_ignore_ascii_case(&prefix) {
        return Err(syntax(
            at(0),
            format!("a {GENRE} ID starts with '{prefix}'"),
        ));
    }
    let rest = &id[prefix.len()..];
    let Some((shape, body)) = rest.split_once(':') else {
        return Err(syntax(
            at(prefix.len()),
            "expected <N>x<N>: after the genre",
        ));
    };
    let side = match parse_box(shape) {
        Some((rows, cols)) if rows == cols && (1..=MAX_SIDE).contains(&rows) => rows,
        Some((rows, cols)) if rows == cols => {
            return Err(InputError::limits(format!(
                "a {rows}x{cols} grid: a killer sudoku grid has a side of 1 to {MAX_SIDE}"
            )))
        }
        _ => {
            return Err(syntax(
                at(prefix.len()),
                format!("expected a square shape such as 9x9, found '{shape}'"),
            ))
        }
    };
    let body_start = prefix.len() + shape.len() + 1;
    let mut parts = Vec::new();
    let mut start = body_start;
    for part in body.split('/') {
        parts.push((start, part));
        start += part.len() + 1;
    }
    if parts.len() < 2 {
        return Err(syntax(
            at(id.len()),
            "expected <cages>/<sums> after the shape",
        ));
    }
    let cells = side * side;
    let (cages_at, cages_text) = parts[0];
    let width = if cages_text.len() == cells {
        1
    } else if cages_text.len() == 2 * cells {
        2
    } else {
        return Err(syntax(
            at(cages_at),
            format!(
                "expected one or two characters per cell ({cells} or {}) for the cages, found {}",
                2 * cells,
                cages_text.len()
            ),
        ));
    };
    let bytes = cages_text.as_bytes();
    let mut labels = Vec::with_capacity(cells);
    for cell in 0..cells {
        let mut value = 0;
        for offset in 0..width {
            let position = cell * width + offset;
            let Some(digit) = id_char_value(bytes[position]) else {
                return Err(syntax(
                    at(cages_at + position),
                    "expected a cage number (0-9, A-Z, a-z)",
                ));
            };
            value = value * ID_CHARS.len() + digit;
        }
        labels.push(value);
    }
    let (sums_at, sums_text) = parts[1];
    let mut sums = Vec::new();
    let mut position = sums_at;
    for sum in sums_text.split('.') {
        sums.push(
            sum.parse::<u32>()
                .map_err(|_| syntax(at(position), format!("expected a cage sum, found '{sum}'")))?,
        );
        position += sum.len() + 1;
    }
    if let Some(&beyond) = labels.iter().find(|&&label| label >= sums.len()) {
        let cell = labels
            .iter()
            .position(|&label| label == beyond)
            .unwrap_or(0);
        return Err(syntax(
            at(cages_at + cell * width),
            format!("cage {beyond} has no sum: the ID lists {} sums", sums.len()),
        ));
    }
    let mut givens = Vec::new();
    let mut box_shape = None;
    for &(part_at, part) in &parts[2..] {
        if part.contains(['x', 'X']) && box_shape.is_none() {
            box_shape = Some(parse_box(part).ok_or_else(|| {
                syntax(
                    at(part_at),
                    format!("expected a box such as 2x3, found '{part}'"),
                )
            })?);
        } else if givens.is_empty() && part.chars().count() == cells {
            let rows: Vec<(Location, &str)> = (0..side)
                .map(|row| {
                    (
                        at(part_at + row * side),
                        &part[row * side..(row + 1) * side],
                    )
                })
                .collect();
            givens = parse_givens_rows(&rows, side)?;
        } else {
            return Err(syntax(
                at(part_at),
                format!("expected {cells} givens or a box such as 2x3, found '{part}'"),
            ));
        }
    }
    Puzzle::new(side, box_shape, cages_of(&labels, &sums), givens)
}
