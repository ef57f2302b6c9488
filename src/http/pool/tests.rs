//! The worker pool's unit tests: shedding, deadlines, departed clients, turns, and
//! background work giving way to requests.

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
) -> tokio::task::JoinHandle<Result<u32, ApiError>> {
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
    let result: Result<(), ApiError> = pool.run(Duration::from_secs(5), |_| panic!("bug")).await;
    assert!(matches!(result, Err(ApiError::Internal)));
    assert_eq!(pool.run(Duration::from_secs(5), |_| 7).await.unwrap(), 7);
    assert_eq!(pool.running(), 0);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_full_pool_sheds_at_once() {
    let pool = Arc::new(Pool::new(1, 0, 3));
    let busy = hold_a_worker(&pool, Duration::from_millis(300)).await;
    let start = Instant::now();
    let shed = pool.run(Duration::from_secs(5), |_| ()).await;
    assert!(matches!(shed, Err(ApiError::Overloaded { retry_after: 3 })));
    assert!(start.elapsed() < Duration::from_millis(50));
    // The busy job meets its deadline.
    assert!(matches!(
        busy.await.unwrap(),
        Err(ApiError::Operation(Error::Stopped(Stop::DeadlineExceeded)))
    ));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_job_that_waited_past_its_deadline_is_a_503_not_a_504() {
    let pool = Arc::new(Pool::new(1, 4, 2));
    let busy = hold_a_worker(&pool, Duration::from_millis(400)).await;
    let waited = pool.run(Duration::from_millis(100), |_| ()).await;
    assert!(
        matches!(waited, Err(ApiError::ExpiredInQueue { retry_after: 2 })),
        "{waited:?}"
    );
    assert!(matches!(
        busy.await.unwrap(),
        Err(ApiError::Operation(Error::Stopped(Stop::DeadlineExceeded)))
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
        Err(ApiError::Operation(Error::Stopped(Stop::DeadlineExceeded)))
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
    // The other worker was asleep, or on its way back to the queue, for each request: the
    // task was never cancelled, and no second one started.
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

/// A job's share is taken when it starts: every worker asleep is its, a worker running another
/// job or background work is not, and a job queued behind it takes one of the sleepers.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_job_shares_the_workers_asleep_when_it_starts() {
    let pool = Arc::new(Pool::new(3, 4, 1));
    let share_now = |pool: &Arc<Pool>| {
        let share = pool.share();
        let pool = pool.clone();
        async move { pool.run(Duration::from_secs(5), move |_| share.now()).await }
    };
    // The workers go to sleep once started; until then a job may find fewer of them asleep.
    let give_up = Instant::now() + Duration::from_secs(10);
    while share_now(&pool).await.unwrap() != 3 {
        assert!(Instant::now() < give_up, "the workers never went to sleep");
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
    let busy = hold_a_worker(&pool, Duration::from_millis(300)).await;
    assert_eq!(share_now(&pool).await.unwrap(), 2);
    busy.await.unwrap().unwrap_err();

    // A worker doing background work is not asleep: of three, one fills and two sleep.
    let (pool, _endless) = with_endless(3, 4, 1);
    until_background_runs(&pool).await;
    let give_up = Instant::now() + Duration::from_secs(10);
    loop {
        let shared = share_now(&pool).await.unwrap();
        assert!(shared <= 2, "{shared} threads beside background work");
        if shared == 2 {
            break;
        }
        assert!(Instant::now() < give_up, "the workers never went to sleep");
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
}
