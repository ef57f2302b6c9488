//! What a door says about the registered genres: `GET /genres`.

use serde::Serialize;

use crate::core::Level;
use crate::genres::{dispatch, BoardKind, GenreId, GenreVisitor, Registered};

/// A registered genre: its names, how its board is played, and what its generator takes.
#[cfg_attr(feature = "server", derive(utoipa::ToSchema))]
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct GenreInfo {
    /// The genre's name in formats, IDs and requests.
    pub name: GenreId,
    /// The genre's name for people.
    pub title: &'static str,
    /// The drawing the board is: `sum_grid` (blocks holding run sums, a digit in each white
    /// cell), `shading` (cells to shade, a clue per row and column) or `caged` (a grid with
    /// boxes split into cages with sums, a digit in every cell); see `BoardKind`. The
    /// puzzle object and the answers are the genre's own (`formats`).
    pub board: BoardKind,
    /// Whether a player notes candidate digits in the cells (pencil marks).
    pub pencil_marks: bool,
    /// The digits a player writes in a cell, as answers spell them, in order; empty when the
    /// cells are shaded rather than written. A `caged` grid of side N takes the first N.
    #[cfg_attr(feature = "server", schema(example = "123456789"))]
    pub digits: &'static str,
    /// How a player works the board with a play page's controls, in a few sentences.
    pub controls: &'static str,
    /// The rules, in a few sentences for a player.
    pub rules: &'static str,
    /// The genre's formats, in a few sentences.
    pub formats: &'static str,
    /// The shape a generation gets when it names none.
    #[cfg_attr(feature = "server", schema(example = "10x10"))]
    pub default_shape: String,
    /// The smallest side of a generated puzzle.
    pub min_side: usize,
    /// The largest side of a generated puzzle.
    pub max_side: usize,
    /// The only shapes a generation takes, when it takes only some within the sides (Killer
    /// Sudoku: the grids with boxes, 4x4 to 16x16); absent when it takes any.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "server", schema(example = json!(["4x4", "6x6", "9x9", "12x12", "16x16"])))]
    pub shapes: Option<Vec<String>>,
    /// The levels the generator makes at some shape (`any` asks for any of them); a small
    /// shape may hold fewer (`shape_levels`).
    pub levels: Vec<Level>,
    /// Each of `shapes`, in the same order, with the levels the generator makes at it: a level
    /// missing from a shape's list is a 422 there (a 4x4 Killer Sudoku holds no hard puzzle).
    /// Absent when `shapes` is.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub shape_levels: Option<Vec<ShapeLevels>>,
    /// The generator's version: with the parameters, it determines the puzzle.
    pub generator_version: u32,
    /// The rater profile.
    pub profile: &'static str,
    /// The rater profile's version.
    pub profile_version: u32,
}

/// A shape a genre's generator takes, with the levels it makes at that shape.
#[cfg_attr(feature = "server", derive(utoipa::ToSchema))]
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ShapeLevels {
    /// The shape, `<rows>x<cols>`.
    #[cfg_attr(feature = "server", schema(example = "4x4"))]
    pub shape: String,
    /// The levels the generator makes at it (`any` asks for any of them).
    #[cfg_attr(feature = "server", schema(example = json!(["easy", "medium", "expert"])))]
    pub levels: Vec<Level>,
}

impl GenreInfo {
    /// What the genre `G` says of itself.
    pub fn of<G: Registered>() -> GenreInfo {
        GenreInfo {
            name: G::ID,
            title: G::TITLE,
            board: G::BOARD,
            pencil_marks: G::BOARD.pencil_marks(),
            digits: G::BOARD.digits(),
            controls: G::BOARD.controls(),
            rules: G::RULES,
            formats: G::FORMATS,
            default_shape: G::DEFAULT_SHAPE.to_string(),
            min_side: G::SHAPE_LIMITS.0,
            max_side: G::SHAPE_LIMITS.1,
            shapes: G::SHAPES.map(|shapes| shapes.iter().map(ToString::to_string).collect()),
            levels: G::LEVELS.to_vec(),
            shape_levels: G::SHAPES.map(|shapes| {
                shapes
                    .iter()
                    .map(|&shape| ShapeLevels {
                        shape: shape.to_string(),
                        levels: G::levels(shape).to_vec(),
                    })
                    .collect()
            }),
            generator_version: G::GENERATOR_VERSION,
            profile: G::RATER_PROFILE.0,
            profile_version: G::RATER_PROFILE.1,
        }
    }
}

/// Every registered genre, in the registry's order.
pub fn genres() -> Vec<GenreInfo> {
    struct Info;
    impl GenreVisitor for Info {
        type Output = GenreInfo;
        fn visit<G: Registered>(self) -> GenreInfo {
            GenreInfo::of::<G>()
        }
    }
    GenreId::ALL.iter().map(|&id| dispatch(id, Info)).collect()
}
