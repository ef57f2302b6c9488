//! Batches as one request for their whole life (issue 31, items 1, 2 and 7): the client's slot
//! held until the last line, lines that wait behind other clients' requests, repeated seeds
//! made once, one deadline for the batch, the key's allowance in every line, and a shutdown
//! that ends a batch with complete lines. Hostile clients send what the did: batches
//! whose heads only are read, from one address or many.

use std::net::{IpAddr, SocketAddr};

use serde_json::Value;
use sumpuzzles::http::clients::{ApiKeys, KeyEntry};
use sumpuzzles::http::{AppState, ServerConfig};

use crate::common::server::api_key;
use crate::common::server::Process;
use crate::common::{start_server, Client};

/// The batch: 100 large expert puzzles, each a second or more of a worker.
const HEAVY_BATCH: &str =
    "/generate/batch?genre=kakuro&shape=32x32&level=expert&count=100&seed=1000&solution=false";
/// The other client's request: a couple of milliseconds of work.
const SMALL: &str = "/generate?genre=kakuro&shape=6x6&level=easy";

/// An HTTP client whose connections leave from `from` (another loopback address is another
/// client).
fn client_from(from: [u8; 4]) -> reqwest::Client {
    reqwest::Client::builder()
        .local_address(IpAddr::from(from))
        .build()
        .unwrap()
}

/// Sends a batch and returns its response once the head is in (the body unread).
async fn batch_head(client: &reqwest::Client, server: SocketAddr, path: &str) -> reqwest::Response {
    client
        .post(format!("http://{server}{path}"))
        .send()
        .await
        .expect("an answer")
}

/// The statuses of five small requests, one after the other, of another client (127.0.0.2).
async fn other_clients_statuses(server: SocketAddr) -> Vec<u16> {
    let victim = client_from([127, 0, 0, 2]);
    let mut statuses = Vec::new();
    for _ in 0..5 {
        let answer = victim
            .get(format!("http://{server}{SMALL}"))
            .send()
            .await
            .unwrap();
        statuses.push(answer.status().as_u16());
    }
    statuses
}

/// The elements of a batch answered as one JSON array (which must be complete).
fn elements(body: &[u8]) -> Vec<Value> {
    serde_json::from_slice::<Vec<Value>>(body).unwrap_or_else(|error| {
        panic!(
            "not a JSON array ({error}): {}",
            String::from_utf8_lossy(body)
        )
    })
}

#[tokio::test]
async fn batches_hold_their_clients_slot_and_another_client_is_served() {
    let mut config = ServerConfig {
        workers: 2,
        ..ServerConfig::default()
    };
    config.clients.concurrency = 1;
    config.clients.queue = 0;
    let server = start_server(config).await;
    let flood = client_from([127, 0, 0, 1]);
    // Six batches one after the other, heads only: the first holds the client's one slot
    // while its body is made, so the others are refused at once.
    let mut held = Vec::new();
    for _ in 0..6 {
        held.push(batch_head(&flood, server.address, HEAVY_BATCH).await);
    }
    let statuses: Vec<u16> = held.iter().map(|r| r.status().as_u16()).collect();
    assert_eq!(statuses, [200, 429, 429, 429, 429, 429]);
    assert!(held[1].headers().get("retry-after").is_some());
    // Another client is served, every time, while the batch runs.
    assert_eq!(other_clients_statuses(server.address).await, [200; 5]);
    drop(held);
}

#[tokio::test]
async fn batches_of_many_clients_wait_behind_another_clients_requests() {
    // Eight clients each run a batch (each within its slot) on two workers with room for two
    // requests waiting: a batch's puzzle waits for a free worker rather than for a place in
    // the queue, so the queue has room for another client's request every time.
    let mut config = ServerConfig {
        workers: 2,
        queue: 2,
        ..ServerConfig::default()
    };
    config.clients.concurrency = 1;
    config.clients.queue = 0;
    let server = start_server(config).await;
    let mut held = Vec::new();
    for last in 3..=10 {
        let answer = batch_head(&client_from([127, 0, 0, last]), server.address, HEAVY_BATCH).await;
        assert_eq!(answer.status(), 200);
        held.push(answer);
    }
    assert_eq!(other_clients_statuses(server.address).await, [200; 5]);
    drop(held);
}

#[tokio::test]
async fn a_seed_listed_again_is_made_once_and_written_at_each_place() {
    let service = Process::start(&[("SUMPUZZLES_WORKERS", "2"), ("SUMPUZZLES_POOLS", "off")]);
    let attempts = "sumpuzzles_generation_attempts_total";
    let before = service.admin.metric(attempts, "").await;
    let answer = service
        .api
        .post("/generate/batch?genre=kakuro&shape=9x9&level=hard&seeds=5,5,5,6,5")
        .body(None, "")
        .await;
    assert_eq!(answer.status, 200, "{answer}");
    let lines = elements(&answer.body);
    let seeds: Vec<u64> = lines.iter().map(|l| l["seed"].as_u64().unwrap()).collect();
    assert_eq!(seeds, [5, 5, 5, 6, 5]);
    // The very same line, its elapsed time included: made once.
    for index in [1, 2, 4] {
        assert_eq!(lines[index], lines[0]);
    }
    let made = |line: &Value| line["stats"]["attempts"].as_f64().unwrap();
    let after = service.admin.metric(attempts, "").await;
    assert_eq!(after - before, made(&lines[0]) + made(&lines[3]));
}

#[tokio::test]
async fn a_batch_has_one_deadline_and_names_the_seeds_it_had_no_time_for() {
    // A 100 ms request deadline: the batch of 100 has 100 ms + 10 ms a puzzle (1.1 s), not
    // 100 ms for each of its puzzles (10 s); the seeds it could not start are named, and the
    // answer is a complete array. (A deadline short enough that no machine makes the 100
    // puzzles in it, however fast the generator gets.)
    let service = Client::app(ServerConfig {
        deadline: std::time::Duration::from_millis(100),
        ..ServerConfig::default()
    });
    let answer = service.post(HEAVY_BATCH).body(None, "").await;
    assert_eq!(answer.status, 200);
    let lines = elements(&answer.body);
    assert_eq!(lines.len(), 100);
    let last = &lines[99];
    assert_eq!(last["seed"], 1099);
    assert_eq!(last["type"], "/problems/deadline-exceeded", "{last}");
    assert!(
        last["detail"]
            .as_str()
            .unwrap()
            .contains("the batch's deadline (1.1 s for its puzzles)"),
        "{last}"
    );
}

fn key(key: &str, name: &str, generate_budget: u64) -> KeyEntry {
    KeyEntry {
        generate_budget: Some(generate_budget),
        ..api_key(key, name)
    }
}

#[tokio::test]
async fn a_batch_runs_each_puzzle_under_its_keys_allowance_both_ways() {
    let service = Client::app(ServerConfig {
        generate_budget: 1_000,
        api_keys: ApiKeys {
            entries: vec![
                key("tight-key-0123456789", "tight", 500),
                key("ample-key-0123456789", "ample", 40_000_000),
            ],
            required: false,
        },
        ..ServerConfig::default()
    });
    let path = "/generate/batch?genre=kakuro&shape=9x9&level=hard&count=2&seed=1";
    let lines_with = |key: Option<&'static str>| {
        let service = service.clone();
        async move {
            let mut call = service.post(path);
            if let Some(key) = key {
                call = call.header("x-api-key", key);
            }
            elements(&call.body(None, "").await.body)
        }
    };
    for (key, budget) in [(None, 1_000), (Some("tight-key-0123456789"), 500)] {
        for line in lines_with(key).await {
            assert_eq!(
                line["type"], "/problems/budget-exhausted",
                "{key:?}: {line}"
            );
            assert_eq!(line["budget"], budget, "{key:?}: {line}");
        }
    }
    for line in lines_with(Some("ample-key-0123456789")).await {
        assert!(line["id"].is_string(), "{line}");
    }
}

#[tokio::test]
async fn a_shutdown_ends_a_batch_with_complete_lines_in_both_formats() {
    let server = start_server(ServerConfig::default()).await;
    let mut answers = Vec::new();
    for (from, accept) in [
        ([127, 0, 0, 1], "application/json"),
        ([127, 0, 0, 2], "application/x-ndjson"),
    ] {
        let answer = client_from(from)
            .post(format!("http://{}{HEAVY_BATCH}", server.address))
            .header("accept", accept)
            .send()
            .await
            .unwrap();
        assert_eq!(answer.status(), 200);
        answers.push(answer);
    }
    // The first line of each, then the shutdown signal.
    let mut bodies = Vec::new();
    for answer in &mut answers {
        let mut body = Vec::new();
        while !body.contains(&b'\n') {
            body.extend_from_slice(&answer.chunk().await.unwrap().expect("a first line"));
        }
        bodies.push(body);
    }
    drop(server);
    for (answer, mut body) in answers.into_iter().zip(bodies) {
        body.extend_from_slice(&answer.bytes().await.expect("the rest of the answer"));
        let lines = if body.starts_with(b"[") {
            elements(&body)
        } else {
            body.split(|&b| b == b'\n')
                .filter(|line| !line.is_empty())
                .map(|line| serde_json::from_slice(line).expect("an NDJSON line"))
                .collect()
        };
        assert_eq!(lines.len(), 100);
        let last = &lines[99];
        assert_eq!(last["type"], "/problems/shutting-down", "{last}");
        assert_eq!(last["seed"], 1099);
    }
}

#[tokio::test]
async fn a_batch_sent_during_the_drain_gets_503_with_retry_after() {
    let state = AppState::new(ServerConfig::default());
    state.begin_shutdown();
    let answer = Client::of_state(state)
        .post(HEAVY_BATCH)
        .body(None, "")
        .await;
    answer.assert_problem(503, "shutting-down");
    assert!(answer.header("retry-after").is_some());
}

#[cfg(unix)]
#[tokio::test]
async fn at_the_end_of_the_grace_period_a_batch_still_ends_complete() {
    // A grace period shorter than one 32x32 expert puzzle: the puzzle under way when it ends
    // is given up, and the answer still ends as a complete JSON array naming every seed not
    // made. Before, the process exited with the answer cut mid-array.
    let service = Process::start(&[
        ("SUMPUZZLES_WORKERS", "2"),
        ("SUMPUZZLES_POOLS", "off"),
        ("SUMPUZZLES_DRAIN_MS", "0"),
        ("SUMPUZZLES_GRACE_MS", "300"),
    ]);
    let mut answer = reqwest::Client::new()
        .post(service.api.url(HEAVY_BATCH))
        .header("accept", "application/json")
        .send()
        .await
        .unwrap();
    assert_eq!(answer.status(), 200);
    let mut body = Vec::new();
    while !body.contains(&b'\n') {
        body.extend_from_slice(&answer.chunk().await.unwrap().expect("a first line"));
    }
    service.terminate();
    body.extend_from_slice(&answer.bytes().await.expect("the rest of the answer"));
    let lines = elements(&body);
    assert_eq!(lines.len(), 100);
    assert_eq!(
        lines[99]["type"], "/problems/shutting-down",
        "{}",
        lines[99]
    );
    let given_up = lines
        .iter()
        .filter(|line| {
            line["detail"]
                .as_str()
                .is_some_and(|detail| detail.contains("grace period"))
        })
        .count();
    assert!(given_up <= 1, "{given_up} puzzles given up");
}
