//! Rating: the Kakuro rating of the underlying grid.
//!
//! The puzzle is solved first; its sums are then read through the mapping found, and the
//! sum-grid kit's rater (profile `kakuro-human`, Kakuro's) rates that decoded layout, score
//! and descriptors included. Working out the letters is not rated, and the letters shown in white cells are
//! not givens to the rater: a grid that only its shown letters make unique rates
//! `beyond_expert`. Every generated puzzle is built on a Kakuro grid that is unique by itself,
//! so its level is that grid's. When the solve finds no mapping, the grid's descriptors are
//! still given (without the candidates after the easy techniques, which need the sums).

use crate::core::{Budget, Rating, Verdict};
use crate::genres::sum_grid::describe::describe;
use crate::genres::sum_grid::rate::rate_layout;

use super::model::Puzzle;
use super::solve::{Solver, ADAPTIVE};

/// Rates a puzzle under the budget (the solve that reads the sums included).
pub fn rate(puzzle: &Puzzle, budget: &mut Budget) -> Rating {
    let start = budget.used();
    let structure = puzzle.structure();
    let solver = Solver::new(structure);
    // The adaptive search, as for solving: the plain one can spend any budget refuting a
    // grid without a mapping that the adaptive one refutes at once (see tests/edge/cost.rs).
    let outcome = solver.solve_with(ADAPTIVE, solver.full_domains(), 1, budget);
    let Some(found) = outcome.solutions.first() else {
        let verdict = match outcome.stopped {
            Some(stop) => Verdict::Unrated(stop),
            None => Verdict::BeyondExpert,
        };
        let steps = budget.used() - start;
        return Rating::without_deductions(verdict, steps, describe(&structure.layout));
    };
    let layout = structure.decoded(&found.mapping);
    let mut rating = rate_layout(&layout, budget);
    rating.steps = budget.used() - start;
    rating
}
