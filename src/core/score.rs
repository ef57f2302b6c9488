//! The numeric score (score version [`SCORE_VERSION`]): a difficulty from 1.0 to 10.0 beside
//! the level, from the hardest step and the workload of the rater's solve.
//!
//! Every level has its band, and a puzzle's score always lies in the band of its level, so
//! that every expert puzzle scores above every hard one, and so on:
//!
//! | level | band |
//! |---|---|
//! | easy | 1.0-2.9 |
//! | medium | 3.0-4.9 |
//! | hard | 5.0-6.9 |
//! | expert | 7.0-10.0 |
//!
//! A puzzle beyond expert has no score (the techniques could not finish it, so there is no
//! hardest step to weigh), and neither has a rating that did not finish.
//!
//! Where a puzzle lies in its band comes from points, added up from the rater's record
//! (the [`Workload`]); each genre gives its points per technique ([`Step::points`]: within a
//! level, its harder techniques weigh more).
//! - **An easy puzzle**: the genre's points of its deductions, the workload of a solve that
//!   never gets stuck.
//! - **A harder puzzle**: what it needs beyond the one deduction that makes its level:
//!   - the hardest step, the deduction at the puzzle's level with the longest contradiction
//!     chain and then the most candidates in its hypothesis cell (`chain` and `candidates`
//!     of a [`Step`]): [`CHAIN_POINTS`] per step of the chain beyond the first and
//!     [`CANDIDATE_POINTS`] per candidate beyond two;
//!   - [`STALL_POINTS`] for each time beyond the first that the easy techniques got stuck
//!     with cells open (the solve needed a harder deduction to go on);
//!   - [`TOP_POINTS`] for each of the genre's points beyond the first of the deductions at
//!     the puzzle's level.
//!
//! The points `p` place the score at `low + span * p / (p + half)` in the band, where `span`
//! is the band's width in tenths and `half` the points that reach the middle of the band
//! ([`HALF_POINTS`], per level). A puzzle with no points is at the bottom of its band; the
//! curve rises fast for the first points and flattens, so it never leaves the band. It is
//! integer arithmetic, rounded down to a tenth: the same score on every target, WebAssembly
//! included.
//!
//! The constants were set against the labelled published puzzles and the generated corpus
//! (docs/rating.md has the validation and its command). Any change to them, to the genres'
//! points or to what the raters record is a new score version.

use std::fmt;
use std::ops::RangeInclusive;
use std::str::FromStr;

use super::level::Level;

/// The score's version: with the rater profile's, it determines the score of a puzzle.
pub const SCORE_VERSION: u32 = 1;

/// Points per step of the hardest contradiction's chain beyond the first.
pub const CHAIN_POINTS: u32 = 1;
/// Points per candidate of the hardest contradiction's hypothesis cell beyond two.
pub const CANDIDATE_POINTS: u32 = 2;
/// Points per time beyond the first that the easy techniques got stuck.
pub const STALL_POINTS: u32 = 1;
/// Points per genre point beyond the first of the deductions at the puzzle's level (above
/// easy).
pub const TOP_POINTS: u32 = 2;
/// The points that put a puzzle in the middle of its level's band: easy, medium, hard, expert.
pub const HALF_POINTS: [u32; 4] = [60, 10, 12, 16];

/// A score from 1.0 to 10.0, in tenths.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Score(u8);

impl Score {
    /// 1.0, the easiest score.
    pub const MIN: Score = Score(10);
    /// 10.0, the hardest score.
    pub const MAX: Score = Score(100);

    /// The score of `tenths` tenths (10 to 100).
    pub fn from_tenths(tenths: u8) -> Option<Score> {
        (Score::MIN.0..=Score::MAX.0)
            .contains(&tenths)
            .then_some(Score(tenths))
    }

    /// The score in tenths (10 to 100).
    pub fn tenths(self) -> u8 {
        self.0
    }

    /// The score as a number (5.3): exact to the tenth, for serializing.
    pub fn value(self) -> f64 {
        f64::from(self.0) / 10.0
    }

    /// The band of scores of `level`; `None` for beyond expert, which has no score.
    pub fn band(level: Level) -> Option<RangeInclusive<Score>> {
        let (low, high) = match level {
            Level::Easy => (10, 29),
            Level::Medium => (30, 49),
            Level::Hard => (50, 69),
            Level::Expert => (70, 100),
            Level::BeyondExpert => return None,
        };
        Some(Score(low)..=Score(high))
    }

    /// The level whose band holds this score.
    pub fn level(self) -> Level {
        Level::RATED
            .into_iter()
            .find(|&level| Score::band(level).is_some_and(|band| band.contains(&self)))
            .unwrap_or(Level::Expert)
    }
}

impl fmt::Display for Score {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}.{}", self.0 / 10, self.0 % 10)
    }
}

impl serde::Serialize for Score {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_f64(self.value())
    }
}

/// A score on the wire: a number from 1.0 to 10.0 ([`Score::MIN`] to [`Score::MAX`]). No
/// `multipleOf: 0.1`: JSON Schema validators test it in binary floats, where 2.3 / 0.1 is
/// 22.999999999999996, and so refuse tenths the service takes (Python's jsonschema does;
/// schemathesis read the service's 200 for 2.3 as a forbidden value accepted).
#[cfg(feature = "server")]
impl utoipa::PartialSchema for Score {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        use utoipa::openapi::schema::{KnownFormat, ObjectBuilder, SchemaFormat, Type};
        ObjectBuilder::new()
            .schema_type(Type::Number)
            .format(Some(SchemaFormat::KnownFormat(KnownFormat::Double)))
            .minimum(Some(Score::MIN.value()))
            .maximum(Some(Score::MAX.value()))
            .description(Some(
                "A difficulty score, 1.0 to 10.0 with at most one decimal (scores are tenths), \
                 within its level's band: easy 1.0-2.9, medium 3.0-4.9, hard 5.0-6.9, expert \
                 7.0-10.0.",
            ))
            .examples([serde_json::json!(5.5)])
            .into()
    }
}

#[cfg(feature = "server")]
impl utoipa::ToSchema for Score {}

/// Reads a score from a number (`5.5`, as a JSON body sends it) or a string (`"5.5"`, as a
/// query string does), with at most one decimal: `5.25` is refused rather than rounded.
impl<'de> serde::Deserialize<'de> for Score {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Score, D::Error> {
        struct ScoreVisitor;

        impl serde::de::Visitor<'_> for ScoreVisitor {
            type Value = Score;

            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a score from 1.0 to 10.0 with at most one decimal")
            }

            fn visit_str<E: serde::de::Error>(self, text: &str) -> Result<Score, E> {
                text.parse().map_err(E::custom)
            }

            fn visit_f64<E: serde::de::Error>(self, value: f64) -> Result<Score, E> {
                match nearest_tenth(value) {
                    Some(tenths) => {
                        Score::from_tenths(tenths).ok_or_else(|| E::custom(wrong_score(value)))
                    }
                    None => self.visit_str(&value.to_string()),
                }
            }

            fn visit_u64<E: serde::de::Error>(self, value: u64) -> Result<Score, E> {
                self.visit_str(&value.to_string())
            }

            fn visit_i64<E: serde::de::Error>(self, value: i64) -> Result<Score, E> {
                self.visit_str(&value.to_string())
            }
        }

        deserializer.deserialize_any(ScoreVisitor)
    }
}

/// The whole number of tenths `value` is, within float rounding (5.3, or 2.3000000000000003
/// that a client computed as 23 * 0.1); None for more decimals or a value outside 1.0-10.0,
/// even by a rounding error (10.000000000000002 is above the document's maximum, and a
/// validator of the document refuses it).
fn nearest_tenth(value: f64) -> Option<u8> {
    let tenths = (value * 10.0).round();
    ((value * 10.0 - tenths).abs() <= 1e-6 && (1.0..=10.0).contains(&value)).then_some(tenths as u8)
}

/// What a text that is no score is told.
fn wrong_score(text: impl fmt::Display) -> String {
    format!("a score is a number from 1.0 to 10.0 with at most one decimal, such as 5.5; found '{text}'")
}

impl FromStr for Score {
    type Err = String;

    /// Reads `5`, `5.3` or `10.0`: at most one decimal, read exactly (no float rounding).
    /// Spaces around it are refused, as in the service's other numbers (` 5.5` is not the
    /// document's number).
    fn from_str(text: &str) -> Result<Score, String> {
        let wrong = || wrong_score(text);
        let digits = |part: &str| !part.is_empty() && part.bytes().all(|b| b.is_ascii_digit());
        let (whole, tenth) = match text.split_once('.') {
            Some((whole, tenth)) if tenth.len() == 1 => (whole, tenth),
            // A tenth a float printed in full (`2.3000000000000003`, what a client computes
            // as 23 * 0.1): the same tolerance as for a JSON number; `5.25` stays refused.
            Some((whole, decimals)) if digits(whole) && digits(decimals) => {
                let value: f64 = text.parse().map_err(|_| wrong())?;
                let tenths = nearest_tenth(value).ok_or_else(wrong)?;
                return Score::from_tenths(tenths).ok_or_else(wrong);
            }
            Some(_) => return Err(wrong()),
            None => (text, "0"),
        };
        if !digits(whole) || !digits(tenth) || whole.len() > 2 {
            return Err(wrong());
        }
        let tenths = whole.parse::<u8>().map_err(|_| wrong())? * 10
            + tenth.parse::<u8>().map_err(|_| wrong())?;
        Score::from_tenths(tenths).ok_or_else(wrong)
    }
}

/// One deduction as the score weighs it, given by the genre's rater.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Step {
    /// The technique's level; `None` for bookkeeping, which the score does not count.
    pub level: Option<Level>,
    /// The genre's points for the technique (its harder techniques within a level weigh
    /// more), counted when the step is at the puzzle's level.
    pub points: u32,
    /// A contradiction's chain: the number of the step that broke a rule; 0 for other
    /// techniques.
    pub chain: u32,
    /// A contradiction's hypothesis cell: the values it could still take; 0 for other
    /// techniques.
    pub candidates: u32,
}

/// What the score is computed from: counts over the rater's record, kept as the rater goes.
#[cfg_attr(feature = "server", derive(utoipa::ToSchema))]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct Workload {
    /// Easy deductions (bookkeeping is not counted).
    pub easy: u32,
    /// Medium deductions.
    pub medium: u32,
    /// Hard deductions.
    pub hard: u32,
    /// Expert deductions.
    pub expert: u32,
    /// Times the easy techniques were stuck with cells open, so that a harder deduction was
    /// needed to go on (each starts a stretch of harder deductions).
    pub stalls: u32,
    /// The genre's points of the deductions at the hardest level reached.
    pub points: u32,
    /// The hardest step's contradiction chain, in steps (0 when the hardest level has no
    /// contradiction).
    pub hardest_chain: u32,
    /// Candidates of the hardest step's hypothesis cell (0 when it is no contradiction).
    pub hardest_candidates: u32,
    /// The hardest level reached so far.
    #[serde(skip)]
    top: Option<Level>,
    /// True while the last counted deduction was harder than easy.
    #[serde(skip)]
    stuck: bool,
}

impl Workload {
    /// Counts one deduction, in the order the rater makes them.
    pub fn record(&mut self, step: Step) {
        let Some(level) = step.level else {
            return;
        };
        match level {
            Level::Easy => self.easy += 1,
            Level::Medium => self.medium += 1,
            Level::Hard => self.hard += 1,
            Level::Expert | Level::BeyondExpert => self.expert += 1,
        }
        if level > Level::Easy && !self.stuck {
            self.stalls += 1;
        }
        self.stuck = level > Level::Easy;
        if Some(level) > self.top {
            self.top = Some(level);
            self.points = 0;
            self.hardest_chain = 0;
            self.hardest_candidates = 0;
        }
        if Some(level) == self.top {
            self.points += step.points;
            if (step.chain, step.candidates) > (self.hardest_chain, self.hardest_candidates) {
                self.hardest_chain = step.chain;
                self.hardest_candidates = step.candidates;
            }
        }
    }

    /// The points that place the puzzle in its band.
    pub fn band_points(&self) -> u32 {
        if self.top <= Some(Level::Easy) {
            return self.points;
        }
        let chain = self.hardest_chain.saturating_sub(1) * CHAIN_POINTS;
        let candidates = self.hardest_candidates.saturating_sub(2) * CANDIDATE_POINTS;
        let stalls = self.stalls.saturating_sub(1) * STALL_POINTS;
        chain + candidates + stalls + self.points.saturating_sub(1) * TOP_POINTS
    }

    /// The score of a puzzle the techniques finished at `level`; `None` beyond expert.
    pub fn score(&self, level: Level) -> Option<Score> {
        let band = Score::band(level)?;
        let (low, high) = (u64::from(band.start().0), u64::from(band.end().0));
        let half = u64::from(HALF_POINTS[level as usize]);
        let points = u64::from(self.band_points());
        // `span * points / (points + half)` stays below `span`, so the score stays in the
        // band; the top of the band is reached only in the limit.
        let span = high - low + 1;
        let offset = (span * points / (points + half)).min(span - 1);
        Score::from_tenths((low + offset) as u8)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn step(level: Level, points: u32) -> Step {
        Step {
            level: Some(level),
            points,
            ..Step::default()
        }
    }

    #[test]
    fn scores_read_and_print_exactly() {
        for text in ["1.0", "5.3", "10.0", "7"] {
            let score: Score = text.parse().unwrap();
            assert_eq!(
                score.to_string().trim_end_matches(".0"),
                text.trim_end_matches(".0")
            );
        }
        assert_eq!("5.3".parse::<Score>().unwrap().tenths(), 53);
        assert_eq!("2.3000000000000003".parse::<Score>().unwrap().tenths(), 23);
        assert_eq!("2.2999999999999998".parse::<Score>().unwrap().tenths(), 23);
        for wrong in [
            "0.9",
            "10.1",
            "5.25",
            "",
            ".5",
            "5.",
            "-1",
            "1e1",
            "abc",
            "100",
            "2.9974656694458295",
            " 5.5",
            "5.5 ",
            "10.000000000000002",
            "0.9999999999999999",
        ] {
            assert!(wrong.parse::<Score>().is_err(), "{wrong}");
        }
        assert_eq!(serde_json::to_string(&Score(53)).unwrap(), "5.3");
        for (json, tenths) in [
            ("5.3", 53),
            ("\"5.3\"", 53),
            ("7", 70),
            ("10.0", 100),
            ("1", 10),
        ] {
            let score: Score = serde_json::from_str(json).unwrap();
            assert_eq!(score.tenths(), tenths, "{json}");
        }
        for wrong in [
            "5.25",
            "0.9",
            "10.1",
            "-1",
            "\"abc\"",
            "true",
            "1e3",
            "10.000000000000002",
            "0.9999999999999999",
        ] {
            let error = serde_json::from_str::<Score>(wrong).unwrap_err();
            assert!(error.to_string().contains("score"), "{wrong}: {error}");
        }
        assert_eq!(serde_json::to_string(&Score(100)).unwrap(), "10.0");
    }

    #[test]
    fn bands_follow_the_levels_without_gaps() {
        let mut next = Score::MIN.0;
        for level in Level::RATED {
            let band = Score::band(level).unwrap();
            assert_eq!(band.start().0, next);
            next = band.end().0 + 1;
            for tenths in band.start().0..=band.end().0 {
                assert_eq!(Score(tenths).level(), level);
            }
        }
        assert_eq!(next, Score::MAX.0 + 1);
        assert_eq!(Score::band(Level::BeyondExpert), None);
    }

    #[test]
    fn any_workload_stays_in_its_band() {
        for level in Level::RATED {
            let band = Score::band(level).unwrap();
            for count in [0, 1, 10, 1000, 1_000_000] {
                let mut workload = Workload::default();
                for _ in 0..count.min(1000) {
                    workload.record(step(Level::Easy, 1));
                    workload.record(Step {
                        chain: 20,
                        candidates: 9,
                        ..step(level, 5)
                    });
                }
                workload.points = workload.points.max(count);
                let score = workload.score(level).unwrap();
                assert!(band.contains(&score), "{level} {count}: {score}");
            }
            assert_eq!(Workload::default().score(level), Some(*band.start()));
        }
        assert_eq!(Workload::default().score(Level::BeyondExpert), None);
    }

    #[test]
    fn stalls_count_stretches_of_harder_deductions() {
        let mut workload = Workload::default();
        for level in [
            Level::Easy,
            Level::Medium,
            Level::Medium,
            Level::Easy,
            Level::Hard,
            Level::Medium,
        ] {
            workload.record(step(level, 1));
        }
        // Bookkeeping does not end a stretch.
        workload.record(Step::default());
        workload.record(step(Level::Medium, 1));
        assert_eq!(workload.stalls, 2);
        assert_eq!((workload.easy, workload.medium, workload.hard), (2, 4, 1));
        // Points count only at the hardest level reached.
        assert_eq!(workload.points, 1);
    }

    #[test]
    fn more_work_never_lowers_the_score() {
        let mut workload = Workload::default();
        let first = workload.score(Level::Hard).unwrap();
        let mut last = first;
        for chain in 1..=6 {
            workload.record(step(Level::Easy, 0));
            workload.record(Step {
                chain,
                candidates: 2,
                ..step(Level::Hard, 2)
            });
            let score = workload.score(Level::Hard).unwrap();
            assert!(score >= last, "{chain}: {score} after {last}");
            last = score;
        }
        assert!(last > first);
    }
}
