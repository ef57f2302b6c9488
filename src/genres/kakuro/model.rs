//! The Kakuro puzzle. Its cells, structure rules and run layout are the sum-grid kit's
//! ([`crate::genres::sum_grid::layout`]), named from here by Kakuro's own modules.

use crate::core::checked::Checked;
use crate::core::{Grid, InputError, InputProblem, Shape};

pub use crate::genres::sum_grid::layout::{
    Cell, Layout, Rules, Run, MAX_RUN, MAX_SUM, MAX_WRITTEN_SUM, RELAXED_MAX_SIDE, STRICT_MAX_SIDE,
};

/// A Kakuro puzzle: blocks with sums, and white cells.
///
/// It keeps the layout its check built under the relaxed rules: every puzzle is checked, and
/// the operation that follows (solve, rate, check, hint) needs the same layout. A puzzle's
/// grid never changes, so the layout never goes stale; puzzles are equal when their grids are.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Puzzle {
    grid: Checked<Grid<Cell>, Layout>,
}

impl Puzzle {
    /// A puzzle from its cells, checked against the relaxed structure rules (every error
    /// with its cell); [`Puzzle::layout`] checks the strict rules.
    pub fn new(grid: Grid<Cell>) -> Result<Puzzle, InputError> {
        let grid = Checked::new(grid, |grid| Layout::build(grid, Rules::Relaxed))?;
        Ok(Puzzle { grid })
    }

    /// The puzzle a layout (built from a grid by [`Layout::build`]) was built from, with the
    /// layout's sums: for the generators, which build the layout first and set its sums.
    pub(crate) fn from_layout(layout: Layout) -> Puzzle {
        let mut grid = Grid::filled(layout.shape, Cell::BLOCK);
        for &(row, col) in &layout.whites {
            grid[(row, col)] = Cell::White;
        }
        for run in &layout.runs {
            if let Cell::Block { down, across } = &mut grid[run.clue] {
                if run.down {
                    *down = Some(run.sum);
                } else {
                    *across = Some(run.sum);
                }
            }
        }
        debug_assert_eq!(Layout::build(&grid, Rules::Relaxed).as_ref(), Ok(&layout));
        Puzzle {
            grid: Checked::from_parts(grid, layout),
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

    /// The cell at `row`, `col`.
    pub fn cell(&self, row: usize, col: usize) -> Cell {
        self.grid()[(row, col)]
    }

    /// The runs and white cells, after checking the structure under `rules` (under the
    /// relaxed rules, a copy of [`Puzzle::relaxed_layout`]).
    pub fn layout(&self, rules: Rules) -> Result<Layout, InputError> {
        match rules {
            Rules::Relaxed => Ok(self.relaxed_layout().clone()),
            Rules::Strict => Layout::build(self.grid(), rules),
        }
    }

    /// The layout under the relaxed rules, which the puzzle's check built.
    pub fn relaxed_layout(&self) -> &Layout {
        self.grid.built()
    }

    /// Every problem with the structure under `rules` (empty when the grid is fine; always
    /// under the relaxed rules, which every puzzle passed).
    pub fn structure_problems(&self, rules: Rules) -> Vec<InputProblem> {
        match self.layout(rules) {
            Ok(_) => Vec::new(),
            Err(error) => error.problems,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::InputErrorKind;
    use crate::genres::kakuro::format::{parse_grid_unchecked, parse_text};

    #[test]
    fn a_puzzle_keeps_the_layout_its_check_built() {
        let text = "# 4/ 6/\n/3 . .\n/7 . .";
        let puzzle = parse_text(text).unwrap();
        let built = Layout::build(&parse_grid_unchecked(text), Rules::Relaxed).unwrap();
        assert_eq!(puzzle.relaxed_layout(), &built);
        assert_eq!(puzzle.layout(Rules::Relaxed).unwrap(), built);
        // The puzzle a generator makes from the layout is the same puzzle.
        assert_eq!(Puzzle::from_layout(built), puzzle);
        // A grid the relaxed rules refuse makes no puzzle.
        assert!(Puzzle::new(parse_grid_unchecked("# #\n. .")).is_err());
    }

    #[test]
    fn runs_follow_the_clue_blocks() {
        let puzzle = parse_text("# 4/ 6/\n/3 . .\n/7 . .").unwrap();
        let layout = puzzle.layout(Rules::Strict).unwrap();
        assert_eq!(layout.white_count(), 4);
        let sums: Vec<_> = layout.runs.iter().map(|run| (run.down, run.sum)).collect();
        assert_eq!(sums, vec![(true, 4), (true, 6), (false, 3), (false, 7)]);
        assert_eq!(layout.runs[0].cells, vec![0, 2]);
        assert_eq!(layout.cell_runs[3], [3, 1]);
    }

    #[test]
    fn strict_rules_name_each_problem() {
        let one_cell = parse_text("# 3/ #\n/1 . #\n/2 . #").unwrap();
        let text: Vec<String> = one_cell
            .structure_problems(Rules::Strict)
            .iter()
            .map(|p| p.to_string())
            .collect();
        assert!(
            text.iter().any(|t| t.contains("row 1, col 1")
                && t.contains("an across run")
                && t.contains("one cell")),
            "{text:?}"
        );
        assert!(one_cell.structure_problems(Rules::Relaxed).is_empty());

        let out_of_range = parse_text("# 4/ 50/\n/3 . .\n/7 . .").unwrap();
        let error = out_of_range.layout(Rules::Strict).unwrap_err();
        assert!(
            error
                .to_string()
                .contains("row 0, col 2: down sum 50 is outside 1 to 45"),
            "{error}"
        );
        assert!(out_of_range.layout(Rules::Relaxed).is_ok());

        let no_run = parse_grid_unchecked("# 4/ 6/\n/3 . .\n/7 . 5/");
        let error = Puzzle::new(no_run).unwrap_err();
        assert!(
            error
                .to_string()
                .contains("row 2, col 2: down sum 5 has no white cell below it"),
            "{error}"
        );
    }

    #[test]
    fn relaxed_rules_accept_lone_cells_but_not_runs_without_sums() {
        let lone = parse_text("# 2/ 4/ #\n/13 . . .\n# # . #").unwrap();
        assert!(lone.layout(Rules::Relaxed).is_ok());
        assert!(lone.layout(Rules::Strict).is_err());
        let unsummed = parse_grid_unchecked("# 3/ 4/\n# . .\n/7 . .");
        let error = Puzzle::new(unsummed).unwrap_err();
        assert_eq!(error.kind, InputErrorKind::Structure);
        assert!(
            error
                .to_string()
                .contains("row 1, col 1: the across run of 2 cells"),
            "{error}"
        );
    }

    #[test]
    fn white_cells_in_the_first_row_are_reported() {
        let grid = parse_grid_unchecked(". 3/\n/1 .");
        let error = Layout::build(&grid, Rules::Strict).unwrap_err();
        assert!(
            error
                .to_string()
                .contains("row 0, col 0: white cell in the first row"),
            "{error}"
        );
    }

    #[test]
    fn size_limits_depend_on_the_rules() {
        let big = Puzzle::new(Grid::filled(Shape::new(40, 40), Cell::BLOCK)).unwrap();
        assert_eq!(
            big.layout(Rules::Strict).unwrap_err().kind,
            InputErrorKind::Limits
        );
        assert!(big.layout(Rules::Relaxed).is_ok());
    }
}
