//! `contradiction` (Expert): the same as `short_contradiction` within 20 steps, also using the
//! Hard techniques: lines are narrowed with `sum_table`, and a stalled hypothesis may take a
//! `short_contradiction` step. See [`super::probe`].

use super::probe::{shortest, Refutation, LONG};
use crate::core::{Budget, Stop};
use crate::genres::kakurasu::model::Board;

/// The next deduction: the open cell with the shortest refutation.
pub fn find(board: &mut Board, budget: &mut Budget) -> Result<Option<Refutation>, Stop> {
    shortest(board, LONG, budget)
}
