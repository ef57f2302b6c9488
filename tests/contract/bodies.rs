//! What a body may be: empty and `null` bodies mean none, and no error detail names a Rust
//! type.

use serde_json::{json, Value};

use crate::common::Client;

const EXPERT_8X8: &str = "/generate?genre=kakuro&shape=8x8&level=expert";

#[tokio::test]
async fn empty_and_null_bodies_mean_no_body() {
    let service = Client::default_app();
    let seeded = format!("{EXPERT_8X8}&seed=3");
    let expected = service.get(&seeded).await.expect_json(200);
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
        let report = service.post(&seeded).body(content_type, body).await;
        assert_eq!(report.status, 200, "{content_type:?} {body:?}: {report}");
        assert_eq!(
            report.json()["id"],
            expected["id"],
            "{content_type:?} {body:?}"
        );
    }
    // A JSON null body with a drawn seed, as the issue has it.
    let report = service
        .post(EXPERT_8X8)
        .body(Some("application/json"), "null")
        .await
        .expect_json(200);
    assert_eq!(report["level"], "expert");
    // A body that is there must still be JSON, and a batch reads its body the same way.
    let refused = service.post(&seeded).body(Some("text/plain"), "{}").await;
    assert_eq!(refused.status, 415);
    let batch = "/generate/batch?genre=kakuro&shape=6x6&level=easy&seeds=1";
    for (content_type, body) in [
        (Some("text/plain;charset=UTF-8"), &b""[..]),
        (Some("application/json"), b"null"),
    ] {
        let reply = service.post(batch).body(content_type, body).await;
        assert_eq!(reply.status, 200, "{content_type:?} {body:?}");
        assert_eq!(reply.text().lines().count(), 1);
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
    let service = Client::default_app();
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
        ("/format", json!({"id": id, "answer": ["###"]})),
        ("/format", json!({"id": "kakuro:3x3:Zz"})),
        ("/format", json!({})),
        ("/rate", json!({"genre": "kakuro", "puzzle": 5})),
        (
            "/rate",
            json!({"genre": "kakurasu", "puzzle": {"row_clues": "x"}}),
        ),
    ];
    for (path, body) in bodies {
        let reply = service.post(path).json(&body).await;
        assert!((400..500).contains(&reply.status), "{path} {body}: {reply}");
        let problem = reply.json();
        let detail = problem["detail"].as_str().unwrap();
        for word in RUST_TYPE_WORDS {
            assert!(
                !detail.contains(word),
                "{path} {body}: {detail:?} names {word:?}"
            );
        }
    }
    let problem = service
        .post("/generate")
        .json(&json!({"genre": "kakuro", "seed": "1"}))
        .await
        .json();
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
        let reply = service.get(query).await;
        assert_eq!(reply.status, 400, "{query}: {reply}");
        let problem = reply.json();
        let detail = problem["detail"].as_str().unwrap();
        for word in RUST_TYPE_WORDS {
            assert!(!detail.contains(word), "{query}: {detail:?} names {word:?}");
        }
    }
}
