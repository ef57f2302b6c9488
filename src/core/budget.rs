//! The step budget every search runs under, with cooperative cancellation.
//!
//! A blocking thread cannot be killed from outside; only the search itself can stop. So every
//! search spends steps from a [`Budget`] and stops when the count runs out or when another
//! thread raises the shared [`CancelFlag`] (a client went away, a deadline passed). The flag is
//! read every [`CHECK_INTERVAL`] steps, which keeps the hot loops free of atomic reads while
//! bounding the reaction time to well under a millisecond.

use std::fmt;
use std::sync::atomic::{AtomicU64, AtomicU8, Ordering};
use std::sync::Arc;
use std::time::Duration;

/// How many steps pass between two reads of the cancellation flag.
pub const CHECK_INTERVAL: u64 = 256;

/// Why a search stopped before it finished.
#[cfg_attr(feature = "server", derive(utoipa::ToSchema))]
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Stop {
    /// The step budget ran out.
    Exhausted,
    /// The caller cancelled the work (for example, the client disconnected).
    Cancelled,
    /// The caller's deadline passed.
    DeadlineExceeded,
}

impl fmt::Display for Stop {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Stop::Exhausted => "the step budget ran out",
            Stop::Cancelled => "the work was cancelled",
            Stop::DeadlineExceeded => "the deadline passed",
        })
    }
}

impl std::error::Error for Stop {}

const RUNNING: u8 = 0;
const CANCELLED: u8 = 1;
const DEADLINE: u8 = 2;

/// Asked whenever a flag is read, for a host with no second thread to raise the flag: a Web
/// Worker, whose event loop is blocked while it searches, reads a cell of shared memory or a
/// clock through it. `Some` stops the searches as if the flag had been raised.
pub type StopPoll = fn() -> Option<Stop>;

/// A flag that any thread can raise to stop the searches that share it.
#[derive(Clone, Debug, Default)]
pub struct CancelFlag {
    state: Arc<AtomicU8>,
    poll: Option<StopPoll>,
    /// The flag this one was linked to ([`CancelFlag::linked`]): raising it stops this one's
    /// searches too.
    parent: Option<Box<CancelFlag>>,
}

impl CancelFlag {
    /// A flag not raised.
    pub fn new() -> CancelFlag {
        CancelFlag::default()
    }

    /// A flag that also stops when `poll` says so (read every [`CHECK_INTERVAL`] steps).
    pub fn polling(poll: StopPoll) -> CancelFlag {
        CancelFlag {
            state: Arc::default(),
            poll: Some(poll),
            parent: None,
        }
    }

    /// A flag of its own that also stops when this one does: work started beside a search
    /// (a candidate examined ahead of its turn) can be stopped alone, and stops with the
    /// search when the search is stopped.
    pub fn linked(&self) -> CancelFlag {
        CancelFlag {
            state: Arc::default(),
            poll: None,
            parent: Some(Box::new(self.clone())),
        }
    }

    /// Ask the searches holding this flag to stop; they report [`Stop::Cancelled`].
    pub fn cancel(&self) {
        self.raise(CANCELLED);
    }

    /// Stop because time ran out; the searches report [`Stop::DeadlineExceeded`].
    pub fn expire(&self) {
        self.raise(DEADLINE);
    }

    fn raise(&self, reason: u8) {
        let _ = self
            .state
            .compare_exchange(RUNNING, reason, Ordering::Relaxed, Ordering::Relaxed);
    }

    /// The reason to stop, if the flag was raised (or its poll says so: then the flag stays
    /// raised, so every later read agrees without asking again).
    pub fn stop_reason(&self) -> Option<Stop> {
        match self.state.load(Ordering::Relaxed) {
            RUNNING => {
                let stop = self
                    .parent
                    .as_ref()
                    .and_then(|parent| parent.stop_reason())
                    .or_else(|| self.poll.and_then(|poll| poll()))?;
                self.raise(match stop {
                    Stop::DeadlineExceeded => DEADLINE,
                    Stop::Cancelled | Stop::Exhausted => CANCELLED,
                });
                self.stop_reason()
            }
            CANCELLED => Some(Stop::Cancelled),
            _ => Some(Stop::DeadlineExceeded),
        }
    }
}

/// What a search's steps are being spent on, named by the operation that runs it, so that a
/// budget that runs out can say what was being done. Its [`name`](Stage::name) is what the
/// problem object's `stage` says.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Stage {
    /// Nothing named yet: a budget's stage before an operation names one.
    Working,
    /// Solving a puzzle (`solve`).
    Solving,
    /// Proving a rated puzzle unique (`rate`).
    ProvingUniqueness,
    /// Rating a puzzle with the genre's techniques (`rate`).
    Rating,
    /// Finding the one solution a drawing or a hint needs (`render`, `hint`).
    FindingTheSolution,
    /// Replaying the rater to the player's position (`hint`).
    Hinting,
    /// Generating a puzzle (`generate`, a batch).
    Generating,
    /// Generating the daily puzzle: the one puzzle of its date, which has no other seed.
    GeneratingDaily,
}

impl Stage {
    /// The stage in plain words, as the problem object's `stage` says it.
    pub fn name(self) -> &'static str {
        match self {
            Stage::Working => "working",
            Stage::Solving => "solving",
            Stage::ProvingUniqueness => "proving uniqueness",
            Stage::Rating => "rating",
            Stage::FindingTheSolution => "finding the solution",
            Stage::Hinting => "hinting",
            Stage::Generating => "generating",
            Stage::GeneratingDaily => "generating the daily puzzle",
        }
    }
}

impl fmt::Display for Stage {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// How far a search got: the steps it spent of the budget it had, and what it was doing. What
/// an operation whose budget ran out reports ([`crate::Error::Exhausted`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Progress {
    /// Steps spent.
    pub steps: u64,
    /// The budget it had.
    pub budget: u64,
    /// What it was doing.
    pub stage: Stage,
}

/// A count of steps a search may still take, plus the flag that cancels it.
///
/// What one step is depends on the search; each search documents its unit (for the Kakuro
/// solver, one run filtered). Budgets are checked, never trusted to be exact: a search may
/// overrun by the work of one step.
#[derive(Clone, Debug)]
pub struct Budget {
    /// The steps it started with.
    limit: u64,
    remaining: u64,
    used: u64,
    next_check: u64,
    cancel: CancelFlag,
    /// Set when a spend found too few steps left.
    ran_out: bool,
    /// What the search is doing, for a caller that reports how far it got.
    stage: Stage,
    /// Threads the work may use at once (1: the caller's own; see [`Budget::with_threads`]).
    threads: usize,
    /// Measures the CPU time of the threads the work starts beside the caller's (see
    /// [`Budget::with_cpu_clock`]).
    helpers: Option<HelperClock>,
}

/// The CPU time spent by the threads a search started beside its caller's, measured by each of
/// them with the clock of the door (the core has no clock of its own: the web target has none).
#[derive(Clone, Debug)]
pub struct HelperClock {
    /// The CPU time of the calling thread.
    clock: fn() -> Duration,
    spent_nanos: Arc<AtomicU64>,
}

impl HelperClock {
    /// Runs `work` on the calling thread (a helper's), adding the CPU time it took.
    pub fn time<T>(&self, work: impl FnOnce() -> T) -> T {
        let started = (self.clock)();
        let result = work();
        let spent = (self.clock)().saturating_sub(started);
        let nanos = u64::try_from(spent.as_nanos()).unwrap_or(u64::MAX);
        self.spent_nanos.fetch_add(nanos, Ordering::Relaxed);
        result
    }
}

impl Budget {
    /// A budget of `steps` with a fresh flag nobody else holds.
    pub fn new(steps: u64) -> Budget {
        Budget::with_flag(steps, CancelFlag::new())
    }

    /// A budget that is practically unlimited (for tests and tools).
    pub fn unlimited() -> Budget {
        Budget::new(u64::MAX / 2)
    }

    /// A budget of `steps` that also stops when `flag` is raised.
    pub fn with_flag(steps: u64, flag: CancelFlag) -> Budget {
        Budget {
            limit: steps,
            remaining: steps,
            used: 0,
            next_check: CHECK_INTERVAL,
            cancel: flag,
            ran_out: false,
            stage: Stage::Working,
            threads: 1,
            helpers: None,
        }
    }

    /// The same budget, letting the work use up to `threads` threads at once (at least 1):
    /// what a door's fairness gives a request. Only work whose result does not depend on it
    /// uses more than one (a generation by score, and the Kakuro generator above 16x16,
    /// examine candidates ahead of their turn, see `in_order.rs`); a child budget has one.
    pub fn with_threads(mut self, threads: usize) -> Budget {
        self.threads = threads.max(1);
        self
    }

    /// Threads the work may use at once.
    pub fn threads(&self) -> usize {
        self.threads
    }

    /// Runs `work` with this budget allowing one thread (its other threads are busy), then
    /// gives the budget its threads back.
    pub(crate) fn with_one_thread<T>(&mut self, work: impl FnOnce(&mut Budget) -> T) -> T {
        let threads = std::mem::replace(&mut self.threads, 1);
        let result = work(self);
        self.threads = threads;
        result
    }

    /// The same budget, measuring with `clock` (the calling thread's CPU time) what the threads
    /// the work starts beside the caller's spend: a door that charges its client the CPU time
    /// of its work charges theirs too ([`Budget::helpers_cpu_time`]).
    pub fn with_cpu_clock(mut self, clock: fn() -> Duration) -> Budget {
        self.helpers = Some(HelperClock {
            clock,
            spent_nanos: Arc::default(),
        });
        self
    }

    /// The clock the threads the work starts time themselves with, if the caller gave one.
    pub fn helper_clock(&self) -> Option<&HelperClock> {
        self.helpers.as_ref()
    }

    /// The CPU time the threads the work started beside the caller's have spent so far (zero
    /// without a clock, see [`Budget::with_cpu_clock`]).
    pub fn helpers_cpu_time(&self) -> Duration {
        self.helpers.as_ref().map_or(Duration::ZERO, |helpers| {
            Duration::from_nanos(helpers.spent_nanos.load(Ordering::Relaxed))
        })
    }

    /// Names what the steps spent from now on are for: a caller whose budget ran out can say
    /// what was being done.
    pub fn set_stage(&mut self, stage: Stage) {
        self.stage = stage;
    }

    /// What the steps were being spent on, as last named by [`Budget::set_stage`].
    pub fn stage(&self) -> Stage {
        self.stage
    }

    /// The steps this budget started with.
    pub fn limit(&self) -> u64 {
        self.limit
    }

    /// How far the work under this budget has got: the steps spent of its limit, and the
    /// stage.
    pub fn progress(&self) -> Progress {
        Progress {
            steps: self.used,
            budget: self.limit,
            stage: self.stage,
        }
    }

    /// Spend `steps`; an error says the search must stop now.
    #[inline]
    pub fn spend(&mut self, steps: u64) -> Result<(), Stop> {
        if self.remaining < steps {
            self.used += self.remaining;
            self.remaining = 0;
            self.ran_out = true;
            return Err(Stop::Exhausted);
        }
        self.remaining -= steps;
        self.used += steps;
        if self.used >= self.next_check {
            self.next_check = self.used + CHECK_INTERVAL;
            if let Some(stop) = self.cancel.stop_reason() {
                return Err(stop);
            }
        }
        Ok(())
    }

    /// Spend one step.
    #[inline]
    pub fn step(&mut self) -> Result<(), Stop> {
        self.spend(1)
    }

    /// Steps spent so far.
    pub fn used(&self) -> u64 {
        self.used
    }

    /// Steps left.
    pub fn remaining(&self) -> u64 {
        self.remaining
    }

    /// The flag this budget watches.
    pub fn flag(&self) -> &CancelFlag {
        &self.cancel
    }

    /// Stop now if the flag was raised, whatever the step count.
    pub fn check_cancelled(&self) -> Result<(), Stop> {
        match self.cancel.stop_reason() {
            Some(stop) => Err(stop),
            None => Ok(()),
        }
    }

    /// A budget for a sub-search: at most `steps` of what is left, sharing the same flag.
    /// Give back what it did not use with [`Budget::absorb`].
    pub fn child(&self, steps: u64) -> Budget {
        let mut child = Budget::with_flag(steps.min(self.remaining), self.cancel.clone());
        child.stage = self.stage;
        child
    }

    /// Charge the steps a child budget used to this one.
    pub fn absorb(&mut self, child: &Budget) -> Result<(), Stop> {
        self.spend(child.used())
    }

    /// Runs a sub-search whose own limit of `steps` is part of an algorithm (a generator: what
    /// the sub-search finds within that many steps decides what comes next, so it must not
    /// depend on the caller's budget). The sub-search gets `steps`, or what is left here when
    /// that is less; if it then runs out, it might have found more with its own limit, so this
    /// budget's exhaustion is reported rather than a result that could differ. A sub-search that
    /// finishes within what was left gives exactly the result its own limit would. Its steps
    /// are charged here.
    pub fn sub_search<T>(
        &mut self,
        steps: u64,
        search: impl FnOnce(&mut Budget) -> T,
    ) -> Result<T, Stop> {
        let cut_short = self.remaining < steps;
        let mut child = self.child(steps);
        let result = search(&mut child);
        self.absorb(&child)?;
        if cut_short && child.ran_out {
            return Err(Stop::Exhausted);
        }
        Ok(result)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn runs_out_after_its_steps() {
        let mut budget = Budget::new(3);
        assert!(budget.step().is_ok());
        assert!(budget.spend(2).is_ok());
        assert_eq!(budget.step(), Err(Stop::Exhausted));
        assert_eq!(budget.used(), 3);
    }

    #[test]
    fn progress_says_the_steps_spent_of_the_limit_and_the_stage() {
        let mut budget = Budget::new(10);
        assert_eq!(budget.stage(), Stage::Working);
        budget.set_stage(Stage::Rating);
        budget.spend(4).unwrap();
        let child = budget.child(100);
        assert_eq!((child.limit(), child.stage()), (6, Stage::Rating));
        assert_eq!(
            budget.progress(),
            Progress {
                steps: 4,
                budget: 10,
                stage: Stage::Rating
            }
        );
        assert_eq!(Stage::ProvingUniqueness.to_string(), "proving uniqueness");
    }

    #[test]
    fn a_raised_flag_stops_the_search_within_one_interval() {
        let flag = CancelFlag::new();
        let mut budget = Budget::with_flag(1_000_000, flag.clone());
        flag.cancel();
        let mut steps = 0;
        while budget.step().is_ok() {
            steps += 1;
        }
        assert!(steps < CHECK_INTERVAL);
        assert_eq!(budget.check_cancelled(), Err(Stop::Cancelled));
    }

    #[test]
    fn a_poll_that_says_stop_raises_the_flag_for_good() {
        static ASKED: AtomicU8 = AtomicU8::new(0);
        fn stop_on_second_ask() -> Option<Stop> {
            (ASKED.fetch_add(1, Ordering::Relaxed) >= 1).then_some(Stop::Cancelled)
        }
        let mut budget = Budget::with_flag(1_000_000, CancelFlag::polling(stop_on_second_ask));
        let mut steps = 0;
        while budget.step().is_ok() {
            steps += 1;
        }
        assert_eq!(steps, 2 * CHECK_INTERVAL - 1);
        assert_eq!(budget.check_cancelled(), Err(Stop::Cancelled));
        assert_eq!(ASKED.load(Ordering::Relaxed), 2);
    }

    #[test]
    fn the_first_reason_wins() {
        let flag = CancelFlag::new();
        flag.expire();
        flag.cancel();
        assert_eq!(flag.stop_reason(), Some(Stop::DeadlineExceeded));
    }

    #[test]
    fn a_sub_search_cut_short_is_this_budgets_exhaustion() {
        let run = |budget: &mut Budget, needs: u64| {
            budget.sub_search(1000, |child| {
                let mut taken = 0;
                while taken < needs && child.step().is_ok() {
                    taken += 1;
                }
                taken
            })
        };
        // Within what is left: the same result as with the full limit.
        assert_eq!(run(&mut Budget::new(100), 50), Ok(50));
        assert_eq!(run(&mut Budget::new(5000), 50), Ok(50));
        // Runs out of its own limit: a result (the search decides what that means).
        assert_eq!(run(&mut Budget::new(5000), 2000), Ok(1000));
        // Runs out of what was left: the caller's budget is exhausted.
        assert_eq!(run(&mut Budget::new(100), 2000), Err(Stop::Exhausted));
        let mut budget = Budget::new(5000);
        run(&mut budget, 50).unwrap();
        assert_eq!(budget.used(), 50);
    }

    #[test]
    fn a_child_shares_the_flag_and_is_charged_back() {
        let flag = CancelFlag::new();
        let mut parent = Budget::with_flag(100, flag.clone());
        let mut child = parent.child(1000);
        assert_eq!(child.remaining(), 100);
        child.spend(40).unwrap();
        parent.absorb(&child).unwrap();
        assert_eq!(parent.used(), 40);
        flag.cancel();
        assert_eq!(child.check_cancelled(), Err(Stop::Cancelled));
    }
}
