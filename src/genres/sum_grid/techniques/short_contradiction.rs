//! `short_contradiction` (Hard): if a cell with at most 3 candidates had a digit, Easy and
//! Medium techniques would break a rule within 6 steps, so that digit goes. Every refuted
//! digit of the cell goes in one step; cells are tried in reading order. See [`super::probe`]
//! for what a step is.

use super::probe::{Prober, Refutation, SHORT};
use crate::core::{Budget, DigitSet, Stop};

/// The next deduction: the first cell in reading order with a refuted digit, and all its
/// refuted digits.
pub fn find(
    prober: &Prober,
    cands: &mut [DigitSet],
    budget: &mut Budget,
) -> Result<Option<Refutation>, Stop> {
    prober.first_refutation(cands, SHORT, budget)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::genres::sum_grid::layout::Rules;
    use crate::genres::sum_grid::solve::Solver;
    use crate::genres::sum_grid::testing;

    /// A hand-made position on a 2x2 block of white cells: across 3 and 4, down 4 and 3.
    #[test]
    fn refutes_a_digit_that_breaks_a_crossing_run() {
        let layout = testing::layout("# 4/ 3/\n/3 . .\n/4 . .", Rules::Strict);
        let solver = Solver::new(&layout);
        let prober = Prober::new(&solver);
        // A position with r1c1 and r1c2 in {1,2}, r2c1 and r2c2 in {1,3}.
        let one_two = DigitSet::from_iter([1, 2]);
        let one_three = DigitSet::from_iter([1, 3]);
        let mut cands = vec![one_two, one_two, one_three, one_three];
        let refutation = find(&prober, &mut cands, &mut Budget::unlimited())
            .unwrap()
            .unwrap();
        // r1c1 = 2: step 1, the across 3 makes r1c2 = 1; step 2, the down 4 needs r2c1 = 2,
        // which it does not allow.
        assert_eq!(refutation.cell, 0);
        assert_eq!(refutation.digits, DigitSet::single(2));
        assert_eq!(refutation.steps, 2);
        // The candidates are left as they were.
        assert_eq!(cands, vec![one_two, one_two, one_three, one_three]);
    }
}
