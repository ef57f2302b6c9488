//! The registry of open connections ([`Connections`]): the cap with its reserve for health
//! probes, the room of each client's address, which connection goes to make room, and what
//! each connection's task, socket and requests record of it ([`Connection`]).

use std::collections::BTreeMap;
use std::net::IpAddr;
use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::time::{Duration, Instant};

use super::super::clients::{client_key, IpRange};
use super::super::metrics;

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
    pub(super) id: u64,
    accepted: Instant,
    /// The client's address as the per-client room counts it (none: a trusted proxy's).
    client: Option<IpAddr>,
    /// Accepted into the reserve: only `/healthz` and `/readyz` are served.
    pub(super) restricted: bool,
    pub(super) in_flight: AtomicUsize,
    pub(super) requests: AtomicU64,
    pub(super) bytes_read: AtomicU64,
    last_active: Mutex<Instant>,
    /// The request in flight asked to close the connection after its response.
    pub(super) wants_close: AtomicBool,
    /// The client closed its sending side.
    pub(super) read_eof: AtomicBool,
    /// The first bytes the client sent (up to 4), to tell an HTTP/2 preface from HTTP/1.
    pub(super) first_bytes: AtomicU32,
    /// Closed because no request head came within the header timeout.
    pub(super) head_timed_out: AtomicBool,
    /// Requests came or went: the connection's task looks at its deadlines again.
    pub(super) activity: tokio::sync::Notify,
    /// The registry closed this connection to make room.
    pub(super) evicted: tokio::sync::Notify,
    /// Responses whose body hyper has not asked for again since it took a piece of it (or
    /// since the response was handed over): the client is not taking them. By response.
    waiting_on_client: Mutex<BTreeMap<u64, Instant>>,
    pub(super) next_response: AtomicU64,
    /// Since when a write to the socket has been waiting for room.
    write_blocked: Mutex<Option<Instant>>,
    /// Closed because a response made no progress: the socket is reset.
    pub(super) stalled: AtomicBool,
}

impl Connection {
    pub(super) fn last_active(&self) -> MutexGuard<'_, Instant> {
        self.last_active
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
    }

    pub(super) fn idle(&self) -> bool {
        self.in_flight.load(Ordering::SeqCst) == 0
    }

    /// Since when the oldest response (or write) the client is not taking has waited.
    pub(super) fn stalled_since(&self) -> Option<Instant> {
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
    pub(super) fn waiting_on_client(&self, id: u64, waiting: bool) {
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
    pub(super) fn next_deadline(&self, bounds: &Bounds) -> (Instant, Option<Expiry>) {
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
pub(super) enum Expiry {
    /// No complete request head within the header timeout of the accept.
    Head,
    /// Nothing in flight for the idle timeout.
    Idle,
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
    pub(super) lingering: AtomicUsize,
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

    pub(super) fn remove(&self, id: u64) {
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
    pub(super) fn start_lingering(&self) -> bool {
        let limit = self.linger_limit;
        self.lingering
            .fetch_update(Ordering::SeqCst, Ordering::SeqCst, |n| {
                (n < limit).then_some(n + 1)
            })
            .is_ok()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
        let trusted = crate::http::clients::parse_ranges("10.0.0.1").unwrap();
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
