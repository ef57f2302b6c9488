//! Every corpus puzzle (corpus/<genre>/*.json, written by `cargo run --release --example corpus
//! -- <genre>`) is re-solved and re-rated: exactly one solution, the stored one, at the stored
//! level and (for the stored score version) score, with the stored descriptors; and
//! regenerating it from its parameters gives the same puzzle.

mod common;

use sumpuzzles::core::{Budget, Shape, TargetLevel};
use sumpuzzles::ops::{self, GenerateRequest, PuzzleSource};

fn check_corpus(genre: &str, min_per_level: usize) {
    let mut per_level = std::collections::BTreeMap::new();
    for (name, record) in common::corpus_records(genre) {
        let id = record["id"].as_str().unwrap();
        let source = PuzzleSource::id(id);
        let solved = ops::solve(&source.clone().into(), &mut Budget::new(100_000_000)).unwrap();
        assert!(solved.unique, "{name}: not unique");
        let stored: Vec<String> = serde_json::from_value(record["solution"].clone()).unwrap();
        assert_eq!(solved.solutions[0], stored, "{name}: solution differs");
        let rated = ops::rate(&source.into(), &mut Budget::new(100_000_000)).unwrap();
        assert!(rated.complete && rated.solved, "{name}");
        let level = record["level"].as_str().unwrap();
        assert_eq!(
            serde_json::to_value(rated.level).unwrap(),
            level,
            "{name}: level"
        );
        let rated = serde_json::to_value(&rated).unwrap();
        let stored = &record["rating"];
        for field in ["status", "level", "uniqueness", "descriptors"] {
            assert_eq!(rated[field], stored[field], "{name}: {field}");
        }
        assert_eq!(record["score"], stored["score"], "{name}");
        assert_eq!(record["descriptors"], stored["descriptors"], "{name}");
        // A score is only defined with its version (and the rater profile's).
        if (&rated["score_version"], &rated["profile_version"])
            == (&stored["score_version"], &stored["profile_version"])
        {
            assert_eq!(rated["score"], stored["score"], "{name}: score");
        }
        *per_level.entry(level.to_string()).or_insert(0) += 1;

        // The parameters regenerate the same puzzle (generator version permitting).
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
    check_corpus("kakuro", 12);
}

#[test]
fn kakurasu_corpus_is_unique_and_rated_as_stored() {
    check_corpus("kakurasu", 12);
}
