//! Fairness between clients, told apart by their address: a client's share of the
//! workers, its rate, and who may name the client (a trusted proxy only).

use std::time::Duration;

use serde_json::json;
use sumpuzzles::http::ServerConfig;
use tokio::io::AsyncWriteExt;

use crate::common::start_server;
use crate::common::wire::{connect_from, http1_get, http1_post, raw, raw_from};

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

#[tokio::test]
async fn a_client_over_its_rate_gets_429_with_retry_after() {
    let mut config = ServerConfig::default();
    config.clients.rate = 1;
    config.clients.burst = 2;
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
    config.clients.rate = 1;
    config.clients.burst = 1;
    config.clients.trusted_proxies = sumpuzzles::http::clients::parse_ranges("127.0.0.1").unwrap();
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
