//! The filtering of a cage (or any group of different digits with a sum) by its combinations,
//! which come from the sum-grid kit's tables
//! (`combos_up_to`: the sets of `len` different
//! digits of 1..`side` adding up to a sum).

use crate::core::DigitSet;
use crate::genres::sum_grid::combos::fit_general;

/// What [`fit`] found of a group: the digits of its combinations that fit, and those in all of
/// them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Fit {
    /// The digits some fitting combination has.
    pub any: DigitSet,
    /// The digits every fitting combination has.
    pub all: DigitSet,
}

/// Which of `combos` fit cells with candidates `cands`: every digit of the combination a
/// candidate of some cell, every fixed digit in it, and every cell with a candidate in it.
/// None when no combination fits (a fixed digit twice included).
pub fn fit(cands: &[DigitSet], combos: &[DigitSet]) -> Option<Fit> {
    let mut union = DigitSet::EMPTY;
    let mut fixed = DigitSet::EMPTY;
    for &cand in cands {
        if cand.is_single() {
            if !(fixed & cand).is_empty() {
                return None;
            }
            fixed |= cand;
        }
        union |= cand;
    }
    let mut any = DigitSet::EMPTY;
    let mut all = DigitSet::from_wide_bits(u16::MAX);
    for &combo in combos {
        if !combo.is_subset(union) || !fixed.is_subset(combo) {
            continue;
        }
        if cands.iter().any(|&cand| (cand & combo).is_empty()) {
            continue;
        }
        any |= combo;
        all &= combo;
    }
    (!any.is_empty()).then_some(Fit { any, all })
}

/// Adds to `out` the digits `combo` gives each cell in some filling of the cells with its
/// digits, one each, within their candidates `cands` (as many cells as `combo` has digits);
/// true when there is a filling. Exact (a digit is added only where the rest of the
/// combination can be matched to the other cells: the sum-grid kit's walk,
/// `fit_general`) for up to [`EXACT_CELLS`] cells; a longer group gets each cell's
/// candidates in the combination.
pub fn fit_combo(cands: &[DigitSet], combo: DigitSet, out: &mut [DigitSet]) -> bool {
    if cands.len() <= EXACT_CELLS {
        return fit_general(cands, combo, out);
    }
    if cands.iter().any(|&cand| (cand & combo).is_empty()) {
        return false;
    }
    for (slot, &cand) in out.iter_mut().zip(cands) {
        *slot |= cand & combo;
    }
    true
}

/// The most cells [`fit_combo`] matches exactly: eight, as when the genre had a walk of its
/// own, so that the solver's narrowing and step counts stay as pinned (the shared walk would
/// take nine).
pub const EXACT_CELLS: usize = 8;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::genres::sum_grid::combos::combos_up_to;

    /// fit_combo against every filling of the cells, on random groups of up to ten cells
    /// (past [`EXACT_CELLS`] it keeps a superset).
    #[test]
    fn fit_combo_keeps_exactly_the_digits_of_some_filling() {
        let mut next = crate::core::rng::test_numbers(2727);
        for _ in 0..4000 {
            let side = [4usize, 6, 9, 12, 16][(next() % 5) as usize];
            let len = 1 + (next() % 10.min(side as u32)) as usize;
            let all = DigitSet::up_to(side as u8).bits();
            let combo_list = combos_up_to(side, len, next() % 137);
            if combo_list.is_empty() {
                continue;
            }
            let combo = combo_list[next() as usize % combo_list.len()];
            let cands: Vec<DigitSet> = (0..len)
                .map(|_| DigitSet::from_wide_bits((next() as u16 | next() as u16) & all))
                .collect();
            let mut out = vec![DigitSet::EMPTY; len];
            let found = fit_combo(&cands, combo, &mut out);
            let mut expected = vec![DigitSet::EMPTY; len];
            let mut any = false;
            brute(
                &cands,
                combo,
                0,
                DigitSet::EMPTY,
                &mut vec![0; len],
                &mut expected,
                &mut any,
            );
            if len <= EXACT_CELLS {
                assert_eq!((found, &out), (any, &expected), "{cands:?} {combo:?}");
            } else {
                assert!(found || !any, "{cands:?} {combo:?}");
                assert!(expected.iter().zip(&out).all(|(e, o)| e.is_subset(*o)));
            }
        }
    }

    fn brute(
        cands: &[DigitSet],
        combo: DigitSet,
        i: usize,
        used: DigitSet,
        digits: &mut Vec<u8>,
        support: &mut [DigitSet],
        any: &mut bool,
    ) {
        if i == cands.len() {
            if used == combo {
                *any = true;
                for (slot, &digit) in support.iter_mut().zip(digits.iter()) {
                    slot.insert(digit);
                }
            }
            return;
        }
        for digit in (cands[i] & (combo - used)).iter() {
            digits[i] = digit;
            brute(
                cands,
                combo,
                i + 1,
                used | DigitSet::single(digit),
                digits,
                support,
                any,
            );
        }
    }

    #[test]
    fn fitting_keeps_the_digits_of_combinations_that_fit() {
        let all = DigitSet::up_to(9);
        // 3 in two cells: 1 and 2.
        let found = fit(&[all, all], combos_up_to(9, 2, 3)).unwrap();
        assert_eq!(found.any, DigitSet::from_iter([1, 2]));
        // 10 in two cells, one of them 3: only 3 + 7.
        let found = fit(&[DigitSet::single(3), all], combos_up_to(9, 2, 10)).unwrap();
        assert_eq!(found.any, DigitSet::from_iter([3, 7]));
        assert_eq!(found.all, DigitSet::from_iter([3, 7]));
        assert!(fit(
            &[DigitSet::single(3), DigitSet::single(3)],
            combos_up_to(9, 2, 6)
        )
        .is_none());
    }
}
