//! [`super::fit_run`] for all of a run's combinations at once, over sets of digits.
//!
//! Walking each combination separately costs as many walks as the run has combinations (a
//! run of 5 cells adding up to 25 has 12). Here the cells are taken in order and the search
//! keeps, after each cell, the set of every digit set the cells so far can hold between them
//! (each cell its own digit, all different): a set of sets, as one bit per digit set. A cell
//! with digit `d` moves each set without `d` to the set with it, which is one shift of the
//! bits. The sets after the last cell that are combinations are the fillings' digits; going
//! back from them, a cell gets the digits some filling gives it.
//!
//! The digits that no combination can use are dropped first, and the rest numbered from 0, so
//! that the sets of sets are small: `2^u` bits for `u` digits left, one machine word for six
//! digits or fewer (most runs once a puzzle is partly solved), at most eight for nine.

use crate::core::DigitSet;

use crate::genres::sum_grid::layout::MAX_RUN;

/// For each digit position below 6, the bits of the sets (within one word) without it.
const WITHOUT: [u64; 6] = [
    0x5555_5555_5555_5555,
    0x3333_3333_3333_3333,
    0x0F0F_0F0F_0F0F_0F0F,
    0x00FF_00FF_00FF_00FF,
    0x0000_FFFF_0000_FFFF,
    0x0000_0000_FFFF_FFFF,
];

/// A set of digit sets over the numbered digits: bit `m` of word `m / 64` stands for the set
/// whose bits are `m`.
type Sets<const W: usize> = [u64; W];

/// The sets of `from` without the digit at `position`, each with it added.
#[inline(always)]
fn add<const W: usize>(from: &Sets<W>, position: u32) -> Sets<W> {
    let mut to = [0u64; W];
    if position < 6 {
        let (keep, shift) = (WITHOUT[position as usize], 1u32 << position);
        for (to, &from) in to.iter_mut().zip(from) {
            *to = (from & keep) << shift;
        }
    } else {
        let step = 1usize << (position - 6);
        for (word, to) in to.iter_mut().enumerate() {
            if word & step != 0 {
                *to = from[word - step];
            }
        }
    }
    to
}

/// The sets of `from` (which all hold the digit at `position`) with it taken out.
#[inline(always)]
fn take<const W: usize>(from: &Sets<W>, position: u32) -> Sets<W> {
    let mut to = [0u64; W];
    if position < 6 {
        let shift = 1u32 << position;
        for (to, &from) in to.iter_mut().zip(from) {
            *to = from >> shift;
        }
    } else {
        let step = 1usize << (position - 6);
        for (word, &from) in from.iter().enumerate() {
            if word & step != 0 {
                to[word - step] = from;
            }
        }
    }
    to
}

fn and<const W: usize>(a: &Sets<W>, b: &Sets<W>) -> Sets<W> {
    let mut to = [0u64; W];
    for ((to, &a), &b) in to.iter_mut().zip(a).zip(b) {
        *to = a & b;
    }
    to
}

fn or_into<const W: usize>(to: &mut Sets<W>, from: &Sets<W>) {
    for (to, &from) in to.iter_mut().zip(from) {
        *to |= from;
    }
}

fn is_empty<const W: usize>(sets: &Sets<W>) -> bool {
    sets.iter().all(|&word| word == 0)
}

/// The digits a run's cells get in some filling by one of `combos`, into `out`; false when
/// there is none. The same answer as walking each combination ([`super::fit_run`]), for
/// `combos` that all have as many digits as the run has cells.
pub(super) fn fit(cands: &[DigitSet], combos: &[DigitSet], out: &mut [DigitSet]) -> bool {
    let len = cands.len();
    if len == 0 || len > MAX_RUN {
        return false;
    }
    let mut union = DigitSet::EMPTY;
    let mut fixed = DigitSet::EMPTY;
    for &cand in cands {
        if cand.is_single() {
            if !(fixed & cand).is_empty() {
                return false;
            }
            fixed |= cand;
        }
        union |= cand;
    }
    // The digits of the combinations a filling could have: within the candidates, holding
    // every fixed digit.
    let mut usable = DigitSet::EMPTY;
    for &combo in combos {
        if combo.is_subset(union) && fixed.is_subset(combo) {
            usable |= combo;
        }
    }
    // Numbered cells: each cell's candidates as positions among the usable digits.
    let mut digits = [0u8; 9];
    let mut count = 0u32;
    let mut position = [0u8; 10];
    for digit in usable.iter() {
        digits[count as usize] = digit;
        position[usize::from(digit)] = count as u8;
        count += 1;
    }
    if (count as usize) < len {
        return false;
    }

    let number = |set: DigitSet| -> u16 {
        (set & usable)
            .iter()
            .fold(0, |bits, digit| bits | 1 << position[usize::from(digit)])
    };
    let mut cells = [0u16; MAX_RUN];
    for (cell, &cand) in cells.iter_mut().zip(cands) {
        *cell = number(cand);
        if *cell == 0 {
            return false;
        }
    }
    let cells = &cells[..len];
    let mut support = [0u16; MAX_RUN];
    let fits = match count {
        0..=6 => walk::<1>(cells, combos, usable, number, &mut support),
        7 => walk::<2>(cells, combos, usable, number, &mut support),
        8 => walk::<4>(cells, combos, usable, number, &mut support),
        _ => walk::<8>(cells, combos, usable, number, &mut support),
    };
    if !fits {
        return false;
    }
    for (out, &bits) in out.iter_mut().zip(&support) {
        let mut set = DigitSet::EMPTY;
        let mut bits = bits;
        while bits != 0 {
            set.insert(digits[bits.trailing_zeros() as usize]);
            bits &= bits - 1;
        }
        *out = set;
    }
    true
}

/// The sets of sets forward over `cells` (numbered candidates), the combinations among the
/// last, and back: `support` gets each cell's numbered digits; false when nothing fills the
/// run.
fn walk<const W: usize>(
    cells: &[u16],
    combos: &[DigitSet],
    usable: DigitSet,
    number: impl Fn(DigitSet) -> u16,
    support: &mut [u16; MAX_RUN],
) -> bool {
    let len = cells.len();
    // reached[k]: the digit sets cells 0..k can hold.
    let mut reached = [[0u64; W]; MAX_RUN + 1];
    reached[0][0] = 1;
    for (k, &cell) in cells.iter().enumerate() {
        let mut next = [0u64; W];
        let mut bits = cell;
        while bits != 0 {
            or_into(&mut next, &add(&reached[k], bits.trailing_zeros()));
            bits &= bits - 1;
        }
        if is_empty(&next) {
            return false;
        }
        reached[k + 1] = next;
    }
    let mut wanted = [0u64; W];
    for &combo in combos {
        if combo.is_subset(usable) {
            let set = usize::from(number(combo));
            wanted[set / 64] |= 1 << (set % 64);
        }
    }
    // completes: the digit sets of cells 0..k from which the rest completes a combination.
    let mut completes = and(&reached[len], &wanted);
    if is_empty(&completes) {
        return false;
    }
    for k in (0..len).rev() {
        let mut before = [0u64; W];
        let mut bits = cells[k];
        while bits != 0 {
            let position = bits.trailing_zeros();
            let through = and(&add(&reached[k], position), &completes);
            if !is_empty(&through) {
                support[k] |= 1 << position;
                or_into(&mut before, &take(&through, position));
            }
            bits &= bits - 1;
        }
        completes = before;
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::genres::sum_grid::combos::{combos, fit_run_worked_out};

    /// The same answers as walking each combination, on runs of every length.
    #[test]
    fn fits_as_the_walk_over_combinations_does() {
        let mut next = crate::core::rng::test_numbers(2024);
        for round in 0..40_000 {
            let len = 1 + (next() % 9) as usize;
            let table = combos(len, (next() % 46) as u16);
            if table.is_empty() {
                continue;
            }
            // From wide open to nearly fixed: the more bits drawn and and-ed, the fewer left.
            let narrow = next() % 4;
            let cands: Vec<DigitSet> = (0..len)
                .map(|_| {
                    let mut bits = 0x1ff;
                    for _ in 0..narrow {
                        bits &= (next() & 0x1ff) as u16 | (next() & 0x1ff) as u16;
                    }
                    if next() % 6 == 0 {
                        bits = 1 << (next() % 9);
                    }
                    DigitSet::from_bits(bits)
                })
                .collect();
            let mut expected = vec![DigitSet::EMPTY; len];
            let fits = fit_run_worked_out(&cands, table, &mut expected);
            let mut got = vec![DigitSet::EMPTY; len];
            assert_eq!(
                fit(&cands, table, &mut got),
                fits,
                "{round}: {cands:?} {table:?}"
            );
            if fits {
                assert_eq!(got, expected, "{round}: {cands:?} {table:?}");
            }
        }
    }
}
