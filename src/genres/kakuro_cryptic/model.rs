//! The cryptic Kakuro puzzle: letters where Kakuro has numbers, and the run layout the solver
//! works on, built by the sum-grid kit.
//!
//! The structure rules are the kit's relaxed rules ([`Rules::Relaxed`]), plus: every
//! sum stands before a white cell, and the grid is 3 to 16 cells on each side.

use std::fmt;

use crate::core::checked::Checked;
use crate::core::{Grid, InputError, InputErrorKind, InputProblem, Location, Shape};
use crate::genres::sum_grid::layout::{self, Layout, Rules};

/// Smallest side of a cryptic grid (a smaller one has no white cell with both sums).
pub const MIN_SIDE: usize = 3;
/// Largest side of a cryptic grid.
pub const MAX_SIDE: usize = 16;
/// How many letters there are: A to J, one for each digit 0-9.
pub const LETTERS: usize = 10;

/// One of the letters A to J.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Letter(u8);

impl Letter {
    /// The letter with index `index` (0 is A); None from 10 on.
    pub const fn new(index: usize) -> Option<Letter> {
        if index < LETTERS {
            Some(Letter(index as u8))
        } else {
            None
        }
    }

    /// Reads `A`-`J`.
    pub fn from_char(c: char) -> Option<Letter> {
        ('A'..='J').contains(&c).then(|| Letter(c as u8 - b'A'))
    }

    /// 0 for A, 9 for J.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// `A`-`J`.
    pub fn to_char(self) -> char {
        (b'A' + self.0) as char
    }

    /// A to J.
    pub fn all() -> impl Iterator<Item = Letter> {
        (0..LETTERS as u8).map(Letter)
    }
}

impl fmt::Display for Letter {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.to_char())
    }
}

/// A sum written in letters: one letter for a one-digit sum, two for tens and units.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Clue {
    /// The tens' letter of a two-digit sum.
    pub tens: Option<Letter>,
    /// The units' letter.
    pub units: Letter,
}

impl Clue {
    /// A one-digit sum.
    pub const fn one(units: Letter) -> Clue {
        Clue { tens: None, units }
    }

    /// A two-digit sum.
    pub const fn two(tens: Letter, units: Letter) -> Clue {
        Clue {
            tens: Some(tens),
            units,
        }
    }

    /// The sum this clue stands for under `mapping` (each letter's digit, A first).
    pub fn value(self, mapping: &[u8; LETTERS]) -> u16 {
        let units = u16::from(mapping[self.units.index()]);
        match self.tens {
            Some(tens) => 10 * u16::from(mapping[tens.index()]) + units,
            None => units,
        }
    }

    /// The clue that writes `sum` under `letter_of` (the letter of each digit), if the sum has
    /// one or two digits.
    pub fn encode(sum: u16, letter_of: &[Letter; LETTERS]) -> Option<Clue> {
        match sum {
            0..=9 => Some(Clue::one(letter_of[sum as usize])),
            10..=99 => Some(Clue::two(
                letter_of[(sum / 10) as usize],
                letter_of[(sum % 10) as usize],
            )),
            _ => None,
        }
    }
}

impl fmt::Display for Clue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(tens) = self.tens {
            write!(f, "{tens}")?;
        }
        write!(f, "{}", self.units)
    }
}

/// One cell of a cryptic Kakuro grid.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Cell {
    /// A cell the solver fills, possibly showing the letter of its digit.
    White(Option<Letter>),
    /// A block, with the sum of the down run below it and of the across run right of it.
    Block {
        /// The sum of the run below.
        down: Option<Clue>,
        /// The sum of the run to the right.
        across: Option<Clue>,
    },
}

impl Cell {
    /// A block without sums.
    pub const BLOCK: Cell = Cell::Block {
        down: None,
        across: None,
    };

    /// Whether the solver fills the cell.
    pub fn is_white(self) -> bool {
        matches!(self, Cell::White(_))
    }
}

/// A cryptic Kakuro puzzle. It keeps the structure its check built (the runs, their clues and
/// the letters shown), which solving, rating, checking and hints read; puzzles are equal when
/// their grids are.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Puzzle {
    grid: Checked<Grid<Cell>, Structure>,
}

impl Puzzle {
    /// A puzzle from its cells, its structure checked: the kit's relaxed rules, plus every
    /// sum before a white cell and 3 to 16 cells on each side.
    pub fn new(grid: Grid<Cell>) -> Result<Puzzle, InputError> {
        let grid = Checked::new(grid, structure)?;
        Ok(Puzzle { grid })
    }

    /// The puzzle of `grid` with `structure`, which must be what [`Puzzle::new`] builds from
    /// it: for the generator, which changes the letters shown in a structure it checked.
    pub(crate) fn from_parts(grid: Grid<Cell>, structure: Structure) -> Puzzle {
        debug_assert_eq!(self::structure(&grid).as_ref(), Ok(&structure));
        Puzzle {
            grid: Checked::from_parts(grid, structure),
        }
    }

    /// The cells.
    pub fn grid(&self) -> &Grid<Cell> {
        self.grid.value()
    }

    /// The rows and columns.
    pub fn shape(&self) -> Shape {
        self.grid().shape()
    }

    /// The runs, their clues and the letters shown, which the puzzle's check built.
    pub fn structure(&self) -> &Structure {
        self.grid.built()
    }
}

/// The grid with the same blocks and white cells in numbers, every sum 0: what the kit's
/// layout reads.
fn skeleton(grid: &Grid<Cell>) -> Grid<layout::Cell> {
    let cells = grid
        .cells()
        .iter()
        .map(|cell| match *cell {
            Cell::White(_) => layout::Cell::White,
            Cell::Block { down, across } => layout::Cell::Block {
                down: down.map(|_| 0),
                across: across.map(|_| 0),
            },
        })
        .collect();
    Grid::from_cells(grid.shape(), cells).expect("same shape")
}

/// The runs, their clues and the letters shown of `grid`, after checking its structure.
fn structure(grid: &Grid<Cell>) -> Result<Structure, InputError> {
    let shape = grid.shape();
    if !(MIN_SIDE..=MAX_SIDE).contains(&shape.rows) || !(MIN_SIDE..=MAX_SIDE).contains(&shape.cols)
    {
        return Err(InputError::limits(format!(
                "a {shape} grid is outside the limits for cryptic Kakuro: rows and columns must be {MIN_SIDE} to {MAX_SIDE}"
            )));
    }
    let mut problems = Vec::new();
    for (row, col, cell) in grid.iter() {
        let Cell::Block { down, across } = *cell else {
            continue;
        };
        let white = |r: usize, c: usize| grid.get(r, c).is_some_and(|c| c.is_white());
        if let Some(clue) = down.filter(|_| !white(row + 1, col)) {
            problems.push(InputProblem {
                at: Location::Cell { row, col },
                message: format!("the vertical sum {clue} has no white cell below it"),
            });
        }
        if let Some(clue) = across.filter(|_| !white(row, col + 1)) {
            problems.push(InputProblem {
                at: Location::Cell { row, col },
                message: format!("the horizontal sum {clue} has no white cell right of it"),
            });
        }
    }
    if !problems.is_empty() {
        return Err(InputError {
            kind: InputErrorKind::Structure,
            problems,
        });
    }
    let layout = Layout::build(&skeleton(grid), Rules::Relaxed)?;
    let clues = layout
        .runs
        .iter()
        .map(|run| match grid[run.clue] {
            Cell::Block {
                down: Some(clue), ..
            } if run.down => clue,
            Cell::Block {
                across: Some(clue), ..
            } if !run.down => clue,
            _ => unreachable!("the layout has a run only where a sum is"),
        })
        .collect();
    let shown = layout
        .whites
        .iter()
        .map(|&pos| match grid[pos] {
            Cell::White(letter) => letter,
            Cell::Block { .. } => unreachable!("whites are white"),
        })
        .collect();
    Ok(Structure {
        layout,
        clues,
        shown,
    })
}

/// The runs of a puzzle with their clues, and the letter each white cell shows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Structure {
    /// The Kakuro layout of the grid; its sums are placeholders (0) until [`Structure::decoded`].
    pub layout: Layout,
    /// The clue of each run of `layout`.
    pub clues: Vec<Clue>,
    /// The letter each white cell shows, in white-cell order.
    pub shown: Vec<Option<Letter>>,
}

impl Structure {
    /// The Kakuro layout with every sum read through `mapping`.
    pub fn decoded(&self, mapping: &[u8; LETTERS]) -> Layout {
        let mut layout = self.layout.clone();
        for (run, clue) in layout.runs.iter_mut().zip(&self.clues) {
            run.sum = clue.value(mapping);
        }
        layout
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn letter(c: char) -> Letter {
        Letter::from_char(c).unwrap()
    }

    #[test]
    fn a_puzzle_keeps_the_structure_its_check_built() {
        let line = "3,X,(vA),X,(hB),O,O,X,O,X";
        let puzzle = crate::genres::kakuro_cryptic::format::parse_line(line).unwrap();
        assert_eq!(Ok(puzzle.structure()), structure(puzzle.grid()).as_ref());
        assert_eq!(puzzle.structure().clues.len(), 2);
        // A sum before no white cell makes no puzzle.
        let mut grid = puzzle.grid().clone();
        grid[(2, 0)] = Cell::Block {
            down: None,
            across: Some(Clue::one(letter('C'))),
        };
        grid[(2, 1)] = Cell::BLOCK;
        assert!(Puzzle::new(grid).is_err());
    }

    #[test]
    fn letters_and_clues() {
        assert_eq!(Letter::from_char('K'), None);
        assert_eq!(letter('J').index(), 9);
        assert_eq!(
            Letter::all().map(Letter::to_char).collect::<String>(),
            "ABCDEFGHIJ"
        );
        let mapping = [8, 4, 2, 6, 0, 3, 9, 5, 7, 1];
        assert_eq!(Clue::two(letter('F'), letter('E')).value(&mapping), 30);
        assert_eq!(Clue::one(letter('D')).value(&mapping), 6);
        assert_eq!(Clue::two(letter('C'), letter('C')).to_string(), "CC");
        let mut letter_of = [letter('A'); LETTERS];
        for (i, &digit) in mapping.iter().enumerate() {
            letter_of[digit as usize] = Letter::new(i).unwrap();
        }
        assert_eq!(
            Clue::encode(30, &letter_of),
            Some(Clue::two(letter('F'), letter('E')))
        );
        assert_eq!(Clue::encode(100, &letter_of), None);
    }
}
