use super::*;
use crate::core::Location;

const TEXT: &str =
    "genre: killer-sudoku\nA A B B\nC D D B\nC E F F\nC E G G\nA=3 B=9 C=9 D=5 E=4 F=7 G=3\n";

#[test]
fn the_text_form_round_trips_and_matches_the_id() {
    let puzzle = parse_text(TEXT).unwrap();
    assert_eq!(puzzle.side(), 4);
    assert_eq!(to_text(&puzzle), TEXT);
    let id = to_id(&puzzle);
    assert_eq!(id, "killer-sudoku:4x4:0011233124552466/3.9.9.5.4.7.3");
    assert_eq!(parse_id(&id).unwrap(), puzzle);
    let json = serde_json::to_value(to_json(&puzzle)).unwrap();
    assert_eq!(parse_json(&json).unwrap(), puzzle);
}

#[test]
fn rows_without_spaces_are_a_label_a_character() {
    let compact = "genre: killer-sudoku\nAABB\nCDDB\nCEFF\nCEGG\nA=3 B=9 C=9 D=5 E=4 F=7 G=3\n";
    assert_eq!(parse_text(compact).unwrap(), parse_text(TEXT).unwrap());
    // A compact row one label short is placed at its first character, and said so.
    let error = parse_text("AABB\nCDD\nCEFF\nCEGG\nA=3 B=9 C=9 D=5 E=4 F=7 G=3\n").unwrap_err();
    assert_eq!(error.problems[0].at, Location::Text { line: 2, column: 1 });
    assert!(
        error.to_string().contains("grid row 2 has 3 cage labels"),
        "{error}"
    );
    // A label of one character further on in a compact row is placed at its own column.
    let error = parse_text("AABB\nCDDX\nCEFF\nCEGG\nA=3 B=9 C=9 D=5 E=4 F=7 G=3\n").unwrap_err();
    assert_eq!(error.problems[0].at, Location::Text { line: 2, column: 4 });
}

#[test]
fn givens_and_boxes_round_trip() {
    let text = "box: 3x2\nA A B\nA B B\nC C C\nA=7 B=7 C=7\n";
    // A 3x3 grid has no usual box; 3x2 does not fit it.
    assert!(parse_text(text).is_err());
    let mut text = TEXT.to_string();
    text.push_str("givens: 1... .... .... ...4\n");
    let puzzle = parse_text(&text).unwrap();
    assert_eq!(puzzle.givens()[0], 1);
    assert_eq!(parse_id(&to_id(&puzzle)).unwrap(), puzzle);
    assert_eq!(parse_text(&to_text(&puzzle)).unwrap(), puzzle);
    let json = serde_json::to_value(to_json(&puzzle)).unwrap();
    assert_eq!(parse_json(&json).unwrap(), puzzle);
}

#[test]
fn errors_name_their_place() {
    let error = parse_text("A A B B\nC D D B\nC E F X\nC E G G\nA=3 B=9 C=9 D=5 E=4 F=7 G=3\n")
        .unwrap_err();
    assert_eq!(error.problems[0].at, Location::Text { line: 3, column: 7 });
    let error = parse_id("killer-sudoku:4x4:0011233124552466/3.9.9.5.4.7.x").unwrap_err();
    assert_eq!(error.problems[0].at, Location::Id { position: 48 });
    let error = parse_id("killer-sudoku:4x4:0011233124552466/3.9.9.5.4.7.4").unwrap_err();
    assert!(error.to_string().contains("add up to"), "{error}");
    let error =
        parse_json(&serde_json::json!({"cages": [{"sum": 1, "cells": [[0, -1]]}]})).unwrap_err();
    assert_eq!(
        error.problems[0].at,
        Location::Item {
            field: "cages",
            index: 0
        }
    );
    let error = parse_json(&serde_json::json!({"cages": [], "extra": 1})).unwrap_err();
    assert!(error.to_string().contains("extra"), "{error}");
}
