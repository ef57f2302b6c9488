//! Pools of pregenerated puzzles, so that an unseeded `/generate` of an expensive genre, shape
//! and level is answered without waiting for its generation.
//!
//! Each configured [`PoolKey`] has a shelf of at most `depth` puzzles, all shelves together at
//! most `max_bytes` (a puzzle is kept as its JSON reports, with and without the solution, and
//! counted by their length). Idle workers of the worker pool fill them, as its background
//! work: only when no request is queued, and a fill gives its worker up at its next budget
//! check when a request would otherwise wait (see `pool.rs`). A fill is the generation an
//! unseeded request would run: a drawn seed ([`ops::fresh_seed`]), the key's parameters
//! planned as a request's, the server's generation budget; so a pooled puzzle is the same
//! report as ever, and its seed makes it again. A request's key is made from its plan (its
//! genre, shape and level, when it names no seed and no score range).
//!
//! A request is served from a shelf only when the answer is one a fresh generation could give:
//! no seed and no score range (both pick the puzzle), a budget at least the steps the pooled
//! puzzle took (a generation within fewer steps would have stopped), and `solution=false` only
//! drops fields ([`GenerateReport::without_solution`], as the generator does). Anything else
//! is generated as before, and a configured key with nothing fitting on its shelf is a miss.
//!
//! [`GenerateReport::without_solution`]: crate::ops::GenerateReport::without_solution

use std::collections::VecDeque;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::time::Duration;

use axum::body::Bytes;

use super::answer_cache::Answer;
use super::metrics;
use super::pool::{thread_cpu_time, Background, BackgroundTask};
use crate::core::{Budget, Error, Shape, Stop, TargetLevel};
use crate::genres::GenreId;
use crate::ops::{self, GeneratePlan, GenerateRequest, Operation, Plan};

/// A genre, shape and level the service keeps puzzles of.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PoolKey {
    /// The genre of the puzzles.
    pub genre: GenreId,
    /// Their shape.
    pub shape: Shape,
    /// Their level, as `/generate` asks for it (`any` is a key of its own).
    pub level: TargetLevel,
}

/// The defaults: the most expensive of what the benchmarks measured (docs/benchmarks.md,
/// docs/benchmarks-kakurasu.md, docs/benchmarks-cryptic.md): Kakuro 16x16 expert (median
/// 254 ms, p95 1.3 s) and hard (88 ms, 633 ms), Kakuro 12x12 expert (50 ms, 174 ms), cryptic
/// Kakuro 5x5 expert (176 ms, 528 ms) and Kakurasu 32x32 expert (median 346 ms).
pub const DEFAULT_KEYS: &str =
    "kakuro:16x16:expert,kakuro:16x16:hard,kakuro:12x12:expert,kakuro-cryptic:5x5:expert,kakurasu:32x32:expert";

/// Puzzles kept per key by default.
pub const DEFAULT_DEPTH: usize = 16;

/// All shelves together by default, in bytes of JSON (a 16x16 expert Kakuro is about 80 KB
/// with its solution and 3 KB without).
pub const DEFAULT_MAX_BYTES: usize = 32 << 20;

/// A key whose first fills fail this many times in a row (a level the shape cannot hold, a
/// budget too small for the key) stops filling, so that a wrong key does not keep a worker
/// busy. Once a key has made a puzzle its failures are its seeds' (Kakuro 32x32 expert runs
/// past the default budget on 7 seeds in 20) and never stop it: when any three failures in a
/// row stopped a key, such a key would have stopped after about 34 fills on average.
const FAILURES_TO_GIVE_UP: u32 = 5;

impl PoolKey {
    /// Reads `genre:shape:level`, such as `kakuro:16x16:expert`, within the genre's limits.
    pub fn parse(text: &str) -> Result<PoolKey, String> {
        let parts: Vec<&str> = text.trim().split(':').collect();
        let [genre, shape, level] = parts[..] else {
            return Err(format!(
                "pool key '{text}' should be genre:shape:level, such as kakuro:16x16:expert"
            ));
        };
        let key = PoolKey {
            genre: genre.parse().map_err(|error| format!("{error}"))?,
            shape: shape.parse()?,
            level: level.parse()?,
        };
        // A key is a generation a request could ask for, of a shape within its genre's limits.
        key.plan(0)
            .and_then(|plan| plan.check_shape())
            .map_err(|error| format!("{error}"))?;
        Ok(key)
    }

    /// A comma-separated list of keys; `off`, `none` or nothing is no pool at all.
    pub fn parse_list(text: &str) -> Result<Vec<PoolKey>, String> {
        let text = text.trim();
        if text.is_empty() || text == "off" || text == "none" {
            return Ok(Vec::new());
        }
        let mut keys: Vec<PoolKey> = Vec::new();
        for key in text.split(',').map(PoolKey::parse) {
            let key = key?;
            if !keys.contains(&key) {
                keys.push(key);
            }
        }
        Ok(keys)
    }

    /// The key of a generation whose answer a pooled puzzle can be: one with no seed and no
    /// score range (both pick the puzzle); its genre, shape and level as planned.
    fn for_plan(plan: &GeneratePlan) -> Option<PoolKey> {
        let drawn = plan.seed().is_none() && plan.score_range().is_none();
        drawn.then(|| PoolKey {
            genre: plan.genre(),
            shape: plan.shape(),
            level: plan.level(),
        })
    }

    /// The generation a fill runs: what an unseeded request for this key runs, with the seed
    /// it would draw.
    fn plan(&self, seed: u64) -> Result<GeneratePlan, Error> {
        GenerateRequest::new(self.genre, Some(self.shape), self.level, seed).plan()
    }

    /// The metric labels.
    fn labels(&self) -> [(&'static str, String); 3] {
        [
            ("genre", self.genre.name().to_string()),
            ("shape", self.shape.to_string()),
            ("level", self.level.name().to_string()),
        ]
    }
}

impl std::fmt::Display for PoolKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}:{}:{}", self.genre, self.shape, self.level.name())
    }
}

/// What the pools keep, and how many workers may fill them at once.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PuzzlePoolConfig {
    /// The keys kept; none turns the pools off.
    pub keys: Vec<PoolKey>,
    /// Puzzles per key at most.
    pub depth: usize,
    /// All shelves together at most, in bytes of JSON.
    pub max_bytes: usize,
    /// Workers that may fill at once (each gives its worker up when a request needs it).
    pub fill_workers: usize,
}

impl PuzzlePoolConfig {
    /// No pools.
    pub fn off() -> PuzzlePoolConfig {
        PuzzlePoolConfig {
            keys: Vec::new(),
            depth: DEFAULT_DEPTH,
            max_bytes: DEFAULT_MAX_BYTES,
            fill_workers: 1,
        }
    }

    /// The default keys, depth and size, filled by half the workers (at least one).
    pub fn defaults(workers: usize) -> PuzzlePoolConfig {
        PuzzlePoolConfig {
            keys: PoolKey::parse_list(DEFAULT_KEYS).expect("the default keys are valid"),
            fill_workers: (workers / 2).max(1),
            ..PuzzlePoolConfig::off()
        }
    }

    /// Whether any puzzle is ever kept.
    pub fn enabled(&self) -> bool {
        !self.keys.is_empty() && self.depth > 0 && self.max_bytes > 0 && self.fill_workers > 0
    }
}

/// A pooled puzzle as it is sent: its report's JSON with and without the solution (an
/// [`Answer`], as the answer cache keeps them).
type Pooled = Answer;

/// A pooled answer: the JSON `/generate` sends (exactly what serialising the report gives),
/// and the candidates its generation screened, for the metrics.
#[derive(Debug)]
pub struct PooledAnswer {
    /// The report's JSON, as `/generate` sends it.
    pub json: Bytes,
    /// Candidates the generation screened.
    pub attempts: u64,
}

/// One key's puzzles.
struct Shelf {
    key: PoolKey,
    puzzles: VecDeque<Pooled>,
    /// Fills of this key under way.
    filling: usize,
    /// Fills that failed in a row before the key's first puzzle.
    failures: u32,
    /// Whether a fill of this key has made a puzzle: the key can be filled.
    made_one: bool,
    /// The size of the last puzzle made, which the next is expected to be near: a fill starts
    /// only when the memory cap has that much room.
    last_bytes: usize,
}

struct Stock {
    shelves: Vec<Shelf>,
    bytes: usize,
}

/// The pools of every configured key.
pub struct PuzzlePools {
    config: PuzzlePoolConfig,
    /// The budget of a fill: the server's generation budget for a client without a key.
    fill_budget: u64,
    stock: Mutex<Stock>,
}

/// Whether a request was served from a pool, for the tests and the metrics.
#[derive(Debug)]
pub enum Taken {
    /// A pooled puzzle, ready to send.
    Hit(PooledAnswer),
    /// A configured key with nothing that fits on its shelf.
    Miss,
    /// Not a request a pool serves.
    NotPooled,
}

impl PuzzlePools {
    /// Empty pools for `config`'s keys; every fill runs under `fill_budget` steps.
    pub fn new(config: PuzzlePoolConfig, fill_budget: u64) -> Arc<PuzzlePools> {
        let shelves = if config.enabled() {
            config
                .keys
                .iter()
                .map(|&key| Shelf {
                    key,
                    puzzles: VecDeque::new(),
                    filling: 0,
                    failures: 0,
                    made_one: false,
                    last_bytes: 0,
                })
                .collect()
        } else {
            Vec::new()
        };
        let pools = Arc::new(PuzzlePools {
            config,
            fill_budget,
            stock: Mutex::new(Stock { shelves, bytes: 0 }),
        });
        for shelf in &pools.stock().shelves {
            shelf.record_depth();
        }
        pools
    }

    /// What the pools were configured with.
    pub fn config(&self) -> &PuzzlePoolConfig {
        &self.config
    }

    /// Workers that may fill at once.
    pub fn fill_workers(&self) -> usize {
        if self.config.enabled() {
            self.config.fill_workers
        } else {
            0
        }
    }

    /// Nothing panics while holding it, so a poisoned lock still holds sound shelves.
    fn stock(&self) -> MutexGuard<'_, Stock> {
        self.stock.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Puzzles on the shelf of `key` now (0 for a key not kept).
    pub fn depth(&self, key: &PoolKey) -> usize {
        self.stock()
            .shelves
            .iter()
            .find(|shelf| shelf.key == *key)
            .map_or(0, |shelf| shelf.puzzles.len())
    }

    /// Takes a pooled puzzle for `plan` when one is the answer a fresh generation within
    /// `steps` could give (see the module's documentation), counting hits and misses.
    pub fn take(&self, plan: &GeneratePlan, steps: u64) -> Taken {
        let Some(key) = PoolKey::for_plan(plan) else {
            return Taken::NotPooled;
        };
        let mut stock = self.stock();
        let stock = &mut *stock;
        let Some(shelf) = stock.shelves.iter_mut().find(|shelf| shelf.key == key) else {
            return Taken::NotPooled;
        };
        let fitting = shelf
            .puzzles
            .iter()
            .position(|pooled| pooled.steps <= steps);
        let Some(pooled) = fitting.and_then(|index| shelf.puzzles.remove(index)) else {
            ::metrics::counter!(metrics::PUZZLE_POOL_MISSES, &key.labels()).increment(1);
            return Taken::Miss;
        };
        stock.bytes -= pooled.bytes();
        shelf.record_depth();
        ::metrics::gauge!(metrics::PUZZLE_POOL_BYTES).set(stock.bytes as f64);
        ::metrics::counter!(metrics::PUZZLE_POOL_HITS, &key.labels()).increment(1);
        Taken::Hit(PooledAnswer {
            json: pooled.json(plan.with_solution()),
            attempts: pooled.attempts,
        })
    }

    /// The key to fill next: the one with the fewest puzzles made or under way, among those
    /// with room on their shelf and in the memory cap; its fill is counted as under way.
    fn reserve(&self) -> Option<PoolKey> {
        let mut stock = self.stock();
        let free_bytes = self.config.max_bytes.saturating_sub(stock.bytes);
        let depth = self.config.depth;
        let shelf = stock
            .shelves
            .iter_mut()
            .filter(|shelf| shelf.failures < FAILURES_TO_GIVE_UP)
            .filter(|shelf| shelf.puzzles.len() + shelf.filling < depth)
            .filter(|shelf| shelf.last_bytes < free_bytes)
            .min_by_key(|shelf| shelf.puzzles.len() + shelf.filling)?;
        shelf.filling += 1;
        Some(shelf.key)
    }

    /// Makes one puzzle for `key` under `budget` and shelves it (the task a worker runs).
    fn fill(&self, key: PoolKey, budget: &mut Budget) {
        let started = thread_cpu_time();
        let outcome = key
            .plan(ops::fresh_seed())
            .and_then(|plan| plan.run(budget))
            .map(Pooled::of);
        // Threads that helped (a generation examining candidates ahead) count too.
        let cpu = thread_cpu_time().saturating_sub(started) + budget.helpers_cpu_time();
        self.shelve(key, outcome, cpu);
    }

    /// Puts a fill's puzzle on its shelf, if the caps still have room; `cpu` is what the fill
    /// cost its worker.
    fn shelve(&self, key: PoolKey, outcome: Result<Pooled, Error>, cpu: Duration) {
        let mut stock = self.stock();
        let stock = &mut *stock;
        let Some(shelf) = stock.shelves.iter_mut().find(|shelf| shelf.key == key) else {
            return;
        };
        shelf.filling -= 1;
        let result = match outcome {
            Ok(pooled) => {
                shelf.made_one = true;
                shelf.last_bytes = pooled.bytes();
                let room = shelf.puzzles.len() < self.config.depth
                    && stock.bytes.saturating_add(pooled.bytes()) <= self.config.max_bytes;
                if room {
                    stock.bytes += pooled.bytes();
                    shelf.puzzles.push_back(pooled);
                    "made"
                } else {
                    "dropped"
                }
            }
            // Gave its worker up to a request (or the pool is closing).
            Err(Error::Stopped(Stop::Cancelled | Stop::DeadlineExceeded)) => "cancelled",
            Err(error) if shelf.made_one => {
                tracing::debug!(key = %key, %error, "a fill failed; the key made puzzles before and goes on");
                "failed"
            }
            Err(error) => {
                shelf.failures += 1;
                if shelf.failures == FAILURES_TO_GIVE_UP {
                    tracing::warn!(key = %key, %error, "the puzzle pool stops filling this key: its generation failed {FAILURES_TO_GIVE_UP} times in a row");
                }
                "failed"
            }
        };
        let mut labels = key.labels().to_vec();
        labels.push(("outcome", result.to_string()));
        ::metrics::counter!(metrics::PUZZLE_POOL_FILLS, &labels).increment(1);
        // With the fills made, what sizes a pool: puzzles a second one core makes.
        ::metrics::counter!(metrics::PUZZLE_POOL_FILL_CPU, &labels)
            .increment(cpu.as_micros() as u64);
        // The depth after the fill's count: a later scrape that sees the puzzle on the shelf
        // also sees it counted as made (one scrape reads each metric on its own, so within a
        // single scrape the two may still disagree for a moment).
        if result == "made" {
            shelf.record_depth();
            ::metrics::gauge!(metrics::PUZZLE_POOL_BYTES).set(stock.bytes as f64);
        }
    }
}

impl Shelf {
    fn record_depth(&self) {
        ::metrics::gauge!(metrics::PUZZLE_POOL_DEPTH, &self.key.labels())
            .set(self.puzzles.len() as f64);
    }
}

/// Gives back a reserved fill that never reached its shelf (a panic in the generator).
struct Reservation<'a> {
    pools: &'a PuzzlePools,
    key: PoolKey,
    shelved: bool,
}

impl Drop for Reservation<'_> {
    fn drop(&mut self) {
        if !self.shelved {
            self.pools.shelve(
                self.key,
                Err(Error::Stopped(Stop::Cancelled)),
                Duration::ZERO,
            );
        }
    }
}

/// The worker pool's background work is filling: an [`Arc`] so that a task outlives the call.
pub struct Filler(pub Arc<PuzzlePools>);

impl Background for Filler {
    fn next_task(&self) -> Option<BackgroundTask> {
        let key = self.0.reserve()?;
        let pools = self.0.clone();
        Some(Box::new(move |flag| {
            let mut reservation = Reservation {
                pools: &pools,
                key,
                shelved: false,
            };
            let mut budget = Budget::with_flag(pools.fill_budget, flag);
            pools.fill(key, &mut budget);
            reservation.shelved = true;
        }))
    }
}

#[cfg(test)]
mod tests;
