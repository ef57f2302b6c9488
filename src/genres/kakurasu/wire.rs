//! What the doors send of a Kakurasu puzzle beyond its text and ID: the JSON puzzle object.

use serde::Serialize;

use super::model::Puzzle;

/// A Kakurasu puzzle: the row clues top to bottom and the column clues left to right; a clue is
/// the sum of the (1-based) column numbers of the row's shaded cells, or of the row numbers of
/// the column's shaded cells; `null` for an absent clue.
#[cfg_attr(feature = "server", derive(utoipa::ToSchema), schema(as = KakurasuPuzzle))]
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PuzzleObject {
    /// The row clues, top to bottom.
    #[cfg_attr(feature = "server", schema(example = json!([8, 12, 3])))]
    pub row_clues: Vec<Option<u32>>,
    /// The column clues, left to right.
    #[cfg_attr(feature = "server", schema(example = json!([0, 0, 6, 2, 3])))]
    pub col_clues: Vec<Option<u32>>,
}

impl PuzzleObject {
    /// The object of `puzzle`.
    pub fn of(puzzle: &Puzzle) -> PuzzleObject {
        PuzzleObject {
            row_clues: puzzle.row_clues().to_vec(),
            col_clues: puzzle.col_clues().to_vec(),
        }
    }
}
