//! Whether the daily puzzle exists on every date of a year: the steps and CPU time each date's
//! generation takes under the generation budget the service gives `/daily`
//! (`ops::GENERATE_BUDGET`), and the dates it does not fit.
//!
//! `cargo run --release --example daily_year -- --year 2026 --genre kakuro --shape 16x16
//! --level expert` (these are the defaults) prints one line per month (dates made, the most
//! steps and the date that needed them, CPU time), every date over the budget, and a total.
//! `--defaults` instead runs every registered genre at its default shape and level. The
//! request is read as the service reads `/daily`'s query (`ops::from_json` of the same
//! fields), so the puzzle is the one `/daily` answers. Its result is in docs/edge.md.

use std::time::Duration;

use serde_json::json;
use sumpuzzles::ops::{self, DailyRequest, Date, Plan};
use sumpuzzles::{Budget, Error};

#[path = "support/cpu_time.rs"]
mod cpu_time;
use cpu_time::thread_cpu_time;

/// One date's generation: its steps (spent, or the budget when it ran out) and CPU time.
struct Made {
    date: Date,
    steps: u64,
    cpu: Duration,
    outcome: Result<(), String>,
}

fn make(genre: &str, shape: Option<&str>, level: Option<&str>, date: Date) -> Made {
    let mut fields = json!({"genre": genre, "date": date.to_string(), "solution": false});
    if let Some(shape) = shape {
        fields["shape"] = json!(shape);
    }
    if let Some(level) = level {
        fields["level"] = json!(level);
    }
    let request: DailyRequest =
        ops::from_json(fields.to_string().as_bytes()).expect("a daily request");
    let plan = request.plan(date).expect("a date of the daily range");
    let mut budget = Budget::new(plan.default_budget());
    let started = thread_cpu_time();
    let outcome = plan.run(&mut budget);
    let cpu = thread_cpu_time() - started;
    match outcome {
        Ok(report) => Made {
            date,
            steps: report.puzzle.stats.steps,
            cpu,
            outcome: Ok(()),
        },
        Err(Error::Exhausted(progress)) => Made {
            date,
            steps: progress.steps,
            cpu,
            outcome: Err(format!("budget exhausted at {} steps", progress.budget)),
        },
        Err(error) => Made {
            date,
            steps: 0,
            cpu,
            outcome: Err(error.to_string()),
        },
    }
}

/// Runs every date of `year` for one genre, shape and level; prints the months and the total.
/// Returns how many dates failed.
fn year(genre: &str, shape: Option<&str>, level: Option<&str>, year: u32) -> usize {
    println!(
        "## {genre} {} {}, {year}, budget {} steps\n",
        shape.unwrap_or("(default shape)"),
        level.unwrap_or("(default level)"),
        ops::GENERATE_BUDGET
    );
    println!("| Month | Made | Most steps | On | CPU |");
    println!("|---|---:|---:|---|---:|");
    let mut failed = Vec::new();
    let (mut total_cpu, mut most) = (Duration::ZERO, (0u64, None::<Date>));
    for month in 1..=12 {
        let made: Vec<Made> = (1..=31)
            .filter_map(|day| Date::new(year, month, day))
            .map(|date| make(genre, shape, level, date))
            .collect();
        let cpu: Duration = made.iter().map(|m| m.cpu).sum();
        let top = made
            .iter()
            .max_by_key(|m| m.steps)
            .expect("a month has days");
        let ok = made.iter().filter(|m| m.outcome.is_ok()).count();
        println!(
            "| {year}-{month:02} | {ok}/{} | {} | {} | {:.2} s |",
            made.len(),
            top.steps,
            top.date,
            cpu.as_secs_f64()
        );
        total_cpu += cpu;
        if top.steps > most.0 {
            most = (top.steps, Some(top.date));
        }
        failed.extend(
            made.into_iter()
                .filter_map(|m| m.outcome.err().map(|why| (m.date, why))),
        );
    }
    println!();
    for (date, why) in &failed {
        println!("- {date}: {why}");
    }
    println!(
        "{} dates failed; most steps {} on {}; CPU {:.1} s\n",
        failed.len(),
        most.0,
        most.1.map_or_else(|| "-".into(), |d| d.to_string()),
        total_cpu.as_secs_f64()
    );
    failed.len()
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let value = |name: &str, default: &str| -> String {
        args.iter()
            .position(|arg| arg == name)
            .and_then(|at| args.get(at + 1))
            .cloned()
            .unwrap_or_else(|| default.to_string())
    };
    let the_year: u32 = value("--year", "2026").parse().expect("--year YYYY");
    let failed = if args.iter().any(|arg| arg == "--defaults") {
        ops::genres()
            .iter()
            .map(|info| year(&info.name.to_string(), None, None, the_year))
            .sum()
    } else {
        let (genre, shape, level) = (
            value("--genre", "kakuro"),
            value("--shape", "16x16"),
            value("--level", "expert"),
        );
        year(&genre, Some(&shape), Some(&level), the_year)
    };
    if failed > 0 {
        std::process::exit(1);
    }
}
