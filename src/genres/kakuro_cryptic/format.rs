//! The cryptic Kakuro formats: the Project Euler 424 line, a Kakuro-style text and JSON grid,
//! and an ID.
//!
//! **Line** (Project Euler 424, the genre's text): comma-separated, first the grid's size
//! (`6` for a 6x6 grid, which is a 5x5 puzzle; `<rows>x<cols>` such as `6x8` for a rectangle,
//! our extension), then every cell row-major: `X` block, `O` empty white cell, `A`-`J` a white
//! cell showing that letter, or a parenthesised group of sums `(hFE)`, `(vD)`, `(hFE,vD)`: `h`
//! across, `v` down, one letter for a one-digit sum and two for tens and units, the across sum
//! first. Sides are 3 to 16. Errors name the cell by its index from 0 (`cell 12: ...`).
//!
//! **Text** (Kakuro style, also read by the text reader): optional `genre: kakuro-cryptic`
//! and `grid:` lines, then one line per row, cells separated by spaces: `#` block, `.` empty
//! white cell, `A`-`J` a white cell showing that letter, sums around a `/` down first: `CC/`
//! down CC, `/FE` across FE, `D/FE` both. A row of only `#`, `.` and letters may be written one
//! character per cell (`#.B.`). JSON: `{"grid": [row, ...]}` with the same rows.
//!
//! **ID**: `kakuro-cryptic:<rows>x<cols>:<layout>/<sums>/<shown>`. The layout and the order of
//! the sums are the Kakuro ID's (runs of blocks `A`-`Z`, of white cells `a`-`z`; sums per block
//! row-major, down first, separated by `.`), with letters for the sums. `<shown>` lists the
//! letters shown in white cells, in white-cell order: each letter is preceded by how many white
//! cells without a letter come before it, a count of 0 left out (`B6I4H`: the first white cell
//! shows B, the next six nothing, then I, four more, then H). It is empty when no cell shows a
//! letter.

use crate::core::{Grid, InputError, Location, Shape};
use crate::genres::sum_grid::id::{grid_id, parse_id_parts};
use crate::genres::sum_grid::syntax::{
    grid_json, grid_text, parse_grid_json, parse_grid_text, GridSyntax,
};

use super::model::{Cell, Clue, Letter, Puzzle, MAX_SIDE, MIN_SIDE};

/// The genre's name in texts and IDs.
pub(crate) const GENRE: &str = "kakuro-cryptic";

/// The cryptic spelling of Kakuro-style cells.
const SYNTAX: GridSyntax<Cell> = GridSyntax {
    genre: GENRE,
    cell: parse_token,
    compact: compact_row,
    example_row: "# # CC/ I/",
    max_side: MAX_SIDE,
};

/// The location of cell `index` of a line.
fn cell_at(index: usize) -> Location {
    Location::Item {
        field: "cell",
        index,
    }
}

/// Reads the genre's text: one Project Euler line, or the Kakuro-style grid text; either is
/// checked as [`Puzzle::new`] checks it (a line's structure errors name the cell by its index).
pub fn parse_text(text: &str) -> Result<Puzzle, InputError> {
    let mut lines = text
        .split('\n')
        .enumerate()
        .filter(|(_, line)| !line.trim().is_empty());
    let Some((_, first)) = lines.next() else {
        return Err(InputError::syntax(Location::Input, "the text is empty"));
    };
    if !first.contains(',') {
        return Puzzle::new(parse_grid_text(text, &SYNTAX)?);
    }
    if let Some((line_no, _)) = lines.next() {
        return Err(InputError::syntax(
            Location::Text {
                line: line_no + 1,
                column: 1,
            },
            "a puzzle is one line; a file of many lines goes to the pe424 example",
        ));
    }
    parse_line(first)
}

/// Reads one Project Euler 424 line (a trailing CR or LF is allowed), its structure checked.
pub fn parse_line(line: &str) -> Result<Puzzle, InputError> {
    let line = line.trim_end_matches(['\r', '\n']).trim();
    let (size, mut rest) = line.split_once(',').ok_or_else(|| {
        InputError::syntax(
            Location::Input,
            "expected the grid's size and the cells separated by commas, such as '6,X,X,(vCC),...'",
        )
    })?;
    let shape = parse_size(size.trim())?;
    let wanted = shape.cells();
    let mut cells = Vec::with_capacity(wanted);
    loop {
        let index = cells.len();
        if rest.trim().is_empty() {
            break;
        }
        if index == wanted {
            return Err(InputError::syntax(
                cell_at(index),
                format!("a {shape} grid has {wanted} cells but the line goes on"),
            ));
        }
        let (cell, after) =
            read_cell(rest).map_err(|message| InputError::syntax(cell_at(index), message))?;
        cells.push(cell);
        match after.strip_prefix(',') {
            Some(next) => rest = next,
            None if after.trim().is_empty() => break,
            None => {
                return Err(InputError::syntax(
                    cell_at(index),
                    format!(
                        "expected ',' after the cell, found '{}'",
                        after.trim_start().chars().next().unwrap_or(' ')
                    ),
                ))
            }
        }
    }
    if cells.len() < wanted {
        return Err(InputError::syntax(
            cell_at(cells.len()),
            format!(
                "the line ends after {} cells but a {shape} grid has {wanted}",
                cells.len()
            ),
        ));
    }
    let grid = Grid::from_cells(shape, cells).expect("cell count checked");
    // Structure problems name the cell by its index, as every other error of a line does.
    Puzzle::new(grid).map_err(|mut error| {
        for problem in &mut error.problems {
            if let Location::Cell { row, col } = problem.at {
                problem.at = cell_at(row * shape.cols + col);
            }
        }
        error
    })
}

/// The size field: `N` for an NxN grid, or `<rows>x<cols>`.
fn parse_size(size: &str) -> Result<Shape, InputError> {
    let bad = || {
        InputError::syntax(
            Location::Input,
            format!(
                "the first field is the grid's size, a number such as 6 (or <rows>x<cols>), found '{size}'"
            ),
        )
    };
    let shape = if size.contains(['x', 'X']) {
        size.parse::<Shape>().map_err(|_| bad())?
    } else if !size.is_empty() && size.len() <= 4 && size.bytes().all(|b| b.is_ascii_digit()) {
        let side: usize = size.parse().map_err(|_| bad())?;
        Shape::new(side, side)
    } else {
        return Err(bad());
    };
    shape
        .check_within(MIN_SIDE, MAX_SIDE, GENRE)
        .map(|()| shape)
}

/// Reads one cell from the start of `text`: the cell and what follows it.
fn read_cell(text: &str) -> Result<(Cell, &str), String> {
    let text = text.trim_start();
    if let Some(group) = text.strip_prefix('(') {
        return read_group(group);
    }
    let end = text.find(',').unwrap_or(text.len());
    let token = text[..end].trim();
    let cell = match token {
        "X" => Cell::BLOCK,
        "O" => Cell::White(None),
        _ if token.chars().count() == 1 => {
            let c = token.chars().next().unwrap_or(' ');
            match Letter::from_char(c) {
                Some(letter) => Cell::White(Some(letter)),
                None if c.is_ascii_uppercase() => {
                    return Err(format!("the letter '{c}' is outside A-J"))
                }
                None => return Err(expected_cell(token)),
            }
        }
        _ => return Err(expected_cell(token)),
    };
    Ok((cell, &text[end..]))
}

fn expected_cell(token: &str) -> String {
    format!("expected X, O, a letter A-J or sums in brackets such as (hFE,vD), found '{token}'")
}

/// Reads a group of sums after its `(`: `hFE)`, `vD)` or `hFE,vD)`.
fn read_group(text: &str) -> Result<(Cell, &str), String> {
    let mut across = None;
    let mut down = None;
    let mut rest = text;
    loop {
        let mut chars = rest.chars();
        let direction = match chars.next() {
            Some(d @ ('h' | 'v')) => d,
            Some(other) => {
                return Err(if across.is_some() || down.is_some() {
                    format!("the bracket is not closed: expected 'h' or 'v' after the comma, found '{other}'")
                } else {
                    format!("a sum group starts with 'h' (across) or 'v' (down), found '{other}'")
                })
            }
            None => return Err("the bracket is not closed".into()),
        };
        let letters_end = chars
            .as_str()
            .find(|c: char| !c.is_ascii_alphabetic())
            .map_or(rest.len(), |i| i + 1);
        let letters = &rest[1..letters_end];
        let clue = parse_clue(letters)
            .map_err(|problem| format!("in the sum '{direction}{letters}': {problem}"))?;
        if direction == 'h' && down.is_some() {
            return Err("the horizontal sum comes first: write (hXY,vZ)".into());
        }
        let slot = if direction == 'h' {
            &mut across
        } else {
            &mut down
        };
        if slot.is_some() {
            let which = if direction == 'h' {
                "horizontal"
            } else {
                "vertical"
            };
            return Err(format!("the group has two {which} sums"));
        }
        *slot = Some(clue);
        rest = &rest[letters_end..];
        match rest.chars().next() {
            Some(',') => rest = &rest[1..],
            Some(')') => return Ok((Cell::Block { down, across }, &rest[1..])),
            Some(other) => {
                return Err(format!(
                    "expected ',' or ')' after the sum, found '{other}'"
                ))
            }
            None => return Err("the bracket is not closed".into()),
        }
    }
}

/// Reads the letters of a sum: one or two of A-J.
fn parse_clue(letters: &str) -> Result<Clue, String> {
    let mut parsed = Vec::with_capacity(2);
    for c in letters.chars() {
        match Letter::from_char(c) {
            Some(letter) => parsed.push(letter),
            None if c.is_ascii_uppercase() => {
                return Err(format!("the letter '{c}' is outside A-J"))
            }
            None => return Err(format!("expected letters A-J, found '{c}'")),
        }
    }
    match parsed[..] {
        [units] => Ok(Clue::one(units)),
        [tens, units] => Ok(Clue::two(tens, units)),
        [] => Err("a sum needs one or two letters".into()),
        _ => Err(format!(
            "a sum has one or two letters (two-digit sums at most), found {}",
            parsed.len()
        )),
    }
}

/// The Project Euler 424 line (without a line ending).
pub fn to_line(puzzle: &Puzzle) -> String {
    let shape = puzzle.shape();
    let mut line = if shape.rows == shape.cols {
        shape.rows.to_string()
    } else {
        shape.to_string()
    };
    for cell in puzzle.grid().cells() {
        line.push(',');
        match *cell {
            Cell::White(None) => line.push('O'),
            Cell::White(Some(letter)) => line.push(letter.to_char()),
            Cell::Block {
                down: None,
                across: None,
            } => line.push('X'),
            Cell::Block { down, across } => {
                let parts: Vec<String> = [('h', across), ('v', down)]
                    .into_iter()
                    .filter_map(|(direction, clue)| clue.map(|clue| format!("{direction}{clue}")))
                    .collect();
                line.push_str(&format!("({})", parts.join(",")));
            }
        }
    }
    line
}

/// Reads one token of the Kakuro-style text.
fn parse_token(token: &str) -> Result<Cell, String> {
    match token {
        "#" => return Ok(Cell::BLOCK),
        "." => return Ok(Cell::White(None)),
        _ => {}
    }
    if let Some((down, across)) = token.split_once('/') {
        let clue = |part: &str, which: &str| -> Result<Option<Clue>, String> {
            if part.is_empty() {
                Ok(None)
            } else {
                parse_clue(part)
                    .map(Some)
                    .map_err(|problem| format!("the {which} sum in '{token}': {problem}"))
            }
        };
        return Ok(Cell::Block {
            down: clue(down, "down")?,
            across: clue(across, "across")?,
        });
    }
    let mut chars = token.chars();
    if let (Some(c), None) = (chars.next(), chars.next()) {
        if let Some(letter) = Letter::from_char(c) {
            return Ok(Cell::White(Some(letter)));
        }
        if c.is_ascii_uppercase() {
            return Err(format!("the letter '{c}' is outside A-J"));
        }
    }
    Err(format!(
        "expected '#', '.', a letter A-J or sums in letters such as CC/, /FE or D/FE, found '{token}'"
    ))
}

/// A row of `#`, `.` and letters written one character per cell.
fn compact_row(token: &str) -> Option<Vec<Cell>> {
    if token.len() < 2 {
        return None;
    }
    token
        .chars()
        .map(|c| match c {
            '#' => Some(Cell::BLOCK),
            '.' => Some(Cell::White(None)),
            _ => Letter::from_char(c).map(|letter| Cell::White(Some(letter))),
        })
        .collect()
}

/// Writes one cell token.
pub(super) fn token(cell: &Cell) -> String {
    match *cell {
        Cell::White(None) => ".".into(),
        Cell::White(Some(letter)) => letter.to_string(),
        Cell::Block {
            down: None,
            across: None,
        } => "#".into(),
        Cell::Block { down, across } => {
            let part = |clue: Option<Clue>| clue.map_or(String::new(), |c| c.to_string());
            format!("{}/{}", part(down), part(across))
        }
    }
}

/// The Kakuro-style text, with its `genre:` and `grid:` lines.
pub fn to_grid_text(puzzle: &Puzzle) -> String {
    grid_text(GENRE, puzzle.grid(), token)
}

/// The JSON puzzle object: `{"grid": [row, ...]}`.
pub fn to_json(puzzle: &Puzzle) -> serde_json::Value {
    grid_json(puzzle.grid(), token)
}

/// Reads the JSON puzzle object, checked as [`Puzzle::new`] checks it.
pub fn parse_json(puzzle: &serde_json::Value) -> Result<Puzzle, InputError> {
    Puzzle::new(parse_grid_json(puzzle, &SYNTAX)?)
}

/// The ID: `kakuro-cryptic:<rows>x<cols>:<layout>/<sums>/<shown>`.
pub fn to_id(puzzle: &Puzzle) -> String {
    let grid = puzzle.grid();
    let head = grid_id(
        GENRE,
        grid,
        |cell| cell.is_white(),
        |cell, down| match *cell {
            Cell::Block { down: d, across: a } => {
                let clue = if down { d } else { a };
                clue.map_or(String::new(), |c| c.to_string())
            }
            Cell::White(_) => String::new(),
        },
    );
    let mut shown = String::new();
    let mut skipped = 0;
    for cell in grid.cells() {
        match *cell {
            Cell::White(None) => skipped += 1,
            Cell::White(Some(letter)) => {
                if skipped > 0 {
                    shown.push_str(&skipped.to_string());
                }
                shown.push(letter.to_char());
                skipped = 0;
            }
            Cell::Block { .. } => {}
        }
    }
    format!("{head}/{shown}")
}

/// Reads an ID, checked as [`Puzzle::new`] checks it; syntax errors give the 1-based
/// character position.
pub fn parse_id(id: &str) -> Result<Puzzle, InputError> {
    let at = |position: usize| Location::Id { position };
    let id = id.trim();
    let (head, shown) =
        match id.rsplit_once('/') {
            Some((head, shown)) if head.contains('/') => (head, shown),
            _ => return Err(InputError::syntax(
                at(id.len() + 1),
                "a kakuro-cryptic ID ends with '/<sums>/<letters shown>', such as '.../CC.I/B6I4H'",
            )),
        };
    let parts = parse_id_parts(head, GENRE, MAX_SIDE)?;
    let shape = parts.white.shape();
    let mut cells: Vec<Cell> = parts
        .white
        .cells()
        .iter()
        .map(|&w| if w { Cell::White(None) } else { Cell::BLOCK })
        .collect();
    for ((row, col, down), field, position) in parts.sums {
        let clue = if field.is_empty() {
            None
        } else {
            Some(parse_clue(field).map_err(|problem| {
                InputError::syntax(at(position), format!("the sum '{field}': {problem}"))
            })?)
        };
        if let Cell::Block { down: d, across: a } = &mut cells[row * shape.cols + col] {
            if down {
                *d = clue;
            } else {
                *a = clue;
            }
        }
    }
    let white_cells: Vec<usize> = (0..cells.len()).filter(|&i| cells[i].is_white()).collect();
    let shown_start = head.len() + 2;
    let mut next = 0usize;
    let mut skip = 0usize;
    let mut digits = 0;
    for (i, c) in shown.chars().enumerate() {
        let position = shown_start + i;
        if let Some(digit) = c.to_digit(10) {
            digits += 1;
            if digits > 3 {
                return Err(InputError::syntax(at(position), "the count is too large"));
            }
            skip = skip * 10 + digit as usize;
            continue;
        }
        let Some(letter) = Letter::from_char(c) else {
            return Err(InputError::syntax(
                at(position),
                format!("expected a count or a letter A-J of a white cell, found '{c}'"),
            ));
        };
        let Some(&cell) = white_cells.get(next + skip) else {
            return Err(InputError::syntax(
                at(position),
                format!("the grid has only {} white cells", white_cells.len()),
            ));
        };
        cells[cell] = Cell::White(Some(letter));
        next += skip + 1;
        skip = 0;
        digits = 0;
    }
    if digits > 0 {
        return Err(InputError::syntax(
            at(shown_start + shown.chars().count()),
            "a count must be followed by the letter it leads to",
        ));
    }
    Puzzle::new(Grid::from_cells(shape, cells).expect("same shape"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::InputErrorKind;

    /// The example of the issue (and of Project Euler 424); its encrypted value is 8426039571.
    const EXAMPLE: &str = "6,X,X,(vCC),(vI),X,X,X,(hH),B,O,(vCA),(vJE),X,(hFE,vD),O,O,O,O,(hA),O,I,(hJC,vB),O,O,(hJC),H,O,O,O,X,X,X,(hJE),O,O,X";

    #[test]
    fn the_example_line_round_trips() {
        let puzzle = parse_line(EXAMPLE).unwrap();
        assert_eq!(to_line(&puzzle), EXAMPLE);
        assert_eq!(puzzle.shape(), Shape::new(6, 6));
        assert_eq!(parse_line(&format!("{EXAMPLE}\r\n")).unwrap(), puzzle);
        assert_eq!(parse_text(&format!("\n{EXAMPLE}\n")).unwrap(), puzzle);
    }

    #[test]
    fn the_example_in_every_form() {
        let puzzle = parse_line(EXAMPLE).unwrap();
        let text = to_grid_text(&puzzle);
        assert_eq!(
            text,
            "genre: kakuro-cryptic\ngrid:\n# # CC/ I/ # #\n# /H B . CA/ JE/\n# D/FE . . . .\n/A . I B/JC . .\n/JC H . . . #\n# # /JE . . #\n"
        );
        assert_eq!(parse_text(&text).unwrap(), puzzle);
        let json = to_json(&puzzle);
        assert_eq!(parse_json(&json).unwrap(), puzzle);
        let id = to_id(&puzzle);
        assert_eq!(
            id,
            "kakuro-cryptic:6x6:HbDdAbAbAdDbA/CC.I.H.CA.JE.D.FE.A.B.JC.JC.JE/B6I2H"
        );
        assert_eq!(parse_id(&id).unwrap(), puzzle);
    }

    #[test]
    fn rectangles_write_their_shape() {
        let line = "3x4,X,(vA),(vB),X,(hC),O,O,X,(hD),O,O,X";
        let puzzle = parse_line(line).unwrap();
        assert_eq!(to_line(&puzzle), line);
        assert_eq!(parse_id(&to_id(&puzzle)).unwrap(), puzzle);
    }

    #[test]
    fn compact_rows_are_read() {
        let text = "# A/ B/\n/C .D\n/E ..";
        assert!(parse_text(text).is_err(), "a compact row is one token");
        let puzzle = parse_text("# A/ B/\n/C . D\n/E . .").unwrap();
        // The rows are read; the grid (no sums) breaks the structure rules, checked after.
        let compact = parse_grid_text("###\n#.D\n#..", &SYNTAX);
        assert!(compact.is_ok());
        assert!(parse_text("###\n#.D\n#..").is_err());
        assert_eq!(puzzle.grid()[(1, 2)], Cell::White(Letter::from_char('D')));
    }

    #[test]
    fn id_errors_give_the_position() {
        let error = parse_id("kakuro-cryptic:3x3:DbAb/A.B.C.D/2K").unwrap_err();
        assert_eq!(error.problems[0].at, Location::Id { position: 34 });
        let error = parse_id("kakuro-cryptic:3x3:DbAb/A.B.C.D/9A").unwrap_err();
        assert!(error.to_string().contains("only 4 white cells"), "{error}");
        let error = parse_id("kakuro-cryptic:3x3:DbAb/A.B.C.D").unwrap_err();
        assert!(error.to_string().contains("letters shown"), "{error}");
        let error = parse_id("kakuro-cryptic:3x3:DbAb/A.B.1.D/").unwrap_err();
        assert!(error.to_string().contains("position 29"), "{error}");
        assert_eq!(error.kind, InputErrorKind::Syntax);
        let puzzle = parse_id("kakuro-cryptic:3x3:DbAb/A.B.C.D/1B2").unwrap_err();
        assert!(puzzle.to_string().contains("followed by"), "{puzzle}");
    }
}
