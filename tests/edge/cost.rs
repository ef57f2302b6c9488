//! Bounded cost and memory: a search stops at its budget and says how far it got, and
//! a body of too many values is refused, through the router.

use serde_json::json;

use crate::common::Client;
use crate::{blank_answer, dense_grid, heavy_grid};

#[tokio::test]
async fn the_dense_grid_of_issue_19_is_refuted_within_the_budget() {
    let server = Client::default_app();
    let body = json!({"genre": "kakuro", "puzzle": {"grid": dense_grid()}});
    let report = server.post("/solve").json(&body).await.expect_json(200);
    assert_eq!(report["count"], 0, "{report}");
    assert_eq!(report["complete"], true, "{report}");
    assert!(report["steps"].as_u64().unwrap() < 1_000, "{report}");
}

#[tokio::test]
async fn the_heavy_grid_runs_out_of_budget_with_a_422_that_says_how_far_it_got() {
    let server = Client::default_app();
    let body = json!({"genre": "kakuro", "puzzle": heavy_grid()});
    let problem = server
        .post("/solve")
        .json(&body)
        .await
        .assert_problem(422, "budget-exhausted");
    assert_eq!(problem["budget"], sumpuzzles::ops::DEFAULT_BUDGET);
    assert_eq!(problem["steps"], sumpuzzles::ops::DEFAULT_BUDGET);
    assert_eq!(problem["stage"], "solving");
    // A request may ask for less, never for more.
    let mut less = body.clone();
    less["budget"] = json!(1000);
    assert_eq!(
        server.post("/solve").json(&less).await.json()["budget"],
        1000
    );
    let mut more = body.clone();
    more["budget"] = json!(1_000_000_000_000u64);
    assert_eq!(
        server.post("/solve").json(&more).await.json()["budget"],
        sumpuzzles::ops::DEFAULT_BUDGET
    );
    // A hint runs out the same way, saying what it was doing.
    let puzzle = heavy_grid();
    let answer = blank_answer(&puzzle);
    let hint = json!({"genre": "kakuro", "puzzle": puzzle, "answer": answer});
    let hinted = server
        .post("/hint")
        .json(&hint)
        .await
        .assert_problem(422, "budget-exhausted");
    assert_eq!(hinted["stage"], "finding the solution");
}

#[tokio::test]
async fn rate_refutes_an_unsolvable_puzzle_with_the_solver_first() {
    let server = Client::default_app();
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
    server
        .post("/rate")
        .json(&body)
        .await
        .assert_problem_detail(422, "has no solution");
}

#[tokio::test]
async fn a_body_of_a_million_values_is_refused_while_it_is_read() {
    let server = Client::default_app();
    let values = "0,".repeat(400_000);
    let body = format!("{{\"genre\":\"kakuro\",\"puzzle\":{{\"grid\":[{values}0]}}}}");
    server
        .post("/solve")
        .body(Some("application/json"), body)
        .await
        .assert_problem_detail(400, "more than 8192 JSON values");
}

/// `/solve` of a small puzzle, its body padded with spaces to 1 MiB and sent in pieces of
/// `piece` bytes: (status, problem type).
async fn solve_in_pieces(piece: usize) -> (u16, serde_json::Value) {
    use axum::body::{Body, Bytes};
    use http_body_util::BodyExt;
    use tower::ServiceExt;
    let mut body = json!({"id": "kakuro:3x3:DbAb/4.6.3.7"})
        .to_string()
        .into_bytes();
    body.resize((1 << 20) - 1, b' ');
    let pieces: Vec<Result<Bytes, std::io::Error>> = body
        .chunks(piece)
        .map(|chunk| Ok(Bytes::copy_from_slice(chunk)))
        .collect();
    let request = axum::http::Request::post("/solve")
        .header("content-type", "application/json")
        .body(Body::from_stream(futures_util::stream::iter(pieces)))
        .unwrap();
    let app = sumpuzzles::http::app(sumpuzzles::http::AppState::new(
        sumpuzzles::http::ServerConfig::default(),
    ));
    let response = app.oneshot(request).await.unwrap();
    let status = response.status().as_u16();
    let bytes = response.into_body().collect().await.unwrap().to_bytes();
    (status, serde_json::from_slice(&bytes).unwrap())
}

#[tokio::test]
async fn a_body_in_one_byte_pieces_is_refused_while_it_is_read() {
    // The issue's 1 MiB in 1-byte chunks cost 1.6-1.9 s of CPU on the runtime; it is refused
    // after a few thousand pieces.
    let (status, problem) = solve_in_pieces(1).await;
    assert_eq!(status, 400, "{problem}");
    assert_eq!(problem["type"], "/problems/fragmented-body", "{problem}");
    // The same body in pieces of a few hundred bytes, as a slow link delivers it, is read.
    let (status, report) = solve_in_pieces(300).await;
    assert_eq!(status, 200, "{report}");
    assert_eq!(report["unique"], true, "{report}");
}
