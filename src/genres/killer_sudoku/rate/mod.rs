//! The killer-human rater (profile [`PROFILE`], version [`PROFILE_VERSION`]): solve as a
//! person would, always with the easiest technique that makes progress, and rate the puzzle by
//! the hardest technique it needed. The loop and the record are `crate::core::rater`'s; the
//! ladder it runs (where each technique is tried, and what a deduction changes) is in `ladder`,
//! the places techniques look at in `places`, the techniques in `techniques` and the what-ifs
//! in `probe`.
//!
//! The places techniques look at, in this order: the houses (rows top to bottom, columns left
//! to right, boxes in reading order), the cages (by their first cell in reading order), and
//! the sum groups of the rule of 45: for each region (a house, or a band of neighbouring rows
//! or columns), its *innies* (the region's cells in cages that stick out of it, whose digits
//! add up to the region's total less the cages wholly inside) and its *outies* (the cells of
//! those cages outside the region, adding up to those cages' sums less what the region's cells
//! in them add up to). A sum group whose cells need not differ is narrowed by enumerating its
//! digit choices (at most [`ENUMERATED_CELLS`] cells), one whose cells share a house by the
//! combination tables.
//!
//! Each application of a technique is one deduction, recorded in order with the cells it
//! read (`cells`: the house, cage, region or cells the technique looked at), the clue it read
//! (`clue`: a cage's first cell, where its sum is drawn) and the digits it wrote or removed.
//! A puzzle the techniques cannot finish is rated
//! [`Level::BeyondExpert`](crate::core::Level::BeyondExpert). One budget step is one technique
//! tried at one place, or one group narrowed inside a what-if.
//!
//! Every deduction removes only digits that no solution has there, on the puzzle as given, so
//! a board the techniques fill is the puzzle's only solution.

mod ladder;
mod places;
mod probe;
mod techniques;

use crate::core::descriptors::{run_lengths, Descriptors};
use crate::core::rater;
use crate::core::{Budget, Deduction, Rating, Stop};

use super::model::Puzzle;
use ladder::Rater;

pub use places::ENUMERATED_CELLS;
pub use techniques::{PROFILE, PROFILE_VERSION};

/// Rates a puzzle.
pub fn rate(puzzle: &Puzzle, budget: &mut Budget) -> Rating {
    rater::rate(Rater::new(puzzle, &[]), describe(puzzle), budget)
}

/// The descriptors of a puzzle: `cells` the cells to fill (the givens left out), `runs` the
/// cages, `longest_run` and `mean_run` the largest and mean cage size; no blocks. The
/// candidates after the easy techniques are the rater's to add.
pub fn describe(puzzle: &Puzzle) -> Descriptors {
    let (runs, longest_run, mean_run) =
        run_lengths(puzzle.cages().iter().map(|cage| cage.cells.len()));
    let open = puzzle.givens().iter().filter(|&&given| given == 0).count();
    Descriptors {
        cells: u32::try_from(open).unwrap_or(u32::MAX),
        runs,
        longest_run,
        mean_run,
        block_share: None,
        mean_candidates_after_easy: None,
    }
}

/// Rates on from a player's position: `givens` (cell index and digit) are written in first,
/// as the player wrote them (the puzzle's givens among them or not), and the rater runs in its
/// usual order until a deduction writes a cell that is not a given. The record up to and
/// including that deduction; `None` when the techniques get stuck (or a rule breaks) before
/// one does.
pub fn replay_to_placement(
    puzzle: &Puzzle,
    givens: &[(usize, u8)],
    budget: &mut Budget,
) -> Result<Option<Vec<Deduction>>, Stop> {
    rater::replay_to_placement(Rater::new(puzzle, givens), budget)
}
