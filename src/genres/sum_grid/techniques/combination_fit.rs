//! `combination_fit` (Medium): a combination survives only if its digits can go one per cell
//! within the candidates; each cell keeps the digits it gets in some surviving way. This
//! covers pairs and triples inside a run. The same filter drives the exact solver.

use super::Contradiction;
use crate::core::DigitSet;
use crate::genres::sum_grid::combos::fit_run;

/// Narrows one run into `out`; returns whether anything changed.
pub fn narrow(
    cands: &[DigitSet],
    combos: &[DigitSet],
    out: &mut [DigitSet],
) -> Result<bool, Contradiction> {
    if !fit_run(cands, combos, out) {
        return Err(Contradiction);
    }
    Ok(out.iter().zip(cands).any(|(after, before)| after != before))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::genres::sum_grid::combos::combos;

    #[test]
    fn spec_example_twenty_three_in_three() {
        // /23 ? ? ?, two cells allow only 8 and 9: the third is 6.
        let eight_nine = DigitSet::from_iter([8, 9]);
        let cands = [DigitSet::ALL, eight_nine, eight_nine];
        let mut out = [DigitSet::EMPTY; 3];
        assert_eq!(narrow(&cands, combos(3, 23), &mut out), Ok(true));
        assert_eq!(out, [DigitSet::single(6), eight_nine, eight_nine]);
    }

    #[test]
    fn a_naked_pair_inside_a_run() {
        // 4 cells adding to 12: {1,2,3,6} or {1,2,4,5}. Two cells holding only 1 and 2 keep the
        // others off 1 and 2.
        let pair = DigitSet::from_iter([1, 2]);
        let cands = [pair, pair, DigitSet::ALL, DigitSet::ALL];
        let mut out = [DigitSet::EMPTY; 4];
        assert_eq!(narrow(&cands, combos(4, 12), &mut out), Ok(true));
        assert_eq!(out[2], DigitSet::from_iter([3, 4, 5, 6]));
    }
}
