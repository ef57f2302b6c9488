#![cfg(feature = "server")]
//! Answers computed once, through the router and the admin routes in process: a seeded answer
//! is made once and then sent from memory to every door that asks for it (`/daily`,
//! `/generate` with the seed, with or without the solution, a batch's line, a book's puzzle), whatever the
//! request's budget; requests for one key at once share one generation, which goes on when the
//! request that started it leaves; a budget too small fails alone; the memory bound holds.
//! `/metrics` counts it all (its own test binary, so that the bytes gauge is this file's).

mod common;

use std::time::{Duration, Instant};

use serde_json::Value;
use sumpuzzles::http::{AppState, ServerConfig};

use common::Client;

const HITS: &str = "sumpuzzles_answer_cache_hits_total";
const MISSES: &str = "sumpuzzles_answer_cache_misses_total";
const FILLS: &str = "sumpuzzles_answer_cache_fills_total";
const BYTES: &str = "sumpuzzles_answer_cache_bytes";
const ENTRIES: &str = "sumpuzzles_answer_cache_entries";

/// The service in process: its API and its admin routes (where `/metrics` is) on one state.
struct Service {
    api: Client,
    admin: Client,
}

fn service(config: ServerConfig) -> Service {
    let state = AppState::new(config);
    Service {
        api: Client::of_state(state.clone()),
        admin: Client::admin_of_state(state),
    }
}

/// The counts of one genre, shape and level: hits, misses and fills made.
#[derive(Debug, PartialEq)]
struct Counts {
    stored: f64,
    joined: f64,
    misses: f64,
    made: f64,
    failed: f64,
}

impl Service {
    async fn counts(&self, labels: &str) -> Counts {
        let with = |extra: &str| format!("{labels},{extra}");
        Counts {
            stored: self.admin.metric(HITS, &with(r#"how="stored""#)).await,
            joined: self.admin.metric(HITS, &with(r#"how="joined""#)).await,
            misses: self.admin.metric(MISSES, labels).await,
            made: self.admin.metric(FILLS, &with(r#"outcome="made""#)).await,
            failed: self.admin.metric(FILLS, &with(r#"outcome="failed""#)).await,
        }
    }
}

fn counts(stored: u32, joined: u32, misses: u32, made: u32, failed: u32) -> Counts {
    Counts {
        stored: stored.into(),
        joined: joined.into(),
        misses: misses.into(),
        made: made.into(),
        failed: failed.into(),
    }
}

/// A `/daily` report as the `/generate` report of its seed: without its date.
fn without_date(daily: &Value) -> Value {
    let mut report = daily.clone();
    report.as_object_mut().unwrap().remove("date");
    report
}

// Each test asks for a shape no other test here asks for: the counters are the process's.

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_seeded_answer_is_made_once_for_every_door_and_any_budget() {
    let service = service(ServerConfig::default());
    let labels = r#"genre="kakuro",level="easy",shape="7x9""#;
    let daily = "/daily?genre=kakuro&shape=7x9&level=easy&date=2025-03-14";
    let first = service.api.get(daily).await;
    let first_json = first.expect_json(200);
    assert_eq!(service.counts(labels).await, counts(0, 0, 1, 1, 0));

    // The second request is a hit: the same bytes, time included.
    let second = service.api.get(daily).await;
    assert_eq!(second.status, 200);
    assert_eq!(second.text(), first.text());
    assert_eq!(service.counts(labels).await, counts(1, 0, 1, 1, 0));

    // `/generate` with the date's seed is the same generation, with or without its solution,
    // and so is a batch's line; a budget of one step gets the kept answer too.
    let generate = "/generate?genre=kakuro&shape=7x9&level=easy&seed=20250314";
    let generated = service.api.get(generate).await.expect_json(200);
    assert_eq!(generated, without_date(&first_json));
    let bare = service
        .api
        .get(&format!("{generate}&solution=false"))
        .await
        .expect_json(200);
    assert!(bare.get("solution").is_none());
    assert_eq!(bare["id"], first_json["id"]);
    let batch = service
        .api
        .post("/generate/batch?genre=kakuro&shape=7x9&level=easy&seeds=20250314")
        .header("accept", "application/x-ndjson")
        .await;
    let line: Value = serde_json::from_str(batch.text().trim()).unwrap();
    assert_eq!(line, generated);
    let starved = service
        .api
        .get(&format!("{generate}&budget=1"))
        .await
        .expect_json(200);
    assert_eq!(starved, generated);
    assert_eq!(service.counts(labels).await, counts(5, 0, 1, 1, 0));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn requests_for_one_key_at_once_share_one_generation() {
    let service = service(ServerConfig::default());
    let labels = r#"genre="kakuro",level="hard",shape="9x7""#;
    let daily = "/daily?genre=kakuro&shape=9x7&level=hard&date=2025-06-01";
    let requests: Vec<_> = (0..8)
        .map(|_| {
            let api = service.api.clone();
            tokio::spawn(async move { api.get(daily).await })
        })
        .collect();
    let mut texts = Vec::new();
    for request in requests {
        let reply = request.await.unwrap();
        assert_eq!(reply.status, 200, "{reply}");
        texts.push(reply.text());
    }
    assert!(texts.iter().all(|text| *text == texts[0]));
    let counted = service.counts(labels).await;
    // One generation; the other seven joined it or, when it was done first, found it kept.
    assert_eq!((counted.misses, counted.made), (1.0, 1.0), "{counted:?}");
    assert_eq!(counted.joined + counted.stored, 7.0, "{counted:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_generation_goes_on_when_the_request_that_started_it_leaves() {
    let service = service(ServerConfig::default());
    let labels = r#"genre="kakuro",level="expert",shape="9x8""#;
    let daily = "/daily?genre=kakuro&shape=9x8&level=expert&date=2025-07-04";
    // The first requester gives up after a millisecond, long before its puzzle is made.
    let left = tokio::time::timeout(Duration::from_millis(1), service.api.get(daily)).await;
    assert!(left.is_err(), "the puzzle was made within a millisecond");
    let give_up = Instant::now() + Duration::from_secs(60);
    while service.admin.metric(FILLS, labels).await < 1.0 {
        assert!(Instant::now() < give_up, "the generation never ended");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    service.api.get(daily).await.expect_json(200);
    assert_eq!(service.counts(labels).await, counts(1, 0, 1, 1, 0));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_budget_too_small_fails_alone_and_failures_are_not_kept() {
    let service = service(ServerConfig::default());
    let labels = r#"genre="kakuro",level="medium",shape="8x9""#;
    let generate = "/generate?genre=kakuro&shape=8x9&level=medium&seed=5";
    service
        .api
        .get(&format!("{generate}&budget=10"))
        .await
        .assert_problem(422, "budget-exhausted");
    assert_eq!(service.counts(labels).await, counts(0, 0, 1, 0, 1));
    // The next request tries again, under its own budget.
    let made = service.api.get(generate).await.expect_json(200);
    assert_eq!(service.counts(labels).await, counts(0, 0, 2, 1, 1));
    let again = service
        .api
        .get(&format!("{generate}&budget=10"))
        .await
        .expect_json(200);
    assert_eq!(again, made);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_kept_answers_stay_within_their_bound() {
    const BOUND: usize = 60_000;
    let service = service(ServerConfig {
        answer_cache_bytes: BOUND,
        ..ServerConfig::default()
    });
    let labels = r#"genre="kakuro",level="easy",shape="6x7""#;
    let generate = |seed: u32| format!("/generate?genre=kakuro&shape=6x7&level=easy&seed={seed}");
    let mut sizes = Vec::new();
    for seed in 0..12 {
        let reply = service.api.get(&generate(seed)).await;
        assert_eq!(reply.status, 200, "{reply}");
        sizes.push(reply.text().len());
        let bytes = service.admin.metric(BYTES, "").await;
        assert!(bytes > 0.0 && bytes <= BOUND as f64, "{bytes} bytes kept");
    }
    // Twelve answers (each with its form without the solution) do not fit: some went.
    let total: usize = sizes.iter().sum();
    assert!(
        total > BOUND,
        "the answers are too small to test the bound: {total}"
    );
    let entries = service.admin.metric(ENTRIES, "").await;
    assert!(entries < 12.0, "{entries} answers kept");
    // The least recently used went first: the first seed is made again, the last is kept.
    service.api.get(&generate(11)).await.expect_json(200);
    assert_eq!(service.counts(labels).await, counts(1, 0, 12, 12, 0));
    service.api.get(&generate(0)).await.expect_json(200);
    assert_eq!(service.counts(labels).await, counts(1, 0, 13, 13, 0));
}

/// A kept answer costs its client what any request costs (a millisecond of its account of
/// worker time) and none of the generation's: the request that made it was charged that.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_kept_answer_costs_its_client_nothing_of_the_generation() {
    use sumpuzzles::http::clients::Rate;
    let mut config = ServerConfig::default();
    // Paid back so slowly that nothing comes back while the test runs.
    config.clients.work = Some(Rate {
        per_second: 0.01,
        burst: 10_000.0,
    });
    let service = service(config);
    // `"client";r=<left>;t=<seconds>`: what is left, in milliseconds of worker time.
    let left = |reply: &common::Reply| -> f64 {
        let value = reply.header("ratelimit").expect("a RateLimit header");
        let rest = value.strip_prefix("\"client\";r=").expect("the policy");
        rest.split_once(";t=").unwrap().0.parse().unwrap()
    };
    let daily = "/daily?genre=kakuro&shape=12x12&level=expert&date=2025-09-09";
    let first = service.api.get(daily).await;
    assert_eq!(first.status, 200, "{first}");
    let made = 10_000.0 - left(&first);
    let second = service.api.get(daily).await;
    assert_eq!(second.text(), first.text());
    let kept = left(&first) - left(&second);
    // The generation's CPU time was charged to the first (a 12x12 expert puzzle takes tens of
    // milliseconds); the second paid its request's millisecond alone (give or take rounding).
    assert!(made >= 5.0, "the first request cost {made} ms");
    assert!(kept <= 1.0, "the kept answer cost {kept} ms");
    let labels = r#"genre="kakuro",level="expert",shape="12x12""#;
    assert_eq!(service.counts(labels).await, counts(1, 0, 1, 1, 0));
}

#[cfg(feature = "print")]
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_books_made_puzzles_share_the_answers_kept() {
    let service = service(ServerConfig::default());
    let labels = r#"genre="kakuro",level="easy",shape="8x7""#;
    // A seed made by `/generate` first is printed from memory; the book's other seed is made
    // and kept, so `/generate` then finds it; a seed listed twice is made once.
    let generated = service
        .api
        .get("/generate?genre=kakuro&shape=8x7&level=easy&seed=31")
        .await
        .expect_json(200);
    assert_eq!(service.counts(labels).await, counts(0, 0, 1, 1, 0));
    let book = "/booklet?genre=kakuro&shape=8x7&level=easy&seeds=31,32,31&format=sheet";
    let first = service.api.post(book).await;
    assert_eq!(first.status, 200, "{first}");
    assert_eq!(
        first.header("content-type").as_deref(),
        Some("application/pdf")
    );
    assert_eq!(service.counts(labels).await, counts(1, 0, 2, 2, 0));
    let second = service
        .api
        .get("/generate?genre=kakuro&shape=8x7&level=easy&seed=32")
        .await
        .expect_json(200);
    assert_eq!(service.counts(labels).await, counts(2, 0, 2, 2, 0));
    assert_ne!(second["id"], generated["id"]);
    // The same book again is printed from memory, byte for byte (a book's bytes are fixed)
    // and whatever its budget.
    let again = service.api.post(&format!("{book}&budget=1")).await;
    assert_eq!(again.status, 200, "{again}");
    assert_eq!(again.body, first.body);
    assert_eq!(service.counts(labels).await, counts(4, 0, 2, 2, 0));
}
