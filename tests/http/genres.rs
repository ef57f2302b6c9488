//! Kakurasu and cryptic Kakuro through the endpoints, with their own forms and problems.

use serde_json::json;

use crate::common::Client;

#[tokio::test]
async fn kakurasu_through_every_endpoint() {
    let server = Client::default_app();
    let solved = server
        .post("/solve")
        .json(&json!({"id": "kakurasu:3x5:8.12.3/0.0.6.2.3"}))
        .await
        .expect_json(200);
    assert_eq!(solved["unique"], true);
    assert_eq!(solved["solutions"][0], json!(["--#-#", "--###", "--#--"]));

    let puzzle = json!({"row_clues": [8, 12, 3], "col_clues": [0, 0, 6, 2, 3]});
    let rated = server
        .post("/rate")
        .json(&json!({"genre": "kakurasu", "puzzle": puzzle}))
        .await
        .expect_json(200);
    assert_eq!(rated["unique"], true);

    let checked = server
        .post("/check")
        .json(&json!({"genre": "kakurasu", "puzzle": puzzle, "answer": ["--#-#", "--###", "--#.."], "finish": true}))
        .await
        .expect_json(200);
    assert_eq!(checked["solved"], true);

    let generated = server
        .post("/generate?genre=kakurasu&level=medium&seed=3")
        .json(&json!({}))
        .await
        .expect_json(200);
    assert_eq!(generated["shape"], "7x7");
    assert_eq!(generated["level"], "medium");
    assert!(generated["puzzle"]["row_clues"].is_array());

    server
        .post("/solve")
        .json(&json!({"genre": "kakurasu", "text": "genre: kakurasu\nrows: 1 x\ncols: 1 2"}))
        .await
        .assert_problem_detail(400, "");
    server
        .post("/generate?genre=kakurasu&shape=33x5")
        .json(&json!({}))
        .await
        .assert_problem_detail(422, "33x5");
}

/// The example of the issue and of Project Euler 424, whose encrypted value is 8426039571.
const CRYPTIC_EXAMPLE: &str = "6,X,X,(vCC),(vI),X,X,X,(hH),B,O,(vCA),(vJE),X,(hFE,vD),O,O,O,O,(hA),O,I,(hJC,vB),O,O,(hJC),H,O,O,O,X,X,X,(hJE),O,O,X";

#[tokio::test]
async fn cryptic_kakuro_through_every_endpoint() {
    let server = Client::default_app();
    let solved = server
        .post("/solve")
        .json(&json!({"genre": "kakuro-cryptic", "text": CRYPTIC_EXAMPLE}))
        .await
        .expect_json(200);
    assert_eq!(solved["unique"], true);
    assert_eq!(solved["encrypted"], "8426039571");
    assert_eq!(solved["letters"]["A"], 8);

    let answer = solved["solutions"][0].clone();
    let checked = server
        .post("/check")
        .json(&json!({"genre": "kakuro-cryptic", "text": CRYPTIC_EXAMPLE, "answer": answer}))
        .await
        .expect_json(200);
    assert_eq!(checked["solved"], true);

    let generated = server
        .post("/generate?genre=kakuro-cryptic&level=easy&seed=2")
        .json(&json!({}))
        .await
        .expect_json(200);
    let line = generated["text"].as_str().unwrap();
    assert!(line.starts_with("7,"), "{line}");
    assert_eq!(generated["encrypted"].as_str().unwrap().len(), 10);
    let again = server
        .post("/solve")
        .json(&json!({"genre": "kakuro-cryptic", "text": line}))
        .await
        .json();
    assert_eq!(again["unique"], true);
    assert_eq!(again["encrypted"], generated["encrypted"]);

    for text in ["6,X,X,(vCC,X", "6,X,X,(vKK),X"] {
        server
            .post("/solve")
            .json(&json!({"genre": "kakuro-cryptic", "text": text}))
            .await
            .assert_problem_detail(400, "cell");
    }
}

#[tokio::test]
async fn solve_gives_the_mapping_and_the_encrypted_value() {
    let body = Client::default_app()
        .post("/solve")
        .json(&json!({"genre": "kakuro-cryptic", "text": CRYPTIC_EXAMPLE}))
        .await
        .expect_json(200);
    assert_eq!(body["unique"], true);
    assert_eq!(body["count"], 1);
    assert_eq!(body["encrypted"], "8426039571");
    assert_eq!(body["letters"]["A"], 8);
    assert_eq!(body["solutions"][0][1], "##41##");
}

#[tokio::test]
async fn malformed_lines_are_problems_naming_the_cell() {
    let server = Client::default_app();
    for (line, status, needle) in [
        ("6,X,X".to_string(), 400, "cell 2"),
        (
            CRYPTIC_EXAMPLE.replacen("(vCC)", "(vCCC)", 1),
            400,
            "cell 2",
        ),
        (CRYPTIC_EXAMPLE.replacen("(vI)", "(vK)", 1), 400, "cell 3"),
        (
            CRYPTIC_EXAMPLE.replacen("(hFE,vD)", "(hFE,vD", 1),
            400,
            "cell 13",
        ),
        (
            CRYPTIC_EXAMPLE.replacen("6,X,", "6,(hA),", 1),
            422,
            "cell 0",
        ),
    ] {
        server
            .post("/solve")
            .json(&json!({"genre": "kakuro-cryptic", "text": line}))
            .await
            .assert_problem_detail(status, needle);
    }
}

#[tokio::test]
async fn check_and_generate_take_the_genre() {
    let server = Client::default_app();
    let answer = ["######", "##41##", "##9687", "#17#93", "#5214#", "###37#"];
    let body = server
        .post("/check")
        .json(&json!({"genre": "kakuro-cryptic", "text": CRYPTIC_EXAMPLE, "answer": answer}))
        .await
        .expect_json(200);
    assert_eq!(body["solved"], true);

    let body = server
        .post("/generate?genre=kakuro-cryptic&seed=4")
        .json(&json!({}))
        .await
        .expect_json(200);
    let text = body["text"].as_str().unwrap();
    assert!(text.starts_with("7,"), "{text}");
    let solved = server
        .post("/solve")
        .json(&json!({"genre": "kakuro-cryptic", "text": text}))
        .await
        .expect_json(200);
    assert_eq!(solved["unique"], true);
    assert_eq!(solved["solutions"][0], body["solution"]);
}
