//! The combination tables: the non-empty sets of the digits 1..`n`, sorted by length and sum
//! once per `n` and process. Kakuro's runs read the table of 1-9 ([`combos`]), Killer Sudoku's
//! cages that of 1..side, up to 16 ([`combos_up_to`]); [`table_key`] tells a run read from the
//! table (whose narrowings the memo keeps) from one with a list of its own.

use std::sync::OnceLock;

use crate::core::DigitSet;
use crate::genres::sum_grid::layout::MAX_RUN;

use super::memo::Key;

/// The largest digit a table goes up to: a 16x16 Killer Sudoku's.
pub const MAX_DIGIT: usize = 16;

/// The combinations of the digits 1..`n` for one `n`.
struct Table {
    /// Combinations for `[len * sums + sum]`, each list in increasing order of bits.
    combos: Vec<Vec<DigitSet>>,
    /// The sums 0 to 1 + ... + `n`: as few as the table needs, so that Kakuro's table of
    /// 1-9 stays as small (and as often in cache) as when it was the only one.
    sums: usize,
}

fn table(largest: usize) -> &'static Table {
    static TABLES: [OnceLock<Table>; MAX_DIGIT + 1] = [const { OnceLock::new() }; MAX_DIGIT + 1];
    TABLES[largest].get_or_init(|| {
        let sums = largest * (largest + 1) / 2 + 1;
        let mut combos = vec![Vec::new(); (largest + 1) * sums];
        for bits in 1..(1u32 << largest) {
            let set = DigitSet::from_wide_bits(bits as u16);
            combos[set.len() as usize * sums + set.sum() as usize].push(set);
        }
        Table { combos, sums }
    })
}

/// Every set of `len` different digits of 1..`largest` (at most [`MAX_DIGIT`]) adding up to
/// `sum` (empty when none exists): a Killer Sudoku cage's combinations, `largest` its side.
#[inline]
pub fn combos_up_to(largest: usize, len: usize, sum: u32) -> &'static [DigitSet] {
    if largest > MAX_DIGIT || len == 0 || len > largest {
        return &[];
    }
    let table = table(largest);
    let sum = sum as usize;
    if sum >= table.sums {
        return &[];
    }
    &table.combos[len * table.sums + sum]
}

/// Every combination for a run of `len` cells adding up to `sum` (empty when none exists).
#[inline]
pub fn combos(len: usize, sum: u16) -> &'static [DigitSet] {
    combos_up_to(MAX_RUN, len, u32::from(sum))
}

/// The sum of each digit set, by its bits.
const DIGIT_SUMS: [u8; 512] = {
    let mut sums = [0u8; 512];
    let mut bits = 1;
    while bits < 512 {
        // The set without its lowest digit, plus that digit.
        let low = (bits as u16).trailing_zeros() as u8;
        sums[bits] = sums[bits & (bits - 1)] + low + 1;
        bits += 1;
    }
    sums
};

/// The key of a run's state in a [`Memo`] when `combos` is the table's slice for the run's
/// length and some sum (every run of a Kakuro grid), None otherwise.
#[inline]
pub(crate) fn table_key(cands: &[DigitSet], combos: &[DigitSet]) -> Option<Key> {
    let sum = u16::from(DIGIT_SUMS[usize::from(combos.first()?.bits())]);
    if !std::ptr::eq(combos, self::combos(cands.len(), sum)) {
        return None;
    }
    Key::of(cands, sum)
}

/// The sums from 0 to 45 as a bit set: bit `s` stands for sum `s`.
pub type SumSet = u64;

/// The sums a run of `len` cells can reach with different digits (empty for other lengths).
pub fn reachable_sums(len: usize) -> SumSet {
    if !(1..=MAX_RUN).contains(&len) {
        return 0;
    }
    // Sums of `len` different digits fill the whole range from 1 + ... + len to
    // 9 + ... + (10 - len): raising one digit by one steps through every value in between.
    let low = len * (len + 1) / 2;
    let high = 45 - (9 - len) * (10 - len) / 2;
    (u64::MAX >> (63 - high)) & !((1u64 << low) - 1)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::genres::sum_grid::testing::set;

    #[test]
    fn table_holds_the_articles_examples() {
        assert_eq!(combos(2, 3), &[set(&[1, 2])]);
        let mut four_27: Vec<DigitSet> = combos(4, 27).to_vec();
        four_27.sort();
        let mut expected = vec![set(&[3, 7, 8, 9]), set(&[4, 6, 8, 9]), set(&[5, 6, 7, 9])];
        expected.sort();
        assert_eq!(four_27, expected);
        assert_eq!(combos(9, 45).len(), 1);
        assert!(combos(2, 18).is_empty());
        assert!(combos(10, 45).is_empty());
    }

    #[test]
    fn wide_tables_hold_every_set_once() {
        assert_eq!(combos_up_to(9, 2, 3), &[set(&[1, 2])]);
        assert_eq!(combos_up_to(16, 16, 136).len(), 1);
        assert_eq!(combos_up_to(16, 2, 31), &[DigitSet::from_iter([15, 16])]);
        let total: usize = (1..=16)
            .map(|len| {
                (0..=136)
                    .map(|sum| combos_up_to(16, len, sum).len())
                    .sum::<usize>()
            })
            .sum();
        assert_eq!(total, 65535);
        assert!(combos_up_to(4, 2, 8).is_empty());
        assert!(combos_up_to(17, 1, 1).is_empty());
        // Kakuro's runs read the table of 1-9.
        assert!(std::ptr::eq(combos(3, 23), combos_up_to(9, 3, 23)));
    }

    #[test]
    fn digit_sums_are_the_sums_of_the_sets() {
        for bits in 0..512u16 {
            let set = DigitSet::from_bits(bits);
            assert_eq!(
                u32::from(DIGIT_SUMS[usize::from(bits)]),
                set.sum(),
                "{set:?}"
            );
        }
    }

    #[test]
    fn reachable_sums_are_the_ranges_of_the_table() {
        for len in 0..=10 {
            let expected: SumSet = (0..=45u16)
                .filter(|&sum| !combos(len, sum).is_empty())
                .fold(0, |acc, sum| acc | 1 << sum);
            assert_eq!(reachable_sums(len), expected, "length {len}");
        }
    }
}
