//! What a human-technique rating reports: the level, the techniques used and the deductions,
//! in order, that a hint can replay.

use std::collections::BTreeMap;
use std::fmt;
use std::str::FromStr;

use super::budget::{Budget, Stop};
use super::descriptors::{Descriptors, Hundredths};
use super::level::Level;
use super::score::{Score, Step, Workload};

/// The level a generator is asked for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum TargetLevel {
    /// Exactly this level.
    Exactly(Level),
    /// Any of easy to expert.
    Any,
}

impl TargetLevel {
    /// Whether a generator's candidate, rated, is a puzzle at this level: the rating solved it
    /// at a level this target accepts. A rating that stopped (cancelled, past the deadline, out
    /// of budget) says nothing about the candidate, so it stops the generation instead.
    pub(crate) fn takes(self, rating: &Rating, budget: &Budget) -> Result<bool, Stop> {
        if !rating.complete() {
            budget.check_cancelled()?;
            return Err(Stop::Exhausted);
        }
        Ok(rating.solved && rating.level().is_some_and(|level| self.accepts(level)))
    }

    /// Whether a puzzle rated `level` is what this target asks for (`any`: easy to expert).
    pub fn accepts(self, level: Level) -> bool {
        match self {
            TargetLevel::Exactly(wanted) => wanted == level,
            TargetLevel::Any => level != Level::BeyondExpert,
        }
    }

    /// The name in the API (`easy`, ..., `expert`, `any`).
    pub fn name(self) -> &'static str {
        match self {
            TargetLevel::Exactly(level) => level.name(),
            TargetLevel::Any => "any",
        }
    }
}

impl FromStr for TargetLevel {
    type Err = String;

    fn from_str(text: &str) -> Result<TargetLevel, String> {
        Ok(match text.trim().to_ascii_lowercase().as_str() {
            "easy" => TargetLevel::Exactly(Level::Easy),
            "medium" => TargetLevel::Exactly(Level::Medium),
            "hard" => TargetLevel::Exactly(Level::Hard),
            "expert" => TargetLevel::Exactly(Level::Expert),
            "any" => TargetLevel::Any,
            other => {
                return Err(format!(
                    "unknown level '{other}': expected easy, medium, hard, expert or any"
                ))
            }
        })
    }
}

impl fmt::Display for TargetLevel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A value written into a cell, as the answer format writes it (`'7'`, `'#'` shaded, `'-'`).
#[cfg_attr(feature = "server", derive(utoipa::ToSchema))]
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Placement {
    /// The cell's row, from 0.
    pub row: usize,
    /// The cell's column, from 0.
    pub col: usize,
    /// What is written: a digit, or `#` shaded, `-` unshaded.
    pub value: char,
}

/// Values a deduction took away from a cell, in the answer format's characters.
#[cfg_attr(feature = "server", derive(utoipa::ToSchema))]
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Removal {
    /// The cell's row, from 0.
    pub row: usize,
    /// The cell's column, from 0.
    pub col: usize,
    /// The values taken away, one character each (Kakuro's digits in increasing order).
    pub values: String,
}

/// One step of a human solve: which technique, where, and what it changed.
#[cfg_attr(feature = "server", derive(utoipa::ToSchema))]
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Deduction {
    /// The technique's name in its genre's profile (`single`, `too_heavy`, ...).
    pub technique: &'static str,
    /// The technique's level; none (`null`) for bookkeeping, which counts towards no level.
    pub level: Option<Level>,
    /// The cells whose situation justifies the step, as `[row, col]`.
    pub cells: Vec<[usize; 2]>,
    /// The clue the step reads, when it reads one: the block holding a Kakuro run's sum.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub clue: Option<[usize; 2]>,
    /// The values the step wrote.
    pub placed: Vec<Placement>,
    /// The values the step took away.
    pub removed: Vec<Removal>,
}

/// What a rating established about the level.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The techniques finished the puzzle: the level of the hardest one it needed (easy to
    /// expert) and its score, which lies in the level's band.
    Rated {
        /// The level.
        level: Level,
        /// The score, within the level's band.
        score: Score,
    },
    /// The techniques of every level together got stuck (or a rule broke: the puzzle has no
    /// solution). There is no score.
    BeyondExpert,
    /// The run stopped (the step budget ran out, or the work was cancelled or timed out)
    /// before the techniques finished or got stuck: the level is unknown.
    Unrated(Stop),
}

/// The result of rating a puzzle with a human-technique profile.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rating {
    /// The level and score, when the run finished.
    pub verdict: Verdict,
    /// True when the techniques filled every cell, no rule broke and the run finished (a run
    /// cut short may have filled the last cell before checking every run that holds it).
    pub solved: bool,
    /// How often each technique was applied, by name.
    pub techniques: BTreeMap<&'static str, u32>,
    /// Every step, in order.
    pub deductions: Vec<Deduction>,
    /// Budget steps the rating used.
    pub steps: u64,
    /// What the score is computed from (as far as the run got).
    pub workload: Workload,
    /// The puzzle's size and openness.
    pub descriptors: Descriptors,
}

impl Rating {
    /// A rating where no technique ran, for `verdict`: [`Verdict::BeyondExpert`] for a
    /// puzzle found to have no solution before the techniques started, [`Verdict::Unrated`]
    /// when the work stopped first. `descriptors` are the puzzle's.
    pub fn without_deductions(verdict: Verdict, steps: u64, descriptors: Descriptors) -> Rating {
        Rating {
            verdict,
            solved: false,
            techniques: BTreeMap::new(),
            deductions: Vec::new(),
            steps,
            workload: Workload::default(),
            descriptors,
        }
    }

    /// The level, when the run finished: easy to expert, or beyond expert.
    pub fn level(&self) -> Option<Level> {
        match self.verdict {
            Verdict::Rated { level, .. } => Some(level),
            Verdict::BeyondExpert => Some(Level::BeyondExpert),
            Verdict::Unrated(_) => None,
        }
    }

    /// The score, when the techniques finished the puzzle.
    pub fn score(&self) -> Option<Score> {
        match self.verdict {
            Verdict::Rated { score, .. } => Some(score),
            _ => None,
        }
    }

    /// False when the run stopped before the techniques finished or got stuck.
    pub fn complete(&self) -> bool {
        !matches!(self.verdict, Verdict::Unrated(_))
    }
}

/// What a rater keeps as it goes, the same in every genre: the deductions in order, the count
/// of each technique, the hardest level, the score's workload, and the candidates where the
/// easy techniques first got stuck.
#[derive(Clone, Debug, Default)]
pub struct RatingRecord {
    pub deductions: Vec<Deduction>,
    techniques: BTreeMap<&'static str, u32>,
    hardest: Option<Level>,
    workload: Workload,
    after_easy: Option<Hundredths>,
}

impl RatingRecord {
    /// Called before a deduction of `level` changes anything: the first one harder than easy
    /// finds the candidates where the easy techniques got stuck (`mean_candidates` per cell).
    pub fn before(&mut self, level: Option<Level>, mean_candidates: impl FnOnce() -> Hundredths) {
        if level > Some(Level::Easy) && self.after_easy.is_none() {
            self.after_easy = Some(mean_candidates());
        }
    }

    /// Records a deduction once made, with what the score weighs of it: the genre's `points`
    /// for its technique, and for a contradiction its `chain` and its cell's `candidates`
    /// (see [`Step`]).
    pub fn push(&mut self, deduction: Deduction, points: u32, chain: u32, candidates: u32) {
        self.workload.record(Step {
            level: deduction.level,
            points,
            chain,
            candidates,
        });
        self.hardest = self.hardest.max(deduction.level);
        *self.techniques.entry(deduction.technique).or_insert(0) += 1;
        self.deductions.push(deduction);
    }

    /// The rating of a run that ended with `finished`: rated at the hardest level needed when
    /// the techniques `solved` the puzzle, beyond expert when they got stuck, unrated when the
    /// run stopped. `descriptors` are the puzzle's; `mean_candidates` gives the candidates
    /// per cell now, which are where the easy techniques stopped when no harder deduction
    /// was made.
    pub fn into_rating(
        mut self,
        finished: Result<(), Stop>,
        solved: bool,
        steps: u64,
        descriptors: Descriptors,
        mean_candidates: impl FnOnce() -> Hundredths,
    ) -> Rating {
        if finished.is_ok() && self.after_easy.is_none() {
            self.after_easy = Some(mean_candidates());
        }
        let verdict = match finished {
            Err(stop) => Verdict::Unrated(stop),
            Ok(()) if !solved => Verdict::BeyondExpert,
            Ok(()) => {
                let level = self.hardest.unwrap_or(Level::Easy);
                match self.workload.score(level) {
                    Some(score) => Verdict::Rated { level, score },
                    None => Verdict::BeyondExpert,
                }
            }
        };
        Rating {
            verdict,
            solved: solved && finished.is_ok(),
            techniques: self.techniques,
            deductions: self.deductions,
            steps,
            workload: self.workload,
            descriptors: Descriptors {
                mean_candidates_after_easy: self.after_easy,
                ..descriptors
            },
        }
    }
}
