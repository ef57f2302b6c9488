//! Strict parsing: puzzle objects, bodies and parameters, through the router.

use serde_json::json;

use crate::common::Client;

#[tokio::test]
async fn puzzle_objects_and_parameters_are_read_strictly() {
    let server = Client::default_app();
    // Kakurasu puzzle objects written by hand (`json!` could not repeat a key).
    for (puzzle, needle) in [
        (
            r#"{"row_clues":[1],"col_clues":[1],"row_clues":[0]}"#,
            "duplicate key `row_clues`",
        ),
        (
            r#"{"row_clues":[1],"col_clues":[1],"rowclues":[0]}"#,
            "unknown key \"rowclues\"",
        ),
    ] {
        let body = format!("{{\"genre\": \"kakurasu\", \"puzzle\": {puzzle}}}");
        server
            .post("/solve")
            .body(Some("application/json"), body)
            .await
            .assert_problem_detail(400, needle);
    }
    server
        .post("/solve")
        .json(&json!({"genre": "kakuro", "puzzle": {"grid": ["# 4/", "/4 ."], "size": 2}}))
        .await
        .assert_problem_detail(400, "unknown key \"size\"");
    server
        .post("/solve")
        .json(&json!({"genre": "kakuro", "puzzle": ["# 4/"]}))
        .await
        .assert_problem_detail(400, "must be a JSON object");
    // A positional array as the body.
    server
        .post("/generate")
        .json(&json!(["kakuro", "8x8"]))
        .await
        .assert_problem_detail(400, "must be a JSON object");
    for shape in ["8X8", "+8x+8", "%208x8%20", "08x0008"] {
        server
            .get(&format!("/generate?genre=kakuro&shape={shape}"))
            .await
            .assert_problem_detail(400, "should be <rows>x<cols>");
    }
    server
        .get("/generate?genre=kakuro&level=EXPERT")
        .await
        .assert_problem_detail(422, "unknown level 'EXPERT'");
    server
        .get("/generate?genre=KAKURO")
        .await
        .assert_problem_detail(422, "unknown genre 'KAKURO'");
    server
        .get("/generate?genre=kakuro&budget=0")
        .await
        .assert_problem_detail(422, "`budget` must be 1 to");
    server
        .post("/solve")
        .json(&json!({"id": "kakuro:3x3:DbAb/4.6.3.7", "budget": 0}))
        .await
        .assert_problem_detail(422, "`budget` must be 1 to");
    server
        .post("/solve")
        .header("content-encoding", "gzip")
        .json(&json!({"id": "kakuro:3x3:DbAb/4.6.3.7"}))
        .await
        .assert_problem_detail(415, "Content-Encoding");
}

#[tokio::test]
async fn a_lookalike_puzz_link_host_is_refused() {
    let server = Client::default_app();
    let url = |host: &str| json!({"url": format!("https://{host}/p?kakuro/2/2/n4637")});
    assert_eq!(
        server.post("/solve").json(&url("puzz.link")).await.status,
        200
    );
    // The issue's: a Cyrillic і (U+0456) for the Latin i.
    server
        .post("/solve")
        .json(&url("puzz.l\u{456}nk"))
        .await
        .assert_problem_detail(400, "found host 'puzz.l\\u{456}nk'");
    server
        .post("/solve")
        .json(&url("puzz.link.example"))
        .await
        .assert_problem_detail(400, "a puzz.link URL is on puzz.link");
}

#[tokio::test]
async fn control_characters_of_an_id_are_not_echoed_into_the_detail() {
    let server = Client::default_app();
    for id in [
        "kaku\u{0}ro:3x3:DbAb/4.6.3.7",
        "kakuro:3x3:Db\u{1b}[31mAb/4.6.3.7",
    ] {
        let problem = server.post("/solve").json(&json!({ "id": id })).await;
        assert_eq!(problem.status, 400, "{problem}");
        let body = problem.json();
        let mut texts = vec![body["detail"].as_str().unwrap().to_string()];
        for each in body["problems"].as_array().into_iter().flatten() {
            texts.push(each["message"].as_str().unwrap().to_string());
        }
        for text in texts {
            assert!(!text.chars().any(char::is_control), "{text:?}");
        }
        assert!(
            body["detail"].as_str().unwrap().contains("\\u{"),
            "the character is named: {body}"
        );
    }
}
