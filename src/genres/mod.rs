//! The genres and the one interface they share.
//!
//! Each genre is a folder with the same files (model, formats, solve, check, techniques,
//! rate, generate) behind the [`Genre`] trait. [`GenreId`] names the registered genres, and
//! [`dispatch`] is the one place that turns a name into a type: adding a genre is a new folder,
//! a variant of [`GenreId`] and an arm in [`dispatch`].

pub mod kakurasu;
pub mod kakuro;
pub mod kakuro_cryptic;

use std::fmt;
use std::str::FromStr;

use crate::core::hint::Hint;
use crate::core::{
    Budget, GenerateError, GenerateParams, Generated, InputError, InputErrorKind, Location, Rating,
    Shape, SolveOutcome,
};

/// What every genre offers: formats, the exact solver, the answer checker, the human-technique
/// rater and the generator.
pub trait Genre: 'static {
    /// The genre's name in formats, IDs and the API (`kakuro`).
    const NAME: &'static str;
    /// The default shape of a generated puzzle.
    const DEFAULT_SHAPE: Shape;
    /// The smallest and largest side of a generated puzzle.
    const SHAPE_LIMITS: (usize, usize);
    /// The generator's version: with the parameters, it determines the puzzle.
    const GENERATOR_VERSION: u32;
    /// The rater profile and its version, such as `kakuro-human` 1.
    const RATER_PROFILE: (&'static str, u32);

    /// A puzzle, checked against the relaxed structure rules when parsed.
    type Puzzle: Clone + Send + Sync + 'static;
    /// A player's (possibly partial) answer.
    type Answer;
    /// One full solution.
    type Solution: Clone + Send + 'static;
    /// A broken rule instance found by the checker.
    type Violation: serde::Serialize + Send + 'static;

    /// Reads the genre's text format.
    fn parse_text(text: &str) -> Result<Self::Puzzle, InputError>;
    /// Reads an ID such as `kakuro:3x3:DbAb/4.6.3.7`.
    fn parse_id(id: &str) -> Result<Self::Puzzle, InputError>;
    /// Reads the JSON puzzle object (the value of `"puzzle"`).
    fn parse_json(puzzle: &serde_json::Value) -> Result<Self::Puzzle, InputError>;
    fn to_text(puzzle: &Self::Puzzle) -> String;
    fn to_id(puzzle: &Self::Puzzle) -> String;
    fn to_json(puzzle: &Self::Puzzle) -> serde_json::Value;

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

    /// Reads answer rows (one string per row, or one string with a row per line).
    fn parse_answer(puzzle: &Self::Puzzle, rows: &[String]) -> Result<Self::Answer, InputError>;
    /// A solution as answer rows.
    fn solution_rows(solution: &Self::Solution) -> Vec<String>;

    /// Fields a solve report adds for a unique solution beyond its rows (cryptic Kakuro: the
    /// letter mapping and the encrypted value). None by default.
    fn solution_fields(_solution: &Self::Solution) -> serde_json::Map<String, serde_json::Value> {
        serde_json::Map::new()
    }

    /// Finds up to `limit` solutions under the budget.
    fn solve(
        puzzle: &Self::Puzzle,
        limit: usize,
        budget: &mut Budget,
    ) -> SolveOutcome<Self::Solution>;
    /// Every violation of `answer`; `finish` first turns unmarked cells into empty ones.
    fn check(
        puzzle: &Self::Puzzle,
        answer: &Self::Answer,
        finish: bool,
    ) -> Result<Vec<Self::Violation>, InputError>;

    /// Draws the puzzle as a printable SVG: `fill` writes an answer (or a solution read as
    /// one) into the cells, and each of `violations` is highlighted where it is.
    fn render_svg(
        puzzle: &Self::Puzzle,
        fill: Option<&Self::Answer>,
        violations: &[Self::Violation],
    ) -> String;

    /// Rates the puzzle with the genre's human-technique profile under the budget.
    fn rate(puzzle: &Self::Puzzle, budget: &mut Budget) -> Rating;

    /// The next hint for a player's `answer` (see [`crate::core::hint`]); `solution` is the
    /// puzzle's unique solution. An input error only for a puzzle that is not structurally
    /// sound, which a parsed puzzle always is.
    fn hint(
        puzzle: &Self::Puzzle,
        answer: &Self::Answer,
        solution: &Self::Solution,
        budget: &mut Budget,
    ) -> Result<Hint, GenerateError>;

    /// Generates a puzzle with exactly one solution at the requested level.
    fn generate(
        params: &GenerateParams,
        budget: &mut Budget,
    ) -> Result<Generated<Self::Puzzle, Self::Solution>, GenerateError>;
}

/// The registered genres.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GenreId {
    Kakuro,
    Kakurasu,
    KakuroCryptic,
}

impl GenreId {
    pub const ALL: [GenreId; 3] = [GenreId::Kakuro, GenreId::Kakurasu, GenreId::KakuroCryptic];

    pub fn name(self) -> &'static str {
        struct Name;
        impl GenreVisitor for Name {
            type Output = &'static str;
            fn visit<G: Genre>(self) -> &'static str {
                G::NAME
            }
        }
        dispatch(self, Name)
    }
}

impl fmt::Display for GenreId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for GenreId {
    type Err = String;

    fn from_str(text: &str) -> Result<GenreId, String> {
        let wanted = text.trim().to_ascii_lowercase();
        GenreId::ALL
            .into_iter()
            .find(|id| id.name() == wanted)
            .ok_or_else(|| {
                let names: Vec<_> = GenreId::ALL.iter().map(|id| id.name()).collect();
                format!(
                    "unknown genre '{}': expected one of {}",
                    text.trim(),
                    names.join(", ")
                )
            })
    }
}

/// Work that is generic over the genre; [`dispatch`] runs it for a [`GenreId`].
pub trait GenreVisitor {
    type Output;
    fn visit<G: Genre>(self) -> Self::Output;
}

/// Runs `visitor` with the genre type that `id` names: the registry's one match.
pub fn dispatch<V: GenreVisitor>(id: GenreId, visitor: V) -> V::Output {
    match id {
        GenreId::Kakuro => visitor.visit::<kakuro::Kakuro>(),
        GenreId::Kakurasu => visitor.visit::<kakurasu::Kakurasu>(),
        GenreId::KakuroCryptic => visitor.visit::<kakuro_cryptic::KakuroCryptic>(),
    }
}

/// Reads a genre name.
pub fn genre_by_name(name: &str) -> Result<GenreId, String> {
    name.parse()
}
