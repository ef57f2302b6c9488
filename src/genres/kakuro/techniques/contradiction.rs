//! `contradiction` (Expert): the same as `short_contradiction` for cells with at most 4
//! candidates, within 20 steps, using techniques up to Hard. See [`super::probe`].

use super::probe::{Prober, Refutation, LONG};
use crate::core::{Budget, DigitSet, Stop};

/// The next deduction: the first cell in reading order with a refuted digit, and all its
/// refuted digits.
pub fn find(
    prober: &Prober,
    cands: &mut [DigitSet],
    budget: &mut Budget,
) -> Result<Option<Refutation>, Stop> {
    prober.first_refutation(cands, LONG, budget)
}
