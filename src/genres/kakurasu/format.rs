//! The Kakurasu text, ID and JSON formats (spec, section Formats).
//!
//! Text: an optional `genre: kakurasu` line, then `rows:` and `cols:` (or `columns:`) lines of
//! clues separated by spaces, rows top to bottom and columns left to right.
//!
//! ID: `kakurasu:<rows>x<cols>:<row clues>/<column clues>`, clues separated by dots, such as
//! `kakurasu:3x5:8.12.3/0.0.6.2.3`.
//!
//! JSON: `{"row_clues": [8, 12, 3], "col_clues": [0, 0, 6, 2, 3]}`.
//!
//! Absent clues (an extension for published puzzles that leave some out): `-` in the text and
//! the ID (an empty ID field is read as absent too), `null` in JSON. A clue no line can reach
//! is still read; the puzzle then has no solution.

use crate::core::error::text_location;
use crate::core::text::tokens;
use crate::core::{InputError, Location, Shape};

use super::model::{Puzzle, GENRE, MAX_SIDE};

/// Reads one clue: a whole number or `-` (absent).
fn parse_clue(token: &str) -> Result<Option<u32>, String> {
    if token == "-" || token.is_empty() {
        return Ok(None);
    }
    if token.bytes().all(|b| b.is_ascii_digit()) {
        return token
            .parse::<u32>()
            .map(Some)
            .map_err(|_| format!("clue '{token}' is too large (at most {})", u32::MAX));
    }
    if token.len() > 1 && token.starts_with('-') && token[1..].bytes().all(|b| b.is_ascii_digit()) {
        return Err(format!(
            "clue '{token}' is negative; clues are 0 or more (or '-' when absent)"
        ));
    }
    Err(format!(
        "expected a clue (a whole number, or '-' when absent), found '{token}'"
    ))
}

fn clue_token(clue: Option<u32>) -> String {
    clue.map_or_else(|| "-".to_string(), |sum| sum.to_string())
}

/// An error unless a list of clues has 1 to 32 entries.
fn check_count(count: usize, which: &str) -> Result<(), InputError> {
    if (1..=MAX_SIDE).contains(&count) {
        Ok(())
    } else {
        Err(InputError::limits(format!(
            "{count} {which} clues: a kakurasu grid has 1 to {MAX_SIDE} {which}s"
        )))
    }
}

/// Parses the text format.
pub fn parse_text(text: &str) -> Result<Puzzle, InputError> {
    let mut rows: Option<Vec<Option<u32>>> = None;
    let mut cols: Option<Vec<Option<u32>>> = None;
    let mut offset = 0;
    for line in text.split('\n') {
        let line_start = offset;
        offset += line.len() + 1;
        let line = line.strip_suffix('\r').unwrap_or(line);
        let indent = line.len() - line.trim_start().len();
        let trimmed = line.trim();
        if trimmed.is_empty() {
            continue;
        }
        let at = |byte: usize| text_location(text, line_start + byte);
        let Some((key, value)) = trimmed.split_once(':') else {
            return Err(InputError::syntax(
                at(indent),
                format!("expected 'genre:', 'rows:' or 'cols:' and clues, found '{trimmed}'"),
            ));
        };
        // Where the value starts in the line, for the positions of its clues.
        let value_start = indent + key.len() + 1;
        let (target, which) = match key.trim().to_ascii_lowercase().as_str() {
            "genre" => {
                let genre = value.trim();
                if !genre.eq_ignore_ascii_case(GENRE) {
                    return Err(InputError::syntax(
                        at(indent),
                        format!("this reader takes kakurasu, found genre '{genre}'"),
                    ));
                }
                continue;
            }
            "rows" => (&mut rows, "row"),
            "cols" | "columns" => (&mut cols, "column"),
            other => {
                return Err(InputError::syntax(
                    at(indent),
                    format!("unknown key '{other}': expected 'genre', 'rows' or 'cols'"),
                ))
            }
        };
        if target.is_some() {
            return Err(InputError::syntax(
                at(indent),
                format!("'{}:' is given twice", key.trim()),
            ));
        }
        let mut clues = Vec::new();
        for (start, token) in tokens(value) {
            if clues.len() >= MAX_SIDE {
                return Err(InputError::limits(format!(
                    "more than {MAX_SIDE} clues in '{}:': a kakurasu grid has at most {MAX_SIDE}",
                    key.trim()
                )));
            }
            clues.push(
                parse_clue(token)
                    .map_err(|message| InputError::syntax(at(value_start + start), message))?,
            );
        }
        check_count(clues.len(), which)?;
        *target = Some(clues);
    }
    let missing = |which: &str| {
        InputError::syntax(
            Location::Input,
            format!("the puzzle needs a '{which}:' line of clues"),
        )
    };
    let rows = rows.ok_or_else(|| missing("rows"))?;
    let cols = cols.ok_or_else(|| missing("cols"))?;
    Puzzle::new(rows, cols)
}

/// The text format.
pub fn to_text(puzzle: &Puzzle) -> String {
    let join = |clues: &[Option<u32>]| {
        clues
            .iter()
            .map(|&clue| clue_token(clue))
            .collect::<Vec<_>>()
            .join(" ")
    };
    format!(
        "genre: {GENRE}\nrows: {}\ncols: {}\n",
        join(puzzle.row_clues()),
        join(puzzle.col_clues())
    )
}

/// The ID: `kakurasu:<rows>x<cols>:<row clues>/<column clues>`.
pub fn to_id(puzzle: &Puzzle) -> String {
    let join = |clues: &[Option<u32>]| {
        clues
            .iter()
            .map(|&clue| clue_token(clue))
            .collect::<Vec<_>>()
            .join(".")
    };
    format!(
        "{GENRE}:{}:{}/{}",
        puzzle.shape(),
        join(puzzle.row_clues()),
        join(puzzle.col_clues())
    )
}

/// Reads an ID; errors give the 1-based character position.
pub fn parse_id(id: &str) -> Result<Puzzle, InputError> {
    let at = |position: usize| Location::Id { position };
    let id = id.trim();
    let Some(rest) = id.strip_prefix(GENRE).and_then(|r| r.strip_prefix(':')) else {
        return Err(InputError::syntax(
            at(1),
            "a kakurasu ID starts with 'kakurasu:'",
        ));
    };
    let shape_start = GENRE.len() + 1;
    let Some((shape_text, clues)) = rest.split_once(':') else {
        return Err(InputError::syntax(
            at(shape_start + 1),
            "expected the shape and ':' after it, such as 'kakurasu:3x5:...'",
        ));
    };
    let shape: Shape = shape_text
        .parse()
        .map_err(|message: String| InputError::syntax(at(shape_start + 1), message))?;
    shape.check_within(1, MAX_SIDE, GENRE)?;
    let rows_start = shape_start + shape_text.chars().count() + 1;
    let Some((row_text, col_text)) = clues.split_once('/') else {
        return Err(InputError::syntax(
            at(rows_start + clues.chars().count() + 1),
            "expected '/' between the row clues and the column clues",
        ));
    };
    let cols_start = rows_start + row_text.chars().count() + 1;
    let read = |text: &str, start: usize, expected: usize, which: &str| {
        let fields: Vec<&str> = text.split('.').collect();
        if fields.len() != expected {
            return Err(InputError::syntax(
                at(start + 1),
                format!(
                    "the shape {shape} has {expected} {which}s but {} {which} clues are given",
                    fields.len()
                ),
            ));
        }
        let mut position = start + 1;
        let mut clues = Vec::with_capacity(expected);
        for field in fields {
            clues.push(
                parse_clue(field).map_err(|message| InputError::syntax(at(position), message))?,
            );
            position += field.chars().count() + 1;
        }
        Ok(clues)
    };
    let rows = read(row_text, rows_start, shape.rows, "row")?;
    let cols = read(col_text, cols_start, shape.cols, "column")?;
    Puzzle::new(rows, cols)
}

/// The JSON puzzle object.
pub fn to_json(puzzle: &Puzzle) -> serde_json::Value {
    serde_json::json!({
        "row_clues": puzzle.row_clues(),
        "col_clues": puzzle.col_clues(),
    })
}

/// Reads the JSON puzzle object `{"row_clues": [...], "col_clues": [...]}`.
pub fn parse_json(puzzle: &serde_json::Value) -> Result<Puzzle, InputError> {
    crate::core::puzzle_object_keys(puzzle, "kakurasu", &["row_clues", "col_clues"])?;
    let read = |field: &'static str, which: &str| -> Result<Vec<Option<u32>>, InputError> {
        let items = puzzle
            .get(field)
            .and_then(|v| v.as_array())
            .ok_or_else(|| {
                InputError::syntax(
                    Location::Input,
                    format!(
                    "a kakurasu puzzle object needs \"row_clues\" and \"col_clues\": arrays of \
                     whole numbers (null when absent); \"{field}\" is missing or not an array"
                ),
                )
            })?;
        check_count(items.len(), which)?;
        items
            .iter()
            .enumerate()
            .map(|(index, item)| {
                let at = Location::Item { field, index };
                match item {
                    serde_json::Value::Null => Ok(None),
                    serde_json::Value::Number(number) => match number.as_u64() {
                        Some(value) => u32::try_from(value).map(Some).map_err(|_| {
                            InputError::syntax(
                                at,
                                format!("clue {value} is too large (at most {})", u32::MAX),
                            )
                        }),
                        None if number.as_i64().is_some_and(|v| v < 0)
                            || number.as_f64().is_some_and(|v| v < 0.0) =>
                        {
                            Err(InputError::syntax(
                                at,
                                format!("clue {number} is negative; clues are 0 or more"),
                            ))
                        }
                        None => Err(InputError::syntax(
                            at,
                            format!("clue {number} is not a whole number"),
                        )),
                    },
                    other => Err(InputError::syntax(
                        at,
                        format!(
                            "expected a clue (a whole number, or null when absent), found {other}"
                        ),
                    )),
                }
            })
            .collect()
    };
    let rows = read("row_clues", "row")?;
    let cols = read("col_clues", "column")?;
    Puzzle::new(rows, cols)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::InputErrorKind;

    const SPEC_ID: &str = "kakurasu:3x5:8.12.3/0.0.6.2.3";
    const SPEC_TEXT: &str = "genre: kakurasu\nrows: 8 12 3\ncols: 0 0 6 2 3\n";

    #[test]
    fn spec_example_in_every_format() {
        let from_id = parse_id(SPEC_ID).unwrap();
        let from_text = parse_text(SPEC_TEXT).unwrap();
        assert_eq!(from_id, from_text);
        assert_eq!(to_id(&from_text), SPEC_ID);
        assert_eq!(to_text(&from_id), SPEC_TEXT);
        let json = to_json(&from_id);
        assert_eq!(
            json,
            serde_json::json!({"row_clues": [8, 12, 3], "col_clues": [0, 0, 6, 2, 3]})
        );
        assert_eq!(parse_json(&json).unwrap(), from_id);
    }

    #[test]
    fn absent_clues_in_every_format() {
        let puzzle = parse_text("rows: 3 -\ncols: - 1").unwrap();
        assert_eq!(puzzle.row_clues(), &[Some(3), None]);
        assert_eq!(to_id(&puzzle), "kakurasu:2x2:3.-/-.1");
        assert_eq!(parse_id("kakurasu:2x2:3./.1").unwrap(), puzzle);
        assert_eq!(parse_json(&to_json(&puzzle)).unwrap(), puzzle);
        assert_eq!(to_json(&puzzle)["row_clues"], serde_json::json!([3, null]));
    }

    #[test]
    fn text_errors_point_at_the_clue() {
        let error = parse_text("rows: 1 x 3\ncols: 1 2 3").unwrap_err();
        assert_eq!(error.problems[0].at, Location::Text { line: 1, column: 9 });
        assert!(error.to_string().contains("found 'x'"), "{error}");
        let error = parse_text("rows: 1 2\ncols: 1 -2").unwrap_err();
        assert_eq!(error.problems[0].at, Location::Text { line: 2, column: 9 });
        assert!(error.to_string().contains("negative"), "{error}");
        let error = parse_text("rows: 1 2").unwrap_err();
        assert!(error.to_string().contains("'cols:'"), "{error}");
        let error = parse_text("genre: kakuro\nrows: 1\ncols: 1").unwrap_err();
        assert!(
            error.to_string().contains("found genre 'kakuro'"),
            "{error}"
        );
        let error = parse_text("rows:\ncols: 1").unwrap_err();
        assert_eq!(error.kind, InputErrorKind::Limits);
    }

    #[test]
    fn id_errors_give_the_position() {
        let error = parse_id("kakurasu:3x5:8.12/0.0.6.2.3").unwrap_err();
        assert_eq!(error.problems[0].at, Location::Id { position: 14 });
        assert!(
            error.to_string().contains("3 rows but 2 row clues"),
            "{error}"
        );
        let error = parse_id("kakurasu:3x5:8.1a.3/0.0.6.2.3").unwrap_err();
        assert_eq!(error.problems[0].at, Location::Id { position: 16 });
        let error = parse_id("kakurasu:3x5:8.12.3/0.0.-6.2.3").unwrap_err();
        assert_eq!(error.problems[0].at, Location::Id { position: 25 });
        assert!(error.to_string().contains("negative"), "{error}");
        let error = parse_id("kakurasu:33x5:8/1").unwrap_err();
        assert_eq!(error.kind, InputErrorKind::Limits);
        assert!(parse_id("kakuro:3x5:8.12.3/0.0.6.2.3").is_err());
        assert!(parse_id("kakurasu:3x5:8.12.3").is_err());
    }

    #[test]
    fn json_errors_name_the_item() {
        let error = parse_json(&serde_json::json!({"row_clues": [1, -2], "col_clues": [1, 2]}))
            .unwrap_err();
        assert_eq!(
            error.problems[0].at,
            Location::Item {
                field: "row_clues",
                index: 1
            }
        );
        let error =
            parse_json(&serde_json::json!({"row_clues": [1, "2"], "col_clues": [1]})).unwrap_err();
        assert!(error.to_string().contains("row_clues 1"), "{error}");
        assert!(parse_json(&serde_json::json!({"row_clues": [1.5], "col_clues": [1]})).is_err());
        assert!(parse_json(&serde_json::json!({"rows": [1]})).is_err());
        let error =
            parse_json(&serde_json::json!({"row_clues": [], "col_clues": [1]})).unwrap_err();
        assert_eq!(error.kind, InputErrorKind::Limits);
    }

    #[test]
    fn unreachable_clues_still_parse() {
        assert!(parse_id("kakurasu:2x2:99.0/0.0").is_ok());
    }
}
