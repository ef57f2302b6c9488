#![cfg(feature = "server")]
//! Cryptic Kakuro over HTTP, through the application router: `/solve`, `/check` and
//! `/generate` take `genre=kakuro-cryptic`, and malformed lines are 4xx problem+json.
#![cfg(feature = "server")]

mod common;

use serde_json::{json, Value};

/// The example of the issue; its encrypted value is 8426039571.
const EXAMPLE: &str = "6,X,X,(vCC),(vI),X,X,X,(hH),B,O,(vCA),(vJE),X,(hFE,vD),O,O,O,O,(hA),O,I,(hJC,vB),O,O,(hJC),H,O,O,O,X,X,X,(hJE),O,O,X";

async fn post(path: &str, body: Value) -> (u16, String, Value) {
    let (status, content_type, bytes) = common::post_to_app(path, &body).await;
    (
        status,
        content_type,
        serde_json::from_slice(&bytes).unwrap(),
    )
}

#[tokio::test]
async fn solve_gives_the_mapping_and_the_encrypted_value() {
    let (status, _, body) = post(
        "/solve",
        json!({"genre": "kakuro-cryptic", "text": EXAMPLE}),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["unique"], true);
    assert_eq!(body["count"], 1);
    assert_eq!(body["encrypted"], "8426039571");
    assert_eq!(body["letters"]["A"], 8);
    assert_eq!(body["solutions"][0][1], "##41##");
}

#[tokio::test]
async fn malformed_lines_are_problems_naming_the_cell() {
    for (line, status, needle) in [
        ("6,X,X".to_string(), 400, "cell 2"),
        (EXAMPLE.replacen("(vCC)", "(vCCC)", 1), 400, "cell 2"),
        (EXAMPLE.replacen("(vI)", "(vK)", 1), 400, "cell 3"),
        (EXAMPLE.replacen("(hFE,vD)", "(hFE,vD", 1), 400, "cell 13"),
        (EXAMPLE.replacen("6,X,", "6,(hA),", 1), 422, "cell 0"),
    ] {
        let (got, content_type, body) =
            post("/solve", json!({"genre": "kakuro-cryptic", "text": line})).await;
        assert_eq!(got, status, "{line}: {body}");
        assert_eq!(content_type, "application/problem+json");
        let detail = body["detail"].as_str().unwrap();
        assert!(detail.contains(needle), "{line}: {detail}");
    }
}

#[tokio::test]
async fn check_and_generate_take_the_genre() {
    let answer = ["######", "##41##", "##9687", "#17#93", "#5214#", "###37#"];
    let (status, _, body) = post(
        "/check",
        json!({"genre": "kakuro-cryptic", "text": EXAMPLE, "answer": answer}),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["solved"], true);

    let (status, _, body) = post("/generate?genre=kakuro-cryptic&seed=4", json!({})).await;
    assert_eq!(status, 200, "{body}");
    let text = body["text"].as_str().unwrap();
    assert!(text.starts_with("7,"), "{text}");
    let (status, _, solved) =
        post("/solve", json!({"genre": "kakuro-cryptic", "text": text})).await;
    assert_eq!(status, 200);
    assert_eq!(solved["unique"], true);
    assert_eq!(solved["solutions"][0], body["solution"]);
}
