//! The grid syntax of sum grids: optional `genre:` and `grid:` lines, then one line per row
//! with cells separated by spaces (or one character per cell), and the JSON puzzle object
//! `{"grid": [row, ...]}` with the same rows. The readers and writers are generic over the
//! cell spelling ([`GridSyntax`]): Kakuro writes its sums in numbers, cryptic Kakuro in
//! letters.

use crate::core::error::text_location;
use crate::core::text::tokens;
use crate::core::{Grid, InputError, Location, Shape};

/// How a genre spells the cells of its grid text and JSON: Kakuro and cryptic Kakuro share the
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

/// Reads a grid text: optional `genre:` and `grid:` lines, then one line per row.
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

/// The grid of `rows`, which must all be as long; `row_location` places a row in errors.
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

/// A grid text, with its `genre:` and `grid:` lines.
pub fn grid_text<T>(genre: &str, grid: &Grid<T>, token: fn(&T) -> String) -> String {
    let mut text = format!("genre: {genre}\ngrid:\n");
    for row in grid_rows(grid, token) {
        text.push_str(&row);
        text.push('\n');
    }
    text
}

/// A JSON puzzle object: `{"grid": [row, ...]}`.
pub fn grid_json<T>(grid: &Grid<T>, token: fn(&T) -> String) -> serde_json::Value {
    serde_json::json!({ "grid": grid_rows(grid, token) })
}

/// Reads a JSON puzzle object `{"grid": [row, ...]}`.
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
