//! Who a request comes from, and what it may use: client identity (the peer, or the
//! forwarded address when the peer is a trusted proxy; an API key's name), a per-client
//! account of worker time, a per-client limit on requests running on the worker pool, and
//! optional API keys with their own allowance; failed key lookups are throttled per address.
//!
//! A client is an IPv4 address, an IPv6 /64 (one subscriber's prefix), or an API key's name.
//! Its heavy requests (those that take a worker: the puzzle operations) run at most
//! `client_concurrency` at once, and at most `client_queue` more wait for one of its slots;
//! beyond that it gets 429 at once. So one client flooding with worst-case requests holds
//! at most its share of the workers, and everyone else's requests find the rest free.
//!
//! Limits count cost, not requests: every request but `/healthz` and `/readyz` spends
//! [`REQUEST_COST_MS`] of its client's account of worker time, and every job is charged the
//! CPU time its worker spent on it (`client_work`: so many milliseconds a second, and a
//! burst). A client of cheap requests (a backend checking answers, players behind one
//! carrier-grade NAT) makes thousands a second before a 429; one of expensive requests is
//! held to its share of the workers' time.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use axum::http::HeaderMap;
use tokio::sync::{OwnedSemaphorePermit, Semaphore};

use super::metrics;
use super::problem::ApiError;

mod accounts;
mod address;
mod keys;
mod rate_left;

use accounts::Accounts;
pub use accounts::Rate;
use address::client_address;
pub(crate) use address::{client_key, ClientId, Peer};
pub use address::{parse_ranges, IpRange};
use keys::api_key;
pub use keys::{ApiKeys, KeyEntry};
pub(crate) use rate_left::RateLeft;

/// What every request but the probes costs its client, in milliseconds of worker time, besides
/// the CPU time of its job: reading and answering it on the runtime costs far less (tens of
/// microseconds), so a flood of the cheapest requests is held to a thousandth of its share.
pub const REQUEST_COST_MS: f64 = 1.0;

/// Failed API key lookups an address may make: a burst of 5, then one a second (429 beyond).
const KEY_GUESSES: Rate = Rate {
    per_second: 1.0,
    burst: 5.0,
};

/// What a request may spend, by default and by its key.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Allowance {
    /// Step budget of an operation on a puzzle (a request may ask for less).
    pub budget: u64,
    /// Step budget of a generation.
    pub generate_budget: u64,
}

/// A known key, with its own share of worker time.
struct Key {
    name: Arc<str>,
    work: Option<Rate>,
    allowance: Allowance,
    concurrency: usize,
}

/// The settings of the per-client limits.
#[derive(Clone, Debug)]
pub struct ClientLimits {
    /// Heavy requests of one client running at once.
    pub concurrency: usize,
    /// Heavy requests of one client waiting for one of its slots.
    pub queue: usize,
    /// Worker time one client may use, in milliseconds: so many a second, and a burst (none:
    /// no limit).
    pub work: Option<Rate>,
    /// Peers whose `X-Forwarded-For` is believed.
    pub trusted_proxies: Vec<IpRange>,
}

impl ClientLimits {
    /// The defaults for `workers` workers: half of them for one client at once, with 8
    /// requests waiting; a quarter of their time on average ([`DEFAULT_WORK_MS_PER_WORKER`]
    /// each), 20 s of that at once; no trusted proxy.
    pub fn for_workers(workers: usize) -> ClientLimits {
        let per_second = DEFAULT_WORK_MS_PER_WORKER * workers.max(1) as f64;
        ClientLimits {
            concurrency: (workers / 2).max(1),
            queue: 8,
            work: Some(Rate {
                per_second,
                burst: per_second * 20.0,
            }),
            trusted_proxies: Vec::new(),
        }
    }
}

/// One client's share of each worker's time by default, in milliseconds a second.
pub const DEFAULT_WORK_MS_PER_WORKER: f64 = 250.0;

/// One client's slots on the worker pool.
struct Slots {
    running: Arc<Semaphore>,
    waiting: usize,
}

/// Every client's state.
pub(crate) struct Clients {
    limits: ClientLimits,
    anonymous: Allowance,
    keys: HashMap<String, Key>,
    keys_required: bool,
    slots: Mutex<HashMap<ClientId, Slots>>,
    /// Worker time each client used lately.
    work: Accounts<ClientId>,
    /// Failed API key lookups of each address.
    guesses: Accounts<ClientId>,
}

/// A request let in: its client and what it may spend.
#[derive(Clone, Debug)]
pub(crate) struct Admission {
    pub client: ClientId,
    pub allowance: Allowance,
    /// Heavy requests of a keyed client may run this many at once.
    concurrency: usize,
    /// Where its jobs' worker time is charged (none: no limit).
    pub account: Option<Account>,
}

/// A client's account of worker time, as a job charges it.
#[derive(Clone)]
pub(crate) struct Account {
    clients: Arc<Clients>,
    client: ClientId,
    rate: Rate,
}

impl Account {
    /// Charges `used` of a worker's CPU time to the client.
    pub fn charge(&self, used: Duration) {
        let ms = used.as_secs_f64() * 1000.0;
        self.clients.work.charge(&self.client, self.rate, ms);
    }
}

impl Account {
    /// What the account leaves the client now: the `RateLimit-Policy` and `RateLimit` headers
    /// of its answer.
    pub fn left(&self) -> RateLeft {
        let (left, owed) = self.clients.work.left(&self.client, self.rate);
        RateLeft {
            rate: self.rate,
            left_ms: left.floor() as u64,
            whole_in_s: owed.as_secs_f64().ceil() as u64,
        }
    }
}

impl std::fmt::Debug for Account {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Account")
            .field("client", &self.client)
            .field("rate", &self.rate)
            .finish()
    }
}

/// Failed API key lookups, summed up in the log.
static KEY_LOG: metrics::Summary = metrics::Summary::new("API keys refused (summed up)");

/// A heavy request's slot; the client's next waiting request takes it when this is dropped.
pub(crate) struct Slot {
    permit: Option<OwnedSemaphorePermit>,
    clients: Arc<Clients>,
    client: ClientId,
}

impl Drop for Slot {
    fn drop(&mut self) {
        drop(self.permit.take());
        self.clients.forget_if_idle(&self.client);
    }
}

/// A share of worker time from its settings in milliseconds (0 a second: no limit).
pub fn work_rate(ms_per_second: u32, burst_ms: u32) -> Option<Rate> {
    (ms_per_second > 0).then(|| Rate {
        per_second: f64::from(ms_per_second),
        burst: f64::from(burst_ms.max(1)),
    })
}

/// Seconds to wait for the next token, rounded up (at least 1).
fn seconds(wait: Duration) -> u64 {
    (wait.as_secs() + u64::from(wait.subsec_nanos() > 0)).max(1)
}

impl Clients {
    pub fn new(limits: ClientLimits, anonymous: Allowance, keys: &ApiKeys) -> Clients {
        let keys_map = keys
            .entries
            .iter()
            .map(|entry| {
                let work = match (entry.work_ms, limits.work) {
                    (Some(ms), anonymous) => {
                        let burst = entry
                            .work_burst_ms
                            .map(f64::from)
                            .or(anonymous.map(|r| r.burst));
                        (ms > 0).then(|| Rate {
                            per_second: f64::from(ms),
                            burst: burst.unwrap_or(f64::from(ms) * 20.0).max(1.0),
                        })
                    }
                    (None, Some(anonymous)) => Some(Rate {
                        burst: entry.work_burst_ms.map_or(anonymous.burst, f64::from),
                        ..anonymous
                    }),
                    (None, None) => None,
                };
                let key = Key {
                    name: entry.name.as_str().into(),
                    work,
                    allowance: Allowance {
                        budget: entry.budget.unwrap_or(anonymous.budget),
                        generate_budget: entry.generate_budget.unwrap_or(anonymous.generate_budget),
                    },
                    concurrency: entry.concurrency.unwrap_or(limits.concurrency).max(1),
                };
                (entry.key.clone(), key)
            })
            .collect();
        Clients {
            limits,
            anonymous,
            keys: keys_map,
            keys_required: keys.required,
            slots: Mutex::new(HashMap::new()),
            work: Accounts::new(),
            guesses: Accounts::new(),
        }
    }

    /// The anonymous client's allowance.
    pub fn anonymous(&self) -> Allowance {
        self.anonymous
    }

    /// Who the request is from and whether its account of worker time lets it in; `heavy`
    /// requests (the puzzle operations) may need a key. A key the server does not know is
    /// refused (403) on a heavy request when the server has keys, and counted against the
    /// address it came from: after a few such failures a second, the address gets 429 for
    /// every key it sends, known or not, until it slows down. A key is otherwise ignored, and
    /// the request is anonymous: a server without keys takes any `Authorization` or
    /// `X-API-Key` (one an authenticating proxy in front of it added), and the open routes
    /// (the genres, the document, the docs, the page) never refuse one.
    pub fn admit(
        self: &Arc<Self>,
        peer: Option<IpAddr>,
        headers: &HeaderMap,
        heavy: bool,
    ) -> Result<Admission, ApiError> {
        // Requests without a socket (tests through `oneshot`) share the loopback's.
        let peer = peer.unwrap_or(IpAddr::from([127, 0, 0, 1]));
        let address =
            ClientId::address(client_address(peer, headers, &self.limits.trusted_proxies));
        let sent_key = api_key(headers).filter(|sent| {
            let checked = heavy && !self.keys.is_empty();
            checked || self.keys.contains_key(*sent)
        });
        let (client, allowance, concurrency, work) = match sent_key {
            Some(sent) => {
                if let Some(wait) = self.guesses.wait_for(&address, KEY_GUESSES, 1.0) {
                    KEY_LOG.note("throttled");
                    ::metrics::counter!(metrics::KEY_FAILURES, "outcome" => "throttled")
                        .increment(1);
                    return Err(ApiError::KeyGuessing {
                        retry_after: seconds(wait),
                    });
                }
                let Some(key) = self.keys.get(sent) else {
                    self.guesses.charge(&address, KEY_GUESSES, 1.0);
                    KEY_LOG.note("unknown key");
                    ::metrics::counter!(metrics::KEY_FAILURES, "outcome" => "forbidden")
                        .increment(1);
                    return Err(ApiError::Forbidden);
                };
                (
                    ClientId::Key(key.name.clone()),
                    key.allowance,
                    key.concurrency,
                    key.work,
                )
            }
            None if heavy && self.keys_required => return Err(ApiError::Unauthorized),
            None => (
                address,
                self.anonymous,
                self.limits.concurrency.max(1),
                self.limits.work,
            ),
        };
        if let Some(rate) = work {
            if let Err(wait) = self.work.spend(&client, rate, REQUEST_COST_MS) {
                return Err(ApiError::RateLimited {
                    retry_after: seconds(wait),
                });
            }
        }
        Ok(Admission {
            account: work.map(|rate| Account {
                clients: self.clone(),
                client: client.clone(),
                rate,
            }),
            client,
            allowance,
            concurrency,
        })
    }

    /// Waits for one of the client's slots on the pool, at most `timeout`; 429 at once when
    /// it already has as many requests waiting as it may, 503 when the wait runs out.
    pub async fn slot(
        self: &Arc<Self>,
        admission: &Admission,
        timeout: Duration,
        retry_after: u64,
    ) -> Result<Slot, ApiError> {
        let (running, queued) = {
            let mut slots = self.slots();
            let slots = slots
                .entry(admission.client.clone())
                .or_insert_with(|| Slots {
                    running: Arc::new(Semaphore::new(admission.concurrency)),
                    waiting: 0,
                });
            let queued = slots.running.available_permits() == 0;
            if queued {
                if slots.waiting >= self.limits.queue {
                    return Err(ApiError::ClientBusy { retry_after });
                }
                slots.waiting += 1;
            }
            (slots.running.clone(), queued)
        };
        let acquired = tokio::time::timeout(timeout, running.acquire_owned()).await;
        if queued {
            if let Some(slots) = self.slots().get_mut(&admission.client) {
                slots.waiting = slots.waiting.saturating_sub(1);
            }
        }
        match acquired {
            Ok(Ok(permit)) => Ok(Slot {
                permit: Some(permit),
                clients: self.clone(),
                client: admission.client.clone(),
            }),
            _ => {
                self.forget_if_idle(&admission.client);
                Err(ApiError::ExpiredInQueue { retry_after })
            }
        }
    }

    fn slots(&self) -> std::sync::MutexGuard<'_, HashMap<ClientId, Slots>> {
        self.slots.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Drops a client's entry once nothing of it runs or waits, so the map holds only
    /// clients with work under way.
    fn forget_if_idle(&self, client: &ClientId) {
        let mut slots = self.slots();
        if let Some(entry) = slots.get(client) {
            // Every permit and every waiting request holds the semaphore too.
            let idle = entry.waiting == 0 && Arc::strong_count(&entry.running) == 1;
            if idle {
                slots.remove(client);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_account_counts_down_what_is_left() {
        let limits = ClientLimits {
            concurrency: 1,
            queue: 1,
            // Paid back so slowly that nothing comes back while the test runs.
            work: Some(Rate {
                per_second: 0.001,
                burst: 3.0,
            }),
            trusted_proxies: Vec::new(),
        };
        let allowance = Allowance {
            budget: 1,
            generate_budget: 1,
        };
        let clients = Arc::new(Clients::new(limits, allowance, &ApiKeys::default()));
        let left = |clients: &Arc<Clients>| {
            let admission = clients.admit(None, &HeaderMap::new(), false).unwrap();
            admission.account.unwrap().left().left_ms
        };
        assert_eq!(left(&clients), 2);
        assert_eq!(left(&clients), 1);
        assert_eq!(left(&clients), 0);
        assert!(clients.admit(None, &HeaderMap::new(), false).is_err());
    }

    #[test]
    fn retry_after_rounds_up() {
        assert_eq!(seconds(Duration::from_millis(1)), 1);
        assert_eq!(seconds(Duration::from_millis(1500)), 2);
        assert_eq!(seconds(Duration::ZERO), 1);
        assert_eq!(seconds(Duration::from_secs(3)), 3);
    }
}
