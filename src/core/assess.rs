//! What rating a puzzle establishes, and nothing more: the rating (level and score only when
//! the techniques finished) and whether the puzzle has exactly one solution, as yes, no or
//! unknown.
//!
//! [`assess`] is what a rate operation does. The rating runs first and the uniqueness check
//! gets what the budget has left: the rating is the cheap part (bounded work per deduction;
//! 0.07 s for the 2,100 white cells of the largest published Kakuro), while the exact solver
//! can spend any budget on a large grid without finishing, and a rating run after it would
//! get nothing. When the genre's deductions are sound on the puzzle itself, a rating that
//! fills every cell has proven the solution unique, and the check is not run.

use super::budget::{Budget, Stage, Stop};
use super::outcome::SolveOutcome;
use super::rating::Rating;

/// Whether a puzzle has exactly one solution.
#[cfg_attr(feature = "server", derive(utoipa::ToSchema))]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Uniqueness {
    /// Proven: exactly one solution.
    Unique,
    /// Proven: no solution, or more than one.
    NotUnique,
    /// The check stopped before it could tell.
    Unknown,
}

impl Uniqueness {
    /// What a search for up to two solutions shows: two found is proof enough even if the
    /// search then stopped; one or none only when it finished.
    pub fn of<S>(outcome: &SolveOutcome<S>) -> Uniqueness {
        match (outcome.solutions.len(), outcome.complete) {
            (2.., _) => Uniqueness::NotUnique,
            (1, true) => Uniqueness::Unique,
            (0, true) => Uniqueness::NotUnique,
            _ => Uniqueness::Unknown,
        }
    }
}

/// What rating a puzzle established.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Assessment {
    /// The rating: its level and score only when the techniques finished (see
    /// [`Rating::level`], [`Rating::score`]).
    pub rating: Rating,
    /// Whether the puzzle has exactly one solution, as far as the budget let the check go.
    pub uniqueness: Uniqueness,
    /// Solutions the check found, at most two (one when the rating proved uniqueness, which
    /// also gives the solution).
    pub solutions_found: usize,
    /// Budget steps of the rating and the check together.
    pub steps: u64,
}

/// Rates a puzzle and checks whether it is unique, under one budget: `rate` first, then
/// `check` (a search for up to two solutions) with what is left, unless
/// `solved_proves_unique` and the rating filled every cell. A budget that runs out is
/// reported in the result (an unrated rating, an unknown uniqueness); a cancelled or
/// timed-out run is an error, since nobody is waiting for its result.
pub fn assess<S>(
    budget: &mut Budget,
    solved_proves_unique: bool,
    rate: impl FnOnce(&mut Budget) -> Rating,
    check: impl FnOnce(&mut Budget) -> SolveOutcome<S>,
) -> Result<Assessment, Stop> {
    let start = budget.used();
    budget.set_stage(Stage::Rating);
    let rating = rate(budget);
    budget.check_cancelled()?;
    // `solved` holds only for a run that finished: one cut short after writing the last cell
    // has not checked every run, and proves nothing.
    let (uniqueness, solutions_found) = if solved_proves_unique && rating.solved {
        (Uniqueness::Unique, 1)
    } else {
        budget.set_stage(Stage::ProvingUniqueness);
        let outcome = check(budget);
        if let Some(stop @ (Stop::Cancelled | Stop::DeadlineExceeded)) = outcome.stopped {
            return Err(stop);
        }
        (Uniqueness::of(&outcome), outcome.count())
    };
    Ok(Assessment {
        rating,
        uniqueness,
        solutions_found,
        steps: budget.used() - start,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::Verdict;

    fn outcome(found: usize, complete: bool) -> SolveOutcome<()> {
        SolveOutcome {
            solutions: vec![(); found],
            complete,
            stopped: (!complete).then_some(Stop::Exhausted),
            steps: 0,
        }
    }

    #[test]
    fn uniqueness_is_only_claimed_when_proven() {
        assert_eq!(Uniqueness::of(&outcome(1, true)), Uniqueness::Unique);
        assert_eq!(Uniqueness::of(&outcome(0, true)), Uniqueness::NotUnique);
        assert_eq!(Uniqueness::of(&outcome(2, true)), Uniqueness::NotUnique);
        assert_eq!(Uniqueness::of(&outcome(2, false)), Uniqueness::NotUnique);
        assert_eq!(Uniqueness::of(&outcome(1, false)), Uniqueness::Unknown);
        assert_eq!(Uniqueness::of(&outcome(0, false)), Uniqueness::Unknown);
    }

    #[test]
    fn a_cancelled_check_is_an_error() {
        let flag = crate::core::CancelFlag::new();
        let mut budget = Budget::with_flag(100, flag.clone());
        let result = assess(
            &mut budget,
            false,
            |_| Rating::without_deductions(Verdict::BeyondExpert, 0, Default::default()),
            |_| {
                flag.cancel();
                SolveOutcome::<()> {
                    stopped: Some(Stop::Cancelled),
                    ..outcome(0, false)
                }
            },
        );
        assert_eq!(result, Err(Stop::Cancelled));
    }
}
