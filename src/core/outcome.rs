//! What an exact solver reports.

use super::budget::Stop;

/// The solutions a search found, and whether it finished.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SolveOutcome<S> {
    /// At most the caller's limit of solutions, in the order found.
    pub solutions: Vec<S>,
    /// True when the search finished: `solutions` is then every solution, or the limit was hit.
    pub complete: bool,
    /// Why the search stopped early, when it did.
    pub stopped: Option<Stop>,
    /// Budget steps used.
    pub steps: u64,
}

impl<S> SolveOutcome<S> {
    /// A finished search that found nothing: what a genre reports for a puzzle it cannot
    /// lay out.
    pub fn no_solution() -> SolveOutcome<S> {
        SolveOutcome {
            solutions: Vec::new(),
            complete: true,
            stopped: None,
            steps: 0,
        }
    }

    /// How many solutions were found (never more than the limit).
    pub fn count(&self) -> usize {
        self.solutions.len()
    }

    /// True when the puzzle is proven to have exactly one solution.
    pub fn unique(&self) -> bool {
        self.complete && self.solutions.len() == 1
    }

    /// The same outcome with each solution converted.
    pub fn map<T>(self, f: impl FnMut(S) -> T) -> SolveOutcome<T> {
        SolveOutcome {
            solutions: self.solutions.into_iter().map(f).collect(),
            complete: self.complete,
            stopped: self.stopped,
            steps: self.steps,
        }
    }
}

/// A broken rule found while narrowing candidates: the state has no solution.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Contradiction;

/// Why a propagation ended before its fixpoint.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Halt {
    Contradiction,
    Stopped(Stop),
}

impl From<Stop> for Halt {
    fn from(stop: Stop) -> Halt {
        Halt::Stopped(stop)
    }
}

impl From<Contradiction> for Halt {
    fn from(_: Contradiction) -> Halt {
        Halt::Contradiction
    }
}
