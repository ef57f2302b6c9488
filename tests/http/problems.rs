//! Bad input of every class gets its problem details, and a saturated pool sheds.

use std::time::Duration;

use serde_json::json;
use sumpuzzles::http::ServerConfig;

use crate::common::Client;

#[tokio::test]
async fn each_bad_input_class_gets_its_problem() {
    let server = Client::default_app();
    let json_type = Some("application/json");
    let deep = format!(
        "{{\"puzzle\": {}{}}}",
        "[".repeat(10_000),
        "]".repeat(10_000)
    );
    let big = vec![b'a'; 10 * 1024 * 1024];
    let id = "kakuro:3x3:DbAb/4.6.3.7";
    let cases = [
        (
            server.post("/solve").body(json_type, "not json"),
            400,
            "JSON",
        ),
        (server.post("/solve").body(json_type, deep), 400, ""),
        (
            server.post("/generate?genre=sudoku").json(&json!({})),
            422,
            "unknown genre 'sudoku'",
        ),
        (
            server
                .post("/generate?genre=kakuro&shape=0x0")
                .json(&json!({})),
            422,
            "shape 0x0",
        ),
        (
            server
                .post("/generate?genre=kakuro&shape=99x99")
                .json(&json!({})),
            422,
            "shape 99x99",
        ),
        (
            server
                .post("/generate?genre=kakuro&level=insane")
                .json(&json!({})),
            422,
            "unknown level",
        ),
        (
            server
                .post("/solve")
                .json(&json!({"genre": "kakuro", "text": "# 4/ 6/\n/3 x .\n/7 . ."})),
            400,
            "line 2, column 4",
        ),
        (
            server
                .post("/check")
                .json(&json!({"id": id, "answer": ["###", "#12"]})),
            422,
            "the answer has 2 rows",
        ),
        (
            // A client that sends an untouched row as "" is told why it does not count.
            server
                .post("/check")
                .json(&json!({"id": id, "answer": ["###", "", ""]})),
            422,
            "the answer has 1 row but the puzzle has 3 (2 blank, which do not count: write an empty cell as '.')",
        ),
        (
            server
                .post("/solve")
                .json(&json!({"genre": "kakuro", "text": "# 3/ 4/\n# . .\n/7 . ."})),
            422,
            "has no sum",
        ),
        (
            server.post("/solve").body(json_type, big),
            413,
            "the limit is 1048576 bytes",
        ),
        (
            server.post("/solve").body(Some("text/plain"), "{}"),
            415,
            "Content-Type",
        ),
        (
            server.post("/solve").json(&json!({"id": 5})),
            400,
            "invalid type",
        ),
        (
            server.post("/solve").json(&json!({"idd": id})),
            400,
            "unknown field",
        ),
        (
            server.post("/solve").json(&json!({})),
            400,
            "exactly one of",
        ),
        (server.get("/nowhere"), 404, "no such resource"),
        (
            server
                .post("/generate?genre=kakuro&seed=9223372036854775808")
                .json(&json!({})),
            400,
            "seed must be",
        ),
        (
            server.post("/rate").json(&json!({"id": id, "budget": 0})),
            422,
            "`budget` must be",
        ),
        (server.get("/generate?shape=5x5"), 400, "genre"),
        (
            server
                .post("/generate?genre=kakuro&shape=16x16&level=expert&seed=3&budget=1000")
                .json(&json!({})),
            422,
            "budget",
        ),
    ];
    for (call, status, needle) in cases {
        call.await.assert_problem_detail(status, needle);
    }
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
    let server = Client::app(config);
    // Hold the only worker with a large expert generation, then ask again at once.
    for seed in 0..10 {
        let slow = tokio::spawn(
            server
                .post(&format!(
                    "/generate?genre=kakuro&shape=16x16&level=expert&seed={seed}"
                ))
                .send(),
        );
        tokio::time::sleep(Duration::from_millis(15)).await;
        let response = server
            .post("/solve")
            .json(&json!({"id": "kakuro:3x3:DbAb/4.6.3.7"}))
            .await;
        assert_eq!(slow.await.unwrap().status, 200);
        if response.status == 503 {
            assert_eq!(response.header("retry-after").as_deref(), Some("1"));
            return;
        }
    }
    panic!("the second request was never shed");
}
