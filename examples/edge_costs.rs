//! What one request costs: steps per CPU second of every operation on worst-case inputs, and
//! the steps generation needs, from which the service's default budgets are sized
//! (docs/edge.md).
//!
//! `cargo run --release --example edge_costs` prints a markdown table: for each operation and
//! input (the dense 9x9 Kakuro, the heavy 24x24 one, tiles of it, a cryptic grid, a 32x32
//! Kakurasu), the steps it spent under a fixed budget, the CPU time of the measuring thread and
//! the steps per CPU second; then the steps and CPU time of 16x16 expert Kakuro generations
//! (`--seeds N`, default 20), and the budgets that follow: the puzzle operations' budget is
//! what the slowest input spends in 2 s of CPU, generation's the most steps a 16x16 expert
//! seed needed, with room to spare.
//!
//! The inputs are read as the service reads a request body (`ops::from_json`), so the cost
//! measured is a request's whole cost on its worker.

use std::time::Duration;

use serde_json::{json, Value};
use sumpuzzles::ops::{
    self, GenerateRequest, HintRequest, RateRequest, RenderRequest, SolveRequest,
};
use sumpuzzles::{Budget, Error};

/// Steps each measured operation may spend.
const MEASURE_STEPS: u64 = 20_000_000;

#[path = "support/cpu_time.rs"]
mod cpu_time;
use cpu_time::thread_cpu_time;

/// The dense 9x9 Kakuro of issue 18: eight full rows, down sums 44 to 38 and 36, across sums
/// 44 down to 37. The two totals differ (323 and 324), so it has no solution: the reasoning
/// across runs sees it at once; before it, the exact solver ran out of any budget.
fn dense_rows(letters: bool) -> Vec<String> {
    let write = |sum: u32| -> String {
        if letters {
            sum.to_string()
                .bytes()
                .map(|digit| char::from(b'A' + (digit - b'0')))
                .collect()
        } else {
            sum.to_string()
        }
    };
    let downs = [44, 43, 42, 41, 40, 39, 38, 36];
    let mut rows = vec![format!(
        "# {}",
        downs
            .iter()
            .map(|&sum| format!("{}/", write(sum)))
            .collect::<Vec<_>>()
            .join(" ")
    )];
    for across in (37..=44).rev() {
        rows.push(format!(
            "/{} {}",
            write(across),
            [". "; 8].concat().trim_end()
        ));
    }
    rows
}

/// The heavy 24x24 Kakuro of the fault tests (`heavy_grid` in tests/edge/main.rs, `HEAVY` in
/// scripts/fault_scenarios/heavy.py): a random fill (26% blocks, runs up to 5 cells) with one across and
/// one down sum raised, so it has no solution, which the exact solver, reasoning across runs
/// included, does not prove within millions of steps. Since that reasoning (issue 19) the
/// dense 9x9 grid is refuted in a few dozen steps, so this is the worst case measured.
fn heavy_rows() -> Vec<String> {
    use sumpuzzles::genres::kakuro::generate::adversarial::{change_sums, SumChange};
    use sumpuzzles::genres::kakuro::generate::random_grid::{random_filled_grid, RandomGridStyle};
    use sumpuzzles::{SeededRng, Shape};
    let style = RandomGridStyle {
        run_limit: 5,
        block_percent: 26,
        noise: 7,
    };
    let mut rng = SeededRng::new(0, 0xE0 ^ (24 << 8));
    let (filled, _) = random_filled_grid(Shape::new(24, 24), style, &mut rng).expect("a fill");
    let puzzle = change_sums(&filled, SumChange::Raised, &mut rng).expect("a changed sum");
    let grid = sumpuzzles::genres::kakuro::format::to_json(&puzzle)["grid"].clone();
    serde_json::from_value(grid).expect("rows of text")
}

/// `tiles` x `tiles` copies of `tile` side by side: a large grid (relaxed rules) whose every
/// tile is unsolvable.
fn tiled(tile: &[String], tiles: usize) -> Vec<String> {
    let mut rows = Vec::new();
    for _ in 0..tiles {
        for line in tile {
            rows.push(vec![line.as_str(); tiles].join(" "));
        }
    }
    rows
}

/// A 32x32 Kakurasu whose clues come from a pseudo-random half shading: many solutions.
fn kakurasu_32() -> Value {
    let side = 32u32;
    let mut state = 0x9E37_79B9_7F4A_7C15u64;
    let mut shaded = vec![false; (side * side) as usize];
    for cell in &mut shaded {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        *cell = state & 1 == 1;
    }
    let at = |r: u32, c: u32| shaded[(r * side + c) as usize];
    let rows: Vec<u32> = (0..side)
        .map(|r| (0..side).filter(|&c| at(r, c)).map(|c| c + 1).sum())
        .collect();
    let cols: Vec<u32> = (0..side)
        .map(|c| (0..side).filter(|&r| at(r, c)).map(|r| r + 1).sum())
        .collect();
    json!({"row_clues": rows, "col_clues": cols})
}

fn blank_answer(rows: &[String]) -> Vec<String> {
    rows.iter()
        .map(|row| {
            row.split(' ')
                .map(|cell| if cell == "." { '.' } else { '#' })
                .collect()
        })
        .collect()
}

struct Measured {
    steps: u64,
    cpu: Duration,
    outcome: String,
}

/// Runs `work` with a budget of `steps` and measures it; the outcome is the status the
/// service would answer and, for a failure, its problem type.
fn measure<T>(steps: u64, work: impl FnOnce(&mut Budget) -> Result<T, Error>) -> Measured {
    let mut budget = Budget::new(steps);
    let start = thread_cpu_time();
    let result = work(&mut budget);
    let cpu = thread_cpu_time() - start;
    let outcome = match result {
        Ok(_) => "200".to_string(),
        Err(error) => {
            let problem = ops::ProblemDetails::from(&error);
            format!("{} {}", problem.status, problem.kind)
        }
    };
    Measured {
        steps: budget.used(),
        cpu,
        outcome,
    }
}

fn request<T: serde::de::DeserializeOwned>(body: Value) -> T {
    ops::from_json(body.to_string().as_bytes()).expect("a well-formed request")
}

fn main() {
    let mut seeds = 20u64;
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--seeds" => seeds = args.next().and_then(|n| n.parse().ok()).expect("--seeds N"),
            other => panic!("unknown argument {other}"),
        }
    }

    let dense = dense_rows(false);
    let cryptic = dense_rows(true);
    let heavy = heavy_rows();
    let tiled = tiled(&heavy, 6);
    let kakurasu = kakurasu_32();
    let kakuro = |rows: &[String]| json!({"genre": "kakuro", "puzzle": {"grid": rows}});
    let cryptic_body = json!({"genre": "kakuro-cryptic", "puzzle": {"grid": cryptic}});
    let kakurasu_body = json!({"genre": "kakurasu", "puzzle": kakurasu});
    let with = |mut body: Value, key: &str, value: Value| {
        body[key] = value;
        body
    };

    let mut rows: Vec<(String, String, Measured)> = Vec::new();
    let mut add = |operation: &str, input: &str, measured: Measured| {
        rows.push((operation.to_string(), input.to_string(), measured));
    };
    for (input, body) in [
        ("kakuro dense 9x9", kakuro(&dense)),
        ("kakuro heavy 24x24", kakuro(&heavy)),
        (
            "kakuro 6x6 tiles of the heavy grid (144x144)",
            kakuro(&tiled),
        ),
        ("kakuro-cryptic dense 9x9", cryptic_body.clone()),
        ("kakurasu 32x32, many solutions", kakurasu_body.clone()),
    ] {
        let solve: SolveRequest = request(body.clone());
        add(
            "/solve",
            input,
            measure(MEASURE_STEPS, |b| ops::solve(&solve, b)),
        );
        let rate: RateRequest = request(body.clone());
        add(
            "/rate",
            input,
            measure(MEASURE_STEPS, |b| ops::rate(&rate, b)),
        );
        let render: RenderRequest = request(with(body.clone(), "solution", json!(true)));
        add(
            "/render solution",
            input,
            measure(MEASURE_STEPS, |b| ops::render(&render, b)),
        );
        let answer = match body["puzzle"].get("grid") {
            Some(grid) => {
                blank_answer(&serde_json::from_value::<Vec<String>>(grid.clone()).unwrap())
            }
            None => vec![".".repeat(32); 32],
        };
        let hint: HintRequest = request(with(body.clone(), "answer", json!(answer)));
        add(
            "/hint",
            input,
            measure(MEASURE_STEPS, |b| ops::hint(&hint, b)),
        );
        let check: ops::CheckRequest = request(with(body.clone(), "answer", json!(answer)));
        add(
            "/check",
            input,
            measure(MEASURE_STEPS, |_| ops::check(&check)),
        );
    }

    println!("| Operation | Input | Outcome | Steps | CPU | Steps per CPU second |");
    println!("|---|---|---|---:|---:|---:|");
    let mut slowest = f64::INFINITY;
    for (operation, input, m) in &rows {
        let per_second = m.steps as f64 / m.cpu.as_secs_f64().max(1e-9);
        // Only a run that spent a real number of steps says what a step costs.
        if m.steps >= 1_000_000 {
            slowest = slowest.min(per_second);
        }
        println!(
            "| `{operation}` | {input} | {} | {} | {:.3} s | {} |",
            m.outcome,
            m.steps,
            m.cpu.as_secs_f64(),
            if m.steps >= 1_000_000 {
                format!("{:.2} M", per_second / 1e6)
            } else {
                "—".to_string()
            }
        );
    }

    println!();
    println!("| `/generate` kakuro 16x16 expert, seed | Steps | CPU |");
    println!("|---|---:|---:|");
    let mut most_steps = 0;
    let mut most_cpu = Duration::ZERO;
    let mut generation_rate = f64::INFINITY;
    for seed in 0..seeds {
        let generate: GenerateRequest = request(json!({
            "genre": "kakuro", "shape": "16x16", "level": "expert", "seed": seed
        }));
        let start = thread_cpu_time();
        let report = ops::generate(&generate, &mut Budget::new(u64::MAX / 2)).expect("generates");
        let cpu = thread_cpu_time() - start;
        most_steps = most_steps.max(report.stats.steps);
        most_cpu = most_cpu.max(cpu);
        if report.stats.steps >= 1_000_000 {
            generation_rate = generation_rate.min(report.stats.steps as f64 / cpu.as_secs_f64());
        }
        println!(
            "| {seed} | {} | {:.3} s |",
            report.stats.steps,
            cpu.as_secs_f64()
        );
    }
    println!();
    println!(
        "Slowest puzzle operation: {:.2} M steps per CPU second: 2 s of CPU is {:.1} M steps.",
        slowest / 1e6,
        2.0 * slowest / 1e6
    );
    println!(
        "16x16 expert generation: at most {most_steps} steps and {:.2} s of CPU over {seeds} seeds; \
         the slowest generation rate {:.2} M steps per CPU second.",
        most_cpu.as_secs_f64(),
        generation_rate / 1e6
    );
}
