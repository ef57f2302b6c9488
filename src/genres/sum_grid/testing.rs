//! What the kit's own tests build their grids with, without a genre: a grid text in numbers
//! read into a layout, random layouts, and digit sets written as lists.

use crate::core::{DigitSet, Grid, SeededRng, Shape};

use super::layout::{blank_grid, Cell, Layout, Rules, RELAXED_MAX_SIDE};
use super::numbers::{compact_row, parse_cell};
use super::syntax::{parse_grid_text, GridSyntax};

/// The grid text with its sums in numbers, as Kakuro writes it.
const SYNTAX: GridSyntax<Cell> = GridSyntax {
    genre: "sum-grid",
    cell: parse_cell,
    compact: compact_row,
    example_row: "# 4/ 6/",
    max_side: RELAXED_MAX_SIDE,
};

/// The layout of a grid text in numbers (`# 4/ 6/\n/3 . .\n/7 . .`), checked under `rules`.
pub fn layout(text: &str, rules: Rules) -> Layout {
    let grid = parse_grid_text(text, &SYNTAX).expect("a grid text");
    Layout::build(&grid, rules).expect("a sound grid")
}

/// A random layout of `shape` (relaxed rules, sums 0): blocks in the first row and column,
/// and each inner cell a block one time in four.
pub fn random_layout(shape: Shape, rng: &mut SeededRng) -> Layout {
    let mut white = Grid::filled(shape, false);
    for row in 1..shape.rows {
        for col in 1..shape.cols {
            white[(row, col)] = !rng.chance(1, 4);
        }
    }
    Layout::build(&blank_grid(&white), Rules::Relaxed).expect("every white cell follows a block")
}

/// The set of `digits` (`set(&[8, 9])`).
pub fn set(digits: &[u8]) -> DigitSet {
    digits.iter().copied().collect()
}
