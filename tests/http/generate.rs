//! `/generate`: the report, GET and POST alike, determinism, score ranges.

use serde_json::json;

use crate::common::Client;

#[tokio::test]
async fn generate_returns_a_unique_puzzle_at_the_level() {
    let server = Client::default_app();
    let body = server
        .post("/generate?genre=kakuro&shape=8x8&level=hard&seed=5")
        .json(&json!({}))
        .await
        .expect_json(200);
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
    let solved = server
        .post("/solve")
        .json(&json!({"id": body["id"]}))
        .await
        .expect_json(200);
    assert_eq!(solved["unique"], true);
    assert_eq!(solved["solutions"][0], body["solution"]);
}

#[tokio::test]
async fn generate_by_get_with_a_json_body_and_default_shape() {
    let server = Client::default_app();
    let body = server
        .get("/generate?genre=kakuro&level=easy&seed=1")
        .await
        .expect_json(200);
    assert_eq!(body["shape"], "10x10");
    let posted = server
        .post("/generate")
        .json(&json!({"genre": "kakuro", "level": "easy", "seed": 1}))
        .await
        .expect_json(200);
    assert_eq!(posted["id"], body["id"]);
}

#[tokio::test]
async fn the_same_seed_gives_the_same_body() {
    let server = Client::default_app();
    let path = "/generate?genre=kakuro&shape=10x10&level=expert&seed=77";
    let mut first = server.post(path).json(&json!({})).await.json();
    let mut second = server.post(path).json(&json!({})).await.json();
    // Only the wall-clock time may differ.
    first["stats"]["elapsed_ms"] = json!(0);
    second["stats"]["elapsed_ms"] = json!(0);
    assert_eq!(first, second);
}

/// `/generate` within a score range, by query string and body: the score in range, the
/// range request reproducible from `requested_seed`, the puzzle from `seed` without a range;
/// ranges no puzzle can meet are 422, scores that are not a tenth 400.
#[tokio::test]
async fn generate_within_a_score_range() {
    let server = Client::default_app();
    let query = "/generate?genre=kakuro&shape=8x8&level=hard&seed=3";
    let low = server
        .get(&format!("{query}&score_min=5.0&score_max=5.9"))
        .await
        .expect_json(200);
    let score = low["score"].as_f64().unwrap();
    assert!((5.0..=5.9).contains(&score), "{score}");
    assert_eq!(low["level"], "hard");
    assert_eq!(low["requested_seed"], 3);
    assert_eq!(low["rating"]["score"], low["score"]);
    // The same request in a body.
    let body = server
        .post(query)
        .json(&json!({"score_min": 5.0, "score_max": 5.9}))
        .await
        .expect_json(200);
    assert_eq!(body["id"], low["id"]);
    // The puzzle's own seed gives it without a range.
    let plain = server
        .get(&format!(
            "/generate?genre=kakuro&shape=8x8&level=hard&seed={}",
            low["seed"]
        ))
        .await
        .expect_json(200);
    assert_eq!(plain["id"], low["id"]);
    assert_eq!(plain["seed"], plain["requested_seed"]);
    // Only the top of the band: another puzzle.
    let high = server
        .get(&format!("{query}&score_min=6.1"))
        .await
        .expect_json(200);
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
        server.get(&path).await.assert_problem_detail(422, needle);
    }
    server
        .get(&format!("{query}&score_min=5.25"))
        .await
        .assert_problem_detail(400, "at most one decimal");
    server
        .post(query)
        .json(&json!({"score_max": 10.5}))
        .await
        .assert_problem_detail(400, "at most one decimal");
}
