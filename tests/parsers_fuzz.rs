//! Arbitrary input against every parser of every registered genre, through the operations
//! layer the doors use: never a panic, only reports or input errors.

use std::sync::OnceLock;

use proptest::prelude::*;
use serde_json::Value;
use sumpuzzles::genres::GenreId;
use sumpuzzles::ops::{self, CheckOptions, CheckRequest, GenerateRequest, PuzzleSource};
use sumpuzzles::{Budget, Shape, TargetLevel};

/// Every registered genre's name, as an ID prefix and as a text's `genre:` line.
fn genre_pieces() -> Vec<String> {
    GenreId::ALL
        .iter()
        .flat_map(|id| [format!("{id}:"), format!("genre: {id}\n")])
        .collect()
}

/// Strings built from the characters the formats use, so parsers get past the first token.
fn format_like() -> impl Strategy<Value = String> {
    let pieces = prop_oneof![
        Just(".".to_string()),
        Just("#".to_string()),
        Just("/".to_string()),
        Just("\\".to_string()),
        Just(" ".to_string()),
        Just("\n".to_string()),
        Just("\r\n".to_string()),
        Just(",".to_string()),
        Just(":".to_string()),
        Just("(".to_string()),
        Just(")".to_string()),
        proptest::sample::select(genre_pieces()),
        Just("rows:".to_string()),
        Just("cols:".to_string()),
        Just("grid:\n".to_string()),
        Just("x".to_string()),
        Just("-".to_string()),
        Just("(hAB,vC)".to_string()),
        Just("O".to_string()),
        Just("X".to_string()),
        "[0-9]{1,3}",
        "[A-Za-z]{1,2}",
        any::<char>().prop_map(|c| c.to_string()),
    ];
    proptest::collection::vec(pieces, 0..60).prop_map(|parts| parts.concat())
}

/// The keys of every registered genre's JSON puzzle object, from a generated puzzle's.
fn object_keys() -> Vec<String> {
    let mut keys: Vec<String> = puzzle_ids()
        .iter()
        .flat_map(|id| {
            let forms = ops::format(&PuzzleSource::id(id.as_str()).into()).unwrap();
            match serde_json::to_value(forms.puzzle).unwrap() {
                Value::Object(object) => object.keys().cloned().collect::<Vec<_>>(),
                other => panic!("{id}: the puzzle object is {other}"),
            }
        })
        .collect();
    keys.sort();
    keys.dedup();
    keys
}

fn arbitrary_json() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        any::<i64>().prop_map(Value::from),
        any::<f64>()
            .prop_map(|n| serde_json::Number::from_f64(n).map_or(Value::Null, Value::Number)),
        format_like().prop_map(Value::String),
    ];
    leaf.prop_recursive(4, 64, 8, |inner| {
        prop_oneof![
            proptest::collection::vec(inner.clone(), 0..8).prop_map(Value::Array),
            proptest::collection::btree_map(
                prop_oneof![
                    proptest::sample::select(object_keys()),
                    "[a-z]{1,6}".boxed()
                ],
                inner,
                0..4
            )
            .prop_map(|map| Value::Object(map.into_iter().collect())),
        ]
    })
}

fn exercise(source: &PuzzleSource) {
    let _ = ops::format(&source.clone().into());
    let _ = ops::solve(&source.clone().into(), &mut Budget::new(20_000));
    let _ = ops::rate(&source.clone().into(), &mut Budget::new(20_000));
}

/// One generated puzzle of every registered genre, to check arbitrary answers against.
fn puzzle_ids() -> &'static [String] {
    static IDS: OnceLock<Vec<String>> = OnceLock::new();
    IDS.get_or_init(|| {
        ops::genres()
            .iter()
            .map(|genre| {
                // A small shape: the genre's first listed one when it lists its shapes (Killer
                // Sudoku's 4x4), else a square of side 5 or its smallest.
                let shape = match &genre.shapes {
                    Some(shapes) => shapes[0].parse().expect("a listed shape"),
                    None => {
                        let side = genre.min_side.max(5);
                        Shape::new(side, side)
                    }
                };
                let request = GenerateRequest::new(genre.name, Some(shape), TargetLevel::Any, 0);
                ops::generate(&request, &mut Budget::new(2_000_000_000))
                    .unwrap_or_else(|e| panic!("{}: {e}", genre.name))
                    .id
            })
            .collect()
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1500))]

    #[test]
    fn text_never_panics(text in format_like(), genre in 0..=GenreId::ALL.len()) {
        // One index past the registry: a text that names no genre.
        let genre = GenreId::ALL.get(genre).copied();
        exercise(&PuzzleSource::text(genre, text));
    }

    #[test]
    fn ids_never_panic(text in format_like()) {
        exercise(&PuzzleSource::id(text.as_str()));
        if let Ok(source) = PuzzleSource::from_content(&text, None) {
            exercise(&source);
        }
    }

    #[test]
    fn json_puzzles_never_panic(puzzle in arbitrary_json(), genre in 0..GenreId::ALL.len()) {
        exercise(&PuzzleSource::object(GenreId::ALL[genre], puzzle));
    }

    #[test]
    fn answers_never_panic(rows in proptest::collection::vec(format_like(), 0..8), finish in any::<bool>()) {
        for id in puzzle_ids() {
            let options = CheckOptions { answer: rows.clone().into(), finish: Some(finish) };
            let _ = ops::check(&CheckRequest::new(PuzzleSource::id(id.as_str()), options));
        }
    }
}
