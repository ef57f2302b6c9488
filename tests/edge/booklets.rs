//! Books as one request of their client for their whole life, as batches are (issue 30): the
//! client's slot held until the PDF is made (a second book of the same client meanwhile gets
//! 429, another client is served), and a client that goes away stops the work.

use std::time::{Duration, Instant};

use sumpuzzles::http::ServerConfig;
use tokio::io::AsyncWriteExt;
use tokio::net::TcpStream;

use crate::common::server::Process;
use crate::common::start_server;
use crate::common::wire::{connect_from, http1_get, raw_from};

/// A book of 100 large expert puzzles: each a second or more of a worker.
const HEAVY_BOOK: &str = "/booklet?genre=kakuro&shape=16x16&level=expert&count=100&seed=1000";

/// The head of a keep-alive POST of `path` with an empty body.
fn post_head(path: &str) -> Vec<u8> {
    format!("POST {path} HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\n\r\n").into_bytes()
}

#[tokio::test]
async fn a_book_holds_its_clients_slot_and_another_client_is_served() {
    let mut config = ServerConfig {
        workers: 2,
        ..ServerConfig::default()
    };
    config.clients.concurrency = 1;
    config.clients.queue = 0;
    let server = start_server(config).await;
    let mut first = connect_from(&server, [127, 0, 0, 1]).await;
    first.write_all(&post_head(HEAVY_BOOK)).await.unwrap();
    // Once the first book holds the client's one slot, its second book is refused at once.
    let busy = loop {
        let answer = raw_from(&server, [127, 0, 0, 1], &post_head(HEAVY_BOOK)).await;
        if answer.status == 429 {
            break answer;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    };
    busy.assert_problem(429, "client-busy");
    assert!(busy.header("retry-after").is_some());
    // Another client is served while the book is made.
    let small = http1_get("/generate?genre=kakuro&shape=6x6&level=easy", "");
    for _ in 0..3 {
        let other = raw_from(&server, [127, 0, 0, 2], &small).await;
        assert_eq!(other.status, 200, "{other:?}");
    }
    drop(first);
}

#[tokio::test]
async fn a_departed_book_client_stops_the_work() {
    let service = Process::start(&[("SUMPUZZLES_WORKERS", "1"), ("SUMPUZZLES_POOLS", "off")]);
    let metric = |name| service.admin.metric(name, "");
    let address = service
        .api
        .url("")
        .trim_start_matches("http://")
        .to_string();
    let cancelled_before = metric("sumpuzzles_cancelled_total").await;
    let mut client = TcpStream::connect(&address).await.unwrap();
    client.write_all(&post_head(HEAVY_BOOK)).await.unwrap();
    // The book's first puzzle is being made...
    let start = Instant::now();
    while metric("sumpuzzles_pool_in_use").await < 1.0 {
        assert!(
            start.elapsed() < Duration::from_secs(20),
            "the book did not start"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    // ... when its client goes away: the job under way is cancelled and no other starts.
    drop(client);
    let start = Instant::now();
    loop {
        let cancelled = metric("sumpuzzles_cancelled_total").await > cancelled_before;
        if cancelled && metric("sumpuzzles_pool_in_use").await == 0.0 {
            break;
        }
        assert!(
            start.elapsed() < Duration::from_secs(20),
            "the book went on after its client left"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let attempts = metric("sumpuzzles_generation_attempts_total").await;
    tokio::time::sleep(Duration::from_millis(500)).await;
    assert_eq!(
        metric("sumpuzzles_generation_attempts_total").await,
        attempts,
        "puzzles were still made after the client left"
    );
    assert_eq!(metric("sumpuzzles_pool_in_use").await, 0.0);
}
