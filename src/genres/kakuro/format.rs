//! The Kakuro text, ID and JSON formats (spec, section Formats).
//!
//! Text: optional `genre: kakuro` and `grid:` lines, then one line per row with cells separated
//! by spaces: `.` white, `#` block, `D/A`, `D/` or `/A` for sums (down first). The backslash
//! spelling of `kakuro-solver-article.txt` (`16\`, `\12`, `19\8`) is read too, and a grid
//! without sums may be written one character per cell (`#..#`).
//!
//! ID: `kakuro:<rows>x<cols>:<layout>/<sums>`. The layout lists runs of cells row-major,
//! uppercase for blocks and lowercase for white cells (`A`/`a` is one cell, `Z`/`z` 26; longer
//! runs take several letters). Then come the sums, separated by `.`, for each block that
//! starts a run, row-major, down before across. A block before a lone white cell (allowed by
//! the relaxed rules) has an empty field when it holds no sum.
//!
//! The grid readers ([`parse_grid_text`], [`parse_grid_json`]) and the ID's layout and sum
//! slots ([`write_id`], [`parse_id_parts`]) are generic over the cell spelling
//! ([`GridSyntax`]): cryptic Kakuro writes letters where Kakuro writes numbers and uses them.

use crate::core::error::text_location;
use crate::core::text::tokens;
use crate::core::{Grid, InputError, Location, Shape};

use super::model::{Cell, Puzzle, MAX_WRITTEN_SUM, RELAXED_MAX_SIDE};

pub const GENRE: &str = "kakuro";

/// How the Kakuro text and JSON formats spell cells: Kakuro and cryptic Kakuro share the
/// grid readers and differ only here.
pub struct GridSyntax<T> {
    /// The genre named on a `genre:` line.
    pub genre: &'static str,
    /// Reads one space-separated cell token.
    pub cell: fn(&str) -> Result<T, String>,
    /// Reads a row written as one token of one character per cell; None when the token is
    /// not in that spelling (it is then read as a single cell).
    pub compact: fn(&str) -> Option<Vec<T>>,
    /// The example row the JSON error message shows.
    pub example_row: &'static str,
    /// Most rows and columns accepted.
    pub max_side: usize,
}

/// The Kakuro spelling of cells.
pub const SYNTAX: GridSyntax<Cell> = GridSyntax {
    genre: GENRE,
    cell: parse_cell,
    compact: compact_row,
    example_row: "# 4/ 6/",
    max_side: RELAXED_MAX_SIDE,
};

/// A grid without sums written one character per cell (`#..#`).
fn compact_row(token: &str) -> Option<Vec<Cell>> {
    (token.len() > 1 && token.chars().all(|c| c == '.' || c == '#')).then(|| {
        token
            .chars()
            .map(|c| if c == '.' { Cell::White } else { Cell::BLOCK })
            .collect()
    })
}

/// Parses the text format (relaxed: structure is checked separately).
pub fn parse_text(text: &str) -> Result<Puzzle, InputError> {
    parse_grid_text(text, &SYNTAX).map(Puzzle::new)
}

/// Reads a Kakuro-style grid text: optional `genre:` and `grid:` lines, then one line per row.
pub fn parse_grid_text<T>(text: &str, syntax: &GridSyntax<T>) -> Result<Grid<T>, InputError> {
    let genre_name = syntax.genre;
    let mut rows: Vec<Vec<T>> = Vec::new();
    let mut first_row_line = 0;
    let mut offset = 0;
    let mut in_header = true;
    for (line_no, line) in text.split('\n').enumerate() {
        let line_start = offset;
        offset += line.len() + 1;
        let line = line.strip_suffix('\r').unwrap_or(line);
        let trimmed = line.trim();
        if trimmed.is_empty() {
            continue;
        }
        if in_header {
            if let Some((key, value)) = trimmed.split_once(':') {
                let at = text_location(text, line_start + (line.len() - line.trim_start().len()));
                match key.trim().to_ascii_lowercase().as_str() {
                    "genre" => {
                        let genre = value.trim();
                        if !genre.eq_ignore_ascii_case(genre_name) {
                            return Err(InputError::syntax(
                                at,
                                format!("this reader takes {genre_name}, found genre '{genre}'"),
                            ));
                        }
                    }
                    "grid" if value.trim().is_empty() => in_header = false,
                    _ => {
                        return Err(InputError::syntax(
                            at,
                            format!(
                                "expected 'genre: {genre_name}', 'grid:' or a row of cells, found '{trimmed}'"
                            ),
                        ))
                    }
                }
                continue;
            }
        }
        in_header = false;
        if rows.is_empty() {
            first_row_line = line_no + 1;
        }
        if rows.len() >= syntax.max_side {
            return Err(InputError::limits(format!(
                "the grid has more than {} rows",
                syntax.max_side
            )));
        }
        rows.push(parse_row(text, line_start, line, syntax)?);
    }
    grid_from_rows(rows, |index| Location::Text {
        line: first_row_line + index,
        column: 1,
    })
}

/// Parses one row of cells; `line_start` is its byte offset in `text` (for error positions).
fn parse_row<T>(
    text: &str,
    line_start: usize,
    line: &str,
    syntax: &GridSyntax<T>,
) -> Result<Vec<T>, InputError> {
    let tokens = tokens(line);
    let mut first_two = tokens.clone().map(|(_, token)| token);
    if let (Some(only), None) = (first_two.next(), first_two.next()) {
        if let Some(row) = (syntax.compact)(only) {
            if row.len() > syntax.max_side {
                return Err(InputError::limits(format!(
                    "a row has more than {} cells",
                    syntax.max_side
                )));
            }
            return Ok(row);
        }
    }
    let mut cells = Vec::with_capacity(syntax.max_side.min(line.len() / 2 + 1));
    for (start, token) in tokens {
        let at = || text_location(text, line_start + start);
        cells.push((syntax.cell)(token).map_err(|message| InputError::syntax(at(), message))?);
        if cells.len() > syntax.max_side {
            return Err(InputError::limits(format!(
                "a row has more than {} cells",
                syntax.max_side
            )));
        }
    }
    Ok(cells)
}

/// Parses one cell token: `.`, `#`, or sums around `/` (or `\`), down first.
pub fn parse_cell(token: &str) -> Result<Cell, String> {
    match token {
        "." => return Ok(Cell::White),
        "#" => return Ok(Cell::BLOCK),
        _ => {}
    }
    let Some((down, across)) = token.split_once(['/', '\\']) else {
        return Err(format!(
            "expected '.', '#' or sums such as 4/6, 4/ or /6, found '{token}'"
        ));
    };
    let sum = |part: &str, which: &str| -> Result<Option<u16>, String> {
        if part.is_empty() {
            return Ok(None);
        }
        if !part.bytes().all(|b| b.is_ascii_digit()) {
            return Err(format!(
                "the {which} sum in '{token}' should be a number, found '{part}'"
            ));
        }
        match part.parse::<u16>() {
            Ok(value) if value <= MAX_WRITTEN_SUM => Ok(Some(value)),
            _ => Err(format!(
                "the {which} sum '{part}' in '{token}' is too large"
            )),
        }
    };
    Ok(Cell::Block {
        down: sum(down, "down")?,
        across: sum(across, "across")?,
    })
}

fn grid_from_rows<T>(
    rows: Vec<Vec<T>>,
    row_location: impl Fn(usize) -> Location,
) -> Result<Grid<T>, InputError> {
    let Some(first) = rows.first() else {
        return Err(InputError::syntax(Location::Input, "the grid has no rows"));
    };
    let cols = first.len();
    for (index, row) in rows.iter().enumerate() {
        if row.len() != cols {
            return Err(InputError::syntax(
                row_location(index),
                format!(
                    "row {index} has {} cells but row 0 has {cols}; every row needs the same number",
                    row.len()
                ),
            ));
        }
    }
    let shape = Shape::new(rows.len(), cols);
    let cells = rows.into_iter().flatten().collect();
    Ok(Grid::from_cells(shape, cells).expect("rows checked"))
}

/// Writes one cell token.
pub fn cell_token(cell: &Cell) -> String {
    match *cell {
        Cell::White => ".".into(),
        Cell::Block {
            down: None,
            across: None,
        } => "#".into(),
        Cell::Block { down, across } => {
            let part = |sum: Option<u16>| sum.map_or(String::new(), |s| s.to_string());
            format!("{}/{}", part(down), part(across))
        }
    }
}

/// The grid rows of the text and JSON formats: tokens separated by single spaces.
pub fn grid_rows<T>(grid: &Grid<T>, token: fn(&T) -> String) -> Vec<String> {
    (0..grid.rows())
        .map(|row| {
            grid.row(row)
                .iter()
                .map(token)
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect()
}

/// A Kakuro-style grid text, with its `genre:` and `grid:` lines.
pub fn grid_text<T>(genre: &str, grid: &Grid<T>, token: fn(&T) -> String) -> String {
    let mut text = format!("genre: {genre}\ngrid:\n");
    for row in grid_rows(grid, token) {
        text.push_str(&row);
        text.push('\n');
    }
    text
}

/// A Kakuro-style JSON puzzle object: `{"grid": [row, ...]}`.
pub fn grid_json<T>(grid: &Grid<T>, token: fn(&T) -> String) -> serde_json::Value {
    serde_json::json!({ "grid": grid_rows(grid, token) })
}

/// The text format, with its `genre:` and `grid:` lines.
pub fn to_text(puzzle: &Puzzle) -> String {
    grid_text(GENRE, puzzle.grid(), cell_token)
}

/// The JSON puzzle object: `{"grid": [row, ...]}`.
pub fn to_json(puzzle: &Puzzle) -> serde_json::Value {
    grid_json(puzzle.grid(), cell_token)
}

/// Reads the JSON puzzle object `{"grid": [row, ...]}`.
pub fn parse_json(puzzle: &serde_json::Value) -> Result<Puzzle, InputError> {
    parse_grid_json(puzzle, &SYNTAX).map(Puzzle::new)
}

/// Reads a Kakuro-style JSON puzzle object `{"grid": [row, ...]}`.
pub fn parse_grid_json<T>(
    puzzle: &serde_json::Value,
    syntax: &GridSyntax<T>,
) -> Result<Grid<T>, InputError> {
    crate::core::puzzle_object_keys(puzzle, syntax.genre, &["grid"])?;
    let field = |index| Location::Item {
        field: "grid row",
        index,
    };
    let rows = puzzle
        .get("grid")
        .and_then(|grid| grid.as_array())
        .ok_or_else(|| {
            InputError::syntax(
                Location::Input,
                format!(
                    "a {} puzzle object needs \"grid\": an array of row strings such as \"{}\"",
                    syntax.genre, syntax.example_row
                ),
            )
        })?;
    if rows.len() > syntax.max_side {
        return Err(InputError::limits(format!(
            "the grid has more than {} rows",
            syntax.max_side
        )));
    }
    let mut parsed = Vec::with_capacity(rows.len());
    for (index, row) in rows.iter().enumerate() {
        let row = row
            .as_str()
            .ok_or_else(|| InputError::syntax(field(index), "each grid row must be a string"))?;
        let cells = parse_row(row, 0, row, syntax).map_err(|mut error| {
            // Positions inside a row string: say which row, keep the column.
            for problem in &mut error.problems {
                if let Location::Text { column, .. } = problem.at {
                    problem.message = format!("column {column}: {}", problem.message);
                    problem.at = field(index);
                }
            }
            error
        })?;
        parsed.push(cells);
    }
    grid_from_rows(parsed, field)
}

fn run_letters(out: &mut String, mut length: usize, white: bool) {
    while length > 0 {
        let take = length.min(26);
        let base = if white { b'a' } else { b'A' };
        out.push((base + take as u8 - 1) as char);
        length -= take;
    }
}

/// Where a sum may stand: a block and a direction (true for down).
pub type SumSlot = (usize, usize, bool);

/// Blocks that start a run, row-major, with which directions: the ID's sum fields.
pub fn sum_slots(white: &Grid<bool>) -> Vec<SumSlot> {
    let mut slots = Vec::new();
    for (row, col, &is_white) in white.iter() {
        if is_white {
            continue;
        }
        if white.get(row + 1, col).is_some_and(|&w| w) {
            slots.push((row, col, true));
        }
        if white.get(row, col + 1).is_some_and(|&w| w) {
            slots.push((row, col, false));
        }
    }
    slots
}

/// Which cells of a grid are white.
pub fn whites<T>(grid: &Grid<T>, is_white: fn(&T) -> bool) -> Grid<bool> {
    let cells = grid.cells().iter().map(is_white).collect();
    Grid::from_cells(grid.shape(), cells).expect("same shape")
}

/// A Kakuro-style ID, `<genre>:<rows>x<cols>:<layout>/<sums>`, of any grid: `sum` writes the
/// sum a block holds for a direction (true for down), empty for none.
pub fn grid_id<T>(
    genre: &str,
    grid: &Grid<T>,
    is_white: fn(&T) -> bool,
    sum: fn(&T, bool) -> String,
) -> String {
    let white = whites(grid, is_white);
    let sums: Vec<String> = sum_slots(&white)
        .into_iter()
        .map(|(row, col, down)| sum(&grid[(row, col)], down))
        .collect();
    write_id(genre, &white, &sums)
}

/// A Kakuro-style ID: `<genre>:<rows>x<cols>:<layout>/<sums>`, the sum fields given in the
/// order of [`sum_slots`].
fn write_id(genre: &str, white: &Grid<bool>, sums: &[String]) -> String {
    let mut layout = String::new();
    let mut current: Option<(bool, usize)> = None;
    for &is_white in white.cells() {
        current = match current {
            Some((kind, length)) if kind == is_white => Some((kind, length + 1)),
            Some((kind, length)) => {
                run_letters(&mut layout, length, kind);
                Some((is_white, 1))
            }
            None => Some((is_white, 1)),
        };
    }
    if let Some((kind, length)) = current {
        run_letters(&mut layout, length, kind);
    }
    format!("{genre}:{}:{layout}/{}", white.shape(), sums.join("."))
}

/// The ID: `kakuro:<rows>x<cols>:<layout>/<sums>`.
pub fn to_id(puzzle: &Puzzle) -> String {
    grid_id(
        GENRE,
        puzzle.grid(),
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

/// A Kakuro-style ID read up to its sum fields.
pub struct IdParts<'a> {
    /// Which cells are white.
    pub white: Grid<bool>,
    /// Each sum slot (see [`sum_slots`]) with its field and the field's 1-based position.
    pub sums: Vec<(SumSlot, &'a str, usize)>,
}

/// Reads `<genre>:<rows>x<cols>:<layout>/<sums>`; errors give the 1-based character position
/// in `id` (which the caller has trimmed).
pub fn parse_id_parts<'a>(
    id: &'a str,
    genre: &str,
    max_side: usize,
) -> Result<IdParts<'a>, InputError> {
    let at = |position: usize| Location::Id { position };
    let Some(rest) = id.strip_prefix(genre).and_then(|r| r.strip_prefix(':')) else {
        return Err(InputError::syntax(
            at(1),
            format!("a {genre} ID starts with '{genre}:'"),
        ));
    };
    let shape_start = genre.len() + 1;
    let Some((shape_text, rest)) = rest.split_once(':') else {
        return Err(InputError::syntax(
            at(shape_start + 1),
            format!("expected the shape and ':' after it, such as '{genre}:5x5:...'"),
        ));
    };
    let shape: Shape = shape_text
        .parse()
        .map_err(|message: String| InputError::syntax(at(shape_start + 1), message))?;
    if shape.rows == 0 || shape.cols == 0 || shape.rows > max_side || shape.cols > max_side {
        return Err(InputError::limits(format!(
            "a {shape} grid is outside the limits: rows and columns must be 1 to {max_side}"
        )));
    }
    let layout_start = shape_start + shape_text.len() + 1;
    let Some((layout, sums)) = rest.split_once('/') else {
        return Err(InputError::syntax(
            at(layout_start + rest.len() + 1),
            "expected '/' and the sums after the layout",
        ));
    };
    let mut cells = Vec::with_capacity(shape.cells());
    for (i, letter) in layout.chars().enumerate() {
        let (white, length) = match letter {
            'A'..='Z' => (false, letter as usize - 'A' as usize + 1),
            'a'..='z' => (true, letter as usize - 'a' as usize + 1),
            _ => {
                return Err(InputError::syntax(
                    at(layout_start + i + 1),
                    format!(
                        "expected a letter A-Z (blocks) or a-z (white cells), found '{letter}'"
                    ),
                ))
            }
        };
        if cells.len() + length > shape.cells() {
            return Err(InputError::syntax(
                at(layout_start + i + 1),
                format!(
                    "the layout runs past the {} cells of a {shape} grid",
                    shape.cells()
                ),
            ));
        }
        cells.extend(std::iter::repeat_n(white, length));
    }
    if cells.len() != shape.cells() {
        return Err(InputError::syntax(
            at(layout_start + layout.len() + 1),
            format!(
                "the layout covers {} cells but a {shape} grid has {}",
                cells.len(),
                shape.cells()
            ),
        ));
    }
    let white = Grid::from_cells(shape, cells).expect("cell count checked");
    let slots = sum_slots(&white);
    let sums_start = layout_start + layout.len() + 1;
    let fields: Vec<&str> = if sums.is_empty() {
        Vec::new()
    } else {
        sums.split('.').collect()
    };
    if fields.len() != slots.len() {
        return Err(InputError::syntax(
            at(sums_start + 1),
            format!(
                "the layout has {} sums (one per block before a run, down first) but {} are given",
                slots.len(),
                fields.len()
            ),
        ));
    }
    let mut position = sums_start + 1;
    let mut parts = Vec::with_capacity(slots.len());
    for (slot, field) in slots.into_iter().zip(fields) {
        parts.push((slot, field, position));
        position += field.len() + 1;
    }
    Ok(IdParts { white, sums: parts })
}

/// Reads an ID; errors give the 1-based character position.
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
    Ok(Puzzle::new(grid))
}

#[cfg(test)]
mod tests {
    use super::*;

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
        let puzzle = parse_text("###\n#..\n#..").unwrap();
        assert_eq!(to_id(&puzzle), "kakuro:3x3:DbAb/...");
        assert!(puzzle.cell(1, 1).is_white());
    }

    #[test]
    fn long_runs_take_several_letters() {
        let grid = Grid::filled(Shape::new(3, 10), Cell::BLOCK);
        let id = to_id(&Puzzle::new(grid));
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
