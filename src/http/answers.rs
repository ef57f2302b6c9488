//! Answers computed once: the recent answers of seeded generations, kept in memory and shared
//! by `/generate` with a seed, `/daily`, the lines of `/generate/batch` and the made puzzles of
//! `/booklet`.
//!
//! A seeded generation's report depends only on what its plan's fingerprint names (the genre,
//! shape, level, score range, seed and the versions: [`GeneratePlan::fingerprint`], which the
//! ETag already is), so the first request for it makes it and the next ones are sent the same
//! JSON. Each answer is kept with and without its solution (one generation gives both, as the
//! pools keep theirs), so a `solution=false` page and a site that shows the solution share it;
//! a daily puzzle is the generation of its date's seed with the date written first.
//!
//! - **Bounded by bytes** (`answer_cache.rs`, where the answers are kept): when a new answer
//!   would take the total over `max_bytes`, the least recently used answers go first. An
//!   answer larger than the whole bound is sent and not kept.
//! - **Filled once per key**: a request that finds no answer and no generation of its key under
//!   way starts one; requests for the same key meanwhile wait for that generation instead of
//!   starting their own. The generation runs in a task of its own, so it goes on when the
//!   request that started it leaves: a seeded `/generate` and a daily puzzle are asked for again
//!   (the next player of the day gets it at once). A batch's line and a book's puzzle are the
//!   exception: a batch or book whose client left stops its work, so a fill only they waited
//!   for is cancelled when nobody waits for it any more.
//! - **Served whatever the budget, at no cost**: a kept answer is sent to any request for its
//!   key, even one whose budget could not have made it (the puzzle is the same; only the work
//!   differs), and it takes no worker and no step of the client's budget. The generation runs
//!   under the budget, deadline and account of the request that started it: a request that
//!   joins it pays nothing. When that budget ran out, a request that joined it with a larger
//!   budget starts the generation again under its own (with the same or a smaller budget, it
//!   would have run out too, and gets the same 422); any other failure is every waiter's.
//! - Failures are not kept: the next request after one tries again.
//!
//! `/metrics` counts hits (`stored`: sent a kept answer; `joined`: waited for a generation
//! under way), misses (started a generation) and fills (by outcome: `made`, `failed`,
//! `cancelled`), by genre, shape and level, and gauges the bytes and answers kept.

use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::time::Instant;

pub(crate) use super::answer_cache::Keep;
use super::answer_cache::{Answer, Fill, Found};
use super::metrics;
use super::pool::Entry;
use super::problem::ApiError;
use super::state::Admitted;
use super::AppState;
use crate::core::{Budget, Error, Stop};
use crate::ops::{GeneratePlan, Plan};

/// A generation run for the cache: the plan (with its solution), its answer written on the
/// worker.
struct Making(GeneratePlan);

impl Plan for Making {
    type Report = Answer;

    fn requested_budget(&self) -> Option<u64> {
        self.0.requested_budget()
    }

    fn generates(&self) -> bool {
        true
    }

    fn run(&self, budget: &mut Budget) -> Result<Answer, Error> {
        self.0.run(budget).map(Answer::of)
    }
}

/// How a request got its answer, for the metrics and the tests.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Source {
    /// A kept answer.
    Stored,
    /// A generation another request started.
    Joined,
    /// A generation it started.
    Made,
}

/// The labels of a plan's metrics.
fn labels(plan: &GeneratePlan) -> [(&'static str, String); 3] {
    [
        ("genre", plan.genre().name().to_string()),
        ("shape", plan.shape().to_string()),
        ("level", plan.level().name().to_string()),
    ]
}

/// The answer of `plan` for a request admitted as `admitted` (the handler's own admission when
/// none): kept, joined or made (see the module's documentation). A plan without a seed is made
/// for this request alone. `entry` is how its generation enters the worker pool, `keep` whether
/// it goes on when nobody waits for it.
pub(crate) async fn answer(
    state: &Arc<AppState>,
    plan: &GeneratePlan,
    admitted: Option<Admitted>,
    entry: Entry,
    keep: Keep,
) -> Result<(Arc<Answer>, Source), ApiError> {
    let admitted = admitted.or_else(Admitted::current);
    // The key is the plan's with the solution, which gives both forms.
    let making = plan.with_solution_reported();
    let Some(key) = making.fingerprint() else {
        let answer = state
            .run_entering(Making(making), admitted.as_ref(), entry)
            .await?;
        ::metrics::counter!(metrics::GENERATION_ATTEMPTS).increment(answer.attempts);
        return Ok((Arc::new(answer), Source::Made));
    };
    let key: Arc<str> = key.into();
    let (budget, deadline) = state.limits(plan, admitted.as_ref());
    let until = Instant::now() + deadline;
    let cache = &state.answers;
    loop {
        let (mut waiting, source, fill) = match cache.find(&key, keep, budget) {
            Found::Kept(answer) => {
                ::metrics::counter!(metrics::ANSWER_CACHE_HITS, &hit_labels(plan, "stored"))
                    .increment(1);
                return Ok((answer, Source::Stored));
            }
            Found::Joined(fill, waiting) => {
                ::metrics::counter!(metrics::ANSWER_CACHE_HITS, &hit_labels(plan, "joined"))
                    .increment(1);
                (waiting, Source::Joined, fill)
            }
            Found::Listed(fill, waiting) => {
                ::metrics::counter!(metrics::ANSWER_CACHE_MISSES, &labels(plan)).increment(1);
                start_fill(
                    state.clone(),
                    key.clone(),
                    fill.clone(),
                    making.clone(),
                    plan.clone(),
                    admitted.clone(),
                    entry,
                );
                (waiting, Source::Made, fill)
            }
        };
        let outcome =
            tokio::time::timeout_at(until.into(), waiting.wait_for(|outcome| outcome.is_some()))
                .await;
        let outcome = match outcome {
            Err(_elapsed) => return Err(Stop::DeadlineExceeded.into()),
            // The fill was given up when nobody waited for it (this request came just then).
            Ok(Err(_given_up)) => continue,
            Ok(Ok(outcome)) => outcome.clone().expect("waited for an outcome"),
        };
        match outcome {
            Ok(answer) => return Ok((answer, source)),
            // A budget larger than the fill's might make it: try again with this one.
            Err(ApiError::Operation(Error::Exhausted(_))) if budget > fill.budget => continue,
            Err(error) => return Err(error),
        }
    }
}

/// Counts a generation made for the cache.
fn count_made(plan: &GeneratePlan, answer: &Answer) {
    ::metrics::counter!(metrics::GENERATION_ATTEMPTS).increment(answer.attempts);
    let mut labels = labels(plan).to_vec();
    labels.push(("outcome", "made".into()));
    ::metrics::counter!(metrics::ANSWER_CACHE_FILLS, &labels).increment(1);
}

fn hit_labels(plan: &GeneratePlan, how: &'static str) -> Vec<(&'static str, String)> {
    let mut labels = labels(plan).to_vec();
    labels.push(("how", how.into()));
    labels
}

/// Takes a fill off the list of those under way when its task ends, however it ends (a
/// runtime shutting down drops the task): its waiters then see it given up.
struct Unlist {
    state: Arc<AppState>,
    key: Arc<str>,
    fill: Arc<Fill>,
}

impl Drop for Unlist {
    fn drop(&mut self) {
        self.state.answers.unlist(&self.key, &self.fill);
    }
}

/// Runs the generation of a fill in a task of its own, and keeps and publishes its outcome.
fn start_fill(
    state: Arc<AppState>,
    key: Arc<str>,
    fill: Arc<Fill>,
    making: GeneratePlan,
    plan: GeneratePlan,
    admitted: Option<Admitted>,
    entry: Entry,
) {
    tokio::spawn(async move {
        let unlist = Unlist {
            state: state.clone(),
            key,
            fill: fill.clone(),
        };
        let run = state.run_entering(Making(making), admitted.as_ref(), entry);
        tokio::pin!(run);
        // Dropping the run cancels its job (see `Pool::enter`).
        let outcome = tokio::select! {
            outcome = &mut run => Some(outcome),
            () = fill.outcome.closed() => {
                if fill.keep.load(Ordering::SeqCst) {
                    Some(run.await)
                } else {
                    None
                }
            }
        };
        let mut fill_labels = labels(&plan).to_vec();
        let Some(outcome) = outcome else {
            fill_labels.push(("outcome", "cancelled".into()));
            ::metrics::counter!(metrics::ANSWER_CACHE_FILLS, &fill_labels).increment(1);
            return;
        };
        let outcome = outcome.map(Arc::new);
        if let Ok(answer) = &outcome {
            state.answers.keep_made(unlist.key.clone(), answer.clone());
        }
        // Listed as under way no more before it is published: a request from now on finds
        // the kept answer, or starts again after a failure.
        drop(unlist);
        match &outcome {
            Ok(answer) => count_made(&plan, answer),
            Err(_) => {
                fill_labels.push(("outcome", "failed".into()));
                ::metrics::counter!(metrics::ANSWER_CACHE_FILLS, &fill_labels).increment(1);
            }
        }
        fill.outcome.send_replace(Some(outcome));
    });
}
