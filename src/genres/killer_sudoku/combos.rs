//! Cage combinations for digits up to 16: the sets of `len` different digits of 1..`side`
//! adding up to a sum, sorted into a table by length and sum once per side and process (the
//! sum-grid kit's table holds Kakuro's 1-9 only), and the filtering of a cage (or any group
//! of different digits with a sum) by them.

use std::sync::OnceLock;

use crate::core::DigitSet;

use super::model::MAX_SIDE;

/// The largest sum: 1 + ... + 16.
const MAX_SUM: usize = MAX_SIDE * (MAX_SIDE + 1) / 2;
const SUMS: usize = MAX_SUM + 1;

/// The combinations of one side, at `[len * SUMS + sum]`.
struct Table(Vec<Vec<DigitSet>>);

fn table(side: usize) -> &'static Table {
    static TABLES: [OnceLock<Table>; MAX_SIDE + 1] = [const { OnceLock::new() }; MAX_SIDE + 1];
    TABLES[side].get_or_init(|| {
        let mut combos = vec![Vec::new(); (side + 1) * SUMS];
        for bits in 1..(1u32 << side) {
            let set = DigitSet::from_wide_bits(bits as u16);
            combos[set.len() as usize * SUMS + set.sum() as usize].push(set);
        }
        Table(combos)
    })
}

/// Every set of `len` different digits of 1..`side` adding up to `sum` (empty when none).
pub fn combos(side: usize, len: usize, sum: u32) -> &'static [DigitSet] {
    let sum = sum as usize;
    if side > MAX_SIDE || len == 0 || len > side || sum > MAX_SUM {
        return &[];
    }
    &table(side).0[len * SUMS + sum]
}

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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tables_hold_every_set_once() {
        assert_eq!(combos(9, 2, 3), &[DigitSet::from_iter([1, 2])]);
        assert_eq!(combos(9, 9, 45).len(), 1);
        assert_eq!(combos(16, 16, 136).len(), 1);
        assert_eq!(combos(16, 2, 31), &[DigitSet::from_iter([15, 16])]);
        let total: usize = (1..=16)
            .map(|len| {
                (0..=136)
                    .map(|sum| combos(16, len, sum).len())
                    .sum::<usize>()
            })
            .sum();
        assert_eq!(total, 65535);
        assert!(combos(9, 2, 18).is_empty());
    }

    #[test]
    fn fitting_keeps_the_digits_of_combinations_that_fit() {
        let all = DigitSet::up_to(9);
        // 3 in two cells: 1 and 2.
        let found = fit(&[all, all], combos(9, 2, 3)).unwrap();
        assert_eq!(found.any, DigitSet::from_iter([1, 2]));
        // 10 in two cells, one of them 3: only 3 + 7.
        let found = fit(&[DigitSet::single(3), all], combos(9, 2, 10)).unwrap();
        assert_eq!(found.any, DigitSet::from_iter([3, 7]));
        assert_eq!(found.all, DigitSet::from_iter([3, 7]));
        assert!(fit(&[DigitSet::single(3), DigitSet::single(3)], combos(9, 2, 6)).is_none());
    }
}
