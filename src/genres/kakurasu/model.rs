//! The Kakurasu puzzle (a clue, or none, per row and column) and the board of shaded and
//! unshaded cells that every algorithm works on.

use crate::core::{Grid, InputError, Shape};

use super::line::{full_mask, Forced, Line, MAX_LINE};

/// The genre's name in texts, IDs and errors.
pub(crate) const GENRE: &str = "kakurasu";
/// Largest side of a grid (spec: Parameters).
pub const MAX_SIDE: usize = MAX_LINE;
/// The default shape of a generated puzzle.
pub const DEFAULT_SHAPE: Shape = Shape::new(7, 7);

/// A Kakurasu puzzle: a clue per row (the sum of the column numbers of its shaded cells) and
/// per column (the sum of the row numbers). An absent clue (`None`) constrains nothing; the
/// spec's puzzles have every clue, published ones sometimes leave some out.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Puzzle {
    row_clues: Vec<Option<u32>>,
    col_clues: Vec<Option<u32>>,
}

impl Puzzle {
    /// A puzzle from its clues; a Limits error unless there are 1 to 32 of each.
    pub fn new(
        row_clues: Vec<Option<u32>>,
        col_clues: Vec<Option<u32>>,
    ) -> Result<Puzzle, InputError> {
        let shape = Shape::new(row_clues.len(), col_clues.len());
        shape.check_within(1, MAX_SIDE, GENRE)?;
        Ok(Puzzle {
            row_clues,
            col_clues,
        })
    }

    /// The puzzle whose clues follow from a shading (`true` shaded); a Limits error unless the
    /// shading has 1 to 32 rows and columns, as [`Puzzle::new`].
    pub fn from_shading(shading: &Grid<bool>) -> Result<Puzzle, InputError> {
        let shape = shading.shape();
        let mut row_clues = vec![Some(0); shape.rows];
        let mut col_clues = vec![Some(0); shape.cols];
        for (row, col, &shaded) in shading.iter() {
            if shaded {
                for (clue, add) in [
                    (&mut row_clues[row], col + 1),
                    (&mut col_clues[col], row + 1),
                ] {
                    *clue = clue.map(|sum| sum + add as u32);
                }
            }
        }
        Puzzle::new(row_clues, col_clues)
    }

    /// The rows and columns.
    pub fn shape(&self) -> Shape {
        Shape::new(self.row_clues.len(), self.col_clues.len())
    }

    /// The row clues, top first (`None`: absent).
    pub fn row_clues(&self) -> &[Option<u32>] {
        &self.row_clues
    }

    /// The column clues, left first (`None`: absent).
    pub fn col_clues(&self) -> &[Option<u32>] {
        &self.col_clues
    }
}

/// Which line: rows are lines `0..rows`, columns `rows..rows + cols`, the order the rater
/// examines them in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LineId {
    Row(usize),
    Col(usize),
}

/// The puzzle with each cell shaded, unshaded or open.
///
/// Each line keeps two masks (bit `i`: the cell worth `i + 1`), and setting a cell updates its
/// row and its column, so reading a line is two loads.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    shape: Shape,
    clues: Vec<Option<u32>>,
    shaded: Vec<u32>,
    unshaded: Vec<u32>,
}

impl Board {
    /// Every cell open.
    pub fn new(puzzle: &Puzzle) -> Board {
        let shape = puzzle.shape();
        let clues: Vec<Option<u32>> = puzzle
            .row_clues
            .iter()
            .chain(&puzzle.col_clues)
            .copied()
            .collect();
        Board {
            shape,
            shaded: vec![0; clues.len()],
            unshaded: vec![0; clues.len()],
            clues,
        }
    }

    /// The rows and columns.
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// How many lines: rows and columns.
    pub fn line_count(&self) -> usize {
        self.clues.len()
    }

    /// Which row or column line `line` is: the rows come first, then the columns.
    pub fn line_id(&self, line: usize) -> LineId {
        if line < self.shape.rows {
            LineId::Row(line)
        } else {
            LineId::Col(line - self.shape.rows)
        }
    }

    /// The cells of line `line`.
    pub fn line_len(&self, line: usize) -> usize {
        match self.line_id(line) {
            LineId::Row(_) => self.shape.cols,
            LineId::Col(_) => self.shape.rows,
        }
    }

    /// The state of a line.
    pub fn line(&self, line: usize) -> Line {
        Line {
            len: self.line_len(line),
            clue: self.clues[line],
            shaded: self.shaded[line],
            unshaded: self.unshaded[line],
        }
    }

    /// The cell at position `index` of a line, as (row, col).
    pub fn cell_of(&self, line: usize, index: usize) -> (usize, usize) {
        match self.line_id(line) {
            LineId::Row(row) => (row, index),
            LineId::Col(col) => (index, col),
        }
    }

    /// The other line through the cell at position `index` of `line`.
    pub fn crossing(&self, line: usize, index: usize) -> usize {
        match self.line_id(line) {
            LineId::Row(_) => self.shape.rows + index,
            LineId::Col(_) => index,
        }
    }

    /// A cell's row line and column line.
    pub fn lines_of(&self, row: usize, col: usize) -> [usize; 2] {
        [row, self.shape.rows + col]
    }

    /// The cells of a line, in order.
    pub fn cells_of(&self, line: usize) -> impl Iterator<Item = (usize, usize)> + '_ {
        (0..self.line_len(line)).map(move |index| self.cell_of(line, index))
    }

    /// `Some(true)` shaded, `Some(false)` unshaded, `None` open.
    pub fn state(&self, row: usize, col: usize) -> Option<bool> {
        let bit = 1 << col;
        if self.shaded[row] & bit != 0 {
            Some(true)
        } else if self.unshaded[row] & bit != 0 {
            Some(false)
        } else {
            None
        }
    }

    /// Whether the cell is undecided.
    pub fn is_open(&self, row: usize, col: usize) -> bool {
        (self.shaded[row] | self.unshaded[row]) & (1 << col) == 0
    }

    /// Decides an open cell.
    pub fn set(&mut self, row: usize, col: usize, shaded: bool) {
        let masks = if shaded {
            &mut self.shaded
        } else {
            &mut self.unshaded
        };
        masks[row] |= 1 << col;
        masks[self.shape.rows + col] |= 1 << row;
    }

    /// Opens a cell again (undoing a hypothesis).
    pub fn clear(&mut self, row: usize, col: usize) {
        for masks in [&mut self.shaded, &mut self.unshaded] {
            masks[row] &= !(1 << col);
            masks[self.shape.rows + col] &= !(1 << row);
        }
    }

    /// Decides the cells `forced` names in `line`, calling `changed` for each, in line order.
    #[inline]
    pub fn apply(
        &mut self,
        line: usize,
        forced: Forced,
        mut changed: impl FnMut(usize, usize, bool),
    ) {
        let mut rest = (forced.shade | forced.unshade) & full_mask(self.line_len(line));
        while rest != 0 {
            let index = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            let (row, col) = self.cell_of(line, index);
            let shaded = forced.shade & (1 << index) != 0;
            self.set(row, col, shaded);
            changed(row, col, shaded);
        }
    }

    /// How many cells are open.
    pub fn open_count(&self) -> usize {
        (0..self.shape.rows)
            .map(|row| {
                (full_mask(self.shape.cols) & !self.shaded[row] & !self.unshaded[row]).count_ones()
                    as usize
            })
            .sum()
    }

    /// The open cells in reading order.
    pub fn open_cells(&self) -> Vec<(usize, usize)> {
        (0..self.shape.rows)
            .flat_map(|row| (0..self.shape.cols).map(move |col| (row, col)))
            .filter(|&(row, col)| self.is_open(row, col))
            .collect()
    }

    /// True when every cell is decided and every line meets its clue.
    pub fn is_solved(&self) -> bool {
        (0..self.line_count()).all(|line| {
            let state = self.line(line);
            state.open() == 0 && state.need() == Ok(state.clue.map(|_| 0))
        })
    }

    /// The shading, open cells counted as unshaded.
    pub fn shading(&self) -> Grid<bool> {
        let mut grid = Grid::filled(self.shape, false);
        for row in 0..self.shape.rows {
            for col in 0..self.shape.cols {
                grid[(row, col)] = self.state(row, col) == Some(true);
            }
        }
        grid
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clues_follow_from_a_shading() {
        // The spec's example: rows --#-#, --###, --#--.
        let rows = ["--#-#", "--###", "--#--"];
        let cells = rows
            .iter()
            .flat_map(|r| r.chars().map(|c| c == '#'))
            .collect();
        let shading = Grid::from_cells(Shape::new(3, 5), cells).unwrap();
        let puzzle = Puzzle::from_shading(&shading).unwrap();
        assert_eq!(puzzle.row_clues(), &[Some(8), Some(12), Some(3)]);
        assert_eq!(
            puzzle.col_clues(),
            &[Some(0), Some(0), Some(6), Some(2), Some(3)]
        );
    }

    #[test]
    fn setting_a_cell_updates_its_row_and_column() {
        let puzzle = Puzzle::new(vec![Some(1); 2], vec![Some(1); 3]).unwrap();
        let mut board = Board::new(&puzzle);
        board.set(1, 2, true);
        assert_eq!(board.line(1).shaded, 0b100);
        assert_eq!(board.line(2 + 2).shaded, 0b10);
        assert_eq!(board.state(1, 2), Some(true));
        assert_eq!(board.open_count(), 5);
        board.clear(1, 2);
        assert_eq!(board.open_count(), 6);
        assert_eq!(board.cell_of(3, 1), (1, 1));
    }

    #[test]
    fn sides_are_one_to_thirty_two() {
        assert!(Puzzle::new(vec![], vec![Some(1)]).is_err());
        assert!(Puzzle::new(vec![None; 33], vec![Some(1)]).is_err());
        assert!(Puzzle::new(vec![None; 32], vec![None; 32]).is_ok());
    }
}
