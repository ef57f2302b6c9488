//! The human techniques of the kakuro-human profile (version 1), one file each.
//!
//! Run techniques are free functions over the candidates of one run's cells; a broken rule is
//! the unit error [`Contradiction`]. The rater ([`super::rate`]) decides where and in which
//! order they apply and records each application as a deduction.
//!
//! | technique | level | file |
//! |---|---|---|
//! | `digit_used` | bookkeeping | [`digit_used`] |
//! | `single` | Easy | [`single`] |
//! | `sum_combinations` | Easy | [`sum_combinations`] |
//! | `only_cell` | Easy | [`only_cell`] |
//! | `combination_fit` | Medium | [`combination_fit`] |
//! | `short_contradiction` | Hard | [`short_contradiction`] |
//! | `contradiction` | Expert | [`contradiction`] |

pub mod combination_fit;
pub mod contradiction;
pub mod digit_used;
pub mod only_cell;
pub mod probe;
pub mod short_contradiction;
pub mod single;
pub mod sum_combinations;

use std::cell::RefCell;

use crate::core::{DigitSet, Level};
use crate::genres::sum_grid::combos::memo::{self, Memo};
use crate::genres::sum_grid::combos::table_key;

pub(crate) use crate::core::Contradiction;

/// The rater profile and its version, reported with every rating.
pub const PROFILE: &str = "kakuro-human";
pub const PROFILE_VERSION: u32 = 1;

/// The techniques, easiest first: the order in which the rater tries them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Technique {
    DigitUsed,
    Single,
    SumCombinations,
    OnlyCell,
    CombinationFit,
    ShortContradiction,
    Contradiction,
}

impl Technique {
    pub fn name(self) -> &'static str {
        match self {
            Technique::DigitUsed => "digit_used",
            Technique::Single => "single",
            Technique::SumCombinations => "sum_combinations",
            Technique::OnlyCell => "only_cell",
            Technique::CombinationFit => "combination_fit",
            Technique::ShortContradiction => "short_contradiction",
            Technique::Contradiction => "contradiction",
        }
    }

    /// The technique's level; `None` for bookkeeping, which never raises a rating.
    pub fn level(self) -> Option<Level> {
        match self {
            Technique::DigitUsed => None,
            Technique::Single | Technique::SumCombinations | Technique::OnlyCell => {
                Some(Level::Easy)
            }
            Technique::CombinationFit => Some(Level::Medium),
            Technique::ShortContradiction => Some(Level::Hard),
            Technique::Contradiction => Some(Level::Expert),
        }
    }
}

/// The digits of a run's fixed cells (one candidate left); a digit fixed twice breaks R1.
pub fn fixed_digits(cands: &[DigitSet]) -> Result<DigitSet, Contradiction> {
    let mut fixed = DigitSet::EMPTY;
    for &cand in cands {
        if cand.is_empty() {
            return Err(Contradiction);
        }
        if cand.is_single() {
            if !(fixed & cand).is_empty() {
                return Err(Contradiction);
            }
            fixed |= cand;
        }
    }
    Ok(fixed)
}

/// The combinations of a run that contain all its fixed digits.
pub fn combos_with(combos: &[DigitSet], fixed: DigitSet) -> impl Iterator<Item = DigitSet> + '_ {
    combos
        .iter()
        .copied()
        .filter(move |&combo| fixed.is_subset(combo))
}

/// Applies the Easy run techniques (digit_used, sum_combinations, only_cell; single is
/// implied, since a fixed cell counts as written) to one run until none changes it.
/// Used where only the fixpoint matters, not the individual deductions. Runs with the
/// table's combinations are answered from a memo when seen before (as [`fit_run`]'s are).
///
/// [`fit_run`]: crate::genres::sum_grid::combos::fit_run
pub fn easy_fit(
    cands: &[DigitSet],
    combos: &[DigitSet],
    out: &mut [DigitSet],
) -> Result<(), Contradiction> {
    let fits = match table_key(cands, combos) {
        Some(key) => memo::answer(&EASY_FITS, key, out, |out| {
            easy_fit_worked_out(cands, combos, out).is_ok()
        }),
        None => easy_fit_worked_out(cands, combos, out).is_ok(),
    };
    if fits {
        Ok(())
    } else {
        Err(Contradiction)
    }
}

thread_local! {
    /// This thread's answers of [`easy_fit`].
    static EASY_FITS: RefCell<Memo> = const { RefCell::new(Memo::new()) };
}

/// [`easy_fit`] without the memo.
fn easy_fit_worked_out(
    cands: &[DigitSet],
    combos: &[DigitSet],
    out: &mut [DigitSet],
) -> Result<(), Contradiction> {
    out.copy_from_slice(cands);
    let mut scratch = [DigitSet::EMPTY; crate::genres::sum_grid::layout::MAX_RUN];
    loop {
        let len = out.len();
        let mut changed = sum_combinations::narrow(out, combos, &mut scratch[..len])?;
        out.copy_from_slice(&scratch[..len]);
        for (cell, digit) in only_cell::placements(out, combos)? {
            out[cell] = DigitSet::single(digit);
            changed = true;
        }
        if !changed {
            return Ok(());
        }
    }
}
