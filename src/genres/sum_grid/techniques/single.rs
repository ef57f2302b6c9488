//! `single` (Easy): a cell with one candidate is written in.

use crate::core::DigitSet;

/// The digit to write in a cell, if it has exactly one candidate.
pub fn digit_to_write(cand: DigitSet) -> Option<u8> {
    cand.single_digit()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_one_candidate_is_written() {
        assert_eq!(digit_to_write(DigitSet::single(7)), Some(7));
        assert_eq!(digit_to_write(DigitSet::from_iter([3, 7])), None);
        assert_eq!(digit_to_write(DigitSet::EMPTY), None);
    }
}
