//! Reading the pieces of text formats that every genre shares: whitespace-separated tokens
//! and answer rows.

use super::{InputError, Location, Shape};

/// Whitespace-separated tokens with their byte offsets in `line`, without allocating: a grid
/// row is read once per request, and ASCII bytes are told apart without decoding characters.
pub fn tokens(line: &str) -> impl Iterator<Item = (usize, &str)> + Clone {
    let mut at = 0;
    std::iter::from_fn(move || {
        while at < line.len() {
            let (space, len) = char_at(line, at);
            if !space {
                break;
            }
            at += len;
        }
        if at == line.len() {
            return None;
        }
        let start = at;
        while at < line.len() {
            let (space, len) = char_at(line, at);
            if space {
                break;
            }
            at += len;
        }
        Some((start, &line[start..at]))
    })
}

/// Whether the character at byte `at` of `line` (a character boundary) is whitespace, and its
/// length in bytes.
#[inline]
fn char_at(line: &str, at: usize) -> (bool, usize) {
    let byte = line.as_bytes()[at];
    if byte.is_ascii() {
        // char::is_whitespace for ASCII: space, \t, \n, vertical tab, form feed, \r.
        return (
            matches!(byte, b' ' | b'\t' | b'\n' | 0x0b | 0x0c | b'\r'),
            1,
        );
    }
    line[at..]
        .chars()
        .next()
        .map_or((false, 1), |c| (c.is_whitespace(), c.len_utf8()))
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
        // A client that sends an untouched row as "" has sent as many rows as the puzzle's,
        // so say that blank rows do not count, and how an empty cell is written.
        let blank = rows.iter().filter(|row| row.trim().is_empty()).count();
        let skipped = if blank > 0 && rows.len() == shape.rows {
            format!(" ({blank} blank, which do not count: write an empty cell as '.')")
        } else {
            String::new()
        };
        return Err(InputError::answer(
            Location::Input,
            format!(
                "the answer has {} row{} but the puzzle has {}{skipped}",
                split.len(),
                if split.len() == 1 { "" } else { "s" },
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
        assert_eq!(
            tokens("  ab c\td ").collect::<Vec<_>>(),
            vec![(2, "ab"), (5, "c"), (7, "d")]
        );
        assert_eq!(tokens("x").collect::<Vec<_>>(), vec![(0, "x")]);
        assert_eq!(tokens(" \t ").count(), 0);
        // Unicode spaces separate tokens too, and other characters stay whole.
        assert_eq!(
            tokens("é\u{a0}ü\u{2003}x").collect::<Vec<_>>(),
            vec![(0, "é"), (4, "ü"), (9, "x")]
        );
    }

    #[test]
    fn answer_rows_check_the_shape() {
        let rows = answer_rows(&["1 2\n34".to_string()], Shape::new(2, 2)).unwrap();
        assert_eq!(rows, vec![vec!['1', '2'], vec!['3', '4']]);
        assert!(answer_rows(&["12".to_string()], Shape::new(2, 2)).is_err());
        // Rows sent one per item, some blank: the message says why they do not count.
        let error = answer_rows(&["12".into(), "".into()], Shape::new(2, 2)).unwrap_err();
        assert!(error.to_string().contains(
            "the answer has 1 row but the puzzle has 2 (1 blank, which do not count: write an empty cell as '.')"
        ), "{error}");
        let error = answer_rows(&["12\n".into()], Shape::new(2, 2)).unwrap_err();
        assert!(
            error
                .to_string()
                .contains("the answer has 1 row but the puzzle has 2"),
            "{error}"
        );
        assert!(!error.to_string().contains("blank"), "{error}");
        let error = answer_rows(&["12".into(), "3".into()], Shape::new(2, 2)).unwrap_err();
        assert!(
            error.to_string().contains("answer row 1 has 1 cells"),
            "{error}"
        );
    }
}
