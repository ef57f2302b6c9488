//! Generation benchmark: prints the spec's performance table for a genre.
//!
//! `cargo run --release --example benchmark -- kakuro 20` generates seeds 0-19 for every size
//! and level, and prints Found, Median, 95th percentile and Mean attempts. A generation that
//! fails (budget exhausted) counts as infinite time. The sizes are 6x6, 8x8, 10x10, 12x12 and
//! 16x16, then 20x20, 24x24 and 32x32 where the genre's limits reach (Kakuro). Options:
//! `--sizes 6x6,8x8`, `--levels easy,hard`, `--budget STEPS`.

#[path = "support/stats.rs"]
mod stats;

use std::time::{Duration, Instant};

use sumpuzzles::ops::{self, GenerateRequest};
use sumpuzzles::{Budget, Shape, TargetLevel};

/// The sides of the default sizes, as far as the genre's limits reach.
const DEFAULT_SIDES: [usize; 8] = [6, 8, 10, 12, 16, 20, 24, 32];

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let genre = args.first().map(String::as_str).unwrap_or("kakuro");
    let count: u64 = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(20);
    let option = |name: &str| {
        args.iter()
            .position(|a| a == name)
            .and_then(|i| args.get(i + 1))
            .cloned()
    };
    let genre: sumpuzzles::genres::GenreId = genre.parse().expect("a registered genre");
    let max_side = ops::genres()
        .into_iter()
        .find(|info| info.name == genre)
        .map_or(usize::MAX, |info| info.max_side);
    let sizes: Vec<Shape> = match option("--sizes") {
        Some(list) => list
            .split(',')
            .map(|s| s.parse().expect("size like 8x8"))
            .collect(),
        None => DEFAULT_SIDES
            .iter()
            .filter(|&&side| side <= max_side)
            .map(|&side| Shape::new(side, side))
            .collect(),
    };
    let levels: Vec<TargetLevel> = option("--levels")
        .unwrap_or_else(|| "any,easy,medium,hard,expert".into())
        .split(',')
        .map(|s| s.parse().expect("level"))
        .collect();
    let budget_steps: u64 = option("--budget")
        .and_then(|b| b.parse().ok())
        .unwrap_or(2_000_000_000);

    println!("| Size | Level | Found | Median | 95th percentile | Mean attempts |");
    println!("|---|---|---|---|---|---|");
    for &shape in &sizes {
        for &level in &levels {
            let mut times: Vec<Option<Duration>> = Vec::new();
            let mut attempts = 0u64;
            for seed in 0..count {
                let request = GenerateRequest::new(genre, Some(shape), level, seed);
                let start = Instant::now();
                let result = ops::generate(&request, &mut Budget::new(budget_steps));
                let elapsed = start.elapsed();
                match result {
                    Ok(generated) => {
                        attempts += generated.stats.attempts;
                        times.push(Some(elapsed));
                    }
                    Err(_) => times.push(None),
                }
            }
            let found = times.iter().filter(|t| t.is_some()).count();
            stats::sort_times(&mut times);
            println!(
                "| {shape} | {level} | {found}/{count} | {} | {} | {} |",
                stats::quantile(&times, 0.5),
                stats::quantile(&times, 0.95),
                attempts / (found.max(1) as u64)
            );
        }
    }
}
