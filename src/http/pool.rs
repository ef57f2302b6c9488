//! The bounded worker pool: CPU-heavy work runs here, never on the async runtime's threads.
//!
//! `workers` threads of the pool's own take jobs from one queue in turn; at most `queue` jobs
//! wait for a worker, and a request beyond that gets 503 with `Retry-After` at once. A worker
//! that finishes a job takes the next waiting one without sleeping, so under load no thread is
//! put to sleep and woken again for each job (with tokio's blocking threads behind a semaphore
//! that happened for every job, and cost a small request a quarter to a third of its CPU time:
//! see docs/benchmarks-http.md). Every job gets a [`CancelFlag`]: it is raised when the
//! request's future is dropped (the client went away) or when the deadline passes. A job whose
//! flag is raised before it starts is dropped unrun; a running search stops at its next budget
//! check, and its worker counts as busy until it has really stopped.
//!
//! Background work (filling the puzzle pools, see `puzzle_pool.rs`) runs on the same workers
//! but never ahead of a request: a worker asks its [`Background`] for work only when no job is
//! queued, at most `background_limit` workers do such work at once, and a worker doing it
//! counts as free. A job queued when no worker is asleep to take it raises the cancel flag of
//! a background task, which stops at its next budget check, and that worker takes the job.

use std::collections::VecDeque;
use std::panic::AssertUnwindSafe;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Condvar, Mutex, MutexGuard, PoisonError};
use std::time::Duration;

use super::metrics;
use super::problem::ApiProblem;
use crate::core::{CancelFlag, Stop};

/// Stack of each worker thread. The searches keep their own stacks, but a stack overflow
/// aborts the process (it cannot be caught like a panic), so the workers get room to spare.
const WORKER_STACK: usize = 8 << 20;

/// A queued job; it is handed its worker's [`Busy`] mark and drops it before answering.
type Job = Box<dyn for<'a> FnOnce(Busy<'a>) + Send>;

/// A task of background work: it runs until done or until its flag is raised (when a request
/// needs its worker).
pub type BackgroundTask = Box<dyn FnOnce(CancelFlag) + Send>;

/// Where idle workers find background work.
pub trait Background: Send + Sync {
    /// The next task, or None when there is nothing to do (the pool asks again after
    /// [`Pool::wake_background`]). Called with the queue's lock held: it must not call into
    /// the pool.
    fn next_task(&self) -> Option<BackgroundTask>;
}

/// A background task running on a worker.
struct RunningTask {
    id: u64,
    flag: CancelFlag,
    /// Asked to give its worker to a job.
    yielding: bool,
}

/// Counts its worker as running until dropped.
struct Busy<'a>(&'a AtomicUsize);

impl Drop for Busy<'_> {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::SeqCst);
    }
}

struct Queue {
    jobs: VecDeque<Job>,
    /// Workers asleep waiting for a job, counting those woken for one that have not taken it
    /// yet: a job queued while `jobs.len() <= idle` needs one of them woken.
    idle: usize,
    /// Set when the pool is dropped: the workers take what is queued (jobs whose requests
    /// are gone, as the pool goes with the service) and stop.
    closed: bool,
    /// Background tasks running now.
    background: Vec<RunningTask>,
    /// The id of the next background task.
    next_task: u64,
}

/// What a worker takes next.
enum Work {
    Job(Job),
    Background(BackgroundTask, CancelFlag, u64),
}

struct Shared {
    queue: Mutex<Queue>,
    job_queued: Condvar,
    /// Jobs taken by a worker and not finished. A worker is free again as soon as its job has
    /// finished, before it is back at the queue (see `Pool::free`).
    running: AtomicUsize,
    workers: usize,
    background: Option<Arc<dyn Background>>,
    /// Workers that may run background tasks at once.
    background_limit: usize,
}

impl Shared {
    /// The queue; nothing panics while holding it, so a poisoned lock still holds a sound queue.
    fn queue(&self) -> MutexGuard<'_, Queue> {
        self.queue.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// A worker thread: takes the oldest job, runs it, and when none is waiting runs a
    /// background task if there is one, or sleeps.
    fn work(&self) {
        loop {
            match self.next_work() {
                None => return,
                // Jobs catch their own panics (see `Pool::run`): this never unwinds.
                Some(Work::Job(job)) => job(Busy(&self.running)),
                Some(Work::Background(task, flag, id)) => {
                    if std::panic::catch_unwind(AssertUnwindSafe(move || task(flag))).is_err() {
                        ::metrics::counter!(metrics::PANICS).increment(1);
                        tracing::error!("a background task panicked");
                    }
                    let mut queue = self.queue();
                    queue.background.retain(|task| task.id != id);
                    ::metrics::gauge!(metrics::PUZZLE_POOL_FILLING)
                        .set(queue.background.len() as f64);
                }
            }
        }
    }

    /// The next job, else a background task, else sleep; None once the pool is closed.
    fn next_work(&self) -> Option<Work> {
        let mut queue = self.queue();
        loop {
            if let Some(job) = queue.jobs.pop_front() {
                self.running.fetch_add(1, Ordering::SeqCst);
                return Some(Work::Job(job));
            }
            if queue.closed {
                return None;
            }
            if queue.background.len() < self.background_limit {
                if let Some(task) = self.background.as_ref().and_then(|b| b.next_task()) {
                    let flag = CancelFlag::new();
                    let id = queue.next_task;
                    queue.next_task += 1;
                    queue.background.push(RunningTask {
                        id,
                        flag: flag.clone(),
                        yielding: false,
                    });
                    ::metrics::gauge!(metrics::PUZZLE_POOL_FILLING)
                        .set(queue.background.len() as f64);
                    return Some(Work::Background(task, flag, id));
                }
            }
            queue.idle += 1;
            queue = self
                .job_queued
                .wait(queue)
                .unwrap_or_else(PoisonError::into_inner);
            queue.idle -= 1;
        }
    }
}

pub struct Pool {
    shared: Arc<Shared>,
    queue_limit: usize,
    retry_after: u64,
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
    /// Starts the worker threads. Like the runtime's own threads, a worker the operating system
    /// refuses at start is a panic: the service cannot run without it.
    pub fn new(workers: usize, queue_limit: usize, retry_after: u64) -> Pool {
        Pool::with_background(workers, queue_limit, retry_after, None, 0)
    }

    /// A pool whose idle workers, at most `background_limit` of them at once, run the tasks of
    /// `background` (see the module's documentation).
    pub fn with_background(
        workers: usize,
        queue_limit: usize,
        retry_after: u64,
        background: Option<Arc<dyn Background>>,
        background_limit: usize,
    ) -> Pool {
        let workers = workers.max(1);
        let shared = Arc::new(Shared {
            queue: Mutex::new(Queue {
                jobs: VecDeque::new(),
                idle: 0,
                closed: false,
                background: Vec::new(),
                next_task: 0,
            }),
            job_queued: Condvar::new(),
            running: AtomicUsize::new(0),
            workers,
            background,
            background_limit,
        });
        for index in 0..workers {
            let shared = shared.clone();
            std::thread::Builder::new()
                .name(format!("sumpuzzles-worker-{index}"))
                .stack_size(WORKER_STACK)
                .spawn(move || shared.work())
                .expect("the operating system refused a worker thread");
        }
        Pool {
            shared,
            queue_limit,
            retry_after,
        }
    }

    pub fn workers(&self) -> usize {
        self.shared.workers
    }

    /// Jobs running now.
    pub fn running(&self) -> usize {
        self.shared.running.load(Ordering::SeqCst)
    }

    /// Background tasks running now.
    pub fn background_running(&self) -> usize {
        self.shared.queue().background.len()
    }

    /// Tells an idle worker that there may be background work again (a pooled puzzle was
    /// taken).
    pub fn wake_background(&self) {
        let queue = self.shared.queue();
        if queue.idle > 0 && queue.background.len() < self.shared.background_limit {
            self.shared.job_queued.notify_all();
        }
    }

    /// Requests waiting for a worker now.
    pub fn waiting(&self) -> usize {
        let queue = self.shared.queue();
        queue.jobs.len().saturating_sub(self.free())
    }

    /// Workers not running a job: each takes a queued job without it waiting. A worker whose
    /// job has just finished counts as free while it makes its way back to the queue, so that
    /// the request after a finished one is not shed for that moment (queue 0).
    fn free(&self) -> usize {
        self.shared.workers.saturating_sub(self.running())
    }

    /// Runs `work` on a worker, with a flag that the deadline or a departed client raises.
    pub async fn run<T, F>(&self, deadline: Duration, work: F) -> Result<T, ApiProblem>
    where
        T: Send + 'static,
        F: FnOnce(CancelFlag) -> T + Send + 'static,
    {
        let flag = CancelFlag::new();
        let (done, outcome) = tokio::sync::oneshot::channel();
        let job_flag = flag.clone();
        let started = Arc::new(AtomicBool::new(false));
        let job_started = started.clone();
        let job: Job = Box::new(move |busy| {
            // The client went away or the deadline passed while the job waited.
            if job_flag.stop_reason().is_some() {
                return;
            }
            job_started.store(true, Ordering::SeqCst);
            let outcome = std::panic::catch_unwind(AssertUnwindSafe(move || work(job_flag)));
            // Free before answering, so that whoever has the answer sees the worker free.
            drop(busy);
            let _ = done.send(outcome);
        });
        {
            let mut queue = self.shared.queue();
            if queue.jobs.len() >= self.free() + self.queue_limit {
                metrics::shed(metrics::Shed::Overloaded);
                return Err(ApiProblem::Overloaded {
                    retry_after: self.retry_after,
                });
            }
            queue.jobs.push_back(job);
            if queue.jobs.len() <= queue.idle {
                self.shared.job_queued.notify_one();
            } else {
                // No worker asleep to take it: background tasks give their workers up, as
                // many as the jobs beyond the sleeping workers.
                let short = queue.jobs.len() - queue.idle;
                for task in queue
                    .background
                    .iter_mut()
                    .filter(|task| !task.yielding)
                    .take(short)
                {
                    task.yielding = true;
                    task.flag.cancel();
                }
            }
        }
        let mut guard = CancelOnDrop {
            flag: flag.clone(),
            armed: true,
        };
        let outcome = tokio::time::timeout(deadline, outcome).await;
        guard.armed = false;
        match outcome {
            Ok(Ok(Ok(value))) => Ok(value),
            Ok(Ok(Err(panic))) => {
                tracing::error!(
                    panic = super::server::panic_message(panic.as_ref()),
                    "a worker panicked"
                );
                Err(ApiProblem::Internal)
            }
            // Not reached: a job is dropped unrun only once its request has stopped waiting.
            Ok(Err(_dropped)) => Err(ApiProblem::Internal),
            Err(_elapsed) => {
                flag.expire();
                // Not worked on at all: the server was too busy, which a retry may find
                // otherwise (503); work that ran out of time is the deadline's (504).
                if !started.load(Ordering::SeqCst) {
                    metrics::shed(metrics::Shed::Expired);
                    return Err(ApiProblem::ExpiredInQueue {
                        retry_after: self.retry_after,
                    });
                }
                ::metrics::counter!(metrics::DEADLINE).increment(1);
                Err(Stop::DeadlineExceeded.into())
            }
        }
    }
}

impl Drop for Pool {
    fn drop(&mut self) {
        let mut queue = self.shared.queue();
        queue.closed = true;
        for task in &queue.background {
            task.flag.cancel();
        }
        drop(queue);
        self.shared.job_queued.notify_all();
    }
}

#[cfg(test)]
mod tests {
    use std::time::Instant;

    use super::*;
    use crate::core::Error;

    /// Work that runs until its flag is raised, as a search checking its budget would.
    fn until_cancelled(flag: CancelFlag) -> u32 {
        let mut spins = 0u32;
        while flag.stop_reason().is_none() {
            std::thread::sleep(Duration::from_millis(1));
            spins += 1;
        }
        spins
    }

    /// Starts a job that runs until its deadline or its cancellation, once it holds a worker.
    async fn hold_a_worker(
        pool: &Arc<Pool>,
        deadline: Duration,
    ) -> tokio::task::JoinHandle<Result<u32, ApiProblem>> {
        let request = {
            let pool = pool.clone();
            tokio::spawn(async move { pool.run(deadline, until_cancelled).await })
        };
        while pool.running() == 0 {
            tokio::time::sleep(Duration::from_millis(1)).await;
        }
        request
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
        let busy = hold_a_worker(&pool, Duration::from_millis(300)).await;
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
            Err(ApiProblem::Operation(Error::Stopped(
                Stop::DeadlineExceeded
            )))
        ));
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_job_that_waited_past_its_deadline_is_a_503_not_a_504() {
        let pool = Arc::new(Pool::new(1, 4, 2));
        let busy = hold_a_worker(&pool, Duration::from_millis(400)).await;
        let waited = pool.run(Duration::from_millis(100), |_| ()).await;
        assert!(
            matches!(waited, Err(ApiProblem::ExpiredInQueue { retry_after: 2 })),
            "{waited:?}"
        );
        assert!(matches!(
            busy.await.unwrap(),
            Err(ApiProblem::Operation(Error::Stopped(
                Stop::DeadlineExceeded
            )))
        ));
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_departed_client_frees_its_worker() {
        let pool = Arc::new(Pool::new(1, 0, 1));
        let request = hold_a_worker(&pool, Duration::from_secs(30)).await;
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

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_job_whose_client_left_while_it_waited_never_runs() {
        let pool = Arc::new(Pool::new(1, 4, 1));
        let busy = hold_a_worker(&pool, Duration::from_millis(300)).await;
        let ran = Arc::new(AtomicUsize::new(0));
        let waiting = {
            let pool = pool.clone();
            let ran = ran.clone();
            tokio::spawn(async move {
                pool.run(Duration::from_secs(5), move |_| {
                    ran.fetch_add(1, Ordering::SeqCst);
                })
                .await
            })
        };
        while pool.waiting() == 0 {
            tokio::time::sleep(Duration::from_millis(1)).await;
        }
        waiting.abort();
        assert!(matches!(
            busy.await.unwrap(),
            Err(ApiProblem::Operation(Error::Stopped(
                Stop::DeadlineExceeded
            )))
        ));
        // Jobs start in turn: once this one has run, the abandoned one was taken and dropped.
        assert_eq!(pool.run(Duration::from_secs(5), |_| 2).await.unwrap(), 2);
        assert_eq!(ran.load(Ordering::SeqCst), 0);
        assert_eq!(pool.waiting(), 0);
    }

    /// Background work as the puzzle pools give it: while `offer` is set, tasks that run until
    /// their flag is raised, each noting in `log` when it stopped.
    #[derive(Default)]
    struct Endless {
        offer: AtomicBool,
        started: AtomicUsize,
        running: AtomicUsize,
        most_at_once: AtomicUsize,
        log: Mutex<Vec<&'static str>>,
    }

    impl Background for Arc<Endless> {
        fn next_task(&self) -> Option<BackgroundTask> {
            if !self.offer.load(Ordering::SeqCst) {
                return None;
            }
            self.started.fetch_add(1, Ordering::SeqCst);
            let this = self.clone();
            Some(Box::new(move |flag| {
                let now = this.running.fetch_add(1, Ordering::SeqCst) + 1;
                this.most_at_once.fetch_max(now, Ordering::SeqCst);
                until_cancelled(flag);
                this.running.fetch_sub(1, Ordering::SeqCst);
                this.log.lock().unwrap().push("background stopped");
            }))
        }
    }

    fn with_endless(workers: usize, queue: usize, limit: usize) -> (Arc<Pool>, Arc<Endless>) {
        let endless = Arc::new(Endless::default());
        endless.offer.store(true, Ordering::SeqCst);
        let background: Arc<dyn Background> = Arc::new(endless.clone());
        let pool = Pool::with_background(workers, queue, 1, Some(background), limit);
        (Arc::new(pool), endless)
    }

    async fn until_background_runs(pool: &Pool) {
        while pool.background_running() == 0 {
            tokio::time::sleep(Duration::from_millis(1)).await;
        }
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_request_takes_the_worker_of_a_background_task_which_yields_first() {
        // One worker, no queue: the worker filling counts as free, so the request is not shed.
        let (pool, endless) = with_endless(1, 0, 1);
        until_background_runs(&pool).await;
        endless.offer.store(false, Ordering::SeqCst);
        let log = endless.clone();
        let answer = pool
            .run(Duration::from_secs(30), move |_| {
                log.log.lock().unwrap().push("request");
                5
            })
            .await;
        assert_eq!(answer.unwrap(), 5);
        // The task gave its worker up (it runs until cancelled), and only then did the
        // request run.
        assert_eq!(
            *endless.log.lock().unwrap(),
            vec!["background stopped", "request"]
        );
        assert_eq!(pool.background_running(), 0);
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn background_work_keeps_to_its_limit_and_a_sleeping_worker_takes_the_requests() {
        let (pool, endless) = with_endless(2, 4, 1);
        until_background_runs(&pool).await;
        for i in 0..5 {
            assert_eq!(
                pool.run(Duration::from_secs(30), move |_| i).await.unwrap(),
                i
            );
        }
        // The other worker was asleep for each request: the task was never cancelled, and
        // no second one started.
        assert_eq!(endless.started.load(Ordering::SeqCst), 1);
        assert_eq!(endless.most_at_once.load(Ordering::SeqCst), 1);
        assert!(endless.log.lock().unwrap().is_empty());
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn requests_beyond_the_sleeping_workers_stop_as_many_background_tasks() {
        let (pool, endless) = with_endless(2, 4, 2);
        while pool.background_running() < 2 {
            tokio::time::sleep(Duration::from_millis(1)).await;
        }
        endless.offer.store(false, Ordering::SeqCst);
        let first = hold_a_worker(&pool, Duration::from_millis(200)).await;
        // One request, one task stopped; the other goes on.
        assert_eq!(endless.log.lock().unwrap().len(), 1);
        assert_eq!(pool.background_running(), 1);
        let second = pool.run(Duration::from_secs(30), |_| 9).await;
        assert_eq!(second.unwrap(), 9);
        assert_eq!(endless.log.lock().unwrap().len(), 2);
        let _ = first.await;
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_worker_woken_for_background_work_finds_it() {
        let (pool, endless) = with_endless(1, 0, 1);
        until_background_runs(&pool).await;
        endless.offer.store(false, Ordering::SeqCst);
        assert_eq!(pool.run(Duration::from_secs(30), |_| 1).await.unwrap(), 1);
        // Nothing offered: the worker sleeps until told there is work again.
        assert_eq!(endless.started.load(Ordering::SeqCst), 1);
        endless.offer.store(true, Ordering::SeqCst);
        pool.wake_background();
        until_background_runs(&pool).await;
        assert_eq!(endless.started.load(Ordering::SeqCst), 2);
    }
}
