//! The spelling of a sum grid whose sums are numbers (Kakuro's): `.` white, `#` block, `D/A`,
//! `D/` or `/A` for sums (down first), the backslash spelling of `kakuro-solver-article.txt`
//! (`16\`, `\12`, `19\8`) read too, and a grid without sums written one character per cell
//! (`#..#`). A genre's [`GridSyntax`](super::syntax::GridSyntax) takes these readers with its
//! own name.

use super::layout::{Cell, MAX_WRITTEN_SUM};

/// Parses one cell token: `.`, `#`, or sums around `/` (or `\`), down first.
pub fn parse_cell(token: &str) -> Result<Cell, String> {
    match token {
        "." => return Ok(Cell::White),
        "#" => return Ok(Cell::BLOCK),
        _ => {}
    }
    let Some((down, across)) = token.split_once(['/', '\\']) else {
        return Err(format!(
            "expected '.', '#' or sums such as 4/6, 4/ or /6, found '{token}'"
        ));
    };
    let sum = |part: &str, which: &str| -> Result<Option<u16>, String> {
        if part.is_empty() {
            return Ok(None);
        }
        if !part.bytes().all(|b| b.is_ascii_digit()) {
            return Err(format!(
                "the {which} sum in '{token}' should be a number, found '{part}'"
            ));
        }
        match part.parse::<u16>() {
            Ok(value) if value <= MAX_WRITTEN_SUM => Ok(Some(value)),
            _ => Err(format!(
                "the {which} sum '{part}' in '{token}' is too large"
            )),
        }
    };
    Ok(Cell::Block {
        down: sum(down, "down")?,
        across: sum(across, "across")?,
    })
}

/// Writes one cell token.
pub fn cell_token(cell: &Cell) -> String {
    match *cell {
        Cell::White => ".".into(),
        Cell::Block {
            down: None,
            across: None,
        } => "#".into(),
        Cell::Block { down, across } => {
            let part = |sum: Option<u16>| sum.map_or(String::new(), |s| s.to_string());
            format!("{}/{}", part(down), part(across))
        }
    }
}

/// A grid without sums written one character per cell (`#..#`).
pub fn compact_row(token: &str) -> Option<Vec<Cell>> {
    (token.len() > 1 && token.chars().all(|c| c == '.' || c == '#')).then(|| {
        token
            .chars()
            .map(|c| if c == '.' { Cell::White } else { Cell::BLOCK })
            .collect()
    })
}
