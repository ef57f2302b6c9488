//! The answers kept: a generation's answer in the form it is sent ([`Answer`], which the
//! puzzle pools keep too), and the store of recent answers and generations under way that
//! `answers.rs` fills and reads ([`AnswerCache`]).
//!
//! The store is bounded by bytes: every kept answer's two JSON forms and its key count; when
//! a new answer would take the total over `max_bytes`, the least recently used answers go
//! first. An answer larger than the whole bound is not kept.

use std::collections::{BTreeMap, HashMap};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

use axum::body::Bytes;

use super::metrics;
use super::problem::ApiError;
use crate::ops::GenerateReport;
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
pub(crate) struct Fill {
    /// The answer or failure, once there is one; its receivers are the waiting requests.
    pub outcome: tokio::sync::watch::Sender<Outcome>,
    /// Whether it goes on when nobody waits (a joining request that keeps raises it).
    pub keep: AtomicBool,
    /// The step budget it runs under.
    pub budget: u64,
}

/// A fill's outcome as its waiters see it: none until there is one.
pub(crate) type Outcome = Option<Result<Arc<Answer>, ApiError>>;

/// What a request finds for its key.
pub(crate) enum Found {
    /// A kept answer, marked as just used.
    Kept(Arc<Answer>),
    /// A generation under way, which the request waits for.
    Joined(Arc<Fill>, tokio::sync::watch::Receiver<Outcome>),
    /// Nothing: a generation is now listed as under way for the key, and the request starts
    /// it.
    Listed(Arc<Fill>, tokio::sync::watch::Receiver<Outcome>),
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

    /// What `key` has: a kept answer, a generation under way (which then goes on when nobody
    /// waits if this request `keep`s always), or neither, and then a generation under
    /// `budget` is listed as under way for it. The waiting request subscribes under the lock,
    /// so that a fill never sees nobody waiting between its listing and its waiter.
    pub(crate) fn find(&self, key: &Arc<str>, keep: Keep, budget: u64) -> Found {
        let mut kept = self.state();
        if let Some(answer) = AnswerCache::lookup(&mut kept, key) {
            return Found::Kept(answer);
        }
        if let Some(fill) = kept.fills.get(key) {
            if keep == Keep::Always {
                fill.keep.store(true, Ordering::SeqCst);
            }
            return Found::Joined(fill.clone(), fill.outcome.subscribe());
        }
        let fill = Arc::new(Fill {
            outcome: tokio::sync::watch::Sender::new(None),
            keep: AtomicBool::new(keep == Keep::Always),
            budget,
        });
        let waiting = fill.outcome.subscribe();
        kept.fills.insert(key.clone(), fill.clone());
        Found::Listed(fill, waiting)
    }

    /// Keeps the answer a fill of `key` made (see [`AnswerCache::keep`]).
    pub(crate) fn keep_made(&self, key: Arc<str>, answer: Arc<Answer>) {
        let mut kept = self.state();
        self.keep(&mut kept, key, answer);
    }

    /// Takes `fill` off the list of those under way, if it is still the one listed for `key`.
    pub(crate) fn unlist(&self, key: &str, fill: &Arc<Fill>) {
        let mut kept = self.state();
        if kept
            .fills
            .get(key)
            .is_some_and(|listed| Arc::ptr_eq(listed, fill))
        {
            kept.fills.remove(key);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::{Budget, Level, TargetLevel};
    use crate::genres::GenreId;
    use crate::ops::{DailyReport, GenerateRequest, Operation, Plan};

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
