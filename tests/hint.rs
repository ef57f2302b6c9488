//! Hints: following them from an empty answer solves every corpus puzzle of every registered
//! genre, never needs a technique harder than the puzzle's rating, and a wrong mark is pointed
//! at, in every genre.

mod common;

use common::samples::{empty_answer, sample};
use serde_json::Value;
use sumpuzzles::genres::kakuro::Kakuro;
use sumpuzzles::genres::{Formats, Genre, GenreId};
use sumpuzzles::ops::{
    self, CheckOptions, CheckRequest, HintOptions, HintReport, HintRequest, PuzzleSource,
};
use sumpuzzles::Error;
use sumpuzzles::HintKind;
use sumpuzzles::{Budget, Level};

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

fn set(answer: &mut [String], row: usize, col: usize, value: char) {
    let mut chars: Vec<char> = answer[row].chars().collect();
    chars[col] = value;
    answer[row] = chars.into_iter().collect();
}

/// Follows hints from the empty answer until solved; every placement must agree with the
/// solution, and no hint may be harder than `level`. Returns how many hints it took.
fn follow_hints(
    source: &PuzzleSource,
    mut answer: Vec<String>,
    solution: &[String],
    level: Level,
) -> usize {
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

fn follow_corpus(genre: GenreId) {
    for (name, entry) in common::corpus_records(genre.name()) {
        let id = entry["id"].as_str().unwrap();
        let source = PuzzleSource::id(id);
        let solution = rows(&entry["solution"]);
        let empty = empty_answer(genre, id);
        let count = follow_hints(&source, empty, &solution, level_of(&entry));
        assert!(count > 0, "{name}");
    }
}

#[test]
fn following_hints_solves_every_corpus_puzzle() {
    for &genre in GenreId::ALL {
        follow_corpus(genre);
    }
}

#[test]
fn the_first_hint_of_the_spec_example_explains_a_sum() {
    let source = PuzzleSource::text(None, common::SPEC_EXAMPLE);
    let puzzle = Kakuro::parse_text(common::SPEC_EXAMPLE).unwrap();
    let report = hint(&source, &Kakuro::empty_answer(&puzzle));
    assert_eq!(report.hint.kind, HintKind::Deduction);
    assert_eq!(report.hint.placed.len(), 1);
    assert!(
        report.hint.explanation.contains("adding up to"),
        "{}",
        report.hint.explanation
    );
    assert!(!report.hint.clues.is_empty());
}

/// A killer cage of one cell holds its sum: its hint says so, not "a few sets of different
/// digits make the cage of 1 cells". (The generator's 4x4 easy puzzle of seed 1, with two
/// such cages; the first is the first hint.)
#[test]
fn a_killer_cage_of_one_cell_is_explained_as_one_cell() {
    const FOUR: &str = "genre: killer-sudoku\nA B C C\nB B C D\nE B F D\nG F F H\n\
                        A=4 B=10 C=9 D=3 E=3 F=6 G=1 H=4\n";
    let source = PuzzleSource::text(None, FOUR);
    let mut answer = vec!["....".to_string(); 4];
    let mut explanations = Vec::new();
    loop {
        let report = hint(&source, &answer);
        if report.hint.kind == HintKind::Solved {
            break;
        }
        assert_eq!(report.hint.kind, HintKind::Deduction, "{report:?}");
        for placed in &report.hint.placed {
            set(&mut answer, placed.row, placed.col, placed.value);
        }
        explanations.push(report.hint.explanation);
        assert!(
            explanations.len() <= 16,
            "hints did not finish: {explanations:?}"
        );
    }
    assert!(
        explanations.iter().all(|text| !text.contains("1 cells")),
        "{explanations:?}"
    );
    assert!(
        explanations[0].starts_with(
            "The cell at row 1, column 1 is a cage of its own, so it holds the cage's sum, 4, \
             which rules out 1, 2 and 3 from row 1, column 1"
        ),
        "{explanations:?}"
    );
}

/// A digit with one place left in a house is there because something took it from the house's
/// other cells: the hint says what, and then places it. (The generator's 4x4 easy puzzle of
/// seed 0: cage C, three cells of row 2 adding up to 6, can only be 1, 2 and 3, so the 4 of
/// row 2 goes in its fourth cell.)
#[test]
fn a_hidden_single_says_what_took_the_digit_from_the_other_cells() {
    const FOUR: &str = "genre: killer-sudoku\nA A B B\nC C C D\nE E F F\nE G G F\n\
                        A=5 B=5 C=6 D=4 E=7 F=8 G=5\n";
    let source = PuzzleSource::text(None, FOUR);
    let report = hint(&source, &vec!["....".to_string(); 4]);
    assert_eq!(report.hint.kind, HintKind::Deduction, "{report:?}");
    let techniques: Vec<&str> = report.hint.deductions.iter().map(|d| d.technique).collect();
    assert_eq!(
        techniques,
        ["cage_combinations", "hidden_single"],
        "{report:?}"
    );
    assert_eq!(report.hint.technique, Some("cage_combinations"));
    assert_eq!(
        report.hint.explanation,
        "Only a few sets of different digits make the cage of 3 cells adding up to 6 (its sum \
         is in row 2, column 1), and only those that fit its cells remain, which rules out 4 \
         from row 2, column 1, 4 from row 2, column 2 and 4 from row 2, column 3; then, in \
         row 2, only one cell can hold a 4: row 2, column 4 is 4."
    );
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
fn a_wrong_mark_is_pointed_at_in_every_genre() {
    for &genre in GenreId::ALL {
        let common::samples::Sample {
            id,
            solution,
            empty,
            wrong,
        } = sample(genre);
        // The one cell where the wrong answer differs from the solution.
        let changed: Vec<[usize; 2]> = solution
            .iter()
            .zip(&wrong)
            .enumerate()
            .flat_map(|(row, (right, wrong))| {
                let cols = right.chars().zip(wrong.chars()).enumerate();
                cols.filter(|(_, (r, w))| r != w)
                    .map(move |(col, _)| [row, col])
            })
            .collect();
        assert_eq!(changed.len(), 1, "{genre}: {wrong:?} against {solution:?}");
        let source = PuzzleSource::id(id);
        let report = hint(&source, &wrong);
        assert_eq!(report.hint.kind, HintKind::Wrong, "{genre}");
        assert_eq!(report.hint.cells, changed, "{genre}");
        assert!(
            !solved(&source, &wrong),
            "{genre}: the wrong answer is solved"
        );
        // From the empty answer there is a deduction to make.
        let report = hint(&source, &empty);
        assert_eq!(report.hint.kind, HintKind::Deduction, "{genre}");
    }
}

#[test]
fn hints_need_exactly_one_solution() {
    let source = PuzzleSource::text(None, common::ARTICLE_DRAFT);
    let answer = Kakuro::empty_answer(&Kakuro::parse_text(common::ARTICLE_DRAFT).unwrap());
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

/// The sums a sentence names ("adding up to X"), as it writes them.
fn sums_in(explanation: &str) -> Vec<String> {
    explanation
        .match_indices("adding up to ")
        .map(|(i, m)| {
            explanation[i + m.len()..]
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric())
                .collect()
        })
        .collect()
}

/// A cryptic Kakuro hint names a run's sum in the letters the board shows (`adding up to CA`),
/// never in the digits they stand for, which would give the letters' values away; its
/// `explanation_values` is the same sentence with each of those sums in digits, for a player
/// who asks. A Kakuro hint, whose sums are digits already, has none.
#[test]
fn cryptic_hints_name_sums_in_letters() {
    let sample = common::samples::sample(GenreId::KakuroCryptic);
    let source = PuzzleSource::id(sample.id);
    let mut answer = sample.empty.clone();
    let mut sums_named = 0;
    for _ in 0..=sample.solution.iter().map(String::len).sum::<usize>() {
        let report = hint(&source, &answer);
        if report.hint.kind != HintKind::Deduction {
            break;
        }
        let explanation = &report.hint.explanation;
        for (_, after) in explanation
            .match_indices("adding up to ")
            .map(|(i, m)| explanation.split_at(i + m.len()))
        {
            let sum: String = after
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric())
                .collect();
            assert!(
                !sum.is_empty() && sum.chars().all(|c| ('A'..='J').contains(&c)),
                "a cryptic hint names the sum {sum:?}: {explanation}"
            );
            sums_named += 1;
        }
        let values = report
            .hint
            .explanation_values
            .as_deref()
            .expect("a cryptic deduction hint has its sentence with the values");
        let (letters, digits) = (sums_in(explanation), sums_in(values));
        assert_eq!(letters.len(), digits.len(), "{explanation} / {values}");
        assert!(
            digits
                .iter()
                .all(|sum| !sum.is_empty() && sum.chars().all(|c| c.is_ascii_digit())),
            "the values sentence names a sum in letters: {values}"
        );
        let mut decoded = explanation.clone();
        for (letter, digit) in letters.iter().zip(&digits) {
            decoded = decoded.replacen(
                &format!("adding up to {letter}"),
                &format!("adding up to {digit}"),
                1,
            );
        }
        assert_eq!(
            &decoded, values,
            "the two sentences differ beyond their sums"
        );
        for placed in &report.hint.placed {
            set(&mut answer, placed.row, placed.col, placed.value);
        }
    }
    assert!(
        sums_named > 0,
        "no hint of the cryptic sample named a run's sum"
    );
    let kakuro = common::samples::sample(GenreId::Kakuro);
    let report = hint(&PuzzleSource::id(kakuro.id), &kakuro.empty);
    assert_eq!(report.hint.kind, HintKind::Deduction);
    assert_eq!(report.hint.explanation_values, None);
}
