//! `digit_used` (bookkeeping): a written-in digit leaves the other cells of its two runs.

use crate::core::DigitSet;
use crate::genres::sum_grid::layout::Layout;

/// The cells (other than `cell`) of `cell`'s runs that still allow `digit`.
pub fn peers_with(layout: &Layout, cands: &[DigitSet], cell: usize, digit: u8) -> Vec<usize> {
    let mut peers = Vec::new();
    for run in layout.runs_of(cell) {
        for &other in &layout.runs[run].cells {
            let other = other as usize;
            if other != cell && cands[other].contains(digit) && !peers.contains(&other) {
                peers.push(other);
            }
        }
    }
    peers.sort_unstable();
    peers
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::genres::sum_grid::layout::Rules;
    use crate::genres::sum_grid::testing;

    #[test]
    fn a_written_digit_leaves_both_runs() {
        let layout = testing::layout("# 4/ 6/\n/3 . .\n/7 . .", Rules::Strict);
        let mut cands = vec![DigitSet::ALL; 4];
        cands[0] = DigitSet::single(1);
        // Cell 0 (row 1, col 1) shares its across run with cell 1 and its down run with cell 2.
        assert_eq!(peers_with(&layout, &cands, 0, 1), vec![1, 2]);
        cands[2].remove(1);
        assert_eq!(peers_with(&layout, &cands, 0, 1), vec![1]);
    }
}
