//! puzz.link URLs for Kakuro: `https://puzz.link/p?kakuro/<cols>/<rows>/<body>`.
//!
//! The body follows pzprjs (`src/variety/kakuro.js`, `decodeKakuro` and `encodeKakuro`).
//! puzz.link's board leaves out the clue row and column: its size counts the cells below and
//! right of them (a 6x7 grid of ours is `6/5`, columns first), and the sums they hold are
//! written apart, after the board. The body is:
//!
//! 1. the board cells, row by row: `k`-`z` for 1-16 white cells, `.` for a block without sums,
//!    otherwise a block as two characters, its down sum then its across sum;
//! 2. the down sums of the columns whose top board cell is white, left to right;
//! 3. the across sums of the rows whose first board cell is white, top to bottom.
//!
//! A sum is one character: `0`-`9`, `a`-`j` for 10-19, `A`-`Z` for 20-45, and `-` for none.
//! `-` and `0` differ: `-` is no sum, `0` a sum of 0, which no run can reach. (Older pzprjs,
//! as on pzv.jp, wrote `0` for no sum, as on a block with a run on one side only. A sum with no
//! white cell after it is not shown by puzz.link, and is dropped when read, so such URLs read
//! right.) A block without sums is always written `.`; `--` is read as the same block.
//!
//! The first row and column of our grid are puzz.link's clue row and column, so a grid can be
//! written as a URL only when they hold blocks alone, with no down sum in the first column,
//! no across sum in the first row, and no sum in the corner: there is nowhere else to put
//! them. [`to_url`] refuses such a grid (and sums above 45, which have no character, and
//! grids of one row or column, which leave no board), naming each cell. Every grid of at least
//! 2x2 that follows the spec's strict rules fits.
//!
//! Errors give the position in the URL; rows and columns in their messages are those of our
//! grid (clue row and column included, counted from 0), as everywhere else.

use crate::core::puzzlink::{self, PuzzLinkUrl};
use crate::core::{Grid, InputError, InputErrorKind, InputProblem, Location, Shape};

use super::format::GENRE;
use super::model::{Cell, Puzzle, MAX_SUM, RELAXED_MAX_SIDE};

/// Most white cells one skip letter covers (`z`).
const MAX_SKIP: usize = 16;

/// What a sum character may be, for error messages.
const SUM_CHARACTERS: &str = "'0'-'9', 'a'-'j' for 10-19, 'A'-'Z' for 20-45, or '-' for none";

/// Reads a sum character: `Some(None)` for `-`, `None` when it is not a sum character.
fn read_sum(character: char) -> Option<Option<u16>> {
    let value = |base: char| character as u16 - base as u16;
    match character {
        '-' => Some(None),
        '0'..='9' => Some(Some(value('0'))),
        'a'..='j' => Some(Some(value('a') + 10)),
        'A'..='Z' => Some(Some(value('A') + 20)),
        _ => None,
    }
}

/// Writes a sum character; sums above 45 have none.
fn sum_character(sum: Option<u16>) -> Option<char> {
    let offset = |base: u8, value: u16| Some(char::from(base + value as u8));
    match sum {
        None => Some('-'),
        Some(value @ 0..=9) => offset(b'0', value),
        Some(value @ 10..=19) => offset(b'a', value - 10),
        Some(value @ 20..=MAX_SUM) => offset(b'A', value - 20),
        Some(_) => None,
    }
}

/// The letter for a run of 1-16 white cells (`k`-`z`).
fn skip_letter(whites: usize) -> char {
    char::from(b'k' + whites as u8 - 1)
}

/// Reads the body's characters with their byte offsets, for error positions.
struct BodyReader<'a> {
    parts: &'a PuzzLinkUrl<'a>,
    characters: std::iter::Peekable<std::str::CharIndices<'a>>,
}

impl BodyReader<'_> {
    fn error(&self, offset: usize, message: String) -> InputError {
        InputError::syntax(self.parts.body_at(offset), message)
    }

    /// Where the next character is (or the end of the body).
    fn here(&mut self) -> usize {
        let end = self.parts.body.len();
        self.characters.peek().map_or(end, |&(offset, _)| offset)
    }

    /// The next character, or an error saying what the body ended without.
    fn next(&mut self, missing: impl FnOnce() -> String) -> Result<(usize, char), InputError> {
        let end = self.here();
        self.characters
            .next()
            .ok_or_else(|| self.error(end, format!("the body ends before {}", missing())))
    }

    /// The next character as a sum.
    fn sum(&mut self, what: impl Fn() -> String) -> Result<Option<u16>, InputError> {
        let (offset, character) = self.next(&what)?;
        read_sum(character).ok_or_else(|| {
            self.error(
                offset,
                format!(
                    "expected {} ({SUM_CHARACTERS}), found '{character}'",
                    what()
                ),
            )
        })
    }
}

/// Reads a puzz.link Kakuro URL (structure not checked here: see `Kakuro::parse_url`).
pub fn parse_url(url: &str) -> Result<Puzzle, InputError> {
    let parts = puzzlink::split(url)?;
    if parts.genre != GENRE {
        return Err(InputError::syntax(
            parts.genre_at(),
            format!(
                "this reader takes {GENRE} URLs, found genre '{}'",
                parts.genre
            ),
        ));
    }
    let (cols, rows) = (parts.cols, parts.rows);
    let max_board = RELAXED_MAX_SIDE - 1;
    if cols > max_board || rows > max_board {
        return Err(InputError::limits(format!(
            "a puzz.link board of {cols} columns and {rows} rows is outside the limits: 1 to \
             {max_board} each ({RELAXED_MAX_SIDE} with the clue row and column)"
        )));
    }
    let shape = Shape::new(rows + 1, cols + 1);
    let mut grid = Grid::filled(shape, Cell::BLOCK);
    let mut reader = BodyReader {
        parts: &parts,
        characters: parts.body.char_indices().peekable(),
    };

    let total = rows * cols;
    let mut index = 0;
    while index < total {
        let (offset, character) = reader
            .next(|| format!("the end of the board: it describes {index} of its {total} cells"))?;
        let (row, col) = (index / cols + 1, index % cols + 1);
        match character {
            'k'..='z' => {
                let whites = character as usize - 'k' as usize + 1;
                if index + whites > total {
                    return Err(reader.error(
                        offset,
                        format!(
                            "'{character}' stands for {whites} white cells but only {} of the \
                             board's {total} cells remain",
                            total - index
                        ),
                    ));
                }
                for white in index..index + whites {
                    grid[(white / cols + 1, white % cols + 1)] = Cell::White;
                }
                index += whites;
                continue;
            }
            '.' => {}
            _ if read_sum(character).is_some() => {
                let down = read_sum(character).flatten();
                let across = reader
                    .sum(|| format!("the across sum of the block at row {row}, col {col}"))?;
                grid[(row, col)] = Cell::Block { down, across };
            }
            _ => {
                return Err(reader.error(
                    offset,
                    format!(
                        "expected 'k'-'z' (1 to 16 white cells), '.' (a block without sums) or \
                         a block's down sum ({SUM_CHARACTERS}), found '{character}'"
                    ),
                ))
            }
        }
        index += 1;
    }

    // The sums of the runs that start at the board's edge, in the clue row and column.
    for col in 1..=cols {
        if grid[(1, col)].is_white() {
            let down = reader.sum(|| format!("the down sum over column {col}"))?;
            grid[(0, col)] = Cell::Block { down, across: None };
        }
    }
    for row in 1..=rows {
        if grid[(row, 1)].is_white() {
            let across = reader.sum(|| format!("the across sum left of row {row}"))?;
            grid[(row, 0)] = Cell::Block { down: None, across };
        }
    }
    let extra = reader.here();
    if extra < parts.body.len() {
        let count = parts.body[extra..].chars().count();
        return Err(reader.error(
            extra,
            format!(
                "the body goes on after the board and its edge sums: {count} character{} too many",
                if count == 1 { "" } else { "s" }
            ),
        ));
    }

    drop_hidden_sums(&mut grid);
    Puzzle::new(grid)
}

/// Clears sums with no white cell after them: puzz.link does not show them, and older pzprjs
/// wrote `0` there for no sum.
fn drop_hidden_sums(grid: &mut Grid<Cell>) {
    let white = |grid: &Grid<Cell>, row, col| grid.get(row, col).is_some_and(|c| c.is_white());
    for row in 0..grid.rows() {
        for col in 0..grid.cols() {
            let below = white(grid, row + 1, col);
            let right = white(grid, row, col + 1);
            if let Cell::Block { down, across } = &mut grid[(row, col)] {
                if !below {
                    *down = None;
                }
                if !right {
                    *across = None;
                }
            }
        }
    }
}

/// Everything that keeps a grid out of a URL, cell by cell (empty when it fits).
fn unwritable(grid: &Grid<Cell>) -> Vec<InputProblem> {
    let mut problems = Vec::new();
    for (row, col, &cell) in grid.iter() {
        let at = Location::Cell { row, col };
        let edge = if row == 0 {
            Some("first row")
        } else if col == 0 {
            Some("first column")
        } else {
            None
        };
        let Cell::Block { down, across } = cell else {
            if let Some(edge) = edge {
                problems.push(InputProblem {
                    at,
                    message: format!(
                        "white cell in the {edge}: a puzz.link board starts below the clue row \
                         and right of the clue column, which hold only blocks"
                    ),
                });
            }
            continue;
        };
        for (sum, is_down) in [(down, true), (across, false)] {
            let Some(value) = sum else { continue };
            let which = if is_down { "down" } else { "across" };
            // The clue row keeps down sums over white cells; the clue column, across sums.
            let kept = match edge {
                None => true,
                Some(_) if row == 0 && col > 0 && is_down => grid[(1, col)].is_white(),
                Some(_) if col == 0 && row > 0 && !is_down => grid[(row, 1)].is_white(),
                Some(_) => false,
            };
            let message = match edge {
                Some(edge) if !kept => format!(
                    "{which} sum {value} in the {edge}: a puzz.link URL keeps only the down sums \
                     over the first row's white cells and the across sums left of the first \
                     column's"
                ),
                _ if sum_character(sum).is_none() => format!(
                    "{which} sum {value} is above {MAX_SUM}, the largest a puzz.link URL can write"
                ),
                _ => continue,
            };
            problems.push(InputProblem {
                at: at.clone(),
                message,
            });
        }
    }
    problems
}

/// The puzz.link URL of a puzzle, or why it has none: the first row and column must hold
/// blocks alone (they are puzz.link's clue row and column), and sums must be 45 at most.
pub fn to_url(puzzle: &Puzzle) -> Result<String, InputError> {
    grid_to_url(puzzle.grid())
}

/// The URL of a grid (see [`to_url`]).
fn grid_to_url(grid: &Grid<Cell>) -> Result<String, InputError> {
    let shape = grid.shape();
    if shape.rows < 2 || shape.cols < 2 {
        return Err(InputError::limits(format!(
            "a {shape} grid has no puzz.link URL: puzz.link's board leaves out the clue row and \
             column, so the grid needs at least 2 rows and 2 columns"
        )));
    }
    let problems = unwritable(grid);
    if !problems.is_empty() {
        return Err(InputError {
            kind: InputErrorKind::Limits,
            problems,
        });
    }
    // Every sum fits a character now.
    let character = |sum| sum_character(sum).unwrap_or('-');

    let mut body = String::new();
    let mut whites = 0;
    for row in 1..shape.rows {
        for &cell in &grid.row(row)[1..] {
            let Cell::Block { down, across } = cell else {
                whites += 1;
                if whites == MAX_SKIP {
                    body.push(skip_letter(whites));
                    whites = 0;
                }
                continue;
            };
            if whites > 0 {
                body.push(skip_letter(whites));
                whites = 0;
            }
            if down.is_none() && across.is_none() {
                body.push('.');
            } else {
                body.push(character(down));
                body.push(character(across));
            }
        }
    }
    if whites > 0 {
        body.push(skip_letter(whites));
    }
    let edge_sum = |row, col, down: bool| match grid[(row, col)] {
        Cell::Block { down: d, across: a } => character(if down { d } else { a }),
        Cell::White => '-',
    };
    for col in 1..shape.cols {
        if grid[(1, col)].is_white() {
            body.push(edge_sum(0, col, true));
        }
    }
    for row in 1..shape.rows {
        if grid[(row, 1)].is_white() {
            body.push(edge_sum(row, 0, false));
        }
    }
    Ok(puzzlink::write(
        GENRE,
        shape.cols - 1,
        shape.rows - 1,
        &body,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::genres::kakuro::format::{parse_grid_unchecked, parse_text};

    #[test]
    fn every_sum_has_one_character() {
        for value in 0..=MAX_SUM {
            let character = sum_character(Some(value)).unwrap();
            assert_eq!(read_sum(character), Some(Some(value)), "{value}");
        }
        assert_eq!(sum_character(None), Some('-'));
        assert_eq!(read_sum('-'), Some(None));
        assert_eq!(sum_character(Some(46)), None);
        assert_eq!(read_sum('k'), None);
        assert_eq!(read_sum('.'), None);
    }

    #[test]
    fn small_grid_both_ways() {
        let puzzle = parse_text("# 4/ 6/\n/3 . .\n/7 . .").unwrap();
        let url = to_url(&puzzle).unwrap();
        assert_eq!(url, "https://puzz.link/p?kakuro/2/2/n4637");
        assert_eq!(parse_url(&url).unwrap(), puzzle);
    }

    #[test]
    fn seventeen_white_cells_take_two_letters() {
        let mut text = String::from("#");
        text.push_str(&" 1/".repeat(17));
        text.push_str("\n/45");
        text.push_str(&" .".repeat(17));
        let puzzle = parse_text(&text).unwrap();
        let url = to_url(&puzzle).unwrap();
        let body = format!("zk{}Z", "1".repeat(17));
        assert!(url.ends_with(&format!("/17/1/{body}")), "{url}");
        assert_eq!(parse_url(&url).unwrap(), puzzle);
    }

    #[test]
    fn old_zero_sums_without_a_run_are_dropped() {
        // Older pzprjs wrote "0" for the missing down sums of blocks over blocks.
        let old = parse_url("https://puzz.link/p?kakuro/2/2/03k04k7").unwrap();
        let new = parse_url("https://puzz.link/p?kakuro/2/2/-3k-4k7").unwrap();
        assert_eq!(old, new);
        assert_eq!(old, parse_text("# # 7/\n# /3 .\n# /4 .").unwrap());
        assert_eq!(
            to_url(&old).unwrap(),
            "https://puzz.link/p?kakuro/2/2/-3k-4k7"
        );
    }

    #[test]
    fn unwritable_grids_name_each_cell() {
        let white_edge = parse_grid_unchecked(". 3/\n/1 .");
        let error = grid_to_url(&white_edge).unwrap_err();
        assert_eq!(error.kind, InputErrorKind::Limits);
        assert_eq!(error.problems[0].at, Location::Cell { row: 0, col: 0 });
        assert!(
            error.to_string().contains("white cell in the first row"),
            "{error}"
        );

        let big_sum = parse_text("# 50/ 6/\n/3 . .\n/7 . .").unwrap();
        let error = to_url(&big_sum).unwrap_err();
        assert!(error.to_string().contains("sum 50 is above 45"), "{error}");

        let corner = parse_grid_unchecked("4/3 4/ 6/\n/3 . .\n/7 . .");
        let error = grid_to_url(&corner).unwrap_err();
        assert!(
            error.to_string().contains("row 0, col 0: down sum 4"),
            "{error}"
        );

        let one_row = parse_text("# # #").unwrap();
        assert!(to_url(&one_row).is_err());
    }
}
