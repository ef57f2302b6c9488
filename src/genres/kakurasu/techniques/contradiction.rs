//! `contradiction` (Expert): the same as `short_contradiction` within 20 steps, also using the
//! Hard line technique: lines are narrowed with `sum_table`. See [`super::probe`] for what a
//! step is and why hypotheses are not nested.

use super::probe::{Prober, Refutation, LONG};
use crate::core::{Budget, Stop};
use crate::genres::kakurasu::model::Board;

/// The next deduction: the open cell with the shortest refutation.
pub fn find(
    prober: &mut Prober,
    board: &mut Board,
    budget: &mut Budget,
) -> Result<Option<Refutation>, Stop> {
    prober.shortest(board, LONG, budget)
}
