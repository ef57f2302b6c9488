//! The run layout of a sum grid: blocks holding the sums of the runs after them, white cells
//! numbered for the algorithms, and the structure rules a grid is checked against.

use crate::core::{Grid, InputError, InputErrorKind, InputProblem, Location, Shape};

/// Largest side of a grid under the strict rules (what the generator makes): the spec stops
/// at 16, the generator goes on to 32 (issue 19) with the spec's other rules unchanged.
pub const STRICT_MAX_SIDE: usize = 32;
/// Largest side of a grid accepted for solving and checking (published grids reach 150).
pub const RELAXED_MAX_SIDE: usize = 160;
/// Largest number accepted where a sum is written; larger numbers are a syntax error.
pub const MAX_WRITTEN_SUM: u16 = 999;
/// Largest sum any run can reach (1 + 2 + ... + 9).
pub const MAX_SUM: u16 = 45;
/// Longest run that can hold different digits.
pub const MAX_RUN: usize = 9;

/// One cell of a sum grid with its sums in numbers: a Kakuro cell. Cryptic Kakuro builds its
/// layout from these too, with placeholder sums.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Cell {
    /// A cell the solver fills with a digit.
    White,
    /// A block, with the sum of the down run below it and of the across run right of it.
    Block {
        /// The sum of the down run below the block, if one is written.
        down: Option<u16>,
        /// The sum of the across run right of the block, if one is written.
        across: Option<u16>,
    },
}

impl Cell {
    /// A block without sums.
    pub const BLOCK: Cell = Cell::Block {
        down: None,
        across: None,
    };

    /// Whether the cell is white.
    pub fn is_white(self) -> bool {
        self == Cell::White
    }
}

/// The grid of `white`'s white cells with a placeholder sum 0 on every block before one (a
/// generator sets the real sums from its digits): every white cell after a block is in a run
/// with a sum.
pub fn blank_grid(white: &Grid<bool>) -> Grid<Cell> {
    let shape: Shape = white.shape();
    let mut grid = Grid::filled(shape, Cell::BLOCK);
    for (row, col, &w) in white.iter() {
        grid[(row, col)] = if w {
            Cell::White
        } else {
            Cell::Block {
                down: (row + 1 < shape.rows && white[(row + 1, col)]).then_some(0),
                across: (col + 1 < shape.cols && white[(row, col + 1)]).then_some(0),
            }
        };
    }
    grid
}

/// How strictly a grid's structure is checked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rules {
    /// The spec's rules, which generated puzzles obey: every white cell in an across and a down
    /// run of 2-9 cells, sums 1-45, only blocks in the first row and column; at most 32x32
    /// (the spec says 16x16; `STRICT_MAX_SIDE`).
    Strict,
    /// For solving and checking published grids: also runs of one cell, white cells in only
    /// one run (a lone white cell without a sum is not a run), sums no digits can reach, and
    /// grids up to 160x160. A run of two or more cells still needs its sum.
    Relaxed,
}

/// Marks a missing run in [`Layout::cell_runs`].
pub const NO_RUN: u32 = u32::MAX;

/// A run: a maximal line of white cells with its sum.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Run {
    /// True for a down run, false for an across run.
    pub down: bool,
    /// The block holding the sum.
    pub clue: (usize, usize),
    /// The sum the run's digits add up to.
    pub sum: u16,
    /// Indices of the run's white cells (see [`Layout::whites`]), in reading order.
    pub cells: Vec<u32>,
}

/// The white cells and runs of a grid, numbered for the algorithms.
///
/// White cells are numbered row-major. Runs are ordered by their clue block, row-major, the
/// down run before the across run: the order of the sums in an ID.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Layout {
    /// The grid's rows and columns.
    pub shape: Shape,
    /// Position of each white cell.
    pub whites: Vec<(usize, usize)>,
    /// For each grid cell, its white index or `NO_RUN` for blocks.
    pub white_index: Vec<u32>,
    /// The runs, in the order above.
    pub runs: Vec<Run>,
    /// For each white cell, its across and down run, or `NO_RUN`.
    pub cell_runs: Vec<[u32; 2]>,
}

impl Layout {
    /// How many white cells the grid has.
    pub fn white_count(&self) -> usize {
        self.whites.len()
    }

    /// The white index of a grid cell, if white.
    pub fn white_at(&self, row: usize, col: usize) -> Option<usize> {
        let index = self.white_index[row * self.shape.cols + col];
        (index != NO_RUN).then_some(index as usize)
    }

    /// The runs a white cell belongs to (one or two).
    pub fn runs_of(&self, cell: usize) -> impl Iterator<Item = usize> + '_ {
        self.cell_runs[cell]
            .iter()
            .filter(|&&run| run != NO_RUN)
            .map(|&run| run as usize)
    }

    /// The layout of `grid`, after checking its structure under `rules`.
    pub fn build(grid: &Grid<Cell>, rules: Rules) -> Result<Layout, InputError> {
        let shape = grid.shape();
        let mut problems = Vec::new();
        let mut problem = |row, col, message: String| {
            problems.push(InputProblem {
                at: Location::Cell { row, col },
                message,
            })
        };
        let max_side = match rules {
            Rules::Strict => STRICT_MAX_SIDE,
            Rules::Relaxed => RELAXED_MAX_SIDE,
        };
        if shape.rows == 0 || shape.cols == 0 || shape.rows > max_side || shape.cols > max_side {
            return Err(InputError::limits(format!(
                "a {shape} grid is outside the limits: rows and columns must be 1 to {max_side}{}",
                if rules == Rules::Strict {
                    " under the strict rules"
                } else {
                    ""
                }
            )));
        }

        let mut white_index = vec![NO_RUN; shape.cells()];
        let mut whites = Vec::with_capacity(shape.cells());
        for (row, col, cell) in grid.iter() {
            if cell.is_white() {
                white_index[row * shape.cols + col] = whites.len() as u32;
                whites.push((row, col));
            }
        }
        if rules == Rules::Strict {
            for &(row, col) in &whites {
                if row == 0 {
                    problem(
                        row,
                        col,
                        "white cell in the first row, which holds only blocks".into(),
                    );
                } else if col == 0 {
                    problem(
                        row,
                        col,
                        "white cell in the first column, which holds only blocks".into(),
                    );
                }
            }
        }

        // Runs start right of or below a block (or at the edge); sums are read off the block.
        // At most two runs a white cell; a run of one cell per slot at the most.
        let mut runs = Vec::with_capacity(2 * whites.len());
        let mut cell_runs = vec![[NO_RUN; 2]; whites.len()];
        for row in 0..shape.rows {
            for col in 0..shape.cols {
                for down in [true, false] {
                    let (dr, dc) = if down { (1, 0) } else { (0, 1) };
                    let at_edge = if down { row == 0 } else { col == 0 };
                    // A segment is keyed by its clue block, or by its first cell at the edge.
                    let (first, clue) = match grid[(row, col)] {
                        Cell::Block { down: d, across: a } => {
                            let (r, c) = (row + dr, col + dc);
                            let sum = if down { d } else { a };
                            if r >= shape.rows || c >= shape.cols || !grid[(r, c)].is_white() {
                                if let Some(sum) = sum {
                                    let which = if down { "down" } else { "across" };
                                    let place = if down { "below" } else { "right of" };
                                    problem(
                                        row,
                                        col,
                                        format!("{which} sum {sum} has no white cell {place} it"),
                                    );
                                }
                                continue;
                            }
                            ((r, c), Some(((row, col), sum)))
                        }
                        // A segment at the edge has no block to hold its sum.
                        Cell::White if at_edge => ((row, col), None),
                        Cell::White => continue,
                    };
                    let mut cells = Vec::with_capacity(MAX_RUN);
                    let (mut r, mut c) = first;
                    while r < shape.rows && c < shape.cols && grid[(r, c)].is_white() {
                        cells.push(white_index[r * shape.cols + c]);
                        r += dr;
                        c += dc;
                    }
                    let which = if down { "down" } else { "across" };
                    let a_which = if down { "a down" } else { "an across" };
                    let len = cells.len();
                    let (clue_pos, sum) = match clue {
                        Some((pos, Some(sum))) => (pos, sum),
                        _ => {
                            // No sum: a lone cell is simply in one run only when relaxed.
                            if len >= 2 || rules == Rules::Strict {
                                let (fr, fc) = first;
                                problem(
                                    fr,
                                    fc,
                                    if len >= 2 {
                                        format!("the {which} run of {len} cells starting here has no sum")
                                    } else {
                                        format!("white cell not in {a_which} run of 2 to 9 cells")
                                    },
                                );
                            }
                            continue;
                        }
                    };
                    if rules == Rules::Strict {
                        if len == 1 {
                            problem(first.0, first.1, format!(
                                "white cell not in {a_which} run of 2 to 9 cells (its run has one cell)"
                            ));
                        } else if len > MAX_RUN {
                            problem(
                                clue_pos.0,
                                clue_pos.1,
                                format!("the {which} run of {len} cells is longer than 9"),
                            );
                        }
                        if !(1..=MAX_SUM).contains(&sum) {
                            problem(
                                clue_pos.0,
                                clue_pos.1,
                                format!("{which} sum {sum} is outside 1 to 45"),
                            );
                        }
                    }
                    let run = runs.len() as u32;
                    for &cell in &cells {
                        cell_runs[cell as usize][usize::from(down)] = run;
                    }
                    runs.push(Run {
                        down,
                        clue: clue_pos,
                        sum,
                        cells,
                    });
                }
            }
        }
        if rules == Rules::Relaxed {
            for (cell, pair) in cell_runs.iter().enumerate() {
                if pair == &[NO_RUN, NO_RUN] {
                    let (row, col) = whites[cell];
                    problem(row, col, "white cell in no run with a sum".into());
                }
            }
        }
        if problems.is_empty() {
            Ok(Layout {
                shape,
                whites,
                white_index,
                runs,
                cell_runs,
            })
        } else {
            Err(InputError {
                kind: InputErrorKind::Structure,
                problems,
            })
        }
    }
}
