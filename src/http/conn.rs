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

use std::collections::BTreeMap;
use std::convert::Infallible;
use std::future::Future;
use std::net::{IpAddr, SocketAddr};
use std::pin::Pin;
use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::task::{Context, Poll};
use std::time::{Duration, Instant};

use axum::body::Body;
use axum::http::{header, HeaderValue, Request, Response, StatusCode, Version};
use axum::response::IntoResponse;
use axum::Router;
use hyper::body::Incoming;
use hyper_util::rt::TokioExecutor;
use hyper_util::rt::TokioIo;
use hyper_util::server::conn::auto::Builder;
use tokio::io::AsyncWriteExt;
use tokio::net::TcpStream;
use tower::ServiceExt;

use super::clients::{client_key, IpRange, Peer};
use super::metrics;
use super::problem::ApiError;

mod socket;

use socket::{linger, problem_bytes, ConnIo};

/// How long a connection closing gracefully (idle) may take to finish.
const CLOSING_TIME: Duration = Duration::from_secs(1);

/// The bounds every connection is held to.
#[derive(Clone, Copy, Debug)]
pub struct Bounds {
    /// From accept to a complete first request head.
    pub header_timeout: Duration,
    /// With nothing in flight, after the last response.
    pub idle_timeout: Duration,
    /// A response (or a write) that makes no progress for this long ends its connection.
    pub send_timeout: Duration,
}

/// One open connection, as the registry, its task, its socket and its requests see it.
pub struct Connection {
    id: u64,
    accepted: Instant,
    /// The client's address as the per-client room counts it (none: a trusted proxy's).
    client: Option<IpAddr>,
    /// Accepted into the reserve: only `/healthz` and `/readyz` are served.
    restricted: bool,
    in_flight: AtomicUsize,
    requests: AtomicU64,
    bytes_read: AtomicU64,
    last_active: Mutex<Instant>,
    /// The request in flight asked to close the connection after its response.
    wants_close: AtomicBool,
    /// The client closed its sending side.
    read_eof: AtomicBool,
    /// The first bytes the client sent (up to 4), to tell an HTTP/2 preface from HTTP/1.
    first_bytes: AtomicU32,
    /// Closed because no request head came within the header timeout.
    head_timed_out: AtomicBool,
    /// Requests came or went: the connection's task looks at its deadlines again.
    activity: tokio::sync::Notify,
    /// The registry closed this connection to make room.
    evicted: tokio::sync::Notify,
    /// Responses whose body hyper has not asked for again since it took a piece of it (or
    /// since the response was handed over): the client is not taking them. By response.
    waiting_on_client: Mutex<BTreeMap<u64, Instant>>,
    next_response: AtomicU64,
    /// Since when a write to the socket has been waiting for room.
    write_blocked: Mutex<Option<Instant>>,
    /// Closed because a response made no progress: the socket is reset.
    stalled: AtomicBool,
}

impl Connection {
    fn last_active(&self) -> MutexGuard<'_, Instant> {
        self.last_active
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
    }

    fn idle(&self) -> bool {
        self.in_flight.load(Ordering::SeqCst) == 0
    }

    /// Since when the oldest response (or write) the client is not taking has waited.
    fn stalled_since(&self) -> Option<Instant> {
        let responses = self
            .waiting_on_client
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .values()
            .min()
            .copied();
        let write = *self
            .write_blocked
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        responses.into_iter().chain(write).min()
    }

    /// A write waits for room in the socket (`true`) or went through.
    pub(super) fn write_blocked(&self, blocked: bool) {
        let mut since = self
            .write_blocked
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        match (blocked, *since) {
            (true, None) => *since = Some(Instant::now()),
            (false, Some(_)) => *since = None,
            _ => {}
        }
    }

    /// Response `id` waits for the client to take it (`true`), or is being made by us.
    fn waiting_on_client(&self, id: u64, waiting: bool) {
        let mut responses = self
            .waiting_on_client
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        if waiting {
            responses.entry(id).or_insert_with(Instant::now);
        } else {
            responses.remove(&id);
        }
    }

    /// When the connection's task must look again, and what expires then.
    fn next_deadline(&self, bounds: &Bounds) -> (Instant, Option<Expiry>) {
        if !self.idle() {
            // A request in flight is bounded by the body timeout and the deadline.
            return (Instant::now() + Duration::from_secs(3600), None);
        }
        if self.requests.load(Ordering::SeqCst) == 0 {
            return (self.accepted + bounds.header_timeout, Some(Expiry::Head));
        }
        (
            *self.last_active() + bounds.idle_timeout,
            Some(Expiry::Idle),
        )
    }
}

/// What ends a connection that sends nothing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Expiry {
    /// No complete request head within the header timeout of the accept.
    Head,
    /// Nothing in flight for the idle timeout.
    Idle,
}

/// Counts a request in flight on its connection until dropped (with the response body).
struct InFlight(Arc<Connection>);

impl InFlight {
    fn start(connection: Arc<Connection>, wants_close: bool) -> InFlight {
        connection.in_flight.fetch_add(1, Ordering::SeqCst);
        connection.requests.fetch_add(1, Ordering::SeqCst);
        connection.wants_close.store(wants_close, Ordering::SeqCst);
        connection.activity.notify_one();
        InFlight(connection)
    }
}

impl Drop for InFlight {
    fn drop(&mut self) {
        *self.0.last_active() = Instant::now();
        self.0.in_flight.fetch_sub(1, Ordering::SeqCst);
        self.0.activity.notify_one();
    }
}

/// Every open connection, oldest first.
pub struct Connections {
    cap: usize,
    reserve: usize,
    /// Connections one address may hold.
    per_client: usize,
    /// Proxies whose connections carry many clients: held to the cap only.
    trusted: Vec<IpRange>,
    open: Mutex<BTreeMap<u64, Arc<Connection>>>,
    next_id: AtomicU64,
    emptied: tokio::sync::Notify,
    /// Closed sockets still reading what their clients send.
    lingering: AtomicUsize,
    /// How many may: they hold descriptors too.
    linger_limit: usize,
}

/// What a new connection gets.
pub enum Admitted {
    Serve(Arc<Connection>),
    /// Over the cap: a canned 503.
    Refuse,
}

impl Connections {
    /// At most `cap` connections, the last `reserve` of them for health probes, at most
    /// `per_client` of one address (a `trusted` proxy's excepted), and at most `linger_limit`
    /// closed sockets lingering.
    pub fn new(
        cap: usize,
        reserve: usize,
        per_client: usize,
        trusted: Vec<IpRange>,
        linger_limit: usize,
    ) -> Connections {
        let cap = cap.max(2);
        Connections {
            cap,
            reserve: reserve.clamp(1, cap - 1),
            per_client: per_client.max(1),
            trusted,
            open: Mutex::new(BTreeMap::new()),
            next_id: AtomicU64::new(0),
            emptied: tokio::sync::Notify::new(),
            lingering: AtomicUsize::new(0),
            linger_limit,
        }
    }

    pub fn cap(&self) -> usize {
        self.cap
    }

    pub fn reserve(&self) -> usize {
        self.reserve
    }

    pub fn per_client(&self) -> usize {
        self.per_client
    }

    fn open(&self) -> MutexGuard<'_, BTreeMap<u64, Arc<Connection>>> {
        self.open.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Open connections now.
    pub fn count(&self) -> usize {
        self.open().len()
    }

    /// Registers a new connection from `peer`, closing its address's oldest idle one when
    /// it holds its room, and the oldest idle one of all when the cap is near.
    pub fn admit(&self, peer: IpAddr) -> Admitted {
        let client =
            (!self.trusted.iter().any(|range| range.contains(peer))).then(|| client_key(peer));
        let mut open = self.open();
        if let Some(client) = client {
            let held = open.values().filter(|c| c.client == Some(client)).count();
            if held >= self.per_client
                && !Self::evict_idle_where(&mut open, |c| c.client == Some(client))
            {
                metrics::shed(metrics::Shed::Connections);
                ::metrics::counter!(metrics::CONNECTIONS_CLOSED, "reason" => "refused")
                    .increment(1);
                return Admitted::Refuse;
            }
        }
        if open.len() >= self.cap - self.reserve {
            Self::evict_idle(&mut open);
        }
        if open.len() >= self.cap {
            metrics::shed(metrics::Shed::Connections);
            ::metrics::counter!(metrics::CONNECTIONS_CLOSED, "reason" => "refused").increment(1);
            return Admitted::Refuse;
        }
        let restricted = open.len() >= self.cap - self.reserve;
        let id = self.next_id.fetch_add(1, Ordering::Relaxed);
        let now = Instant::now();
        let connection = Arc::new(Connection {
            id,
            accepted: now,
            client,
            restricted,
            in_flight: AtomicUsize::new(0),
            requests: AtomicU64::new(0),
            bytes_read: AtomicU64::new(0),
            last_active: Mutex::new(now),
            wants_close: AtomicBool::new(false),
            read_eof: AtomicBool::new(false),
            first_bytes: AtomicU32::new(0),
            head_timed_out: AtomicBool::new(false),
            activity: tokio::sync::Notify::new(),
            evicted: tokio::sync::Notify::new(),
            waiting_on_client: Mutex::new(BTreeMap::new()),
            next_response: AtomicU64::new(0),
            write_blocked: Mutex::new(None),
            stalled: AtomicBool::new(false),
        });
        open.insert(id, connection.clone());
        ::metrics::gauge!(metrics::CONNECTIONS).set(open.len() as f64);
        Admitted::Serve(connection)
    }

    /// Closes the oldest connection with nothing in flight, one that never sent a request
    /// first; false when every connection has a request in flight.
    fn evict_idle(open: &mut BTreeMap<u64, Arc<Connection>>) -> bool {
        Self::evict_idle_where(open, |_| true)
    }

    /// [`Connections::evict_idle`] among the connections `which` picks.
    fn evict_idle_where(
        open: &mut BTreeMap<u64, Arc<Connection>>,
        which: impl Fn(&Connection) -> bool,
    ) -> bool {
        let candidates = || open.values().filter(|c| which(c) && c.idle());
        let silent = candidates().find(|c| c.requests.load(Ordering::SeqCst) == 0);
        let victim = silent.or_else(|| candidates().next()).map(|c| c.id);
        match victim.and_then(|id| open.remove(&id)) {
            Some(connection) => {
                connection.evicted.notify_one();
                ::metrics::counter!(metrics::CONNECTIONS_CLOSED, "reason" => "evicted")
                    .increment(1);
                true
            }
            None => false,
        }
    }

    /// Makes room when accepting failed for want of descriptors.
    pub fn evict_one(&self) -> bool {
        Self::evict_idle(&mut self.open())
    }

    fn remove(&self, id: u64) {
        let mut open = self.open();
        open.remove(&id);
        ::metrics::gauge!(metrics::CONNECTIONS).set(open.len() as f64);
        if open.is_empty() {
            self.emptied.notify_waiters();
        }
    }

    /// Waits until every connection has closed.
    pub async fn closed(&self) {
        loop {
            let emptied = self.emptied.notified();
            if self.count() == 0 {
                return;
            }
            emptied.await;
        }
    }

    /// Whether another socket may linger: lingering ones hold descriptors too.
    fn start_lingering(&self) -> bool {
        let limit = self.linger_limit;
        self.lingering
            .fetch_update(Ordering::SeqCst, Ordering::SeqCst, |n| {
                (n < limit).then_some(n + 1)
            })
            .is_ok()
    }
}

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

/// Whether a request may be served on a connection accepted into the reserve.
fn is_probe(path: &str) -> bool {
    path == "/healthz" || path == "/readyz"
}

/// Whether an HTTP/1 request asks to close the connection after its response.
fn wants_close<B>(request: &Request<B>) -> bool {
    let connection = request
        .headers()
        .get_all(header::CONNECTION)
        .iter()
        .filter_map(|value| value.to_str().ok())
        .flat_map(|value| value.split(','))
        .map(|token| token.trim().to_ascii_lowercase())
        .collect::<Vec<_>>();
    match request.version() {
        Version::HTTP_10 => !connection.iter().any(|token| token == "keep-alive"),
        Version::HTTP_11 => connection.iter().any(|token| token == "close"),
        _ => false,
    }
}

/// The application as hyper calls it on one connection: the peer in the request's
/// extensions, the request counted in flight until its response body is written.
#[derive(Clone)]
struct ConnService {
    app: Router,
    connection: Arc<Connection>,
    peer: SocketAddr,
    /// The server is shutting down: a response says the connection closes after it.
    shutdown: tokio::sync::watch::Receiver<bool>,
}

type ResponseFuture = Pin<Box<dyn Future<Output = Result<Response<Body>, Infallible>> + Send>>;

impl hyper::service::Service<Request<Incoming>> for ConnService {
    type Response = Response<Body>;
    type Error = Infallible;
    type Future = ResponseFuture;

    fn call(&self, request: Request<Incoming>) -> ResponseFuture {
        let guard = InFlight::start(self.connection.clone(), wants_close(&request));
        let mut request = request.map(Body::new);
        request.extensions_mut().insert(Peer(self.peer));
        if self.connection.restricted && !is_probe(request.uri().path()) {
            metrics::shed(metrics::Shed::Connections);
            let mut response = ApiError::TooManyConnections.into_response();
            response
                .headers_mut()
                .insert(header::CONNECTION, HeaderValue::from_static("close"));
            return Box::pin(std::future::ready(Ok(guarded(response, guard))));
        }
        let app = self.app.clone();
        let shutdown = self.shutdown.clone();
        // HTTP/2 has no Connection header: its connection ends with GOAWAY.
        let http1 = request.version() < Version::HTTP_2;
        Box::pin(async move {
            let mut response = app
                .oneshot(request)
                .await
                .unwrap_or_else(|never| match never {});
            if http1 && *shutdown.borrow() {
                response
                    .headers_mut()
                    .insert(header::CONNECTION, HeaderValue::from_static("close"));
            }
            Ok(guarded(response, guard))
        })
    }
}

fn guarded(response: Response<Body>, guard: InFlight) -> Response<Body> {
    let id = guard.0.next_response.fetch_add(1, Ordering::Relaxed);
    // Handed over: from now on hyper should ask for the body as the client takes it.
    guard.0.waiting_on_client(id, true);
    response.map(|body| Body::new(GuardedBody { body, id, guard }))
}

/// A response body that keeps its request counted in flight until hyper has written it, and
/// tells its connection whether the client is taking it: from a piece handed over until hyper
/// asks for the next, the client has it to take.
struct GuardedBody {
    body: Body,
    id: u64,
    guard: InFlight,
}

impl Drop for GuardedBody {
    fn drop(&mut self) {
        self.guard.0.waiting_on_client(self.id, false);
    }
}

impl hyper::body::Body for GuardedBody {
    type Data = axum::body::Bytes;
    type Error = axum::Error;

    fn poll_frame(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<hyper::body::Frame<Self::Data>, Self::Error>>> {
        let this = self.get_mut();
        let connection = &this.guard.0;
        connection.waiting_on_client(this.id, false);
        let frame = Pin::new(&mut this.body).poll_frame(cx);
        if let Poll::Ready(Some(Ok(_))) = frame {
            connection.waiting_on_client(this.id, true);
        }
        frame
    }

    fn is_end_stream(&self) -> bool {
        self.body.is_end_stream()
    }

    fn size_hint(&self) -> hyper::body::SizeHint {
        self.body.size_hint()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_request_says_whether_the_connection_closes() {
        let request = |version, connection: Option<&str>| {
            let mut builder = Request::builder().version(version);
            if let Some(value) = connection {
                builder = builder.header(header::CONNECTION, value);
            }
            builder.body(()).unwrap()
        };
        assert!(wants_close(&request(Version::HTTP_10, None)));
        assert!(!wants_close(&request(Version::HTTP_10, Some("Keep-Alive"))));
        assert!(!wants_close(&request(Version::HTTP_11, None)));
        assert!(wants_close(&request(Version::HTTP_11, Some("close"))));
        assert!(!wants_close(&request(Version::HTTP_2, Some("close"))));
    }

    #[test]
    fn the_oldest_silent_connection_makes_room() {
        let connections = Connections::new(4, 1, 4, Vec::new(), 1);
        let admitted: Vec<Arc<Connection>> = (0..3)
            .map(|_| match connections.admit(LOOPBACK) {
                Admitted::Serve(c) => c,
                Admitted::Refuse => panic!("under the cap"),
            })
            .collect();
        // The second has served a request: the first, silent, goes first.
        admitted[1].requests.store(1, Ordering::SeqCst);
        let Admitted::Serve(fourth) = connections.admit(LOOPBACK) else {
            panic!("room was made")
        };
        assert!(!fourth.restricted);
        assert_eq!(connections.count(), 3);
        assert!(!connections.open().contains_key(&admitted[0].id));
        // With every connection busy, the reserve takes a probe, then the cap refuses.
        for c in connections.open().values() {
            c.in_flight.store(1, Ordering::SeqCst);
        }
        let Admitted::Serve(reserved) = connections.admit(LOOPBACK) else {
            panic!("the reserve")
        };
        assert!(reserved.restricted);
        reserved.in_flight.store(1, Ordering::SeqCst);
        assert!(matches!(connections.admit(LOOPBACK), Admitted::Refuse));
    }

    const LOOPBACK: IpAddr = IpAddr::V4(std::net::Ipv4Addr::LOCALHOST);

    fn served(admitted: Admitted) -> Arc<Connection> {
        match admitted {
            Admitted::Serve(connection) => connection,
            Admitted::Refuse => panic!("refused"),
        }
    }

    #[test]
    fn one_address_holds_its_room_and_a_trusted_proxy_the_cap() {
        let trusted = super::super::clients::parse_ranges("10.0.0.1").unwrap();
        let connections = Connections::new(16, 1, 2, trusted, 1);
        let client = IpAddr::from([192, 0, 2, 1]);
        let first = served(connections.admit(client));
        let second = served(connections.admit(client));
        // Both with a request in flight (an HTTP/2 stream the client never lets finish): the
        // address's third is refused, though the server has room.
        first.in_flight.store(1, Ordering::SeqCst);
        second.in_flight.store(1, Ordering::SeqCst);
        assert!(matches!(connections.admit(client), Admitted::Refuse));
        // Its own idle connection makes room for its new one.
        second.in_flight.store(0, Ordering::SeqCst);
        let _third = served(connections.admit(client));
        assert!(!connections.open().contains_key(&second.id));
        // Another address has its own room, an IPv6 /64 is one address.
        let _other = served(connections.admit(IpAddr::from([192, 0, 2, 2])));
        for last in 1..=2u16 {
            let v6 = IpAddr::from([0x2001, 0xdb8, 0, 1, 0, 0, 0, last]);
            served(connections.admit(v6))
                .in_flight
                .store(1, Ordering::SeqCst);
        }
        let v6 = IpAddr::from([0x2001, 0xdb8, 0, 1, 0, 0, 0, 3]);
        assert!(matches!(connections.admit(v6), Admitted::Refuse));
        // A trusted proxy's connections carry many clients: up to the cap.
        let proxy = IpAddr::from([10, 0, 0, 1]);
        for _ in 0..8 {
            served(connections.admit(proxy))
                .in_flight
                .store(1, Ordering::SeqCst);
        }
    }
}
