//! Solver and rater timings for Kakuro.
//!
//! `cargo run --release --example solver_bench` times, with the median of repeated runs:
//! - solving and proving unique (limit 2) the three grids of kakuro-solver-article.txt and,
//!   when `SUMPUZZLES_TESTDATA` points at the published test data, every published puzzle
//!   with a known count (time per 100 white cells, largest grids listed);
//! - rating every puzzle of `corpus/kakuro/` with the recording rater.

use std::path::Path;
use std::time::{Duration, Instant};

use sumpuzzles::genres::kakuro::{self, format, rate, Puzzle, Rules};
use sumpuzzles::Budget;

const ARTICLE: [(&str, &str); 3] = [
    ("article main", "#    16\\  12\\  10\\  8\\   #    #\n\\12  .    .    .    .    #    #\n\\27  .    .    .    .    21\\  #\n\\3   .    .    19\\8 .    .    6\\\n#    \\8   .    .    17\\8 .    .\n#    #    \\16  .    .    .    .\n#    #    \\27  .    .    .    ."),
    ("article draft", "#    16\\  12\\  10\\  8\\   #    #\n\\12  .    .    .    .    #    #\n\\27  .    .    .    .    21\\  #\n\\3   .    .    24\\8 .    .    6\\\n#    \\8   .    .    17\\8 .    .\n#    #    \\21  .    .    .    .\n#    #    \\27  .    .    .    ."),
    ("article hard", "#    24\\  15\\  6\\   14\\  #    #\n\\17  .    .    .    .    #    #\n\\13  .    .    .    .    24\\  #\n\\12  .    .    11\\12 .   .    9\\\n#    \\10  .    .    7\\5  .    .\n#    #    \\14  .    .    .    .\n#    #    \\27  .    .    .    ."),
];

/// The median of `runs` timings of `work`.
fn median_time(runs: usize, mut work: impl FnMut()) -> Duration {
    let mut times: Vec<Duration> = (0..runs)
        .map(|_| {
            let start = Instant::now();
            work();
            start.elapsed()
        })
        .collect();
    times.sort();
    times[times.len() / 2]
}

fn whites(puzzle: &Puzzle) -> usize {
    puzzle.layout(Rules::Relaxed).map_or(0, |l| l.white_count())
}

fn time_solve(name: &str, puzzle: &Puzzle) -> f64 {
    let white = whites(puzzle);
    let runs = if white > 1000 { 5 } else { 51 };
    let median = median_time(runs, || {
        let outcome = kakuro::solve_puzzle(puzzle, 2, &mut Budget::unlimited());
        assert!(outcome.complete);
    });
    let per_100 = median.as_secs_f64() * 1e6 * 100.0 / white.max(1) as f64;
    println!(
        "| {name} | {white} | {:.1} µs | {per_100:.1} µs |",
        median.as_secs_f64() * 1e6
    );
    per_100
}

fn main() {
    println!("## Solve and prove unique (limit 2), median of repeated runs\n");
    println!("| Grid | White cells | Median | Per 100 white cells |");
    println!("|---|---|---|---|");
    for (name, text) in ARTICLE {
        time_solve(name, &format::parse_text(text).unwrap());
    }
    if let Some(dir) = std::env::var_os("SUMPUZZLES_TESTDATA") {
        let path = Path::new(&dir).join("kakuro.jsonl");
        let mut per_100 = Vec::new();
        for line in std::fs::read_to_string(&path)
            .expect("kakuro.jsonl")
            .lines()
        {
            let record: serde_json::Value = serde_json::from_str(line).unwrap();
            let (Some(text), Some(_)) = (record["text"].as_str(), record["count"].as_u64()) else {
                continue;
            };
            let Ok(puzzle) = format::parse_text(text) else {
                continue;
            };
            if puzzle.layout(Rules::Relaxed).is_err() {
                continue;
            }
            let name = format!(
                "{} {}",
                record["source"].as_str().unwrap_or(""),
                record["name"].as_str().unwrap_or("")
            );
            if whites(&puzzle) >= 200 {
                per_100.push(time_solve(&name, &puzzle));
            } else {
                let white = whites(&puzzle);
                let median = median_time(21, || {
                    kakuro::solve_puzzle(&puzzle, 2, &mut Budget::unlimited());
                });
                let value = median.as_secs_f64() * 1e6 * 100.0 / white.max(1) as f64;
                if value > 200.0 {
                    println!(
                        "| {name} | {white} | {:.1} µs | {value:.1} µs |",
                        median.as_secs_f64() * 1e6
                    );
                }
                per_100.push(value);
            }
        }
        per_100.sort_by(f64::total_cmp);
        println!(
            "\nAll {} published puzzles with a known count: median {:.1} µs, largest {:.1} µs per 100 white cells.",
            per_100.len(),
            per_100[per_100.len() / 2],
            per_100[per_100.len() - 1]
        );
    } else {
        println!("\n(SUMPUZZLES_TESTDATA not set: published puzzles skipped)");
    }

    println!("\n## Rating the corpus (recording rater), median of 21 runs\n");
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("corpus/kakuro");
    let mut rows = Vec::new();
    for entry in std::fs::read_dir(&dir).expect("corpus/kakuro") {
        let path = entry.unwrap().path();
        let record: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
        let puzzle = format::parse_id(record["id"].as_str().unwrap()).unwrap();
        let layout = puzzle.layout(Rules::Relaxed).unwrap();
        let median = median_time(21, || {
            rate::rate_layout(&layout, &mut Budget::unlimited());
        });
        rows.push((
            median,
            path.file_stem().unwrap().to_string_lossy().to_string(),
        ));
    }
    rows.sort();
    let slowest = rows.iter().rev().take(5);
    println!("| Puzzle | Median rating time |");
    println!("|---|---|");
    for (time, name) in slowest {
        println!("| {name} | {:.0} µs |", time.as_secs_f64() * 1e6);
    }
    println!(
        "\n{} corpus puzzles: median {:.0} µs, slowest {:.0} µs.",
        rows.len(),
        rows[rows.len() / 2].0.as_secs_f64() * 1e6,
        rows[rows.len() - 1].0.as_secs_f64() * 1e6
    );
}
