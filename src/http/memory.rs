//! Giving memory back to the operating system after a burst.
//!
//! The service's allocator is mimalloc (set in `main.rs`). It keeps freed memory for reuse
//! and returns it lazily, on later allocations of the threads that freed it; after a burst of
//! large bodies the runtime's threads go quiet, and without more allocations nothing is
//! returned: 32 concurrent 1 MiB bodies left the process at 60 MiB instead of its 20 MiB
//! baseline (scripts/fault_tests.py, `memory`). So a thread of its own asks mimalloc every
//! [`RECLAIM_PERIOD`] to return what is free (`mi_collect(true)`), which purges the memory of
//! every thread's freed pages held in its arenas. When mimalloc is not the global allocator
//! (the library's tests), mimalloc holds nothing and the call costs nothing.

use std::sync::OnceLock;
use std::time::Duration;

/// How often free memory is returned.
pub const RECLAIM_PERIOD: Duration = Duration::from_secs(1);

/// The name of the thread that returns it.
pub const RECLAIM_THREAD: &str = "memory-reclaim";

/// Returns the allocator's free memory to the operating system now.
pub fn reclaim() {
    collect(true);
}

/// Collects the calling thread's heap; with `purge`, also returns what the arenas hold free
/// to the operating system at once (`mi_collect(force)`).
fn collect(purge: bool) {
    // SAFETY: mi_collect takes no pointers; it may be called from any thread at any time.
    unsafe { libmimalloc_sys::mi_collect(purge) }
}

/// For a runtime's `on_thread_park`: a thread about to sleep returns what its own heap holds
/// free (mimalloc keeps a thread's freed pages with the thread). Every time it collects its
/// heap (`mi_collect(false)`: its pages' frees, other threads' included, and its empty pages
/// back to the arenas, which the reclaim thread purges), since a thread that sleeps after a
/// burst may sleep for good; at most every [`PARK_RECLAIM_PERIOD`] it also purges at once
/// ([`reclaim`], about 55 µs: on every park that took `/healthz` from 42,000 to 12,000
/// answers a second on one connection, where the plain collect keeps 40,000). With the purge
/// alone, a thread that went to sleep within the period of its last purge kept what it had
/// freed until it woke: 2 s after the last of the `memory` fault scenario's bursts the
/// process held 46-66 MiB over a 29 MiB baseline; with the collect, 37-40 MiB
/// (docs/edge.md).
pub fn on_park() {
    thread_local! {
        static LAST: std::cell::Cell<Option<std::time::Instant>> = const { std::cell::Cell::new(None) };
    }
    let now = std::time::Instant::now();
    let due = LAST.with(|last| {
        let due = last
            .get()
            .is_none_or(|at| now.duration_since(at) >= PARK_RECLAIM_PERIOD);
        if due {
            last.set(Some(now));
        }
        due
    });
    collect(due);
}

/// How often a thread going to sleep purges its free memory at once, at most.
pub const PARK_RECLAIM_PERIOD: Duration = Duration::from_millis(200);

/// Starts the thread that reclaims every [`RECLAIM_PERIOD`], once per process.
pub fn start_reclaimer() {
    static STARTED: OnceLock<()> = OnceLock::new();
    STARTED.get_or_init(|| {
        let started = std::thread::Builder::new()
            .name(RECLAIM_THREAD.into())
            .spawn(|| loop {
                std::thread::sleep(RECLAIM_PERIOD);
                reclaim();
            });
        if let Err(error) = started {
            tracing::warn!(%error, "no memory reclaim thread: memory freed after a burst is returned later");
        }
    });
}
