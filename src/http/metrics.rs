//! Prometheus metrics: one recorder per process, rendered by `GET /metrics`.

use std::sync::OnceLock;
use std::time::Duration;

use metrics_exporter_prometheus::{Matcher, PrometheusBuilder, PrometheusHandle};

pub const REQUESTS: &str = "sumpuzzles_http_requests_total";
pub const LATENCY: &str = "sumpuzzles_http_request_duration_seconds";
pub const POOL_IN_USE: &str = "sumpuzzles_pool_in_use";
pub const QUEUE_DEPTH: &str = "sumpuzzles_queue_depth";
pub const SHED: &str = "sumpuzzles_shed_total";
pub const KEY_FAILURES: &str = "sumpuzzles_api_key_failures_total";
pub const PROTOCOL_WARNINGS: &str = "sumpuzzles_protocol_warnings_total";
pub const CANCELLED: &str = "sumpuzzles_cancelled_total";
pub const DEADLINE: &str = "sumpuzzles_deadline_exceeded_total";
pub const BUDGET_EXHAUSTED: &str = "sumpuzzles_budget_exhausted_total";
pub const GENERATION_ATTEMPTS: &str = "sumpuzzles_generation_attempts_total";
pub const PANICS: &str = "sumpuzzles_panics_total";
pub const CONNECTIONS: &str = "sumpuzzles_connections";
pub const CONNECTIONS_CLOSED: &str = "sumpuzzles_connections_closed_total";
pub const ACCEPT_ERRORS: &str = "sumpuzzles_accept_errors_total";
pub const PUZZLE_POOL_DEPTH: &str = "sumpuzzles_puzzle_pool_depth";
pub const PUZZLE_POOL_BYTES: &str = "sumpuzzles_puzzle_pool_bytes";
pub const PUZZLE_POOL_HITS: &str = "sumpuzzles_puzzle_pool_hits_total";
pub const PUZZLE_POOL_MISSES: &str = "sumpuzzles_puzzle_pool_misses_total";
pub const PUZZLE_POOL_FILLS: &str = "sumpuzzles_puzzle_pool_fills_total";
pub const PUZZLE_POOL_FILLING: &str = "sumpuzzles_puzzle_pool_filling";
pub const PUZZLE_POOL_FILL_CPU: &str = "sumpuzzles_puzzle_pool_fill_cpu_microseconds_total";
pub const ANSWER_CACHE_HITS: &str = "sumpuzzles_answer_cache_hits_total";
pub const ANSWER_CACHE_MISSES: &str = "sumpuzzles_answer_cache_misses_total";
pub const ANSWER_CACHE_FILLS: &str = "sumpuzzles_answer_cache_fills_total";
pub const ANSWER_CACHE_BYTES: &str = "sumpuzzles_answer_cache_bytes";
pub const ANSWER_CACHE_ENTRIES: &str = "sumpuzzles_answer_cache_entries";

/// The process's recorder, installed on first use. Later apps in the same process (tests)
/// share it.
pub fn handle() -> PrometheusHandle {
    static HANDLE: OnceLock<PrometheusHandle> = OnceLock::new();
    HANDLE
        .get_or_init(|| {
            let buckets = [
                0.001, 0.005, 0.01, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0,
            ];
            let recorder = PrometheusBuilder::new()
                .set_buckets_for_metric(Matcher::Full(LATENCY.into()), &buckets)
                .expect("bucket list is not empty")
                .build_recorder();
            let handle = recorder.handle();
            // Another recorder may already be set (embedding applications); ours then just renders empty.
            let _ = ::metrics::set_global_recorder(recorder);
            describe();
            start_upkeep(handle.clone());
            handle
        })
        .clone()
}

/// How often the recorder folds the latency samples recorded since into its buckets.
pub const UPKEEP_PERIOD: Duration = Duration::from_secs(5);

/// The name of the thread that runs the upkeep.
pub const UPKEEP_THREAD: &str = "metrics-upkeep";

/// Folds pending histogram samples into the buckets every [`UPKEEP_PERIOD`]. The recorder keeps
/// every latency sample until the next render or upkeep: without a `/metrics` scraper the
/// samples of every request would stay in memory (`scripts/http-load.sh` measured 90 MiB resident after
/// its five minutes of load). `build_recorder` does not start this, unlike
/// `install_recorder`, which needs the runtime we do not hand it.
fn start_upkeep(handle: PrometheusHandle) {
    let started = std::thread::Builder::new()
        .name(UPKEEP_THREAD.into())
        .spawn(move || loop {
            std::thread::sleep(UPKEEP_PERIOD);
            handle.run_upkeep();
        });
    if let Err(error) = started {
        tracing::warn!(%error, "no metrics upkeep thread: latency samples pile up until /metrics is read");
    }
}

fn describe() {
    ::metrics::describe_counter!(REQUESTS, "HTTP requests by route and status");
    ::metrics::describe_histogram!(
        LATENCY,
        ::metrics::Unit::Seconds,
        "HTTP request latency by route"
    );
    ::metrics::describe_gauge!(POOL_IN_USE, "Workers running a job");
    ::metrics::describe_gauge!(QUEUE_DEPTH, "Requests waiting for a worker");
    ::metrics::describe_counter!(
        SHED,
        "Requests refused without being worked on, by reason: overloaded (pool and queue full, \
         503), expired (waited until the deadline, 503), rate_limited (over the client's share \
         of worker time), client_busy and key_guessing (429), connections (too many \
         connections, 503)"
    );
    ::metrics::describe_counter!(
        PROTOCOL_WARNINGS,
        "Warnings of the HTTP libraries about clients' connections (h2's stream resets and the \
         like), by library; summed up in the log"
    );
    ::metrics::describe_counter!(
        KEY_FAILURES,
        "Requests with an API key this server does not know, by outcome: forbidden (403), \
         throttled (429: the address sent too many)"
    );
    ::metrics::describe_gauge!(CONNECTIONS, "Open client connections");
    ::metrics::describe_counter!(
        CONNECTIONS_CLOSED,
        "Connections the server closed, by reason: head_timeout, idle, evicted, refused"
    );
    ::metrics::describe_counter!(
        ACCEPT_ERRORS,
        "Failed accepts (out of descriptors and the like)"
    );
    ::metrics::describe_counter!(CANCELLED, "Jobs cancelled because the client went away");
    ::metrics::describe_counter!(DEADLINE, "Jobs stopped by the deadline");
    ::metrics::describe_counter!(BUDGET_EXHAUSTED, "Requests whose step budget ran out");
    ::metrics::describe_counter!(
        GENERATION_ATTEMPTS,
        "Candidate puzzles screened by generators"
    );
    ::metrics::describe_counter!(PANICS, "Panics caught in request handling");
    ::metrics::describe_gauge!(
        PUZZLE_POOL_DEPTH,
        "Pregenerated puzzles on the shelf, by genre, shape and level"
    );
    ::metrics::describe_gauge!(
        PUZZLE_POOL_BYTES,
        "Size of every pooled puzzle together (their JSON reports), in bytes"
    );
    ::metrics::describe_counter!(
        PUZZLE_POOL_HITS,
        "Unseeded generations answered from a pool, by genre, shape and level"
    );
    ::metrics::describe_counter!(
        PUZZLE_POOL_MISSES,
        "Unseeded generations of a pooled key generated fresh (nothing on the shelf within \
         the request's budget), by genre, shape and level"
    );
    ::metrics::describe_counter!(
        PUZZLE_POOL_FILLS,
        "Background generations for the pools, by genre, shape, level and outcome: made, \
         cancelled (gave the worker up to a request), failed, dropped (no room)"
    );
    ::metrics::describe_gauge!(PUZZLE_POOL_FILLING, "Workers filling the pools now");
    ::metrics::describe_counter!(
        PUZZLE_POOL_FILL_CPU,
        "CPU time the pools' fills took on their workers, in microseconds, by genre, shape, \
         level and outcome: fills made (outcome=\"made\") divided by it is a key's fill rate \
         per core"
    );
    ::metrics::describe_counter!(
        ANSWER_CACHE_HITS,
        "Seeded generations (/generate with a seed, /daily, batch lines) answered without \
         generating, by genre, shape, level and how: stored (a kept answer), joined (waited for \
         the generation another request started)"
    );
    ::metrics::describe_counter!(
        ANSWER_CACHE_MISSES,
        "Seeded generations that started a generation, by genre, shape and level"
    );
    ::metrics::describe_counter!(
        ANSWER_CACHE_FILLS,
        "Generations run for the answer cache, by genre, shape, level and outcome: made, failed, cancelled (a batch's line nobody waited for any more)"
    );
    ::metrics::describe_gauge!(
        ANSWER_CACHE_BYTES,
        "Size of the kept answers (their JSON with and without the solution, and their keys), \
         in bytes"
    );
    ::metrics::describe_gauge!(ANSWER_CACHE_ENTRIES, "Answers kept");
}

/// Why a request was refused without being worked on.
#[derive(Clone, Copy, Debug)]
pub enum Shed {
    Overloaded,
    Expired,
    RateLimited,
    ClientBusy,
    KeyGuessing,
    Connections,
}

impl Shed {
    fn name(self) -> &'static str {
        match self {
            Shed::Overloaded => "overloaded",
            Shed::Expired => "expired",
            Shed::RateLimited => "rate_limited",
            Shed::ClientBusy => "client_busy",
            Shed::KeyGuessing => "key_guessing",
            Shed::Connections => "connections",
        }
    }
}

/// How often a burst of refusals or accept errors is summed up in the log.
pub const SUMMARY_PERIOD: Duration = Duration::from_secs(10);

/// Counts events and logs one WARN line per [`SUMMARY_PERIOD`] while they happen, instead of
/// one per event: an overload must not also flood the log (15 s of shedding once wrote 25 MB).
pub struct Summary {
    what: &'static str,
    state: std::sync::Mutex<(
        Option<std::time::Instant>,
        std::collections::BTreeMap<String, u64>,
    )>,
}

impl Summary {
    pub const fn new(what: &'static str) -> Summary {
        Summary {
            what,
            state: std::sync::Mutex::new((None, std::collections::BTreeMap::new())),
        }
    }

    /// Counts one event of `kind`; logs the counts when the period since the last line is over.
    pub fn note(&self, kind: &str) {
        let mut state = self
            .state
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        *state.1.entry(kind.to_string()).or_insert(0) += 1;
        let now = std::time::Instant::now();
        let due = state
            .0
            .is_none_or(|last| now.duration_since(last) >= SUMMARY_PERIOD);
        if due {
            let counts: Vec<String> = state.1.iter().map(|(k, n)| format!("{k}: {n}")).collect();
            let since = state.0.map_or(0, |last| now.duration_since(last).as_secs());
            tracing::warn!(counts = %counts.join(", "), seconds = since, "{}", self.what);
            state.1.clear();
            state.0 = Some(now);
        }
    }
}

static SHED_LOG: Summary = Summary::new("requests refused without being worked on (summed up)");

/// Counts a refused request (metric by reason) and sums refusals up in the log.
pub fn shed(reason: Shed) {
    ::metrics::counter!(SHED, "reason" => reason.name()).increment(1);
    SHED_LOG.note(reason.name());
}

/// Records one finished request.
pub fn record_request(route: &str, status: u16, elapsed: Duration) {
    ::metrics::counter!(REQUESTS, "route" => route.to_string(), "status" => status.to_string())
        .increment(1);
    ::metrics::histogram!(LATENCY, "route" => route.to_string()).record(elapsed.as_secs_f64());
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The thread names of this process.
    #[cfg(target_os = "linux")]
    fn thread_names() -> Vec<String> {
        std::fs::read_dir("/proc/self/task")
            .map(|tasks| {
                tasks
                    .filter_map(|task| std::fs::read_to_string(task.ok()?.path().join("comm")).ok())
                    .map(|name| name.trim().to_string())
                    .collect()
            })
            .unwrap_or_default()
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn the_recorder_comes_with_its_upkeep_thread() {
        let _ = handle();
        // A new thread takes its name a moment after it starts.
        let named = || thread_names().iter().any(|name| name == UPKEEP_THREAD);
        let deadline = std::time::Instant::now() + Duration::from_secs(5);
        while !named() && std::time::Instant::now() < deadline {
            std::thread::sleep(Duration::from_millis(10));
        }
        assert!(
            named(),
            "no {UPKEEP_THREAD} thread among {:?}",
            thread_names()
        );
    }
}
