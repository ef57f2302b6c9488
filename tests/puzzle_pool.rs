#![cfg(feature = "server")]
//! The pools of pregenerated puzzles, through the router and the admin routes in process: a
//! warm pool answers unseeded `/generate` requests, `/metrics` counts its hits and misses, a
//! pooled puzzle is made again from its seed byte for byte, requests it cannot answer as a
//! fresh generation would are generated, and a request never waits behind a fill.

mod common;

use std::time::{Duration, Instant};

use serde_json::Value;
use sumpuzzles::http::puzzle_pool::{PoolKey, PuzzlePoolConfig};
use sumpuzzles::http::{AppState, ServerConfig};

use common::Client;

/// The service with `workers` workers, no queue, and one pooled key, in process: its API and
/// its admin routes (where `/metrics` is) on one state.
struct Service {
    api: Client,
    admin: Client,
}

fn pooled_service(workers: usize, key: &str, depth: usize) -> Service {
    let state = AppState::new(ServerConfig {
        workers,
        queue: 0,
        puzzle_pools: PuzzlePoolConfig {
            keys: vec![PoolKey::parse(key).unwrap()],
            depth,
            max_bytes: 64 << 20,
            fill_workers: 1,
        },
        ..ServerConfig::default()
    });
    Service {
        api: Client::of_state(state.clone()),
        admin: Client::admin_of_state(state),
    }
}

impl Service {
    /// Waits until a metric reaches `at_least`; a minute without it fails the test.
    async fn wait_for(&self, name: &str, labels: &str, at_least: f64) {
        let give_up = Instant::now() + Duration::from_secs(60);
        while self.admin.metric(name, labels).await < at_least {
            assert!(
                Instant::now() < give_up,
                "{name}{{{labels}}} never reached {at_least}"
            );
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }
}

const DEPTH: &str = "sumpuzzles_puzzle_pool_depth";
const HITS: &str = "sumpuzzles_puzzle_pool_hits_total";
const MISSES: &str = "sumpuzzles_puzzle_pool_misses_total";
const FILLS: &str = "sumpuzzles_puzzle_pool_fills_total";
const FILL_CPU: &str = "sumpuzzles_puzzle_pool_fill_cpu_microseconds_total";

/// A report's text with its one varying field, the wall-clock time, set to 0.
fn steady(body: &str) -> String {
    let field = "\"elapsed_ms\":";
    let start = body.find(field).expect("the report has its time") + field.len();
    let digits = body[start..]
        .find(|c: char| !c.is_ascii_digit())
        .expect("a number, then more");
    format!("{}0{}", &body[..start], &body[start + digits..])
}

fn seed_of(body: &str) -> u64 {
    let report: Value = serde_json::from_str(body).unwrap();
    report["seed"].as_u64().expect("the report has its seed")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_warm_pool_serves_counts_and_its_puzzles_are_made_again_from_their_seeds() {
    let server = pooled_service(1, "kakuro:8x8:hard", 3);
    let labels = r#"genre="kakuro",level="hard",shape="8x8""#;
    server.wait_for(DEPTH, labels, 3.0).await;
    // What the fills cost their worker is counted with them (an operator's fill rate per
    // core: fills made over it); an 8x8 hard takes well over a microsecond of CPU.
    let made = format!(r#"{labels},outcome="made""#);
    assert!(server.admin.metric(FILLS, &made).await >= 3.0);
    assert!(server.admin.metric(FILL_CPU, &made).await >= 3.0);
    let unseeded = "/generate?genre=kakuro&shape=8x8&level=hard";

    let reply = server.api.get(unseeded).await;
    assert_eq!(reply.status, 200, "{reply}");
    assert_eq!(
        reply.header("cache-control").as_deref(),
        Some("no-store"),
        "a drawn seed's answer, as ever"
    );
    let pooled = reply.text();
    assert_eq!(server.admin.metric(HITS, labels).await, 1.0);
    assert_eq!(server.admin.metric(MISSES, labels).await, 0.0);
    // The same object as a fresh generation: its seed makes it again, byte for byte.
    let seed = seed_of(&pooled);
    let again = server.api.get(&format!("{unseeded}&seed={seed}")).await;
    assert_eq!(again.status, 200);
    assert_eq!(steady(&pooled), steady(&again.text()));

    // Without the solution: the fields are dropped as the generator drops them.
    let pooled = server.api.get(&format!("{unseeded}&solution=false")).await;
    assert_eq!(pooled.status, 200);
    let pooled = pooled.text();
    assert_eq!(server.admin.metric(HITS, labels).await, 2.0);
    assert!(!pooled.contains("\"solution\""));
    let seed = seed_of(&pooled);
    let again = server
        .api
        .get(&format!("{unseeded}&solution=false&seed={seed}"))
        .await;
    assert_eq!(steady(&pooled), steady(&again.text()));

    // A budget no pooled puzzle was made within: a miss, generated fresh, which runs out.
    let exhausted = server.api.get(&format!("{unseeded}&budget=1")).await;
    assert_eq!(exhausted.status, 422, "{exhausted}");
    assert!(exhausted.text().contains("/problems/budget-exhausted"));
    assert_eq!(server.admin.metric(MISSES, labels).await, 1.0);

    // A score range picks the puzzle: never from the pool, neither hit nor miss.
    let ranged = server
        .api
        .get(&format!("{unseeded}&score_min=5.0&score_max=6.9"))
        .await;
    assert_eq!(ranged.status, 200, "{ranged}");
    assert_eq!(server.admin.metric(HITS, labels).await, 2.0);
    assert_eq!(server.admin.metric(MISSES, labels).await, 1.0);

    // The places taken are filled again by the idle worker.
    server.wait_for(DEPTH, labels, 3.0).await;
    let made = server
        .admin
        .metric(FILLS, &format!(r#"{labels},outcome="made""#))
        .await;
    assert!(made >= 5.0, "{made} fills made");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_request_arriving_while_the_only_worker_fills_is_answered_once_the_fill_yields() {
    // 16x16 expert fills take a quarter of a second to seconds each, and a deep shelf keeps
    // the one worker filling.
    let server = pooled_service(1, "kakuro:16x16:expert", 1000);
    let labels = r#"genre="kakuro",level="expert",shape="16x16""#;
    let cancelled = format!(r#"{labels},outcome="cancelled""#);
    let made = format!(r#"{labels},outcome="made""#);
    for round in 1..=3 {
        // A fill has just been shelved, and the worker went on to the next at once.
        let before = server.admin.metric(FILLS, &made).await;
        server.wait_for(FILLS, &made, before + 1.0).await;
        // With no queue, a request that had to wait behind the fill would be shed (503). A
        // seed of its own each round: a seed asked for before is answered from memory, with
        // no worker (see `answers.rs`).
        let reply = server
            .api
            .get(&format!(
                "/generate?genre=kakuro&shape=6x6&level=easy&seed={round}"
            ))
            .await;
        assert_eq!(reply.status, 200, "{reply}");
        // The fill under way gave its worker up to the request.
        assert_eq!(
            server.admin.metric(FILLS, &cancelled).await,
            f64::from(round)
        );
    }
}
