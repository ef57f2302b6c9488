//! Cryptic Kakuro through the operations layer the HTTP layer and the CLI call: the puzzle as
//! a line, an ID or JSON; the solve report's letters and encrypted value; the checker; the
//! rating.

use serde_json::json;
use sumpuzzles::genres::GenreId;
use sumpuzzles::ops::{self, CheckRequest, PuzzleSource, SolveRequest};
use sumpuzzles::Error;
use sumpuzzles::{Budget, InputErrorKind, Level};

/// The example of the issue; its encrypted value is 8426039571.
const EXAMPLE: &str = "6,X,X,(vCC),(vI),X,X,X,(hH),B,O,(vCA),(vJE),X,(hFE,vD),O,O,O,O,(hA),O,I,(hJC,vB),O,O,(hJC),H,O,O,O,X,X,X,(hJE),O,O,X";
/// The example's solution rows.
const EXAMPLE_ROWS: [&str; 6] = ["######", "##41##", "##9687", "#17#93", "#5214#", "###37#"];

/// Solves a request body as `POST /solve` reads it.
fn solve_body(value: serde_json::Value) -> Result<serde_json::Value, Error> {
    let request: SolveRequest = ops::from_json(value.to_string().as_bytes())?;
    let report = ops::solve(&request, &mut Budget::new(10_000_000))?;
    Ok(serde_json::to_value(report).unwrap())
}

fn example() -> PuzzleSource {
    PuzzleSource::text(Some(GenreId::KakuroCryptic), EXAMPLE)
}

#[test]
fn solve_reports_letters_and_the_encrypted_value() {
    let report = solve_body(json!({"genre": "kakuro-cryptic", "text": EXAMPLE})).unwrap();
    assert_eq!(report["genre"], "kakuro-cryptic");
    assert_eq!(report["count"], 1);
    assert_eq!(report["unique"], true);
    assert_eq!(report["encrypted"], "8426039571");
    assert_eq!(
        report["letters"],
        json!({"A": 8, "B": 4, "C": 2, "D": 6, "E": 0, "F": 3, "G": 9, "H": 5, "I": 7, "J": 1})
    );
    assert_eq!(report["solutions"], json!([EXAMPLE_ROWS]));
}

#[test]
fn every_form_of_the_example_solves_alike() {
    let forms = ops::format(&example().into()).unwrap();
    assert_eq!(forms.text, EXAMPLE);
    for request in [
        json!({"id": forms.id}),
        json!({"genre": "kakuro-cryptic", "id": forms.id}),
        json!({"genre": "kakuro-cryptic", "puzzle": forms.puzzle}),
        json!({"genre": "kakuro-cryptic", "text": format!("{EXAMPLE}\r\n")}),
    ] {
        let report = solve_body(request.clone()).unwrap();
        assert_eq!(report["encrypted"], "8426039571", "{request}");
    }
    // A file holding the ID is recognised by its prefix.
    let source = PuzzleSource::from_content(&forms.id, None).unwrap();
    assert_eq!(source.genre().unwrap(), GenreId::KakuroCryptic);
}

#[test]
fn two_mappings_are_reported_as_not_unique() {
    let without_h = EXAMPLE.replacen("(hJC),H,", "(hJC),O,", 1);
    let report = solve_body(json!({"genre": "kakuro-cryptic", "text": without_h})).unwrap();
    assert_eq!(report["count"], 2);
    assert_eq!(report["unique"], false);
    assert_eq!(report["complete"], true);
    assert!(
        report.get("letters").is_some(),
        "the first solution's letters"
    );
}

#[test]
fn malformed_lines_are_input_errors() {
    let error = solve_body(json!({"genre": "kakuro-cryptic", "text": "6,X,(hK)"})).unwrap_err();
    let Error::Input(error) = error else {
        panic!("{error}")
    };
    assert_eq!(error.kind, InputErrorKind::Syntax);
    assert!(error.to_string().starts_with("cell 1: "), "{error}");
}

/// The check report, each violation with its typed fields only: the description beside them
/// (`kind`, `message`, `cells`, `clues`), which every violation has, is taken out.
fn check(answer: &[&str], finish: bool) -> serde_json::Value {
    let options = ops::CheckOptions {
        answer: answer.into(),
        finish: Some(finish),
    };
    let report = ops::check(&CheckRequest::new(example(), options)).unwrap();
    let mut report = serde_json::to_value(report).unwrap();
    for violation in report["violations"].as_array_mut().unwrap() {
        let fields = violation.as_object_mut().unwrap();
        for key in ["kind", "message", "cells", "clues"] {
            assert!(fields.remove(key).is_some(), "a violation without `{key}`");
        }
    }
    report
}

#[test]
fn the_solution_checks_as_solved() {
    let report = check(&EXAMPLE_ROWS, false);
    assert_eq!(report["solved"], true);
    assert_eq!(report["violations"], json!([]));
}

#[test]
fn a_repeated_digit_breaks_its_runs() {
    // Row 1 written 4 4: the across run H repeats 4.
    let mut rows = EXAMPLE_ROWS;
    rows[1] = "##44##";
    let report = check(&rows, false);
    let violations = report["violations"].as_array().unwrap();
    assert!(
        violations.contains(&json!({
            "rule": "R1", "row": 1, "col": 1, "down": 0, "sum": "H", "total": 8, "repeated": 4
        })),
        "{violations:?}"
    );
}

#[test]
fn letters_read_two_ways_are_reported_where_they_are_read() {
    // Cell (1,2) shows B: writing 3 there reads B as 3, but the down run B at (3,3) still
    // adds up to 4; the across run H now adds up to 4 too, so 4 is read as both B and H; and
    // the down run CC adds up to 21, which a doubled letter cannot write (R1).
    let mut rows = EXAMPLE_ROWS;
    rows[1] = "##31##";
    let report = check(&rows, false);
    let violations = report["violations"].as_array().unwrap();
    assert!(!violations.is_empty());
    assert!(violations
        .iter()
        .all(|v| v["rule"] == "R3" || v["rule"] == "R1"));
    for (row, col, letter, digit) in [(1, 2, "B", 3), (3, 3, "B", 4), (1, 1, "H", 4)] {
        assert!(
            violations.iter().any(|v| v["rule"] == "R3"
                && v["row"] == row
                && v["col"] == col
                && v["letter"] == letter
                && v["digit"] == digit),
            "{row},{col} {letter}={digit}: {violations:?}"
        );
    }
    // Read from a cell, a letter carries no run; read from a run, the run's sum and total.
    assert!(
        violations.contains(&json!({"rule": "R3", "row": 1, "col": 2, "letter": "B", "digit": 3}))
    );
    assert!(violations.contains(&json!({
        "rule": "R3", "row": 1, "col": 1, "down": 0, "sum": "H", "total": 4, "letter": "H", "digit": 4
    })));
    assert!(
        violations.contains(&json!({
            "rule": "R1", "row": 0, "col": 2, "down": 1, "sum": "CC", "total": 21
        })),
        "{violations:?}"
    );
    assert_eq!(report["solved"], false);
}

#[test]
fn a_total_its_letters_cannot_write_breaks_the_run() {
    // The across run A (8) written 9 + 7 = 16: one letter cannot write 16.
    let mut rows = EXAMPLE_ROWS;
    rows[3] = "#97#93";
    let report = check(&rows, false);
    let violations = report["violations"].as_array().unwrap();
    assert!(
        violations.contains(&json!({
            "rule": "R1", "row": 3, "col": 0, "down": 0, "sum": "A", "total": 16
        })),
        "{violations:?}"
    );
}

#[test]
fn unmarked_cells_are_open_until_finished() {
    let rows = ["######", "##41##", "##....", "#17#93", "#5214#", "###37#"];
    let open = check(&rows, false);
    assert_eq!(open["violations"], json!([]));
    assert_eq!(open["solved"], false);
    let finished = check(&rows, true);
    let violations = finished["violations"].as_array().unwrap();
    assert_eq!(violations.iter().filter(|v| v["rule"] == "R2").count(), 4);
}

#[test]
fn rating_is_the_kakuro_rating_of_the_decoded_grid() {
    let rating = ops::rate(&example().into(), &mut Budget::new(100_000_000)).unwrap();
    assert!(rating.unique);
    assert!(rating.complete);
    assert_eq!(rating.profile, "kakuro-human");
    // The decoded Kakuro, rated directly, gets the same level.
    let kakuro = "# # 22/ 7/ # #\n# /5 . . 28/ 10/\n# 6/30 . . . .\n/8 . . 4/12 . .\n/12 . . . . #\n# # /10 . . #";
    let direct = ops::rate(
        &PuzzleSource::text(Some(GenreId::Kakuro), kakuro).into(),
        &mut Budget::new(100_000_000),
    )
    .unwrap();
    assert_eq!(rating.level, direct.level);
    assert!(rating.level <= Some(Level::Expert));
    // Its score and descriptors too: the decoded grid's.
    assert_eq!(rating.score, direct.score);
    assert!(rating.score.is_some());
    assert_eq!(rating.descriptors, direct.descriptors);
}
