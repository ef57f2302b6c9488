//! The one loop every human-technique rater runs, over a small [`Ladder`] trait, as the exact
//! solvers share one search ([`super::search`]).
//!
//! A genre's rater supplies its ladder: the state of a human solve (candidates, what is
//! written, which places changed since a technique last found nothing there) and the next
//! deduction of the easiest technique that makes progress, which it then applies. This module
//! supplies the rest, in one place: the loop that applies deductions until none applies or a
//! rule breaks, the record of every deduction in order ([`RatingRecord`]), the rating that
//! record gives, and the replay from a player's position to the next placement that a hint
//! explains.
//!
//! Budget steps: the loop spends one step before each deduction it looks for; the ladder
//! spends its own while looking (one per technique tried at one place, in both raters).

use super::budget::{Budget, Stop};
use super::descriptors::{Descriptors, Hundredths};
use super::level::Level;
use super::outcome::Contradiction;
use super::rating::{Deduction, Rating, RatingRecord};

/// A genre's technique ladder, as the rater loop sees it.
pub trait Ladder {
    /// One deduction, found but not applied yet.
    type Change;

    /// The next deduction, by the easiest technique that makes progress: `Ok(None)` when none
    /// does (every cell decided, or every technique stuck), `Err(Contradiction)` when a rule
    /// broke (only in a puzzle without solution). Spends the budget's steps while looking.
    fn next_change(
        &mut self,
        budget: &mut Budget,
    ) -> Result<Result<Option<Self::Change>, Contradiction>, Stop>;

    /// The level of the change's technique (`None` for bookkeeping).
    fn level(change: &Self::Change) -> Option<Level>;

    /// True when the change writes a cell in: where a hint's replay stops.
    fn places(change: &Self::Change) -> bool;

    /// Applies the change to the state: the deduction to record, with what the score weighs
    /// of it.
    fn apply(&mut self, change: Self::Change) -> Applied;

    /// True when every cell is decided (and, where the genre can tell, every clue met).
    fn solved(&self) -> bool;

    /// The mean number of values a cell can still take.
    fn mean_candidates(&self) -> Hundredths;
}

/// A deduction applied, with what the score weighs of it (see [`RatingRecord::push`]).
pub struct Applied {
    /// The deduction, for the record.
    pub deduction: Deduction,
    /// The genre's points for its technique.
    pub points: u32,
    /// A contradiction's chain length (0 otherwise).
    pub chain: u32,
    /// A contradiction's cell's candidates (0 otherwise).
    pub candidates: u32,
}

/// A ladder with the record of what it applied.
struct Rater<L> {
    ladder: L,
    record: RatingRecord,
}

impl<L: Ladder> Rater<L> {
    fn new(ladder: L) -> Rater<L> {
        Rater {
            ladder,
            record: RatingRecord::default(),
        }
    }

    /// Applies deductions until none applies. Stops with the budget; `Ok(true)` when a rule
    /// broke (only possible in a puzzle without solution), which ends the rating unsolved even
    /// when every cell is written by then (a last cell can be written before its other clue is
    /// checked).
    fn run(&mut self, budget: &mut Budget) -> Result<bool, Stop> {
        loop {
            budget.step()?;
            match self.ladder.next_change(budget)? {
                Ok(Some(change)) => self.apply(change),
                Ok(None) => return Ok(false),
                Err(Contradiction) => return Ok(true),
            }
        }
    }

    /// Applies a change and records it as a deduction; the candidates before a first
    /// deduction harder than easy are where the easy techniques got stuck.
    fn apply(&mut self, change: L::Change) {
        let ladder = &self.ladder;
        self.record
            .before(L::level(&change), || ladder.mean_candidates());
        let applied = self.ladder.apply(change);
        self.record.push(
            applied.deduction,
            applied.points,
            applied.chain,
            applied.candidates,
        );
    }
}

/// Rates with `ladder` from its start: the level of the hardest technique the solve needed,
/// the deductions in order, the score, and `descriptors` (the puzzle's) with the candidates
/// after the easy techniques.
pub fn rate<L: Ladder>(ladder: L, descriptors: Descriptors, budget: &mut Budget) -> Rating {
    let start = budget.used();
    let mut rater = Rater::new(ladder);
    let ran = rater.run(budget);
    let solved = matches!(ran, Ok(false)) && rater.ladder.solved();
    let finished = ran.map(|_| ());
    let ladder = &rater.ladder;
    rater
        .record
        .into_rating(finished, solved, budget.used() - start, descriptors, || {
            ladder.mean_candidates()
        })
}

/// Rates on from a player's position (the ladder set up with the player's entries) in the
/// usual order until a deduction writes a cell in. The record up to and including that
/// deduction; `None` when the techniques get stuck (or a rule breaks) before one does.
pub fn replay_to_placement<L: Ladder>(
    ladder: L,
    budget: &mut Budget,
) -> Result<Option<Vec<Deduction>>, Stop> {
    let mut rater = Rater::new(ladder);
    loop {
        budget.step()?;
        let change = match rater.ladder.next_change(budget)? {
            Ok(Some(change)) => change,
            Ok(None) | Err(Contradiction) => return Ok(None),
        };
        let places = L::places(&change);
        rater.apply(change);
        if places {
            return Ok(Some(rater.record.deductions));
        }
    }
}
