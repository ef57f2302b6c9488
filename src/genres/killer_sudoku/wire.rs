//! What the doors send of a Killer Sudoku puzzle beyond its text and ID: the JSON puzzle
//! object.

use serde::Serialize;

/// A cage: its sum and its cells as `[row, col]`, from 0.
#[cfg_attr(feature = "server", derive(utoipa::ToSchema), schema(as = KillerSudokuCage))]
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct CageObject {
    /// What the cage's digits add up to.
    #[cfg_attr(feature = "server", schema(example = 11))]
    pub sum: u32,
    /// The cage's cells, `[row, col]` from 0.
    #[cfg_attr(feature = "server", schema(example = json!([[0, 0], [1, 0]])))]
    pub cells: Vec<[usize; 2]>,
}

/// A Killer Sudoku puzzle: the cages (every cell in exactly one), the givens when there are
/// any (row strings, `.` for empty, `A`-`G` for 10-16) and the box shape when it is not the
/// usual one for the side (2x2, 2x3, 3x3, 3x4, 4x4 for sides 4, 6, 9, 12, 16).
#[cfg_attr(feature = "server", derive(utoipa::ToSchema), schema(as = KillerSudokuPuzzle))]
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PuzzleObject {
    /// The cages, in the order of their first cells.
    pub cages: Vec<CageObject>,
    /// The givens, one row string per row (`.` for an empty cell); absent when none.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub givens: Option<Vec<String>>,
    /// The box shape, `[rows, cols]`; absent when it is the side's usual one.
    #[serde(rename = "box", skip_serializing_if = "Option::is_none")]
    pub box_shape: Option<[usize; 2]>,
}
