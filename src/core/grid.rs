//! Rectangular grids and their shapes.

use std::fmt;
use std::str::FromStr;

use super::error::InputError;

/// The size of a grid: `<rows>x<cols>`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
pub struct Shape {
    /// Rows.
    pub rows: usize,
    /// Columns.
    pub cols: usize,
}

impl Shape {
    /// A shape of `rows` rows and `cols` columns (a grid may be 0 in either; a genre's limits
    /// are checked where a puzzle is read or generated).
    pub const fn new(rows: usize, cols: usize) -> Shape {
        Shape { rows, cols }
    }

    /// Rows times columns.
    pub fn cells(self) -> usize {
        self.rows * self.cols
    }

    /// An error unless both sides are within `min..=max`.
    pub fn check_within(self, min: usize, max: usize, genre: &str) -> Result<(), InputError> {
        if (min..=max).contains(&self.rows) && (min..=max).contains(&self.cols) {
            Ok(())
        } else {
            Err(InputError::limits(format!(
                "shape {self} is outside the limits for {genre}: rows and columns must be {min} to {max}"
            )))
        }
    }
}

impl fmt::Display for Shape {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}x{}", self.rows, self.cols)
    }
}

impl FromStr for Shape {
    type Err = String;

    /// Parses `<rows>x<cols>`, such as `8x8`.
    fn from_str(text: &str) -> Result<Shape, String> {
        let text = text.trim();
        let (rows, cols) = text
            .split_once(['x', 'X'])
            .ok_or_else(|| format!("shape '{text}' should be <rows>x<cols>, such as 8x8"))?;
        let number = |part: &str, what: &str| {
            part.parse::<usize>()
                .map_err(|_| format!("shape '{text}': {what} '{part}' is not a whole number"))
        };
        Ok(Shape::new(number(rows, "rows")?, number(cols, "columns")?))
    }
}

/// A grid of `T`, row-major.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Grid<T> {
    shape: Shape,
    cells: Vec<T>,
}

impl<T> Grid<T> {
    /// A grid from row-major cells; `None` when the count does not match the shape.
    pub fn from_cells(shape: Shape, cells: Vec<T>) -> Option<Grid<T>> {
        (cells.len() == shape.cells()).then_some(Grid { shape, cells })
    }

    /// A grid of `shape` with `value` in every cell.
    pub fn filled(shape: Shape, value: T) -> Grid<T>
    where
        T: Clone,
    {
        Grid {
            shape,
            cells: vec![value; shape.cells()],
        }
    }

    /// The rows and columns.
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// Rows.
    pub fn rows(&self) -> usize {
        self.shape.rows
    }

    /// Columns.
    pub fn cols(&self) -> usize {
        self.shape.cols
    }

    /// The cell at `row`, `col` (from 0); `None` outside the grid.
    pub fn get(&self, row: usize, col: usize) -> Option<&T> {
        (row < self.shape.rows && col < self.shape.cols)
            .then(|| &self.cells[row * self.shape.cols + col])
    }

    /// The cells, row-major.
    pub fn cells(&self) -> &[T] {
        &self.cells
    }

    /// The cells, row-major, to change in place.
    pub fn cells_mut(&mut self) -> &mut [T] {
        &mut self.cells
    }

    /// The cells of one row.
    pub fn row(&self, row: usize) -> &[T] {
        &self.cells[row * self.shape.cols..(row + 1) * self.shape.cols]
    }

    /// Row and column of a row-major index.
    pub fn position(&self, index: usize) -> (usize, usize) {
        (index / self.shape.cols, index % self.shape.cols)
    }

    /// Each cell with its row and column.
    pub fn iter(&self) -> impl Iterator<Item = (usize, usize, &T)> {
        let cols = self.shape.cols;
        self.cells
            .iter()
            .enumerate()
            .map(move |(i, cell)| (i / cols, i % cols, cell))
    }
}

impl<T> std::ops::Index<(usize, usize)> for Grid<T> {
    type Output = T;
    fn index(&self, (row, col): (usize, usize)) -> &T {
        assert!(
            row < self.shape.rows && col < self.shape.cols,
            "cell outside the grid"
        );
        &self.cells[row * self.shape.cols + col]
    }
}

impl<T> std::ops::IndexMut<(usize, usize)> for Grid<T> {
    fn index_mut(&mut self, (row, col): (usize, usize)) -> &mut T {
        assert!(
            row < self.shape.rows && col < self.shape.cols,
            "cell outside the grid"
        );
        &mut self.cells[row * self.shape.cols + col]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shapes_parse_and_print() {
        let shape: Shape = "8x10".parse().unwrap();
        assert_eq!(shape, Shape::new(8, 10));
        assert_eq!(shape.to_string(), "8x10");
        assert!("8".parse::<Shape>().is_err());
        assert!("ax3".parse::<Shape>().unwrap_err().contains("rows 'a'"));
        assert!(Shape::new(0, 0).check_within(1, 16, "kakuro").is_err());
        assert!(Shape::new(99, 99).check_within(1, 16, "kakuro").is_err());
    }

    #[test]
    fn grids_index_row_major() {
        let grid = Grid::from_cells(Shape::new(2, 3), vec![0, 1, 2, 3, 4, 5]).unwrap();
        assert_eq!(grid[(1, 2)], 5);
        assert_eq!(grid.row(1), &[3, 4, 5]);
        assert_eq!(grid.position(4), (1, 1));
        assert_eq!(grid.get(2, 0), None);
        assert!(Grid::from_cells(Shape::new(2, 2), vec![0; 3]).is_none());
    }
}
