//! Arbitrary input against every parser of every genre, through the library API the service
//! uses: never a panic, only reports or input errors.

use proptest::prelude::*;
use serde_json::Value;
use sumpuzzles::api::{self, PuzzleSource};
use sumpuzzles::core::Budget;
use sumpuzzles::GenreId;

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
        Just("kakuro:".to_string()),
        Just("kakurasu:".to_string()),
        Just("kakuro-cryptic:".to_string()),
        Just("genre: kakuro\n".to_string()),
        Just("genre: kakurasu\n".to_string()),
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
                    Just("grid".to_string()),
                    Just("row_clues".to_string()),
                    Just("col_clues".to_string()),
                    "[a-z]{1,6}"
                ],
                inner,
                0..4
            )
            .prop_map(|map| Value::Object(map.into_iter().collect())),
        ]
    })
}

fn exercise(source: &PuzzleSource) {
    let _ = api::convert(source);
    let _ = api::solve(source, 2, &mut Budget::new(20_000));
    let _ = api::rate(source, &mut Budget::new(20_000));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1500))]

    #[test]
    fn text_never_panics(text in format_like(), genre in 0usize..4) {
        let genre = GenreId::ALL.get(genre).copied();
        exercise(&PuzzleSource::Text { genre, text: &text });
    }

    #[test]
    fn ids_never_panic(text in format_like()) {
        exercise(&PuzzleSource::Id(&text));
        let mut body = None;
        if let Ok(source) = api::source_from_content(&text, None, &mut body) {
            exercise(&source);
        }
    }

    #[test]
    fn json_puzzles_never_panic(puzzle in arbitrary_json(), genre in 0usize..3) {
        let genre = GenreId::ALL[genre % GenreId::ALL.len()];
        exercise(&PuzzleSource::Json { genre, puzzle: &puzzle });
    }

    #[test]
    fn answers_never_panic(rows in proptest::collection::vec(format_like(), 0..8), finish in any::<bool>()) {
        for id in ["kakuro:3x3:DbAb/4.6.3.7", "kakurasu:3x5:8.12.3/0.0.6.2.3"] {
            let _ = api::check(&PuzzleSource::Id(id), &rows, finish);
        }
    }
}
