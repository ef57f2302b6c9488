//! Against the `sumpuzzles serve` process itself: the daily puzzle across restarts, and a
//! batch whose client leaves (its connection closes) stops its work.

use std::time::{Duration, Instant};

use serde_json::{json, Value};

use crate::common::Process;
use crate::steady;

#[tokio::test]
async fn the_same_date_gives_the_same_puzzle_across_restarts() {
    let path = "/daily?genre=kakuro&shape=7x7&level=medium&date=2025-03-14";
    let mut answers = Vec::new();
    for _ in 0..2 {
        let service = Process::start(&[]);
        let daily = service.api.get(path).await.expect_json(200);
        let generated = service
            .api
            .get("/generate?genre=kakuro&shape=7x7&level=medium&seed=20250314")
            .await
            .json();
        answers.push((steady(daily), steady(generated)));
    }
    let (first, second) = (&answers[0], &answers[1]);
    assert_eq!(
        first.0, second.0,
        "the daily puzzle changed across a restart"
    );
    // The documented rule: the daily puzzle is /generate with the seed YYYYMMDD.
    let mut daily = first.0.clone();
    assert_eq!(
        daily.as_object_mut().unwrap().remove("date"),
        Some(json!("2025-03-14"))
    );
    assert_eq!(daily, first.1);
}

#[tokio::test]
async fn a_departed_batch_client_stops_the_work() {
    let service = Process::start(&[("SUMPUZZLES_WORKERS", "1")]);
    // A hundred large expert puzzles would keep the worker busy for a long time.
    let response = reqwest::Client::new()
        .post(
            service
                .api
                .url("/generate/batch?genre=kakuro&shape=16x16&level=expert&count=100&seed=1"),
        )
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 200);
    let mut stream = response;
    // The first line comes as soon as its puzzle is made, long before the hundredth.
    let mut received = Vec::new();
    while !received.contains(&b'\n') {
        let chunk = stream.chunk().await.unwrap().expect("a first line");
        received.extend_from_slice(&chunk);
    }
    // The default answer is one JSON array, an element a line: `[` opens the first.
    let line = &received[..received.iter().position(|&b| b == b'\n').unwrap()];
    assert_eq!(line.first(), Some(&b'['));
    let first: Value = serde_json::from_slice(&line[1..]).unwrap();
    assert_eq!(first["seed"], 1);
    let metric = |name| service.admin.metric(name, "");
    drop(stream);
    // The work stops: the job under way, if any, is cancelled (the client may also leave just
    // as a line is written, between two jobs, when the server learns it only as it writes the
    // next line and starts nothing more) and no other starts. Stopped means the worker stays
    // free and no puzzle is made for half a second, sampled every 20 ms.
    let start = Instant::now();
    'settled: loop {
        assert!(
            start.elapsed() < Duration::from_secs(20),
            "the batch went on after its client left"
        );
        let attempts = metric("sumpuzzles_generation_attempts_total").await;
        for _ in 0..25 {
            if metric("sumpuzzles_pool_in_use").await != 0.0 {
                tokio::time::sleep(Duration::from_millis(20)).await;
                continue 'settled;
            }
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        if metric("sumpuzzles_generation_attempts_total").await == attempts {
            break;
        }
    }
    // Far fewer than the hundred asked were made.
    let made = service
        .admin
        .metric("sumpuzzles_answer_cache_fills_total", "outcome=\"made\"")
        .await;
    assert!(made < 50.0, "{made} puzzles made for a client that left");
}
