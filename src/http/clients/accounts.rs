//! Accounts kept per client as GCRA keeps its tokens: each account is the time by which
//! everything its client spent is paid back at its rate. A client may spend while that time is
//! at most its burst ahead of now; what a job used is charged after it ran, into debt if need
//! be, so one long job is paid back by waiting, never lost.
//!
//! Two kinds are kept: worker time (milliseconds of a worker's CPU, [`super::Clients`] charges
//! every job and a floor for every request), and failed API key lookups (one each).

use std::collections::HashMap;
use std::hash::Hash;
use std::sync::{Mutex, MutexGuard, PoisonError};
use std::time::{Duration, Instant};

/// How much a client may spend: `per_second` on average, `burst` at once (in the account's
/// unit: milliseconds of worker time, or failed lookups).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rate {
    /// Paid back a second.
    pub per_second: f64,
    /// Spent at once at most.
    pub burst: f64,
}

impl Rate {
    /// How long `amount` takes to be paid back.
    fn time(&self, amount: f64) -> Duration {
        Duration::from_secs_f64((amount / self.per_second).max(0.0))
    }
}

/// How often accounts that are paid back are forgotten.
const CLEANUP_PERIOD: Duration = Duration::from_secs(60);

/// One account per client.
pub struct Accounts<K> {
    state: Mutex<(HashMap<K, Instant>, Instant)>,
}

impl<K: Hash + Eq + Clone> Accounts<K> {
    pub fn new() -> Accounts<K> {
        Accounts {
            state: Mutex::new((HashMap::new(), Instant::now())),
        }
    }

    /// The accounts, after forgetting (once a [`CLEANUP_PERIOD`]) those paid back: only
    /// clients that spent lately take room.
    fn accounts(&self, now: Instant) -> MutexGuard<'_, (HashMap<K, Instant>, Instant)> {
        let mut state = self.state.lock().unwrap_or_else(PoisonError::into_inner);
        if now.duration_since(state.1) >= CLEANUP_PERIOD {
            state.0.retain(|_, paid_back| *paid_back > now);
            state.1 = now;
        }
        state
    }

    /// Spends `amount` when the client's account allows it; otherwise how long until it would.
    pub fn spend(&self, client: &K, rate: Rate, amount: f64) -> Result<(), Duration> {
        let now = Instant::now();
        let mut state = self.accounts(now);
        let paid_back = state.0.get(client).map_or(now, |&at| at.max(now));
        let after = paid_back + rate.time(amount);
        let limit = now + rate.time(rate.burst);
        if after > limit {
            return Err(after - limit);
        }
        state.0.insert(client.clone(), after);
        Ok(())
    }

    /// How long until `amount` could be spent, when it cannot be now (nothing is spent).
    pub fn wait_for(&self, client: &K, rate: Rate, amount: f64) -> Option<Duration> {
        let now = Instant::now();
        let state = self.accounts(now);
        let paid_back = state.0.get(client).map_or(now, |&at| at.max(now));
        let after = paid_back + rate.time(amount);
        let limit = now + rate.time(rate.burst);
        (after > limit).then(|| after - limit)
    }

    /// Charges `amount` already spent, into debt if need be.
    pub fn charge(&self, client: &K, rate: Rate, amount: f64) {
        let now = Instant::now();
        let mut state = self.accounts(now);
        let paid_back = state.0.get(client).map_or(now, |&at| at.max(now));
        state
            .0
            .insert(client.clone(), paid_back + rate.time(amount));
    }

    /// What the client may still spend at once now, and how long until it may spend its whole
    /// burst again (nothing is spent).
    pub fn left(&self, client: &K, rate: Rate) -> (f64, Duration) {
        let now = Instant::now();
        let state = self.accounts(now);
        let owed = state
            .0
            .get(client)
            .map_or(Duration::ZERO, |&at| at.saturating_duration_since(now));
        let left = (rate.burst - owed.as_secs_f64() * rate.per_second).max(0.0);
        (left, owed)
    }

    /// Clients with an account now.
    #[cfg(test)]
    pub fn len(&self) -> usize {
        self.accounts(Instant::now()).0.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_client_spends_its_burst_then_waits_and_debt_is_paid_back_by_waiting() {
        let accounts = Accounts::new();
        // 500 ms of worker time a second, 10 s at once.
        let rate = Rate {
            per_second: 500.0,
            burst: 10_000.0,
        };
        // Ten thousand requests of 1 ms each fit in the burst; the next waits about 2 ms.
        for _ in 0..10_000 {
            accounts.spend(&1, rate, 1.0).unwrap();
        }
        let wait = accounts.spend(&1, rate, 1.0).unwrap_err();
        assert!(wait <= Duration::from_millis(3), "{wait:?}");
        // Another client has its own account.
        assert!(accounts.spend(&2, rate, 1.0).is_ok());
        // A job of 30 s charged after it ran: 20 s over the burst, 40 s to pay back.
        accounts.charge(&3, rate, 30_000.0);
        let wait = accounts.wait_for(&3, rate, 1.0).unwrap();
        assert!(
            wait > Duration::from_secs(39) && wait <= Duration::from_secs(41),
            "{wait:?}"
        );
        assert_eq!(accounts.len(), 3);
    }
}
