//! The published Killer Sudoku puzzles (`killer-sudoku.jsonl` in the test data) through the
//! router: each is drawn, and each with a solution solves to it (uniquely, where the solver
//! decides it within the budget), checks as solved, checks a broken copy with the cell and
//! the cage named, and is rated. TAREK_ALL #36-#39, whose cages touch only at corners, are
//! read under the relaxed rules like the others. And `/genres` says each shape's levels.

use serde_json::{json, Value};

use crate::common::{self, Client};

const GENRE: &str = "killer-sudoku";

/// The budget of a solve or a rating here: what tests/killer_sudoku_solver.rs gives the forum's
/// hardest killers, enough for every newspaper and site puzzle.
const STEPS: u64 = 1_200_000;

/// Whether some cage's cells touch only at corners (the relaxed reading).
fn diagonal(record: &Value) -> bool {
    record["cages"].as_array().unwrap().iter().any(|cage| {
        let cells: Vec<(i64, i64)> = cage["cells"]
            .as_array()
            .unwrap()
            .iter()
            .map(|cell| (cell[0].as_i64().unwrap(), cell[1].as_i64().unwrap()))
            .collect();
        cells.len() > 1
            && cells.iter().any(|&(r, c)| {
                !cells
                    .iter()
                    .any(|&(r2, c2)| (r - r2).abs() + (c - c2).abs() == 1)
            })
    })
}

fn solution(record: &Value) -> Option<Vec<String>> {
    let rows = record["solution"].as_array()?;
    Some(
        rows.iter()
            .map(|row| row.as_str().unwrap().to_string())
            .collect(),
    )
}

#[tokio::test]
async fn every_published_puzzle_is_drawn_with_its_sums() {
    let records = common::killer::records();
    let server = Client::default_app();
    let mut relaxed = 0;
    for record in &records {
        let name = record["name"].as_str().unwrap();
        relaxed += usize::from(diagonal(record));
        let drawn = server
            .post("/render")
            .header("accept", "image/svg+xml")
            .json(&json!({"genre": GENRE, "puzzle": common::killer::object(record)}))
            .await;
        assert_eq!(
            (drawn.status, drawn.content_type().as_str()),
            (200, "image/svg+xml"),
            "{name}: {drawn}"
        );
        let svg = drawn.text();
        for cage in record["cages"].as_array().unwrap() {
            let sum = &cage["sum"];
            assert!(svg.contains(&format!(">{sum}<")), "{name}: no sum {sum}");
        }
    }
    assert_eq!(relaxed, 4, "TAREK_ALL #36-#39 touch at corners");
}

#[tokio::test]
async fn every_published_solution_is_found_checked_and_rated() {
    let records = common::killer::records();
    let server = Client::default_app();
    let (mut with_solution, mut unique) = (0, 0);
    for record in &records {
        let Some(given) = solution(record) else {
            continue;
        };
        with_solution += 1;
        let name = record["name"].as_str().unwrap();
        let puzzle = common::killer::object(record);

        let solved = server
            .post("/solve")
            .json(&json!({"genre": GENRE, "puzzle": puzzle, "limit": 2, "budget": STEPS}))
            .await;
        if common::killer::forum_hardest(record) && solved.status == 422 {
            // The budget ran out before a solution: allowed for the forum's hardest only.
            assert_eq!(
                solved.json()["type"],
                "/problems/budget-exhausted",
                "{name}: {solved}"
            );
        } else {
            let solved = solved.expect_json(200);
            assert_eq!(solved["genre"], GENRE, "{name}");
            assert_eq!(
                solved["solutions"][0],
                json!(given),
                "{name}: another solution"
            );
            assert!(solved["count"].as_u64() == Some(1), "{name}: {solved}");
            if !common::killer::forum_hardest(record) {
                assert_eq!(solved["unique"], true, "{name}: {solved}");
                assert_eq!(solved["complete"], true, "{name}");
            }
            unique += usize::from(solved["unique"] == true);
        }

        let checked = server
            .post("/check")
            .json(&json!({"genre": GENRE, "puzzle": puzzle, "answer": given}))
            .await
            .expect_json(200);
        assert_eq!(
            checked,
            json!({"genre": GENRE, "solved": true, "violations": []}),
            "{name}"
        );

        // The first cell takes the second's digit: row 0 repeats it and the first cell's
        // cage no longer adds up.
        let mut broken = given.clone();
        let first: Vec<char> = broken[0].chars().collect();
        broken[0] = std::iter::once(first[1])
            .chain(first[1..].iter().copied())
            .collect();
        let checked = server
            .post("/check")
            .json(&json!({"genre": GENRE, "puzzle": puzzle, "answer": broken}))
            .await
            .expect_json(200);
        assert_eq!(checked["solved"], false, "{name}");
        let violations = checked["violations"].as_array().unwrap();
        let names_first = |v: &Value| v["cells"].as_array().unwrap().contains(&json!([0, 0]));
        let row = violations
            .iter()
            .find(|v| v["rule"] == "RowRepeat")
            .unwrap_or_else(|| panic!("{name}: no row repeat in {checked}"));
        assert_eq!(row["row"], 0, "{name}");
        assert_eq!(row["digit"], first[1].to_string(), "{name}");
        assert!(names_first(row), "{name}: {row}");
        let cage_of_first = record["cages"]
            .as_array()
            .unwrap()
            .iter()
            .find(|cage| cage["cells"].as_array().unwrap().contains(&json!([0, 0])))
            .unwrap();
        let cage = violations
            .iter()
            .find(|v| v["rule"] == "CageSum" && names_first(v))
            .unwrap_or_else(|| panic!("{name}: no cage sum at r1c1 in {checked}"));
        assert_eq!(cage["sum"], cage_of_first["sum"], "{name}");
        assert_eq!(
            cage["cells"].as_array().unwrap().len(),
            cage_of_first["cells"].as_array().unwrap().len(),
            "{name}"
        );
        assert!(violations
            .iter()
            .all(|v| !v["message"].as_str().unwrap().is_empty()));

        let rated = server
            .post("/rate")
            .json(&json!({"genre": GENRE, "puzzle": puzzle, "budget": STEPS}))
            .await
            .expect_json(200);
        assert_eq!(rated["genre"], GENRE, "{name}");
        assert_eq!(rated["profile"], "killer-human", "{name}");
        assert_ne!(rated["uniqueness"], "not_unique", "{name}: {rated}");
        if rated["status"] == "rated" {
            assert!(rated["level"].is_string(), "{name}: {rated}");
            assert!(rated["score"].is_number(), "{name}: {rated}");
        }
    }
    assert_eq!(with_solution, 19);
    // The 15 from newspapers and sites at least are proven unique.
    assert!(unique >= 15, "{unique} proven unique");
}

/// `GET /genres` gives each Killer Sudoku shape the levels its generator makes: 4x4 has no
/// hard, so the play page's Level menu offers none there.
#[tokio::test]
async fn genres_lists_the_levels_of_each_shape() {
    let genres = Client::default_app().get("/genres").await.expect_json(200);
    let killer = genres
        .as_array()
        .unwrap()
        .iter()
        .find(|genre| genre["name"] == "killer-sudoku")
        .unwrap();
    let every = json!(["easy", "medium", "hard", "expert"]);
    assert_eq!(killer["levels"], every);
    assert_eq!(
        killer["shape_levels"],
        json!([
            {"shape": "4x4", "levels": ["easy", "medium", "expert"]},
            {"shape": "6x6", "levels": every},
            {"shape": "9x9", "levels": every},
            {"shape": "12x12", "levels": every},
            {"shape": "16x16", "levels": every},
        ])
    );
}
