//! Descriptors: what a puzzle looks like apart from its logic (its size, its runs, how open
//! it is), so that a publisher can see size and openness beside the level and the score.
//! Each genre fills them in its `describe.rs`; the rater adds how many candidates its easy
//! techniques leave.

use std::fmt;

/// A non-negative number kept in hundredths, so that it prints the same on every target.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Hundredths(u32);

impl Hundredths {
    /// `numerator / denominator` to the nearest hundredth (halves round up); 0 for a zero
    /// denominator.
    pub fn ratio(numerator: u64, denominator: u64) -> Hundredths {
        if denominator == 0 {
            return Hundredths(0);
        }
        let value = (numerator * 200 + denominator) / (2 * denominator);
        Hundredths(u32::try_from(value).unwrap_or(u32::MAX))
    }

    pub fn hundredths(self) -> u32 {
        self.0
    }

    /// The number, for serializing (exact to the hundredth as decimal text).
    pub fn value(self) -> f64 {
        f64::from(self.0) / 100.0
    }
}

impl fmt::Display for Hundredths {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}.{:02}", self.0 / 100, self.0 % 100)
    }
}

impl serde::Serialize for Hundredths {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_f64(self.value())
    }
}

/// A puzzle's size and openness.
#[cfg_attr(feature = "server", derive(utoipa::ToSchema))]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct Descriptors {
    /// The cells to fill: white cells (Kakuro, cryptic Kakuro), every cell (Kakurasu), every
    /// cell without a given (Killer Sudoku).
    pub cells: u32,
    /// The runs (Kakuro: across and down runs; Kakurasu: rows and columns with a clue; Killer
    /// Sudoku: the cages, a run's length a cage's cells).
    pub runs: u32,
    /// The longest run, in cells.
    pub longest_run: u32,
    /// The mean run length, in cells.
    #[cfg_attr(feature = "server", schema(value_type = f64))]
    pub mean_run: Hundredths,
    /// The share of the grid's cells that are blocks, from 0 to 1 (Kakuro, cryptic Kakuro);
    /// null for Kakurasu and Killer Sudoku, which have none.
    #[cfg_attr(feature = "server", schema(value_type = Option<f64>))]
    pub block_share: Option<Hundredths>,
    /// The mean number of values a cell can still take once the easy techniques are stuck
    /// (1 when they solve the puzzle; a Kakurasu cell has two, shaded and unshaded); null
    /// when the rating stopped before the easy techniques did.
    #[cfg_attr(feature = "server", schema(value_type = Option<f64>))]
    pub mean_candidates_after_easy: Option<Hundredths>,
}

/// Run lengths summed up: how many, the longest and the mean.
pub fn run_lengths(lengths: impl IntoIterator<Item = usize>) -> (u32, u32, Hundredths) {
    let (mut count, mut longest, mut total) = (0u64, 0usize, 0u64);
    for length in lengths {
        count += 1;
        longest = longest.max(length);
        total += length as u64;
    }
    (
        u32::try_from(count).unwrap_or(u32::MAX),
        u32::try_from(longest).unwrap_or(u32::MAX),
        Hundredths::ratio(total, count),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ratios_round_to_the_nearest_hundredth() {
        assert_eq!(Hundredths::ratio(1, 3).to_string(), "0.33");
        assert_eq!(Hundredths::ratio(2, 3).to_string(), "0.67");
        assert_eq!(Hundredths::ratio(1, 200).to_string(), "0.01");
        assert_eq!(Hundredths::ratio(7, 2).to_string(), "3.50");
        assert_eq!(Hundredths::ratio(5, 0).hundredths(), 0);
        assert_eq!(
            serde_json::to_string(&Hundredths::ratio(7, 3)).unwrap(),
            "2.33"
        );
    }

    #[test]
    fn run_lengths_give_count_longest_and_mean() {
        let (count, longest, mean) = run_lengths([2, 3, 4]);
        assert_eq!((count, longest, mean.to_string()), (3, 4, "3.00".into()));
        assert_eq!(run_lengths([]).0, 0);
    }
}
