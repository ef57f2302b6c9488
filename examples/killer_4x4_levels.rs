//! Which levels a 4x4 Killer Sudoku can have under the rater `killer-human`: every cage layout
//! of 4x4 grids, rated (the measurement behind `generate::levels` and
//! `generate::small_grids::EXPERT_KINDS`, in `docs/benchmarks-killer.md`).
//!
//! `cargo run --release --example killer_4x4_levels` sorts the 288 filled 4x4 grids into
//! kinds (`small_grids::kind_of`: turning, mirroring, the digits' complement d -> 5 - d, which
//! map the cage layouts of one grid onto those of the other and keep the rules). For the first
//! grid of each kind it lists every cage layout the generator could make (orthogonally
//! connected cages, the digits of a cage different), keeps those with one solution and rates
//! each (`small_grids::rate_layouts`): a table of the layouts, the unique ones and how many
//! rate at each level, per grid. `--all` does every one of the 288 grids (about 11 times as
//! long, 75 s).

use std::collections::BTreeMap;

use sumpuzzles::genres::killer_sudoku::generate::screen::filled_grids;
use sumpuzzles::genres::killer_sudoku::generate::small_grids::{kind_of, rate_layouts, SmallGrid};
use sumpuzzles::genres::killer_sudoku::rate;
use sumpuzzles::Level;

fn main() {
    let all = std::env::args().any(|arg| arg == "--all");
    let grids = filled_grids();
    // The kinds by their first grid, each with its grids in lexicographic order.
    let mut kinds: BTreeMap<SmallGrid, Vec<SmallGrid>> = BTreeMap::new();
    for grid in grids {
        kinds.entry(kind_of(grid)).or_default().push(*grid);
    }
    println!(
        "{} filled 4x4 grids in {} kinds (grids per kind: {})",
        grids.len(),
        kinds.len(),
        kinds
            .values()
            .map(|kind| kind.len().to_string())
            .collect::<Vec<_>>()
            .join(", ")
    );
    println!();
    println!("| Grid | Its kind's grids | Layouts | Unique | Easy | Medium | Hard | Expert | Beyond expert |");
    println!("|---|---|---|---|---|---|---|---|---|");
    let mut total: BTreeMap<Level, u64> = BTreeMap::new();
    for kind in kinds.values() {
        let members = if all { &kind[..] } else { &kind[..1] };
        for grid in members {
            let found = rate_layouts(grid, rate::rate);
            let count = |level| found.levels.get(&level).copied().unwrap_or(0);
            println!(
                "| {} | {} | {} | {} | {} | {} | {} | {} | {} |",
                grid.iter()
                    .map(|d| char::from(b'0' + d))
                    .collect::<String>(),
                kind.len(),
                found.layouts,
                found.unique,
                count(Level::Easy),
                count(Level::Medium),
                count(Level::Hard),
                count(Level::Expert),
                count(Level::BeyondExpert),
            );
            for (level, n) in found.levels {
                *total.entry(level).or_default() += n;
            }
        }
    }
    println!();
    println!("Unique layouts by level, over the grids listed: {total:?}");
}
