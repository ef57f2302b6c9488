#![cfg(feature = "server")]
//! The public edge, over real sockets on loopback: connection bounds, per-client fairness,
//! bounded cost, answers for every failure (hyper's own included), strict parsing, logs and
//! exposure, API keys. Named after the findings of issue 18 they pin down.

mod common;

use std::net::SocketAddr;
use std::time::Duration;

use serde_json::{json, Value};
use sumpuzzles::http::clients::{ApiKeys, KeyEntry};
use sumpuzzles::http::ServerConfig;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpSocket, TcpStream};

/// The dense 9x9 Kakuro of the issue: down sums total 323, across sums 324, so no solution.
/// It was this file's worst case until the solver learnt to add up the sums of a connected
/// part (issue 19); now it is refuted at once.
fn dense_grid() -> Vec<String> {
    let mut rows = vec!["# 44/ 43/ 42/ 41/ 40/ 39/ 38/ 36/".to_string()];
    for across in (37..=44).rev() {
        rows.push(format!("/{across} . . . . . . . ."));
    }
    rows
}

/// A worst-case Kakuro: a random 24x24 grid (runs of up to 5 cells, 26% blocks) with the sums
/// of its fill, one across and one down sum then raised by one (the totals still agree). No
/// solution, and the exact solver does not finish within 3,000,000 steps (0.5 s), more than
/// the default budget.
fn heavy_grid() -> Value {
    use sumpuzzles::genres::kakuro::generate::adversarial::{change_sums, SumChange};
    use sumpuzzles::genres::kakuro::generate::random_grid::{random_filled_grid, RandomGridStyle};
    use sumpuzzles::{SeededRng, Shape};
    let style = RandomGridStyle {
        run_limit: 5,
        block_percent: 26,
        noise: 7,
    };
    let mut rng = SeededRng::new(0, 0xE0 ^ (24 << 8));
    let (filled, _) = random_filled_grid(Shape::new(24, 24), style, &mut rng).unwrap();
    let puzzle = change_sums(&filled, SumChange::Raised, &mut rng).unwrap();
    sumpuzzles::genres::kakuro::format::to_json(&puzzle)
}

/// The heavy grid's rows with every white cell empty, as a player's answer.
fn blank_answer(puzzle: &Value) -> Vec<String> {
    puzzle["grid"]
        .as_array()
        .unwrap()
        .iter()
        .map(|row| {
            row.as_str()
                .unwrap()
                .split(' ')
                .map(|cell| if cell == "." { '.' } else { '#' })
                .collect()
        })
        .collect()
}

type Server = common::RunningServer;

async fn start(config: ServerConfig) -> Server {
    common::start_server(config).await
}

/// A response as read off the socket.
#[derive(Debug)]
struct Answer {
    status: u16,
    head: String,
    body: Vec<u8>,
}

impl Answer {
    fn header(&self, name: &str) -> Option<String> {
        self.head.lines().find_map(|line| {
            let (key, value) = line.split_once(':')?;
            key.trim()
                .eq_ignore_ascii_case(name)
                .then(|| value.trim().to_string())
        })
    }

    fn json(&self) -> Value {
        serde_json::from_slice(&self.body).unwrap_or(Value::Null)
    }

    /// Problem details with this status, whose detail mentions `needle`.
    fn assert_problem(&self, status: u16, needle: &str) {
        assert_eq!(self.status, status, "{self:?}");
        assert_eq!(
            self.header("content-type").as_deref(),
            Some("application/problem+json"),
            "{self:?}"
        );
        let body = self.json();
        assert_eq!(body["status"], status, "{body}");
        let text = body.to_string();
        assert!(text.contains(needle), "{text} lacks {needle:?}");
    }
}

/// Connects from `from` (another loopback address is another client).
async fn connect_from(server: &Server, from: [u8; 4]) -> TcpStream {
    let socket = TcpSocket::new_v4().unwrap();
    socket.bind(SocketAddr::from((from, 0))).unwrap();
    socket.connect(server.address).await.unwrap()
}

/// Reads one response (the connection is then closed by us); `None` if nothing came within
/// `wait`.
async fn read_answer(stream: &mut TcpStream, wait: Duration) -> Option<Answer> {
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
    let status = head.split_whitespace().nth(1)?.parse().ok()?;
    Some(Answer {
        status,
        head,
        body: data[end + 4..].to_vec(),
    })
}

/// Sends raw bytes from 127.0.0.1 and reads the answer.
async fn raw(server: &Server, request: &[u8]) -> Answer {
    raw_from(server, [127, 0, 0, 1], request).await
}

async fn raw_from(server: &Server, from: [u8; 4], request: &[u8]) -> Answer {
    let mut stream = connect_from(server, from).await;
    stream.write_all(request).await.unwrap();
    read_answer(&mut stream, Duration::from_secs(20))
        .await
        .expect("an answer")
}

fn post(path: &str, body: &Value, extra: &str) -> Vec<u8> {
    let body = body.to_string();
    format!(
        "POST {path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n{extra}\r\n{body}",
        body.len()
    )
    .into_bytes()
}

fn get(path: &str, extra: &str) -> Vec<u8> {
    format!("GET {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n{extra}\r\n").into_bytes()
}

/// Whether the server closes `stream` (EOF or reset) within `wait`.
async fn closed_within(stream: &mut TcpStream, wait: Duration) -> bool {
    let mut byte = [0u8; 1];
    matches!(
        tokio::time::timeout(wait, stream.read(&mut byte)).await,
        Ok(Ok(0) | Err(_))
    )
}

// ---------------------------------------------------------------- 1. connections

#[tokio::test]
async fn silent_connections_are_closed_from_accept_while_health_answers() {
    let server = start(ServerConfig {
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
    assert_eq!(raw(&server, &get("/healthz", "")).await.status, 200);
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
    let answer = read_answer(&mut partial, Duration::from_secs(10))
        .await
        .expect("a 408");
    answer.assert_problem(408, "header timeout");
}

#[tokio::test]
async fn over_the_connection_cap_the_oldest_silent_socket_makes_room_for_a_probe() {
    let server = start(ServerConfig {
        max_connections: 8,
        ..ServerConfig::default()
    })
    .await;
    let mut silent = Vec::new();
    for _ in 0..30 {
        silent.push(connect_from(&server, [127, 0, 0, 1]).await);
    }
    assert_eq!(raw(&server, &get("/healthz", "")).await.status, 200);
    assert_eq!(raw(&server, &get("/genres", "")).await.status, 200);
    // The oldest were closed to make room.
    assert!(closed_within(&mut silent[0], Duration::from_secs(5)).await);
}

#[tokio::test]
async fn a_half_closed_http_1_0_client_gets_its_response() {
    let server = start(ServerConfig::default()).await;
    let mut stream = connect_from(&server, [127, 0, 0, 1]).await;
    stream
        .write_all(b"GET /healthz HTTP/1.0\r\n\r\n")
        .await
        .unwrap();
    stream.shutdown().await.unwrap();
    let answer = read_answer(&mut stream, Duration::from_secs(10))
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
    let answer = read_answer(&mut stream, Duration::from_secs(10))
        .await
        .unwrap();
    assert_eq!(answer.status, 200, "{answer:?}");
    assert_eq!(answer.json()["unique"], true);
}

// ---------------------------------------------------------------- 2. fairness

/// A heavy request that holds its client's slot: the heavy grid under a large budget, on a
/// keep-alive connection (closing it cancels the work).
fn hold_a_slot() -> Vec<u8> {
    let body = json!({"genre": "kakuro", "puzzle": heavy_grid()}).to_string();
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
    let server = start(config).await;
    let mut flood = connect_from(&server, [127, 0, 0, 1]).await;
    flood.write_all(&hold_a_slot()).await.unwrap();
    let small = post("/solve", &json!({"id": "kakuro:3x3:DbAb/4.6.3.7"}), "");
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
    let server = start(config).await;
    let statuses: Vec<u16> = {
        let mut statuses = Vec::new();
        for _ in 0..4 {
            statuses.push(raw(&server, &get("/genres", "")).await.status);
        }
        statuses
    };
    assert_eq!(&statuses[..2], &[200, 200]);
    assert!(statuses[2..].contains(&429), "{statuses:?}");
    let limited = raw(&server, &get("/genres", "")).await;
    limited.assert_problem(429, "rate-limited");
    assert!(limited.header("retry-after").is_some());
    // Probes are never limited; another client has its own rate.
    assert_eq!(raw(&server, &get("/healthz", "")).await.status, 200);
    assert_eq!(
        raw_from(&server, [127, 0, 0, 3], &get("/genres", ""))
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
    let server = start(config).await;
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
        let answer = raw_from(&server, peer, &get("/genres", &header)).await;
        assert_eq!(answer.status, status, "{peer:?} forwarding {forwarded}");
    }
}

// ---------------------------------------------------------------- 3. bounded cost

#[tokio::test]
async fn the_dense_grid_of_issue_19_is_refuted_within_the_budget() {
    let server = start(ServerConfig::default()).await;
    let body = json!({"genre": "kakuro", "puzzle": {"grid": dense_grid()}});
    let answer = raw(&server, &post("/solve", &body, "")).await;
    assert_eq!(answer.status, 200, "{answer:?}");
    let report = answer.json();
    assert_eq!(report["count"], 0, "{report}");
    assert_eq!(report["complete"], true, "{report}");
    assert!(report["steps"].as_u64().unwrap() < 1_000, "{report}");
}

#[tokio::test]
async fn the_heavy_grid_runs_out_of_budget_with_a_422_that_says_how_far_it_got() {
    let server = start(ServerConfig::default()).await;
    let body = json!({"genre": "kakuro", "puzzle": heavy_grid()});
    let answer = raw(&server, &post("/solve", &body, "")).await;
    answer.assert_problem(422, "budget-exhausted");
    let problem = answer.json();
    assert_eq!(problem["budget"], sumpuzzles::ops::DEFAULT_BUDGET);
    assert_eq!(problem["steps"], sumpuzzles::ops::DEFAULT_BUDGET);
    assert_eq!(problem["stage"], "solving");
    // A request may ask for less, never for more.
    let mut less = body.clone();
    less["budget"] = json!(1000);
    assert_eq!(
        raw(&server, &post("/solve", &less, "")).await.json()["budget"],
        1000
    );
    let mut more = body.clone();
    more["budget"] = json!(1_000_000_000_000u64);
    assert_eq!(
        raw(&server, &post("/solve", &more, "")).await.json()["budget"],
        sumpuzzles::ops::DEFAULT_BUDGET
    );
    // A hint runs out the same way, saying what it was doing.
    let puzzle = heavy_grid();
    let answer = blank_answer(&puzzle);
    let hint = json!({"genre": "kakuro", "puzzle": puzzle, "answer": answer});
    let hinted = raw(&server, &post("/hint", &hint, "")).await;
    hinted.assert_problem(422, "budget-exhausted");
    assert_eq!(hinted.json()["stage"], "finding the solution");
}

#[tokio::test]
async fn rate_refutes_an_unsolvable_puzzle_with_the_solver_first() {
    let server = start(ServerConfig::default()).await;
    let letters = |sum: u32| -> String {
        sum.to_string()
            .bytes()
            .map(|d| char::from(b'A' + d - b'0'))
            .collect()
    };
    let mut grid = vec![format!(
        "# {}",
        [44, 43, 42, 41, 40, 39, 38, 36]
            .map(|s| format!("{}/", letters(s)))
            .join(" ")
    )];
    for across in (37..=44).rev() {
        grid.push(format!("/{} . . . . . . . .", letters(across)));
    }
    let body = json!({"genre": "kakuro-cryptic", "puzzle": {"grid": grid}});
    let answer = raw(&server, &post("/rate", &body, "")).await;
    answer.assert_problem(422, "has no solution");
}

// ---------------------------------------------------------------- 4. memory

#[tokio::test]
async fn a_body_of_a_million_values_is_refused_while_it_is_read() {
    let server = start(ServerConfig::default()).await;
    let values = "0,".repeat(400_000);
    let body = format!("{{\"genre\":\"kakuro\",\"puzzle\":{{\"grid\":[{values}0]}}}}");
    let request = format!(
        "POST /solve HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    raw(&server, request.as_bytes())
        .await
        .assert_problem(400, "more than 8192 JSON values");
}

// ---------------------------------------------------------------- 5. right answers

#[tokio::test]
async fn every_failure_is_an_answer_with_problem_details() {
    let server = start(ServerConfig {
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
    .assert_problem(413, "the limit is 1048576 bytes");
    // A slow upload: 408.
    raw(
        &server,
        b"POST /solve HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{\"id\":",
    )
    .await
    .assert_problem(408, "body timeout");
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
    raw(&server, &get(&long, ""))
        .await
        .assert_problem(414, "uri-too-long");
    // Beyond what hyper reads of a head, hyper answers itself (431: the head is too large).
    let huge = format!("/generate?genre=kakuro&x={}", "a".repeat(70_000));
    let answer = raw(&server, &get(&huge, "")).await;
    assert!([414, 431].contains(&answer.status), "{answer:?}");
    answer.assert_problem(answer.status, "too");
    let big_header = format!("X-Big: {}\r\n", "b".repeat(70_000));
    raw(&server, &get("/healthz", &big_header))
        .await
        .assert_problem(431, "headers-too-large");
    let many: String = (0..120).map(|i| format!("X-H{i}: v\r\n")).collect();
    raw(&server, &get("/healthz", &many))
        .await
        .assert_problem(431, "headers-too-large");
    // An unknown path under /docs/, and one elsewhere.
    raw(&server, &get("/docs/nothing-here.js", ""))
        .await
        .assert_problem(404, "not-found");
    raw(&server, &get("/nowhere", ""))
        .await
        .assert_problem(404, "not-found");
}

#[tokio::test]
async fn a_client_that_writes_a_whole_large_body_before_reading_reads_the_413() {
    let server = start(ServerConfig::default()).await;
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
    read_answer(&mut stream, Duration::from_secs(20))
        .await
        .expect("the 413 is readable")
        .assert_problem(413, "too-large");
}

// ---------------------------------------------------------------- 6. strict parsing

#[tokio::test]
async fn puzzle_objects_and_parameters_are_read_strictly() {
    let server = start(ServerConfig::default()).await;
    let kakurasu = |puzzle: &str| {
        let body = format!("{{\"genre\": \"kakurasu\", \"puzzle\": {puzzle}}}");
        format!(
            "POST /solve HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
            body.len()
        )
    };
    raw(
        &server,
        kakurasu(r#"{"row_clues":[1],"col_clues":[1],"row_clues":[0]}"#).as_bytes(),
    )
    .await
    .assert_problem(400, "duplicate key `row_clues`");
    raw(
        &server,
        kakurasu(r#"{"row_clues":[1],"col_clues":[1],"rowclues":[0]}"#).as_bytes(),
    )
    .await
    .assert_problem(400, "unknown key \\\"rowclues\\\"");
    raw(
        &server,
        &post(
            "/solve",
            &json!({"genre": "kakuro", "puzzle": {"grid": ["# 4/", "/4 ."], "size": 2}}),
            "",
        ),
    )
    .await
    .assert_problem(400, "unknown key \\\"size\\\"");
    raw(
        &server,
        &post(
            "/solve",
            &json!({"genre": "kakuro", "puzzle": ["# 4/"]}),
            "",
        ),
    )
    .await
    .assert_problem(400, "must be a JSON object");
    // A positional array as the body.
    raw(&server, &post("/generate", &json!(["kakuro", "8x8"]), ""))
        .await
        .assert_problem(400, "must be a JSON object");
    for shape in ["8X8", "+8x+8", "%208x8%20", "08x0008"] {
        raw(
            &server,
            &get(&format!("/generate?genre=kakuro&shape={shape}"), ""),
        )
        .await
        .assert_problem(422, "should be <rows>x<cols>");
    }
    raw(&server, &get("/generate?genre=kakuro&level=EXPERT", ""))
        .await
        .assert_problem(422, "unknown level 'EXPERT'");
    raw(&server, &get("/generate?genre=KAKURO", ""))
        .await
        .assert_problem(422, "unknown genre 'KAKURO'");
    raw(&server, &get("/generate?genre=kakuro&budget=0", ""))
        .await
        .assert_problem(422, "`budget` must be 1 to");
    raw(
        &server,
        &post(
            "/solve",
            &json!({"id": "kakuro:3x3:DbAb/4.6.3.7", "budget": 0}),
            "",
        ),
    )
    .await
    .assert_problem(422, "`budget` must be 1 to");
    raw(
        &server,
        &post(
            "/solve",
            &json!({"id": "kakuro:3x3:DbAb/4.6.3.7"}),
            "Content-Encoding: gzip\r\n",
        ),
    )
    .await
    .assert_problem(415, "Content-Encoding");
}

// ---------------------------------------------------------------- 7. logs and exposure

#[tokio::test]
async fn request_ids_are_checked_metrics_are_off_the_public_port_and_docs_are_fenced() {
    let server = start(ServerConfig {
        admin_bind: Some(SocketAddr::from(([127, 0, 0, 1], 0))),
        ..ServerConfig::default()
    })
    .await;
    let admin_address = server.admin.unwrap();
    let kept = raw(&server, &get("/healthz", "X-Request-Id: abc-123\r\n")).await;
    assert_eq!(kept.header("x-request-id").as_deref(), Some("abc-123"));
    let replaced = raw(
        &server,
        &get("/healthz", "X-Request-Id: <script>alert(1)</script>\r\n"),
    )
    .await;
    let id = replaced.header("x-request-id").unwrap();
    assert!(!id.contains('<') && !id.is_empty(), "{id}");
    raw(&server, &get("/metrics", ""))
        .await
        .assert_problem(404, "not-found");
    let mut stream = TcpStream::connect(admin_address).await.unwrap();
    stream.write_all(&get("/metrics", "")).await.unwrap();
    let metrics = read_answer(&mut stream, Duration::from_secs(10))
        .await
        .unwrap();
    assert_eq!(metrics.status, 200);
    assert!(metrics.header("access-control-allow-origin").is_none());
    assert!(String::from_utf8_lossy(&metrics.body).contains("sumpuzzles_http_requests_total"));
    let docs = raw(&server, &get("/docs/", "")).await;
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

// ---------------------------------------------------------------- API keys

#[tokio::test]
async fn api_keys_when_required_and_their_allowance() {
    let server = start(ServerConfig {
        api_keys: ApiKeys {
            entries: vec![KeyEntry {
                key: "publisher-0123456789".into(),
                name: "publisher".into(),
                rate: Some(100),
                burst: None,
                budget: Some(5_000),
                generate_budget: None,
                concurrency: None,
            }],
            required: true,
        },
        ..ServerConfig::default()
    })
    .await;
    let solve = json!({"id": "kakuro:3x3:DbAb/4.6.3.7"});
    let missing = raw(&server, &post("/solve", &solve, "")).await;
    missing.assert_problem(401, "API key");
    assert_eq!(
        missing.header("www-authenticate").as_deref(),
        Some("Bearer")
    );
    raw(
        &server,
        &post("/solve", &solve, "X-API-Key: not-a-key-we-know\r\n"),
    )
    .await
    .assert_problem(403, "not one this server knows");
    let bearer = "Authorization: Bearer publisher-0123456789\r\n";
    assert_eq!(
        raw(&server, &post("/solve", &solve, bearer)).await.status,
        200
    );
    // The key's budget is its allowance.
    let heavy = json!({"genre": "kakuro", "puzzle": heavy_grid()});
    let answer = raw(&server, &post("/solve", &heavy, bearer)).await;
    assert_eq!(answer.json()["budget"], 5_000, "{answer:?}");
    // The service endpoints need no key.
    assert_eq!(raw(&server, &get("/genres", "")).await.status, 200);
}
