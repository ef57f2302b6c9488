//! The human techniques of the kakurasu-human profile (version 1), one file each.
//!
//! The spec's table lost the techniques' names; these are ours. Within a line, the *need* is
//! the clue minus the weights of the shaded cells, and a cell's weight is its position in the
//! line counted from 1.
//!
//! | technique | level | what it does | file |
//! |---|---|---|---|
//! | `need_met` | bookkeeping | a line whose need is 0 has its open cells unshaded | [`need_met`] |
//! | `too_heavy` | Easy | an open cell worth more than the need is unshaded | [`too_heavy`] |
//! | `falls_short` | Easy | an open cell without which the other open cells fall short of the need is shaded | [`falls_short`] |
//! | `few_ways` | Medium | the open cells make up the need in at most 4 ways: cells shaded in every way are shaded, cells in none unshaded | [`few_ways`] |
//! | `sum_table` | Hard | the same with more than 4 ways, read off a subset-sum table | [`sum_table`] |
//! | `short_contradiction` | Hard | a cell whose shading (or unshading) makes Easy and Medium techniques break a line within 6 steps takes the other state | [`short_contradiction`] |
//! | `contradiction` | Expert | the same within 20 steps, also using the Hard line technique `sum_table` | [`contradiction`] |
//!
//! Line techniques are free functions over one [`Line`], returning the cells they decide as
//! [`Forced`] masks (empty when they find nothing); a broken line is the unit error
//! `Contradiction`. The rater ([`super::rate`]) decides where and in which order they apply
//! and records each application as a deduction. What a step of a contradiction chain is, is
//! defined in [`probe`].

pub mod contradiction;
pub mod falls_short;
pub mod few_ways;
pub mod need_met;
pub mod probe;
pub mod short_contradiction;
pub mod sum_table;
pub mod too_heavy;

use crate::core::Level;

pub(crate) use super::line::Contradiction;
pub use super::line::{Forced, Line};

/// The rater profile, reported with every rating.
pub(crate) const PROFILE: &str = "kakurasu-human";
/// The profile's version.
pub(crate) const PROFILE_VERSION: u32 = 1;

/// The techniques, easiest first: the order in which the rater tries them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub(crate) enum Technique {
    NeedMet,
    TooHeavy,
    FallsShort,
    FewWays,
    SumTable,
    ShortContradiction,
    Contradiction,
}

impl Technique {
    /// The techniques that read one line, in the order the rater tries them.
    pub const LINE: [Technique; 5] = [
        Technique::NeedMet,
        Technique::TooHeavy,
        Technique::FallsShort,
        Technique::FewWays,
        Technique::SumTable,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Technique::NeedMet => "need_met",
            Technique::TooHeavy => "too_heavy",
            Technique::FallsShort => "falls_short",
            Technique::FewWays => "few_ways",
            Technique::SumTable => "sum_table",
            Technique::ShortContradiction => "short_contradiction",
            Technique::Contradiction => "contradiction",
        }
    }

    /// The technique's level; `None` for bookkeeping, which never raises a rating.
    pub fn level(self) -> Option<Level> {
        match self {
            Technique::NeedMet => None,
            Technique::TooHeavy | Technique::FallsShort => Some(Level::Easy),
            Technique::FewWays => Some(Level::Medium),
            Technique::SumTable | Technique::ShortContradiction => Some(Level::Hard),
            Technique::Contradiction => Some(Level::Expert),
        }
    }

    /// Applies a line technique; `None` for the contradiction techniques.
    pub fn on_line(self, line: &Line) -> Option<Result<Forced, Contradiction>> {
        Some(match self {
            Technique::NeedMet => need_met::find(line),
            Technique::TooHeavy => too_heavy::find(line),
            Technique::FallsShort => falls_short::find(line),
            Technique::FewWays => few_ways::find(line),
            Technique::SumTable => sum_table::find(line),
            Technique::ShortContradiction | Technique::Contradiction => return None,
        })
    }
}

/// The Easy techniques (with bookkeeping) applied to one line until none changes it; the
/// cells they decide together. Used where only the fixpoint matters, not the deductions.
pub fn easy_fit(line: &Line) -> Result<Forced, Contradiction> {
    let mut state = *line;
    loop {
        let mut forced = need_met::find(&state)?;
        if forced.is_empty() {
            forced = too_heavy::find(&state)?;
        }
        if forced.is_empty() {
            forced = falls_short::find(&state)?;
        }
        if forced.is_empty() {
            return Ok(Forced {
                shade: state.shaded & !line.shaded,
                unshade: state.unshaded & !line.unshaded,
            });
        }
        state.shaded |= forced.shade;
        state.unshaded |= forced.unshade;
    }
}

/// The Easy and Medium techniques applied to one line until none changes it. The Easy ones
/// remove no way of making up the need, so when the line has at most 4 ways now, `few_ways`
/// finishes it; otherwise only the Easy ones apply.
pub fn medium_fit(line: &Line) -> Result<Forced, Contradiction> {
    if few_ways::applies(line)? {
        line.settle()
    } else {
        easy_fit(line)
    }
}

/// Every line technique up to Hard: `sum_table` decides everything the others would.
pub fn hard_fit(line: &Line) -> Result<Forced, Contradiction> {
    line.settle()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn easy_fit_repeats_until_nothing_changes() {
        // Cells worth 1..4, clue 9: without cell 2, 3 or 4 the others make at most 8, so
        // those are shaded; the need is then met and cell 1 is unshaded.
        let line = Line::open_line(4, Some(9));
        let forced = easy_fit(&line).unwrap();
        assert_eq!(forced.shade, 0b1110);
        assert_eq!(forced.unshade, 0b0001);
    }

    #[test]
    fn medium_fit_uses_few_ways_only_when_there_are_few() {
        // The spec's example: 1, 2, 3, 4 need 6: ways {2,4} and {1,2,3}; cell 2 shaded.
        let line = Line::open_line(4, Some(6));
        assert_eq!(medium_fit(&line).unwrap().shade, 0b0010);
        // 10 cells need 20: many ways, and no Easy deduction.
        let line = Line::open_line(10, Some(20));
        assert_eq!(medium_fit(&line), Ok(Forced::NONE));
    }
}
