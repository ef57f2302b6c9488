//! The operations on a puzzle: solve, rate, check and hint, on known puzzles.

use serde_json::json;

use crate::common::{self, Client};

#[tokio::test]
async fn solve_rate_and_check_the_spec_example() {
    let server = Client::default_app();
    let puzzle = json!({"grid": common::SPEC_EXAMPLE.lines().collect::<Vec<_>>()});
    let solved = server
        .post("/solve")
        .json(&json!({"genre": "kakuro", "puzzle": puzzle, "limit": 5}))
        .await
        .expect_json(200);
    assert_eq!(solved["count"], 1);
    assert_eq!(solved["unique"], true);
    assert_eq!(solved["complete"], true);
    assert_eq!(solved["solutions"][0], json!(common::SPEC_EXAMPLE_SOLUTION));

    let rated = server
        .post("/rate")
        .json(&json!({"genre": "kakuro", "text": common::SPEC_EXAMPLE}))
        .await
        .expect_json(200);
    assert_eq!(rated["level"], "easy");
    assert_eq!(rated["unique"], true);
    assert!(rated["deductions"].as_array().unwrap().len() > 5);
    assert!(rated["techniques"]["single"].as_u64().unwrap() > 0);

    let checked = server
        .post("/check")
        .json(
            &json!({"genre": "kakuro", "puzzle": puzzle, "answer": common::SPEC_EXAMPLE_SOLUTION}),
        )
        .await
        .expect_json(200);
    assert_eq!(
        checked,
        json!({"genre": "kakuro", "solved": true, "violations": []})
    );
}

#[tokio::test]
async fn hint_gives_the_next_placement_or_the_wrong_digit() {
    let server = Client::default_app();
    let hinted = server
        .post("/hint")
        .json(&json!({"id": "kakuro:3x3:DbAb/4.6.3.7", "answer": ["###", "#..", "#.."]}))
        .await
        .expect_json(200);
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

    let wrong = server
        .post("/hint")
        .json(&json!({"id": "kakuro:3x3:DbAb/4.6.3.7", "answer": "###\n#2.\n#.."}))
        .await
        .expect_json(200);
    assert_eq!(wrong["kind"], "wrong");
    assert_eq!(wrong["cells"], json!([[1, 1]]));
    assert_eq!(wrong["placed"], json!([]));

    // An answer of the wrong shape, and a puzzle with two solutions: 422 with the reason.
    let problem = server
        .post("/hint")
        .json(&json!({"id": "kakuro:3x3:DbAb/4.6.3.7", "answer": ["###", "#.."]}))
        .await;
    assert_eq!(problem.status, 422, "{problem}");
    assert_eq!(problem.content_type(), "application/problem+json");
    let problem = server
        .post("/hint")
        .json(&json!({"text": common::ARTICLE_DRAFT, "answer": common::ARTICLE_MAIN_SOLUTION.map(|row| row.replace(|c: char| c.is_ascii_digit(), "."))}))
        .await
        .expect_json(422);
    assert!(problem["detail"]
        .as_str()
        .unwrap()
        .contains("more than one solution"));
}

#[tokio::test]
async fn check_points_at_the_broken_clue() {
    let server = Client::default_app();
    // Row 1 across 3 = 1 + 2 holds, column 1 down 4 = 1 + 3 holds; r2c2 = 5 breaks the across
    // 7 at (2,0) and the down 6 at (0,2).
    let checked = server
        .post("/check")
        .json(&json!({"id": "kakuro:3x3:DbAb/4.6.3.7", "answer": "###\n#12\n#35"}))
        .await
        .expect_json(200);
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
    let unfinished = server
        .post("/check")
        .json(&json!({"id": "kakuro:3x3:DbAb/4.6.3.7", "answer": ["###", "#1.", "#3."], "finish": true}))
        .await
        .json();
    let rules: Vec<&str> = unfinished["violations"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v["rule"].as_str().unwrap())
        .collect();
    assert_eq!(rules, vec!["R2", "R2"]);
}

/// `/rate` never reports a level it did not establish: the budget running out in the rating
/// leaves no level and no score, and in the uniqueness check keeps the level and says
/// `unknown`.
#[tokio::test]
async fn rate_says_what_a_short_budget_established() {
    use sumpuzzles::genres::kakuro::Kakuro;
    use sumpuzzles::genres::{Formats, Genre};

    let server = Client::default_app();
    let hard = "kakuro:8x8:KbAbCbAbCeAcAcAeCbAbCbAbB/16.24.27.29.11.17.8.29.10.26.27.32.15.13.20.33.16.3.12.14";
    let rated = server
        .post("/rate")
        .json(&json!({"id": hard, "budget": 20}))
        .await
        .expect_json(200);
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
    let rated = server
        .post("/rate")
        .json(&json!({"genre": "kakuro", "text": common::ARTICLE_DRAFT, "budget": steps + 1}))
        .await
        .expect_json(200);
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
