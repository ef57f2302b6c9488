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

/// Adds to `out` the digits `combo` gives each cell in some filling of the cells with its
/// digits, one each, within their candidates `cands` (as many cells as `combo` has digits);
/// true when there is a filling. Exact (a digit is added only where the rest of the
/// combination can be matched to the other cells) for up to [`EXACT_CELLS`] cells; a longer
/// group gets each cell's candidates in the combination.
pub fn fit_combo(cands: &[DigitSet], combo: DigitSet, out: &mut [DigitSet]) -> bool {
    if cands.len() > EXACT_CELLS {
        if cands.iter().any(|&cand| (cand & combo).is_empty()) {
            return false;
        }
        for (slot, &cand) in out.iter_mut().zip(cands) {
            *slot |= cand & combo;
        }
        return true;
    }
    let mut walked = [DigitSet::EMPTY; EXACT_CELLS];
    let mut order = [0usize; EXACT_CELLS];
    let mut count = 0;
    let mut free = false;
    for (i, &cand) in cands.iter().enumerate() {
        let restricted = cand & combo;
        if restricted.is_empty() {
            return false;
        }
        // A cell with the whole combination takes whatever the others leave: not walked.
        if restricted == combo {
            free = true;
        } else {
            order[count] = i;
            count += 1;
        }
    }
    if count == 0 {
        for slot in out.iter_mut() {
            *slot |= combo;
        }
        return true;
    }
    let order = &mut order[..count];
    order.sort_unstable_by_key(|&i| (cands[i] & combo).len());
    for (slot, &i) in walked.iter_mut().zip(order.iter()) {
        *slot = cands[i] & combo;
    }
    let mut walk = Walk {
        cells: &walked[..count],
        combo,
        support: [DigitSet::EMPTY; EXACT_CELLS],
        left_over: DigitSet::EMPTY,
    };
    // Up to four walked cells have at most 24 orders: walking them all is cheaper than
    // clearing a memo.
    let completes = if count <= 4 {
        walk.step_plain(0, DigitSet::EMPTY)
    } else {
        walk.step(&mut [0u8; 1 << EXACT_CELLS], 0, DigitSet::EMPTY)
    };
    if !completes {
        return false;
    }
    for (k, &i) in order.iter().enumerate() {
        out[i] |= walk.support[k];
    }
    if free {
        for (slot, &cand) in out.iter_mut().zip(cands) {
            if cand & combo == combo {
                *slot |= walk.left_over;
            }
        }
    }
    true
}

/// The most cells [`fit_combo`] matches exactly.
pub const EXACT_CELLS: usize = 8;

/// The depth-first matching of [`fit_combo`].
struct Walk<'a> {
    cells: &'a [DigitSet],
    combo: DigitSet,
    support: [DigitSet; EXACT_CELLS],
    /// Digits some complete walk leaves for the cells not walked.
    left_over: DigitSet,
}

impl Walk<'_> {
    /// [`Walk::step`] without the memo.
    fn step_plain(&mut self, depth: usize, used: DigitSet) -> bool {
        if depth == self.cells.len() {
            self.left_over |= self.combo - used;
            return true;
        }
        let mut completes = false;
        for digit in (self.cells[depth] - used).iter() {
            let bit = DigitSet::single(digit);
            if self.step_plain(depth + 1, used | bit) {
                self.support[depth] |= bit;
                completes = true;
            }
        }
        completes
    }

    /// The walk memoised on the digits used (numbered within the combination), which also
    /// fix the depth: `memo` holds 0 (not visited), 1 (a dead end) or 2 (completes).
    fn step(&mut self, memo: &mut [u8; 1 << EXACT_CELLS], depth: usize, used: DigitSet) -> bool {
        if depth == self.cells.len() {
            self.left_over |= self.combo - used;
            return true;
        }
        let state = compress(used.bits(), self.combo.bits());
        if memo[state] != 0 {
            return memo[state] == 2;
        }
        let mut completes = false;
        for digit in (self.cells[depth] - used).iter() {
            let bit = DigitSet::single(digit);
            if self.step(memo, depth + 1, used | bit) {
                self.support[depth] |= bit;
                completes = true;
            }
        }
        memo[state] = if completes { 2 } else { 1 };
        completes
    }
}

/// The bits of `bits` (within `mask`) numbered by their rank among the bits of `mask`.
#[inline]
fn compress(bits: u16, mask: u16) -> usize {
    let (mut out, mut rank, mut mask) = (0usize, 0, mask);
    while mask != 0 {
        let low = mask & mask.wrapping_neg();
        if bits & low != 0 {
            out |= 1 << rank;
        }
        rank += 1;
        mask &= mask - 1;
    }
    out
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

    /// fit_combo against every filling of the cells, on random groups of up to ten cells
    /// (past [`EXACT_CELLS`] it keeps a superset).
    #[test]
    fn fit_combo_keeps_exactly_the_digits_of_some_filling() {
        let mut next = crate::core::rng::test_numbers(2727);
        for _ in 0..4000 {
            let side = [4usize, 6, 9, 12, 16][(next() % 5) as usize];
            let len = 1 + (next() % 10.min(side as u32)) as usize;
            let all = DigitSet::up_to(side as u8).bits();
            let combo_list = combos(side, len, next() % 137);
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
        let found = fit(&[all, all], combos(9, 2, 3)).unwrap();
        assert_eq!(found.any, DigitSet::from_iter([1, 2]));
        // 10 in two cells, one of them 3: only 3 + 7.
        let found = fit(&[DigitSet::single(3), all], combos(9, 2, 10)).unwrap();
        assert_eq!(found.any, DigitSet::from_iter([3, 7]));
        assert_eq!(found.all, DigitSet::from_iter([3, 7]));
        assert!(fit(&[DigitSet::single(3), DigitSet::single(3)], combos(9, 2, 6)).is_none());
    }
}
