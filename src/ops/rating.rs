//! The rate report: what a rating established about a puzzle, and nothing more (see
//! [`crate::core::assess()`] and docs/rating.md).

use std::collections::BTreeMap;

use serde::Serialize;

use crate::core::score::SCORE_VERSION;
use crate::core::{
    Assessment, Deduction, Descriptors, Level, Score, Stop, Uniqueness, Verdict, Workload,
};
use crate::genres::{GenreId, Registered};

/// How far a rating got.
#[cfg_attr(feature = "server", derive(utoipa::ToSchema))]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum RatingStatus {
    /// The techniques filled every cell: `level` is the hardest one needed (easy to expert)
    /// and `score` lies in its band.
    Rated,
    /// The techniques of every level together got stuck (or a rule broke: the puzzle has no
    /// solution): `level` is `beyond_expert`, there is no score.
    BeyondExpert,
    /// The step budget ran out before the techniques finished or got stuck: no level, no
    /// score.
    Unrated,
}

/// A human-technique rating and the uniqueness check, saying only what they established.
///
/// The rating runs first, then the exact solver's check for a second solution with what the
/// budget has left (skipped when the genre's techniques filling the grid proves it unique).
/// What the combinations mean:
///
/// | `status` | `level` | `score` | `uniqueness` | Meaning |
/// |---|---|---|---|---|
/// | `rated` | `easy`..`expert` | 1.0-10.0 | `unique` | A proper puzzle of that level and score. |
/// | `rated` | `easy`..`expert` | 1.0-10.0 | `not_unique`, `unknown` | Only where the rating is of one reading of the puzzle (cryptic Kakuro: the grid one letter mapping gives): another mapping gives a second solution, or the check ran out. |
/// | `beyond_expert` | `beyond_expert` | null | `unique` | Exactly one solution, but the profile's techniques cannot reach it. |
/// | `beyond_expert` | `beyond_expert` | null | `not_unique` | No solution (`solutions_found` 0) or several (2): not a proper puzzle. |
/// | `beyond_expert` | `beyond_expert` | null | `unknown` | The techniques got stuck and the check ran out of budget (`complete` false). |
/// | `unrated` | null | null | `unknown` | The budget ran out in the rating: the level is not known (`complete` false), and the check had nothing left (a puzzle so small that its check takes no step can be `unique` here). |
///
/// `level` is never set by a rating that did not finish. A cancelled request or one past its
/// deadline gets a problem response, not a report.
#[cfg_attr(feature = "server", derive(utoipa::ToSchema))]
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct RateReport {
    /// The puzzle's genre.
    pub genre: GenreId,

    /// How far the rating got: `rated`, `beyond_expert` or `unrated`.
    pub status: RatingStatus,
    /// The hardest level the techniques needed (`easy` to `expert`), `beyond_expert` when they
    /// got stuck; null only when the rating did not finish (`unrated`).
    pub level: Option<Level>,
    /// The difficulty from 1.0 to 10.0 (one decimal) within the level's band: easy 1.0-2.9,
    /// medium 3.0-4.9, hard 5.0-6.9, expert 7.0-10.0; null unless `rated`.
    pub score: Option<Score>,
    /// The score's version: with `profile_version`, it determines the score.
    pub score_version: u32,
    /// Whether the puzzle has exactly one solution: `unique` and `not_unique` are proven,
    /// `unknown` means the check ran out of budget.
    pub uniqueness: Uniqueness,
    /// True when the puzzle is proven to have exactly one solution (`uniqueness` is
    /// `unique`); false also when that is unknown. Kept for older clients: read `uniqueness`.
    pub unique: bool,
    /// Solutions the check found, at most 2 (1 when the rating proved uniqueness).
    pub solutions_found: usize,
    /// True when both the rating and the uniqueness check finished; false when the budget ran
    /// out in either (`status` `unrated`, or `uniqueness` `unknown`).
    pub complete: bool,
    /// Why the work is not complete: `exhausted` (the step budget ran out), or null. Only
    /// `exhausted` appears here: a cancelled or timed-out request gets a problem response.
    pub stopped: Option<Stop>,
    /// True when the techniques filled every cell.
    pub solved: bool,
    /// The puzzle's size and openness, apart from its logic.
    pub descriptors: Descriptors,
    /// What the score is computed from, as far as the rating got.
    pub workload: Workload,
    /// How often each technique was used.
    pub techniques: BTreeMap<&'static str, u32>,
    /// Every deduction in order (as far as the rating got).
    pub deductions: Vec<Deduction>,
    /// The rater profile.
    pub profile: &'static str,
    /// The rater profile's version.
    pub profile_version: u32,
    /// Budget steps used, the rating and the uniqueness check together.
    pub steps: u64,
}

impl RateReport {
    /// The report of `assessment`, a rating of a puzzle of `G`.
    pub(super) fn of<G: Registered>(assessment: Assessment) -> RateReport {
        let Assessment {
            rating,
            uniqueness,
            solutions_found,
            steps,
        } = assessment;
        let status = match rating.verdict {
            Verdict::Rated { .. } => RatingStatus::Rated,
            Verdict::BeyondExpert => RatingStatus::BeyondExpert,
            Verdict::Unrated(_) => RatingStatus::Unrated,
        };
        let stopped = match rating.verdict {
            Verdict::Unrated(stop) => Some(stop),
            _ if uniqueness == Uniqueness::Unknown => Some(Stop::Exhausted),
            _ => None,
        };
        RateReport {
            genre: G::ID,
            status,
            level: rating.level(),
            score: rating.score(),
            score_version: SCORE_VERSION,
            uniqueness,
            unique: uniqueness == Uniqueness::Unique,
            solutions_found,
            complete: stopped.is_none(),
            stopped,
            solved: rating.solved,
            descriptors: rating.descriptors,
            workload: rating.workload,
            techniques: rating.techniques,
            deductions: rating.deductions,
            profile: G::RATER_PROFILE.0,
            profile_version: G::RATER_PROFILE.1,
            steps,
        }
    }
}
