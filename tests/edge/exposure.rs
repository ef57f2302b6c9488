//! Logs and exposure, over real sockets: request ids checked, the metrics on the admin
//! listener only, the documentation fenced.

use std::net::SocketAddr;
use std::time::Duration;

use sumpuzzles::http::ServerConfig;
use tokio::io::AsyncWriteExt;
use tokio::net::TcpStream;

use crate::common::start_server;
use crate::common::wire::{http1_get, raw, read_reply};

#[tokio::test]
async fn request_ids_are_checked_metrics_are_off_the_public_port_and_docs_are_fenced() {
    let server = start_server(ServerConfig {
        admin_bind: Some(SocketAddr::from(([127, 0, 0, 1], 0))),
        ..ServerConfig::default()
    })
    .await;
    let admin_address = server.admin.unwrap();
    let kept = raw(&server, &http1_get("/healthz", "X-Request-Id: abc-123\r\n")).await;
    assert_eq!(kept.header("x-request-id").as_deref(), Some("abc-123"));
    let replaced = raw(
        &server,
        &http1_get("/healthz", "X-Request-Id: <script>alert(1)</script>\r\n"),
    )
    .await;
    let id = replaced.header("x-request-id").unwrap();
    assert!(!id.contains('<') && !id.is_empty(), "{id}");
    raw(&server, &http1_get("/metrics", ""))
        .await
        .assert_problem(404, "not-found");
    let mut stream = TcpStream::connect(admin_address).await.unwrap();
    stream.write_all(&http1_get("/metrics", "")).await.unwrap();
    let metrics = read_reply(&mut stream, Duration::from_secs(10))
        .await
        .unwrap();
    assert_eq!(metrics.status, 200);
    assert!(metrics.header("access-control-allow-origin").is_none());
    assert!(metrics.text().contains("sumpuzzles_http_requests_total"));
    let docs = raw(&server, &http1_get("/docs/", "")).await;
    assert_eq!(docs.status, 200);
    let csp = docs.header("content-security-policy").unwrap();
    assert!(
        csp.contains("default-src 'none'") && csp.contains("frame-ancestors 'none'"),
        "{csp}"
    );
    assert_eq!(
        docs.header("x-content-type-options").as_deref(),
        Some("nosniff")
    );
    assert_eq!(docs.header("x-frame-options").as_deref(), Some("DENY"));
}
