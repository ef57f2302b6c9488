//! The cryptic Kakuro solver's two strategies, timed the way `solver_compare time` times ours:
//! `cargo run --release --example cryptic_strategies -- INPUTS.jsonl STRATEGY`, where INPUTS is
//! what `solver_compare inputs` writes (only its cryptic lines are read) and STRATEGY is `old`
//! ([`Strategy::FewestCandidates`], the generator's), `adaptive` ([`solve::ADAPTIVE`], the
//! API's) or `adaptive:N` (starting over after N failures first). One JSON line per puzzle, as
//! `solver_compare time` prints them: class, name, count (to 2), complete, steps, runs and the
//! median time in microseconds (the structure is built once, the solver in every run). A third
//! argument, RUNS, fixes the timed runs of every puzzle (for counting instructions with
//! `perf stat`, steadier than times on a busy machine).

use std::io::{BufRead, Write};
use std::time::{Duration, Instant};

use serde_json::{json, Value};
use sumpuzzles::genres::kakuro_cryptic::format::parse_line;
use sumpuzzles::genres::kakuro_cryptic::solve::{self, Solver};
use sumpuzzles::Budget;
use sumpuzzles::Strategy;

/// Timed runs aim at this much time per puzzle, as in `solver_compare`.
const TIME_PER_PUZZLE: Duration = Duration::from_millis(50);
const MIN_RUNS: usize = 3;
const MAX_RUNS: usize = 101;
const MAX_STEPS: u64 = 2_000_000_000;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let usage = "usage: cryptic_strategies INPUTS.jsonl old|adaptive|adaptive:N [RUNS]";
    let (Some(path), Some(name)) = (args.first(), args.get(1)) else {
        eprintln!("{usage}");
        std::process::exit(2);
    };
    let strategy = match name.as_str() {
        "old" => Strategy::FewestCandidates,
        "adaptive" => solve::ADAPTIVE,
        other => match other.strip_prefix("adaptive:").map(str::parse) {
            Some(Ok(first_restart)) => Strategy::Adaptive { first_restart },
            _ => {
                eprintln!("{usage}");
                std::process::exit(2);
            }
        },
    };
    let fixed_runs: Option<usize> = args.get(2).map(|runs| {
        runs.parse().unwrap_or_else(|_| {
            eprintln!("{usage}");
            std::process::exit(2)
        })
    });
    let file = std::fs::File::open(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    for line in std::io::BufReader::new(file).lines() {
        let record: Value = serde_json::from_str(&line.expect("readable")).expect("JSON lines");
        if record["genre"] != "kakuro-cryptic" {
            continue;
        }
        let text = record["text"].as_str().expect("a text");
        let puzzle = parse_line(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        let structure = puzzle.structure();
        let solve = || {
            let start = Instant::now();
            let solver = Solver::new(structure);
            let outcome = solver.solve_with(
                strategy,
                solver.full_domains(),
                2,
                &mut Budget::new(MAX_STEPS),
            );
            (start.elapsed(), outcome)
        };
        let (first, outcome) = solve();
        let wanted = TIME_PER_PUZZLE.as_secs_f64() / first.as_secs_f64().max(1e-9);
        let runs = fixed_runs.unwrap_or((wanted.ceil() as usize).clamp(MIN_RUNS, MAX_RUNS));
        let mut times: Vec<Duration> = (0..runs).map(|_| solve().0).collect();
        times.sort();
        let result = json!({
            "class": record["class"],
            "name": record["name"],
            "count": outcome.count(),
            "complete": outcome.complete,
            "steps": outcome.steps,
            "runs": runs,
            "median_us": times.get(runs / 2).map_or(0.0, |t| t.as_secs_f64() * 1e6),
        });
        writeln!(out, "{result}").expect("stdout");
    }
}
