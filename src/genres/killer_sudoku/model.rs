//! The Killer Sudoku puzzle: an N x N grid with boxes, split into cages with sums, and
//! optional givens; checked against the structure rules when built.
//!
//! Structure rules (every reader applies them, with the place of the first problem):
//! - the side is 1 to 16 and the box shape (`rows x cols`) multiplies to it;
//! - every cell is in exactly one cage, and every cage has 1 to N cells;
//! - a cage's sum is possible for its size (`k` different digits of 1..N add up to at least
//!   `1 + ... + k` and at most `N + ... + (N - k + 1)`), and the sums add up to the grid's
//!   total, N times `1 + ... + N`;
//! - a cage's cells are connected, counting cells that touch at a corner (the relaxed
//!   reading, as published puzzles have cages whose cells touch only diagonally: four of the
//!   shared set); the generator makes only orthogonally connected cages
//!   ([`Puzzle::orthogonal`]);
//! - a given is a digit of 1..N.

use crate::core::{DigitSet, InputError, InputErrorKind, Location, Shape};

/// The genre's name in formats, IDs and the API.
pub const GENRE: &str = "killer-sudoku";

/// The largest side (16 x 16, digits 1-16).
pub const MAX_SIDE: usize = 16;

/// The sides the generator makes, with their usual box shapes.
pub const SIZES: [usize; 5] = [4, 6, 9, 12, 16];

/// The default shape of a generated puzzle.
pub const DEFAULT_SHAPE: Shape = Shape::new(9, 9);

/// The usual box shape (`rows`, `cols`) for a side: 2x2, 2x3, 3x3, 3x4, 4x4 (and 1x1 for the
/// trivial grid); None for a side without one, which must then give its box.
pub fn default_box(side: usize) -> Option<(usize, usize)> {
    match side {
        1 => Some((1, 1)),
        4 => Some((2, 2)),
        6 => Some((2, 3)),
        9 => Some((3, 3)),
        12 => Some((3, 4)),
        16 => Some((4, 4)),
        _ => None,
    }
}

/// The digit characters of answers, givens and IDs: `1`-`9`, then `A`-`G` for 10-16.
pub const DIGITS: &str = "123456789ABCDEFG";

/// The character of `digit` (1-16).
pub fn digit_char(digit: u8) -> char {
    DIGITS.as_bytes()[usize::from(digit) - 1] as char
}

/// The digit of a character (`1`-`9`, `A`-`G` or `a`-`g`), if it is one.
pub fn char_digit(c: char) -> Option<u8> {
    let upper = c.to_ascii_uppercase();
    DIGITS
        .find(upper)
        .filter(|_| upper != '0')
        .map(|index| index as u8 + 1)
}

/// A cage: its sum and its cells, as indices `row * side + col`, in reading order.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Cage {
    /// What its digits add up to.
    pub sum: u32,
    /// Its cells, in reading order.
    pub cells: Vec<usize>,
}

/// A Killer Sudoku puzzle that satisfies the structure rules.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Puzzle {
    side: usize,
    box_shape: (usize, usize),
    /// Cages in the order of their first cell in reading order.
    cages: Vec<Cage>,
    /// The cage of each cell.
    cage_of: Vec<usize>,
    /// The given digit of each cell, 0 for none.
    givens: Vec<u8>,
}

/// The smallest and largest sum of `len` different digits of 1..`side`.
pub fn sum_bounds(len: usize, side: usize) -> (u32, u32) {
    let (k, n) = (len as u32, side as u32);
    (k * (k + 1) / 2, k * (2 * n + 1 - k) / 2)
}

/// A structure error at `at`.
fn structure(at: Location, message: String) -> InputError {
    InputError::new(InputErrorKind::Structure, at, message)
}

fn cell_at(side: usize, cell: usize) -> Location {
    Location::Cell {
        row: cell / side,
        col: cell % side,
    }
}

impl Puzzle {
    /// Builds a puzzle from cages of cells (`row * side + col`) with their sums, checking the
    /// structure rules. `box_shape` None takes the side's usual one; `givens` empty for none
    /// (else one per cell, 0 for none).
    pub fn new(
        side: usize,
        box_shape: Option<(usize, usize)>,
        cages: Vec<Cage>,
        givens: Vec<u8>,
    ) -> Result<Puzzle, InputError> {
        if !(1..=MAX_SIDE).contains(&side) {
            return Err(InputError::limits(format!(
                "a {side}x{side} grid: a killer sudoku grid has a side of 1 to {MAX_SIDE}"
            )));
        }
        let box_shape = match box_shape.or_else(|| default_box(side)) {
            Some((rows, cols)) if rows * cols == side => (rows, cols),
            Some((rows, cols)) => {
                return Err(structure(
                    Location::Input,
                    format!("a box of {rows}x{cols} does not fit a {side}x{side} grid: its rows times its columns must be {side}"),
                ))
            }
            None => {
                return Err(structure(
                    Location::Input,
                    format!("a {side}x{side} grid has no usual box shape: give \"box\" as [rows, cols]"),
                ))
            }
        };
        let cells = side * side;
        let mut cage_of = vec![usize::MAX; cells];
        let mut cages = cages;
        for cage in &mut cages {
            cage.cells.sort_unstable();
        }
        cages.retain(|cage| !cage.cells.is_empty());
        cages.sort_by_key(|cage| cage.cells[0]);
        for (index, cage) in cages.iter().enumerate() {
            for &cell in &cage.cells {
                if cell >= cells {
                    return Err(structure(
                        Location::Item {
                            field: "cage",
                            index,
                        },
                        format!("a cell of the cage is outside the {side}x{side} grid"),
                    ));
                }
                if cage_of[cell] != usize::MAX {
                    return Err(structure(
                        cell_at(side, cell),
                        format!(
                            "{} is in two cages",
                            crate::core::hint::cell_name(cell / side, cell % side)
                        ),
                    ));
                }
                cage_of[cell] = index;
            }
        }
        if let Some(cell) = cage_of.iter().position(|&cage| cage == usize::MAX) {
            return Err(structure(
                cell_at(side, cell),
                format!(
                    "{} is in no cage: every cell is in exactly one",
                    crate::core::hint::cell_name(cell / side, cell % side)
                ),
            ));
        }
        for cage in &cages {
            let first = cell_at(side, cage.cells[0]);
            let len = cage.cells.len();
            if len > side {
                return Err(structure(
                    first,
                    format!("a cage of {len} cells: its digits cannot all differ in a {side}x{side} grid"),
                ));
            }
            let (low, high) = sum_bounds(len, side);
            if cage.sum < low || cage.sum > high {
                return Err(structure(
                    first,
                    format!(
                        "the cage sum {} is impossible for {len} cells: {len} different digits of 1-{side} add up to {low} to {high}",
                        cage.sum
                    ),
                ));
            }
            if !connected(side, &cage.cells, true) {
                return Err(structure(
                    first,
                    "the cage's cells are not connected (not even at corners)".to_string(),
                ));
            }
        }
        let total: u64 = cages.iter().map(|cage| u64::from(cage.sum)).sum();
        let wanted = (side * side * (side + 1) / 2) as u64;
        if total != wanted {
            return Err(structure(
                Location::Input,
                format!("the cage sums add up to {total}, but a {side}x{side} grid's digits add up to {wanted}"),
            ));
        }
        let givens = if givens.iter().all(|&given| given == 0) {
            vec![0; cells]
        } else {
            givens
        };
        if givens.len() != cells {
            return Err(structure(
                Location::Input,
                format!("{} givens for {cells} cells", givens.len()),
            ));
        }
        if let Some(cell) = givens.iter().position(|&given| usize::from(given) > side) {
            return Err(structure(
                cell_at(side, cell),
                format!("the given {} is not a digit of 1-{side}", givens[cell]),
            ));
        }
        Ok(Puzzle {
            side,
            box_shape,
            cages,
            cage_of,
            givens,
        })
    }

    /// The side N of the N x N grid.
    pub fn side(&self) -> usize {
        self.side
    }

    /// The grid's shape.
    pub fn shape(&self) -> Shape {
        Shape::new(self.side, self.side)
    }

    /// The box shape, rows by columns.
    pub fn box_shape(&self) -> (usize, usize) {
        self.box_shape
    }

    /// Whether the box shape is the side's usual one (formats leave it out then).
    pub fn usual_box(&self) -> bool {
        default_box(self.side) == Some(self.box_shape)
    }

    /// The cages, in the order of their first cell.
    pub fn cages(&self) -> &[Cage] {
        &self.cages
    }

    /// The cage of a cell.
    pub fn cage_of(&self, cell: usize) -> usize {
        self.cage_of[cell]
    }

    /// The given digit of each cell, 0 for none.
    pub fn givens(&self) -> &[u8] {
        &self.givens
    }

    /// Whether any cell is given.
    pub fn has_givens(&self) -> bool {
        self.givens.iter().any(|&given| given != 0)
    }

    /// The candidates the givens leave each cell: a given's digit alone, every digit of 1..N
    /// elsewhere; where the exact solver, the easy screen and the rater start.
    pub(crate) fn given_candidates(&self) -> Vec<DigitSet> {
        let all = DigitSet::up_to(self.side as u8);
        self.givens
            .iter()
            .map(|&given| {
                if given == 0 {
                    all
                } else {
                    DigitSet::single(given)
                }
            })
            .collect()
    }

    /// The box of a cell, numbered in reading order.
    pub fn box_of(&self, cell: usize) -> usize {
        let (row, col) = (cell / self.side, cell % self.side);
        let (rows, cols) = self.box_shape;
        (row / rows) * (self.side / cols) + col / cols
    }

    /// The houses: rows, then columns, then boxes, each its cells in reading order.
    pub fn houses(&self) -> Vec<Vec<usize>> {
        let n = self.side;
        let mut houses: Vec<Vec<usize>> = (0..n)
            .map(|row| (0..n).map(|col| row * n + col).collect())
            .collect();
        houses.extend((0..n).map(|col| (0..n).map(|row| row * n + col).collect()));
        let mut boxes = vec![Vec::new(); n];
        for cell in 0..n * n {
            boxes[self.box_of(cell)].push(cell);
        }
        houses.extend(boxes);
        houses
    }

    /// Whether every cage is orthogonally connected (the strict rule the generator keeps).
    pub fn orthogonal(&self) -> bool {
        self.cages
            .iter()
            .all(|cage| connected(self.side, &cage.cells, false))
    }
}

/// Whether `cells` (sorted) are connected, orthogonally or, with `corners`, also diagonally.
/// A cage has at most 16 cells (longer ones are refused before this is asked); a list of more
/// than 64 is answered not connected.
pub fn connected(side: usize, cells: &[usize], corners: bool) -> bool {
    if cells.is_empty() {
        return true;
    }
    if cells.len() > 64 {
        return false;
    }
    let touches = |cell: usize, other: usize| {
        let (dr, dc) = (
            ((other / side) as isize - (cell / side) as isize).abs(),
            ((other % side) as isize - (cell % side) as isize).abs(),
        );
        if corners {
            dr <= 1 && dc <= 1
        } else {
            dr + dc == 1
        }
    };
    // The cells reached and those still to look from, a bit each: no allocation, as the
    // generator asks this of every cage it draws.
    let (mut reached, mut frontier) = (1u64, 1u64);
    while frontier != 0 {
        let from = cells[frontier.trailing_zeros() as usize];
        frontier &= frontier - 1;
        for (index, &other) in cells.iter().enumerate() {
            if reached >> index & 1 == 0 && touches(from, other) {
                reached |= 1 << index;
                frontier |= 1 << index;
            }
        }
    }
    reached.count_ones() as usize == cells.len()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cage(sum: u32, cells: &[usize]) -> Cage {
        Cage {
            sum,
            cells: cells.to_vec(),
        }
    }

    #[test]
    fn digits_beyond_nine_are_letters() {
        assert_eq!(digit_char(9), '9');
        assert_eq!(digit_char(10), 'A');
        assert_eq!(digit_char(16), 'G');
        assert_eq!(char_digit('g'), Some(16));
        assert_eq!(char_digit('0'), None);
        assert_eq!(char_digit('H'), None);
    }

    #[test]
    fn sums_must_be_possible_and_cover_the_grid() {
        // 4x4: rows of four cells, each summing to 10.
        let rows = |sums: [u32; 4]| -> Vec<Cage> {
            (0..4)
                .map(|row| cage(sums[row], &[row * 4, row * 4 + 1, row * 4 + 2, row * 4 + 3]))
                .collect()
        };
        assert!(Puzzle::new(4, None, rows([10; 4]), Vec::new()).is_ok());
        let error = Puzzle::new(4, None, rows([9, 11, 10, 10]), Vec::new()).unwrap_err();
        assert!(error.to_string().contains("add up to 10 to 10"), "{error}");
        assert_eq!(error.problems[0].at, Location::Cell { row: 0, col: 0 });
        let mut missing = rows([10; 4]);
        missing[3].cells.pop();
        let error = Puzzle::new(4, None, missing, Vec::new()).unwrap_err();
        assert_eq!(error.problems[0].at, Location::Cell { row: 3, col: 3 });
        let error = Puzzle::new(5, None, Vec::new(), Vec::new()).unwrap_err();
        assert!(error.to_string().contains("box"), "{error}");
    }

    #[test]
    fn corners_connect_only_in_the_relaxed_reading() {
        assert!(connected(4, &[0, 5], true));
        assert!(!connected(4, &[0, 5], false));
        assert!(connected(4, &[0, 1, 5], false));
        assert!(!connected(4, &[0, 2], true));
        assert!(connected(4, &[], false));
        // A snake through all 16 cells (the last reached last), rows with a row between them,
        // and a chain through corners.
        let snake = [0, 1, 2, 3, 7, 6, 5, 4, 8, 9, 10, 11, 15, 14, 13, 12];
        assert!(connected(4, &snake, false));
        assert!(!connected(4, &[0, 1, 2, 3, 8, 9], true));
        assert!(!connected(4, &[0, 1, 6, 11], false));
        assert!(connected(4, &[0, 1, 6, 11], true));
        assert!(!connected(9, &(0..65).collect::<Vec<_>>(), false));
    }
}
