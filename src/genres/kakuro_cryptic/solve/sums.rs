//! Fitting a run whose sum is only known to be one of a set: while the letters of a clue are
//! still open, the run's sum is any value they can spell.

use crate::core::DigitSet;
use crate::genres::sum_grid::combos::{adds_nothing, combos, reachable_sums, Screen, SumSet};

/// [`fit_run`](crate::genres::sum_grid::combos::fit_run) for a run whose sum is only known to
/// be one of `sums`: `out` receives the union of the narrowed candidates over those sums, and
/// the result holds the sums that have a filling (empty when none has, and `out` is then
/// meaningless).
pub(crate) fn fit_run_sums(cands: &[DigitSet], sums: SumSet, out: &mut [DigitSet]) -> SumSet {
    debug_assert_eq!(out.len(), cands.len());
    out.fill(DigitSet::EMPTY);
    let len = cands.len();
    let sums = sums & reachable_sums(len);
    match *cands {
        [only] => {
            // The sum is the digit: digit d is bit d - 1 of a set and bit d of the sums.
            let feasible = SumSet::from(only.bits()) << 1 & sums;
            out[0] = DigitSet::from_bits((feasible >> 1) as u16);
            return feasible;
        }
        [first, second] => return fit_pair_sums(first, second, sums, out),
        _ => {}
    }
    let Some(screen) = Screen::of(cands) else {
        return 0;
    };
    let mut feasible = 0;
    let mut rest = sums;
    while rest != 0 {
        let sum = rest.trailing_zeros();
        rest &= rest - 1;
        let mut any = false;
        for &combo in combos(len, sum as u16) {
            // Once the sum is known to have a filling, a combination that can only give cells
            // digits they have already got changes nothing.
            if any && adds_nothing(cands, combo, out) {
                continue;
            }
            any |= screen.fit(cands, combo, out);
        }
        if any {
            feasible |= 1 << sum;
        }
    }
    feasible
}

/// [`fit_run_sums`] for two cells, by shifting bit sets rather than walking combinations.
fn fit_pair_sums(first: DigitSet, second: DigitSet, sums: SumSet, out: &mut [DigitSet]) -> SumSet {
    let mut feasible = 0;
    for digit in first.iter() {
        // The other cell's digits y (bit y - 1) become the sums digit + y (bit digit + y).
        let shift = u32::from(digit) + 1;
        let reached = SumSet::from((second - DigitSet::single(digit)).bits()) << shift & sums;
        if reached != 0 {
            out[0].insert(digit);
            out[1] |= DigitSet::from_bits((reached >> shift) as u16);
            feasible |= reached;
        }
    }
    feasible
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::genres::sum_grid::combos::fit_run;

    /// fit_run_sums is the union of fit_run over the sums it is given.
    #[test]
    fn fit_run_sums_is_the_union_over_its_sums() {
        let mut next = crate::core::rng::test_numbers(777);
        for _ in 0..2000 {
            let len = 1 + (next() % 6) as usize;
            let cands: Vec<DigitSet> = (0..len)
                .map(|_| DigitSet::from_bits((next() & 0x1ff) as u16 | (next() & 0x1ff) as u16))
                .collect();
            let sums = u64::from(next()) << 14 | u64::from(next());
            let mut out = vec![DigitSet::EMPTY; len];
            let feasible = fit_run_sums(&cands, sums, &mut out);
            let mut expected = vec![DigitSet::EMPTY; len];
            let mut expected_sums = 0u64;
            let mut one = vec![DigitSet::EMPTY; len];
            for sum in 0..=45u16 {
                if sums & 1 << sum != 0 && fit_run(&cands, combos(len, sum), &mut one) {
                    expected_sums |= 1 << sum;
                    for (acc, set) in expected.iter_mut().zip(&one) {
                        *acc |= *set;
                    }
                }
            }
            assert_eq!(feasible, expected_sums, "{cands:?}");
            if feasible != 0 {
                assert_eq!(out, expected, "{cands:?}");
            }
        }
    }
}
