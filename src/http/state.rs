//! What the service is told at start and what every request shares, and the one way a
//! handler runs an operation: on the worker pool, under the request's budget and the
//! deadline.

use std::net::SocketAddr;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

use super::metrics;
use super::pool::Pool;
use super::problem::ApiProblem;
use crate::core::{Budget, Error, Stop};
use crate::ops::{self, Operation};

/// Everything the service can be told at start.
#[derive(Clone, Debug)]
pub struct ServerConfig {
    pub bind: SocketAddr,
    /// Jobs running at once.
    pub workers: usize,
    /// Requests waiting for a worker before new ones get 503.
    pub queue: usize,
    /// Step budget of a request that does not name one.
    pub default_budget: u64,
    /// Largest budget a request may ask for.
    pub max_budget: u64,
    /// How long a request may take, waiting included.
    pub deadline: Duration,
    /// Largest request body.
    pub body_limit: usize,
    /// Origins allowed by CORS; empty allows any origin.
    pub cors_origins: Vec<String>,
    /// How long a client may take to send its request headers.
    pub header_timeout: Duration,
    /// After a shutdown signal, how long `/readyz` says 503 before the listener closes.
    pub drain: Duration,
    /// After the listener closes, how long requests under way may take to finish.
    pub grace: Duration,
    /// Seconds a shed request is told to wait.
    pub retry_after: u64,
}

impl Default for ServerConfig {
    fn default() -> ServerConfig {
        let workers = std::thread::available_parallelism().map_or(2, |n| n.get());
        ServerConfig {
            bind: SocketAddr::from(([127, 0, 0, 1], 8080)),
            workers,
            queue: workers * 8,
            default_budget: ops::DEFAULT_BUDGET,
            max_budget: ops::MAX_BUDGET,
            deadline: Duration::from_secs(30),
            body_limit: 1 << 20,
            cors_origins: Vec::new(),
            header_timeout: Duration::from_secs(10),
            drain: Duration::from_millis(1000),
            grace: Duration::from_secs(30),
            retry_after: 1,
        }
    }
}

/// Shared by every request.
pub struct AppState {
    pub config: ServerConfig,
    pub pool: Pool,
    pub metrics: metrics_exporter_prometheus::PrometheusHandle,
    shutting_down: AtomicBool,
}

impl AppState {
    pub fn new(config: ServerConfig) -> Arc<AppState> {
        Arc::new(AppState {
            pool: Pool::new(config.workers, config.queue, config.retry_after),
            metrics: metrics::handle(),
            config,
            shutting_down: AtomicBool::new(false),
        })
    }

    pub fn shutting_down(&self) -> bool {
        self.shutting_down.load(Ordering::SeqCst)
    }

    /// Turns `/readyz` to 503.
    pub fn begin_shutdown(&self) {
        self.shutting_down.store(true, Ordering::SeqCst);
    }

    /// The step budget for a request: its own (capped), or the default.
    fn budget_steps(&self, requested: Option<u64>) -> u64 {
        requested
            .unwrap_or(self.config.default_budget)
            .min(self.config.max_budget)
    }

    /// Runs an operation on the pool with the request's budget and the deadline. A request
    /// that fails the operation's precheck is refused before it takes a worker.
    pub async fn run<R: Operation>(&self, request: R) -> Result<R::Report, ApiProblem> {
        request.precheck()?;
        let steps = self.budget_steps(request.requested_budget());
        let result = self
            .pool
            .run(self.config.deadline, move |flag| {
                request.run(&mut Budget::with_flag(steps, flag))
            })
            .await?;
        result.map_err(|error| {
            if error == Error::Stopped(Stop::Exhausted) {
                ::metrics::counter!(metrics::BUDGET_EXHAUSTED).increment(1);
            }
            ApiProblem::from(error)
        })
    }
}
