//! The bounded worker pool: CPU-heavy work runs here, never on the async runtime's threads.
//!
//! At most `workers` jobs run at once (on tokio's blocking threads); at most `queue` more
//! wait for a worker. Beyond that a request gets 503 with `Retry-After` at once. Every job
//! gets a [`CancelFlag`]: it is raised when the request's future is dropped (the client went
//! away) or when the deadline passes, and the search stops at its next budget check. A
//! worker's permit is held by the job itself, so a cancelled job keeps its worker until it has
//! really stopped and the count stays true.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use tokio::sync::Semaphore;

use super::metrics;
use super::problem::ApiProblem;
use crate::core::CancelFlag;

pub struct Pool {
    permits: Arc<Semaphore>,
    workers: usize,
    queue_limit: usize,
    waiting: Arc<AtomicUsize>,
    running: Arc<AtomicUsize>,
    retry_after: u64,
}

/// Decrements a counter (and its gauge) when dropped.
struct Count {
    counter: Arc<AtomicUsize>,
    gauge: &'static str,
}

impl Count {
    fn enter(counter: &Arc<AtomicUsize>, gauge: &'static str) -> Count {
        let now = counter.fetch_add(1, Ordering::SeqCst) + 1;
        ::metrics::gauge!(gauge).set(now as f64);
        Count {
            counter: counter.clone(),
            gauge,
        }
    }
}

impl Drop for Count {
    fn drop(&mut self) {
        let now = self.counter.fetch_sub(1, Ordering::SeqCst) - 1;
        ::metrics::gauge!(self.gauge).set(now as f64);
    }
}

/// Raises the flag when the request's future is dropped before the job finished.
struct CancelOnDrop {
    flag: CancelFlag,
    armed: bool,
}

impl Drop for CancelOnDrop {
    fn drop(&mut self) {
        if self.armed {
            self.flag.cancel();
            ::metrics::counter!(metrics::CANCELLED).increment(1);
        }
    }
}

impl Pool {
    pub fn new(workers: usize, queue_limit: usize, retry_after: u64) -> Pool {
        let workers = workers.max(1);
        Pool {
            permits: Arc::new(Semaphore::new(workers)),
            workers,
            queue_limit,
            waiting: Arc::new(AtomicUsize::new(0)),
            running: Arc::new(AtomicUsize::new(0)),
            retry_after,
        }
    }

    pub fn workers(&self) -> usize {
        self.workers
    }

    /// Jobs running now.
    pub fn running(&self) -> usize {
        self.running.load(Ordering::SeqCst)
    }

    /// Requests waiting for a worker now.
    pub fn waiting(&self) -> usize {
        self.waiting.load(Ordering::SeqCst)
    }

    /// Runs `work` on a worker, with a flag that the deadline or a departed client raises.
    pub async fn run<T, F>(&self, deadline: Duration, work: F) -> Result<T, ApiProblem>
    where
        T: Send + 'static,
        F: FnOnce(CancelFlag) -> T + Send + 'static,
    {
        let start = Instant::now();
        let permit = match self.permits.clone().try_acquire_owned() {
            Ok(permit) => permit,
            Err(_) => {
                if self.waiting() >= self.queue_limit {
                    ::metrics::counter!(metrics::SHED).increment(1);
                    return Err(ApiProblem::Overloaded {
                        retry_after: self.retry_after,
                    });
                }
                let _waiting = Count::enter(&self.waiting, metrics::QUEUE_DEPTH);
                match tokio::time::timeout(deadline, self.permits.clone().acquire_owned()).await {
                    Ok(Ok(permit)) => permit,
                    Ok(Err(_closed)) => return Err(ApiProblem::ShuttingDown),
                    Err(_elapsed) => {
                        ::metrics::counter!(metrics::DEADLINE).increment(1);
                        return Err(ApiProblem::DeadlineExceeded);
                    }
                }
            }
        };
        let flag = CancelFlag::new();
        let mut guard = CancelOnDrop {
            flag: flag.clone(),
            armed: true,
        };
        let running = self.running.clone();
        let job_flag = flag.clone();
        let handle = tokio::task::spawn_blocking(move || {
            let _permit = permit;
            let _running = Count::enter(&running, metrics::POOL_IN_USE);
            work(job_flag)
        });
        let left = deadline.saturating_sub(start.elapsed());
        let outcome = tokio::time::timeout(left, handle).await;
        guard.armed = false;
        match outcome {
            Ok(Ok(value)) => Ok(value),
            Ok(Err(join_error)) => {
                tracing::error!(error = %join_error, "a worker panicked");
                Err(ApiProblem::Internal)
            }
            Err(_elapsed) => {
                flag.expire();
                ::metrics::counter!(metrics::DEADLINE).increment(1);
                Err(ApiProblem::DeadlineExceeded)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Work that runs until its flag is raised, as a search checking its budget would.
    fn until_cancelled(flag: CancelFlag) -> u32 {
        let mut spins = 0u32;
        while flag.stop_reason().is_none() {
            std::thread::sleep(Duration::from_millis(1));
            spins += 1;
        }
        spins
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_panicking_job_is_a_500_and_the_pool_survives() {
        let pool = Pool::new(1, 0, 1);
        let result: Result<(), ApiProblem> =
            pool.run(Duration::from_secs(5), |_| panic!("bug")).await;
        assert!(matches!(result, Err(ApiProblem::Internal)));
        assert_eq!(pool.run(Duration::from_secs(5), |_| 7).await.unwrap(), 7);
        assert_eq!(pool.running(), 0);
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_full_pool_sheds_at_once() {
        let pool = Arc::new(Pool::new(1, 0, 3));
        let busy = {
            let pool = pool.clone();
            tokio::spawn(async move { pool.run(Duration::from_millis(300), until_cancelled).await })
        };
        while pool.running() == 0 {
            tokio::time::sleep(Duration::from_millis(1)).await;
        }
        let start = Instant::now();
        let shed = pool.run(Duration::from_secs(5), |_| ()).await;
        assert!(matches!(
            shed,
            Err(ApiProblem::Overloaded { retry_after: 3 })
        ));
        assert!(start.elapsed() < Duration::from_millis(50));
        // The busy job meets its deadline.
        assert!(matches!(
            busy.await.unwrap(),
            Err(ApiProblem::DeadlineExceeded)
        ));
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_departed_client_frees_its_worker() {
        let pool = Arc::new(Pool::new(1, 0, 1));
        let request = {
            let pool = pool.clone();
            tokio::spawn(async move { pool.run(Duration::from_secs(30), until_cancelled).await })
        };
        while pool.running() == 0 {
            tokio::time::sleep(Duration::from_millis(1)).await;
        }
        // The request's future is dropped, as when the client disconnects.
        request.abort();
        let start = Instant::now();
        while pool.running() > 0 {
            assert!(
                start.elapsed() < Duration::from_millis(100),
                "the worker was not freed"
            );
            tokio::time::sleep(Duration::from_millis(1)).await;
        }
        // The freed worker takes the next job.
        assert_eq!(pool.run(Duration::from_secs(5), |_| 1).await.unwrap(), 1);
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn waiting_requests_take_turns() {
        let pool = Arc::new(Pool::new(1, 4, 1));
        let jobs: Vec<_> = (0..4)
            .map(|i| {
                let pool = pool.clone();
                tokio::spawn(async move {
                    pool.run(Duration::from_secs(5), move |_| {
                        std::thread::sleep(Duration::from_millis(20));
                        i
                    })
                    .await
                })
            })
            .collect();
        let mut results = Vec::new();
        for job in jobs {
            results.push(job.await.unwrap().unwrap());
        }
        results.sort();
        assert_eq!(results, vec![0, 1, 2, 3]);
    }
}
