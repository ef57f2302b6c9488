//! The ID of a sum grid: `<genre>:<rows>x<cols>:<layout>/<sums>`. The layout lists runs of
//! cells row-major, uppercase for blocks and lowercase for white cells (`A`/`a` is one cell,
//! `Z`/`z` 26; longer runs take several letters). Then come the sums, separated by `.`, for
//! each block that starts a run, row-major, down before across ([`sum_slots`]). How a sum is
//! spelt is the genre's: numbers in Kakuro, letters in cryptic Kakuro (which appends the
//! letters its white cells show).

use crate::core::{Grid, InputError, Location, Shape};

/// Writes a run of `length` cells of one kind as layout letters.
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

/// The ID, `<genre>:<rows>x<cols>:<layout>/<sums>`, of any grid: `sum` writes the
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

/// The ID: `<genre>:<rows>x<cols>:<layout>/<sums>`, the sum fields given in the
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

/// An ID read up to its sum fields, which the genre reads.
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
