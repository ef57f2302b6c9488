//! The genres, the one interface they share, and the registry that lists them.
//!
//! Each genre is a folder with the same files (model, formats, solve, check, techniques,
//! rate, describe (the descriptors), generate, and `wire.rs` for what the doors send beyond
//! the formats) behind the [`Genre`] trait. Its `mod` item and its `registry!` line are all
//! the rest of the crate needs: the line gives it a [`GenreId`] variant, an
//! arm in [`dispatch`], its [`Registered`] conversions, and a variant in each union the
//! reports carry ([`AnyPuzzleObject`], [`AnyViolation`], [`AnySolutionExtra`]), whose schemas
//! are built from the genres' own (module `schema`, with the `server` feature).

mod board;
mod formats;
pub mod kakurasu;
pub mod kakuro;
pub mod kakuro_cryptic;
pub mod killer_sudoku;
#[cfg(feature = "server")]
mod schema;
pub(crate) mod sum_grid;
mod violation;

pub use board::BoardKind;
pub use formats::{Formats, Wire};
pub use violation::{Description, Explain, Violation, ViolationKind};

use std::fmt;
use std::str::FromStr;

use serde::Serialize;

use crate::core::hint::Hint;
use crate::core::{
    assess, Assessment, Budget, Error, GenerateParams, Generated, InputError, Level, Rating, Shape,
    SolveOutcome, Stop,
};

/// The solution fields of a genre that has none beyond its rows.
#[cfg_attr(feature = "server", derive(utoipa::ToSchema))]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize)]
pub struct NoExtra {}

/// What every genre offers: its formats ([`Formats`]), the exact solver, the answer checker, the human-technique
/// rater, the generator, and what the doors say about it.
pub trait Genre: Formats + 'static {
    /// The genre's name for people (`Cryptic Kakuro`).
    const TITLE: &'static str;
    /// The rules, in a few sentences for a player.
    const RULES: &'static str;
    /// The genre's formats (puzzle object, text, ID, URL, answers), in a few sentences for the
    /// API's documentation.
    const FORMATS: &'static str;
    /// The drawing the board is (how a client draws it and reads a player's marks).
    const BOARD: BoardKind;
    /// The default shape of a generated puzzle.
    const DEFAULT_SHAPE: Shape;
    /// The smallest and largest side of a generated puzzle.
    const SHAPE_LIMITS: (usize, usize);
    /// The only shapes the generator makes, when it makes only some of those within
    /// [`Genre::SHAPE_LIMITS`] (Killer Sudoku: the grids with boxes); None for any.
    const SHAPES: Option<&'static [Shape]> = None;
    /// The levels the generator makes at some shape (`any` asks for any of them);
    /// [`Genre::levels`] says which at a given shape.
    const LEVELS: &'static [Level] = &Level::RATED;
    /// The generator's version: with the parameters, it determines the puzzle.
    const GENERATOR_VERSION: u32;
    /// The rater profile and its version, such as `kakuro-human` 1.
    const RATER_PROFILE: (&'static str, u32);
    /// Whether a rating that fills every cell proves the puzzle has exactly one solution, so
    /// that a rate operation skips the exact solver's check after it (see
    /// [`crate::core::assess()`]). True only when every deduction of the rater removes what
    /// no solution has, on the puzzle as given: a board the techniques fill is then the only
    /// solution.
    const SOLVED_PROVES_UNIQUE: bool;

    /// A player's (possibly partial) answer.
    type Answer;
    /// One full solution.
    type Solution: Clone + Send + 'static;
    /// A broken rule instance found by the checker, with its typed fields: an enum tagged by
    /// its `rule`, which says in words what it is. The reports carry it as a [`Violation`],
    /// with the cells it is about.
    type Rule: Wire + Explain + Clone + fmt::Debug + PartialEq + Send + 'static;
    /// The fields a report adds for a solution beyond its rows (cryptic Kakuro: the letter
    /// mapping); [`NoExtra`] for a genre without any.
    type SolutionExtra: Wire + Clone + fmt::Debug + PartialEq + Send + 'static;

    /// Reads answer rows (one string per row, or one string with a row per line).
    fn parse_answer(puzzle: &Self::Puzzle, rows: &[String]) -> Result<Self::Answer, InputError>;
    /// A solution as answer rows.
    fn solution_rows(solution: &Self::Solution) -> Vec<String>;

    /// The fields a report adds for `solution` beyond its rows; None for a genre without any.
    fn solution_extra(_solution: &Self::Solution) -> Option<Self::SolutionExtra> {
        None
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
    ) -> Result<Vec<Violation<Self::Rule>>, InputError>;

    /// Draws the puzzle as a printable SVG: `fill` writes an answer (or a solution read as
    /// one) into the cells, and each of `violations` is highlighted where it is.
    fn render_svg(
        puzzle: &Self::Puzzle,
        fill: Option<&Self::Answer>,
        violations: &[Violation<Self::Rule>],
    ) -> String;

    /// Rates the puzzle with the genre's human-technique profile under the budget.
    fn rate(puzzle: &Self::Puzzle, budget: &mut Budget) -> Rating;

    /// Rates the puzzle and checks that it has exactly one solution, under one budget: the
    /// rating first, then the exact solver's check (up to two solutions) with what is left,
    /// unless [`Genre::SOLVED_PROVES_UNIQUE`] and the techniques filled every cell. A budget
    /// that runs out leaves the rating unrated or the uniqueness unknown; a cancelled or
    /// timed-out run is an error (see [`crate::core::assess()`]).
    fn assess(puzzle: &Self::Puzzle, budget: &mut Budget) -> Result<Assessment, Stop> {
        assess(
            budget,
            Self::SOLVED_PROVES_UNIQUE,
            |budget| Self::rate(puzzle, budget),
            |budget| Self::solve(puzzle, 2, budget),
        )
    }

    /// The next hint for a player's `answer` (see `crate::core::hint`); `solution` is the
    /// puzzle's unique solution. An input error only for a puzzle that is not structurally
    /// sound, which a parsed puzzle always is.
    fn hint(
        puzzle: &Self::Puzzle,
        answer: &Self::Answer,
        solution: &Self::Solution,
        budget: &mut Budget,
    ) -> Result<Hint, Error>;

    /// The levels the generator makes at `shape` (a shape it takes): [`Genre::LEVELS`], but
    /// for a small shape that holds fewer; asking for another level there is an input error.
    fn levels(_shape: Shape) -> &'static [Level] {
        Self::LEVELS
    }

    /// Generates a puzzle with exactly one solution at the requested level.
    fn generate(
        params: &GenerateParams,
        budget: &mut Budget,
    ) -> Result<Generated<Self::Puzzle, Self::Solution>, Error>;

    // What generic tests, benchmarks and scripts exercise every genre with, so that they go
    // over the registry and a new genre needs no line in them.

    /// The ID of a small puzzle with exactly one solution.
    const SAMPLE_ID: &'static str;
    /// The answer a fresh `puzzle` starts from: every cell a player marks unmarked (`.`), and
    /// what the player does not mark (a sum grid's blocks) as answers write it.
    fn empty_answer(puzzle: &Self::Puzzle) -> Vec<String>;
    /// The rows of `solution` with one mark changed (its first digit to the next one, its
    /// first cell's shading flipped): a complete answer that breaks a rule, the solution
    /// being the only one.
    fn wrong_answer(solution: &Self::Solution) -> Vec<String>;
}

/// A genre in the registry: its [`GenreId`] and the conversions of its wire types into the
/// unions the reports carry. The genre's `registry!` line implements it.
pub trait Registered: Genre {
    /// The genre's variant.
    const ID: GenreId;
    /// A violation as the union of every genre's.
    fn any_violation(violation: Violation<Self::Rule>) -> AnyViolation;
    /// A puzzle object as the union of every genre's.
    fn any_puzzle_object(object: Self::PuzzleObject) -> AnyPuzzleObject;
    /// Solution fields as the union of every genre's.
    fn any_solution_extra(extra: Self::SolutionExtra) -> AnySolutionExtra;
}

/// Work that is generic over the genre; [`dispatch`] runs it for a [`GenreId`].
pub trait GenreVisitor {
    /// What the work gives.
    type Output;
    /// Does the work for the genre `G`.
    fn visit<G: Registered>(self) -> Self::Output;
}

/// Declares the registered genres, one line each: `Variant => module::GenreType`. Everything
/// the crate knows of the genre list is generated here; the genres' modules are declared
/// above as ordinary items, so that rustfmt and every reader sees them.
macro_rules! registry {
    ($($variant:ident => $module:ident :: $genre:ident),+ $(,)?) => {
        /// The registered genres, in the registry's order.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
        pub enum GenreId {
            $(
                #[doc = concat!("The genre of `", stringify!($module), "`.")]
                $variant
            ),+
        }

        impl GenreId {
            /// Every registered genre, in the registry's order.
            pub const ALL: &'static [GenreId] = &[$(GenreId::$variant),+];

            /// The genre's name in formats, IDs and the API (its [`Formats::NAME`]).
            pub fn name(self) -> &'static str {
                match self {
                    $(GenreId::$variant => <$module::$genre as Formats>::NAME),+
                }
            }
        }

        /// Runs `visitor` with the genre type that `id` names: the registry's one match.
        pub fn dispatch<V: GenreVisitor>(id: GenreId, visitor: V) -> V::Output {
            match id {
                $(GenreId::$variant => visitor.visit::<$module::$genre>()),+
            }
        }

        /// A JSON puzzle object of any genre: the genre's [`Formats::PuzzleObject`].
        #[derive(Clone, Debug, PartialEq, Serialize)]
        #[serde(untagged)]
        pub enum AnyPuzzleObject {
            $(
                #[doc = concat!("A puzzle object of `", stringify!($module), "`.")]
                $variant(<$module::$genre as Formats>::PuzzleObject)
            ),+
        }

        /// A violation of any genre: a [`Violation`] of the genre's [`Genre::Rule`].
        #[derive(Clone, Debug, PartialEq, Serialize)]
        #[serde(untagged)]
        pub enum AnyViolation {
            $(
                #[doc = concat!("A violation of `", stringify!($module), "`.")]
                $variant(Violation<<$module::$genre as Genre>::Rule>)
            ),+
        }

        /// The solution fields of any genre: the genre's [`Genre::SolutionExtra`].
        #[derive(Clone, Debug, PartialEq, Serialize)]
        #[serde(untagged)]
        pub enum AnySolutionExtra {
            $(
                #[doc = concat!("The solution fields of `", stringify!($module), "`.")]
                $variant(<$module::$genre as Genre>::SolutionExtra)
            ),+
        }

        $(
            impl Registered for $module::$genre {
                const ID: GenreId = GenreId::$variant;

                fn any_violation(violation: Violation<Self::Rule>) -> AnyViolation {
                    AnyViolation::$variant(violation)
                }

                fn any_puzzle_object(object: Self::PuzzleObject) -> AnyPuzzleObject {
                    AnyPuzzleObject::$variant(object)
                }

                fn any_solution_extra(extra: Self::SolutionExtra) -> AnySolutionExtra {
                    AnySolutionExtra::$variant(extra)
                }
            }
        )+
    };
}

// The registry. The first genre is the one a text without a `genre:` line is read in.
registry! {
    Kakuro => kakuro::Kakuro,
    Kakurasu => kakurasu::Kakurasu,
    KakuroCryptic => kakuro_cryptic::KakuroCryptic,
    KillerSudoku => killer_sudoku::KillerSudoku,
}

impl GenreId {
    /// The genre of a text that names none: the registry's first.
    pub const DEFAULT: GenreId = GenreId::ALL[0];
}

impl fmt::Display for GenreId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl Serialize for GenreId {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.name())
    }
}

/// The one way to read a genre name: trimmed, any case. An unknown name is a limits error
/// (422 over HTTP) that lists the registered ones.
impl FromStr for GenreId {
    type Err = InputError;

    fn from_str(text: &str) -> Result<GenreId, InputError> {
        let wanted = text.trim();
        GenreId::ALL
            .iter()
            .copied()
            .find(|id| id.name().eq_ignore_ascii_case(wanted))
            .ok_or_else(|| {
                InputError::limits(format!(
                    "unknown genre '{wanted}': expected one of {}",
                    GenreId::names()
                ))
            })
    }
}

impl GenreId {
    /// The registered names, comma-separated (for messages).
    pub fn names() -> String {
        let names: Vec<&str> = GenreId::ALL.iter().map(|id| id.name()).collect();
        names.join(", ")
    }
}
