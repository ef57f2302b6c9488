//! The time and memory of a puzzle book: its puzzles' generation, then its printing, measured
//! apart (docs/print.md).
//!
//! `cargo run --release --example print_book` (the defaults: 100 Kakuro 10x10 hard from seed 1,
//! a 6x9 book with its solutions) prints the CPU time of the generation and of the printing
//! (and the printing's wall time, repeated `--repeat` times: median and worst), the peak
//! resident memory after each (VmHWM, the printing's measured alone: the peak is reset after
//! the generation through /proc/self/clear_refs), the PDF's size, and writes the
//! book to `--output` (target/print-book.pdf). `--json '{...}'` names another request, as
//! `/booklet` reads it. Run it under `/usr/bin/time -v` for the whole process's peak.

use std::time::{Duration, Instant};

use sumpuzzles::ops::{self, BookletPlan, BookletRequest, Plan};
use sumpuzzles::Budget;

#[path = "support/cpu_time.rs"]
mod cpu_time;
use cpu_time::thread_cpu_time;

const DEFAULT: &str =
    r#"{"genre": "kakuro", "shape": "10x10", "level": "hard", "count": 100, "seed": 1}"#;

/// A field of /proc/self/status in KiB (VmHWM, VmRSS).
fn status_kib(field: &str) -> u64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    status
        .lines()
        .find_map(|line| line.strip_prefix(&format!("{field}:")))
        .and_then(|value| value.split_whitespace().next()?.parse().ok())
        .unwrap_or(0)
}

/// Resets the process's peak resident memory to its current one (Linux 4.0 and later).
fn reset_peak() {
    let _ = std::fs::write("/proc/self/clear_refs", "5");
}

fn mib(kib: u64) -> f64 {
    kib as f64 / 1024.0
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let value = |name: &str| {
        args.iter()
            .position(|arg| arg == name)
            .and_then(|at| args.get(at + 1).cloned())
    };
    let json = value("--json").unwrap_or_else(|| DEFAULT.to_string());
    let output = value("--output").unwrap_or_else(|| "target/print-book.pdf".to_string());
    let repeat: usize = value("--repeat").map_or(3, |n| n.parse().expect("--repeat N"));
    let request: BookletRequest = ops::from_json(json.as_bytes()).expect("a booklet request");
    let plan = request.plan().expect("a booklet that plans");
    let layout = plan.layout.clone();
    println!("request: {json}");

    let start = Instant::now();
    let cpu = thread_cpu_time();
    let mut puzzles = Vec::new();
    for job in plan.jobs() {
        let puzzle = job
            .run(&mut Budget::new(ops::LOCAL_GENERATE_BUDGET))
            .unwrap_or_else(|error| panic!("{}: {error}", job.place));
        puzzles.push(puzzle);
    }
    let generation_cpu = thread_cpu_time() - cpu;
    println!(
        "generation: {} puzzles, {:.2} s CPU, {:.2} s wall; peak resident {:.1} MiB",
        puzzles.len(),
        generation_cpu.as_secs_f64(),
        start.elapsed().as_secs_f64(),
        mib(status_kib("VmHWM"))
    );

    let mut walls: Vec<Duration> = Vec::new();
    let mut cpus: Vec<Duration> = Vec::new();
    let mut pdf = Vec::new();
    let before = status_kib("VmRSS");
    reset_peak();
    for _ in 0..repeat.max(1) {
        let printing = BookletPlan::printing(layout.clone(), puzzles.clone());
        let start = Instant::now();
        let cpu = thread_cpu_time();
        pdf = printing
            .run(&mut Budget::unlimited())
            .expect("the book prints");
        cpus.push(thread_cpu_time() - cpu);
        walls.push(start.elapsed());
    }
    let peak = status_kib("VmHWM");
    walls.sort();
    cpus.sort();
    let median = |times: &[Duration]| times[times.len() / 2].as_secs_f64();
    println!(
        "printing ({} runs): median {:.3} s CPU, {:.3} s wall; worst {:.3} s CPU, {:.3} s wall",
        walls.len(),
        median(&cpus),
        median(&walls),
        cpus.last().unwrap().as_secs_f64(),
        walls.last().unwrap().as_secs_f64()
    );
    println!(
        "printing's peak resident memory: {:.1} MiB (before it: {:.1} MiB, so {:.1} MiB more)",
        mib(peak),
        mib(before),
        mib(peak.saturating_sub(before))
    );
    println!("the PDF: {} bytes (`pdfinfo` gives its pages)", pdf.len());
    std::fs::write(&output, &pdf).expect("writing the book");
    println!("written to {output}");
}
