//! A genre's formats: the puzzle's text, ID, JSON object and puzz.link URL, read and written.
//!
//! Apart from the rest of [`Genre`](super::Genre) because every door reads a puzzle through
//! them before anything else runs, and a format knows nothing of solving or rating.

use crate::core::{InputError, InputErrorKind, Location};
use serde::Serialize;
use std::fmt;

/// A type the doors send: serializable, with its OpenAPI schema under the `server` feature.
#[cfg(feature = "server")]
pub trait Wire: Serialize + utoipa::ToSchema {}
#[cfg(feature = "server")]
impl<T: Serialize + utoipa::ToSchema> Wire for T {}
/// A type the doors send: serializable, with its OpenAPI schema under the `server` feature.
#[cfg(not(feature = "server"))]
pub trait Wire: Serialize {}
#[cfg(not(feature = "server"))]
impl<T: Serialize> Wire for T {}

/// The formats of a genre's puzzles; [`Genre`](super::Genre) builds on it.
pub trait Formats {
    /// The genre's name in formats, IDs and the API (`kakuro`).
    const NAME: &'static str;

    /// A puzzle, checked against the relaxed structure rules when parsed.
    type Puzzle: Clone + Send + Sync + 'static;
    /// The JSON puzzle object (the value of `"puzzle"` in requests and reports).
    type PuzzleObject: Wire + Clone + fmt::Debug + PartialEq + Send + 'static;

    /// Reads the genre's text format.
    fn parse_text(text: &str) -> Result<Self::Puzzle, InputError>;
    /// Reads an ID such as `kakuro:3x3:DbAb/4.6.3.7`.
    fn parse_id(id: &str) -> Result<Self::Puzzle, InputError>;
    /// Reads the JSON puzzle object, whatever JSON was sent (errors name the place).
    fn parse_json(puzzle: &serde_json::Value) -> Result<Self::Puzzle, InputError>;
    /// Writes the text format.
    fn to_text(puzzle: &Self::Puzzle) -> String;
    /// Writes the ID.
    fn to_id(puzzle: &Self::Puzzle) -> String;
    /// Writes the JSON puzzle object.
    fn to_json(puzzle: &Self::Puzzle) -> Self::PuzzleObject;

    /// Reads a puzz.link URL (`https://puzz.link/p?<genre>/...`). Genres without a puzz.link
    /// form refuse every URL.
    fn parse_url(_url: &str) -> Result<Self::Puzzle, InputError> {
        Err(InputError::new(
            InputErrorKind::Limits,
            Location::Input,
            format!("{} puzzles have no puzz.link form", Self::NAME),
        ))
    }
    /// The puzz.link URL, when the genre has a puzz.link form and the puzzle fits it.
    fn to_url(_puzzle: &Self::Puzzle) -> Option<String> {
        None
    }
}
