//! Descriptors of a Kakurasu grid (see [`crate::core::descriptors`]): its cells and its lines
//! with a clue, which are its runs. A Kakurasu grid has no blocks.

use crate::core::descriptors::{run_lengths, Descriptors, Hundredths};

use crate::genres::kakurasu::model::{Board, Puzzle};

/// The puzzle's descriptors; the candidates after the easy techniques are the rater's to add.
pub fn describe(puzzle: &Puzzle) -> Descriptors {
    let shape = puzzle.shape();
    let rows = puzzle.row_clues().iter().filter(|clue| clue.is_some());
    let cols = puzzle.col_clues().iter().filter(|clue| clue.is_some());
    let lengths = rows.map(|_| shape.cols).chain(cols.map(|_| shape.rows));
    let (runs, longest_run, mean_run) = run_lengths(lengths);
    Descriptors {
        cells: u32::try_from(shape.cells()).unwrap_or(u32::MAX),
        runs,
        longest_run,
        mean_run,
        block_share: None,
        mean_candidates_after_easy: None,
    }
}

/// The mean number of states a cell can still take: two while open, one once decided.
pub fn mean_candidates(board: &Board) -> Hundredths {
    let cells = board.shape().cells() as u64;
    Hundredths::ratio(cells + board.open_count() as u64, cells)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::genres::kakurasu::format::parse_id;

    #[test]
    fn lines_with_clues_are_the_runs() {
        let puzzle = parse_id("kakurasu:3x5:8.12.3/0.0.6.2.3").unwrap();
        let described = describe(&puzzle);
        assert_eq!(described.cells, 15);
        assert_eq!((described.runs, described.longest_run), (8, 5));
        // Three rows of 5 and five columns of 3.
        assert_eq!(described.mean_run.to_string(), "3.75");
        assert_eq!(described.block_share, None);
        assert_eq!(mean_candidates(&Board::new(&puzzle)).to_string(), "2.00");
    }
}
