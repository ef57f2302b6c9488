//! Sets of the digits 1-9 (Kakuro's) as a typed bit set, which also holds digits up to 16
//! (Killer Sudoku's 12x12 and 16x16 grids: [`DigitSet::up_to`], [`DigitSet::from_wide_bits`]).
//!
//! Bit `k` stands for digit `k + 1`. [`DigitSet::ALL`], [`DigitSet::range`],
//! [`DigitSet::from_bits`] and the complement (`!`) stay within 1-9, as Kakuro reads them.
//! The type keeps digit sets apart from cell indices and other integers, and every operation
//! is a single bitwise instruction or a table lookup.

use std::fmt;

/// A set of digits from 1 to 9.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
pub struct DigitSet(u16);

impl DigitSet {
    /// No digits.
    pub const EMPTY: DigitSet = DigitSet(0);
    /// The digits 1 to 9.
    pub const ALL: DigitSet = DigitSet(0x1ff);

    /// The set whose bit pattern is `bits` (bit 0 is digit 1); bits above 8 are dropped.
    #[inline]
    pub const fn from_bits(bits: u16) -> DigitSet {
        DigitSet(bits & 0x1ff)
    }

    /// The bit pattern: bit 0 is digit 1, bit 8 is digit 9.
    #[inline]
    pub const fn bits(self) -> u16 {
        self.0
    }

    /// The digits 1 to `n` (at most 16).
    #[inline]
    pub const fn up_to(n: u8) -> DigitSet {
        debug_assert!(n <= 16);
        DigitSet(((1u32 << n) - 1) as u16)
    }

    /// The set whose bit pattern is `bits` (bit 0 is digit 1), digits up to 16 kept.
    #[inline]
    pub const fn from_wide_bits(bits: u16) -> DigitSet {
        DigitSet(bits)
    }

    /// The set holding only `digit` (1-16).
    #[inline]
    pub const fn single(digit: u8) -> DigitSet {
        debug_assert!(digit >= 1 && digit <= 16);
        DigitSet(1 << (digit - 1))
    }

    /// The digits `low..=high`, clamped to 1-9; empty when `low > high`.
    pub fn range(low: u8, high: u8) -> DigitSet {
        let low = low.max(1);
        let high = high.min(9);
        if low > high {
            return DigitSet::EMPTY;
        }
        DigitSet(((1u16 << high) - 1) & !((1u16 << (low - 1)) - 1))
    }

    #[inline]
    /// Whether no digit is in the set.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    #[inline]
    /// How many digits are in the set.
    pub const fn len(self) -> u32 {
        self.0.count_ones()
    }

    /// True when exactly one digit is in the set.
    #[inline]
    pub const fn is_single(self) -> bool {
        self.0 != 0 && self.0 & (self.0 - 1) == 0
    }

    #[inline]
    /// Whether `digit` is in the set (false for 0 and from 17 on).
    pub const fn contains(self, digit: u8) -> bool {
        digit >= 1 && digit <= 16 && self.0 & (1 << (digit - 1)) != 0
    }

    #[inline]
    /// Adds `digit` (1-16).
    pub fn insert(&mut self, digit: u8) {
        *self |= DigitSet::single(digit);
    }

    #[inline]
    /// Takes `digit` (1-16) out.
    pub fn remove(&mut self, digit: u8) {
        self.0 &= !(1 << (digit - 1));
    }

    /// The smallest digit, if any.
    #[inline]
    pub const fn smallest(self) -> Option<u8> {
        if self.0 == 0 {
            None
        } else {
            Some(self.0.trailing_zeros() as u8 + 1)
        }
    }

    /// The largest digit, if any.
    #[inline]
    pub const fn largest(self) -> Option<u8> {
        if self.0 == 0 {
            None
        } else {
            Some(16 - self.0.leading_zeros() as u8)
        }
    }

    /// The only digit of a one-digit set.
    #[inline]
    pub const fn single_digit(self) -> Option<u8> {
        if self.is_single() {
            self.smallest()
        } else {
            None
        }
    }

    /// The sum of the digits in the set.
    #[inline]
    pub fn sum(self) -> u32 {
        self.iter().map(u32::from).sum()
    }

    #[inline]
    /// Whether every digit of the set is in `other`.
    pub const fn is_subset(self, other: DigitSet) -> bool {
        self.0 & !other.0 == 0
    }

    /// The digits in increasing order.
    #[inline]
    pub fn iter(self) -> Digits {
        Digits(self.0)
    }
}

impl std::ops::BitOr for DigitSet {
    type Output = DigitSet;
    #[inline]
    fn bitor(self, rhs: DigitSet) -> DigitSet {
        DigitSet(self.0 | rhs.0)
    }
}

impl std::ops::BitOrAssign for DigitSet {
    #[inline]
    fn bitor_assign(&mut self, rhs: DigitSet) {
        self.0 |= rhs.0;
    }
}

impl std::ops::BitAnd for DigitSet {
    type Output = DigitSet;
    #[inline]
    fn bitand(self, rhs: DigitSet) -> DigitSet {
        DigitSet(self.0 & rhs.0)
    }
}

impl std::ops::BitAndAssign for DigitSet {
    #[inline]
    fn bitand_assign(&mut self, rhs: DigitSet) {
        self.0 &= rhs.0;
    }
}

impl std::ops::Sub for DigitSet {
    type Output = DigitSet;
    /// The digits of `self` that are not in `rhs`.
    #[inline]
    fn sub(self, rhs: DigitSet) -> DigitSet {
        DigitSet(self.0 & !rhs.0)
    }
}

impl std::ops::SubAssign for DigitSet {
    #[inline]
    fn sub_assign(&mut self, rhs: DigitSet) {
        self.0 &= !rhs.0;
    }
}

impl std::ops::Not for DigitSet {
    type Output = DigitSet;
    #[inline]
    fn not(self) -> DigitSet {
        DigitSet(!self.0 & 0x1ff)
    }
}

impl FromIterator<u8> for DigitSet {
    fn from_iter<I: IntoIterator<Item = u8>>(iter: I) -> DigitSet {
        let mut set = DigitSet::EMPTY;
        for digit in iter {
            set.insert(digit);
        }
        set
    }
}

/// Iterator over the digits of a [`DigitSet`], smallest first.
#[derive(Clone)]
pub struct Digits(u16);

impl Iterator for Digits {
    type Item = u8;
    #[inline]
    fn next(&mut self) -> Option<u8> {
        if self.0 == 0 {
            return None;
        }
        let digit = self.0.trailing_zeros() as u8 + 1;
        self.0 &= self.0 - 1;
        Some(digit)
    }
}

impl fmt::Debug for DigitSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{{{self}}}")
    }
}

/// Digits written together, smallest first: `{1, 3, 9}` prints as `139`.
impl fmt::Display for DigitSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for digit in self.iter() {
            write!(f, "{digit}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranges_and_bounds() {
        let set = DigitSet::range(3, 6);
        assert_eq!(set.iter().collect::<Vec<_>>(), vec![3, 4, 5, 6]);
        assert_eq!(set.smallest(), Some(3));
        assert_eq!(set.largest(), Some(6));
        assert_eq!(set.sum(), 18);
        assert_eq!(DigitSet::range(1, 9), DigitSet::ALL);
        assert!(DigitSet::range(5, 4).is_empty());
        assert_eq!(DigitSet::EMPTY.smallest(), None);
    }

    #[test]
    fn single_digit_sets() {
        for digit in 1..=9 {
            let set = DigitSet::single(digit);
            assert!(set.is_single());
            assert_eq!(set.single_digit(), Some(digit));
            assert!(set.contains(digit));
        }
        assert!(!DigitSet::EMPTY.is_single());
        assert_eq!(DigitSet::from_iter([2, 7]).single_digit(), None);
    }

    #[test]
    fn digits_up_to_sixteen() {
        let all = DigitSet::up_to(16);
        assert_eq!(all.len(), 16);
        assert_eq!(all.largest(), Some(16));
        assert!(all.contains(16) && !all.contains(17));
        assert_eq!(DigitSet::up_to(9), DigitSet::ALL);
        assert_eq!(DigitSet::from_wide_bits(1 << 11).single_digit(), Some(12));
        // The complement stays Kakuro's, within 1-9.
        assert_eq!(!DigitSet::single(12), DigitSet::ALL);
    }

    #[test]
    fn set_algebra() {
        let a = DigitSet::from_iter([1, 2, 3]);
        let b = DigitSet::from_iter([3, 4]);
        assert_eq!((a | b).len(), 4);
        assert_eq!(a & b, DigitSet::single(3));
        assert_eq!(a - b, DigitSet::from_iter([1, 2]));
        assert_eq!((!a).len(), 6);
        assert_eq!(a.to_string(), "123");
        assert!(DigitSet::single(2).is_subset(a));
    }
}
