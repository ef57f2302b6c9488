//! The exact fit of one combination into a run's cells: the digits each cell gets in some
//! filling of the run by that combination, one digit per cell, within the candidates. A run
//! is first [`Screen`]ed (a combination must use candidates only and hold the fixed digits),
//! then one or two cells are fitted directly, three to six by positions ([`fit_positions`])
//! and longer runs, or Killer Sudoku's cages with digits up to 16, by a walk ([`fit_walk`]).

use crate::core::DigitSet;
use crate::genres::sum_grid::layout::MAX_RUN;

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
    use crate::genres::sum_grid::combos::combos_up_to;

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
}
