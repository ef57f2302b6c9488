//! Fairness between clients, told apart by their address: a client's share of the
//! workers, its rate, and who may name the client (a trusted proxy only).

use std::time::Duration;

use serde_json::json;
use sumpuzzles::http::clients::{parse_ranges, Rate};
use sumpuzzles::http::ServerConfig;
use tokio::io::AsyncWriteExt;

use crate::common::wire::{connect_from, http1_get, http1_post, raw, raw_from};
use crate::common::{start_server, Client};

/// A heavy request that holds its client's slot: the heavy grid under a large budget, on a
/// keep-alive connection (closing it cancels the work).
fn hold_a_slot() -> Vec<u8> {
    let body = json!({"genre": "kakuro", "puzzle": crate::heavy_grid()}).to_string();
    format!(
        "POST /solve HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    )
    .into_bytes()
}

#[tokio::test]
async fn one_client_holds_only_its_share_and_another_is_served() {
    let mut config = ServerConfig {
        workers: 2,
        budget: 2_000_000_000,
        ..ServerConfig::default()
    };
    config.clients.concurrency = 1;
    config.clients.queue = 0;
    let server = start_server(config).await;
    let mut flood = connect_from(&server, [127, 0, 0, 1]).await;
    flood.write_all(&hold_a_slot()).await.unwrap();
    let small = http1_post("/solve", &json!({"id": "kakuro:3x3:DbAb/4.6.3.7"}), "");
    // Once the flooding request holds its client's one slot, the client's next is refused.
    let busy = loop {
        let answer = raw(&server, &small).await;
        if answer.status == 429 {
            break answer;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    };
    busy.assert_problem(429, "client-busy");
    assert!(busy.header("retry-after").is_some());
    // Another client is served by the other worker.
    let other = raw_from(&server, [127, 0, 0, 2], &small).await;
    assert_eq!(other.status, 200, "{other:?}");
    drop(flood);
}

/// A share of worker time of `per_second` ms a second and `burst` ms at once.
fn share(per_second: f64, burst: f64) -> Option<Rate> {
    Some(Rate { per_second, burst })
}

#[tokio::test]
async fn a_client_over_its_share_gets_429_with_retry_after() {
    // 1 ms a second, 2 ms at once: two requests (a millisecond each), then 429.
    let mut config = ServerConfig::default();
    config.clients.work = share(1.0, 2.0);
    let server = start_server(config).await;
    let statuses: Vec<u16> = {
        let mut statuses = Vec::new();
        for _ in 0..4 {
            statuses.push(raw(&server, &http1_get("/genres", "")).await.status);
        }
        statuses
    };
    assert_eq!(&statuses[..2], &[200, 200]);
    assert!(statuses[2..].contains(&429), "{statuses:?}");
    let limited = raw(&server, &http1_get("/genres", "")).await;
    limited.assert_problem(429, "rate-limited");
    assert!(limited.header("retry-after").is_some());
    // Probes are never limited; another client has its own rate.
    assert_eq!(raw(&server, &http1_get("/healthz", "")).await.status, 200);
    assert_eq!(
        raw_from(&server, [127, 0, 0, 3], &http1_get("/genres", ""))
            .await
            .status,
        200
    );
}

#[tokio::test]
async fn only_a_trusted_proxy_names_the_client() {
    let mut config = ServerConfig::default();
    config.clients.work = share(1.0, 1.0);
    config.clients.trusted_proxies = parse_ranges("127.0.0.1").unwrap();
    let server = start_server(config).await;
    // Through the trusted proxy (127.0.0.1) two forwarded clients each have their rate; an
    // untrusted peer (127.0.0.4) cannot name another client and is limited as itself.
    for (peer, forwarded, status) in [
        ([127, 0, 0, 1], "203.0.113.1", 200),
        ([127, 0, 0, 1], "203.0.113.2", 200),
        ([127, 0, 0, 1], "203.0.113.1", 429),
        ([127, 0, 0, 4], "198.51.100.1", 200),
        ([127, 0, 0, 4], "198.51.100.2", 429),
    ] {
        let header = format!("X-Forwarded-For: {forwarded}\r\n");
        let answer = raw_from(&server, peer, &http1_get("/genres", &header)).await;
        assert_eq!(answer.status, status, "{peer:?} forwarding {forwarded}");
    }
}

/// A request as `client` behind the trusted proxy of the router's requests (127.0.0.1).
fn as_client(
    server: &Client,
    call: &str,
    client: &str,
    body: &serde_json::Value,
) -> crate::common::Call {
    server
        .post(call)
        .header("x-forwarded-for", client)
        .json(body)
}

#[tokio::test]
async fn a_bulk_client_of_cheap_requests_is_not_throttled_on_the_defaults() {
    // The bulk checker: one address, a couple of thousand cheap calls in a row. On the
    // defaults each costs a millisecond of the client's share and microseconds of a worker;
    // before, the 101st in a burst was a 429.
    let server = Client::default_app();
    let check = json!({"id": "kakuro:3x3:DbAb/4.6.3.7", "answer": ["###", "#13", "#34"]});
    let solve = json!({"id": "kakuro:3x3:DbAb/4.6.3.7"});
    let mut statuses = std::collections::BTreeMap::new();
    for round in 0..1_000 {
        for (path, body) in [("/check", &check), ("/solve", &solve)] {
            let status = server.post(path).json(body).await.status;
            *statuses.entry(status).or_insert(0) += 1;
            assert_eq!(status, 200, "call {round} of {path}: {statuses:?}");
        }
    }
}

#[tokio::test]
async fn an_expensive_flood_is_held_to_its_share_while_cheap_calls_of_another_go_on() {
    // A small share (100 ms a second, 0.5 s at once) and a budget that lets one request run a
    // second or more of CPU: the flooding client's first worst-case request is charged its
    // CPU time, and its next ones are 429 with a Retry-After of seconds. Another client behind
    // the same proxy makes 400 cheap calls meanwhile, all answered.
    let mut config = ServerConfig {
        budget: 10_000_000,
        ..ServerConfig::default()
    };
    config.clients.work = share(100.0, 500.0);
    config.clients.trusted_proxies = parse_ranges("127.0.0.1").unwrap();
    let server = Client::app(config);
    let heavy = json!({"genre": "kakuro", "puzzle": crate::heavy_grid()});
    let first = as_client(&server, "/solve", "203.0.113.1", &heavy).await;
    first.assert_problem(422, "budget-exhausted");
    for _ in 0..3 {
        let refused = as_client(&server, "/solve", "203.0.113.1", &heavy).await;
        refused.assert_problem(429, "rate-limited");
        let wait: u64 = refused.header("retry-after").unwrap().parse().unwrap();
        assert!(wait >= 2, "Retry-After {wait}");
    }
    let solve = json!({"id": "kakuro:3x3:DbAb/4.6.3.7"});
    for call in 0..400 {
        let answer = as_client(&server, "/solve", "203.0.113.2", &solve).await;
        assert_eq!(answer.status, 200, "call {call}: {answer}");
    }
}
