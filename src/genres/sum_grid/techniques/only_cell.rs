//! `only_cell` (Easy): a digit that every combination with the run's fixed digits contains, and
//! that only one open cell of the run allows, goes in that cell.

use super::{combos_with, fixed_digits, Contradiction};
use crate::core::DigitSet;

/// Every placement `(index in the run, digit)` the technique finds in one run.
pub fn placements(
    cands: &[DigitSet],
    combos: &[DigitSet],
) -> Result<Vec<(usize, u8)>, Contradiction> {
    let fixed = fixed_digits(cands)?;
    let mut required = DigitSet::ALL;
    let mut any = false;
    for combo in combos_with(combos, fixed) {
        required &= combo;
        any = true;
    }
    if !any {
        return Err(Contradiction);
    }
    let mut found: Vec<(usize, u8)> = Vec::new();
    for digit in (required - fixed).iter() {
        let mut holders = cands
            .iter()
            .enumerate()
            .filter(|(_, cand)| !cand.is_single() && cand.contains(digit));
        match (holders.next(), holders.next()) {
            (None, _) => return Err(Contradiction),
            (Some((cell, _)), None) => {
                if found.iter().any(|&(other, _)| other == cell) {
                    return Err(Contradiction);
                }
                found.push((cell, digit));
            }
            _ => {}
        }
    }
    Ok(found)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::genres::sum_grid::combos::combos;
    use crate::genres::sum_grid::testing::set;

    #[test]
    fn a_required_digit_with_one_home() {
        // 4 cells adding to 27 always contain 9 ({3789}, {4689}, {5679}); only cell 2 allows 9.
        let cands = [
            set(&[3, 4, 5]),
            set(&[6, 7, 8]),
            set(&[7, 8, 9]),
            set(&[6, 7, 8]),
        ];
        assert_eq!(placements(&cands, combos(4, 27)), Ok(vec![(2, 9)]));
    }

    #[test]
    fn a_required_digit_with_no_home_breaks_the_run() {
        let cands = [
            set(&[3, 4, 5]),
            set(&[6, 7, 8]),
            set(&[7, 8]),
            set(&[6, 7, 8]),
        ];
        assert_eq!(placements(&cands, combos(4, 27)), Err(Contradiction));
    }

    #[test]
    fn fixed_digits_narrow_the_required_ones() {
        // Three cells adding to 15 with a 1 fixed: {1,5,9}, {1,6,8}; nothing is required
        // besides the 1, so nothing is placed.
        let cands = [set(&[1]), DigitSet::ALL, DigitSet::ALL];
        assert_eq!(placements(&cands, combos(3, 15)), Ok(vec![]));
    }
}
