//! The listeners: the accept loop that serves [`app`] over bounded connections (see
//! [`super::conn`]), the admin listener for `/metrics`, and a graceful shutdown that first
//! turns `/readyz` to 503, then stops accepting (taking the connections the kernel already
//! completed) and lets requests under way finish.

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use hyper_util::rt::{TokioExecutor, TokioTimer};
use hyper_util::server::conn::auto::Builder;
use tokio::net::TcpListener;

use super::conn::{self, Admitted as Accepted, Bounds, Connections};
use super::limits::{MAX_HEADERS, MAX_HEAD_BYTES};
use super::server::app;
use super::{metrics, service, AppState, ServerConfig};

/// Waits for SIGTERM or Ctrl-C.
async fn shutdown_signal() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let terminate = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut signal) => {
                signal.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let terminate = std::future::pending::<()>();
    tokio::select! {
        _ = ctrl_c => {},
        _ = terminate => {},
    }
}

/// Binds and serves until a shutdown signal, then drains and finishes requests under way.
pub async fn serve(config: ServerConfig) -> std::io::Result<()> {
    let listener = TcpListener::bind(config.bind).await?;
    let admin = match config.admin_bind {
        Some(address) => Some(TcpListener::bind(address).await?),
        None => None,
    };
    serve_on(listener, admin, config, shutdown_signal()).await
}

/// After the grace period, how long streamed answers have to send their last lines.
const GRACE_END: Duration = Duration::from_secs(1);

/// The backlog `TcpListener::bind` listens with (tokio's, through mio, as the standard
/// library's on Linux): the most connections the kernel holds completed but not accepted.
const LISTEN_BACKLOG: usize = 128;

/// Takes the connections waiting in `listener`'s backlog (no more than a full one: clients
/// still connecting meanwhile do not hold the shutdown here) and hands each to `serve`, as
/// the accept loop does; the listener is closed after.
fn take_backlog(
    listener: TcpListener,
    mut serve: impl FnMut(tokio::net::TcpStream, SocketAddr),
) -> std::io::Result<()> {
    let listener = listener.into_std()?;
    for _ in 0..LISTEN_BACKLOG {
        let (stream, peer) = match listener.accept() {
            Ok(accepted) => accepted,
            Err(error) if error.kind() == std::io::ErrorKind::WouldBlock => break,
            // One connection's own failure (reset before it was taken): the next.
            Err(_) => continue,
        };
        let stream = stream
            .set_nonblocking(true)
            .and_then(|()| tokio::net::TcpStream::from_std(stream));
        if let Ok(stream) = stream {
            serve(stream, peer);
        }
    }
    Ok(())
}

/// Descriptors kept free beyond the connections: listeners, the log, the runtime's own.
const SPARE_DESCRIPTORS: usize = 8;

/// How many connections the descriptor limit leaves room for, when it can be read.
#[cfg(unix)]
fn descriptor_room() -> Option<usize> {
    let mut limit = libc::rlimit {
        rlim_cur: 0,
        rlim_max: 0,
    };
    // SAFETY: getrlimit only writes the struct it is given.
    if unsafe { libc::getrlimit(libc::RLIMIT_NOFILE, &mut limit) } != 0 {
        return None;
    }
    let soft = usize::try_from(limit.rlim_cur).unwrap_or(usize::MAX);
    let in_use = std::fs::read_dir("/proc/self/fd").map_or(16, |fds| fds.count());
    Some(soft.saturating_sub(in_use + SPARE_DESCRIPTORS))
}

#[cfg(not(unix))]
fn descriptor_room() -> Option<usize> {
    None
}

/// The connection registry for `config.max_connections`, within the descriptor limit: an
/// eighth of the room is kept for lingering sockets, a sixteenth of the cap (at least 1) is
/// the reserve for health probes, and one address may hold an eighth of the cap (at least 2)
/// unless told otherwise; the trusted proxies are held to the cap only.
fn connections(config: &ServerConfig) -> Connections {
    let room = descriptor_room().unwrap_or(usize::MAX).max(4);
    let linger = (room / 8).clamp(1, 64);
    let cap = config.max_connections.min(room - linger).max(2);
    let per_client = config.client_connections.unwrap_or((cap / 8).max(2));
    Connections::new(
        cap,
        (cap / 16).max(1),
        per_client,
        config.clients.trusted_proxies.clone(),
        linger,
    )
}

/// The HTTP/1 and HTTP/2 settings of every connection.
fn builder(config: &ServerConfig) -> Builder<TokioExecutor> {
    let mut builder = Builder::new(TokioExecutor::new());
    builder
        .http1()
        .timer(TokioTimer::new())
        .header_read_timeout(config.header_timeout)
        .max_buf_size(MAX_HEAD_BYTES)
        .max_headers(MAX_HEADERS)
        // One buffer per write: the connection's socket replaces hyper's own bare error
        // answers, which it recognises in a single write (see conn.rs).
        .writev(false);
    builder
        .http2()
        .timer(TokioTimer::new())
        .max_concurrent_streams(64)
        .max_header_list_size(MAX_HEAD_BYTES as u32);
    builder
}

/// Whether an accept error means the process is out of something (descriptors, buffers):
/// then an idle connection makes room and the loop waits a little; other errors are one
/// connection's (reset before it was accepted) and the next accept may go on at once.
fn out_of_resources(error: &std::io::Error) -> bool {
    #[cfg(unix)]
    {
        matches!(
            error.raw_os_error(),
            Some(libc::EMFILE | libc::ENFILE | libc::ENOBUFS | libc::ENOMEM)
        )
    }
    #[cfg(not(unix))]
    {
        let _ = error;
        true
    }
}

static ACCEPT_LOG: metrics::Summary =
    metrics::Summary::new("accepting connections failed (summed up)");

/// The admin listener's application: `/metrics`, `/healthz` and `/readyz`, off the public
/// port.
pub fn admin_app(state: Arc<AppState>) -> Router {
    service::admin_router().with_state(state)
}

/// Serves [`admin_app`] on the admin listener until `stop`.
async fn serve_admin(
    listener: TcpListener,
    state: Arc<AppState>,
    mut stop: tokio::sync::watch::Receiver<bool>,
) {
    let app = admin_app(state);
    let served = axum::serve(listener, app).with_graceful_shutdown(async move {
        let _ = stop.wait_for(|stopped| *stopped).await;
    });
    if let Err(error) = served.await {
        tracing::warn!(%error, "the admin listener failed");
    }
}

/// The pooled keys for the log, comma-separated (`off` for none).
fn pool_keys(state: &AppState) -> String {
    if state.puzzles.fill_workers() == 0 {
        return "off".into();
    }
    let keys: Vec<String> = state
        .puzzles
        .config()
        .keys
        .iter()
        .map(ToString::to_string)
        .collect();
    keys.join(",")
}

/// Serves on bound listeners (the API's, and the admin listener's if any, in place of
/// `config.bind` and `config.admin_bind`) until `shutdown` completes. Tests bind both to free
/// ports first and pass their own signal: an address found free and bound later may be taken
/// in between by another server of the same test run.
pub async fn serve_on(
    listener: TcpListener,
    admin: Option<TcpListener>,
    config: ServerConfig,
    shutdown: impl std::future::Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    let state = AppState::new(config.clone());
    let app = app(state.clone());
    super::memory::start_reclaimer();
    let registry = Arc::new(connections(&config));
    let admin_address: Option<SocketAddr> = admin.as_ref().and_then(|l| l.local_addr().ok());
    tracing::info!(
        address = %listener.local_addr()?,
        admin = %admin_address.map_or_else(|| "none".to_string(), |a| a.to_string()),
        workers = config.workers,
        queue = config.queue,
        connections = registry.cap(),
        reserve = registry.reserve(),
        per_client = registry.per_client(),
        pools = %pool_keys(&state),
        "listening"
    );
    let builder = Arc::new(builder(&config));
    let bounds = Bounds {
        header_timeout: config.header_timeout,
        idle_timeout: config.idle_timeout,
        send_timeout: config.send_timeout,
    };
    let (stop_accepting_tx, mut stop_accepting) = tokio::sync::watch::channel(false);
    let (close_tx, close_rx) = tokio::sync::watch::channel(false);
    if let Some(admin) = admin {
        tokio::spawn(serve_admin(admin, state.clone(), close_rx.clone()));
    }
    let drain = config.drain;
    let signal_state = state.clone();
    tokio::spawn(async move {
        shutdown.await;
        tracing::info!("shutdown signal: readiness off, draining");
        signal_state.begin_shutdown();
        tokio::time::sleep(drain).await;
        let _ = stop_accepting_tx.send(true);
    });
    let serve = |stream: tokio::net::TcpStream, peer: SocketAddr| {
        let _ = stream.set_nodelay(true);
        match registry.admit(peer.ip()) {
            Accepted::Serve(connection) => {
                tokio::spawn(conn::serve_connection(
                    registry.clone(),
                    connection,
                    stream,
                    peer,
                    builder.clone(),
                    app.clone(),
                    bounds,
                    close_rx.clone(),
                ));
            }
            Accepted::Refuse => {
                tokio::spawn(conn::refuse(registry.clone(), stream));
            }
        }
    };
    let mut backoff = Duration::ZERO;
    loop {
        let accepted = tokio::select! {
            accepted = listener.accept() => accepted,
            _ = stop_accepting.changed() => break,
        };
        let (stream, peer) = match accepted {
            Ok(connection) => {
                backoff = Duration::ZERO;
                connection
            }
            Err(error) => {
                ::metrics::counter!(metrics::ACCEPT_ERRORS).increment(1);
                ACCEPT_LOG.note(&error.to_string());
                if out_of_resources(&error) {
                    registry.evict_one();
                    backoff = (backoff * 2).clamp(Duration::from_millis(5), Duration::from_secs(1));
                    tokio::time::sleep(backoff).await;
                }
                continue;
            }
        };
        serve(stream, peer);
    }
    // The connections the kernel completed while the listener was open wait in its backlog,
    // their requests perhaps sent already: closing the listener would reset them.
    if let Err(error) = take_backlog(listener, serve) {
        tracing::warn!(%error, "the listener's backlog could not be taken");
    }
    tracing::info!("listener closed; finishing requests under way");
    let _ = close_tx.send(true);
    if tokio::time::timeout(config.grace, registry.closed())
        .await
        .is_err()
    {
        // Batches give up the puzzle under way and end their answers with a line for each
        // seed not made; a moment for those last bytes, then the connections are closed.
        state.end_grace();
        if tokio::time::timeout(GRACE_END, registry.closed())
            .await
            .is_err()
        {
            tracing::warn!("grace period over; closing the remaining connections");
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The connections completed but not accepted when the accept loop stops are taken, each
    /// a working stream (the shutdown serves them rather than closing the listener on them).
    #[tokio::test]
    async fn the_backlog_is_taken_at_shutdown() {
        use tokio::io::{AsyncReadExt, AsyncWriteExt};
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let address = listener.local_addr().unwrap();
        let mut clients = Vec::new();
        for _ in 0..5 {
            clients.push(tokio::net::TcpStream::connect(address).await.unwrap());
        }
        let mut taken = Vec::new();
        take_backlog(listener, |stream, peer| taken.push((stream, peer))).unwrap();
        assert_eq!(taken.len(), clients.len());
        let mut peers: Vec<SocketAddr> = taken.iter().map(|(_, peer)| *peer).collect();
        let mut local: Vec<SocketAddr> = clients.iter().map(|c| c.local_addr().unwrap()).collect();
        peers.sort();
        local.sort();
        assert_eq!(peers, local);
        // Each taken stream carries its client's bytes.
        clients[0].write_all(b"hello").await.unwrap();
        let (stream, _) = taken
            .iter_mut()
            .find(|(_, peer)| *peer == clients[0].local_addr().unwrap())
            .unwrap();
        let mut bytes = [0u8; 5];
        stream.read_exact(&mut bytes).await.unwrap();
        assert_eq!(&bytes, b"hello");
    }
}
