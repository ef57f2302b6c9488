//! Every corpus puzzle (corpus/<genre>/*.json, written by `cargo run --release --example corpus
//! -- <genre>`) is re-solved and re-rated: exactly one solution, the stored one (with the
//! stored letter mapping for cryptic Kakuro), and the stored rating (see [`StoredRating`]); and
//! regenerating it from its parameters writes the same record, byte for byte (the generation
//! stats with their step counts included), so a change to a search that moved a generated
//! puzzle or a step count fails here.

mod common;

use serde_json::Value;
use sumpuzzles::ops::{self, GenerateRequest, PuzzleSource};
use sumpuzzles::{Budget, Shape, TargetLevel};

/// A `/generate` or `/rate` report as the corpus stores it: without the list of deductions
/// (they replay from the puzzle) and without the wall-clock time (see examples/corpus.rs).
fn as_stored(report: impl serde::Serialize) -> Value {
    let mut record = serde_json::to_value(report).unwrap();
    let rating = match record.get("rating") {
        Some(_) => &mut record["rating"],
        None => &mut record,
    };
    rating["deductions"] = Value::Array(Vec::new());
    if let Some(stats) = record.get_mut("stats").and_then(Value::as_object_mut) {
        stats.remove("elapsed_ms");
    }
    record
}

/// `record` with only the fields `stored` has, pretty-printed as the corpus files are. The
/// Kakuro files were written before reports had a puzz.link URL; every field they do have
/// must come out the same.
fn written_like(record: &Value, stored: &Value, name: &str) -> String {
    let mut kept = serde_json::Map::new();
    for key in stored.as_object().unwrap().keys() {
        let value = record
            .get(key)
            .unwrap_or_else(|| panic!("{name}: `{key}` no longer reported"));
        kept.insert(key.clone(), value.clone());
    }
    serde_json::to_string_pretty(&Value::Object(kept)).unwrap() + "\n"
}

/// How a corpus record's rating compares with the puzzle rated again.
#[derive(Clone, Copy, PartialEq)]
enum StoredRating {
    /// The puzzle's own rating, step count included.
    Same,
    /// The rating of the grid under the puzzle, without the steps of solving the puzzle
    /// first (cryptic Kakuro: the generator rates the Kakuro it encrypts; `/rate` solves the
    /// letters, then rates that Kakuro): the same but for the step count.
    SameButSteps,
}

fn check_corpus(genre: &str, min_per_level: usize, stored_rating: StoredRating) {
    let mut per_level = std::collections::BTreeMap::new();
    let files = common::corpus_files(genre);
    assert!(!files.is_empty(), "{genre}: no corpus");
    for path in files {
        let name = path.display().to_string();
        let text = std::fs::read_to_string(&path).unwrap();
        let record: Value = serde_json::from_str(&text).unwrap();
        let id = record["id"].as_str().unwrap();
        let source = PuzzleSource::id(id);
        let solved = ops::solve(&source.clone().into(), &mut Budget::new(100_000_000)).unwrap();
        assert!(solved.unique, "{name}: not unique");
        let stored: Vec<String> = serde_json::from_value(record["solution"].clone()).unwrap();
        assert_eq!(solved.solutions[0], stored, "{name}: solution differs");
        // Cryptic Kakuro's letter mapping, both ways it is reported (absent elsewhere).
        let solved_fields = serde_json::to_value(&solved).unwrap();
        for field in ["letters", "encrypted"] {
            assert_eq!(
                solved_fields.get(field),
                record.get(field),
                "{name}: {field} differs"
            );
        }
        let rated = ops::rate(&source.into(), &mut Budget::new(100_000_000)).unwrap();
        assert!(rated.complete && rated.solved, "{name}");
        let mut rating = as_stored(&rated);
        if stored_rating == StoredRating::SameButSteps {
            rating["steps"] = record["rating"]["steps"].clone();
        }
        assert_eq!(rating, record["rating"], "{name}: rating differs");
        let level = record["level"].as_str().unwrap();
        *per_level.entry(level.to_string()).or_insert(0) += 1;

        // The parameters regenerate the same record (generator version permitting).
        let version = record["generator_version"].as_u64().unwrap();
        let request = GenerateRequest::new(
            genre.parse().unwrap(),
            Some(record["shape"].as_str().unwrap().parse::<Shape>().unwrap()),
            level.parse::<TargetLevel>().unwrap(),
            record["seed"].as_u64().unwrap(),
        );
        let again = ops::generate(&request, &mut Budget::new(5_000_000_000)).unwrap();
        if again.generator_version as u64 == version {
            assert_eq!(again.id, id, "{name}: regenerated differently");
            let written = written_like(&as_stored(&again), &record, &name);
            assert!(
                written == text,
                "{name}: regenerated record differs:\n{written}"
            );
        }
    }
    for level in ["easy", "medium", "hard", "expert"] {
        let count = per_level.get(level).copied().unwrap_or(0);
        assert!(
            count >= min_per_level,
            "{genre}: only {count} {level} puzzles in the corpus"
        );
    }
}

#[test]
fn kakuro_corpus_is_unique_and_rated_as_stored() {
    check_corpus("kakuro", 12, StoredRating::Same);
}

#[test]
fn kakurasu_corpus_is_unique_and_rated_as_stored() {
    check_corpus("kakurasu", 12, StoredRating::Same);
}

#[test]
fn kakuro_cryptic_corpus_is_unique_and_rated_as_stored() {
    check_corpus("kakuro-cryptic", 18, StoredRating::SameButSteps);
}
