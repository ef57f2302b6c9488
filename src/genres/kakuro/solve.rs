//! The exact solver of a Kakuro is the sum-grid kit's, on the puzzle's layout
//! (`crate::genres::sum_grid::solve`): run-level filtering to a fixpoint, then branching on a
//! cell's digits, one budget step a run filtered. [`crate::genres::kakuro::solve_puzzle`]
//! runs it on a puzzle; the solver itself is for the tests and benchmarks that drive a layout
//! directly.

pub use crate::genres::sum_grid::solve::{RunQueue, Solver};
