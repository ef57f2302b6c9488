//! `sum_combinations` (Easy): a run's open cells keep only the digits of its combinations that
//! contain its fixed digits.

use super::{combos_with, fixed_digits, Contradiction};
use crate::core::DigitSet;

/// Narrows the open cells of one run into `out`; returns whether anything changed.
pub fn narrow(
    cands: &[DigitSet],
    combos: &[DigitSet],
    out: &mut [DigitSet],
) -> Result<bool, Contradiction> {
    let fixed = fixed_digits(cands)?;
    let mut allowed = DigitSet::EMPTY;
    let mut any = false;
    for combo in combos_with(combos, fixed) {
        allowed |= combo - fixed;
        any = true;
    }
    if !any {
        return Err(Contradiction);
    }
    let mut changed = false;
    for (slot, &cand) in out.iter_mut().zip(cands) {
        *slot = if cand.is_single() {
            cand
        } else {
            cand & allowed
        };
        if slot.is_empty() {
            return Err(Contradiction);
        }
        changed |= *slot != cand;
    }
    Ok(changed)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::genres::sum_grid::combos::combos;

    #[test]
    fn spec_example_twelve_with_a_nine() {
        // /12  9  ?  ?  : with 9 written in, the other two add up to 3, so they are 1 and 2.
        let cands = [DigitSet::single(9), DigitSet::ALL, DigitSet::ALL];
        let mut out = [DigitSet::EMPTY; 3];
        assert_eq!(narrow(&cands, combos(3, 12), &mut out), Ok(true));
        let one_two = DigitSet::from_iter([1, 2]);
        assert_eq!(out, [DigitSet::single(9), one_two, one_two]);
    }

    #[test]
    fn no_combination_with_the_fixed_digits_breaks_the_run() {
        let cands = [DigitSet::single(9), DigitSet::ALL];
        let mut out = [DigitSet::EMPTY; 2];
        assert_eq!(narrow(&cands, combos(2, 5), &mut out), Err(Contradiction));
    }

    #[test]
    fn it_ignores_candidates_of_other_cells() {
        // 23 in three cells is {6,8,9}: the open cells keep 6, 8, 9 whatever the others allow;
        // seeing that the third must be 6 is combination_fit's job.
        let eight_nine = DigitSet::from_iter([8, 9]);
        let cands = [DigitSet::ALL, eight_nine, eight_nine];
        let mut out = [DigitSet::EMPTY; 3];
        assert_eq!(narrow(&cands, combos(3, 23), &mut out), Ok(true));
        assert_eq!(out[0], DigitSet::from_iter([6, 8, 9]));
    }
}
