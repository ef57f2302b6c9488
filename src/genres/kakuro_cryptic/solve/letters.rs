//! The letters' side of the cryptic solver: the digits a letter may stand for, the sums a
//! clue's letters allow, and the letters being all different.

use crate::core::{Contradiction, DigitSet};
use crate::genres::kakuro_cryptic::model::{Clue, LETTERS};
use crate::genres::sum_grid::combos::SumSet;

/// The digits 0-9 a letter may stand for: bit `d` for digit `d`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct LetterSet(u16);

impl LetterSet {
    /// No digit.
    pub const EMPTY: LetterSet = LetterSet(0);
    /// The digits 0 to 9.
    pub const ALL: LetterSet = LetterSet(0x3ff);

    /// The set whose bit pattern is `bits` (bit 0 is digit 0); bits above 9 are dropped.
    pub const fn from_bits(bits: u16) -> LetterSet {
        LetterSet(bits & 0x3ff)
    }

    /// The bit pattern (bit `d` for digit `d`).
    pub const fn bits(self) -> u16 {
        self.0
    }

    /// The set holding only `digit` (0-9).
    pub const fn single(digit: u8) -> LetterSet {
        LetterSet(1 << digit)
    }

    /// The digits of a cell's candidates (a cell never holds 0).
    pub const fn from_cell(set: DigitSet) -> LetterSet {
        LetterSet(set.bits() << 1)
    }

    /// The digits 1-9 of the set, as a cell's candidates.
    pub const fn cell_digits(self) -> DigitSet {
        DigitSet::from_bits(self.0 >> 1)
    }

    /// Whether no digit is in the set.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// How many digits are in the set.
    pub const fn len(self) -> u32 {
        self.0.count_ones()
    }

    /// Whether `digit` is in the set (false from 10 on).
    pub const fn contains(self, digit: u8) -> bool {
        digit < 10 && self.0 & (1 << digit) != 0
    }

    /// The only digit of a one-digit set.
    pub const fn single_digit(self) -> Option<u8> {
        if self.0 != 0 && self.0 & (self.0 - 1) == 0 {
            Some(self.0.trailing_zeros() as u8)
        } else {
            None
        }
    }

    /// The digits in increasing order.
    pub fn iter(self) -> LetterDigits {
        LetterDigits(self.0)
    }
}

impl std::ops::BitAnd for LetterSet {
    type Output = LetterSet;
    fn bitand(self, rhs: LetterSet) -> LetterSet {
        LetterSet(self.0 & rhs.0)
    }
}

impl std::ops::Sub for LetterSet {
    type Output = LetterSet;
    fn sub(self, rhs: LetterSet) -> LetterSet {
        LetterSet(self.0 & !rhs.0)
    }
}

/// Iterator over the digits of a [`LetterSet`], smallest first.
#[derive(Clone)]
pub struct LetterDigits(u16);

impl Iterator for LetterDigits {
    type Item = u8;
    #[inline]
    fn next(&mut self) -> Option<u8> {
        if self.0 == 0 {
            return None;
        }
        let digit = self.0.trailing_zeros() as u8;
        self.0 &= self.0 - 1;
        Some(digit)
    }
}

/// Letters whose candidates changed, as a bit set over A-J.
pub(super) type LetterMask = u16;

/// The indices of the set bits.
pub(super) fn bits(mut mask: u16) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        if mask == 0 {
            return None;
        }
        let bit = mask.trailing_zeros() as usize;
        mask &= mask - 1;
        Some(bit)
    })
}

/// Tens digits a two-letter clue can have: a run adds up to 45 at most.
const TENS: LetterSet = LetterSet(0b1_1110);

/// The sums a clue allows under the letters' candidates.
pub(super) fn clue_sums(clue: Clue, letters: &[LetterSet; LETTERS]) -> SumSet {
    let units = letters[clue.units.index()];
    match clue.tens {
        None => SumSet::from(units.bits()),
        Some(tens) if tens == clue.units => {
            (units & TENS).iter().fold(0, |acc, t| acc | 1 << (11 * t))
        }
        Some(tens) => (letters[tens.index()] & TENS).iter().fold(0, |acc, t| {
            let others = units - LetterSet::single(t);
            acc | SumSet::from(others.bits()) << (10 * t)
        }),
    }
}

/// Each letter of the clue with the candidates some feasible sum leaves it.
pub(super) fn clue_letters(
    clue: Clue,
    letters: &[LetterSet; LETTERS],
    feasible: SumSet,
) -> impl Iterator<Item = (usize, LetterSet)> {
    let units_letter = clue.units.index();
    let units = letters[units_letter];
    let mut out = [
        (units_letter, LetterSet::EMPTY),
        (usize::MAX, LetterSet::EMPTY),
    ];
    let mut count = 1;
    match clue.tens {
        None => out[0].1 = units & LetterSet::from_bits(feasible as u16),
        Some(tens) if tens == clue.units => {
            out[0].1 = LetterSet::from_bits(
                (units & TENS)
                    .iter()
                    .filter(|&t| feasible & 1 << (11 * t) != 0)
                    .fold(0, |acc, t| acc | 1 << t),
            );
        }
        Some(tens) => {
            let mut kept_tens = LetterSet::EMPTY;
            let mut kept_units = LetterSet::EMPTY;
            for t in (letters[tens.index()] & TENS).iter() {
                let reached = LetterSet::from_bits((feasible >> (10 * t)) as u16)
                    & (units - LetterSet::single(t));
                if !reached.is_empty() {
                    kept_tens = LetterSet(kept_tens.0 | 1 << t);
                    kept_units = LetterSet(kept_units.0 | reached.0);
                }
            }
            out[0].1 = kept_units;
            out[1] = (tens.index(), kept_tens);
            count = 2;
        }
    }
    out.into_iter().take(count)
}

/// Singles and hidden singles over the letters until nothing changes; the letters changed.
pub(super) fn all_different(
    letters: &mut [LetterSet; LETTERS],
) -> Result<LetterMask, Contradiction> {
    let mut changed = 0;
    loop {
        let mut progress = false;
        let mut fixed = 0u16;
        for set in letters.iter() {
            if set.len() == 1 {
                if fixed & set.0 != 0 {
                    return Err(Contradiction);
                }
                fixed |= set.0;
            }
        }
        let mut once = 0u16;
        let mut more = 0u16;
        for (letter, set) in letters.iter_mut().enumerate() {
            if set.len() > 1 {
                let narrowed = LetterSet(set.0 & !fixed);
                if narrowed != *set {
                    if narrowed.is_empty() {
                        return Err(Contradiction);
                    }
                    *set = narrowed;
                    changed |= 1 << letter;
                    progress = true;
                }
            }
            more |= once & set.0;
            once |= set.0;
        }
        if once != LetterSet::ALL.0 {
            return Err(Contradiction);
        }
        let alone = once & !more;
        for (letter, set) in letters.iter_mut().enumerate() {
            let mine = set.0 & alone;
            if mine != 0 && mine != set.0 {
                if mine & (mine - 1) != 0 {
                    return Err(Contradiction);
                }
                *set = LetterSet(mine);
                changed |= 1 << letter;
                progress = true;
            }
        }
        if !progress {
            return Ok(changed);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn set(digits: &[u8]) -> LetterSet {
        LetterSet(digits.iter().fold(0, |acc, &d| acc | 1 << d))
    }

    #[test]
    fn letter_sets_convert_to_cell_digits() {
        let letters = set(&[0, 3, 9]);
        assert_eq!(letters.cell_digits(), DigitSet::from_iter([3, 9]));
        assert_eq!(
            LetterSet::from_cell(DigitSet::from_iter([1, 9])),
            set(&[1, 9])
        );
        assert_eq!(set(&[7]).single_digit(), Some(7));
        assert_eq!(set(&[0]).single_digit(), Some(0));
        assert_eq!(letters.iter().collect::<Vec<_>>(), vec![0, 3, 9]);
    }

    #[test]
    fn hidden_singles_and_the_tenth_letter() {
        let mut letters = [LetterSet::ALL; LETTERS];
        for (i, letter) in letters.iter_mut().enumerate().take(9) {
            *letter = LetterSet::single(i as u8 + 1);
        }
        // J appears nowhere: it takes the digit left, 0.
        let changed = all_different(&mut letters).unwrap();
        assert_eq!(changed, 1 << 9);
        assert_eq!(letters[9], set(&[0]));

        let mut letters = [set(&[1, 2]); LETTERS];
        assert_eq!(all_different(&mut letters), Err(Contradiction));
    }

    #[test]
    fn two_letter_clues_read_tens_and_units() {
        use crate::genres::kakuro_cryptic::model::Letter;
        let a = Letter::new(0).unwrap();
        let b = Letter::new(1).unwrap();
        let mut letters = [LetterSet::ALL; LETTERS];
        letters[0] = set(&[1, 2]);
        letters[1] = set(&[1, 5]);
        let sums = clue_sums(Clue::two(a, b), &letters);
        // 11 repeats a digit; 15, 21 and 25 remain.
        assert_eq!(sums, 1 << 15 | 1 << 21 | 1 << 25);
        let kept: Vec<_> = clue_letters(Clue::two(a, b), &letters, 1 << 21).collect();
        assert_eq!(kept, vec![(1, set(&[1])), (0, set(&[2]))]);
        let doubled = clue_sums(Clue::two(a, a), &letters);
        assert_eq!(doubled, 1 << 11 | 1 << 22);
    }
}
