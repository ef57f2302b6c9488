//! The cryptic Kakuro formats: the Project Euler line, the Kakuro-style text and JSON, the
//! ID; errors that name the cell; no input makes a reader panic.

use proptest::prelude::*;
use sumpuzzles::genres::kakuro_cryptic::{format, KakuroCryptic};
use sumpuzzles::genres::Formats;
use sumpuzzles::{InputError, InputErrorKind, Location};

/// The example of the issue.
const EXAMPLE: &str = "6,X,X,(vCC),(vI),X,X,X,(hH),B,O,(vCA),(vJE),X,(hFE,vD),O,O,O,O,(hA),O,I,(hJC,vB),O,O,(hJC),H,O,O,O,X,X,X,(hJE),O,O,X";

/// Line 2 of the Project Euler file (a 7x7 grid), quoted for a round trip of a larger grid.
const SEVEN: &str = "7,X,X,X,X,(vJJ),(vCD),X,X,X,X,(hCG),O,O,(vCE),X,X,X,(hCI,vJB),C,O,O,X,(vB),(hJF,vJF),O,F,O,O,(hJA),F,G,O,O,X,X,(hCA),O,A,O,X,X,X,X,(hCF),O,O,X,X,X";

/// The example with cell `index` (from 0) replaced by `cell`.
fn with_cell(index: usize, cell: &str) -> String {
    let mut fields: Vec<&str> = split_cells(EXAMPLE);
    fields[index + 1] = cell;
    fields.join(",")
}

/// The fields of a line (commas inside brackets kept).
fn split_cells(line: &str) -> Vec<&str> {
    let mut fields = Vec::new();
    let mut depth = 0;
    let mut start = 0;
    for (i, c) in line.char_indices() {
        match c {
            '(' => depth += 1,
            ')' => depth -= 1,
            ',' if depth == 0 => {
                fields.push(&line[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    fields.push(&line[start..]);
    fields
}

fn cell_error(line: &str) -> (InputError, usize) {
    let error = format::parse_line(line).unwrap_err();
    match error.problems[0].at {
        Location::Item {
            field: "cell",
            index,
        } => (error, index),
        ref other => panic!("expected a cell index, found {other:?}: {error}"),
    }
}

#[test]
fn lines_round_trip() {
    for line in [EXAMPLE, SEVEN] {
        let puzzle = format::parse_line(line).unwrap();
        assert_eq!(format::to_line(&puzzle), line);
        assert_eq!(KakuroCryptic::to_text(&puzzle), line);
        for crlf in [format!("{line}\r\n"), format!("{line}\n")] {
            assert_eq!(KakuroCryptic::parse_text(&crlf).unwrap(), puzzle);
        }
    }
}

#[test]
fn every_form_round_trips() {
    for line in [EXAMPLE, SEVEN] {
        let puzzle = format::parse_line(line).unwrap();
        let id = KakuroCryptic::to_id(&puzzle);
        assert!(id.starts_with("kakuro-cryptic:"), "{id}");
        assert_eq!(KakuroCryptic::parse_id(&id).unwrap(), puzzle);
        let json = serde_json::to_value(KakuroCryptic::to_json(&puzzle)).unwrap();
        assert_eq!(KakuroCryptic::parse_json(&json).unwrap(), puzzle);
        let text = format::to_grid_text(&puzzle);
        assert_eq!(KakuroCryptic::parse_text(&text).unwrap(), puzzle);
    }
}

#[test]
fn the_example_as_text_and_json() {
    let puzzle = format::parse_line(EXAMPLE).unwrap();
    let text = "# # CC/ I/ # #\n# /H B . CA/ JE/\n# D/FE . . . .\n/A . I B/JC . .\n/JC H . . . #\n# # /JE . . #";
    assert_eq!(KakuroCryptic::parse_text(text).unwrap(), puzzle);
    let json = serde_json::json!({"grid": text.lines().collect::<Vec<_>>()});
    assert_eq!(
        serde_json::to_value(KakuroCryptic::to_json(&puzzle)).unwrap(),
        json
    );
    assert_eq!(
        KakuroCryptic::to_id(&puzzle),
        "kakuro-cryptic:6x6:HbDdAbAbAdDbA/CC.I.H.CA.JE.D.FE.A.B.JC.JC.JE/B6I2H"
    );
}

#[test]
fn a_line_with_too_few_cells_names_the_first_missing_cell() {
    let (error, index) = cell_error("6,X,X");
    assert_eq!(index, 2);
    assert_eq!(error.kind, InputErrorKind::Syntax);
    assert!(error.to_string().contains("ends after 2 cells"), "{error}");
}

#[test]
fn a_line_with_too_many_cells_names_the_first_extra_cell() {
    let (error, index) = cell_error(&format!("{EXAMPLE},X"));
    assert_eq!(index, 36);
    assert!(error.to_string().contains("has 36 cells"), "{error}");
}

#[test]
fn an_unclosed_bracket_names_its_cell() {
    let (error, index) = cell_error(&EXAMPLE.replacen("(hFE,vD)", "(hFE,vD", 1));
    assert_eq!(index, 13);
    assert!(error.to_string().contains("not closed"), "{error}");
    let (error, index) = cell_error("6,X,(hJE");
    assert_eq!(index, 1);
    assert!(error.to_string().contains("not closed"), "{error}");
}

#[test]
fn a_letter_outside_a_to_j_names_its_cell() {
    let (error, index) = cell_error(&with_cell(9, "K"));
    assert_eq!(index, 9);
    assert!(error.to_string().contains("'K' is outside A-J"), "{error}");
    let (error, index) = cell_error(&with_cell(2, "(vCK)"));
    assert_eq!(index, 2);
    assert!(error.to_string().contains("'K' is outside A-J"), "{error}");
}

#[test]
fn a_sum_of_three_letters_names_its_cell() {
    let (error, index) = cell_error(&with_cell(2, "(vCCC)"));
    assert_eq!(index, 2);
    assert!(error.to_string().contains("one or two letters"), "{error}");
}

#[test]
fn a_sum_without_a_run_names_its_cell() {
    let (error, index) = cell_error(&with_cell(0, "(hA)"));
    assert_eq!(index, 0);
    assert_eq!(error.kind, InputErrorKind::Structure);
    assert!(
        error
            .to_string()
            .contains("horizontal sum A has no white cell"),
        "{error}"
    );
    let (_, index) = cell_error(&with_cell(35, "(vB)"));
    assert_eq!(index, 35);
}

#[test]
fn other_malformed_groups_name_their_cell() {
    for (cell, message) in [
        ("(vA,hB)", "horizontal sum comes first"),
        ("(hA,hB)", "two horizontal sums"),
        ("(xA)", "starts with 'h'"),
        ("(h)", "one or two letters"),
        ("(hab)", "expected letters A-J"),
        ("(hA)B", "expected ','"),
        ("Q1", "expected X, O"),
        ("", "expected X, O"),
    ] {
        let (error, index) = cell_error(&with_cell(2, cell));
        assert_eq!(index, 2, "{cell}: {error}");
        assert!(error.to_string().contains(message), "{cell}: {error}");
    }
}

#[test]
fn sizes_outside_3_to_16_are_limits() {
    for size in ["2", "17", "3x20"] {
        let error = format::parse_line(&format!("{size},X")).unwrap_err();
        assert_eq!(error.kind, InputErrorKind::Limits, "{size}: {error}");
    }
    let error = format::parse_line("six,X").unwrap_err();
    assert_eq!(error.kind, InputErrorKind::Syntax);
    assert!(error.to_string().contains("size"), "{error}");
}

#[test]
fn text_errors_give_lines_and_columns() {
    let error = KakuroCryptic::parse_text("# A/ B/\n/C . K\n/D . .").unwrap_err();
    assert_eq!(error.problems[0].at, Location::Text { line: 2, column: 6 });
    assert!(error.to_string().contains("'K' is outside A-J"), "{error}");
    let error = KakuroCryptic::parse_text("genre: kakuro\n# #").unwrap_err();
    assert!(
        error.to_string().contains("found genre 'kakuro'"),
        "{error}"
    );
    let error = KakuroCryptic::parse_text(&format!("{EXAMPLE}\n{EXAMPLE}")).unwrap_err();
    assert!(error.to_string().contains("line 2"), "{error}");
    let error =
        KakuroCryptic::parse_json(&serde_json::json!({"grid": ["# A/ B/", 3]})).unwrap_err();
    assert!(error.to_string().contains("grid row 1"), "{error}");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]
    /// No string makes a reader panic.
    #[test]
    fn readers_never_panic_on_arbitrary_strings(text in "(\\PC|\r|\n){0,80}") {
        let _ = format::parse_line(&text);
        let _ = KakuroCryptic::parse_text(&text);
        let _ = KakuroCryptic::parse_id(&text);
        let _ = KakuroCryptic::parse_json(&serde_json::json!({"grid": [text.clone()]}));
    }

    /// Nor does a line made of the format's own pieces in random order.
    #[test]
    fn readers_never_panic_on_near_lines(
        size in "(3|4|5|6|7|3x4|16)",
        cells in proptest::collection::vec(
            "(X|O|[A-L]|\\((h|v|x)[A-K]{0,3}(,(h|v)[A-K]{0,3})?\\)?|\\(|\\)|,)", 0..60),
    ) {
        let line = format!("{size},{}", cells.join(","));
        if let Ok(puzzle) = format::parse_line(&line) {
            prop_assert_eq!(format::parse_line(&format::to_line(&puzzle)).unwrap(), puzzle.clone());
            prop_assert_eq!(KakuroCryptic::parse_id(&KakuroCryptic::to_id(&puzzle)).unwrap(), puzzle);
        }
    }

    /// Mutating the example one character at a time never panics, and what still reads
    /// writes back to itself.
    #[test]
    fn mutated_examples_read_or_fail_cleanly(at in 0usize..200, with in "[XOA-K(),hv0-9 ]?") {
        let mut line = EXAMPLE.to_string();
        let at = at.min(line.len());
        line.insert_str(at, &with);
        if at < line.len() && with.is_empty() {
            line.remove(at);
        }
        if let Ok(puzzle) = format::parse_line(&line) {
            prop_assert_eq!(format::parse_line(&format::to_line(&puzzle)).unwrap(), puzzle);
        }
    }
}
