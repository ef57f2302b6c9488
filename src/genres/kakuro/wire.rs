//! What the doors send of a Kakuro puzzle beyond its text and ID: the JSON puzzle object.

use serde::Serialize;

use super::format::cell_token;
use super::model::Puzzle;
use crate::genres::sum_grid::syntax::grid_rows;

/// A Kakuro puzzle as a JSON object: one string per row, cells separated by spaces: `.` a
/// white cell, `#` a block, `D/A`, `D/` or `/A` a block holding sums (the down sum before the
/// slash, the across sum after it). The backslash spelling (`16\`, `\12`, `19\8`) is read
/// too, and a grid without sums may be one character per cell.
#[cfg_attr(feature = "server", derive(utoipa::ToSchema), schema(as = KakuroPuzzle))]
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PuzzleObject {
    /// One string per row.
    #[cfg_attr(feature = "server", schema(example = json!(["# 4/ 6/", "/3 . .", "/7 . ."])))]
    pub grid: Vec<String>,
}

impl PuzzleObject {
    /// The object of `puzzle`.
    pub fn of(puzzle: &Puzzle) -> PuzzleObject {
        PuzzleObject {
            grid: grid_rows(puzzle.grid(), cell_token),
        }
    }
}
