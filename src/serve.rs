//! `sumpuzzles serve`: the service's settings (each a flag and an environment variable) and
//! the start of the runtime.

use std::path::PathBuf;

use anyhow::{bail, Context, Result};

/// Settings of the HTTP service; each also reads an environment variable.
#[derive(clap::Args)]
pub struct ServeArgs {
    /// Address to listen on.
    #[arg(long, env = "SUMPUZZLES_BIND", default_value = "127.0.0.1:8080")]
    bind: std::net::SocketAddr,
    /// Jobs running at once (default: the number of cores).
    #[arg(long, env = "SUMPUZZLES_WORKERS")]
    workers: Option<usize>,
    /// Requests waiting for a worker before new ones get 503 (default: 8 per worker).
    #[arg(long, env = "SUMPUZZLES_QUEUE")]
    queue: Option<usize>,
    /// Per-request deadline in milliseconds, waiting included.
    #[arg(long, env = "SUMPUZZLES_DEADLINE_MS", default_value_t = 30_000)]
    deadline_ms: u64,
    /// Step budget of an operation on a puzzle (solve, rate, hint, render) for a client
    /// without an API key; a request may ask for less (default: about 2 s of CPU, see
    /// docs/edge.md).
    #[arg(long, env = "SUMPUZZLES_BUDGET", default_value_t = sumpuzzles::ops::DEFAULT_BUDGET)]
    budget: u64,
    /// Step budget of a generation for a client without an API key (default: enough for
    /// 16x16 expert Kakuro).
    #[arg(long, env = "SUMPUZZLES_GENERATE_BUDGET", default_value_t = sumpuzzles::ops::GENERATE_BUDGET)]
    generate_budget: u64,
    /// Comma-separated origins allowed by CORS; any origin when empty.
    #[arg(long, env = "SUMPUZZLES_CORS_ORIGINS", default_value = "")]
    cors_origins: String,
    /// Largest request body in bytes.
    #[arg(long, env = "SUMPUZZLES_BODY_LIMIT", default_value_t = 1 << 20)]
    body_limit: usize,
    /// Time a connection has from its accept (on HTTP/1 also from the end of the previous
    /// response) to a complete request head, in milliseconds.
    #[arg(long, env = "SUMPUZZLES_HEADER_TIMEOUT_MS", default_value_t = 10_000)]
    header_timeout_ms: u64,
    /// Time a client has to send a request body, in milliseconds (408 after).
    #[arg(long, env = "SUMPUZZLES_BODY_TIMEOUT_MS", default_value_t = 10_000)]
    body_timeout_ms: u64,
    /// Time a connection with nothing in flight stays open, in milliseconds.
    #[arg(long, env = "SUMPUZZLES_IDLE_TIMEOUT_MS", default_value_t = 30_000)]
    idle_timeout_ms: u64,
    /// Open connections at most (lowered to what the descriptor limit allows).
    #[arg(long, env = "SUMPUZZLES_MAX_CONNECTIONS", default_value_t = 1024)]
    max_connections: usize,
    /// Open connections of one address at most (default: an eighth of the cap, at least 2);
    /// trusted proxies are held to the cap only.
    #[arg(long, env = "SUMPUZZLES_CLIENT_CONNECTIONS")]
    client_connections: Option<usize>,
    /// Time a response may make no progress (a client that stopped reading, an HTTP/2 window
    /// left at zero) before its connection is reset, in milliseconds.
    #[arg(long, env = "SUMPUZZLES_SEND_TIMEOUT_MS", default_value_t = 30_000)]
    send_timeout_ms: u64,
    /// Requests of one client running on the workers at once (default: half the workers, at
    /// least 1).
    #[arg(long, env = "SUMPUZZLES_CLIENT_CONCURRENCY")]
    client_concurrency: Option<usize>,
    /// Requests of one client waiting for one of its slots before 429.
    #[arg(long, env = "SUMPUZZLES_CLIENT_QUEUE", default_value_t = 8)]
    client_queue: usize,
    /// Milliseconds of worker time one client may use a second, on average: each request
    /// counts 1 ms, each job the CPU time it took (default: a quarter of every worker's time,
    /// 250 ms a worker; 0: no limit).
    #[arg(long, env = "SUMPUZZLES_CLIENT_WORK_MS")]
    client_work_ms: Option<u32>,
    /// Milliseconds of worker time one client may use at once (default: 20 s of its share).
    #[arg(long, env = "SUMPUZZLES_CLIENT_WORK_BURST_MS")]
    client_work_burst_ms: Option<u32>,
    /// Comma-separated addresses or ranges (`10.0.0.0/8`) of proxies whose
    /// `X-Forwarded-For` names the client; none by default.
    #[arg(long, env = "SUMPUZZLES_TRUSTED_PROXIES", default_value = "")]
    trusted_proxies: String,
    /// API keys as a JSON array (`[{"key": "...", "name": "...", "work_ms": 2000, "budget":
    /// 100000000}]`); see also --api-keys-file.
    #[arg(long, env = "SUMPUZZLES_API_KEYS", hide_env_values = true)]
    api_keys: Option<String>,
    /// A file holding the API keys' JSON array.
    #[arg(long, env = "SUMPUZZLES_API_KEYS_FILE")]
    api_keys_file: Option<PathBuf>,
    /// Refuse the puzzle operations without a known API key (401).
    #[arg(long, env = "SUMPUZZLES_REQUIRE_API_KEY")]
    require_api_key: bool,
    /// Address of the admin listener serving /metrics (with /healthz and /readyz); none by
    /// default, so the metrics are never on the public port.
    #[arg(long, env = "SUMPUZZLES_ADMIN_BIND")]
    admin_bind: Option<std::net::SocketAddr>,
    /// After SIGTERM, how long /readyz answers 503 before the listener closes (ms).
    #[arg(long, env = "SUMPUZZLES_DRAIN_MS", default_value_t = 1_000)]
    drain_ms: u64,
    /// After the listener closes, how long requests under way may take to finish (ms).
    #[arg(long, env = "SUMPUZZLES_GRACE_MS", default_value_t = 30_000)]
    grace_ms: u64,
    /// Pools of pregenerated puzzles for unseeded /generate requests: comma-separated
    /// `genre:shape:level` keys, or `off`. Idle workers fill them; a request never waits
    /// behind a fill.
    #[arg(long, env = "SUMPUZZLES_POOLS", default_value = sumpuzzles::http::puzzle_pool::DEFAULT_KEYS)]
    pools: String,
    /// Puzzles kept per pool key at most.
    #[arg(long, env = "SUMPUZZLES_POOL_DEPTH", default_value_t = sumpuzzles::http::puzzle_pool::DEFAULT_DEPTH)]
    pool_depth: usize,
    /// Bytes all pooled puzzles together may take at most (counted as their JSON reports).
    #[arg(long, env = "SUMPUZZLES_POOL_MEMORY", default_value_t = sumpuzzles::http::puzzle_pool::DEFAULT_MAX_BYTES)]
    pool_memory: usize,
    /// Workers that may fill the pools at once (default: half the workers, at least 1; 0
    /// turns the pools off).
    #[arg(long, env = "SUMPUZZLES_POOL_FILL_WORKERS")]
    pool_fill_workers: Option<usize>,
    /// Bytes the answers of seeded generations (`/generate` with a seed, `/daily`, batch
    /// lines) kept in memory may take at most, counted as their JSON; 0 keeps none.
    #[arg(long, env = "SUMPUZZLES_ANSWER_CACHE_MEMORY", default_value_t = sumpuzzles::http::DEFAULT_ANSWER_CACHE_BYTES)]
    answer_cache_memory: usize,
    /// Log format: `text` or `json`.
    #[arg(long, env = "SUMPUZZLES_LOG_FORMAT", default_value = "text")]
    log_format: String,
}

pub fn serve(args: ServeArgs) -> Result<()> {
    use std::time::Duration;
    use sumpuzzles::http::clients::{parse_ranges, work_rate, ApiKeys, ClientLimits};
    use sumpuzzles::http::puzzle_pool::{PoolKey, PuzzlePoolConfig};

    sumpuzzles::http::logging::init(&args.log_format).map_err(anyhow::Error::msg)?;
    let mut keys = Vec::new();
    if let Some(json) = &args.api_keys {
        keys.extend(ApiKeys::parse(json).map_err(anyhow::Error::msg)?);
    }
    if let Some(path) = &args.api_keys_file {
        let json =
            std::fs::read_to_string(path).with_context(|| format!("reading {}", path.display()))?;
        keys.extend(ApiKeys::parse(&json).map_err(anyhow::Error::msg)?);
    }
    if args.require_api_key && keys.is_empty() {
        bail!("--require-api-key needs API keys (SUMPUZZLES_API_KEYS or SUMPUZZLES_API_KEYS_FILE)");
    }
    let mut config = sumpuzzles::http::ServerConfig {
        bind: args.bind,
        admin_bind: args.admin_bind,
        deadline: Duration::from_millis(args.deadline_ms),
        budget: args.budget,
        generate_budget: args.generate_budget,
        body_limit: args.body_limit,
        body_timeout: Duration::from_millis(args.body_timeout_ms),
        idle_timeout: Duration::from_millis(args.idle_timeout_ms),
        max_connections: args.max_connections,
        client_connections: args.client_connections,
        send_timeout: Duration::from_millis(args.send_timeout_ms),
        api_keys: ApiKeys {
            entries: keys,
            required: args.require_api_key,
        },
        cors_origins: args
            .cors_origins
            .split(',')
            .map(str::trim)
            .filter(|o| !o.is_empty())
            .map(str::to_string)
            .collect(),
        header_timeout: Duration::from_millis(args.header_timeout_ms),
        drain: Duration::from_millis(args.drain_ms),
        grace: Duration::from_millis(args.grace_ms),
        answer_cache_bytes: args.answer_cache_memory,
        ..Default::default()
    };
    if let Some(workers) = args.workers {
        config.workers = workers.max(1);
        config.queue = config.workers * 8;
    }
    if let Some(queue) = args.queue {
        config.queue = queue;
    }
    let defaults = PuzzlePoolConfig::defaults(config.workers);
    config.puzzle_pools = PuzzlePoolConfig {
        keys: PoolKey::parse_list(&args.pools)
            .map_err(|error| anyhow::anyhow!("SUMPUZZLES_POOLS: {error}"))?,
        depth: args.pool_depth,
        max_bytes: args.pool_memory,
        fill_workers: args.pool_fill_workers.unwrap_or(defaults.fill_workers),
    };
    for retired in ["SUMPUZZLES_CLIENT_RATE", "SUMPUZZLES_CLIENT_BURST"] {
        if std::env::var_os(retired).is_some() {
            bail!(
                "{retired} counted requests; the limits count worker time now: use \
                 SUMPUZZLES_CLIENT_WORK_MS and SUMPUZZLES_CLIENT_WORK_BURST_MS (README, \
                 Configuration)"
            );
        }
    }
    let defaults = ClientLimits::for_workers(config.workers);
    let default_work = defaults
        .work
        .expect("the defaults have a share of worker time");
    let work_ms = args
        .client_work_ms
        .unwrap_or(default_work.per_second as u32);
    let burst_ms = args
        .client_work_burst_ms
        .unwrap_or(work_ms.saturating_mul(20));
    config.clients = ClientLimits {
        concurrency: args
            .client_concurrency
            .unwrap_or(defaults.concurrency)
            .max(1),
        queue: args.client_queue,
        work: work_rate(work_ms, burst_ms),
        trusted_proxies: parse_ranges(&args.trusted_proxies)
            .map_err(|error| anyhow::anyhow!("SUMPUZZLES_TRUSTED_PROXIES: {error}"))?,
    };
    // The searches run on the pool's own threads (8 MiB stacks, src/http/pool.rs); the
    // runtime's threads, which read the requests, get the same room: a stack overflow aborts
    // the process, it cannot be caught like a panic.
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .thread_stack_size(8 << 20)
        .on_thread_park(sumpuzzles::http::memory::on_park)
        .build()
        .context("starting the async runtime")?;
    runtime
        .block_on(sumpuzzles::http::serve(config))
        .with_context(|| format!("serving on {}", args.bind))?;
    tracing::info!("stopped");
    Ok(())
}
