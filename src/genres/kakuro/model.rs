//! The Kakuro puzzle. Its cells, structure rules and run layout are the sum-grid kit's
//! ([`crate::genres::sum_grid::layout`]), named from here by Kakuro's own modules.

use std::hash::{Hash, Hasher};
use std::sync::OnceLock;

use crate::core::{Grid, InputError, InputProblem, Shape};

pub use crate::genres::sum_grid::layout::{
    Cell, Layout, Rules, Run, MAX_RUN, MAX_SUM, MAX_WRITTEN_SUM, RELAXED_MAX_SIDE, STRICT_MAX_SIDE,
};

/// A Kakuro puzzle: blocks with sums, and white cells.
#[derive(Clone)]
pub struct Puzzle {
    grid: Grid<Cell>,
    /// The layout under the relaxed rules, built on first use: reading a puzzle checks its
    /// structure, and the operation that follows (solve, rate, check) needs the same layout.
    /// A puzzle's grid never changes, so the layout never goes stale.
    relaxed: OnceLock<Layout>,
}

/// Puzzles are their grids; whether the layout is built yet makes no difference.
impl PartialEq for Puzzle {
    fn eq(&self, other: &Puzzle) -> bool {
        self.grid == other.grid
    }
}

impl Eq for Puzzle {}

impl Hash for Puzzle {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.grid.hash(state);
    }
}

impl std::fmt::Debug for Puzzle {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Puzzle").field("grid", &self.grid).finish()
    }
}

impl Puzzle {
    /// A puzzle from its cells, checked against the relaxed structure rules (every error
    /// with its cell); [`Puzzle::layout`] checks the strict rules.
    pub fn new(grid: Grid<Cell>) -> Result<Puzzle, InputError> {
        let puzzle = Puzzle::unchecked(grid);
        puzzle.relaxed_layout()?;
        Ok(puzzle)
    }

    /// A puzzle from its cells, its structure unchecked: for the readers, whose genre-level
    /// entry points check it next, and the generators, whose grids are sound by construction.
    pub(crate) fn unchecked(grid: Grid<Cell>) -> Puzzle {
        Puzzle {
            grid,
            relaxed: OnceLock::new(),
        }
    }

    /// The cells.
    pub fn grid(&self) -> &Grid<Cell> {
        &self.grid
    }

    /// The rows and columns.
    pub fn shape(&self) -> Shape {
        self.grid.shape()
    }

    /// The cell at `row`, `col`.
    pub fn cell(&self, row: usize, col: usize) -> Cell {
        self.grid[(row, col)]
    }

    /// The runs and white cells, after checking the structure under `rules`.
    pub fn layout(&self, rules: Rules) -> Result<Layout, InputError> {
        match (rules, self.relaxed.get()) {
            (Rules::Relaxed, Some(layout)) => Ok(layout.clone()),
            _ => Layout::build(&self.grid, rules),
        }
    }

    /// The layout under the relaxed rules, built once and kept (a structure error is not
    /// kept: it is found again on each call).
    pub fn relaxed_layout(&self) -> Result<&Layout, InputError> {
        if let Some(layout) = self.relaxed.get() {
            return Ok(layout);
        }
        let layout = Layout::build(&self.grid, Rules::Relaxed)?;
        Ok(self.relaxed.get_or_init(|| layout))
    }

    /// Every problem with the structure under `rules` (empty when the grid is fine).
    pub fn structure_problems(&self, rules: Rules) -> Vec<InputProblem> {
        match Layout::build(&self.grid, rules) {
            Ok(_) => Vec::new(),
            Err(error) => error.problems,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::InputErrorKind;
    use crate::genres::kakuro::format::{parse_text, parse_text_unchecked};

    #[test]
    fn the_relaxed_layout_is_built_once_and_equality_ignores_it() {
        let puzzle = parse_text("# 4/ 6/\n/3 . .\n/7 . .").unwrap();
        let fresh = puzzle.clone();
        let first: *const Layout = puzzle.relaxed_layout().unwrap();
        let again: *const Layout = puzzle.relaxed_layout().unwrap();
        assert_eq!(first, again);
        assert_eq!(puzzle, fresh);
        assert_eq!(
            puzzle.relaxed_layout().unwrap(),
            &fresh.layout(Rules::Relaxed).unwrap()
        );
        let broken = parse_text_unchecked("# #\n. .").unwrap();
        assert!(broken.relaxed_layout().is_err());
        assert!(broken.relaxed_layout().is_err());
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

        let no_run = parse_text_unchecked("# 4/ 6/\n/3 . .\n/7 . 5/").unwrap();
        let error = no_run.layout(Rules::Relaxed).unwrap_err();
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
        let unsummed = parse_text_unchecked("# 3/ 4/\n# . .\n/7 . .").unwrap();
        let error = unsummed.layout(Rules::Relaxed).unwrap_err();
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
        let puzzle = parse_text_unchecked(". 3/\n/1 .").unwrap();
        let error = puzzle.layout(Rules::Strict).unwrap_err();
        assert!(
            error
                .to_string()
                .contains("row 0, col 0: white cell in the first row"),
            "{error}"
        );
    }

    #[test]
    fn size_limits_depend_on_the_rules() {
        let big = Puzzle::unchecked(Grid::filled(Shape::new(40, 40), Cell::BLOCK));
        assert_eq!(
            big.layout(Rules::Strict).unwrap_err().kind,
            InputErrorKind::Limits
        );
        assert!(big.layout(Rules::Relaxed).is_ok());
    }
}
