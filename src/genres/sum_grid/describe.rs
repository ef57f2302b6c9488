//! Descriptors of a Kakuro grid (see [`crate::core::descriptors`]): its white cells, its runs
//! and the share of blocks. Cryptic Kakuro has the same ones, from its grid's layout.

use crate::core::descriptors::{run_lengths, Descriptors, Hundredths};
use crate::core::DigitSet;

use crate::genres::sum_grid::layout::Layout;

/// The layout's descriptors; the candidates after the easy techniques are the rater's to add.
pub fn describe(layout: &Layout) -> Descriptors {
    let (runs, longest_run, mean_run) = run_lengths(layout.runs.iter().map(|run| run.cells.len()));
    let cells = layout.shape.cells() as u64;
    let whites = layout.white_count() as u64;
    Descriptors {
        cells: u32::try_from(whites).unwrap_or(u32::MAX),
        runs,
        longest_run,
        mean_run,
        block_share: Some(Hundredths::ratio(cells - whites, cells)),
        mean_candidates_after_easy: None,
    }
}

/// The mean number of candidates per white cell.
pub fn mean_candidates(cands: &[DigitSet]) -> Hundredths {
    let total: u64 = cands.iter().map(|c| u64::from(c.len())).sum();
    Hundredths::ratio(total, cands.len() as u64)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::genres::sum_grid::layout::Rules;
    use crate::genres::sum_grid::testing;

    #[test]
    fn the_spec_example_is_described() {
        let layout = testing::layout(
            "# # # 7/ 5/\n# # 8/3 . .\n# 3/6 . . .\n/8 . . . #\n/6 . . # #",
            Rules::Strict,
        );
        let described = describe(&layout);
        assert_eq!(described.cells, 10);
        // Across 2, 3, 3, 2 and down 2, 3, 3, 2.
        assert_eq!(described.runs, 8);
        assert_eq!(described.longest_run, 3);
        assert_eq!(described.mean_run.to_string(), "2.50");
        assert_eq!(described.block_share.unwrap().to_string(), "0.60");
    }
}
