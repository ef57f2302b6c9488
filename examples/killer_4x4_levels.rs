//! Which levels a 4x4 Killer Sudoku can have under the rater `killer-human`: every cage layout
//! of 4x4 grids, rated (the measurement behind `generate::levels`, in
//! `docs/benchmarks-killer.md`).
//!
//! `cargo run --release --example killer_4x4_levels` sorts the 288 filled 4x4 grids into
//! kinds: two grids are of a kind when one becomes the other by turning the square, mirroring
//! it, or the digits' complement d -> 5 - d. Each of these moves maps the cage layouts of one
//! grid onto those of the other (cages stay connected, sums become sums) and keeps the rules,
//! so a puzzle and its image need the same techniques (the rater's reading order aside). For
//! the first grid of each kind it lists every cage layout the generator could make
//! (orthogonally connected cages, the digits of a cage different), keeps those the exact
//! solver proves unique and rates each: a table of the layouts, the unique ones and how many
//! rate at each level, per grid. `--all` does every one of the 288 grids (about 11 times as
//! long).

use std::collections::{BTreeMap, BTreeSet};

use sumpuzzles::genres::killer_sudoku::generate::neighbours;
use sumpuzzles::genres::killer_sudoku::{rate, solve_puzzle, Cage, Puzzle};
use sumpuzzles::{Budget, Level};

const SIDE: usize = 4;
const CELLS: usize = SIDE * SIDE;

/// A filled grid, row by row.
type Grid = [u8; CELLS];

fn main() {
    let all = std::env::args().any(|arg| arg == "--all");
    let grids = filled_grids();
    let kinds = kinds(&grids);
    println!(
        "{} filled 4x4 grids in {} kinds (grids per kind: {})",
        grids.len(),
        kinds.len(),
        kinds
            .iter()
            .map(|kind| kind.len().to_string())
            .collect::<Vec<_>>()
            .join(", ")
    );
    println!();
    println!("| Grid | Its kind's grids | Layouts | Unique | Easy | Medium | Hard | Expert | Beyond expert |");
    println!("|---|---|---|---|---|---|---|---|---|");
    let mut total: BTreeMap<Level, u64> = BTreeMap::new();
    for kind in &kinds {
        let members: Vec<&Grid> = if all {
            kind.iter().collect()
        } else {
            vec![&kind[0]]
        };
        for grid in members {
            let (layouts, unique, levels) = rate_every_layout(grid);
            let count = |level| levels.get(&level).copied().unwrap_or(0);
            println!(
                "| {} | {} | {layouts} | {unique} | {} | {} | {} | {} | {} |",
                grid.iter()
                    .map(|d| char::from(b'0' + d))
                    .collect::<String>(),
                kind.len(),
                count(Level::Easy),
                count(Level::Medium),
                count(Level::Hard),
                count(Level::Expert),
                count(Level::BeyondExpert),
            );
            for (level, n) in levels {
                *total.entry(level).or_default() += n;
            }
        }
    }
    println!();
    println!("Unique layouts by level, over the grids listed: {total:?}");
}

/// Every filled 4x4 grid (rows, columns and 2x2 boxes holding 1-4), in lexicographic order.
fn filled_grids() -> Vec<Grid> {
    fn fill(cell: usize, grid: &mut Grid, out: &mut Vec<Grid>) {
        if cell == CELLS {
            out.push(*grid);
            return;
        }
        let (row, col) = (cell / SIDE, cell % SIDE);
        for digit in 1..=SIDE as u8 {
            let clash = (0..cell).any(|other| {
                let (r, c) = (other / SIDE, other % SIDE);
                grid[other] == digit
                    && (r == row || c == col || (r / 2 == row / 2 && c / 2 == col / 2))
            });
            if !clash {
                grid[cell] = digit;
                fill(cell + 1, grid, out);
            }
        }
    }
    let mut out = Vec::new();
    fill(0, &mut [0; CELLS], &mut out);
    out
}

/// The grids sorted into kinds (see the module documentation), each kind in the order of
/// `grids`, the kinds by their first grid.
fn kinds(grids: &[Grid]) -> Vec<Vec<Grid>> {
    let images = |grid: &Grid| {
        let mut images = BTreeSet::new();
        for turns in 0..4 {
            for transpose in [false, true] {
                for complement in [false, true] {
                    let mut image = [0; CELLS];
                    for (cell, slot) in image.iter_mut().enumerate() {
                        let (mut row, mut col) = (cell / SIDE, cell % SIDE);
                        if transpose {
                            (row, col) = (col, row);
                        }
                        for _ in 0..turns {
                            (row, col) = (col, SIDE - 1 - row);
                        }
                        let digit = grid[row * SIDE + col];
                        *slot = if complement {
                            SIDE as u8 + 1 - digit
                        } else {
                            digit
                        };
                    }
                    images.insert(image);
                }
            }
        }
        images
    };
    let mut seen = BTreeSet::new();
    let mut kinds = Vec::new();
    for grid in grids {
        if seen.contains(grid) {
            continue;
        }
        let kind = images(grid);
        seen.extend(kind.iter().copied());
        kinds.push(
            grids
                .iter()
                .filter(|g| kind.contains(*g))
                .copied()
                .collect(),
        );
    }
    kinds
}

/// The cage layouts of `grid` (see the module documentation), the unique ones, and those
/// by the level they rate at.
fn rate_every_layout(grid: &Grid) -> (u64, u64, BTreeMap<Level, u64>) {
    let (mut layouts, mut unique) = (0, 0);
    let mut levels = BTreeMap::new();
    let mut cages = Vec::new();
    each_layout(grid, (1 << CELLS) - 1, &mut cages, &mut |cages| {
        layouts += 1;
        let cages = cages
            .iter()
            .map(|&cells: &u32| {
                let cells: Vec<usize> = (0..CELLS).filter(|&cell| cells >> cell & 1 == 1).collect();
                let sum = cells.iter().map(|&cell| u32::from(grid[cell])).sum();
                Cage { sum, cells }
            })
            .collect();
        let puzzle = Puzzle::new(SIDE, None, cages, Vec::new()).expect("cages of a filled grid");
        if !solve_puzzle(&puzzle, 2, &mut Budget::new(10_000_000)).unique() {
            return;
        }
        unique += 1;
        let rating = rate::rate(&puzzle, &mut Budget::new(50_000_000));
        let level = rating
            .level()
            .expect("a 4x4 rating finishes within the budget");
        *levels.entry(level).or_default() += 1;
    });
    (layouts, unique, levels)
}

/// Calls `found` with every split of the cells of `free` (a bit set) into cages, `cages`
/// holding those chosen so far: the cage of the first free cell, each way it can be, then
/// the rest.
fn each_layout(grid: &Grid, free: u32, cages: &mut Vec<u32>, found: &mut dyn FnMut(&[u32])) {
    if free == 0 {
        found(cages);
        return;
    }
    let first = free.trailing_zeros() as usize;
    for cage in cages_from(grid, first, free) {
        cages.push(cage);
        each_layout(grid, free & !cage, cages, found);
        cages.pop();
    }
}

/// The cages (bit sets) of cells of `free` that hold `first` and no free cell before it, are
/// orthogonally connected, and whose digits differ (so at most 4 cells), each once.
fn cages_from(grid: &Grid, first: usize, free: u32) -> Vec<u32> {
    let digits = |cage: u32| {
        (0..CELLS)
            .filter(|&cell| cage >> cell & 1 == 1)
            .fold(0u32, |held, cell| held | 1 << grid[cell])
    };
    let mut all = vec![1u32 << first];
    let mut last = all.clone();
    while !last.is_empty() {
        let mut grown = Vec::new();
        for &cage in &last {
            let held = digits(cage);
            for cell in (0..CELLS).filter(|&cell| cage >> cell & 1 == 1) {
                for next in neighbours(SIDE, cell) {
                    let bit = 1u32 << next;
                    if next > first
                        && free & bit != 0
                        && cage & bit == 0
                        && held & 1 << grid[next] == 0
                        && !all.contains(&(cage | bit))
                        && !grown.contains(&(cage | bit))
                    {
                        grown.push(cage | bit);
                    }
                }
            }
        }
        all.extend(grown.iter().copied());
        last = grown;
    }
    all
}
