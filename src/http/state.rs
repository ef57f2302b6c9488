//! What the service is told at start and what every request shares, and the one way a
//! handler runs an operation: on the worker pool, under the request's budget and the
//! deadline.

use std::net::SocketAddr;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use super::answer_cache::AnswerCache;
use super::clients::{Account, Allowance, ApiKeys, ClientLimits, Clients};
use super::metrics;
use super::pool::{thread_cpu_time, Background, Entry, Pool};
use super::problem::ApiError;
use super::puzzle_pool::{Filler, PooledAnswer, PuzzlePoolConfig, PuzzlePools, Taken};
use crate::core::{Budget, Error};
use crate::ops::{self, GeneratePlan, Plan};

/// What the answers of seeded generations kept in memory may take by default, in bytes of
/// JSON (a 12x12 expert Kakuro is about 40 KB with its solution, a 16x16 one about 80 KB).
pub const DEFAULT_ANSWER_CACHE_BYTES: usize = 32 << 20;

/// Everything the service can be told at start.
#[derive(Clone, Debug)]
pub struct ServerConfig {
    /// Where the API (and the play page) is served.
    pub bind: SocketAddr,
    /// Where `/metrics` (with `/healthz` and `/readyz`) is served; none by default, so the
    /// metrics are never on the public port.
    pub admin_bind: Option<SocketAddr>,
    /// Jobs running at once.
    pub workers: usize,
    /// Requests waiting for a worker before new ones get 503.
    pub queue: usize,
    /// Step budget of an operation on a puzzle for a client without an API key (a request
    /// may ask for less, never for more).
    pub budget: u64,
    /// Step budget of a generation for a client without an API key.
    pub generate_budget: u64,
    /// How long a request may take, waiting included.
    pub deadline: Duration,
    /// Largest request body.
    pub body_limit: usize,
    /// How long a client may take to send a request body (408 after).
    pub body_timeout: Duration,
    /// Origins allowed by CORS; empty allows any origin.
    pub cors_origins: Vec<String>,
    /// How long a connection may take from its accept (and, on HTTP/1, from the end of the
    /// previous response) to a complete request head.
    pub header_timeout: Duration,
    /// How long a connection with nothing in flight stays open (HTTP/2; HTTP/1 keep-alive
    /// connections are closed by the header timeout first).
    pub idle_timeout: Duration,
    /// Open connections at most (lowered to what the descriptor limit allows).
    pub max_connections: usize,
    /// Open connections of one address at most (none: an eighth of the cap, at least 2);
    /// trusted proxies are held to the cap only.
    pub client_connections: Option<usize>,
    /// How long a response may make no progress (a client that does not read it, an HTTP/2
    /// window left at zero) before its connection is reset.
    pub send_timeout: Duration,
    /// Per-client limits and the trusted proxies.
    pub clients: ClientLimits,
    /// API keys, and whether the puzzle operations require one.
    pub api_keys: ApiKeys,
    /// After a shutdown signal, how long `/readyz` says 503 before the listener closes.
    pub drain: Duration,
    /// After the listener closes, how long requests under way may take to finish.
    pub grace: Duration,
    /// Seconds a shed request is told to wait.
    pub retry_after: u64,
    /// The pools of pregenerated puzzles (off by default here, so that an embedding
    /// application or a test opts in; `sumpuzzles serve` keeps the default keys).
    pub puzzle_pools: PuzzlePoolConfig,
    /// Bytes the answers of seeded generations kept in memory may take at most (see
    /// `answers.rs`); 0 keeps none.
    pub answer_cache_bytes: usize,
}

impl Default for ServerConfig {
    fn default() -> ServerConfig {
        let workers = std::thread::available_parallelism().map_or(2, |n| n.get());
        ServerConfig {
            bind: SocketAddr::from(([127, 0, 0, 1], 8080)),
            admin_bind: None,
            workers,
            queue: workers * 8,
            budget: ops::DEFAULT_BUDGET,
            generate_budget: ops::GENERATE_BUDGET,
            deadline: Duration::from_secs(30),
            body_limit: 1 << 20,
            body_timeout: Duration::from_secs(10),
            cors_origins: Vec::new(),
            header_timeout: Duration::from_secs(10),
            idle_timeout: Duration::from_secs(30),
            max_connections: 1024,
            client_connections: None,
            send_timeout: Duration::from_secs(30),
            clients: ClientLimits::for_workers(workers),
            api_keys: ApiKeys::default(),
            drain: Duration::from_millis(1000),
            grace: Duration::from_secs(30),
            retry_after: 1,
            puzzle_pools: PuzzlePoolConfig::off(),
            answer_cache_bytes: DEFAULT_ANSWER_CACHE_BYTES,
        }
    }
}

tokio::task_local! {
    /// The admission of the request being handled (set around the handler by the admission
    /// middleware, so that [`AppState::run`] knows the client's allowance without every
    /// handler passing it along).
    pub(super) static ADMITTED: Admitted;
}

/// A request let in: what it may spend and by when it must be done.
#[derive(Clone, Debug)]
pub(crate) struct Admitted {
    pub(super) allowance: Allowance,
    /// Where its jobs' worker time is charged (none: no limit).
    pub(super) account: Option<Account>,
    /// Its deadline: the request's arrival and the configured deadline (a batch sets its
    /// own for each puzzle, see `generate.rs`).
    pub(super) until: Instant,
}

impl Admitted {
    /// The admission of the request being handled, if any (a batch keeps it for the puzzles
    /// its body makes after the handler has returned).
    pub(crate) fn current() -> Option<Admitted> {
        ADMITTED.try_with(Admitted::clone).ok()
    }

    /// The same allowance, with the deadline `until`.
    pub(crate) fn until(&self, until: Instant) -> Admitted {
        Admitted {
            allowance: self.allowance,
            account: self.account.clone(),
            until,
        }
    }
}

/// Shared by every request.
pub struct AppState {
    /// What the service was started with.
    pub config: ServerConfig,
    pub(crate) pool: Pool,
    /// Pregenerated puzzles for unseeded generations.
    pub(crate) puzzles: Arc<PuzzlePools>,
    /// The answers of seeded generations, each made once.
    pub(crate) answers: AnswerCache,
    pub(crate) metrics: metrics_exporter_prometheus::PrometheusHandle,
    pub(crate) clients: Arc<Clients>,
    shutting_down: AtomicBool,
    /// Raised when the grace period after a shutdown signal is over.
    grace_over: tokio::sync::watch::Sender<bool>,
}

impl AppState {
    /// The state of a service with `config`: its worker pool (and the pregenerated puzzles'
    /// fillers, when pools are configured) starts here.
    pub fn new(config: ServerConfig) -> Arc<AppState> {
        let anonymous = Allowance {
            budget: config.budget,
            generate_budget: config.generate_budget,
        };
        // The recorder first: the pools record their depth at once, and a fill can be made
        // within a millisecond of the workers' start; what is recorded before the recorder is
        // installed is lost (the first service of a process counted one fill too few).
        let metrics = metrics::handle();
        let puzzles = PuzzlePools::new(config.puzzle_pools.clone(), config.generate_budget);
        let filler: Arc<dyn Background> = Arc::new(Filler(puzzles.clone()));
        Arc::new(AppState {
            pool: Pool::with_background(
                config.workers,
                config.queue,
                config.retry_after,
                Some(filler),
                puzzles.fill_workers(),
            ),
            puzzles,
            answers: AnswerCache::new(config.answer_cache_bytes),
            metrics,
            clients: Arc::new(Clients::new(
                config.clients.clone(),
                anonymous,
                &config.api_keys,
            )),
            config,
            shutting_down: AtomicBool::new(false),
            grace_over: tokio::sync::watch::Sender::new(false),
        })
    }

    /// Whether a shutdown has begun (`/readyz` says 503).
    pub fn shutting_down(&self) -> bool {
        self.shutting_down.load(Ordering::SeqCst)
    }

    /// Turns `/readyz` to 503.
    pub fn begin_shutdown(&self) {
        self.shutting_down.store(true, Ordering::SeqCst);
    }

    /// Ends the grace period: work still under way for a streamed answer (a batch's puzzle)
    /// is given up, so that the answer can end complete before the connections close.
    pub(crate) fn end_grace(&self) {
        self.grace_over.send_replace(true);
    }

    /// Completes when the grace period is over.
    pub(crate) async fn grace_ended(&self) {
        let mut over = self.grace_over.subscribe();
        let _ = over.wait_for(|over| *over).await;
    }

    /// The client's budget for `plan` (or less, if the request asks for less) and what is
    /// left of the deadline, for the request being handled (or `admitted`, when given).
    pub(crate) fn limits<P: Plan>(&self, plan: &P, admitted: Option<&Admitted>) -> (u64, Duration) {
        let allowance =
            admitted.map_or_else(|| self.clients.anonymous(), |admitted| admitted.allowance);
        let allowed = if plan.generates() {
            allowance.generate_budget
        } else {
            allowance.budget
        };
        let steps = plan
            .requested_budget()
            .map_or(allowed, |asked| asked.min(allowed));
        let deadline = admitted.map_or(self.config.deadline, |admitted| {
            admitted.until.saturating_duration_since(Instant::now())
        });
        (steps, deadline)
    }

    /// A pooled answer to a generation, when a pool holds one this plan could get fresh
    /// (see `puzzle_pool.rs`); None sends it to [`AppState::run`].
    pub(crate) fn pooled(&self, plan: &GeneratePlan) -> Option<PooledAnswer> {
        let (steps, _) = self.limits(plan, Admitted::current().as_ref());
        match self.puzzles.take(plan, steps) {
            Taken::Hit(answer) => {
                // Its place on the shelf is free: an idle worker may make the next one.
                self.pool.wake_background();
                Some(answer)
            }
            Taken::Miss | Taken::NotPooled => None,
        }
    }

    /// Runs a plan on the pool with the client's budget (or less, if the request asks for
    /// less) and what is left of the deadline. The request was refused before it took a
    /// worker if it did not plan; one whose budget runs out is a 422 that says how far it got.
    pub(crate) async fn run<P: Plan>(&self, plan: P) -> Result<P::Report, ApiError> {
        self.run_entering(plan, None, Entry::Shed).await
    }

    /// Runs a plan under `admitted` (its client's allowance and deadline), when a worker is
    /// free behind every request already queued ([`Entry::InTurn`]): a book's puzzle, made
    /// after its request's slot was taken (only books run so).
    #[cfg(feature = "print")]
    pub(crate) async fn run_in_turn<P: Plan>(
        &self,
        plan: P,
        admitted: &Admitted,
    ) -> Result<P::Report, ApiError> {
        self.run_entering(plan, Some(admitted), Entry::InTurn).await
    }

    /// Runs a plan under `admitted` (its client's allowance and deadline; the request's own
    /// when none), entering the worker pool as `entry` says: [`Entry::Shed`] for a request,
    /// [`Entry::InTurn`] for a batch's puzzle, made after its answer began, when a worker is
    /// free behind every request already queued.
    pub(crate) async fn run_entering<P: Plan>(
        &self,
        plan: P,
        admitted: Option<&Admitted>,
        entry: Entry,
    ) -> Result<P::Report, ApiError> {
        let admitted = admitted.cloned().or_else(Admitted::current);
        let (steps, deadline) = self.limits(&plan, admitted.as_ref());
        let account = admitted.and_then(|admitted| admitted.account);
        let share = self.pool.share();
        let result = self
            .pool
            .enter(deadline, entry, move |flag| {
                // Charged on the worker, whoever waits for the answer: a client that goes
                // away, or a deadline that passes, does not make the work free.
                // The threads a generation starts beside this one are charged too.
                let started = thread_cpu_time();
                let mut budget = Budget::with_flag(steps, flag)
                    .with_threads(share.now())
                    .with_cpu_clock(thread_cpu_time);
                let result = plan.run(&mut budget);
                if let Some(account) = account {
                    let own = thread_cpu_time().saturating_sub(started);
                    account.charge(own + budget.helpers_cpu_time());
                }
                result
            })
            .await?;
        Self::outcome(result)
    }

    /// An operation's result as the answer's: a budget that ran out is counted.
    fn outcome<R>(result: Result<R, Error>) -> Result<R, ApiError> {
        result.map_err(|error| {
            if matches!(error, Error::Exhausted(_)) {
                ::metrics::counter!(metrics::BUDGET_EXHAUSTED).increment(1);
            }
            ApiError::from(error)
        })
    }
}
