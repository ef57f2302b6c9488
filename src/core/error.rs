//! The engine's errors: [`Error`], the one error type of the generators and the operations
//! layer, and [`InputError`], what is wrong with what a caller sent (a puzzle, an ID, an answer
//! or parameters).
//!
//! Every input error carries where it happened (line and column, a position in an ID, a cell)
//! and what was expected, so that a person can fix the input from the message alone.

use std::fmt;

use super::{Progress, Stop};

/// Why an operation (or a generation) gave no result.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Error {
    /// The request does not fit its operation: it is not JSON, names an unknown field, gives a
    /// field a value of the wrong type, or gives fields that do not go together.
    Request(String),
    /// The input is malformed, breaks the structure rules or is outside the limits.
    Input(InputError),
    /// The work was cancelled or timed out, or the step budget ran out where how far the work
    /// got is not known (a genre's own functions, which do not know where their budget
    /// started, report a budget that runs out so).
    Stopped(Stop),
    /// The step budget ran out, and how far the work had got: what the operations of
    /// [`crate::ops`] report when their budget runs out, so that every door says the same.
    Exhausted(Progress),
}

impl Error {
    /// A request that does not fit its operation.
    pub fn request(message: impl Into<String>) -> Error {
        Error::Request(message.into())
    }

    /// This error, with a budget that ran out told how far the work under `budget` got.
    pub fn with_progress(self, budget: &super::Budget) -> Error {
        match self {
            Error::Stopped(Stop::Exhausted) => Error::Exhausted(budget.progress()),
            error => error,
        }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Request(message) => f.write_str(message),
            Error::Input(error) => write!(f, "{error}"),
            Error::Stopped(stop) => write!(f, "{stop}"),
            Error::Exhausted(progress) => write!(
                f,
                "the step budget of {} steps ran out after {} steps, while {}",
                progress.budget, progress.steps, progress.stage
            ),
        }
    }
}

impl std::error::Error for Error {}

impl From<Stop> for Error {
    fn from(stop: Stop) -> Error {
        Error::Stopped(stop)
    }
}

impl From<InputError> for Error {
    fn from(error: InputError) -> Error {
        Error::Input(error)
    }
}

/// Where in the input a problem is.
#[cfg_attr(feature = "server", derive(utoipa::ToSchema))]
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Location {
    /// The input as a whole.
    Input,
    /// A line and column of a text, both counted from 1.
    Text {
        /// The line, from 1.
        line: usize,
        /// The column (in characters), from 1.
        column: usize,
    },
    /// A character position in an ID, counted from 1.
    Id {
        /// The character, from 1.
        position: usize,
    },
    /// A character position in a URL (a puzz.link address), counted from 1.
    Url {
        /// The character, from 1.
        position: usize,
    },
    /// A grid cell, row and column counted from 0.
    Cell {
        /// The row, from 0.
        row: usize,
        /// The column, from 0.
        col: usize,
    },
    /// An item of a list (a clue, a row of an answer, a cell of a one-line puzzle), from 0.
    Item {
        /// What the list is (`row`, `cell`, ...).
        field: &'static str,
        /// The item, from 0.
        index: usize,
    },
}

impl fmt::Display for Location {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Location::Input => f.write_str("input"),
            Location::Text { line, column } => write!(f, "line {line}, column {column}"),
            Location::Id { position } => write!(f, "ID position {position}"),
            Location::Url { position } => write!(f, "URL position {position}"),
            Location::Cell { row, col } => write!(f, "cell row {row}, col {col}"),
            Location::Item { field, index } => write!(f, "{field} {index}"),
        }
    }
}

/// What kind of problem an input has; decides the HTTP status.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
#[non_exhaustive]
pub enum InputErrorKind {
    /// The input does not follow the format (400).
    Syntax,
    /// The input follows the format but breaks the genre's structure rules (422).
    Structure,
    /// A size or parameter outside its limits (422).
    Limits,
    /// An answer that does not fit its puzzle: wrong shape, digits on blocks (422).
    Answer,
    /// A puzzle without exactly one solution where the work needs its one solution (422).
    NotUnique,
}

/// One problem found in an input: where, and what is wrong there.
#[cfg_attr(feature = "server", derive(utoipa::ToSchema))]
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct InputProblem {
    /// Where the problem is.
    pub at: Location,
    /// What is wrong there, and what was expected.
    pub message: String,
}

impl fmt::Display for InputProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.at {
            Location::Input => f.write_str(&self.message),
            ref at => write!(f, "{at}: {}", self.message),
        }
    }
}

/// An input that cannot be used, with every problem found (at least one).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct InputError {
    /// What sort of error it is, which decides its HTTP status.
    pub kind: InputErrorKind,
    /// Every problem found, at least one.
    pub problems: Vec<InputProblem>,
}

/// How many problems an error message lists before it says "and N more".
const PROBLEMS_SHOWN: usize = 10;

impl InputError {
    /// An error of `kind` with one problem.
    pub fn new(kind: InputErrorKind, at: Location, message: impl Into<String>) -> InputError {
        InputError {
            kind,
            problems: vec![InputProblem {
                at,
                message: message.into(),
            }],
        }
    }

    /// A syntax error (400) with one problem.
    pub fn syntax(at: Location, message: impl Into<String>) -> InputError {
        InputError::new(InputErrorKind::Syntax, at, message)
    }

    /// A size or parameter outside its limits (422), about the input as a whole.
    pub fn limits(message: impl Into<String>) -> InputError {
        InputError::new(InputErrorKind::Limits, Location::Input, message)
    }

    /// An answer that does not fit its puzzle (422).
    pub fn answer(at: Location, message: impl Into<String>) -> InputError {
        InputError::new(InputErrorKind::Answer, at, message)
    }
}

impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, problem) in self.problems.iter().take(PROBLEMS_SHOWN).enumerate() {
            if i > 0 {
                f.write_str("; ")?;
            }
            write!(f, "{problem}")?;
        }
        if self.problems.len() > PROBLEMS_SHOWN {
            write!(f, "; and {} more", self.problems.len() - PROBLEMS_SHOWN)?;
        }
        Ok(())
    }
}

impl std::error::Error for InputError {}

/// `text` with every character `keep` refuses written as its code point (`\u{0}`), for a
/// message that quotes an input: a control character then never reaches a log or terminal,
/// and a lookalike letter shows for what it is.
pub fn escaped_except(text: &str, keep: impl Fn(char) -> bool) -> String {
    let mut shown = String::with_capacity(text.len());
    for c in text.chars() {
        if keep(c) {
            shown.push(c);
        } else {
            shown.extend(c.escape_unicode());
        }
    }
    shown
}

/// Converts a byte offset in `text` to a 1-based line and column (columns count characters).
pub fn text_location(text: &str, offset: usize) -> Location {
    let before = &text[..offset.min(text.len())];
    let line = before.matches('\n').count() + 1;
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    let column = before[line_start..].chars().count() + 1;
    Location::Text { line, column }
}

/// Checks that a genre's JSON puzzle object is an object holding only the genre's `keys`: a
/// misspelt or extra key is an error naming it, never silently ignored. A key whose value is
/// `null` is absent, whatever its name: a client generated with one class for every genre's
/// puzzle object (the document lists their fields together, see `http/schema_forms.rs`) sends
/// the other genres' fields as `null`.
pub fn puzzle_object_keys(
    puzzle: &serde_json::Value,
    genre: &str,
    keys: &[&str],
) -> Result<(), InputError> {
    let expected = || {
        let names: Vec<String> = keys.iter().map(|key| format!("\"{key}\"")).collect();
        names.join(", ")
    };
    let object = puzzle.as_object().ok_or_else(|| {
        InputError::syntax(
            Location::Input,
            format!("a {genre} puzzle must be a JSON object with {}", expected()),
        )
    })?;
    let unknown = object
        .iter()
        .find(|(key, value)| !value.is_null() && !keys.contains(&key.as_str()));
    match unknown.map(|(key, _)| key) {
        Some(unknown) => Err(InputError::syntax(
            Location::Input,
            format!(
                "unknown key \"{unknown}\" in the {genre} puzzle object: expected {}",
                expected()
            ),
        )),
        None => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_puzzle_objects_null_keys_are_absent_and_other_keys_are_named() {
        let keys = &["grid"];
        let puzzle = serde_json::json!({"grid": ["."], "cages": null, "row_clues": null});
        assert!(puzzle_object_keys(&puzzle, "kakuro", keys).is_ok());
        let misspelt = serde_json::json!({"grid": ["."], "gird": ["."]});
        let error = puzzle_object_keys(&misspelt, "kakuro", keys).unwrap_err();
        assert!(
            error.to_string().contains("unknown key \"gird\""),
            "{error}"
        );
    }

    #[test]
    fn messages_name_the_place() {
        let error = InputError::syntax(Location::Text { line: 2, column: 5 }, "expected a sum");
        assert_eq!(error.to_string(), "line 2, column 5: expected a sum");
    }

    #[test]
    fn url_positions_serialize_like_id_positions() {
        let error = InputError::syntax(Location::Url { position: 7 }, "bad character");
        assert_eq!(error.to_string(), "URL position 7: bad character");
        assert_eq!(
            serde_json::to_value(&error.problems[0].at).unwrap(),
            serde_json::json!({"kind": "url", "position": 7})
        );
    }

    #[test]
    fn long_lists_are_cut() {
        let mut error = InputError::limits("first");
        for i in 0..20 {
            error.problems.push(InputProblem {
                at: Location::Cell { row: i, col: 0 },
                message: "bad".into(),
            });
        }
        assert!(error.to_string().ends_with("and 11 more"));
    }

    #[test]
    fn offsets_become_lines_and_columns() {
        let text = "ab\ncdé\nf";
        assert_eq!(
            text_location(text, 0),
            Location::Text { line: 1, column: 1 }
        );
        assert_eq!(
            text_location(text, 4),
            Location::Text { line: 2, column: 2 }
        );
        assert_eq!(
            text_location(text, 8),
            Location::Text { line: 3, column: 1 }
        );
    }
}
