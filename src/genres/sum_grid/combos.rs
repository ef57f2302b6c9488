//! Combination tables and run-level filtering.
//!
//! The combinations of a run are the sets of different digits with as many digits as the run
//! has cells and adding up to its sum. The non-empty sets of the digits 1..`n` are sorted into
//! a table by length and sum once per `n` and process: Kakuro's runs read the table of 1-9
//! ([`combos`]), Killer Sudoku's cages that of 1..side, up to 16 ([`combos_up_to`]).
//! [`fit_run`] keeps, for each cell of a run, exactly the digits it gets in some way of filling the run with one combination, one digit per cell,
//! within the candidates: the spec's `combination_fit`, and the solver's propagation.
//! Cryptic Kakuro builds its fit for a run whose sum is one of a set on the same screen and
//! exact fit ([`Screen`]).

use std::cell::RefCell;
use std::sync::OnceLock;

use crate::core::DigitSet;

pub(crate) mod memo;
mod subsets;
use memo::{Key, Memo};

use super::layout::MAX_RUN;

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

thread_local! {
    /// This thread's answers of [`fit_run`] (see [`memo`]).
    static FITS: RefCell<Memo> = const { RefCell::new(Memo::new()) };
}

/// Narrows a run's cells to the digits they get in some filling by one of `combos`.
///
/// `cands` are the cells' candidates; `out` (same length) receives the narrowed candidates.
/// Returns false when no filling exists (the run breaks R1, or a cell has no digit left).
/// Runs with the table's combinations are answered from a memo when seen before ([`memo`]),
/// and otherwise worked out for all their combinations at once ([`subsets`]).
pub fn fit_run(cands: &[DigitSet], combos: &[DigitSet], out: &mut [DigitSet]) -> bool {
    debug_assert_eq!(out.len(), cands.len());
    match table_key(cands, combos) {
        Some(key) => memo::answer(&FITS, key, out, |out| subsets::fit(cands, combos, out)),
        None => fit_run_worked_out(cands, combos, out),
    }
}

/// [`fit_run`] one combination at a time, for any list of combinations.
fn fit_run_worked_out(cands: &[DigitSet], combos: &[DigitSet], out: &mut [DigitSet]) -> bool {
    out.fill(DigitSet::EMPTY);
    let Some(screen) = Screen::of(cands) else {
        return false;
    };
    let mut any = false;
    for &combo in combos {
        // Once the run has a filling, a combination that can only give cells digits they have
        // already got changes nothing (the answer is the same, the walk is skipped).
        if any && adds_nothing(cands, combo, out) {
            continue;
        }
        any |= screen.fit(cands, combo, out);
    }
    any && out.iter().all(|set| !set.is_empty())
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

/// What every combination of a run must pass before the exact fit: its digits are candidates
/// somewhere, and it holds the run's fixed digits.
pub(crate) struct Screen {
    union: DigitSet,
    fixed: DigitSet,
}

impl Screen {
    /// None when the run is broken already: too long, a cell without candidates, or a fixed
    /// digit twice.
    pub(crate) fn of(cands: &[DigitSet]) -> Option<Screen> {
        if cands.is_empty() || cands.len() > MAX_RUN {
            return None;
        }
        let mut union = DigitSet::EMPTY;
        let mut fixed = DigitSet::EMPTY;
        for &cand in cands {
            if cand.is_empty() {
                return None;
            }
            if cand.is_single() {
                if !(fixed & cand).is_empty() {
                    return None;
                }
                fixed |= cand;
            }
            union |= cand;
        }
        Some(Screen { union, fixed })
    }

    /// Adds to `out` the digits `combo` gives each cell; true when it fills the run.
    #[inline]
    pub(crate) fn fit(&self, cands: &[DigitSet], combo: DigitSet, out: &mut [DigitSet]) -> bool {
        // Every digit of a combination fills some cell, so it must be a candidate somewhere,
        // and every fixed digit must be in it.
        if !combo.is_subset(self.union) || !self.fixed.is_subset(combo) {
            return false;
        }
        match cands.len() {
            1 => fit_one(cands, combo, out),
            2 => fit_two(cands, combo, out),
            _ => fit_general(cands, combo, out),
        }
    }
}

fn fit_one(cands: &[DigitSet], combo: DigitSet, out: &mut [DigitSet]) -> bool {
    if combo.is_subset(cands[0]) {
        out[0] |= combo;
        true
    } else {
        false
    }
}

fn fit_two(cands: &[DigitSet], combo: DigitSet, out: &mut [DigitSet]) -> bool {
    let low = DigitSet::from_bits(combo.bits() & combo.bits().wrapping_neg());
    let high = combo - low;
    let mut any = false;
    for (first, second) in [(low, high), (high, low)] {
        if first.is_subset(cands[0]) && second.is_subset(cands[1]) {
            out[0] |= first;
            out[1] |= second;
            any = true;
        }
    }
    any
}

/// Exact support for runs of three or more cells, and for Killer Sudoku's cages of up to
/// [`MAX_RUN`] cells (digits up to 16): three to six cells by [`fit_positions`], one or two
/// and seven or more by the walk ([`fit_walk`]). Each gives a cell exactly the digits some
/// filling of the cells with the combination gives it, so which one runs changes no result.
pub(crate) fn fit_general(cands: &[DigitSet], combo: DigitSet, out: &mut [DigitSet]) -> bool {
    debug_assert!(cands.len() <= MAX_RUN);
    match cands.len() {
        3 => fit_positions::<3>(cands, combo, out),
        4 => fit_positions::<4>(cands, combo, out),
        5 => fit_positions::<5>(cands, combo, out),
        6 => fit_positions::<6>(cands, combo, out),
        _ => fit_walk(cands, combo, out),
    }
}

/// [`fit_general`] by the walk: what it runs for one or two cells and from seven.
///
/// Cells whose candidates include the whole combination ("free" cells) can take whatever
/// digits the others leave, so only the other cells are walked: depth first, in order of
/// fewest candidates, memoised on the set of digits used so far (which also fixes the depth).
/// A digit is supported in a walked cell when some walk places it there and completes; a
/// free cell gets every digit some complete walk leaves unused.
fn fit_walk(cands: &[DigitSet], combo: DigitSet, out: &mut [DigitSet]) -> bool {
    let mut walked = [DigitSet::EMPTY; MAX_RUN];
    let mut order = [0usize; MAX_RUN];
    let mut count = 0;
    let mut free = false;
    for (i, &cand) in cands.iter().enumerate() {
        let restricted = cand & combo;
        if restricted.is_empty() {
            return false;
        }
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
    // Insertion sort by candidate count: at most nine cells.
    for k in 1..count {
        let mut j = k;
        while j > 0 && (cands[order[j - 1]] & combo).len() > (cands[order[j]] & combo).len() {
            order.swap(j - 1, j);
            j -= 1;
        }
    }
    for (slot, &i) in walked.iter_mut().zip(order.iter()) {
        *slot = cands[i] & combo;
    }
    let mut walk = Walk {
        cells: &walked[..count],
        combo,
        support: [DigitSet::EMPTY; MAX_RUN],
        left_over: DigitSet::EMPTY,
    };
    // Up to four walked cells have at most 24 orders: walking them all is cheaper than
    // clearing a memo.
    let completes = if count <= 4 {
        walk.step_plain(0, DigitSet::EMPTY)
    } else {
        walk.step(&mut [0u8; 512], 0, DigitSet::EMPTY)
    };
    if !completes {
        return false;
    }
    for (k, &i) in order.iter().enumerate() {
        out[i] |= walk.support[k];
    }
    if free {
        for (i, &cand) in cands.iter().enumerate() {
            if cand & combo == combo {
                out[i] |= walk.left_over;
            }
        }
    }
    true
}

/// The most cells [`fit_positions`] takes: the subsets of six positions are the 64 bits of
/// one word.
const POSITIONS_CELLS: usize = 6;

/// For each position `j` below six, the subsets (bit `m` for subset `m`) that lack it.
const LACKS: [u64; POSITIONS_CELLS] = [
    0x5555_5555_5555_5555,
    0x3333_3333_3333_3333,
    0x0f0f_0f0f_0f0f_0f0f,
    0x00ff_00ff_00ff_00ff,
    0x0000_ffff_0000_ffff,
    0x0000_0000_ffff_ffff,
];

/// [`fit_general`]'s result for `K` cells (three to six), all subsets at once: the
/// combination's digits are numbered by position, and a word holds, as bit `m`, whether the
/// cells so far can take exactly the positions of subset `m`. Going forward, cell `i` adds
/// each of its positions to the subsets lacking it (a shift by that position's bit); going
/// back from the whole combination, it takes them away; a digit is supported in a cell when a
/// subset the cells before it can take, with that digit, leads on to the whole. The same
/// support as the walk (each is exact), in a fixed number of word operations without a
/// branch: the walk's branches on the candidates, taken about as often as not, cost more
/// than its few steps.
fn fit_positions<const K: usize>(
    cands: &[DigitSet],
    combo: DigitSet,
    out: &mut [DigitSet],
) -> bool {
    debug_assert!(K <= POSITIONS_CELLS && cands.len() == K && combo.len() as usize == K);
    let mut digits = [0u16; K];
    let mut rest = combo.bits();
    for slot in &mut digits {
        *slot = rest & rest.wrapping_neg();
        rest &= rest.wrapping_sub(1);
    }
    // holds[i][j]: every bit set when cell i has the digit at position j, else none.
    let mut holds = [[0u64; K]; K];
    for (row, &cand) in holds.iter_mut().zip(cands) {
        for (slot, &digit) in row.iter_mut().zip(&digits) {
            *slot = 0u64.wrapping_sub(u64::from(cand.bits() & digit != 0));
        }
    }
    // forward[i]: the subsets cells 0..i can take.
    let mut forward = [0u64; POSITIONS_CELLS + 1];
    forward[0] = 1;
    for i in 0..K {
        let mut next = 0;
        for j in 0..K {
            next |= ((forward[i] & LACKS[j]) << (1u32 << j)) & holds[i][j];
        }
        forward[i + 1] = next;
    }
    let whole = (1usize << K) - 1;
    if forward[K] >> whole & 1 == 0 {
        return false;
    }
    // Going back: `back` holds the subsets from which cells i.. complete the whole.
    let mut back = 1u64 << whole;
    for i in (0..K).rev() {
        let mut before = 0;
        let mut supported = 0u16;
        for j in 0..K {
            let from = ((back & !LACKS[j]) >> (1u32 << j)) & holds[i][j];
            supported |= digits[j] & 0u16.wrapping_sub(u16::from(from & forward[i] != 0));
            before |= from;
        }
        out[i] |= DigitSet::from_wide_bits(supported);
        back = before;
    }
    true
}

struct Walk<'a> {
    cells: &'a [DigitSet],
    combo: DigitSet,
    support: [DigitSet; MAX_RUN],
    /// Digits some complete walk leaves for the free cells.
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

    /// The walk memoised on the digits used: `memo` holds 0 (not visited), 1 (dead end) or 2
    /// (completes) for each set of digits. A combination of digits 1-9 indexes the memo by
    /// the set's bits; one with larger digits (of at most nine) by the used digits' ranks in it.
    fn step(&mut self, memo: &mut [u8; 512], depth: usize, used: DigitSet) -> bool {
        if depth == self.cells.len() {
            self.left_over |= self.combo - used;
            return true;
        }
        let state = if self.combo.bits() < 512 {
            used.bits() as usize
        } else {
            compress(used.bits(), self.combo.bits())
        };
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

/// Whether `combo` can give no cell a digit `out` does not hold for it already.
#[inline]
pub(crate) fn adds_nothing(cands: &[DigitSet], combo: DigitSet, out: &[DigitSet]) -> bool {
    cands
        .iter()
        .zip(out)
        .all(|(&cand, &got)| (cand & combo).is_subset(got))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn set(digits: &[u8]) -> DigitSet {
        digits.iter().copied().collect()
    }

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
    fn combination_fit_example_from_the_spec() {
        // 23 in three cells is 6, 8 and 9; two cells allow only 8 and 9, so the third is 6.
        let cands = [DigitSet::ALL, set(&[8, 9]), set(&[8, 9])];
        let mut out = [DigitSet::EMPTY; 3];
        assert!(fit_run(&cands, combos(3, 23), &mut out));
        assert_eq!(out, [set(&[6]), set(&[8, 9]), set(&[8, 9])]);
    }

    #[test]
    fn fixed_digits_narrow_the_rest() {
        // /12 with 9 written in: the other two add up to 3.
        let cands = [set(&[9]), DigitSet::ALL, DigitSet::ALL];
        let mut out = [DigitSet::EMPTY; 3];
        assert!(fit_run(&cands, combos(3, 12), &mut out));
        assert_eq!(out, [set(&[9]), set(&[1, 2]), set(&[1, 2])]);
    }

    #[test]
    fn impossible_runs_are_reported() {
        let mut out = [DigitSet::EMPTY; 2];
        assert!(!fit_run(&[set(&[1]), set(&[1])], combos(2, 2), &mut out));
        assert!(!fit_run(
            &[set(&[1, 2]), set(&[1, 2])],
            combos(2, 5),
            &mut out
        ));
        let mut out = [DigitSet::EMPTY; 3];
        // Three cells that only allow 1 and 2 between them cannot hold three digits.
        assert!(!fit_run(&[set(&[1, 2]); 3], combos(3, 6), &mut out));
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

    /// fit_run against a brute force over every filling of the run.
    #[test]
    fn matches_brute_force_on_many_runs() {
        let mut next = crate::core::rng::test_numbers(12345);
        for _ in 0..3000 {
            let len = 1 + (next() % 5) as usize;
            let sum = (next() % 46) as u16;
            let cands: Vec<DigitSet> = (0..len)
                .map(|_| DigitSet::from_bits((next() & 0x1ff) as u16 | (next() & 0x1ff) as u16))
                .collect();
            let mut out = vec![DigitSet::EMPTY; len];
            let ok = fit_run(&cands, combos(len, sum), &mut out);
            let mut expected = vec![DigitSet::EMPTY; len];
            let mut found = false;
            let mut digits = vec![0u8; len];
            brute(&cands, sum, 0, &mut digits, &mut expected, &mut found);
            assert_eq!(ok, found, "{cands:?} sum {sum}");
            if ok {
                assert_eq!(out, expected, "{cands:?} sum {sum}");
            }
        }
    }

    /// The word-parallel fit and the walk agree on groups of three to six cells, digits up
    /// to 16 (the walk is checked against every filling in the genres' tests).
    #[test]
    fn positions_fit_as_the_walk_does() {
        let mut next = crate::core::rng::test_numbers(6060);
        let mut filled = 0;
        for _ in 0..12000 {
            let len = 3 + (next() % 4) as usize;
            let side = [9u8, 12, 16][(next() % 3) as usize];
            let table = combos_up_to(usize::from(side), len, 15 + next() % 70);
            if table.is_empty() {
                continue;
            }
            let combo = table[next() as usize % table.len()];
            let all = DigitSet::up_to(side).bits();
            let cands: Vec<DigitSet> = (0..len)
                .map(|_| DigitSet::from_wide_bits((next() as u16 | next() as u16) & all))
                .collect();
            let mut by_positions = vec![DigitSet::EMPTY; len];
            let mut by_walk = vec![DigitSet::EMPTY; len];
            let fits = fit_general(&cands, combo, &mut by_positions);
            assert_eq!(
                fits,
                fit_walk(&cands, combo, &mut by_walk),
                "{cands:?} {combo:?}"
            );
            assert_eq!(by_positions, by_walk, "{cands:?} {combo:?}");
            filled += usize::from(fits);
        }
        assert!(filled > 1000, "only {filled} groups could be filled");
    }

    fn brute(
        cands: &[DigitSet],
        sum: u16,
        i: usize,
        digits: &mut Vec<u8>,
        support: &mut Vec<DigitSet>,
        found: &mut bool,
    ) {
        if i == cands.len() {
            let total: u16 = digits.iter().map(|&d| u16::from(d)).sum();
            if total == sum {
                *found = true;
                for (k, &d) in digits.iter().enumerate() {
                    support[k].insert(d);
                }
            }
            return;
        }
        for d in cands[i].iter() {
            if !digits[..i].contains(&d) {
                digits[i] = d;
                brute(cands, sum, i + 1, digits, support, found);
            }
        }
    }
}
