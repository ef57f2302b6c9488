//! Connections: silent ones closed from accept, the cap with room for a probe, half-close.

use std::time::Duration;

use serde_json::json;
use sumpuzzles::http::ServerConfig;
use tokio::io::{AsyncReadExt, AsyncWriteExt};

use crate::common::start_server;
use crate::common::wire::{closed_within, connect_from, http1_get, raw, raw_from, read_reply};

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

/// An HTTP/2 frame: its header (length, type, flags, stream) and payload.
pub(crate) fn h2_frame(kind: u8, flags: u8, stream: u32, payload: &[u8]) -> Vec<u8> {
    let length = (payload.len() as u32).to_be_bytes();
    let mut frame = vec![length[1], length[2], length[3], kind, flags];
    frame.extend_from_slice(&stream.to_be_bytes());
    frame.extend_from_slice(payload);
    frame
}

/// HEADERS of `GET http://x/healthz` on `stream`, ending the stream (HPACK: the static table's
/// `:method GET` and `:scheme http`, `:path` and `:authority` as literals).
pub(crate) fn h2_get_healthz(stream: u32) -> Vec<u8> {
    let mut block = vec![0x82, 0x86, 0x04, 8];
    block.extend_from_slice(b"/healthz");
    block.extend_from_slice(&[0x01, 1, b'x']);
    h2_frame(1, 0x1 | 0x4, stream, &block)
}

/// The client preface and SETTINGS, with `settings` (id, value) pairs.
pub(crate) fn h2_preface(settings: &[(u16, u32)]) -> Vec<u8> {
    let mut bytes = b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n".to_vec();
    let mut payload = Vec::new();
    for (id, value) in settings {
        payload.extend_from_slice(&id.to_be_bytes());
        payload.extend_from_slice(&value.to_be_bytes());
    }
    bytes.extend(h2_frame(4, 0, 0, &payload));
    bytes
}

/// Whether the server ends `stream` (EOF or reset) within `wait`, reading what it sends.
pub(crate) async fn ended_within(stream: &mut tokio::net::TcpStream, wait: Duration) -> bool {
    let mut sink = vec![0u8; 64 * 1024];
    let drained = async {
        loop {
            match stream.read(&mut sink).await {
                Ok(0) | Err(_) => return,
                Ok(_) => {}
            }
        }
    };
    tokio::time::timeout(wait, drained).await.is_ok()
}

#[tokio::test]
async fn http2_connections_at_a_zero_window_neither_fill_the_server_nor_stay() {
    // The pin: HTTP/2 connections that advertise a window of 0 and ask for /healthz
    // held a server full (every other client's request a 503) for as long as they liked.
    let server = start_server(ServerConfig {
        max_connections: 16,
        send_timeout: Duration::from_secs(1),
        ..ServerConfig::default()
    })
    .await;
    let mut pinned = Vec::new();
    for _ in 0..14 {
        let mut stream = connect_from(&server, [127, 0, 0, 1]).await;
        let mut request = h2_preface(&[(0x4, 0)]);
        request.extend(h2_get_healthz(1));
        stream.write_all(&request).await.unwrap();
        pinned.push(stream);
    }
    tokio::time::sleep(Duration::from_millis(200)).await;
    // One address holds its room (an eighth of the cap), not the server.
    let other = raw_from(&server, [127, 0, 0, 2], &http1_get("/genres", "")).await;
    assert_eq!(other.status, 200, "{other:?}");
    // And none of its connections stays: a response that makes no progress for the send
    // timeout ends its connection.
    for (index, stream) in pinned.iter_mut().enumerate() {
        assert!(
            ended_within(stream, Duration::from_secs(15)).await,
            "pinned connection {index} is still open"
        );
    }
}

#[tokio::test]
async fn an_http1_client_that_stops_reading_is_reset_after_the_send_timeout() {
    // Pipelined requests for the document (240 KB each) on a connection whose client reads
    // nothing: the socket fills, and the server's writes wait. Before, the connection stayed
    // open (past the idle timeout too) with megabytes parked in the kernel.
    let server = start_server(ServerConfig {
        send_timeout: Duration::from_secs(1),
        ..ServerConfig::default()
    })
    .await;
    let socket = tokio::net::TcpSocket::new_v4().unwrap();
    socket.set_recv_buffer_size(4096).unwrap();
    socket
        .bind(std::net::SocketAddr::from(([127, 0, 0, 1], 0)))
        .unwrap();
    let stream = socket.connect(server.address).await.unwrap();
    let request = "GET /openapi.json HTTP/1.1\r\nHost: x\r\n\r\n".repeat(100);
    let mut stream = stream;
    stream.write_all(request.as_bytes()).await.unwrap();
    // Without reading a byte: the server resets the connection (SO_LINGER 0), which the
    // socket reports as its pending error.
    let mut reset = false;
    for _ in 0..75 {
        tokio::time::sleep(Duration::from_millis(200)).await;
        if stream.take_error().unwrap().is_some() {
            reset = true;
            break;
        }
    }
    assert!(reset, "the connection was not reset within 15 s");
}
