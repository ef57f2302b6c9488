#![cfg(feature = "server")]
//! The HTTP service end to end: a real server on an ephemeral port, called with reqwest.

mod common;

use std::time::Duration;

use serde_json::{json, Value};
use sumpuzzles::http::ServerConfig;

struct Server {
    base: String,
    client: reqwest::Client,
    _running: common::RunningServer,
}

async fn start(config: ServerConfig) -> Server {
    let running = common::start_server(config).await;
    Server {
        base: format!("http://{}", running.address),
        client: reqwest::Client::new(),
        _running: running,
    }
}

async fn default_server() -> Server {
    start(ServerConfig::default()).await
}

impl Server {
    async fn post(&self, path: &str, body: Value) -> (u16, String, Value) {
        let response = self
            .client
            .post(format!("{}{path}", self.base))
            .json(&body)
            .send()
            .await
            .unwrap();
        decode(response).await
    }

    async fn post_raw(
        &self,
        path: &str,
        content_type: Option<&str>,
        body: Vec<u8>,
    ) -> (u16, String, Value) {
        let mut request = self.client.post(format!("{}{path}", self.base)).body(body);
        if let Some(content_type) = content_type {
            request = request.header("content-type", content_type);
        }
        decode(request.send().await.unwrap()).await
    }

    async fn get(&self, path: &str) -> (u16, String, Value) {
        decode(
            self.client
                .get(format!("{}{path}", self.base))
                .send()
                .await
                .unwrap(),
        )
        .await
    }
}

async fn decode(response: reqwest::Response) -> (u16, String, Value) {
    let status = response.status().as_u16();
    let content_type = common::header_text(response.headers(), "content-type").unwrap_or_default();
    let text = response.text().await.unwrap();
    let value = serde_json::from_str(&text).unwrap_or(Value::String(text));
    (status, content_type, value)
}

/// A 4xx problem+json with the given status, whose detail mentions `needle`.
fn assert_problem(result: (u16, String, Value), status: u16, needle: &str) {
    let (got, content_type, body) = result;
    assert_eq!(got, status, "{body}");
    assert_eq!(content_type, "application/problem+json", "{body}");
    assert_eq!(body["status"], status);
    assert!(body["type"].as_str().unwrap().starts_with("/problems/"));
    assert!(body["title"].is_string());
    let detail = body["detail"].as_str().unwrap();
    assert!(
        detail.contains(needle),
        "detail {detail:?} lacks {needle:?}"
    );
}

#[tokio::test]
async fn generate_returns_a_unique_puzzle_at_the_level() {
    let server = default_server().await;
    let (status, _, body) = server
        .post(
            "/generate?genre=kakuro&shape=8x8&level=hard&seed=5",
            json!({}),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    for field in [
        "genre",
        "id",
        "puzzle",
        "text",
        "solution",
        "level",
        "seed",
        "generator_version",
        "rating",
        "stats",
    ] {
        assert!(!body[field].is_null(), "missing {field}");
    }
    assert_eq!(body["level"], "hard");
    assert_eq!(body["seed"], 5);
    assert!(body["stats"]["attempts"].as_u64().unwrap() >= 1);
    let (status, _, solved) = server.post("/solve", json!({"id": body["id"]})).await;
    assert_eq!(status, 200);
    assert_eq!(solved["unique"], true);
    assert_eq!(solved["solutions"][0], body["solution"]);
}

#[tokio::test]
async fn generate_by_get_with_a_json_body_and_default_shape() {
    let server = default_server().await;
    let (status, _, body) = server.get("/generate?genre=kakuro&level=easy&seed=1").await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["shape"], "10x10");
    let (status, _, posted) = server
        .post(
            "/generate",
            json!({"genre": "kakuro", "level": "easy", "seed": 1}),
        )
        .await;
    assert_eq!(status, 200, "{posted}");
    assert_eq!(posted["id"], body["id"]);
}

#[tokio::test]
async fn the_same_seed_gives_the_same_body() {
    let server = default_server().await;
    let path = "/generate?genre=kakuro&shape=10x10&level=expert&seed=77";
    let (_, _, mut first) = server.post(path, json!({})).await;
    let (_, _, mut second) = server.post(path, json!({})).await;
    // Only the wall-clock time may differ.
    first["stats"]["elapsed_ms"] = json!(0);
    second["stats"]["elapsed_ms"] = json!(0);
    assert_eq!(first, second);
}

#[tokio::test]
async fn solve_rate_and_check_the_spec_example() {
    let server = default_server().await;
    let puzzle = json!({"grid": common::SPEC_EXAMPLE.lines().collect::<Vec<_>>()});
    let (status, _, solved) = server
        .post(
            "/solve",
            json!({"genre": "kakuro", "puzzle": puzzle, "limit": 5}),
        )
        .await;
    assert_eq!(status, 200, "{solved}");
    assert_eq!(solved["count"], 1);
    assert_eq!(solved["unique"], true);
    assert_eq!(solved["complete"], true);
    assert_eq!(solved["solutions"][0], json!(common::SPEC_EXAMPLE_SOLUTION));

    let (status, _, rated) = server
        .post(
            "/rate",
            json!({"genre": "kakuro", "text": common::SPEC_EXAMPLE}),
        )
        .await;
    assert_eq!(status, 200, "{rated}");
    assert_eq!(rated["level"], "easy");
    assert_eq!(rated["unique"], true);
    assert!(rated["deductions"].as_array().unwrap().len() > 5);
    assert!(rated["techniques"]["single"].as_u64().unwrap() > 0);

    let (status, _, checked) = server
        .post(
            "/check",
            json!({"genre": "kakuro", "puzzle": puzzle, "answer": common::SPEC_EXAMPLE_SOLUTION}),
        )
        .await;
    assert_eq!(status, 200);
    assert_eq!(
        checked,
        json!({"genre": "kakuro", "solved": true, "violations": []})
    );
}

#[tokio::test]
async fn hint_gives_the_next_placement_or_the_wrong_digit() {
    let server = default_server().await;
    let (status, _, hinted) = server
        .post(
            "/hint",
            json!({"id": "kakuro:3x3:DbAb/4.6.3.7", "answer": ["###", "#..", "#.."]}),
        )
        .await;
    assert_eq!(status, 200, "{hinted}");
    assert_eq!(hinted["genre"], "kakuro");
    assert_eq!(hinted["kind"], "deduction");
    assert_eq!(
        hinted["placed"],
        json!([{"row": 1, "col": 1, "value": "1"}])
    );
    assert!(hinted["explanation"]
        .as_str()
        .unwrap()
        .contains("adding up to"));

    let (status, _, wrong) = server
        .post(
            "/hint",
            json!({"id": "kakuro:3x3:DbAb/4.6.3.7", "answer": "###\n#2.\n#.."}),
        )
        .await;
    assert_eq!(status, 200, "{wrong}");
    assert_eq!(wrong["kind"], "wrong");
    assert_eq!(wrong["cells"], json!([[1, 1]]));
    assert_eq!(wrong["placed"], json!([]));

    // An answer of the wrong shape, and a puzzle with two solutions: 422 with the reason.
    let (status, content_type, problem) = server
        .post(
            "/hint",
            json!({"id": "kakuro:3x3:DbAb/4.6.3.7", "answer": ["###", "#.."]}),
        )
        .await;
    assert_eq!(status, 422, "{problem}");
    assert_eq!(content_type, "application/problem+json");
    let (status, _, problem) = server
        .post(
            "/hint",
            json!({"text": common::ARTICLE_DRAFT, "answer": common::ARTICLE_MAIN_SOLUTION.map(|row| row.replace(|c: char| c.is_ascii_digit(), "."))}),
        )
        .await;
    assert_eq!(status, 422, "{problem}");
    assert!(problem["detail"]
        .as_str()
        .unwrap()
        .contains("more than one solution"));
}

#[tokio::test]
async fn check_points_at_the_broken_clue() {
    let server = default_server().await;
    // Row 1 across 3 = 1 + 2 holds, column 1 down 4 = 1 + 3 holds; r2c2 = 5 breaks the across
    // 7 at (2,0) and the down 6 at (0,2).
    let (status, _, checked) = server
        .post(
            "/check",
            json!({"id": "kakuro:3x3:DbAb/4.6.3.7", "answer": "###\n#12\n#35"}),
        )
        .await;
    assert_eq!(status, 200);
    assert_eq!(checked["solved"], false);
    let violations = checked["violations"].as_array().unwrap();
    assert!(violations.contains(&json!({
        "rule": "R1", "row": 0, "col": 2, "down": 1, "sum": 6, "total": 7, "kind": "sum",
        "message": "The down run of 6 at row 1, column 3 adds up to 7, more than 6.",
        "cells": [[1, 2], [2, 2]], "clues": [[0, 2]]
    })));
    assert!(violations.contains(&json!({
        "rule": "R1", "row": 2, "col": 0, "down": 0, "sum": 7, "total": 8, "kind": "sum",
        "message": "The across run of 7 at row 3, column 1 adds up to 8, more than 7.",
        "cells": [[2, 1], [2, 2]], "clues": [[2, 0]]
    })));
    let (_, _, unfinished) = server
        .post("/check", json!({"id": "kakuro:3x3:DbAb/4.6.3.7", "answer": ["###", "#1.", "#3."], "finish": true}))
        .await;
    let rules: Vec<&str> = unfinished["violations"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v["rule"].as_str().unwrap())
        .collect();
    assert_eq!(rules, vec!["R2", "R2"]);
}

#[tokio::test]
async fn service_endpoints_answer() {
    let server = default_server().await;
    assert_eq!(server.get("/healthz").await.0, 200);
    assert_eq!(server.get("/readyz").await.0, 200);
    let (status, _, genres) = server.get("/genres").await;
    assert_eq!(status, 200);
    assert_eq!(genres[0]["name"], "kakuro");
    // The metrics are on the admin listener only.
    assert_problem(server.get("/metrics").await, 404, "no such resource");
    let (status, _, _) = server.get("/docs/").await;
    assert_eq!(status, 200);
}

#[tokio::test]
async fn the_play_page_loads_only_from_the_service() {
    let server = default_server().await;
    let page = server.client.get(&server.base).send().await.unwrap();
    assert_eq!(page.status(), 200);
    let csp = page.headers()["content-security-policy"].to_str().unwrap();
    assert!(csp.contains("default-src 'none'"), "{csp}");
    assert!(
        csp.contains("script-src 'self'") && !csp.contains("unsafe-inline"),
        "{csp}"
    );
    assert!(page.headers()["content-type"]
        .to_str()
        .unwrap()
        .starts_with("text/html"));
    let html = page.text().await.unwrap();
    // Every resource the page names is on this origin and is served.
    let mut references: Vec<&str> = html
        .split(['"', '\''])
        .filter(|piece| piece.starts_with('/') && !piece.starts_with("//"))
        .collect();
    references.sort_unstable();
    references.dedup();
    let assets = [
        "/play-engine.js",
        "/play-board.js",
        "/play.js",
        "/play.css",
        "/favicon.svg",
    ];
    for asset in assets {
        assert!(
            references.contains(&asset),
            "the page does not load {asset}"
        );
    }
    let mut bodies = vec![html.clone()];
    for reference in references {
        let (status, _, body) = server.get(reference).await;
        assert_eq!(status, 200, "{reference}");
        if let (
            "/play-engine.js" | "/play-board.js" | "/play.js" | "/play.css",
            Value::String(text),
        ) = (reference, body)
        {
            bodies.push(text);
        }
    }
    assert_eq!(bodies.len(), 5);
    for body in bodies {
        assert!(
            !body.contains("http://") && !body.contains("https://"),
            "an external resource in {body:.80}"
        );
        assert!(!body.contains("<script>") && !body.contains("<style"));
    }
    // A client of the API, not part of it.
    let (_, _, openapi) = server.get("/openapi.json").await;
    assert!(openapi["paths"].get("/").is_none());
}

#[tokio::test]
async fn served_openapi_matches_the_committed_document() {
    let server = default_server().await;
    let (status, _, served) = server.get("/openapi.json").await;
    assert_eq!(status, 200);
    let committed: Value = serde_json::from_str(include_str!("../openapi/openapi.json")).unwrap();
    assert!(
        served == committed,
        "openapi/openapi.json is stale: regenerate it with `cargo run --release -- openapi > openapi/openapi.json`"
    );
}

#[tokio::test]
async fn each_bad_input_class_gets_its_problem() {
    let server = default_server().await;
    let json_type = Some("application/json");
    assert_problem(
        server
            .post_raw("/solve", json_type, b"not json".to_vec())
            .await,
        400,
        "JSON",
    );
    let deep = format!(
        "{{\"puzzle\": {}{}}}",
        "[".repeat(10_000),
        "]".repeat(10_000)
    );
    assert_problem(
        server
            .post_raw("/solve", json_type, deep.into_bytes())
            .await,
        400,
        "",
    );
    assert_problem(
        server.post("/generate?genre=sudoku", json!({})).await,
        422,
        "unknown genre 'sudoku'",
    );
    assert_problem(
        server
            .post("/generate?genre=kakuro&shape=0x0", json!({}))
            .await,
        422,
        "shape 0x0",
    );
    assert_problem(
        server
            .post("/generate?genre=kakuro&shape=99x99", json!({}))
            .await,
        422,
        "shape 99x99",
    );
    assert_problem(
        server
            .post("/generate?genre=kakuro&level=insane", json!({}))
            .await,
        422,
        "unknown level",
    );
    assert_problem(
        server
            .post(
                "/solve",
                json!({"genre": "kakuro", "text": "# 4/ 6/\n/3 x .\n/7 . ."}),
            )
            .await,
        400,
        "line 2, column 4",
    );
    assert_problem(
        server
            .post(
                "/check",
                json!({"id": "kakuro:3x3:DbAb/4.6.3.7", "answer": ["###", "#12"]}),
            )
            .await,
        422,
        "the answer has 2 rows",
    );
    assert_problem(
        server
            .post(
                "/solve",
                json!({"genre": "kakuro", "text": "# 3/ 4/\n# . .\n/7 . ."}),
            )
            .await,
        422,
        "has no sum",
    );
    let big = vec![b'a'; 10 * 1024 * 1024];
    assert_problem(
        server.post_raw("/solve", json_type, big).await,
        413,
        "the limit is 1048576 bytes",
    );
    assert_problem(
        server
            .post_raw("/solve", Some("text/plain"), b"{}".to_vec())
            .await,
        415,
        "Content-Type",
    );
    assert_problem(
        server.post("/solve", json!({"id": 5})).await,
        400,
        "invalid type",
    );
    assert_problem(
        server
            .post("/solve", json!({"idd": "kakuro:3x3:DbAb/4.6.3.7"}))
            .await,
        400,
        "unknown field",
    );
    assert_problem(
        server.post("/solve", json!({})).await,
        400,
        "exactly one of",
    );
    assert_problem(server.get("/nowhere").await, 404, "no such resource");
    assert_problem(
        server
            .post("/generate?genre=kakuro&seed=9223372036854775808", json!({}))
            .await,
        400,
        "seed must be",
    );
    assert_problem(
        server
            .post(
                "/rate",
                json!({"id": "kakuro:3x3:DbAb/4.6.3.7", "budget": 0}),
            )
            .await,
        422,
        "`budget` must be",
    );
    assert_problem(server.get("/generate?shape=5x5").await, 400, "genre");
    assert_problem(
        server
            .post(
                "/generate?genre=kakuro&shape=16x16&level=expert&seed=3&budget=1000",
                json!({}),
            )
            .await,
        422,
        "budget",
    );
}

#[tokio::test]
async fn a_saturated_pool_sheds_with_retry_after() {
    // One client stands for many here: its own limits would queue its second request.
    let mut config = ServerConfig {
        workers: 1,
        queue: 0,
        ..ServerConfig::default()
    };
    config.clients.concurrency = 100;
    let server = start(config).await;
    // Hold the only worker with a large expert generation, then ask again at once.
    for seed in 0..10 {
        let slow = {
            let client = server.client.clone();
            let url = format!(
                "{}/generate?genre=kakuro&shape=16x16&level=expert&seed={seed}",
                server.base
            );
            tokio::spawn(async move { client.post(url).send().await.unwrap().status().as_u16() })
        };
        tokio::time::sleep(Duration::from_millis(15)).await;
        let response = server
            .client
            .post(format!("{}/solve", server.base))
            .json(&json!({"id": "kakuro:3x3:DbAb/4.6.3.7"}))
            .send()
            .await
            .unwrap();
        let status = response.status().as_u16();
        let retry_after = common::header_text(response.headers(), "retry-after");
        assert_eq!(slow.await.unwrap(), 200);
        if status == 503 {
            assert_eq!(retry_after.as_deref(), Some("1"));
            return;
        }
    }
    panic!("the second request was never shed");
}

#[tokio::test]
async fn kakurasu_through_every_endpoint() {
    let server = default_server().await;
    let (status, _, solved) = server
        .post("/solve", json!({"id": "kakurasu:3x5:8.12.3/0.0.6.2.3"}))
        .await;
    assert_eq!(status, 200, "{solved}");
    assert_eq!(solved["unique"], true);
    assert_eq!(solved["solutions"][0], json!(["--#-#", "--###", "--#--"]));

    let puzzle = json!({"row_clues": [8, 12, 3], "col_clues": [0, 0, 6, 2, 3]});
    let (status, _, rated) = server
        .post("/rate", json!({"genre": "kakurasu", "puzzle": puzzle}))
        .await;
    assert_eq!(status, 200, "{rated}");
    assert_eq!(rated["unique"], true);

    let (status, _, checked) = server
        .post("/check", json!({"genre": "kakurasu", "puzzle": puzzle, "answer": ["--#-#", "--###", "--#.."], "finish": true}))
        .await;
    assert_eq!(status, 200, "{checked}");
    assert_eq!(checked["solved"], true);

    let (status, _, generated) = server
        .post("/generate?genre=kakurasu&level=medium&seed=3", json!({}))
        .await;
    assert_eq!(status, 200, "{generated}");
    assert_eq!(generated["shape"], "7x7");
    assert_eq!(generated["level"], "medium");
    assert!(generated["puzzle"]["row_clues"].is_array());

    assert_problem(
        server
            .post(
                "/solve",
                json!({"genre": "kakurasu", "text": "genre: kakurasu\nrows: 1 x\ncols: 1 2"}),
            )
            .await,
        400,
        "",
    );
    assert_problem(
        server
            .post("/generate?genre=kakurasu&shape=33x5", json!({}))
            .await,
        422,
        "33x5",
    );
}

/// The example of the issue and of Project Euler 424, whose encrypted value is 8426039571.
const CRYPTIC_EXAMPLE: &str = "6,X,X,(vCC),(vI),X,X,X,(hH),B,O,(vCA),(vJE),X,(hFE,vD),O,O,O,O,(hA),O,I,(hJC,vB),O,O,(hJC),H,O,O,O,X,X,X,(hJE),O,O,X";

#[tokio::test]
async fn cryptic_kakuro_through_every_endpoint() {
    let server = default_server().await;
    let (status, _, solved) = server
        .post(
            "/solve",
            json!({"genre": "kakuro-cryptic", "text": CRYPTIC_EXAMPLE}),
        )
        .await;
    assert_eq!(status, 200, "{solved}");
    assert_eq!(solved["unique"], true);
    assert_eq!(solved["encrypted"], "8426039571");
    assert_eq!(solved["letters"]["A"], 8);

    let answer = solved["solutions"][0].clone();
    let (status, _, checked) = server
        .post(
            "/check",
            json!({"genre": "kakuro-cryptic", "text": CRYPTIC_EXAMPLE, "answer": answer}),
        )
        .await;
    assert_eq!(status, 200, "{checked}");
    assert_eq!(checked["solved"], true);

    let (status, _, generated) = server
        .post(
            "/generate?genre=kakuro-cryptic&level=easy&seed=2",
            json!({}),
        )
        .await;
    assert_eq!(status, 200, "{generated}");
    let line = generated["text"].as_str().unwrap();
    assert!(line.starts_with("7,"), "{line}");
    assert_eq!(generated["encrypted"].as_str().unwrap().len(), 10);
    let (_, _, again) = server
        .post("/solve", json!({"genre": "kakuro-cryptic", "text": line}))
        .await;
    assert_eq!(again["unique"], true);
    assert_eq!(again["encrypted"], generated["encrypted"]);

    assert_problem(
        server
            .post(
                "/solve",
                json!({"genre": "kakuro-cryptic", "text": "6,X,X,(vCC,X"}),
            )
            .await,
        400,
        "cell",
    );
    assert_problem(
        server
            .post(
                "/solve",
                json!({"genre": "kakuro-cryptic", "text": "6,X,X,(vKK),X"}),
            )
            .await,
        400,
        "cell",
    );
}

/// The fields every generation report has; the rest are the genre's solution fields.
const GENERATE_FIELDS: [&str; 15] = [
    "genre",
    "id",
    "puzzle",
    "text",
    "url",
    "solution",
    "level",
    "score",
    "descriptors",
    "shape",
    "seed",
    "requested_seed",
    "generator_version",
    "rating",
    "stats",
];

/// The band of scores of a level's name (easy 1.0-2.9, ... expert 7.0-10.0).
fn score_band(level: &str) -> std::ops::RangeInclusive<f64> {
    let level = match level.parse() {
        Ok(sumpuzzles::TargetLevel::Exactly(level)) => level,
        other => panic!("{level}: {other:?}"),
    };
    let band = sumpuzzles::Score::band(level).unwrap();
    band.start().value()..=band.end().value()
}

/// What every rate report (and the rating of a generate report) of a puzzle the rater
/// finished says: rated, a score in its level's band, and the descriptors.
fn assert_rated(report: &Value, level: &str, what: &str) {
    assert_eq!(report["status"], "rated", "{what}: {report}");
    assert_eq!(report["level"], level, "{what}");
    let score = report["score"]
        .as_f64()
        .unwrap_or_else(|| panic!("{what}: no score"));
    assert!(
        score_band(level).contains(&score),
        "{what}: {level} {score}"
    );
    assert_eq!(report["score_version"], 1, "{what}");
    assert!(
        report["descriptors"]["cells"].as_u64().unwrap() > 0,
        "{what}"
    );
    assert!(
        report["descriptors"]["mean_run"].as_f64().unwrap() > 0.0,
        "{what}"
    );
    assert!(report["workload"].is_object(), "{what}");
}

/// Every genre `/genres` lists, whatever it is: generated at its default shape and first
/// level, then read back in each of its forms and solved, rated, checked, hinted and drawn.
#[tokio::test]
async fn every_registered_genre_goes_through_every_endpoint() {
    let server = default_server().await;
    let (status, _, genres) = server.get("/genres").await;
    assert_eq!(status, 200);
    let names: Vec<&str> = genres
        .as_array()
        .unwrap()
        .iter()
        .map(|genre| genre["name"].as_str().unwrap())
        .collect();
    let registered: Vec<&str> = sumpuzzles::genres::GenreId::ALL
        .iter()
        .map(|id| id.name())
        .collect();
    assert_eq!(names, registered);
    for genre in genres.as_array().unwrap() {
        let name = genre["name"].as_str().unwrap();
        assert!(["sum_grid", "shading"].contains(&genre["board"].as_str().unwrap()));
        assert!(!genre["rules"].as_str().unwrap().is_empty(), "{name}");
        let level = genre["levels"][0].as_str().unwrap();
        let (status, _, generated) = server
            .post(
                &format!("/generate?genre={name}&level={level}&seed=1"),
                json!({}),
            )
            .await;
        assert_eq!(status, 200, "{name}: {generated}");
        assert_eq!(generated["shape"], genre["default_shape"], "{name}");
        assert_eq!(generated["level"], level, "{name}");
        assert_eq!(generated["rating"]["profile"], genre["profile"], "{name}");
        assert_rated(&generated["rating"], level, name);
        assert_eq!(generated["score"], generated["rating"]["score"], "{name}");
        assert_eq!(
            generated["descriptors"], generated["rating"]["descriptors"],
            "{name}"
        );
        assert_eq!(generated["rating"]["uniqueness"], "unique", "{name}");
        assert_eq!(generated["requested_seed"], 1, "{name}");
        let extra: Vec<(&String, &Value)> = generated
            .as_object()
            .unwrap()
            .iter()
            .filter(|(key, _)| !GENERATE_FIELDS.contains(&key.as_str()))
            .collect();

        let mut forms = vec![
            json!({"id": generated["id"]}),
            json!({"genre": name, "text": generated["text"]}),
            json!({"genre": name, "puzzle": generated["puzzle"]}),
        ];
        if let Some(url) = generated.get("url") {
            forms.push(json!({ "url": url }));
        }
        for form in forms {
            let mut request = form.clone();
            request["limit"] = json!(3);
            let (status, _, solved) = server.post("/solve", request).await;
            assert_eq!(status, 200, "{name} {form}: {solved}");
            assert_eq!(solved["genre"], name);
            assert_eq!(solved["unique"], true, "{name} {form}");
            assert_eq!(solved["solutions"], json!([generated["solution"]]));
            for (key, value) in &extra {
                assert_eq!(&solved[key.as_str()], *value, "{name} {form}: {key}");
            }
        }

        let id = &generated["id"];
        let (status, _, rated) = server.post("/rate", json!({ "id": id })).await;
        assert_eq!(status, 200, "{name}: {rated}");
        assert_rated(&rated, level, name);
        assert_eq!(rated["score"], generated["score"], "{name}");
        assert_eq!(rated["descriptors"], generated["descriptors"], "{name}");
        assert_eq!(
            (&rated["uniqueness"], &rated["complete"]),
            (&json!("unique"), &json!(true)),
            "{name}"
        );
        let answer = &generated["solution"];
        let (status, _, checked) = server
            .post("/check", json!({"id": id, "answer": answer}))
            .await;
        assert_eq!(status, 200, "{name}: {checked}");
        assert_eq!(
            checked,
            json!({"genre": name, "solved": true, "violations": []})
        );
        let (status, _, hinted) = server
            .post("/hint", json!({"id": id, "answer": answer}))
            .await;
        assert_eq!(status, 200, "{name}: {hinted}");
        assert_eq!(hinted["kind"], "solved", "{name}");
        let (status, content_type, _) = server
            .post("/render", json!({"id": id, "solution": true}))
            .await;
        assert_eq!(
            (status, content_type.as_str()),
            (200, "image/svg+xml"),
            "{name}"
        );
    }
}

/// The document's unions are built from the registry: one schema per genre in each.
#[tokio::test]
async fn the_documents_unions_have_every_genre() {
    let document = sumpuzzles::http::openapi();
    let document = serde_json::to_value(&document).unwrap();
    let schemas = &document["components"]["schemas"];
    let genres = sumpuzzles::genres::GenreId::ALL.len();
    for union in ["PuzzleObject", "Violation"] {
        let members = schemas[union]["anyOf"].as_array().unwrap();
        assert_eq!(members.len(), genres, "{union}");
        for member in members {
            let name = member["$ref"].as_str().unwrap().rsplit('/').next().unwrap();
            assert!(
                schemas.get(name).is_some(),
                "{union}: {name} is not in the document"
            );
        }
    }
    let names: Vec<&str> = schemas["Genre"]["enum"]
        .as_array()
        .unwrap()
        .iter()
        .map(|name| name.as_str().unwrap())
        .collect();
    assert_eq!(names.len(), genres);
    // A request is one of the puzzle source's four forms, each refusing other fields.
    for request in [
        "SolveRequest",
        "RateRequest",
        "CheckRequest",
        "HintRequest",
        "RenderRequest",
    ] {
        let forms = schemas[request]["oneOf"].as_array().unwrap();
        assert_eq!(forms.len(), 4, "{request}");
        for form in forms {
            assert_eq!(form["additionalProperties"], false, "{request}");
        }
    }
}

/// No schema in the document says `multipleOf` with a fraction: validators test it in binary
/// floats (Python's jsonschema finds 2.3 no multiple of 0.1), so a generated client or a
/// fuzzer would refuse, or call forbidden, values the service takes. The service itself still
/// refuses a score with two decimals.
#[tokio::test]
async fn no_schema_asks_for_a_fractional_multiple() {
    fn fractional_multiples(value: &Value, path: &str, found: &mut Vec<String>) {
        match value {
            Value::Object(fields) => {
                if let Some(step) = fields.get("multipleOf").and_then(Value::as_f64) {
                    if step.fract() != 0.0 {
                        found.push(format!("{path}: multipleOf {step}"));
                    }
                }
                for (name, field) in fields {
                    fractional_multiples(field, &format!("{path}/{name}"), found);
                }
            }
            Value::Array(items) => {
                for (index, item) in items.iter().enumerate() {
                    fractional_multiples(item, &format!("{path}/{index}"), found);
                }
            }
            _ => {}
        }
    }
    let document = serde_json::to_value(sumpuzzles::http::openapi()).unwrap();
    let mut found = Vec::new();
    fractional_multiples(&document, "", &mut found);
    assert!(found.is_empty(), "{found:#?}");

    let server = default_server().await;
    for (query, status) in [("score_max=2.3", 200), ("score_max=2.25", 400)] {
        let (answered, _, report) = server
            .get(&format!(
                "/generate?genre=kakuro&shape=6x6&level=easy&{query}&seed=1"
            ))
            .await;
        assert_eq!(answered, status, "{query}: {report}");
    }
}

/// `/rate` never reports a level it did not establish: the budget running out in the rating
/// leaves no level and no score, and in the uniqueness check keeps the level and says
/// `unknown`.
#[tokio::test]
async fn rate_says_what_a_short_budget_established() {
    use sumpuzzles::genres::kakuro::Kakuro;
    use sumpuzzles::genres::Genre;

    let server = default_server().await;
    let hard = "kakuro:8x8:KbAbCbAbCeAcAcAeCbAbCbAbB/16.24.27.29.11.17.8.29.10.26.27.32.15.13.20.33.16.3.12.14";
    let (status, _, rated) = server
        .post("/rate", json!({"id": hard, "budget": 20}))
        .await;
    assert_eq!(status, 200, "{rated}");
    assert_eq!(rated["status"], "unrated");
    assert!(
        rated["level"].is_null() && rated["score"].is_null(),
        "{rated}"
    );
    assert_eq!(rated["uniqueness"], "unknown");
    assert_eq!(rated["unique"], false);
    assert_eq!(
        (&rated["complete"], &rated["stopped"]),
        (&json!(false), &json!("exhausted"))
    );
    assert_eq!(rated["descriptors"]["cells"], 32);

    // The article's draft: the techniques get stuck, and the check needs the exact solver.
    let draft = Kakuro::parse_text(common::ARTICLE_DRAFT).unwrap();
    let steps = Kakuro::rate(&draft, &mut sumpuzzles::Budget::unlimited()).steps;
    let (status, _, rated) = server
        .post(
            "/rate",
            json!({"genre": "kakuro", "text": common::ARTICLE_DRAFT, "budget": steps + 1}),
        )
        .await;
    assert_eq!(status, 200, "{rated}");
    assert_eq!(
        (&rated["status"], &rated["level"]),
        (&json!("beyond_expert"), &json!("beyond_expert"))
    );
    assert!(rated["score"].is_null(), "{rated}");
    assert_eq!(rated["uniqueness"], "unknown");
    assert_eq!(
        (&rated["complete"], &rated["stopped"]),
        (&json!(false), &json!("exhausted"))
    );
}

/// `/generate` within a score range, by query string and body: the score in range, the
/// range request reproducible from `requested_seed`, the puzzle from `seed` without a range;
/// ranges no puzzle can meet are 422, scores that are not a tenth 400.
#[tokio::test]
async fn generate_within_a_score_range() {
    let server = default_server().await;
    let query = "/generate?genre=kakuro&shape=8x8&level=hard&seed=3";
    let (status, _, low) = server
        .get(&format!("{query}&score_min=5.0&score_max=5.9"))
        .await;
    assert_eq!(status, 200, "{low}");
    let score = low["score"].as_f64().unwrap();
    assert!((5.0..=5.9).contains(&score), "{score}");
    assert_eq!(low["level"], "hard");
    assert_eq!(low["requested_seed"], 3);
    assert_eq!(low["rating"]["score"], low["score"]);
    // The same request in a body.
    let (status, _, body) = server
        .post(query, json!({"score_min": 5.0, "score_max": 5.9}))
        .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["id"], low["id"]);
    // The puzzle's own seed gives it without a range.
    let (status, _, plain) = server
        .get(&format!(
            "/generate?genre=kakuro&shape=8x8&level=hard&seed={}",
            low["seed"]
        ))
        .await;
    assert_eq!(status, 200, "{plain}");
    assert_eq!(plain["id"], low["id"]);
    assert_eq!(plain["seed"], plain["requested_seed"]);
    // Only the top of the band: another puzzle.
    let (status, _, high) = server.get(&format!("{query}&score_min=6.1")).await;
    assert_eq!(status, 200, "{high}");
    assert!(high["score"].as_f64().unwrap() >= 6.1, "{high}");
    assert_ne!(high["id"], low["id"]);

    for (path, needle) in [
        (
            format!("{query}&score_min=6.0&score_max=5.5"),
            "above score_max",
        ),
        (format!("{query}&score_min=7.0"), "holds none of them"),
        (
            "/generate?genre=kakuro&shape=2x7&score_min=2.0".to_string(),
            "try a wider score range",
        ),
    ] {
        assert_problem(server.get(&path).await, 422, needle);
    }
    assert_problem(
        server.get(&format!("{query}&score_min=5.25")).await,
        400,
        "at most one decimal",
    );
    assert_problem(
        server.post(query, json!({"score_max": 10.5})).await,
        400,
        "at most one decimal",
    );
}
