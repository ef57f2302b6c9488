//! Rating: the Kakuro rating of the underlying grid.
//!
//! The puzzle is solved first; its sums are then read through the mapping found, and the
//! Kakuro rater (profile `kakuro-human`) rates that Kakuro grid. Working out the letters is not
//! rated, and the letters shown in white cells are not givens to the rater: a grid that only
//! its shown letters make unique rates `beyond_expert`. Every generated puzzle is built on a
//! Kakuro grid that is unique by itself, so its level is that grid's.

use crate::core::{Budget, Rating};
use crate::genres::kakuro::rate::rate_layout;

use super::model::Puzzle;
use super::solve::Solver;

/// Rates a puzzle under the budget (the solve that reads the sums included).
pub fn rate(puzzle: &Puzzle, budget: &mut Budget) -> Rating {
    let start = budget.used();
    let Ok(structure) = puzzle.structure() else {
        // Parsed puzzles are structurally checked; a defined answer all the same.
        return Rating::unrated(true, 0);
    };
    let solver = Solver::new(&structure);
    let outcome = solver.solve(solver.full_domains(), 1, budget);
    let Some(found) = outcome.solutions.first() else {
        return Rating::unrated(outcome.complete, budget.used() - start);
    };
    let layout = structure.decoded(&found.mapping);
    let mut rating = rate_layout(&layout, budget);
    rating.steps = budget.used() - start;
    rating
}
