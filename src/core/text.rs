//! Reading the pieces of text formats that every genre shares: whitespace-separated tokens
//! and answer rows.

use super::{InputError, Location, Shape};

/// Whitespace-separated tokens with their byte offsets in `line`.
pub fn tokens(line: &str) -> Vec<(usize, &str)> {
    let mut found = Vec::new();
    let mut start = None;
    for (i, c) in line.char_indices() {
        match (c.is_whitespace(), start) {
            (true, Some(s)) => {
                found.push((s, &line[s..i]));
                start = None;
            }
            (false, None) => start = Some(i),
            _ => {}
        }
    }
    if let Some(s) = start {
        found.push((s, &line[s..]));
    }
    found
}

/// Answer rows as characters, one per cell, checked against the puzzle's shape. Rows come as
/// one string each or as one string with a row per line; blank lines and whitespace inside a
/// row are ignored.
pub fn answer_rows(rows: &[String], shape: Shape) -> Result<Vec<Vec<char>>, InputError> {
    let split: Vec<&str> = rows
        .iter()
        .flat_map(|row| row.split('\n'))
        .map(|row| row.trim_end_matches('\r').trim())
        .filter(|row| !row.is_empty())
        .collect();
    if split.len() != shape.rows {
        return Err(InputError::answer(
            Location::Input,
            format!(
                "the answer has {} rows but the puzzle has {}",
                split.len(),
                shape.rows
            ),
        ));
    }
    split
        .iter()
        .enumerate()
        .map(|(row, text)| {
            let chars: Vec<char> = text.chars().filter(|c| !c.is_whitespace()).collect();
            if chars.len() == shape.cols {
                Ok(chars)
            } else {
                Err(InputError::answer(
                    Location::Item {
                        field: "answer row",
                        index: row,
                    },
                    format!(
                        "answer row {row} has {} cells but the puzzle has {} columns",
                        chars.len(),
                        shape.cols
                    ),
                ))
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_keep_their_offsets() {
        assert_eq!(tokens("  ab c\td "), vec![(2, "ab"), (5, "c"), (7, "d")]);
    }

    #[test]
    fn answer_rows_check_the_shape() {
        let rows = answer_rows(&["1 2\n34".to_string()], Shape::new(2, 2)).unwrap();
        assert_eq!(rows, vec![vec!['1', '2'], vec!['3', '4']]);
        assert!(answer_rows(&["12".to_string()], Shape::new(2, 2)).is_err());
        let error = answer_rows(&["12".into(), "3".into()], Shape::new(2, 2)).unwrap_err();
        assert!(
            error.to_string().contains("answer row 1 has 1 cells"),
            "{error}"
        );
    }
}
