#![cfg(feature = "server")]
//! The public edge: connection bounds, per-client fairness, bounded cost, answers for every
//! failure (hyper's own included), strict parsing, logs and exposure, API keys. Named after
//! the findings of issue 18 they pin down. What is about the connection (its bounds and
//! timeouts, hyper's answers, the client's address, the admin listener) goes over real sockets
//! on loopback, written by hand; the rest through the router in process.

#[path = "../common/mod.rs"]
mod common;

mod answers;
mod batches;
#[cfg(feature = "print")]
mod booklets;
mod budgets;
mod connections;
mod cost;
mod exposure;
mod fairness;
mod keys;
mod parsing;

use serde_json::Value;

/// The dense 9x9 Kakuro of the issue: down sums total 323, across sums 324, so no solution.
/// It was this file's worst case until the solver learnt to add up the sums of a connected
/// part (issue 19); now it is refuted at once.
fn dense_grid() -> Vec<String> {
    let mut rows = vec!["# 44/ 43/ 42/ 41/ 40/ 39/ 38/ 36/".to_string()];
    for across in (37..=44).rev() {
        rows.push(format!("/{across} . . . . . . . ."));
    }
    rows
}

/// A worst-case Kakuro: a random 24x24 grid (runs of up to 5 cells, 26% blocks) with the sums
/// of its fill, one across and one down sum then raised by one (the totals still agree). No
/// solution, and the exact solver does not finish within 3,000,000 steps (0.5 s), more than
/// the default budget.
fn heavy_grid() -> Value {
    use sumpuzzles::genres::kakuro::generate::adversarial::{change_sums, SumChange};
    use sumpuzzles::genres::kakuro::generate::random_grid::{random_filled_grid, RandomGridStyle};
    use sumpuzzles::{SeededRng, Shape};
    let style = RandomGridStyle {
        run_limit: 5,
        block_percent: 26,
        noise: 7,
    };
    let mut rng = SeededRng::new(0, 0xE0 ^ (24 << 8));
    let (filled, _) = random_filled_grid(Shape::new(24, 24), style, &mut rng).unwrap();
    let puzzle = change_sums(&filled, SumChange::Raised, &mut rng).unwrap();
    sumpuzzles::genres::kakuro::format::to_json(&puzzle)
}

/// The heavy grid's rows with every white cell empty, as a player's answer.
fn blank_answer(puzzle: &Value) -> Vec<String> {
    puzzle["grid"]
        .as_array()
        .unwrap()
        .iter()
        .map(|row| {
            row.as_str()
                .unwrap()
                .split(' ')
                .map(|cell| if cell == "." { '.' } else { '#' })
                .collect()
        })
        .collect()
}
