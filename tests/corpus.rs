//! Every corpus puzzle of every registered genre (corpus/<genre>/*.json, written by `cargo run
//! --release --example corpus -- <genre>`) is re-solved and re-rated: exactly one solution, the
//! stored one (with the fields a genre's solution adds, such as cryptic Kakuro's letter
//! mapping), and the stored rating (see [`ratings_agree`]); and regenerating it from its
//! parameters writes the same record, byte for byte (the generation stats with their step
//! counts included), so a change to a search that moved a generated puzzle or a step count
//! fails here.

mod common;

use serde_json::Value;
use sumpuzzles::genres::GenreId;
use sumpuzzles::ops::{self, GenerateRequest, PuzzleSource};
use sumpuzzles::{Budget, Shape, TargetLevel};

/// The puzzles a corpus has of each level at least.
const MIN_PER_LEVEL: usize = 12;

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

/// Whether a puzzle rated again gives the `stored` rating: the same in every field, the step
/// count included, but for the steps a genre's rating may spend before it rates. The
/// generator stores the rating of the grid it built; `/rate` rates the puzzle as given, and a
/// genre whose grid is hidden works it out first (cryptic Kakuro solves its letters, then
/// rates the Kakuro they decode to), which only adds steps. Whatever a rating's steps, the
/// regenerated record pins the generator's, byte for byte.
fn ratings_agree(rated: &Value, stored: &Value) -> bool {
    let steps = |rating: &Value| rating["steps"].as_u64().expect("a rating's steps");
    let mut without_steps = rated.clone();
    without_steps["steps"] = stored["steps"].clone();
    without_steps == *stored && steps(rated) >= steps(stored)
}

fn check_corpus(genre: GenreId) {
    let mut per_level = std::collections::BTreeMap::new();
    let files = common::corpus_files(genre.name());
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
        // The fields a genre's solution adds (cryptic Kakuro's letter mapping, both ways it is
        // reported): every field the solve reports and the record has is the same.
        let solved_fields = serde_json::to_value(&solved).unwrap();
        for (field, value) in solved_fields.as_object().unwrap() {
            if let Some(stored) = record.get(field) {
                assert_eq!(value, stored, "{name}: {field} differs");
            }
        }
        let rated = ops::rate(&source.into(), &mut Budget::new(100_000_000)).unwrap();
        assert!(rated.complete && rated.solved, "{name}");
        let rating = as_stored(&rated);
        assert!(
            ratings_agree(&rating, &record["rating"]),
            "{name}: rating differs:\n{rating}\nstored:\n{}",
            record["rating"]
        );
        let level = record["level"].as_str().unwrap();
        *per_level.entry(level.to_string()).or_insert(0) += 1;

        // The parameters regenerate the same record (generator version permitting).
        let version = record["generator_version"].as_u64().unwrap();
        let request = GenerateRequest::new(
            genre,
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
            count >= MIN_PER_LEVEL,
            "{genre}: only {count} {level} puzzles in the corpus"
        );
    }
}

/// One test over the registry; the genres' corpora are checked side by side, as separate tests
/// would be.
#[test]
fn every_genre_corpus_is_unique_and_rated_as_stored() {
    std::thread::scope(|scope| {
        let checks: Vec<_> = GenreId::ALL
            .iter()
            .map(|&genre| (genre, scope.spawn(move || check_corpus(genre))))
            .collect();
        let failed: Vec<GenreId> = checks
            .into_iter()
            .filter_map(|(genre, check)| check.join().is_err().then_some(genre))
            .collect();
        assert!(failed.is_empty(), "corpus checks failed: {failed:?}");
    });
}
