//! The connections: how many may be open, how long each may stay silent or idle, and what
//! goes over each socket besides what hyper writes.
//!
//! - **Bounds from accept.** A connection that has not completed a request head within the
//!   header timeout of its accept is closed, whatever it sent: nothing (raw TCP), part of an
//!   HTTP/1 head, or part of the HTTP/2 preface (hyper's own HTTP/1 header timer only starts
//!   once the protocol is known, after the first bytes). After a request, a connection with
//!   nothing in flight for the idle timeout is closed gracefully (HTTP/2: GOAWAY); on HTTP/1
//!   hyper's header timer, which starts again after each response, closes an idle
//!   keep-alive connection first.
//! - **Progress while sending.** A response the client does not take (an HTTP/1 reader that
//!   stopped reading, an HTTP/2 stream or connection whose window stays at zero) is noticed as
//!   a body hyper stops asking for, or a socket write that does not complete; after the send
//!   timeout of that the connection is reset (its unsent bytes dropped, not left to the
//!   kernel).
//! - **Room per client.** One address (an IPv6 /64) holds at most `per_client` connections;
//!   a new one past that closes the address's own oldest idle connection, or is refused.
//!   Trusted proxies carry many clients, and are held to the cap only.
//! - **A cap with a reserve.** At most `cap` connections are open. Once `cap - reserve` are,
//!   a new connection first closes the oldest one that has nothing in flight (a silent
//!   socket before an idle keep-alive one); when none can go, the new connection is served
//!   only `/healthz` and `/readyz` (other requests get 503) until `cap`, and beyond `cap` it
//!   gets a canned 503 and is closed. So silent or idle sockets cannot keep a probe out.
//! - **The socket** ([`ConnIo`]): a client that half-closes after a request asking to close
//!   the connection (HTTP/1.0, or `Connection: close`, as `printf ... | nc -N` sends) still
//!   gets its response, while a client that closes its side of a keep-alive connection has
//!   gone and its work is cancelled; hyper's own answers to a head it cannot read (400, 408,
//!   414, 431, 505, with empty bodies) are replaced by problem details; and a connection
//!   closed while the client may still be sending (a 413 before the body) lingers, reading
//!   and dropping what comes for a while, so that the client reads the answer instead of a
//!   reset (as nginx's lingering close does).

use std::net::SocketAddr;
use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::http::StatusCode;
use axum::Router;
use hyper_util::rt::TokioExecutor;
use hyper_util::rt::TokioIo;
use hyper_util::server::conn::auto::Builder;
use tokio::io::AsyncWriteExt;
use tokio::net::TcpStream;

use super::metrics;
use super::problem::ApiError;

mod registry;
mod service;
mod socket;

use registry::Expiry;
pub use registry::{Admitted, Bounds, Connection, Connections};
use service::ConnService;
use socket::{linger, problem_bytes, ConnIo};

/// How long a connection closing gracefully (idle) may take to finish.
const CLOSING_TIME: Duration = Duration::from_secs(1);

/// Serves one connection until it ends, it is evicted, it expires, or the server shuts down
/// (then it closes gracefully and the server waits for it).
#[allow(clippy::too_many_arguments)]
pub async fn serve_connection(
    connections: Arc<Connections>,
    connection: Arc<Connection>,
    stream: TcpStream,
    peer: SocketAddr,
    builder: Arc<Builder<TokioExecutor>>,
    app: Router,
    bounds: Bounds,
    mut shutdown: tokio::sync::watch::Receiver<bool>,
) {
    let io = ConnIo::new(stream, connection.clone(), connections.clone());
    let service = ConnService {
        app,
        connection: connection.clone(),
        peer,
        shutdown: shutdown.clone(),
    };
    let served = builder
        .serve_connection(TokioIo::new(io), service)
        .into_owned();
    tokio::pin!(served);
    // Since when the connection has been closing gracefully after its idle timeout.
    let mut closing: Option<Instant> = None;
    // At shutdown a connection closes gracefully once its first request is in: before that,
    // hyper (still telling HTTP/1 from HTTP/2) would drop it unread, and the kernel reset
    // the client over a request it had sent. One that sends nothing meets the header timeout.
    let mut shutting_down = *shutdown.borrow();
    let mut shutdown_waits = shutting_down;
    loop {
        if shutdown_waits && connection.requests.load(Ordering::SeqCst) > 0 {
            shutdown_waits = false;
            served.as_mut().graceful_shutdown();
        }
        let (deadline, expiry) = match closing {
            Some(since) => (since + CLOSING_TIME, None),
            None => connection.next_deadline(&bounds),
        };
        // Looked at again at least every quarter of the send timeout, for a response the
        // client is not taking.
        let wake = deadline.min(Instant::now() + bounds.send_timeout / 4);
        tokio::select! {
            result = served.as_mut() => {
                if let Err(error) = result {
                    // hyper's own header timer may end a first head before ours does.
                    let timed_out = error
                        .downcast_ref::<hyper::Error>()
                        .is_some_and(hyper::Error::is_timeout);
                    if timed_out && connection.requests.load(Ordering::SeqCst) == 0 {
                        ::metrics::counter!(metrics::CONNECTIONS_CLOSED, "reason" => "head_timeout").increment(1);
                        connection.head_timed_out.store(true, Ordering::SeqCst);
                    }
                    tracing::debug!(%error, "connection ended with an error");
                }
                break;
            }
            () = connection.evicted.notified() => break,
            () = connection.activity.notified() => {}
            changed = shutdown.changed(), if !shutting_down => {
                shutting_down = true;
                shutdown_waits = changed.is_ok();
            }
            () = tokio::time::sleep_until(wake.into()) => {
                if connection
                    .stalled_since()
                    .is_some_and(|since| since.elapsed() >= bounds.send_timeout)
                {
                    ::metrics::counter!(metrics::CONNECTIONS_CLOSED, "reason" => "stalled").increment(1);
                    connection.stalled.store(true, Ordering::SeqCst);
                    break;
                }
                if Instant::now() < deadline {
                    continue;
                }
                if closing.is_some() {
                    break;
                }
                // Look again: a request may have come or gone since the deadline was set.
                let (now_due, now_expiry) = connection.next_deadline(&bounds);
                if expiry.is_some() && now_expiry == expiry && now_due <= Instant::now() {
                    match now_expiry {
                        Some(Expiry::Head) => {
                            ::metrics::counter!(metrics::CONNECTIONS_CLOSED, "reason" => "head_timeout").increment(1);
                            connection.head_timed_out.store(true, Ordering::SeqCst);
                            break;
                        }
                        Some(Expiry::Idle) => {
                            ::metrics::counter!(metrics::CONNECTIONS_CLOSED, "reason" => "idle").increment(1);
                            served.as_mut().graceful_shutdown();
                            closing = Some(Instant::now());
                        }
                        None => {}
                    }
                }
            }
        }
    }
    connections.remove(connection.id);
}

/// A canned 503 for a connection over the cap, written without reading the request.
pub async fn refuse(connections: Arc<Connections>, mut stream: TcpStream) {
    let response = problem_bytes(
        StatusCode::SERVICE_UNAVAILABLE,
        &ApiError::TooManyConnections.body(),
    );
    if tokio::time::timeout(Duration::from_millis(200), stream.write_all(&response))
        .await
        .is_ok()
        && connections.start_lingering()
    {
        linger(stream, Duration::from_millis(200)).await;
        connections.lingering.fetch_sub(1, Ordering::SeqCst);
    }
}
