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
//! counts as free. A job queued when no worker is asleep or on its way back to the queue to
//! take it raises the cancel flag of a background task, which stops at its next budget check,
//! and that worker takes the job.
//!
//! A job that may wait (one puzzle of a batch, already answered 200) enters as [`Entry::InTurn`]:
//! it waits, in arrival order behind the other such jobs, until a worker is free with no job
//! queued for it, so it never sits in the queue ahead of another client's request, and it is
//! woken when a job finishes (no polling); a request that finds the queue full is shed once.

use std::collections::VecDeque;
use std::panic::AssertUnwindSafe;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Condvar, Mutex, MutexGuard, PoisonError};
use std::time::Duration;

use super::metrics;
use super::problem::ApiError;
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

/// Counts its worker as running until dropped; then a job waiting its turn may look again.
struct Busy<'a>(&'a Shared);

impl Drop for Busy<'_> {
    fn drop(&mut self) {
        self.0.running.fetch_sub(1, Ordering::SeqCst);
        self.0.finished.notify_one();
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
    /// A job finished: the first job waiting its turn looks for a free worker again.
    finished: tokio::sync::Notify,
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
                Some(Work::Job(job)) => job(Busy(self)),
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

/// The worker threads that run the CPU-heavy jobs, and the bounded queue in front of them.
pub struct Pool {
    shared: Arc<Shared>,
    /// Jobs waiting their turn pass one at a time, in arrival order (tokio's mutex is fair).
    turnstile: tokio::sync::Mutex<()>,
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
    /// A pool without background work (the tests').
    #[cfg(test)]
    pub fn new(workers: usize, queue_limit: usize, retry_after: u64) -> Pool {
        Pool::with_background(workers, queue_limit, retry_after, None, 0)
    }

    /// Starts the worker threads; idle workers, at most `background_limit` of them at once, run
    /// the tasks of `background` (see the module's documentation). Like the runtime's own
    /// threads, a worker the operating system refuses at start is a panic: the service cannot
    /// run without it.
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
            finished: tokio::sync::Notify::new(),
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
            turnstile: tokio::sync::Mutex::new(()),
            queue_limit,
            retry_after,
        }
    }

    /// Jobs running now.
    pub fn running(&self) -> usize {
        self.shared.running.load(Ordering::SeqCst)
    }

    /// Background tasks running now (the tests watch them).
    #[cfg(test)]
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

    /// What a job's share of the workers is when it starts (see [`Share`]).
    pub fn share(&self) -> Share {
        Share(self.shared.clone())
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

    /// Runs `work` on a worker, with a flag that the deadline or a departed client raises;
    /// 503 at once when the queue is full (the tests'; the service enters through
    /// [`Pool::enter`]).
    #[cfg(test)]
    pub async fn run<T, F>(&self, deadline: Duration, work: F) -> Result<T, ApiError>
    where
        T: Send + 'static,
        F: FnOnce(CancelFlag) -> T + Send + 'static,
    {
        self.enter(deadline, Entry::Shed, work).await
    }

    /// Queues `job` if `entry` lets it in now; gives it back otherwise.
    fn enqueue(&self, job: Job, entry: Entry) -> Result<(), Job> {
        let mut queue = self.shared.queue();
        let room = match entry {
            Entry::Shed => queue.jobs.len() < self.free() + self.queue_limit,
            Entry::InTurn => queue.jobs.len() < self.free(),
        };
        if !room {
            return Err(job);
        }
        queue.jobs.push_back(job);
        // Workers neither asleep, nor on a job, nor on a background task: one whose job
        // has just finished (or that is starting) and is on its way back to the queue,
        // where it takes the oldest job before any background task.
        let returning = self
            .shared
            .workers
            .saturating_sub(self.running() + queue.idle + queue.background.len());
        if queue.jobs.len() <= queue.idle {
            self.shared.job_queued.notify_one();
        } else if queue.jobs.len() > queue.idle + returning {
            // No worker asleep or coming back to take it: background tasks give their
            // workers up, as many as the jobs beyond those workers.
            let short = queue.jobs.len() - queue.idle - returning;
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
        Ok(())
    }

    /// Waits its turn (behind the jobs that waited before it) for a free worker, and queues
    /// `job` for it; false when `until` came first.
    async fn enqueue_in_turn(&self, job: Job, until: tokio::time::Instant) -> bool {
        let turn = async {
            let _turn = self.turnstile.lock().await;
            let mut job = job;
            loop {
                // Registered before looking, so that a job finishing in between still wakes it.
                let finished = self.shared.finished.notified();
                match self.enqueue(job, Entry::InTurn) {
                    Ok(()) => return,
                    Err(back) => job = back,
                }
                finished.await;
            }
        };
        tokio::time::timeout_at(until, turn).await.is_ok()
    }

    /// Runs `work` on a worker entering as `entry` says, with a flag that the deadline or a
    /// departed client raises; the wait for its turn counts towards `deadline` (503 when it
    /// runs out before the job started).
    pub(crate) async fn enter<T, F>(
        &self,
        deadline: Duration,
        entry: Entry,
        work: F,
    ) -> Result<T, ApiError>
    where
        T: Send + 'static,
        F: FnOnce(CancelFlag) -> T + Send + 'static,
    {
        let until = tokio::time::Instant::now() + deadline;
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
        match entry {
            Entry::Shed => {
                if self.enqueue(job, Entry::Shed).is_err() {
                    metrics::shed(metrics::Shed::Overloaded);
                    return Err(ApiError::Overloaded {
                        retry_after: self.retry_after,
                    });
                }
            }
            Entry::InTurn => {
                if !self.enqueue_in_turn(job, until).await {
                    metrics::shed(metrics::Shed::Expired);
                    return Err(ApiError::ExpiredInQueue {
                        retry_after: self.retry_after,
                    });
                }
            }
        }
        let mut guard = CancelOnDrop {
            flag: flag.clone(),
            armed: true,
        };
        let outcome = tokio::time::timeout_at(until, outcome).await;
        guard.armed = false;
        match outcome {
            Ok(Ok(Ok(value))) => Ok(value),
            Ok(Ok(Err(panic))) => {
                tracing::error!(panic = panic_message(panic.as_ref()), "a worker panicked");
                Err(ApiError::Internal)
            }
            // Not reached: a job is dropped unrun only once its request has stopped waiting.
            Ok(Err(_dropped)) => Err(ApiError::Internal),
            Err(_elapsed) => {
                flag.expire();
                // Not worked on at all: the server was too busy, which a retry may find
                // otherwise (503); work that ran out of time is the deadline's (504).
                if !started.load(Ordering::SeqCst) {
                    metrics::shed(metrics::Shed::Expired);
                    return Err(ApiError::ExpiredInQueue {
                        retry_after: self.retry_after,
                    });
                }
                ::metrics::counter!(metrics::DEADLINE).increment(1);
                Err(Stop::DeadlineExceeded.into())
            }
        }
    }
}

/// A job's share of the workers (see [`crate::Budget::with_threads`]), taken on its worker
/// when it starts rather than when it was queued: a batch's line can wait long for its turn.
pub struct Share(Arc<Shared>);

impl Share {
    /// Threads the job running on the calling worker may use now: its own, and one for each
    /// worker asleep with no job queued for it. A request alone on an idle server gets every
    /// worker; on a busy one (every worker running a job or background work, or jobs queued)
    /// its own. Threads it starts are its own, not the pool's: a job queued after it finds no
    /// worker asleep and gets one thread, so the cores are shared out again as jobs arrive, and
    /// more threads than workers run at most until its own threads finish their candidate.
    pub fn now(&self) -> usize {
        let queue = self.0.queue();
        1 + queue.idle.saturating_sub(queue.jobs.len())
    }
}

/// How a job enters the queue.
#[derive(Clone, Copy)]
pub(crate) enum Entry {
    /// At once, or shed (503) when the queue is full.
    Shed,
    /// When a worker is free and no job is queued for it, after the jobs that waited before.
    InTurn,
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

/// The message a panic was raised with, when it has one.
pub(super) fn panic_message(payload: &(dyn std::any::Any + Send)) -> &str {
    payload
        .downcast_ref::<String>()
        .map(String::as_str)
        .or_else(|| payload.downcast_ref::<&str>().copied())
        .unwrap_or("unknown")
}

/// The CPU time of the calling thread: what a job cost its worker, leaving out the time the
/// thread waited while other threads or processes ran (what its client is charged).
#[cfg(unix)]
pub(crate) fn thread_cpu_time() -> Duration {
    let mut now = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: clock_gettime only writes the timespec it is given.
    let status = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut now) };
    if status != 0 {
        return Duration::ZERO;
    }
    Duration::new(now.tv_sec as u64, now.tv_nsec as u32)
}

/// Elsewhere the wall-clock time since the process's first call stands in for it.
#[cfg(not(unix))]
pub(crate) fn thread_cpu_time() -> Duration {
    static START: std::sync::OnceLock<std::time::Instant> = std::sync::OnceLock::new();
    START.get_or_init(std::time::Instant::now).elapsed()
}

#[cfg(test)]
mod tests;
