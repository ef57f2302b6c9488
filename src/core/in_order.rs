//! Examining candidates in a fixed order, some of them ahead of their turn on threads of their
//! own, with the outcome of examining them one after another: the machinery behind a
//! generation by score ([`super::score_range`]) and a generator whose candidates are
//! independent of each other (the Kakuro generator above the spec's sizes).

use super::{Budget, CancelFlag, Error, Stage};

/// Threads one examination uses at most, whatever its budget allows.
const MAX_THREADS: usize = 64;

/// Examines candidates `0..count` in order with `examine` and gives each outcome, in order,
/// to `keep`; the first thing `keep` returns is the answer (None: no candidate was kept).
///
/// With a budget that allows more than one thread ([`Budget::with_threads`]), the next
/// candidates are examined ahead of their turn on threads of their own (none on the web
/// target, which has no threads), each under a budget of what was left when it started and a
/// flag linked to this budget's. A candidate examined ahead counts only when its turn comes
/// and its examination succeeded within what is left then: its steps are charged here as the
/// candidates before it were. Anything else (it ran out, failed, or needed more than is left
/// now) is examined again in its turn on this thread, as without threads. So the answer, what
/// `keep` saw and the budget's verdict are those of the candidates examined one after another,
/// on every machine and with any number of threads, provided `examine` depends only on the
/// candidate's index and, through its budget, on the steps left (a search that runs out of
/// them fails, never answers differently); work on candidates after the kept one is wasted
/// and not counted, at most one candidate a thread. A candidate examined on this thread while
/// others are under way gets a budget of one thread: the others hold the rest.
pub(crate) fn first_in_order<T: Send, R>(
    count: usize,
    budget: &mut Budget,
    examine: impl Fn(usize, &mut Budget) -> Result<T, Error> + Sync,
    mut keep: impl FnMut(usize, T) -> Option<R>,
) -> Result<Option<R>, Error> {
    let threads = if cfg!(target_arch = "wasm32") {
        1
    } else {
        budget.threads().min(MAX_THREADS)
    };
    std::thread::scope(|scope| {
        let mut ahead = Ahead {
            examined: std::collections::VecDeque::new(),
            next: 1,
        };
        for index in 0..count {
            budget.check_cancelled()?;
            let early = ahead.take(index);
            // Keep the next candidates under way on the other threads while this one is
            // awaited or examined.
            while ahead.examined.len() + 1 < threads && ahead.next < count {
                let flag = budget.flag().linked();
                let mut own = Budget::with_flag(budget.remaining(), flag.clone());
                own.set_stage(budget.stage());
                let next = ahead.next;
                let examine = &examine;
                let clock = budget.helper_clock().cloned();
                let work = move || (examine(next, &mut own), own);
                ahead.examined.push_back(Examined {
                    index: next,
                    flag,
                    thread: scope.spawn(move || match clock {
                        Some(clock) => clock.time(work),
                        None => work(),
                    }),
                });
                ahead.next += 1;
            }
            let outcome = match early.and_then(|examined| examined.fitting(budget)) {
                Some((outcome, steps, stage)) => {
                    budget.spend(steps)?;
                    budget.set_stage(stage);
                    outcome
                }
                None if threads > 1 => budget.with_one_thread(|budget| examine(index, budget))?,
                None => examine(index, budget)?,
            };
            if let Some(kept) = keep(index, outcome) {
                return Ok(Some(kept));
            }
        }
        Ok(None)
    })
}

/// The candidates examined ahead of their turn, in order, and the next one to start.
struct Ahead<'scope, T> {
    examined: std::collections::VecDeque<Examined<'scope, T>>,
    next: usize,
}

/// However the examination ends (an answer, a failure, its budget spent), the candidates still
/// under way are not needed: they stop at their next check, and the scope waits for them.
impl<T> Drop for Ahead<'_, T> {
    fn drop(&mut self) {
        for examined in &self.examined {
            examined.flag.cancel();
        }
    }
}

impl<'scope, T> Ahead<'scope, T> {
    /// The candidate `index`, when it was started ahead of its turn.
    fn take(&mut self, index: usize) -> Option<Examined<'scope, T>> {
        if self.examined.front()?.index == index {
            self.examined.pop_front()
        } else {
            None
        }
    }
}

/// A candidate under way on a thread of its own.
struct Examined<'scope, T> {
    index: usize,
    /// Stops it alone (linked to the examination's flag).
    flag: CancelFlag,
    thread: std::thread::ScopedJoinHandle<'scope, (Result<T, Error>, Budget)>,
}

impl<T> Examined<'_, T> {
    /// Its outcome, the steps it took and its budget's last stage, when it succeeded within
    /// what `budget` has left: what examining it now would give. None otherwise (it is
    /// examined again in its turn).
    fn fitting(self, budget: &Budget) -> Option<(T, u64, Stage)> {
        // A panic on that thread is met again when the candidate is examined in its turn.
        let (outcome, own) = self.thread.join().ok()?;
        let outcome = outcome.ok()?;
        (own.used() <= budget.remaining()).then(|| (outcome, own.used(), own.stage()))
    }
}
