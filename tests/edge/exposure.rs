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

#[tokio::test]
async fn generated_request_ids_do_not_count_requests() {
    let server = crate::common::Client::default_app();
    let mut ids = Vec::new();
    for _ in 0..8 {
        let id = server.get("/genres").await.header("x-request-id").unwrap();
        // 128 bits in hex, with no counter in them.
        assert!(
            id.len() == 32 && id.bytes().all(|b| b.is_ascii_hexdigit()),
            "{id}"
        );
        ids.push(u128::from_str_radix(&id, 16).unwrap());
    }
    let steps: Vec<u128> = ids.windows(2).map(|w| w[1].wrapping_sub(w[0])).collect();
    assert!(
        steps.iter().any(|&step| step != steps[0]),
        "ids that go up in steps: {ids:x?}"
    );
    ids.sort_unstable();
    ids.dedup();
    assert_eq!(ids.len(), 8);
}

#[tokio::test]
async fn a_batchs_latency_is_recorded_when_its_last_line_is_sent() {
    // A batch that takes a while after its head: its latency in the histogram is the whole
    // batch's. Other tests' batches may add to the sum, never take from it.
    let state = sumpuzzles::http::AppState::new(ServerConfig::default());
    let api = crate::common::Client::of_state(state.clone());
    let admin = crate::common::Client::admin_of_state(state);
    let sum = "sumpuzzles_http_request_duration_seconds_sum";
    let route = "route=\"/generate/batch\"";
    let before = admin.metric(sum, route).await;
    let started = std::time::Instant::now();
    let answer = api
        .post("/generate/batch?genre=kakuro&shape=12x12&level=hard&count=6&seed=7")
        .body(None, "")
        .await;
    let took = started.elapsed().as_secs_f64();
    assert_eq!(answer.status, 200, "{answer}");
    let recorded = admin.metric(sum, route).await - before;
    assert!(
        recorded >= took / 2.0,
        "the batch took {took:.3} s; its latency recorded {recorded:.3} s"
    );
}

#[tokio::test]
async fn a_flood_of_http2_stream_resets_is_counted_not_written_line_by_line() {
    // The flood: connections that each open 21 streams to /healthz and reset them at
    // once, so that h2 warns (`recv_reset; remotely-reset pending-accept streams reached
    // limit`) and closes; 44,302 such connections wrote 5.7 MB of log in 15 s.
    let service = crate::common::Process::start(&[("SUMPUZZLES_POOLS", "off")]);
    let address = service
        .api
        .url("")
        .trim_start_matches("http://")
        .trim_end_matches('/')
        .to_string();
    let warnings = "sumpuzzles_protocol_warnings_total";
    let before = service.admin.metric(warnings, "").await;
    let logged = service.log_bytes.load(std::sync::atomic::Ordering::SeqCst);
    let mut flood = crate::connections::h2_preface(&[]);
    for stream in (1..=41u32).step_by(2) {
        flood.extend(crate::connections::h2_get_healthz(stream));
        // RST_STREAM with CANCEL.
        flood.extend(crate::connections::h2_frame(
            3,
            0,
            stream,
            &8u32.to_be_bytes(),
        ));
    }
    let connections = 300;
    for _ in 0..connections {
        let mut stream = TcpStream::connect(&address).await.unwrap();
        stream.write_all(&flood).await.unwrap();
        // The server sends GOAWAY and closes.
        assert!(
            crate::connections::ended_within(&mut stream, Duration::from_secs(10)).await,
            "the server did not close the connection"
        );
    }
    let counted = service.admin.metric(warnings, "").await - before;
    let written = service.log_bytes.load(std::sync::atomic::Ordering::SeqCst) - logged;
    assert!(
        counted >= f64::from(connections) * 0.9,
        "{counted} warnings counted for {connections} connections"
    );
    // At most a few summary lines (one per 10 s), where each connection wrote a line before.
    assert!(
        written < 2_000,
        "{written} bytes of log for {counted} warnings"
    );
}
