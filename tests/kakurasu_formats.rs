//! Kakurasu formats: the spec's example in every format, absent clues, errors with positions,
//! and no panic on any input.

use proptest::prelude::*;
use sumpuzzles::genres::kakurasu::Kakurasu;
use sumpuzzles::genres::kakurasu::{format, Puzzle};
use sumpuzzles::genres::Genre;
use sumpuzzles::genres::GenreId;
use sumpuzzles::ops::{self, PuzzleSource};
use sumpuzzles::{InputErrorKind, Location};

const SPEC_ID: &str = "kakurasu:3x5:8.12.3/0.0.6.2.3";
const SPEC_TEXT: &str = "genre: kakurasu\nrows: 8 12 3\ncols: 0 0 6 2 3\n";

#[test]
fn spec_example_converts_between_every_format() {
    let forms = ops::format(&PuzzleSource::id(SPEC_ID).into()).unwrap();
    assert_eq!(forms.genre, GenreId::Kakurasu);
    assert_eq!(forms.text, SPEC_TEXT);
    let puzzle = serde_json::to_value(&forms.puzzle).unwrap();
    assert_eq!(
        puzzle,
        serde_json::json!({"row_clues": [8, 12, 3], "col_clues": [0, 0, 6, 2, 3]})
    );
    let from_text = ops::format(&PuzzleSource::text(None, SPEC_TEXT).into()).unwrap();
    assert_eq!(from_text.id, SPEC_ID);
    let from_json = ops::format(&PuzzleSource::object(GenreId::Kakurasu, puzzle).into()).unwrap();
    assert_eq!(from_json, forms);
}

#[test]
fn the_genre_name_reads_back() {
    assert_eq!("kakurasu".parse::<GenreId>(), Ok(GenreId::Kakurasu));
    assert!(ops::genres()
        .iter()
        .any(|g| g.name == GenreId::Kakurasu && g.default_shape == "7x7"));
}

#[test]
fn absent_clues_round_trip_in_every_format() {
    let puzzle = format::parse_text("rows: - 4 -\ncols: 2 - 0 1").unwrap();
    assert_eq!(format::to_id(&puzzle), "kakurasu:3x4:-.4.-/2.-.0.1");
    for again in [
        format::parse_id(&format::to_id(&puzzle)).unwrap(),
        format::parse_text(&format::to_text(&puzzle)).unwrap(),
        format::parse_json(&format::to_json(&puzzle)).unwrap(),
    ] {
        assert_eq!(again, puzzle);
    }
}

#[test]
fn wrong_counts_and_bad_clues_are_errors_with_positions() {
    let error = format::parse_id("kakurasu:3x5:8.12.3/0.0.6.2").unwrap_err();
    assert_eq!(error.kind, InputErrorKind::Syntax);
    assert_eq!(error.problems[0].at, Location::Id { position: 21 });
    let error = format::parse_text("rows: 8 twelve 3\ncols: 1").unwrap_err();
    assert_eq!(error.problems[0].at, Location::Text { line: 1, column: 9 });
    let error = format::parse_id("kakurasu:0x5:/0.0.6.2.3").unwrap_err();
    assert_eq!(error.kind, InputErrorKind::Limits);
    let error = format::parse_text(&format!("rows: {}\ncols: 1", "1 ".repeat(33))).unwrap_err();
    assert_eq!(error.kind, InputErrorKind::Limits);
}

#[test]
fn answers_as_rows_or_one_text() {
    let puzzle = format::parse_id(SPEC_ID).unwrap();
    let rows: Vec<String> = ["--#-#", "--###", "--#--"].map(String::from).to_vec();
    let from_rows = Kakurasu::parse_answer(&puzzle, &rows).unwrap();
    let from_text = Kakurasu::parse_answer(&puzzle, &[rows.join("\n")]).unwrap();
    assert_eq!(from_rows, from_text);
}

fn any_puzzle() -> Puzzle {
    format::parse_id(SPEC_ID).unwrap()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn no_text_makes_the_readers_panic(text in any::<String>()) {
        let _ = format::parse_text(&text);
        let _ = format::parse_id(&text);
        let _ = format::parse_id(&format!("kakurasu:{text}"));
        let _ = format::parse_id(&format!("kakurasu:3x5:{text}"));
        let _ = format::parse_text(&format!("rows: {text}\ncols: 1 2"));
        let _ = Kakurasu::parse_answer(&any_puzzle(), std::slice::from_ref(&text));
        if let Ok(value) = serde_json::from_str::<serde_json::Value>(&text) {
            let _ = format::parse_json(&value);
        }
    }

    #[test]
    fn no_clue_list_makes_the_json_reader_panic(
        rows in proptest::collection::vec(any::<Option<i64>>(), 0..40),
        cols in proptest::collection::vec(any::<f64>(), 0..40),
    ) {
        let value = serde_json::json!({"row_clues": rows, "col_clues": cols});
        let _ = format::parse_json(&value);
        let value = serde_json::json!({"row_clues": cols, "col_clues": rows});
        let _ = format::parse_json(&value);
    }

    #[test]
    fn clue_lists_round_trip(
        rows in proptest::collection::vec(proptest::option::weighted(0.8, 0u32..600), 1..=32),
        cols in proptest::collection::vec(proptest::option::weighted(0.8, 0u32..600), 1..=32),
    ) {
        let puzzle = Puzzle::new(rows, cols).unwrap();
        prop_assert_eq!(&format::parse_id(&format::to_id(&puzzle)).unwrap(), &puzzle);
        prop_assert_eq!(&format::parse_text(&format::to_text(&puzzle)).unwrap(), &puzzle);
        prop_assert_eq!(&format::parse_json(&format::to_json(&puzzle)).unwrap(), &puzzle);
    }
}
