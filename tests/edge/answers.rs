//! Right answers: every failure, hyper's own included, is an answer with problem details,
//! and a client that writes a whole large body first still reads its 413.

use std::time::Duration;

use sumpuzzles::http::ServerConfig;
use tokio::io::AsyncWriteExt;

use crate::common::start_server;
use crate::common::wire::{connect_from, http1_get, raw, read_reply};

#[tokio::test]
async fn every_failure_is_an_answer_with_problem_details() {
    let server = start_server(ServerConfig {
        body_timeout: Duration::from_millis(300),
        ..ServerConfig::default()
    })
    .await;
    // A Content-Length over the limit, with no body sent: 413 before waiting for it.
    raw(
        &server,
        b"POST /solve HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 99999999999\r\n\r\n",
    )
    .await
    .assert_problem_detail(413, "the limit is 1048576 bytes");
    // A slow upload: 408.
    raw(
        &server,
        b"POST /solve HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{\"id\":",
    )
    .await
    .assert_problem_detail(408, "body timeout");
    // hyper's own answers: a malformed head, two different Content-Lengths, a long target,
    // large headers.
    raw(&server, b"GET / HTTP/1.1\r\nHost x\r\n\r\n")
        .await
        .assert_problem(400, "malformed-request");
    raw(
        &server,
        b"POST /solve HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\nContent-Length: 3\r\n\r\n{}",
    )
    .await
    .assert_problem(400, "malformed-request");
    let long = format!("/generate?genre=kakuro&x={}", "a".repeat(10_000));
    raw(&server, &http1_get(&long, ""))
        .await
        .assert_problem(414, "uri-too-long");
    // Beyond what hyper reads of a head, hyper answers itself (431: the head is too large).
    let huge = format!("/generate?genre=kakuro&x={}", "a".repeat(70_000));
    let answer = raw(&server, &http1_get(&huge, "")).await;
    match answer.status {
        414 => answer.assert_problem(414, "uri-too-long"),
        _ => answer.assert_problem(431, "headers-too-large"),
    };
    let big_header = format!("X-Big: {}\r\n", "b".repeat(70_000));
    raw(&server, &http1_get("/healthz", &big_header))
        .await
        .assert_problem(431, "headers-too-large");
    let many: String = (0..120).map(|i| format!("X-H{i}: v\r\n")).collect();
    raw(&server, &http1_get("/healthz", &many))
        .await
        .assert_problem(431, "headers-too-large");
    // An unknown path under /docs/, and one elsewhere.
    raw(&server, &http1_get("/docs/nothing-here.js", ""))
        .await
        .assert_problem(404, "not-found");
    raw(&server, &http1_get("/nowhere", ""))
        .await
        .assert_problem(404, "not-found");
}

#[tokio::test]
async fn a_client_that_writes_a_whole_large_body_before_reading_reads_the_413() {
    let server = start_server(ServerConfig::default()).await;
    let mut stream = connect_from(&server, [127, 0, 0, 1]).await;
    let body = vec![b' '; 10 << 20];
    let head = format!(
        "POST /solve HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n",
        body.len()
    );
    // As Python's urllib does: everything first, then read. Without a lingering close the
    // writes fail with a reset and the answer is lost.
    stream.write_all(head.as_bytes()).await.unwrap();
    stream.write_all(&body).await.expect("the body is taken in");
    read_reply(&mut stream, Duration::from_secs(20))
        .await
        .expect("the 413 is readable")
        .assert_problem(413, "too-large");
}
