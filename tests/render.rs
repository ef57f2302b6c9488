//! Drawings of every genre, read back with an XML parser: sums and clues where print puts
//! them, the digits or shading of an answer or solution in their cells, and each broken rule
//! highlighted at the cells and clues the checker names (every registered genre, on its
//! sample). Also `POST /render` through the router.

mod common;

use std::collections::BTreeSet;

use roxmltree::{Document, Node};
use sumpuzzles::genres::GenreId;
use sumpuzzles::ops::{
    self, CheckOptions, CheckRequest, PuzzleSource, RenderOptions, RenderRequest,
};
use sumpuzzles::Error;
use sumpuzzles::{Budget, InputErrorKind};

use common::{SPEC_EXAMPLE, SPEC_EXAMPLE_SOLUTION};

/// The spec's Kakurasu example (kakurasu.txt) and its solution.
const KAKURASU: &str = "genre: kakurasu\nrows: 8 12 3\ncols: 0 0 6 2 3";
const KAKURASU_SOLUTION: [&str; 3] = ["--#-#", "--###", "--#--"];

/// The cryptic example of Project Euler 424 (encrypted value 8426039571).
const CRYPTIC: &str = "6,X,X,(vCC),(vI),X,X,X,(hH),B,O,(vCA),(vJE),X,(hFE,vD),O,O,O,O,(hA),O,I,(hJC,vB),O,O,(hJC),H,O,O,O,X,X,X,(hJE),O,O,X";

const CELL: f64 = 40.0;

fn kakuro() -> PuzzleSource {
    PuzzleSource::text(Some(GenreId::Kakuro), SPEC_EXAMPLE)
}

fn kakurasu() -> PuzzleSource {
    PuzzleSource::text(Some(GenreId::Kakurasu), KAKURASU)
}

fn cryptic() -> PuzzleSource {
    PuzzleSource::text(Some(GenreId::KakuroCryptic), CRYPTIC)
}

/// What a drawing writes into the cells.
enum RenderFill<'a> {
    Blank,
    Answer(&'a [String]),
    Solution,
}

fn render_request(source: &PuzzleSource, fill: RenderFill, finish: bool) -> RenderRequest {
    let options = RenderOptions {
        answer: match fill {
            RenderFill::Answer(rows) => Some(rows.into()),
            _ => None,
        },
        solution: Some(matches!(fill, RenderFill::Solution)),
        finish: Some(finish),
        budget: None,
    };
    RenderRequest::new(source.clone(), options)
}

fn rows(rows: &[&str]) -> Vec<String> {
    rows.iter().map(|row| row.to_string()).collect()
}

fn render(source: &PuzzleSource, fill: RenderFill, finish: bool) -> String {
    ops::render(
        &render_request(source, fill, finish),
        &mut Budget::new(10_000_000),
    )
    .unwrap_or_else(|error| panic!("rendering failed: {error}"))
}

fn parse(svg: &str) -> Document<'_> {
    Document::parse(svg).unwrap_or_else(|error| panic!("not well-formed XML: {error}\n{svg}"))
}

fn has_class(node: Node, class: &str) -> bool {
    node.attribute("class")
        .is_some_and(|classes| classes.split_whitespace().any(|c| c == class))
}

fn number(node: Node, attribute: &str) -> f64 {
    node.attribute(attribute)
        .and_then(|v| v.parse().ok())
        .unwrap_or_else(|| panic!("{node:?} has no numeric {attribute}"))
}

fn data(node: Node, name: &str) -> Option<usize> {
    node.attribute(name).and_then(|v| v.parse().ok())
}

/// The group drawing the grid cell at `row`, `col`.
fn square<'a>(doc: &'a Document, row: usize, col: usize) -> Node<'a, 'a> {
    square_at(doc, row, col).unwrap_or_else(|| panic!("no square at row {row}, col {col}"))
}

/// The first child element of `node` with `tag` and `class`.
fn child<'a>(node: Node<'a, 'a>, tag: &str, class: &str) -> Option<Node<'a, 'a>> {
    node.children()
        .find(|n| n.has_tag_name(tag) && has_class(*n, class))
}

/// The text of the child text element with `class`, if any.
fn text_of(node: Node, class: &str) -> Option<String> {
    child(node, "text", class).map(|t| t.text().unwrap_or("").to_string())
}

/// The places of the squares whose `tag` child has `class`.
fn squares_with(doc: &Document, tag: &str, class: &str) -> BTreeSet<(usize, usize)> {
    doc.descendants()
        .filter(|n| has_class(*n, "square"))
        .filter(|n| child(*n, tag, class).is_some())
        .map(|n| (data(n, "data-row").unwrap(), data(n, "data-col").unwrap()))
        .collect()
}

/// A sum's glyphs as a box (left, top, right, bottom) relative to its cell's corner, from the
/// anchor (the middle of the baseline) and the font size: digits and capitals are at most
/// 0.7 em wide and 0.75 em tall in a sans-serif font.
fn glyph_box(text: Node, cell: Node) -> (f64, f64, f64, f64) {
    let (x, y) = (
        number(text, "x") - number(cell, "x"),
        number(text, "y") - number(cell, "y"),
    );
    let size = number(text, "font-size");
    let half_width = 0.35 * size * text.text().unwrap_or("").chars().count() as f64;
    (x - half_width, y - 0.75 * size, x + half_width, y)
}

#[test]
fn kakuro_sums_sit_in_their_triangles_as_in_print() {
    let svg = render(&kakuro(), RenderFill::Blank, false);
    let doc = parse(&svg);
    assert!(doc.root_element().has_tag_name("svg"));
    assert!(doc.root_element().attribute("viewBox").is_some());
    // The spec's example: (row, col, down sum, across sum).
    let clues = [
        (0, 3, Some("7"), None),
        (0, 4, Some("5"), None),
        (1, 2, Some("8"), Some("3")),
        (2, 1, Some("3"), Some("6")),
        (3, 0, None, Some("8")),
        (4, 0, None, Some("6")),
    ];
    for (row, col, down, across) in clues {
        let group = square(&doc, row, col);
        let block = child(group, "rect", "block").expect("a block");
        assert_eq!(number(block, "width"), CELL);
        assert_eq!(text_of(group, "down").as_deref(), down, "({row}, {col})");
        assert_eq!(
            text_of(group, "across").as_deref(),
            across,
            "({row}, {col})"
        );
        assert!(child(group, "line", "diagonal").is_some());
        for text in group.children().filter(|n| n.has_tag_name("text")) {
            let (left, top, right, bottom) = glyph_box(text, block);
            assert!(left > 0.0 && top > 0.0 && right < CELL && bottom < CELL);
            // The diagonal runs from the top-left corner to the bottom-right one (y = x): the
            // down sum wholly below it, the across sum wholly above it.
            if has_class(text, "down") {
                assert!(
                    top > right,
                    "down sum at ({row}, {col}) crosses the diagonal"
                );
            } else {
                assert!(has_class(text, "across"));
                assert!(
                    bottom < left,
                    "across sum at ({row}, {col}) crosses the diagonal"
                );
            }
        }
    }
    // Blocks without sums have no diagonal, and a blank puzzle has no digits or highlights.
    assert!(child(square(&doc, 0, 0), "line", "diagonal").is_none());
    assert!(squares_with(&doc, "text", "digit").is_empty());
    assert!(!svg.contains("class=\"cell violated\""));
}

/// Each white cell holds the digit of `rows` (Kakuro answer rows) and each block none.
fn assert_digits(doc: &Document, rows: &[impl AsRef<str>]) {
    for (row, line) in rows.iter().enumerate() {
        for (col, c) in line.as_ref().chars().enumerate() {
            let group = square(doc, row, col);
            let expected = (c != '#').then(|| c.to_string());
            assert_eq!(text_of(group, "digit"), expected, "({row}, {col})");
            assert_eq!(child(group, "rect", "cell").is_some(), c != '#');
        }
    }
}

#[test]
fn kakuro_solution_fill_shows_every_digit() {
    let svg = render(&kakuro(), RenderFill::Solution, false);
    assert_digits(&parse(&svg), &SPEC_EXAMPLE_SOLUTION);
    assert!(!svg.contains("violated\""));
}

#[test]
fn a_wrong_kakuro_answer_highlights_the_broken_runs_sum_and_cells() {
    // Across 3 at (1, 2) gets 1 + 3, and down 5 at (0, 4) gets 3 twice.
    let answer = rows(&["#####", "###13", "##123", "#134#", "#24##"]);
    let svg = render(&kakuro(), RenderFill::Answer(&answer), false);
    let doc = parse(&svg);
    let broken: BTreeSet<_> = doc
        .descendants()
        .filter(|n| n.has_tag_name("polygon") && has_class(*n, "violated"))
        .map(|n| {
            let group = n.parent().unwrap();
            let (row, col) = (data(group, "data-row"), data(group, "data-col"));
            (row.unwrap(), col.unwrap(), has_class(n, "down"))
        })
        .collect();
    assert_eq!(broken, BTreeSet::from([(1, 2, false), (0, 4, true)]));
    assert_eq!(
        squares_with(&doc, "rect", "violated"),
        BTreeSet::from([(1, 3), (1, 4), (2, 4)])
    );
    // The answer's digits are written in, the broken ones too.
    assert_eq!(text_of(square(&doc, 1, 4), "digit").as_deref(), Some("3"));
    assert_eq!(text_of(square(&doc, 2, 4), "digit").as_deref(), Some("3"));
}

#[test]
fn empty_and_unfinished_kakuro_cells_are_highlighted() {
    let answer = rows(&["#####", "###1.", "##0..", "#...#", "#..##"]);
    let doc_text = render(&kakuro(), RenderFill::Answer(&answer), false);
    let doc = parse(&doc_text);
    assert_eq!(
        squares_with(&doc, "rect", "violated"),
        BTreeSet::from([(2, 2)])
    );
    let finished = render(&kakuro(), RenderFill::Answer(&answer), true);
    let doc = parse(&finished);
    // Finishing empties every unmarked cell: all white cells but the 1 are highlighted.
    let whites = squares_with(&doc, "rect", "cell");
    let mut expected = whites.clone();
    expected.remove(&(1, 3));
    assert_eq!(squares_with(&doc, "rect", "violated"), expected);
}

/// The places a violation names under `key` (`cells` or `clues`), as `(row, col)`.
fn places(violation: &serde_json::Value, key: &str) -> Vec<(usize, usize)> {
    let places = violation[key].as_array();
    let places = places.unwrap_or_else(|| panic!("{violation} has no {key}"));
    places
        .iter()
        .map(|place| {
            let at = |i: usize| place[i].as_u64().expect("a place is [row, col]") as usize;
            (at(0), at(1))
        })
        .collect()
}

/// The group drawing the grid cell at `row`, `col`, if the grid has one.
fn square_at<'a>(doc: &'a Document, row: usize, col: usize) -> Option<Node<'a, 'a>> {
    doc.descendants().find(|n| {
        has_class(*n, "square")
            && data(*n, "data-row") == Some(row)
            && data(*n, "data-col") == Some(col)
    })
}

/// Whether the clue drawn at `(row, col)` is highlighted: inside the grid a sum's triangle in
/// its block (the one of the run's direction, `down`, when the violation names it) or a cage's
/// sum in its first cell; just
/// outside it a line's clue, right of its row or below its column.
fn clue_highlighted(doc: &Document, (row, col): (usize, usize), down: Option<u64>) -> bool {
    let violated_text =
        |group: Node| child(group, "text", "clue").is_some_and(|t| has_class(t, "violated"));
    match square_at(doc, row, col) {
        // A caged grid's sum is a text in its cage's first cell.
        Some(square) if violated_text(square) => true,
        Some(square) => square.children().any(|n| {
            let direction = down.map(|down| if down == 1 { "down" } else { "across" });
            n.has_tag_name("polygon")
                && has_class(n, "violated")
                && direction.is_none_or(|direction| has_class(n, direction))
        }),
        None if col > 0 && square_at(doc, row, col - 1).is_some() => {
            violated_text(clue_group(doc, "row", row))
        }
        None => violated_text(clue_group(doc, "col", col)),
    }
}

/// Every violation the checker reports is highlighted at the places it names: each of its
/// cells, and each of its clues ([`clue_highlighted`]).
fn assert_violations_highlighted(source: &PuzzleSource, answer: &[String], svg: &str) {
    let options = CheckOptions {
        answer: answer.into(),
        finish: None,
    };
    let report = ops::check(&CheckRequest::new(source.clone(), options)).unwrap();
    assert!(
        !report.violations.is_empty(),
        "the answer should break a rule"
    );
    let doc = parse(svg);
    for violation in &report.violations {
        let violation = serde_json::to_value(violation).unwrap();
        let cells = places(&violation, "cells");
        assert!(!cells.is_empty(), "{violation} names no cell");
        for (row, col) in cells {
            let cell = child(square(&doc, row, col), "rect", "cell").unwrap();
            assert!(
                has_class(cell, "violated"),
                "{violation}: ({row}, {col}) not highlighted"
            );
        }
        for clue in places(&violation, "clues") {
            let down = violation["down"].as_u64();
            assert!(
                clue_highlighted(&doc, clue, down),
                "{violation}: clue {clue:?} not highlighted"
            );
        }
    }
}

/// Every genre draws a wrong answer to its sample with each violation highlighted where the
/// checker names it.
#[test]
fn every_genre_highlights_its_violations_where_the_checker_names_them() {
    for &genre in GenreId::ALL {
        let sample = common::samples::sample(genre);
        let source = PuzzleSource::id(sample.id);
        let svg = render(&source, RenderFill::Answer(&sample.wrong), false);
        assert_violations_highlighted(&source, &sample.wrong, &svg);
    }
}

#[test]
fn kakuro_violations_are_highlighted_where_the_checker_puts_them() {
    let answer = rows(&["#####", "###21", "##213", "#19.#", "#0.##"]);
    let svg = render(&kakuro(), RenderFill::Answer(&answer), false);
    assert_violations_highlighted(&kakuro(), &answer, &svg);
}

/// The group holding the clue of a row or column.
fn clue_group<'a>(doc: &'a Document, line: &str, index: usize) -> Node<'a, 'a> {
    doc.descendants()
        .find(|n| {
            n.has_tag_name("g")
                && has_class(*n, "clue")
                && has_class(*n, line)
                && data(*n, &format!("data-{line}")) == Some(index)
        })
        .unwrap_or_else(|| panic!("no clue for {line} {index}"))
}

#[test]
fn kakurasu_numbers_go_top_and_left_and_clues_right_and_below() {
    let svg = render(&kakurasu(), RenderFill::Blank, false);
    let doc = parse(&svg);
    let frame = doc.descendants().find(|n| has_class(*n, "frame")).unwrap();
    let (left, top) = (number(frame, "x"), number(frame, "y"));
    let (right, bottom) = (left + number(frame, "width"), top + number(frame, "height"));
    assert_eq!((right - left, bottom - top), (5.0 * CELL, 3.0 * CELL));

    let indices: Vec<(String, f64, f64)> = doc
        .descendants()
        .filter(|n| has_class(*n, "index"))
        .map(|n| {
            (
                n.text().unwrap().to_string(),
                number(n, "x"),
                number(n, "y"),
            )
        })
        .collect();
    let above: Vec<&str> = indices
        .iter()
        .filter(|(_, _, y)| *y < top)
        .map(|(t, _, _)| t.as_str())
        .collect();
    let beside: Vec<&str> = indices
        .iter()
        .filter(|(_, x, _)| *x < left)
        .map(|(t, _, _)| t.as_str())
        .collect();
    assert_eq!(above, ["1", "2", "3", "4", "5"]);
    assert_eq!(beside, ["1", "2", "3"]);

    for (row, clue) in ["8", "12", "3"].into_iter().enumerate() {
        let text = child(clue_group(&doc, "row", row), "text", "clue").unwrap();
        assert_eq!(text.text(), Some(clue));
        assert!(number(text, "x") > right);
        let middle = top + (row as f64 + 0.5) * CELL;
        assert!((number(text, "y") - middle).abs() < CELL / 2.0);
    }
    for (col, clue) in ["0", "0", "6", "2", "3"].into_iter().enumerate() {
        let text = child(clue_group(&doc, "col", col), "text", "clue").unwrap();
        assert_eq!(text.text(), Some(clue));
        assert!(number(text, "y") > bottom);
        assert!((number(text, "x") - (left + (col as f64 + 0.5) * CELL)).abs() < 1e-9);
    }
}

#[test]
fn kakurasu_solution_is_shaded_with_dots_on_unshaded_cells() {
    let svg = render(&kakurasu(), RenderFill::Solution, false);
    let doc = parse(&svg);
    for (row, line) in KAKURASU_SOLUTION.iter().enumerate() {
        for (col, c) in line.chars().enumerate() {
            let group = square(&doc, row, col);
            let shaded = child(group, "rect", "shaded").is_some();
            assert_eq!(shaded, c == '#', "({row}, {col})");
            assert_eq!(child(group, "circle", "unshaded").is_some(), c == '-');
        }
    }
}

#[test]
fn a_wrong_kakurasu_answer_highlights_the_broken_lines() {
    // Row 3 shades columns 2 and 3 (5, not 3); column 2 then holds a shaded cell (clue 0).
    let answer = rows(&["--#.#", "--###", "-##--"]);
    let svg = render(&kakurasu(), RenderFill::Answer(&answer), false);
    assert_violations_highlighted(&kakurasu(), &answer, &svg);
    let doc = parse(&svg);
    let broken: BTreeSet<(String, usize)> = doc
        .descendants()
        .filter(|n| n.has_tag_name("text") && has_class(*n, "clue") && has_class(*n, "violated"))
        .map(|n| {
            let group = n.parent().unwrap();
            let line = if has_class(group, "row") {
                "row"
            } else {
                "col"
            };
            (
                line.to_string(),
                data(group, &format!("data-{line}")).unwrap(),
            )
        })
        .collect();
    assert_eq!(
        broken,
        BTreeSet::from([("row".to_string(), 2), ("col".to_string(), 1)])
    );
    // The cells of both lines are highlighted, and only those.
    let expected: BTreeSet<_> = (0..5)
        .map(|col| (2, col))
        .chain((0..3).map(|row| (row, 1)))
        .collect();
    assert_eq!(squares_with(&doc, "rect", "violated"), expected);
    // `.` is unmarked: no dot, no shading.
    let unmarked = square(&doc, 0, 3);
    assert!(child(unmarked, "circle", "unshaded").is_none());
    assert!(child(unmarked, "rect", "shaded").is_none());
}

#[test]
fn cryptic_kakuro_shows_letters_and_reuses_the_kakuro_drawing() {
    let svg = render(&cryptic(), RenderFill::Blank, false);
    let doc = parse(&svg);
    let sum = |row, col, which| text_of(square(&doc, row, col), which);
    assert_eq!(sum(0, 2, "down").as_deref(), Some("CC"));
    assert_eq!(sum(2, 1, "across").as_deref(), Some("FE"));
    assert_eq!(sum(2, 1, "down").as_deref(), Some("D"));
    assert_eq!(text_of(square(&doc, 1, 2), "letter").as_deref(), Some("B"));
    for text in doc.descendants().filter(|n| has_class(*n, "sum")) {
        let block = child(text.parent().unwrap(), "rect", "block").unwrap();
        let (left, top, right, bottom) = glyph_box(text, block);
        if has_class(text, "down") {
            assert!(top > right, "{:?}", text.text());
        } else {
            assert!(bottom < left, "{:?}", text.text());
        }
    }

    let solved = ops::solve(&cryptic().into(), &mut Budget::new(10_000_000)).unwrap();
    let solution = &solved.solutions[0];
    let svg = render(&cryptic(), RenderFill::Solution, false);
    let doc = parse(&svg);
    assert_digits(&doc, solution);
    // A shown letter stays visible beside the digit written over it.
    assert_eq!(text_of(square(&doc, 1, 2), "letter").as_deref(), Some("B"));
}

#[test]
fn cryptic_violations_are_highlighted_where_the_checker_puts_them() {
    // The solution with two digits swapped between a run and a shown letter.
    let answer = rows(&["######", "##14##", "##9687", "#17#93", "#5214#", "###37#"]);
    let svg = render(&cryptic(), RenderFill::Answer(&answer), false);
    assert_violations_highlighted(&cryptic(), &answer, &svg);
}

#[test]
fn drawing_the_solution_needs_exactly_one() {
    let cases = [
        ("# 3/ 3/\n/3 . .\n/3 . .", "more than one solution"),
        ("# 3/ 3/\n/3 . .\n/4 . .", "no solution"),
    ];
    for (text, needle) in cases {
        let source = PuzzleSource::text(Some(GenreId::Kakuro), text);
        match ops::render(
            &render_request(&source, RenderFill::Solution, false),
            &mut Budget::new(1_000_000),
        ) {
            Err(Error::Input(error)) => {
                assert_eq!(error.kind, InputErrorKind::NotUnique);
                assert!(error.to_string().contains(needle), "{error}");
            }
            other => panic!("expected an input error, got {other:?}"),
        }
        // Blank, the same puzzle draws.
        let blank = render_request(&source, RenderFill::Blank, false);
        assert!(ops::render(&blank, &mut Budget::new(1)).is_ok());
    }
}

#[test]
fn answers_that_do_not_fit_are_errors() {
    let answer = rows(&["#####", "###12"]);
    let error = ops::render(
        &render_request(&kakuro(), RenderFill::Answer(&answer), false),
        &mut Budget::new(1),
    );
    assert!(matches!(error, Err(Error::Input(e)) if e.kind == InputErrorKind::Answer));
}

#[cfg(feature = "server")]
mod http {
    use super::common::{Client, Reply};
    use serde_json::{json, Value};

    async fn post(body: &Value) -> Reply {
        Client::default_app()
            .post("/render")
            .header("accept", "image/svg+xml")
            .json(body)
            .await
    }

    #[tokio::test]
    async fn render_answers_an_svg_document() {
        for body in [
            json!({"id": "kakuro:5x5:HbBcAcBbB/7.5.8.3.3.6.8.6"}),
            json!({"id": "kakuro:5x5:HbBcAcBbB/7.5.8.3.3.6.8.6", "solution": true}),
            json!({"id": "kakuro:3x3:DbAb/4.6.3.7", "answer": ["###", "#13", "#34"], "finish": true}),
            json!({"genre": "kakurasu", "puzzle": {"row_clues": [8, 12, 3], "col_clues": [0, 0, 6, 2, 3]}, "answer": "--#-#\n--###\n--#--"}),
            json!({"genre": "kakuro-cryptic", "text": super::CRYPTIC, "solution": true}),
        ] {
            let reply = post(&body).await;
            let text = reply.text();
            assert_eq!(reply.status, 200, "{body}: {text}");
            assert_eq!(reply.content_type(), "image/svg+xml");
            let doc = roxmltree::Document::parse(&text).unwrap();
            assert!(doc.root_element().has_tag_name("svg"));
        }
        let reply =
            post(&json!({"id": "kakuro:3x3:DbAb/4.6.3.7", "answer": ["###", "#13", "#34"]})).await;
        assert!(reply.text().contains("clue down violated"));
    }

    #[tokio::test]
    async fn bad_render_requests_are_problems() {
        let cases = [
            (
                json!({"id": "kakuro:3x3:DbAb/4.6.3.7", "answer": ["###", "#12", "#34"], "solution": true}),
                400,
                "not both",
            ),
            (json!({"id": "kakuro:3x3:DbAb/4.6.x.7"}), 400, "ID position"),
            (
                json!({"id": "kakuro:3x3:DbAb/4.6.3.7", "answer": ["###", "#12"]}),
                422,
                "rows",
            ),
            (
                json!({"genre": "kakuro", "text": "# 3/ 3/\n/3 . .\n/4 . .", "solution": true}),
                422,
                "no solution",
            ),
            (
                json!({"id": "kakuro:3x3:DbAb/4.6.3.7", "colour": "red"}),
                400,
                "colour",
            ),
        ];
        for (body, status, needle) in cases {
            post(&body).await.assert_problem_detail(status, needle);
        }
        post(&json!({"genre": "kakuro", "text": "# 3/ 3/\n/3 . .\n/3 . .", "solution": true}))
            .await
            .assert_problem(422, "not-unique");
    }
}
