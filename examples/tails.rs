//! Generation tails: how many seeds fit the default generation budget, in steps, and the wall
//! time of the same generations with 1 thread and with 2 (issue 32).
//!
//! `cargo run --release --example tails -- --sizes 20x20,24x24 --seeds 100` generates seeds
//! 0-99 of every level (easy, medium, hard, expert) at each size under a budget far above the
//! default and prints, per size and level: how many seeds finish within
//! [`ops::GENERATE_BUDGET`] steps (a generation's steps do not depend on its budget, so this
//! is the number a request with the default budget makes), the median, 95th percentile and
//! largest step counts, and the median, 95th percentile, largest and total wall time with each
//! thread count of `--threads` (default `1,2`), each seed generated once per thread count by
//! this binary, one after the other. Every thread count must give the same puzzle and steps: a
//! difference is reported as a failure. Each seed's steps, attempts and restarts go to standard error.
//! Options: `--levels easy,hard`, `--budget STEPS` (the cap, default
//! 2,000,000,000: a seed beyond it counts as not found).

#[path = "support/stats.rs"]
mod stats;

use std::time::{Duration, Instant};

use sumpuzzles::genres::GenreId;
use sumpuzzles::ops::{self, GenerateRequest};
use sumpuzzles::{Budget, Shape, TargetLevel};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let option = |name: &str| {
        args.iter()
            .position(|a| a == name)
            .and_then(|i| args.get(i + 1))
            .cloned()
    };
    let sizes: Vec<Shape> = option("--sizes")
        .unwrap_or_else(|| "20x20,24x24,32x32".into())
        .split(',')
        .map(|s| s.parse().expect("size like 20x20"))
        .collect();
    let levels: Vec<TargetLevel> = option("--levels")
        .unwrap_or_else(|| "easy,medium,hard,expert".into())
        .split(',')
        .map(|s| s.parse().expect("level"))
        .collect();
    let seeds: u64 = option("--seeds").map_or(100, |s| s.parse().expect("a count"));
    let cap: u64 = option("--budget").map_or(2_000_000_000, |s| s.parse().expect("steps"));
    let threads: Vec<usize> = option("--threads")
        .unwrap_or_else(|| "1,2".into())
        .split(',')
        .map(|s| s.parse().expect("a thread count"))
        .collect();

    let walls: String = threads
        .iter()
        .map(|n| {
            format!(
                " Median, p95, max, total wall ({n} thread{}) |",
                if *n == 1 { "" } else { "s" }
            )
        })
        .collect();
    println!(
        "| Size | Level | Within {} M steps | Median steps | 95th percentile | Max steps |{walls}",
        ops::GENERATE_BUDGET / 1_000_000
    );
    println!("|---|---|---|---|---|---|{}", "---|".repeat(threads.len()));
    for &shape in &sizes {
        for &level in &levels {
            // Steps per seed (None: beyond the cap), and wall times per thread count.
            let mut steps: Vec<Option<u64>> = Vec::new();
            let mut times: Vec<Vec<Option<Duration>>> = vec![Vec::new(); threads.len()];
            for seed in 0..seeds {
                let request = GenerateRequest::new(GenreId::Kakuro, Some(shape), level, seed);
                let mut first: Option<String> = None;
                for (slot, &count) in threads.iter().enumerate() {
                    let start = Instant::now();
                    let result = ops::generate(&request, &mut Budget::new(cap).with_threads(count));
                    let elapsed = start.elapsed();
                    let outcome = match &result {
                        Ok(report) => format!("{} {}", report.id, report.stats.steps),
                        Err(error) => format!("{error}"),
                    };
                    match &first {
                        None => {
                            if let Ok(report) = &result {
                                // Per seed, for a closer look at the tails.
                                eprintln!(
                                    "{shape} {level} seed {seed}: {} steps, {} attempts, {} restarts, {:?}",
                                    report.stats.steps,
                                    report.stats.attempts,
                                    report.stats.restarts,
                                    elapsed
                                );
                            }
                            steps.push(result.as_ref().ok().map(|report| report.stats.steps));
                            first = Some(outcome);
                        }
                        Some(first) => assert_eq!(
                            *first, outcome,
                            "{shape} {level} seed {seed}: {count} threads differ"
                        ),
                    }
                    times[slot].push(result.is_ok().then_some(elapsed));
                }
            }
            let within = steps
                .iter()
                .filter(|s| s.is_some_and(|s| s <= ops::GENERATE_BUDGET))
                .count();
            // Failures last, as the times are sorted.
            steps.sort_by_key(|s| s.unwrap_or(u64::MAX));
            let quantile = |q: f64| {
                let index = ((steps.len() as f64 * q).ceil() as usize).clamp(1, steps.len()) - 1;
                steps[index].map_or("—".to_string(), |s| format!("{:.1} M", s as f64 / 1e6))
            };
            let mut cells = String::new();
            for times in &mut times {
                let total: Duration = times.iter().flatten().sum();
                stats::sort_times(times);
                cells += &format!(
                    " {}, {}, {}, {} |",
                    stats::quantile(times, 0.5),
                    stats::quantile(times, 0.95),
                    stats::quantile(times, 1.0),
                    stats::format_duration(total)
                );
            }
            println!(
                "| {shape} | {level} | {within}/{seeds} | {} | {} | {} |{cells}",
                quantile(0.5),
                quantile(0.95),
                quantile(1.0)
            );
        }
    }
}
