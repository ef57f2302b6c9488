#![cfg(feature = "server")]
//! The contract real clients rely on, against the `sumpuzzles serve` process itself: empty and
//! `null` bodies, error details without Rust type names, drawn seeds a JavaScript number
//! holds, cache headers and conditional requests, the daily puzzle across restarts, batches
//! (order, a failing seed, a departed client), `solution=false`, `/render` in JSON, and the
//! CLI's batch.

mod common;

use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::{json, Value};

/// A `sumpuzzles serve` process on a loopback port the system chose; stopped when dropped.
struct Service {
    child: Child,
    base: String,
    /// The admin listener, where `/metrics` is.
    admin: String,
    client: reqwest::Client,
}

impl Service {
    fn start(settings: &[(&str, &str)]) -> Service {
        let mut child = Command::new(env!("CARGO_BIN_EXE_sumpuzzles"))
            .args([
                "serve",
                "--bind",
                "127.0.0.1:0",
                "--admin-bind",
                "127.0.0.1:0",
            ])
            .env("RUST_LOG", "info")
            .env("NO_COLOR", "1")
            .envs(settings.iter().copied())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("the service starts");
        let stdout = child.stdout.take().expect("stdout is piped");
        let mut lines = BufReader::new(stdout).lines();
        let field = |line: &str, name: &str| {
            let rest = line.split(name).nth(1)?;
            Some(rest.split_whitespace().next()?.to_string())
        };
        let (address, admin) = loop {
            let line = lines
                .next()
                .expect("the service says where it listens")
                .expect("a log line");
            if let Some(address) = field(&line, " address=") {
                break (
                    address,
                    field(&line, " admin=").expect("the admin listener"),
                );
            }
        };
        // Keep reading the log so that the service never blocks on a full pipe.
        std::thread::spawn(move || lines.for_each(drop));
        Service {
            child,
            base: format!("http://{address}"),
            admin: format!("http://{admin}"),
            client: reqwest::Client::new(),
        }
    }

    fn url(&self, path: &str) -> String {
        format!("{}{path}", self.base)
    }

    async fn get(&self, path: &str) -> reqwest::Response {
        self.client.get(self.url(path)).send().await.unwrap()
    }

    async fn post(
        &self,
        path: &str,
        content_type: Option<&str>,
        body: &'static [u8],
    ) -> reqwest::Response {
        let mut request = self.client.post(self.url(path)).body(body);
        if let Some(content_type) = content_type {
            request = request.header("content-type", content_type);
        }
        request.send().await.unwrap()
    }

    async fn post_json(&self, path: &str, body: &Value) -> reqwest::Response {
        self.client
            .post(self.url(path))
            .json(body)
            .send()
            .await
            .unwrap()
    }

    /// A metric's value from `/metrics` (summed over its labels).
    async fn metric(&self, name: &str) -> f64 {
        // The metrics are on the admin listener only.
        let url = format!("{}/metrics", self.admin);
        let text = self.client.get(url).send().await.unwrap().text().await;
        let text = text.unwrap();
        text.lines()
            .filter(|line| line.starts_with(name) && !line.starts_with('#'))
            .filter(|line| line[name.len()..].starts_with([' ', '{']))
            .filter_map(|line| line.rsplit(' ').next()?.parse::<f64>().ok())
            .sum()
    }
}

impl Drop for Service {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A response's status and body as JSON.
async fn json_of(response: reqwest::Response) -> (u16, Value) {
    let status = response.status().as_u16();
    let text = response.text().await.unwrap();
    let body = serde_json::from_str(&text).unwrap_or(Value::String(text));
    (status, body)
}

/// A report with its one varying field (the wall-clock time) set aside.
fn steady(mut report: Value) -> Value {
    if let Some(stats) = report.get_mut("stats") {
        stats["elapsed_ms"] = json!(0);
    }
    report
}

fn header(response: &reqwest::Response, name: &str) -> Option<String> {
    common::header_text(response.headers(), name)
}

const EXPERT_8X8: &str = "/generate?genre=kakuro&shape=8x8&level=expert";

#[tokio::test]
async fn empty_and_null_bodies_mean_no_body() {
    let service = Service::start(&[]);
    let seeded = format!("{EXPERT_8X8}&seed=3");
    let (status, expected) = json_of(service.get(&seeded).await).await;
    assert_eq!(status, 200, "{expected}");
    let bodies: [(Option<&str>, &[u8]); 7] = [
        (None, b""),
        // `curl -d ''`
        (Some("application/x-www-form-urlencoded"), b""),
        // a browser's `fetch(url, {method: "POST", body: ""})`
        (Some("text/plain;charset=UTF-8"), b""),
        (Some("application/json"), b""),
        (Some("application/json"), b"null"),
        (Some("application/json"), b" \r\n"),
        (Some("application/json"), b"{}"),
    ];
    for (content_type, body) in bodies {
        let (status, report) = json_of(service.post(&seeded, content_type, body).await).await;
        assert_eq!(status, 200, "{content_type:?} {body:?}: {report}");
        assert_eq!(report["id"], expected["id"], "{content_type:?} {body:?}");
    }
    // A JSON null body with a drawn seed, as the issue has it.
    let (status, report) = json_of(
        service
            .post(EXPERT_8X8, Some("application/json"), b"null")
            .await,
    )
    .await;
    assert_eq!(status, 200, "{report}");
    assert_eq!(report["level"], "expert");
    // A body that is there must still be JSON, and a batch reads its body the same way.
    let (status, _) = json_of(service.post(&seeded, Some("text/plain"), b"{}").await).await;
    assert_eq!(status, 415);
    let batch = "/generate/batch?genre=kakuro&shape=6x6&level=easy&seeds=1";
    for (content_type, body) in [
        (Some("text/plain;charset=UTF-8"), &b""[..]),
        (Some("application/json"), b"null"),
    ] {
        let response = service.post(batch, content_type, body).await;
        assert_eq!(response.status(), 200, "{content_type:?} {body:?}");
        assert_eq!(response.text().await.unwrap().lines().count(), 1);
    }
}

/// Words of Rust's type names that must not reach a client.
const RUST_TYPE_WORDS: [&str; 12] = [
    "struct ",
    "enum ",
    "Request",
    "Options",
    "Parameters",
    "AnswerRows",
    "Option<",
    "Vec<",
    "u64",
    "usize",
    "u32",
    "String",
];

#[tokio::test]
async fn no_error_detail_names_a_rust_type() {
    let service = Service::start(&[]);
    let id = "kakuro:3x3:DbAb/4.6.3.7";
    let bodies: Vec<(&str, Value)> = vec![
        ("/generate", json!([1])),
        ("/generate", json!("kakuro")),
        ("/generate", json!(7)),
        ("/generate", json!({"genre": 5})),
        ("/generate", json!({"genre": "kakuro", "seed": -1})),
        ("/generate", json!({"genre": "kakuro", "seed": 1.5})),
        ("/generate", json!({"genre": "kakuro", "seed": "1"})),
        ("/generate", json!({"genre": "kakuro", "solution": "no"})),
        ("/generate/batch", json!([])),
        ("/generate/batch", json!({"genre": "kakuro", "seeds": [-1]})),
        (
            "/generate/batch",
            json!({"genre": "kakuro", "seeds": "1,2"}),
        ),
        ("/generate/batch", json!({"genre": "kakuro", "count": -2})),
        ("/generate/batch", json!({"genre": "kakuro", "count": 1e12})),
        ("/solve", json!([])),
        ("/solve", json!(null)),
        ("/solve", json!({"id": id, "limit": -1})),
        ("/solve", json!({"id": id, "limit": "2"})),
        ("/solve", json!({"id": id, "budget": {}})),
        ("/check", json!({"id": id, "answer": 5})),
        ("/check", json!({"id": id, "answer": [1, 2]})),
        ("/check", json!({"id": id, "answer": ["###"], "finish": 1})),
        ("/hint", json!({"id": id, "answer": {"rows": 1}})),
        ("/render", json!({"id": id, "solution": "yes"})),
        ("/rate", json!({"genre": "kakuro", "puzzle": 5})),
        (
            "/rate",
            json!({"genre": "kakurasu", "puzzle": {"row_clues": "x"}}),
        ),
    ];
    for (path, body) in bodies {
        let (status, problem) = json_of(service.post_json(path, &body).await).await;
        assert!(
            (400..500).contains(&status),
            "{path} {body}: {status} {problem}"
        );
        let detail = problem["detail"].as_str().unwrap();
        for word in RUST_TYPE_WORDS {
            assert!(
                !detail.contains(word),
                "{path} {body}: {detail:?} names {word:?}"
            );
        }
    }
    let (_, problem) = json_of(
        service
            .post_json("/generate", &json!({"genre": "kakuro", "seed": "1"}))
            .await,
    )
    .await;
    assert!(
        problem["detail"]
            .as_str()
            .unwrap()
            .contains("seed: invalid type: string \"1\", expected a whole number"),
        "{problem}"
    );
    for query in [
        "/generate?genre=kakuro&seed=x",
        "/generate?genre=kakuro&solution=maybe",
        "/daily?genre=kakuro&date=tomorrow",
        "/daily?genre=kakuro&budget=-1",
    ] {
        let (status, problem) = json_of(service.get(query).await).await;
        assert_eq!(status, 400, "{query}: {problem}");
        let detail = problem["detail"].as_str().unwrap();
        for word in RUST_TYPE_WORDS {
            assert!(!detail.contains(word), "{query}: {detail:?} names {word:?}");
        }
    }
}

#[tokio::test]
async fn drawn_seeds_survive_a_javascript_number() {
    let service = Service::start(&[]);
    for _ in 0..20 {
        let response = service
            .get("/generate?genre=kakurasu&shape=4x4&level=easy")
            .await;
        assert_eq!(
            header(&response, "cache-control").as_deref(),
            Some("no-store")
        );
        assert_eq!(header(&response, "etag"), None);
        let (_, report) = json_of(response).await;
        let seed = report["seed"].as_u64().unwrap();
        assert!(seed < 1 << 53, "seed {seed} is beyond 2^53");
    }
}

#[tokio::test]
async fn seeded_answers_are_cacheable_and_revalidated() {
    let service = Service::start(&[]);
    let path = "/generate?genre=kakuro&shape=6x6&level=easy&seed=11";
    let first = service.get(path).await;
    assert_eq!(first.status(), 200);
    assert_eq!(
        header(&first, "cache-control").as_deref(),
        Some("public, max-age=31536000")
    );
    let etag = header(&first, "etag").unwrap();
    assert!(etag.starts_with("W/\""), "{etag}");
    // The same puzzle by POST has the same validator; another seed another one.
    let posted = service.post(path, None, b"").await;
    assert_eq!(header(&posted, "etag").as_ref(), Some(&etag));
    let other = service
        .get("/generate?genre=kakuro&shape=6x6&level=easy&seed=12")
        .await;
    assert_ne!(header(&other, "etag").as_ref(), Some(&etag));
    let bare = service.get(&format!("{path}&solution=false")).await;
    assert_ne!(header(&bare, "etag").as_ref(), Some(&etag));
    // A conditional GET that names it gets 304 and no body; a POST 412.
    let revalidated = service
        .client
        .get(service.url(path))
        .header("if-none-match", &etag)
        .send()
        .await
        .unwrap();
    assert_eq!(revalidated.status(), 304);
    assert_eq!(header(&revalidated, "etag").as_ref(), Some(&etag));
    assert!(revalidated.bytes().await.unwrap().is_empty());
    let conditional_post = service
        .client
        .post(service.url(path))
        .header("if-none-match", &etag)
        .send()
        .await
        .unwrap();
    assert_eq!(conditional_post.status(), 412);
    // A validator of another puzzle gets the puzzle.
    let stale = service
        .client
        .get(service.url(path))
        .header("if-none-match", "W/\"something-else\"")
        .send()
        .await
        .unwrap();
    assert_eq!(stale.status(), 200);
}

#[tokio::test]
async fn daily_puzzles_expire_at_midnight_or_never() {
    let service = Service::start(&[]);
    let past = service
        .get("/daily?genre=kakuro&shape=6x6&date=2024-02-29")
        .await;
    assert_eq!(past.status(), 200);
    assert_eq!(
        header(&past, "cache-control").as_deref(),
        Some("public, max-age=31536000, immutable")
    );
    let past_etag = header(&past, "etag").unwrap();
    let (_, past) = json_of(past).await;
    assert_eq!(
        (past["date"].as_str(), past["seed"].as_u64()),
        (Some("2024-02-29"), Some(20_240_229))
    );

    let before = unix_now();
    let today = service.get("/daily?genre=kakuro&shape=6x6").await;
    let after = unix_now();
    let max_age: u64 = header(&today, "cache-control")
        .unwrap()
        .strip_prefix("public, max-age=")
        .expect("today's puzzle is public with a max-age")
        .parse()
        .unwrap();
    // Fresh until the next UTC midnight, counted from when the request was answered.
    let until_midnight = |now: u64| 86_400 - now % 86_400;
    assert!(
        (until_midnight(after)..=until_midnight(before)).contains(&max_age)
            || until_midnight(after) > until_midnight(before),
        "max-age {max_age}"
    );
    let today_etag = header(&today, "etag").unwrap();
    assert_ne!(today_etag, past_etag);
    let (_, today) = json_of(today).await;
    // Today named explicitly is the same puzzle with the same validator.
    let date = today["date"].as_str().unwrap().to_string();
    let explicit = service
        .get(&format!("/daily?genre=kakuro&shape=6x6&date={date}"))
        .await;
    assert_eq!(header(&explicit, "etag").as_ref(), Some(&today_etag));
    let revalidated = service
        .client
        .get(service.url("/daily?genre=kakuro&shape=6x6&date=2024-02-29"))
        .header("if-none-match", &past_etag)
        .send()
        .await
        .unwrap();
    assert_eq!(revalidated.status(), 304);
    for outside in ["1999-12-31", "2100-01-01", "2023-02-29"] {
        let (status, problem) = json_of(
            service
                .get(&format!("/daily?genre=kakuro&date={outside}"))
                .await,
        )
        .await;
        assert_eq!(status, 422, "{outside}: {problem}");
    }
}

fn unix_now() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_secs()
}

#[tokio::test]
async fn the_same_date_gives_the_same_puzzle_across_restarts() {
    let path = "/daily?genre=kakuro&shape=7x7&level=medium&date=2025-03-14";
    let mut answers = Vec::new();
    for _ in 0..2 {
        let service = Service::start(&[]);
        let (status, daily) = json_of(service.get(path).await).await;
        assert_eq!(status, 200, "{daily}");
        let (_, generated) = json_of(
            service
                .get("/generate?genre=kakuro&shape=7x7&level=medium&seed=20250314")
                .await,
        )
        .await;
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

/// The lines of a batch answer, as JSON.
async fn batch_lines(response: reqwest::Response) -> Vec<Value> {
    assert_eq!(response.status(), 200);
    assert_eq!(
        header(&response, "content-type").as_deref(),
        Some("application/x-ndjson")
    );
    let text = response.text().await.unwrap();
    assert!(text.ends_with('\n'));
    text.lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect()
}

#[tokio::test]
async fn a_batch_answers_in_seed_order_and_goes_on_past_a_failing_seed() {
    let service = Service::start(&[]);
    let single = |seed: u64| format!("/generate?genre=kakuro&shape=7x7&level=hard&seed={seed}");
    // The budget that makes the cheapest of these seeds: the others need more and fail.
    let seeds = [9_u64, 4, 7, 1];
    let mut steps = Vec::new();
    let mut reports = Vec::new();
    for seed in seeds {
        let (_, report) = json_of(service.get(&single(seed)).await).await;
        steps.push(report["stats"]["steps"].as_u64().unwrap());
        reports.push(steady(report));
    }
    let budget = *steps.iter().min().unwrap();
    assert!(steps.iter().filter(|&&s| s == budget).count() < seeds.len());

    let body = json!({"genre": "kakuro", "shape": "7x7", "level": "hard", "seeds": seeds, "budget": budget});
    let lines = batch_lines(service.post_json("/generate/batch", &body).await).await;
    assert_eq!(lines.len(), seeds.len());
    for (index, line) in lines.into_iter().enumerate() {
        if steps[index] <= budget {
            assert_eq!(steady(line), reports[index], "seed {}", seeds[index]);
        } else {
            assert_eq!(line["seed"], seeds[index]);
            assert_eq!(line["status"], 422, "{line}");
            assert_eq!(line["type"], "/problems/budget-exhausted");
            // A generation's cost depends on its seed: the problem says to try another.
            assert!(
                line["detail"]
                    .as_str()
                    .unwrap()
                    .contains("try another seed"),
                "{line}"
            );
        }
    }

    // A count from a first seed, in the query string, without the solutions.
    let lines = batch_lines(
        service
            .post(
                "/generate/batch?genre=kakuro&shape=7x7&level=hard&count=3&seed=7&solution=false",
                None,
                b"",
            )
            .await,
    )
    .await;
    let seeds_of: Vec<u64> = lines.iter().map(|l| l["seed"].as_u64().unwrap()).collect();
    assert_eq!(seeds_of, [7, 8, 9]);
    assert_eq!(lines[0]["id"], reports[2]["id"]);
    assert!(lines.iter().all(|line| line.get("solution").is_none()));

    let (status, problem) = json_of(
        service
            .post_json("/generate/batch", &json!({"genre": "kakuro", "count": 101}))
            .await,
    )
    .await;
    assert_eq!(status, 422, "{problem}");
}

#[tokio::test]
async fn a_departed_batch_client_stops_the_work() {
    let service = Service::start(&[("SUMPUZZLES_WORKERS", "1")]);
    // A hundred large expert puzzles would keep the worker busy for a long time.
    let response = service
        .client
        .post(service.url("/generate/batch?genre=kakuro&shape=16x16&level=expert&count=100&seed=1"))
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
    let first: Value =
        serde_json::from_slice(&received[..received.iter().position(|&b| b == b'\n').unwrap()])
            .unwrap();
    assert_eq!(first["seed"], 1);
    let cancelled_before = service.metric("sumpuzzles_cancelled_total").await;
    drop(stream);
    // The job under way is cancelled and no other starts: the worker is free again.
    let start = Instant::now();
    loop {
        let cancelled = service.metric("sumpuzzles_cancelled_total").await > cancelled_before;
        if cancelled && service.metric("sumpuzzles_pool_in_use").await == 0.0 {
            break;
        }
        assert!(
            start.elapsed() < Duration::from_secs(20),
            "the batch went on after its client left"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let attempts = service.metric("sumpuzzles_generation_attempts_total").await;
    tokio::time::sleep(Duration::from_millis(500)).await;
    assert_eq!(
        service.metric("sumpuzzles_generation_attempts_total").await,
        attempts,
        "puzzles were still made after the client left"
    );
}

#[tokio::test]
async fn without_the_solution_no_genre_gives_it_away() {
    let service = Service::start(&[]);
    let (_, genres) = json_of(service.get("/genres").await).await;
    for genre in genres.as_array().unwrap() {
        let name = genre["name"].as_str().unwrap();
        let shape = genre["default_shape"].as_str().unwrap();
        let query = format!("genre={name}&shape={shape}&level=easy&solution=false");
        let (status, generated) =
            json_of(service.get(&format!("/generate?{query}&seed=2")).await).await;
        assert_eq!(status, 200, "{generated}");
        let (status, daily) = json_of(service.get(&format!("/daily?{query}")).await).await;
        assert_eq!(status, 200, "{daily}");
        let batch = batch_lines(
            service
                .post(&format!("/generate/batch?{query}&seeds=2"), None, b"")
                .await,
        )
        .await;
        assert_eq!(steady(batch[0].clone()), steady(generated.clone()));
        for report in [&generated, &daily] {
            for field in ["solution", "letters", "encrypted"] {
                assert!(report.get(field).is_none(), "{name}: {field} is there");
            }
            assert_eq!(report["rating"]["deductions"], json!([]), "{name}");
            assert!(!report["rating"]["techniques"]
                .as_object()
                .unwrap()
                .is_empty());
        }
        // The default includes it.
        let (_, full) = json_of(
            service
                .get(&format!(
                    "/generate?genre={name}&shape={shape}&level=easy&seed=2"
                ))
                .await,
        )
        .await;
        assert!(full["solution"].is_array(), "{name}");
        assert_eq!(full["id"], generated["id"]);
    }
}

#[tokio::test]
async fn render_answers_json_to_a_client_that_asks_for_it() {
    let service = Service::start(&[]);
    let body = json!({"id": "kakuro:3x3:DbAb/4.6.3.7", "solution": true});
    let svg = service.post_json("/render", &body).await;
    assert_eq!(
        header(&svg, "content-type").as_deref(),
        Some("image/svg+xml")
    );
    let svg = svg.text().await.unwrap();
    let json = service
        .client
        .post(service.url("/render"))
        .header("accept", "application/json")
        .json(&body)
        .send()
        .await
        .unwrap();
    assert_eq!(
        header(&json, "content-type").as_deref(),
        Some("application/json")
    );
    let (_, report) = json_of(json).await;
    assert_eq!(report["svg"].as_str(), Some(svg.as_str()));
}

#[test]
fn the_cli_writes_a_batch_line_per_seed() {
    let run = |args: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_sumpuzzles"))
            .args(args)
            .output()
            .expect("the command runs")
    };
    let output = run(&[
        "generate", "--genre", "kakuro", "--shape", "6x6", "--level", "easy", "--count", "3",
        "--seed", "5",
    ]);
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let lines: Vec<Value> = String::from_utf8(output.stdout)
        .unwrap()
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    assert_eq!(lines.len(), 3);
    for (line, seed) in lines.iter().zip(5..) {
        let single = run(&[
            "generate",
            "--genre",
            "kakuro",
            "--shape",
            "6x6",
            "--level",
            "easy",
            "--seed",
            &seed.to_string(),
        ]);
        let single: Value = serde_json::from_slice(&single.stdout).unwrap();
        assert_eq!(steady(line.clone()), steady(single), "seed {seed}");
    }
    // A shape that cannot hold the level: each seed's line is its problem, and the command fails.
    let output = run(&[
        "generate", "--genre", "kakurasu", "--shape", "4x4", "--level", "expert", "--seeds", "1,2",
    ]);
    assert!(!output.status.success());
    let lines: Vec<Value> = String::from_utf8(output.stdout)
        .unwrap()
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    assert_eq!(
        lines.iter().map(|l| l["seed"].clone()).collect::<Vec<_>>(),
        [json!(1), json!(2)]
    );
    assert!(lines.iter().all(|line| line["status"] == 422));
}
