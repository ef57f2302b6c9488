//! Project Euler 424 benchmark: solves every line of a file of cryptic Kakuro lines, proving
//! each unique (solution limit 2), and prints the median total time of repeated runs.
//!
//! `cargo run --release --example pe424 -- FILE [RUNS]` (FILE defaults to
//! `$SUMPUZZLES_TESTDATA/pe424/p424_kakuro200.txt`, RUNS to 51). Parsing is timed with the
//! solving; reading the file is not. The run fails if a line has no unique solution.

use std::time::{Duration, Instant};

use sumpuzzles::genres::kakuro_cryptic::batch;
use sumpuzzles::ops::LOCAL_LINE_BUDGET;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let path = match args.first() {
        Some(path) => std::path::PathBuf::from(path),
        None => std::path::PathBuf::from(
            std::env::var_os("SUMPUZZLES_TESTDATA")
                .expect("give a file, or set SUMPUZZLES_TESTDATA to the test data folder"),
        )
        .join("pe424/p424_kakuro200.txt"),
    };
    let runs: usize = args.get(1).and_then(|r| r.parse().ok()).unwrap_or(51);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));

    let mut times: Vec<Duration> = Vec::with_capacity(runs);
    let mut last = Vec::new();
    for _ in 0..runs {
        let start = Instant::now();
        last = batch::solve_lines(&text, LOCAL_LINE_BUDGET);
        times.push(start.elapsed());
    }
    times.sort();
    let steps: u64 = last
        .iter()
        .map(|r| r.outcome.as_ref().map_or(0, |o| o.steps))
        .sum();
    let unique = last.iter().filter(|r| r.encrypted().is_some()).count();
    println!("lines: {}, unique: {unique}", last.len());
    println!("sum of encrypted values: {}", batch::encrypted_sum(&last));
    println!("solver steps per run: {steps}");
    println!(
        "median of {runs} runs: {:.2} ms (fastest {:.2} ms, slowest {:.2} ms)",
        times[times.len() / 2].as_secs_f64() * 1000.0,
        times[0].as_secs_f64() * 1000.0,
        times[times.len() - 1].as_secs_f64() * 1000.0,
    );
    assert_eq!(
        unique,
        last.len(),
        "every line should have exactly one solution"
    );
}
