//! The Kakuro rater is the sum-grid kit's kakuro-human rater (`crate::genres::sum_grid::rate`)
//! on the puzzle's layout: the easiest technique that makes progress, each application one
//! deduction, the level that of the hardest technique needed.

use crate::core::{Budget, Rating};

use super::model::Puzzle;

pub use crate::genres::sum_grid::rate::{grade, rate_layout, Grade};

/// Rates a puzzle (relaxed rules), on the layout its check built.
pub fn rate(puzzle: &Puzzle, budget: &mut Budget) -> Rating {
    rate_layout(puzzle.relaxed_layout(), budget)
}
