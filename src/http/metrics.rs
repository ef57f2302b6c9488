//! Prometheus metrics: one recorder per process, rendered by `GET /metrics`.

use std::sync::OnceLock;
use std::time::Duration;

use metrics_exporter_prometheus::{Matcher, PrometheusBuilder, PrometheusHandle};

pub const REQUESTS: &str = "sumpuzzles_http_requests_total";
pub const LATENCY: &str = "sumpuzzles_http_request_duration_seconds";
pub const POOL_IN_USE: &str = "sumpuzzles_pool_in_use";
pub const QUEUE_DEPTH: &str = "sumpuzzles_queue_depth";
pub const SHED: &str = "sumpuzzles_shed_total";
pub const CANCELLED: &str = "sumpuzzles_cancelled_total";
pub const DEADLINE: &str = "sumpuzzles_deadline_exceeded_total";
pub const BUDGET_EXHAUSTED: &str = "sumpuzzles_budget_exhausted_total";
pub const GENERATION_ATTEMPTS: &str = "sumpuzzles_generation_attempts_total";
pub const PANICS: &str = "sumpuzzles_panics_total";

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
            handle
        })
        .clone()
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
        "Requests answered 503 because the pool and queue were full"
    );
    ::metrics::describe_counter!(CANCELLED, "Jobs cancelled because the client went away");
    ::metrics::describe_counter!(DEADLINE, "Jobs stopped by the deadline");
    ::metrics::describe_counter!(BUDGET_EXHAUSTED, "Requests whose step budget ran out");
    ::metrics::describe_counter!(
        GENERATION_ATTEMPTS,
        "Candidate puzzles screened by generators"
    );
    ::metrics::describe_counter!(PANICS, "Panics caught in request handling");
}

/// Records one finished request.
pub fn record_request(route: &str, status: u16, elapsed: Duration) {
    ::metrics::counter!(REQUESTS, "route" => route.to_string(), "status" => status.to_string())
        .increment(1);
    ::metrics::histogram!(LATENCY, "route" => route.to_string()).record(elapsed.as_secs_f64());
}
