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
//! - **Bounded by bytes**: every kept answer's two JSON forms and its key count; when a new
//!   answer would take the total over `max_bytes`, the least recently used answers go first.
//!   An answer larger than the whole bound is sent and not kept.
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

use std::collections::{BTreeMap, HashMap};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::time::Instant;

use axum::body::Bytes;

use super::metrics;
use super::pool::Entry;
use super::problem::ApiError;
use super::state::Admitted;
use super::AppState;
use crate::core::{Budget, Error, Stop};
use crate::ops::{GeneratePlan, GenerateReport, Plan};
#[cfg(feature = "print")]
use crate::print::BookPuzzle;

/// What a kept answer costs beyond its JSON and key: its map entries and counters.
const ENTRY_OVERHEAD: usize = 128;

/// A generation's answer as it is sent: its report's JSON with and without the solution,
/// written on the worker that made it, so that sending it costs the async runtime no
/// serialising. The pools keep their puzzles so too.
#[derive(Debug)]
pub(crate) struct Answer {
    /// The steps its generation took.
    pub steps: u64,
    /// The candidates its generation screened.
    pub attempts: u64,
    full: Bytes,
    bare: Bytes,
    /// What a book prints of it (a book's puzzles share the answers kept).
    #[cfg(feature = "print")]
    printed: BookPuzzle,
}

impl Answer {
    /// The two forms of `report` (made with its solution).
    pub fn of(report: GenerateReport) -> Answer {
        let json = |report: &GenerateReport| {
            Bytes::from(serde_json::to_vec(report).expect("a report is plain data"))
        };
        #[cfg(feature = "print")]
        let printed = BookPuzzle::from(&report);
        Answer {
            steps: report.stats.steps,
            attempts: report.stats.attempts,
            full: json(&report),
            bare: json(&report.without_solution()),
            #[cfg(feature = "print")]
            printed,
        }
    }

    /// The puzzle as a book prints it.
    #[cfg(feature = "print")]
    pub fn printed(&self) -> &BookPuzzle {
        &self.printed
    }

    /// What it costs a memory bound.
    pub fn bytes(&self) -> usize {
        #[cfg(feature = "print")]
        let printed = std::mem::size_of::<BookPuzzle>() + self.printed.heap_bytes();
        #[cfg(not(feature = "print"))]
        let printed = 0;
        self.full.len() + self.bare.len() + printed
    }

    /// The JSON `/generate` sends, with the solution or without it.
    pub fn json(&self, with_solution: bool) -> Bytes {
        if with_solution {
            self.full.clone()
        } else {
            self.bare.clone()
        }
    }

    /// The JSON `/daily` sends for `date`: the [`crate::ops::DailyReport`], whose `date` comes
    /// first and the generation's fields after it (a test checks it against serialising the
    /// report).
    pub fn daily_json(&self, date: &str, with_solution: bool) -> Bytes {
        let json = self.json(with_solution);
        let date = serde_json::to_string(date).expect("a date is a string");
        let mut daily = Vec::with_capacity(json.len() + date.len() + 10);
        daily.extend_from_slice(b"{\"date\":");
        daily.extend_from_slice(date.as_bytes());
        daily.push(b',');
        daily.extend_from_slice(&json[1..]);
        Bytes::from(daily)
    }
}

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

/// Whether a fill goes on when nobody waits for it any more.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Keep {
    /// It goes on (a seeded `/generate`, a daily puzzle: asked for again).
    Always,
    /// It is cancelled (a batch's line or a book's puzzle: a batch or book whose client left
    /// stops its work).
    WhileWaitedFor,
}

/// A generation under way for a key.
struct Fill {
    /// The answer or failure, once there is one; its receivers are the waiting requests.
    outcome: tokio::sync::watch::Sender<Option<Result<Arc<Answer>, ApiError>>>,
    /// Whether it goes on when nobody waits (a joining request that keeps raises it).
    keep: AtomicBool,
    /// The step budget it runs under.
    budget: u64,
}

/// A kept answer.
struct KeptAnswer {
    answer: Arc<Answer>,
    /// Its place in the recency order.
    used: u64,
    bytes: usize,
}

#[derive(Default)]
struct Store {
    answers: HashMap<Arc<str>, KeptAnswer>,
    /// The keys by their last use, oldest first.
    recency: BTreeMap<u64, Arc<str>>,
    clock: u64,
    bytes: usize,
    fills: HashMap<Arc<str>, Arc<Fill>>,
}

/// The kept answers and the generations under way.
pub struct AnswerCache {
    max_bytes: usize,
    state: Mutex<Store>,
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

impl AnswerCache {
    /// An empty cache keeping at most `max_bytes` of answers (0 keeps none; generations of a
    /// key are still shared while under way).
    pub fn new(max_bytes: usize) -> AnswerCache {
        AnswerCache {
            max_bytes,
            state: Mutex::new(Store::default()),
        }
    }

    /// Nothing panics while holding it, so a poisoned lock still holds a sound cache.
    fn state(&self) -> MutexGuard<'_, Store> {
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// The kept answer of `key`, marked as just used.
    fn lookup(state: &mut Store, key: &str) -> Option<Arc<Answer>> {
        let clock = state.clock + 1;
        let kept = state.answers.get_mut(key)?;
        let key = state.recency.remove(&kept.used)?;
        kept.used = clock;
        state.recency.insert(clock, key);
        state.clock = clock;
        Some(kept.answer.clone())
    }

    /// Keeps `answer` under `key`, dropping the least recently used answers to make room.
    fn keep(&self, state: &mut Store, key: Arc<str>, answer: Arc<Answer>) {
        let bytes = answer.bytes() + key.len() + ENTRY_OVERHEAD;
        if bytes > self.max_bytes || state.answers.contains_key(&key) {
            return;
        }
        while state.bytes + bytes > self.max_bytes {
            let Some((_, oldest)) = state.recency.pop_first() else {
                break;
            };
            if let Some(dropped) = state.answers.remove(&oldest) {
                state.bytes -= dropped.bytes;
            }
        }
        state.clock += 1;
        state.recency.insert(state.clock, key.clone());
        state.answers.insert(
            key,
            KeptAnswer {
                answer,
                used: state.clock,
                bytes,
            },
        );
        state.bytes += bytes;
        ::metrics::gauge!(metrics::ANSWER_CACHE_BYTES).set(state.bytes as f64);
        ::metrics::gauge!(metrics::ANSWER_CACHE_ENTRIES).set(state.answers.len() as f64);
    }
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
        let (mut waiting, source, fill) = {
            let mut kept = cache.state();
            if let Some(answer) = AnswerCache::lookup(&mut kept, &key) {
                ::metrics::counter!(metrics::ANSWER_CACHE_HITS, &hit_labels(plan, "stored"))
                    .increment(1);
                return Ok((answer, Source::Stored));
            }
            match kept.fills.get(&key) {
                Some(fill) => {
                    if keep == Keep::Always {
                        fill.keep.store(true, Ordering::SeqCst);
                    }
                    ::metrics::counter!(metrics::ANSWER_CACHE_HITS, &hit_labels(plan, "joined"))
                        .increment(1);
                    (fill.outcome.subscribe(), Source::Joined, fill.clone())
                }
                None => {
                    ::metrics::counter!(metrics::ANSWER_CACHE_MISSES, &labels(plan)).increment(1);
                    let fill = Arc::new(Fill {
                        outcome: tokio::sync::watch::Sender::new(None),
                        keep: AtomicBool::new(keep == Keep::Always),
                        budget,
                    });
                    let waiting = fill.outcome.subscribe();
                    kept.fills.insert(key.clone(), fill.clone());
                    drop(kept);
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
        let mut kept = self.state.answers.state();
        if kept
            .fills
            .get(&self.key)
            .is_some_and(|fill| Arc::ptr_eq(fill, &self.fill))
        {
            kept.fills.remove(&self.key);
        }
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
        {
            let mut kept = state.answers.state();
            if let Ok(answer) = &outcome {
                state
                    .answers
                    .keep(&mut kept, unlist.key.clone(), answer.clone());
            }
            // Listed as under way no more before it is published: a request from now on
            // finds the kept answer, or starts again after a failure.
            drop(kept);
            drop(unlist);
        }
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::{Level, TargetLevel};
    use crate::genres::GenreId;
    use crate::ops::{DailyReport, GenerateRequest, Operation};

    fn report(seed: u64) -> GenerateReport {
        GenerateRequest::new(
            GenreId::Kakuro,
            "6x6".parse().ok(),
            TargetLevel::Exactly(Level::Easy),
            seed,
        )
        .plan()
        .unwrap()
        .run(&mut Budget::new(crate::ops::GENERATE_BUDGET))
        .unwrap()
    }

    #[test]
    fn the_daily_json_is_the_daily_reports() {
        let made = report(20_250_314);
        let answer = Answer::of(made.clone());
        for with_solution in [true, false] {
            let puzzle = if with_solution {
                made.clone()
            } else {
                made.clone().without_solution()
            };
            let expected = serde_json::to_vec(&DailyReport {
                date: "2025-03-14".into(),
                puzzle,
            })
            .unwrap();
            assert_eq!(
                answer.daily_json("2025-03-14", with_solution),
                Bytes::from(expected)
            );
        }
    }

    #[test]
    fn the_cache_keeps_to_its_bound_dropping_the_least_recently_used() {
        let answers: Vec<Arc<Answer>> = (1..=4)
            .map(|seed| Arc::new(Answer::of(report(seed))))
            .collect();
        let size = |index: usize, key: &str| answers[index].bytes() + key.len() + ENTRY_OVERHEAD;
        // Room for about two answers.
        let bound = size(0, "a") + size(1, "b") + size(2, "c") / 2;
        let cache = AnswerCache::new(bound);
        let mut state = cache.state();
        cache.keep(&mut state, "a".into(), answers[0].clone());
        cache.keep(&mut state, "b".into(), answers[1].clone());
        assert_eq!(state.bytes, size(0, "a") + size(1, "b"));
        // `a` used last: `b` goes to make room for `c`.
        assert!(AnswerCache::lookup(&mut state, "a").is_some());
        cache.keep(&mut state, "c".into(), answers[2].clone());
        assert!(state.bytes <= bound);
        assert!(AnswerCache::lookup(&mut state, "b").is_none());
        assert!(AnswerCache::lookup(&mut state, "a").is_some());
        assert!(AnswerCache::lookup(&mut state, "c").is_some());
        // Every insertion keeps the bound, and the recency order lists what is kept.
        for (index, key) in ["d", "e", "f", "a"].iter().enumerate() {
            cache.keep(&mut state, (*key).into(), answers[index % 4].clone());
            assert!(state.bytes <= bound, "{} > {bound}", state.bytes);
            assert_eq!(state.recency.len(), state.answers.len());
            let counted: usize = state.answers.values().map(|kept| kept.bytes).sum();
            assert_eq!(counted, state.bytes);
        }
        drop(state);
        // An answer larger than the whole bound is not kept.
        let tiny = AnswerCache::new(100);
        let mut state = tiny.state();
        tiny.keep(&mut state, "a".into(), answers[0].clone());
        assert_eq!((state.bytes, state.answers.len()), (0, 0));
    }
}
