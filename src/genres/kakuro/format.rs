//! The Kakuro text, ID and JSON formats (spec, section Formats): the sum-grid kit's grid
//! syntax (`crate::genres::sum_grid::syntax`) and ID (`crate::genres::sum_grid::id`) with
//! the sums in numbers (`crate::genres::sum_grid::numbers`).
//!
//! Text: optional `genre: kakuro` and `grid:` lines, then one line per row with cells separated
//! by spaces: `.` white, `#` block, `D/A`, `D/` or `/A` for sums (down first). The backslash
//! spelling of `kakuro-solver-article.txt` (`16\`, `\12`, `19\8`) is read too, and a grid
//! without sums may be written one character per cell (`#..#`).
//!
//! ID: `kakuro:<rows>x<cols>:<layout>/<sums>`, the sums as numbers. A block before a lone
//! white cell (allowed by the relaxed rules) has an empty field when it holds no sum.

use crate::core::{Grid, InputError, Location};
use crate::genres::sum_grid::id::{grid_id, parse_id_parts};
use crate::genres::sum_grid::numbers::compact_row;
use crate::genres::sum_grid::syntax::{
    grid_json, grid_text, parse_grid_json, parse_grid_text, GridSyntax,
};

use super::model::{Cell, Puzzle, MAX_WRITTEN_SUM, RELAXED_MAX_SIDE};

pub use crate::genres::sum_grid::numbers::{cell_token, parse_cell};

/// The genre's name in formats and IDs.
pub const GENRE: &str = "kakuro";

/// The Kakuro spelling of cells.
pub const SYNTAX: GridSyntax<Cell> = GridSyntax {
    genre: GENRE,
    cell: parse_cell,
    compact: compact_row,
    example_row: "# 4/ 6/",
    max_side: RELAXED_MAX_SIDE,
};

/// Reads the text format; the puzzle is checked against the relaxed structure rules, as
/// [`Puzzle::new`] checks it.
pub fn parse_text(text: &str) -> Result<Puzzle, InputError> {
    Puzzle::new(parse_grid_text(text, &SYNTAX)?)
}

/// The text format, with its `genre:` and `grid:` lines.
pub fn to_text(puzzle: &Puzzle) -> String {
    grid_text(GENRE, puzzle.grid(), cell_token)
}

/// Reads the text format's grid without checking its structure: for the tests of the
/// structure rules and of what the writers refuse (no puzzle has such a grid).
#[cfg(test)]
pub(crate) fn parse_grid_unchecked(text: &str) -> Grid<Cell> {
    parse_grid_text(text, &SYNTAX).expect("a grid text")
}

/// The JSON puzzle object: `{"grid": [row, ...]}`.
pub fn to_json(puzzle: &Puzzle) -> serde_json::Value {
    grid_json(puzzle.grid(), cell_token)
}

/// Reads the JSON puzzle object `{"grid": [row, ...]}`, checked as [`Puzzle::new`] checks it.
pub fn parse_json(puzzle: &serde_json::Value) -> Result<Puzzle, InputError> {
    Puzzle::new(parse_grid_json(puzzle, &SYNTAX)?)
}

/// The ID: `kakuro:<rows>x<cols>:<layout>/<sums>`.
pub fn to_id(puzzle: &Puzzle) -> String {
    grid_to_id(puzzle.grid())
}

/// The ID of a grid.
fn grid_to_id(grid: &Grid<Cell>) -> String {
    grid_id(
        GENRE,
        grid,
        |cell| cell.is_white(),
        |cell, down| match *cell {
            Cell::Block { down: d, across: a } => {
                let sum = if down { d } else { a };
                sum.map_or(String::new(), |s| s.to_string())
            }
            Cell::White => String::new(),
        },
    )
}

/// Reads an ID, checked as [`Puzzle::new`] checks it; syntax errors give the 1-based
/// character position.
pub fn parse_id(id: &str) -> Result<Puzzle, InputError> {
    let parts = parse_id_parts(id.trim(), GENRE, RELAXED_MAX_SIDE)?;
    let cells = parts
        .white
        .cells()
        .iter()
        .map(|&w| if w { Cell::White } else { Cell::BLOCK })
        .collect();
    let mut grid = Grid::from_cells(parts.white.shape(), cells).expect("same shape");
    for ((row, col, down), field, position) in parts.sums {
        let sum = if field.is_empty() {
            None
        } else {
            match field.parse::<u16>() {
                Ok(value)
                    if field.bytes().all(|b| b.is_ascii_digit()) && value <= MAX_WRITTEN_SUM =>
                {
                    Some(value)
                }
                _ => {
                    return Err(InputError::syntax(
                        Location::Id { position },
                        format!("expected a sum (a number), found '{field}'"),
                    ))
                }
            }
        };
        if let Cell::Block { down: d, across: a } = &mut grid[(row, col)] {
            if down {
                *d = sum;
            } else {
                *a = sum;
            }
        }
    }
    Puzzle::new(grid)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::Shape;

    const SPEC_EXAMPLE_ID: &str = "kakuro:5x5:HbBcAcBbB/7.5.8.3.3.6.8.6";
    const SPEC_EXAMPLE_GRID: &str = "# # # 7/ 5/\n# # 8/3 . .\n# 3/6 . . .\n/8 . . . #\n/6 . . # #";

    #[test]
    fn spec_example_id_round_trips_with_the_grid() {
        let from_id = parse_id(SPEC_EXAMPLE_ID).unwrap();
        let from_text = parse_text(SPEC_EXAMPLE_GRID).unwrap();
        assert_eq!(from_id, from_text);
        assert_eq!(to_id(&from_text), SPEC_EXAMPLE_ID);
        assert_eq!(parse_text(&to_text(&from_id)).unwrap(), from_id);
    }

    #[test]
    fn small_example_in_every_format() {
        let puzzle = parse_text("genre: kakuro\ngrid:\n# 4/ 6/\n/3 . .\n/7 . .\n").unwrap();
        assert_eq!(to_id(&puzzle), "kakuro:3x3:DbAb/4.6.3.7");
        let json = to_json(&puzzle);
        assert_eq!(
            json,
            serde_json::json!({"grid": ["# 4/ 6/", "/3 . .", "/7 . ."]})
        );
        assert_eq!(parse_json(&json).unwrap(), puzzle);
        assert_eq!(
            to_text(&puzzle),
            "genre: kakuro\ngrid:\n# 4/ 6/\n/3 . .\n/7 . .\n"
        );
    }

    #[test]
    fn backslash_spelling_is_read() {
        let slash = parse_text("# 4/ 6/\n/3 . .\n/7 . .").unwrap();
        let backslash = parse_text("#   4\\  6\\\n\\3  .   .\n\\7  .   .").unwrap();
        assert_eq!(slash, backslash);
        assert_eq!(
            parse_cell("19\\8"),
            Ok(Cell::Block {
                down: Some(19),
                across: Some(8)
            })
        );
    }

    #[test]
    fn one_character_per_cell_layouts() {
        let grid = parse_grid_unchecked("###\n#..\n#..");
        assert_eq!(grid_to_id(&grid), "kakuro:3x3:DbAb/...");
        assert!(grid[(1, 1)].is_white());
    }

    #[test]
    fn long_runs_take_several_letters() {
        let grid = Grid::filled(Shape::new(3, 10), Cell::BLOCK);
        let id = to_id(&Puzzle::new(grid).unwrap());
        assert_eq!(id, "kakuro:3x10:ZD/");
        assert_eq!(to_id(&parse_id(&id).unwrap()), id);
    }

    #[test]
    fn errors_point_at_the_token() {
        let error = parse_text("# 4/ 6/\n/3 x .\n/7 . .").unwrap_err();
        assert_eq!(error.problems[0].at, Location::Text { line: 2, column: 4 });
        assert!(error.to_string().contains("found 'x'"), "{error}");
        let error = parse_text("# 4/ 6/\n/3 . .\n/7 .").unwrap_err();
        assert!(
            error.to_string().contains("line 3") && error.to_string().contains("row 2 has 2 cells"),
            "{error}"
        );
        let error = parse_text("# 4/a #").unwrap_err();
        assert!(error.to_string().contains("should be a number"), "{error}");
        let error = parse_text("genre: kakurasu\n# #").unwrap_err();
        assert!(
            error.to_string().contains("found genre 'kakurasu'"),
            "{error}"
        );
    }

    #[test]
    fn id_errors_give_the_position() {
        let error = parse_id("kakuro:3x3:Db1b/4.6.3.7").unwrap_err();
        assert_eq!(error.problems[0].at, Location::Id { position: 14 });
        let error = parse_id("kakuro:3x3:DbAb/4.6.3").unwrap_err();
        assert!(error.to_string().contains("4 sums"), "{error}");
        let error = parse_id("kakuro:3x3:DbAbA/4.6.3.7").unwrap_err();
        assert!(error.to_string().contains("runs past"), "{error}");
        assert!(parse_id("sudoku:3x3:I/").is_err());
        assert!(parse_id("kakuro:3x3:DbAb/4.x.3.7")
            .unwrap_err()
            .to_string()
            .contains("position 19"));
    }

    #[test]
    fn json_rows_must_be_strings() {
        let error = parse_json(&serde_json::json!({"grid": ["# 4/", 5]})).unwrap_err();
        assert!(error.to_string().contains("grid row 1"), "{error}");
        assert!(parse_json(&serde_json::json!({"rows": []})).is_err());
    }
}
