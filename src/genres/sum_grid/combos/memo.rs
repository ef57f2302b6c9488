//! Run narrowings already computed, kept per thread.
//!
//! A run's narrowing ([`super::fit_run`], or the Easy techniques' [`easy_fit`]) depends only
//! on the run's length, its sum and its cells' candidates. The generator screens thousands of
//! candidate puzzles that differ in a digit or two, so the same run states come up again and
//! again: in the rater's fixpoints, in the solver's search and in hypotheses (three in four
//! narrowings of a 16x16 expert generation were seen before). A memo returns the stored answer
//! instead of working it out again. It is a cache of a pure function: an answer from it is the
//! answer the computation gives, so nothing that uses it (step counts included, which are
//! spent by the callers) can tell it is there.
//!
//! Each memo is direct-mapped on a hash of its key, a slot holding the last key that hashed
//! there: [`SLOTS`] slots of 32 bytes (1 MiB), allocated on a thread's first narrowing and
//! kept for the thread's life, so that one generation's work serves the next. Only runs
//! whose combinations are the table's ([`super::combos`] of their length and sum) are kept:
//! their key is the length, the sum and the candidates.
//!
//! [`easy_fit`]: crate::genres::sum_grid::techniques::easy_fit

use std::cell::RefCell;
use std::thread::LocalKey;

use crate::core::DigitSet;

use crate::genres::sum_grid::layout::MAX_RUN;

/// Slots of one memo (a power of two).
const SLOTS: usize = 1 << 15;

/// A run state as one number: the candidates' bits, nine per cell, then the length and the
/// sum. Never 0 (the length is at least 1), which marks an empty slot.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) struct Key(u128);

/// Bits of a packed run: nine per cell.
const CELL_BITS: usize = 9;
const LEN_SHIFT: usize = CELL_BITS * MAX_RUN;
const SUM_SHIFT: usize = LEN_SHIFT + 4;
/// In a stored answer, the bit above the narrowed candidates that says the run fits.
const FITS_BIT: u128 = 1 << LEN_SHIFT;

impl Key {
    /// The key of a run of `cands` with the table's combinations for `sum`; None for a run
    /// longer than any combination.
    #[inline]
    pub(crate) fn of(cands: &[DigitSet], sum: u16) -> Option<Key> {
        if cands.is_empty() || cands.len() > MAX_RUN {
            return None;
        }
        let packed =
            pack(cands) | (cands.len() as u128) << LEN_SHIFT | u128::from(sum) << SUM_SHIFT;
        Some(Key(packed))
    }

    #[inline]
    fn slot(self) -> usize {
        let low = self.0 as u64;
        let high = (self.0 >> 64) as u64;
        let hash =
            low.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ high.wrapping_mul(0xC2B2_AE3D_27D4_EB4F);
        (hash >> (64 - SLOTS.trailing_zeros())) as usize
    }
}

#[inline]
fn pack(sets: &[DigitSet]) -> u128 {
    sets.iter().rev().fold(0u128, |packed, set| {
        packed << CELL_BITS | u128::from(set.bits())
    })
}

#[inline]
fn unpack(mut packed: u128, out: &mut [DigitSet]) {
    for set in out {
        *set = DigitSet::from_bits((packed & 0x1ff) as u16);
        packed >>= CELL_BITS;
    }
}

/// One memo: for each slot, the key and the answer (the narrowed candidates packed as the
/// key's are, and [`FITS_BIT`]).
pub(crate) struct Memo {
    slots: Vec<[u128; 2]>,
}

impl Memo {
    pub(crate) const fn new() -> Memo {
        Memo { slots: Vec::new() }
    }

    /// The answer for `key` into `out`, from the memo or from `narrow` (which writes `out`
    /// and says whether the run fits), stored for next time.
    #[inline]
    fn answer(
        &mut self,
        key: Key,
        out: &mut [DigitSet],
        narrow: impl Fn(&mut [DigitSet]) -> bool,
    ) -> bool {
        if self.slots.is_empty() {
            // Zeroed memory: the system hands it out as it is touched.
            self.slots = vec![[0; 2]; SLOTS];
        }
        let slot = &mut self.slots[key.slot()];
        if slot[0] == key.0 {
            unpack(slot[1], out);
            return slot[1] & FITS_BIT != 0;
        }
        let fits = narrow(out);
        *slot = [key.0, pack(out) | if fits { FITS_BIT } else { 0 }];
        fits
    }
}

/// The answer for `key` from this thread's `memo`, or from `narrow`; `narrow` alone when
/// the memo is unavailable (in use further up this thread's stack, or the thread is ending).
#[inline]
pub(crate) fn answer(
    memo: &'static LocalKey<RefCell<Memo>>,
    key: Key,
    out: &mut [DigitSet],
    narrow: impl Fn(&mut [DigitSet]) -> bool,
) -> bool {
    let answered = memo.try_with(|memo| {
        let mut memo = memo.try_borrow_mut().ok()?;
        Some(memo.answer(key, out, &narrow))
    });
    match answered {
        Ok(Some(fits)) => fits,
        _ => narrow(out),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::genres::sum_grid::combos::{combos, fit_run, table_key};
    use crate::genres::sum_grid::testing::set;

    #[test]
    fn keys_tell_length_sum_and_candidates_apart() {
        let cands = [set(&[1, 2]), DigitSet::ALL, set(&[9])];
        let key = Key::of(&cands, 12).unwrap();
        assert!(key != Key::of(&cands, 13).unwrap());
        assert!(key != Key::of(&cands[..2], 12).unwrap());
        assert!(key != Key::of(&[set(&[1, 2]), DigitSet::ALL, set(&[8])], 12).unwrap());
        assert!(Key::of(&[], 0).is_none());
        assert!(Key::of(&[DigitSet::ALL; 10], 45).is_none());
        let mut out = [DigitSet::EMPTY; 3];
        unpack(pack(&cands), &mut out);
        assert_eq!(out, cands);
    }

    #[test]
    fn only_the_tables_combinations_are_kept() {
        let cands = [DigitSet::ALL; 3];
        assert!(table_key(&cands, combos(3, 12)).is_some());
        // The same combinations, but not the table's slice: a caller's own list.
        let copy: Vec<DigitSet> = combos(3, 12).to_vec();
        assert!(table_key(&cands, &copy).is_none());
        assert!(table_key(&cands, combos(3, 12).get(1..).unwrap()).is_none());
        assert!(table_key(&cands, &[]).is_none());
    }

    /// A memo answer is the answer worked out, whether the state was seen before or its slot
    /// was taken by another state since.
    #[test]
    fn answers_from_the_memo_are_the_answers_worked_out() {
        let mut next = crate::core::rng::test_numbers(99);
        let runs: Vec<(Vec<DigitSet>, u16)> = (0..2000)
            .map(|_| {
                let len = 1 + (next() % 9) as usize;
                let sum = (next() % 46) as u16;
                let cands = (0..len)
                    .map(|_| DigitSet::from_bits((next() & 0x1ff) as u16 | (next() & 0x1ff) as u16))
                    .collect();
                (cands, sum)
            })
            .collect();
        let mut memo = Memo::new();
        for round in 0..3 {
            for (cands, sum) in &runs {
                let table = combos(cands.len(), *sum);
                // A copy of the table's slice: fit_run works it out without the memo.
                let copy: Vec<DigitSet> = table.to_vec();
                let worked_out = |out: &mut [DigitSet]| fit_run(cands, &copy, out);
                let mut expected = vec![DigitSet::EMPTY; cands.len()];
                let fits = worked_out(&mut expected);
                let mut got = vec![DigitSet::EMPTY; cands.len()];
                let key = Key::of(cands, *sum).unwrap();
                assert_eq!(
                    memo.answer(key, &mut got, worked_out),
                    fits,
                    "round {round}"
                );
                assert_eq!(got, expected, "round {round}: {cands:?} sum {sum}");
                let mut through_fit_run = vec![DigitSet::EMPTY; cands.len()];
                assert_eq!(fit_run(cands, table, &mut through_fit_run), fits);
                assert_eq!(through_fit_run, expected);
            }
        }
    }
}
