//! The terms a part's digit counts add up, each run or lone cell on its side, and what each
//! was last seen to hold: what [`super::Regions`] and its [`super::tallies`] both read.

use crate::core::DigitSet;
use crate::genres::sum_grid::combos::SumSet;

/// One side of a part's counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Side {
    /// Across runs and lone-down cells.
    Left,
    /// Down runs and lone-across cells.
    Right,
}

/// What a digit count adds up: a run, or a lone cell.
#[derive(Clone, Debug)]
pub(super) struct Term<'a> {
    pub(super) cells: &'a [u32],
    /// The run, for its sums; [`LONE`] for a lone cell.
    pub(super) run: u32,
    pub(super) side: Side,
    /// Its part.
    pub(super) part: u32,
}

/// Marks a lone cell's [`Term`].
pub(super) const LONE: u32 = u32::MAX;

/// What a term was last seen to hold: the union of its cells' candidates (the digits it may
/// hold), its fixed digits, the sums it was read with, and the digits it surely holds.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct Seen {
    pub(super) maybe: DigitSet,
    pub(super) fixed: DigitSet,
    pub(super) sums: SumSet,
    pub(super) surely: DigitSet,
}
