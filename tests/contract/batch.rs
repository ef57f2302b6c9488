//! Batches and `solution=false`: seed order past a failing seed, every genre without its
//! solution in every generating endpoint, and the CLI's batch.

use std::process::Command;

use serde_json::{json, Value};

use crate::common::Client;
use crate::{batch_lines, steady};

#[tokio::test]
async fn a_batch_answers_in_seed_order_and_goes_on_past_a_failing_seed() {
    let service = Client::default_app();
    let single = |seed: u64| format!("/generate?genre=kakuro&shape=7x7&level=hard&seed={seed}");
    // The budget that makes the cheapest of these seeds: the others need more and fail.
    let seeds = [9_u64, 4, 7, 1];
    let mut steps = Vec::new();
    let mut reports = Vec::new();
    for seed in seeds {
        let report = service.get(&single(seed)).await.json();
        steps.push(report["stats"]["steps"].as_u64().unwrap());
        reports.push(steady(report));
    }
    let budget = *steps.iter().min().unwrap();
    assert!(steps.iter().filter(|&&s| s == budget).count() < seeds.len());

    let body = json!({"genre": "kakuro", "shape": "7x7", "level": "hard", "seeds": seeds, "budget": budget});
    // Another service: this one keeps the answers it made, and sends a kept answer whatever
    // the request's budget (see src/http/answers.rs).
    let fresh = Client::default_app();
    let lines = batch_lines(&fresh.post("/generate/batch").json(&body).await);
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
        &service
            .post("/generate/batch?genre=kakuro&shape=7x7&level=hard&count=3&seed=7&solution=false")
            .body(None, "")
            .await,
    );
    let seeds_of: Vec<u64> = lines.iter().map(|l| l["seed"].as_u64().unwrap()).collect();
    assert_eq!(seeds_of, [7, 8, 9]);
    assert_eq!(lines[0]["id"], reports[2]["id"]);
    assert!(lines.iter().all(|line| line.get("solution").is_none()));

    service
        .post("/generate/batch")
        .json(&json!({"genre": "kakuro", "count": 101}))
        .await
        .expect_json(422);
}

#[tokio::test]
async fn without_the_solution_no_genre_gives_it_away() {
    let service = Client::default_app();
    let genres = service.get("/genres").await.json();
    for genre in genres.as_array().unwrap() {
        let name = genre["name"].as_str().unwrap();
        let shape = genre["default_shape"].as_str().unwrap();
        let query = format!("genre={name}&shape={shape}&level=easy&solution=false");
        let generated = service
            .get(&format!("/generate?{query}&seed=2"))
            .await
            .expect_json(200);
        let daily = service
            .get(&format!("/daily?{query}"))
            .await
            .expect_json(200);
        let batch = batch_lines(
            &service
                .post(&format!("/generate/batch?{query}&seeds=2"))
                .body(None, "")
                .await,
        );
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
        let full = service
            .get(&format!(
                "/generate?genre={name}&shape={shape}&level=easy&seed=2"
            ))
            .await
            .json();
        assert!(full["solution"].is_array(), "{name}");
        assert_eq!(full["id"], generated["id"]);
    }
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
