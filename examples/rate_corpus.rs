//! Rating time of every corpus puzzle of a genre.
//!
//! `cargo run --release --example rate_corpus -- kakurasu` rates each `corpus/<genre>/*.json`
//! (its `id`) with the genre's recording rater, five times, and prints the median time of each
//! puzzle, slowest first, then the largest median.

use std::time::{Duration, Instant};

use sumpuzzles::ops::{self, PuzzleSource};
use sumpuzzles::Budget;

const REPEATS: usize = 5;

fn main() {
    let genre = std::env::args().nth(1).unwrap_or_else(|| "kakuro".into());
    let dir = std::path::PathBuf::from(format!("corpus/{genre}"));
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|entry| entry.expect("a folder entry").path())
        .filter(|path| path.extension().is_some_and(|e| e == "json"))
        .collect();
    files.sort();
    let mut times: Vec<(Duration, String)> = Vec::new();
    for path in files {
        let record: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(&path).expect("readable"))
                .expect("a corpus record");
        let id = record["id"].as_str().expect("an id").to_string();
        let mut runs: Vec<Duration> = (0..REPEATS)
            .map(|_| {
                let start = Instant::now();
                let report = ops::rate(
                    &PuzzleSource::id(id.as_str()).into(),
                    &mut Budget::new(1_000_000_000),
                )
                .expect("a rating");
                assert!(report.solved, "{}", path.display());
                start.elapsed()
            })
            .collect();
        runs.sort();
        times.push((runs[REPEATS / 2], path.display().to_string()));
    }
    times.sort_by(|a, b| b.cmp(a));
    for (time, path) in &times {
        println!("{:8.2} ms  {path}", time.as_secs_f64() * 1000.0);
    }
    if let Some((time, path)) = times.first() {
        println!(
            "max {:.2} ms ({path}) over {} puzzles",
            time.as_secs_f64() * 1000.0,
            times.len()
        );
    }
}
