//! HTTP/1 by hand over TCP, for the tests of what a connection carries: requests written as
//! bytes (a malformed head, a slow body, a half-close), from a chosen loopback address (another
//! address is another client), and the response read off the socket into a [`Reply`].

use std::net::SocketAddr;
use std::time::Duration;

use axum::http::{HeaderMap, HeaderName, HeaderValue};
use serde_json::Value;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpSocket, TcpStream};

use super::{Reply, RunningServer};

/// Connects to `server` from `from` (another loopback address is another client).
pub async fn connect_from(server: &RunningServer, from: [u8; 4]) -> TcpStream {
    let socket = TcpSocket::new_v4().unwrap();
    socket.bind(SocketAddr::from((from, 0))).unwrap();
    socket.connect(server.address).await.unwrap()
}

/// Reads one response (the connection is then closed by us); `None` if nothing came within
/// `wait`.
pub async fn read_reply(stream: &mut TcpStream, wait: Duration) -> Option<Reply> {
    let mut data = Vec::new();
    let mut chunk = [0u8; 16384];
    let read = async {
        loop {
            let n = stream.read(&mut chunk).await.unwrap_or(0);
            if n == 0 {
                break;
            }
            data.extend_from_slice(&chunk[..n]);
            if let Some(end) = data.windows(4).position(|w| w == b"\r\n\r\n") {
                let head = String::from_utf8_lossy(&data[..end]).to_string();
                let length = head
                    .lines()
                    .find_map(|l| {
                        let (k, v) = l.split_once(':')?;
                        k.eq_ignore_ascii_case("content-length")
                            .then(|| v.trim().parse::<usize>().ok())?
                    })
                    .unwrap_or(0);
                if data.len() >= end + 4 + length {
                    break;
                }
            }
        }
    };
    tokio::time::timeout(wait, read).await.ok()?;
    let end = data.windows(4).position(|w| w == b"\r\n\r\n")?;
    let head = String::from_utf8_lossy(&data[..end]).to_string();
    let mut lines = head.lines();
    let status = lines.next()?.split_whitespace().nth(1)?.parse().ok()?;
    let mut headers = HeaderMap::new();
    for line in lines {
        let (name, value) = line.split_once(':')?;
        headers.append(
            HeaderName::from_bytes(name.trim().as_bytes()).ok()?,
            HeaderValue::from_bytes(value.trim().as_bytes()).ok()?,
        );
    }
    Some(Reply {
        status,
        headers,
        body: data[end + 4..].to_vec(),
    })
}

/// Sends raw bytes from 127.0.0.1 and reads the reply.
pub async fn raw(server: &RunningServer, request: &[u8]) -> Reply {
    raw_from(server, [127, 0, 0, 1], request).await
}

/// Sends raw bytes from `from` and reads the reply.
pub async fn raw_from(server: &RunningServer, from: [u8; 4], request: &[u8]) -> Reply {
    let mut stream = connect_from(server, from).await;
    stream.write_all(request).await.unwrap();
    read_reply(&mut stream, Duration::from_secs(20))
        .await
        .expect("an answer")
}

/// An HTTP/1.1 POST of `body` as JSON that closes its connection, with `extra` header lines
/// (each ending in `\r\n`).
pub fn http1_post(path: &str, body: &Value, extra: &str) -> Vec<u8> {
    let body = body.to_string();
    format!(
        "POST {path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n{extra}\r\n{body}",
        body.len()
    )
    .into_bytes()
}

/// An HTTP/1.1 GET that closes its connection, with `extra` header lines.
pub fn http1_get(path: &str, extra: &str) -> Vec<u8> {
    format!("GET {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n{extra}\r\n").into_bytes()
}

/// Whether the server closes `stream` (EOF or reset) within `wait`.
pub async fn closed_within(stream: &mut TcpStream, wait: Duration) -> bool {
    let mut byte = [0u8; 1];
    matches!(
        tokio::time::timeout(wait, stream.read(&mut byte)).await,
        Ok(Ok(0) | Err(_))
    )
}
