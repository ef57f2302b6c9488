//! Hints: following them from an empty answer solves every corpus puzzle, never needs a
//! technique harder than the puzzle's rating, and a wrong mark is pointed at.

mod common;

use serde_json::Value;
use sumpuzzles::genres::GenreId;
use sumpuzzles::ops::{
    self, CheckOptions, CheckRequest, GenerateRequest, HintOptions, HintReport, HintRequest,
    PuzzleSource,
};
use sumpuzzles::Error;
use sumpuzzles::HintKind;
use sumpuzzles::{Budget, Level, Shape, TargetLevel};

fn budget() -> Budget {
    Budget::new(2_000_000_000)
}

fn hint_request(source: &PuzzleSource, answer: &[String]) -> HintRequest {
    let options = HintOptions {
        answer: answer.into(),
        budget: None,
    };
    HintRequest::new(source.clone(), options)
}

fn hint(source: &PuzzleSource, answer: &[String]) -> HintReport {
    ops::hint(&hint_request(source, answer), &mut budget()).expect("a hint")
}

fn solved(source: &PuzzleSource, answer: &[String]) -> bool {
    let options = CheckOptions {
        answer: answer.into(),
        finish: Some(true),
    };
    ops::check(&CheckRequest::new(source.clone(), options))
        .unwrap()
        .solved
}

/// The empty answer: `#` where the solution has a block (Kakuro), `.` elsewhere.
fn empty_answer(solution: &[String], genre: GenreId) -> Vec<String> {
    solution
        .iter()
        .map(|row| {
            row.chars()
                .map(|c| match (genre, c) {
                    (GenreId::Kakurasu, _) => '.',
                    (_, '#') => '#',
                    _ => '.',
                })
                .collect()
        })
        .collect()
}

fn set(answer: &mut [String], row: usize, col: usize, value: char) {
    let mut chars: Vec<char> = answer[row].chars().collect();
    chars[col] = value;
    answer[row] = chars.into_iter().collect();
}

/// Follows hints from the empty answer until solved; every placement must agree with the
/// solution, and no hint may be harder than `level`. Returns how many hints it took.
fn follow_hints(source: &PuzzleSource, genre: GenreId, solution: &[String], level: Level) -> usize {
    let mut answer = empty_answer(solution, genre);
    for count in 0..=solution.iter().map(String::len).sum::<usize>() {
        let report = hint(source, &answer);
        match report.hint.kind {
            HintKind::Solved => {
                assert!(solved(source, &answer), "solved hint on an unsolved answer");
                return count;
            }
            HintKind::Deduction => {
                assert!(!report.hint.placed.is_empty(), "{report:?}");
                assert!(!report.hint.explanation.is_empty());
                if let Some(hint_level) = report.hint.level {
                    assert!(
                        hint_level <= level,
                        "a {hint_level} hint in a {level} puzzle: {}",
                        report.hint.explanation
                    );
                }
                for placed in &report.hint.placed {
                    let right = solution[placed.row].as_bytes()[placed.col] as char;
                    assert_eq!(placed.value, right, "{}", report.hint.explanation);
                    set(&mut answer, placed.row, placed.col, placed.value);
                }
                let last = report
                    .hint
                    .deductions
                    .last()
                    .expect("the placing deduction");
                assert_eq!(last.placed, report.hint.placed);
            }
            other => panic!("unexpected {other:?} hint: {}", report.hint.explanation),
        }
    }
    panic!("hints did not finish the puzzle");
}

fn rows(value: &Value) -> Vec<String> {
    value
        .as_array()
        .expect("rows")
        .iter()
        .map(|row| row.as_str().unwrap().to_string())
        .collect()
}

fn level_of(entry: &Value) -> Level {
    let rating = ops::rate(
        &PuzzleSource::id(entry["id"].as_str().unwrap()).into(),
        &mut budget(),
    )
    .unwrap();
    rating.level.expect("a corpus puzzle is rated")
}

fn follow_corpus(folder: &str, genre: GenreId) {
    for (name, entry) in common::corpus_records(folder) {
        let source = PuzzleSource::id(entry["id"].as_str().unwrap());
        let solution = rows(&entry["solution"]);
        let count = follow_hints(&source, genre, &solution, level_of(&entry));
        assert!(count > 0, "{name}");
    }
}

#[test]
fn following_kakuro_hints_solves_every_corpus_puzzle() {
    follow_corpus("kakuro", GenreId::Kakuro);
}

#[test]
fn following_kakurasu_hints_solves_every_corpus_puzzle() {
    follow_corpus("kakurasu", GenreId::Kakurasu);
}

#[test]
fn following_cryptic_hints_solves_generated_puzzles() {
    for seed in 0..3 {
        let generated = ops::generate(
            &GenerateRequest::new(
                GenreId::KakuroCryptic,
                Some(Shape::new(8, 8)),
                TargetLevel::Any,
                seed,
            ),
            &mut budget(),
        )
        .unwrap();
        let source = PuzzleSource::id(generated.id.as_str());
        follow_hints(
            &source,
            GenreId::KakuroCryptic,
            generated
                .solution
                .as_deref()
                .expect("the solution is asked for"),
            generated.level,
        );
    }
}

#[test]
fn the_first_hint_of_the_spec_example_explains_a_sum() {
    let source = PuzzleSource::text(None, common::SPEC_EXAMPLE);
    let solution: Vec<String> = common::SPEC_EXAMPLE_SOLUTION.map(String::from).to_vec();
    let report = hint(&source, &empty_answer(&solution, GenreId::Kakuro));
    assert_eq!(report.hint.kind, HintKind::Deduction);
    assert_eq!(report.hint.placed.len(), 1);
    assert!(
        report.hint.explanation.contains("adding up to"),
        "{}",
        report.hint.explanation
    );
    assert!(!report.hint.clues.is_empty());
}

#[test]
fn a_wrong_digit_is_pointed_at_first_in_reading_order() {
    let source = PuzzleSource::text(None, common::SPEC_EXAMPLE);
    // Two wrong digits (row 2 col 3 should be 1, row 3 col 2 should be 1): the first in
    // reading order is named, and right digits elsewhere do not matter.
    let answer: Vec<String> = ["#####", "###92", "##923", "#...#", "#..##"]
        .iter()
        .map(|r| r.to_string())
        .collect();
    let report = hint(&source, &answer);
    assert_eq!(report.hint.kind, HintKind::Wrong);
    assert_eq!(report.hint.cells, vec![[1, 3]]);
    assert!(
        report.hint.placed.is_empty(),
        "a wrong hint gives nothing away"
    );
    assert!(report.hint.explanation.contains("row 2, column 4"));

    let empty_mark: Vec<String> = ["#####", "###0.", "##...", "#...#", "#..##"]
        .iter()
        .map(|r| r.to_string())
        .collect();
    let report = hint(&source, &empty_mark);
    assert_eq!(report.hint.kind, HintKind::Wrong);
    assert_eq!(report.hint.cells, vec![[1, 3]]);
}

#[test]
fn a_wrong_kakurasu_mark_is_pointed_at() {
    let (_, entry) = common::corpus_records("kakurasu").remove(0);
    let source = PuzzleSource::id(entry["id"].as_str().unwrap());
    let solution = rows(&entry["solution"]);
    let mut answer = empty_answer(&solution, GenreId::Kakurasu);
    // Mark the first cell the opposite way to the solution.
    let wrong = if solution[0].starts_with('#') {
        '-'
    } else {
        '#'
    };
    set(&mut answer, 0, 0, wrong);
    let report = hint(&source, &answer);
    assert_eq!(report.hint.kind, HintKind::Wrong);
    assert_eq!(report.hint.cells, vec![[0, 0]]);
}

#[test]
fn hints_need_exactly_one_solution() {
    let source = PuzzleSource::text(None, common::ARTICLE_DRAFT);
    let solution: Vec<String> = common::ARTICLE_MAIN_SOLUTION.map(String::from).to_vec();
    let answer = empty_answer(&solution, GenreId::Kakuro);
    match ops::hint(&hint_request(&source, &answer), &mut budget()) {
        Err(Error::Input(error)) => {
            assert!(
                error.to_string().contains("more than one solution"),
                "{error}"
            )
        }
        other => panic!("expected an input error, got {other:?}"),
    }
    // A malformed answer is an input error too, not a panic.
    let answer = vec!["##".to_string()];
    assert!(matches!(
        ops::hint(&hint_request(&source, &answer), &mut budget()),
        Err(Error::Input(_))
    ));
}
