//! Connections: silent ones closed from accept, the cap with room for a probe, half-close.

use std::time::Duration;

use serde_json::json;
use sumpuzzles::http::ServerConfig;
use tokio::io::{AsyncReadExt, AsyncWriteExt};

use crate::common::start_server;
use crate::common::wire::{closed_within, connect_from, http1_get, raw, read_reply};

#[tokio::test]
async fn silent_connections_are_closed_from_accept_while_health_answers() {
    let server = start_server(ServerConfig {
        header_timeout: Duration::from_millis(500),
        ..ServerConfig::default()
    })
    .await;
    // Raw TCP that sends nothing, a partial HTTP/2 preface, and part of an HTTP/1 head.
    let mut silent = Vec::new();
    for _ in 0..20 {
        silent.push(connect_from(&server, [127, 0, 0, 1]).await);
    }
    let mut preface = connect_from(&server, [127, 0, 0, 1]).await;
    preface.write_all(b"PRI * HTTP/2.0\r\n").await.unwrap();
    let mut partial = connect_from(&server, [127, 0, 0, 1]).await;
    partial
        .write_all(b"GET /healthz HTTP/1.1\r\nHo")
        .await
        .unwrap();
    // A whole HTTP/2 preface and SETTINGS, then no request: an idle HTTP/2 connection.
    let mut idle_h2 = connect_from(&server, [127, 0, 0, 1]).await;
    idle_h2
        .write_all(b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n\0\0\0\x04\0\0\0\0\0")
        .await
        .unwrap();
    assert_eq!(raw(&server, &http1_get("/healthz", "")).await.status, 200);
    for stream in silent.iter_mut().chain([&mut preface]) {
        assert!(closed_within(stream, Duration::from_secs(10)).await);
    }
    // The server's own SETTINGS come first, then the close.
    let mut frames = Vec::new();
    let closed =
        tokio::time::timeout(Duration::from_secs(10), idle_h2.read_to_end(&mut frames)).await;
    assert!(
        closed.is_ok() && !frames.is_empty(),
        "the idle HTTP/2 connection was not closed"
    );
    // The partial HTTP/1 head gets a 408, as problem details.
    let answer = read_reply(&mut partial, Duration::from_secs(10))
        .await
        .expect("a 408");
    answer.assert_problem_detail(408, "header timeout");
}

#[tokio::test]
async fn over_the_connection_cap_the_oldest_silent_socket_makes_room_for_a_probe() {
    let server = start_server(ServerConfig {
        max_connections: 8,
        ..ServerConfig::default()
    })
    .await;
    let mut silent = Vec::new();
    for _ in 0..30 {
        silent.push(connect_from(&server, [127, 0, 0, 1]).await);
    }
    assert_eq!(raw(&server, &http1_get("/healthz", "")).await.status, 200);
    assert_eq!(raw(&server, &http1_get("/genres", "")).await.status, 200);
    // The oldest were closed to make room.
    assert!(closed_within(&mut silent[0], Duration::from_secs(5)).await);
}

#[tokio::test]
async fn a_half_closed_http_1_0_client_gets_its_response() {
    let server = start_server(ServerConfig::default()).await;
    let mut stream = connect_from(&server, [127, 0, 0, 1]).await;
    stream
        .write_all(b"GET /healthz HTTP/1.0\r\n\r\n")
        .await
        .unwrap();
    stream.shutdown().await.unwrap();
    let answer = read_reply(&mut stream, Duration::from_secs(10))
        .await
        .expect("a response after the half-close");
    assert_eq!(answer.status, 200);
    assert_eq!(answer.json()["status"], "ok");
    // A POST with its body, then the half-close: the work is done and answered.
    let mut stream = connect_from(&server, [127, 0, 0, 1]).await;
    let body = json!({"id": "kakuro:3x3:DbAb/4.6.3.7"}).to_string();
    let request = format!(
        "POST /solve HTTP/1.0\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    );
    stream.write_all(request.as_bytes()).await.unwrap();
    stream.shutdown().await.unwrap();
    let answer = read_reply(&mut stream, Duration::from_secs(10))
        .await
        .unwrap();
    assert_eq!(answer.status, 200, "{answer:?}");
    assert_eq!(answer.json()["unique"], true);
}
