//! Scaling curves: generation time against grid size, and solver time against grid size.
//!
//! `cargo run --release --example scaling` measures, then writes `docs/scaling/generation.csv`
//! and `docs/scaling/solver.csv` and prints both as markdown tables;
//! `python3 scripts/plot_scaling.py` draws the plots and summary tables from the CSV files
//! (see `docs/benchmarks-scaling.md`). It takes several minutes.
//!
//! Times are the CPU time of the measuring thread (and, in extra columns, wall-clock time):
//! on a shared machine the wall-clock time also counts the time other processes ran.
//!
//! - Generation: Kakuro and Kakurasu at 6x6 to 16x16 (even sides), every level and `any`,
//!   seeds 0 to N-1 (N = 9 by default); the median, fastest and slowest time of the seeds.
//! - Solver: the exact solver counting to 2 solutions (the work of proving a puzzle unique),
//!   several grids per side (5 by default), each timed by the median of repeated solves, a
//!   solve stopping after 1,000,000 steps:
//!   - `kakuro-random`: random filled Kakuro grids of side 8 to 64 under the relaxed rules
//!     ([`random_filled_grid`] with the generator's expert layout and fill settings); their
//!     sums come from the fill, so each has at least one solution and often several;
//!   - `kakuro-tiled`: 1x1 to 8x8 generated 8x8 expert puzzles side by side (side 8 to 64),
//!     which have exactly one solution, like a large published puzzle;
//!   - `kakurasu-random`: Kakurasu of side 4 to 32 with half the cells shaded at random;
//!   - `kakurasu-generated`: generated Kakurasu (level any) of side 4 to 32.
//!
//! Options: `--seeds N`, `--grids N`, `--out DIR` (default `docs/scaling`), `--only
//! generation` or `--only solver`, and the random Kakuro grids' style: `--runs N` (longest
//! run), `--blocks P` (percent of blocks), `--noise N` (see [`RandomGridStyle`]).

#[path = "support/cpu_time.rs"]
mod cpu_time;

use cpu_time::thread_cpu_time;
use std::fmt::Write as _;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use sumpuzzles::genres::kakurasu::{self, Kakurasu};
use sumpuzzles::genres::kakuro::generate::random_grid::{random_filled_grid, RandomGridStyle};
use sumpuzzles::genres::kakuro::{self, Kakuro, Rules};
use sumpuzzles::genres::Genre;
use sumpuzzles::{Budget, GenerateParams, Grid, Level, SeededRng, Shape, TargetLevel};

const GENERATION_SIDES: [usize; 6] = [6, 8, 10, 12, 14, 16];
const LEVELS: [&str; 5] = ["easy", "medium", "hard", "expert", "any"];
const KAKURO_SIDES: [usize; 11] = [8, 12, 16, 20, 24, 28, 32, 40, 48, 56, 64];
const KAKURASU_SIDES: [usize; 8] = [4, 8, 12, 16, 20, 24, 28, 32];
/// The random Kakuro grids: laid out and filled with the generator's expert settings (runs
/// of at most 5 cells, 26% blocks, digit noise 7), without its screening and repair.
const KAKURO_STYLE: RandomGridStyle = RandomGridStyle {
    run_limit: 5,
    block_percent: 26,
    noise: 7,
};
/// The tiled Kakuro grids: expert puzzles of this side, up to this many per side of the grid.
const TILE_SIDE: usize = 8;
const MAX_TILES: usize = 8;
/// Steps one solve may take; a solve that runs out is reported as incomplete.
const SOLVE_STEPS: u64 = 1_000_000;
/// Repeated solves of one grid: at least 3, more while they take under this time in total.
const REPEAT_TIME: Duration = Duration::from_millis(200);
const MAX_REPEATS: usize = 21;

struct Options {
    seeds: u64,
    grids: u64,
    out: PathBuf,
    generation: bool,
    solver: bool,
    style: RandomGridStyle,
}

fn options() -> Options {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let option = |name: &str| {
        args.iter().position(|a| a == name).map(|i| {
            args.get(i + 1)
                .cloned()
                .unwrap_or_else(|| panic!("{name} needs a value"))
        })
    };
    let number = |name: &str, default: u64| {
        option(name).map_or(default, |v| {
            v.parse()
                .unwrap_or_else(|_| panic!("{name} {v}: not a number"))
        })
    };
    let only = option("--only");
    Options {
        seeds: number("--seeds", 9),
        grids: number("--grids", 5),
        out: option("--out").map_or_else(|| PathBuf::from("docs/scaling"), PathBuf::from),
        generation: only.as_deref().is_none_or(|o| o == "generation"),
        solver: only.as_deref().is_none_or(|o| o == "solver"),
        style: RandomGridStyle {
            run_limit: number("--runs", KAKURO_STYLE.run_limit as u64) as usize,
            block_percent: number("--blocks", KAKURO_STYLE.block_percent as u64) as usize,
            noise: number("--noise", KAKURO_STYLE.noise as u64) as u32,
        },
    }
}

fn median(times: &mut [Duration]) -> Duration {
    times.sort();
    times[times.len() / 2]
}

fn ms(time: Duration) -> f64 {
    time.as_secs_f64() * 1000.0
}

/// How long some work took: the CPU time of this thread, which leaves out the time the thread
/// waited while other processes ran (so curves measured on a busy shared machine keep their
/// shape), and the wall-clock time.
#[derive(Clone, Copy)]
struct Elapsed {
    cpu: Duration,
    wall: Duration,
}

fn timed<T>(work: impl FnOnce() -> T) -> (T, Elapsed) {
    let (cpu, wall) = (thread_cpu_time(), Instant::now());
    let result = work();
    let wall = wall.elapsed();
    let cpu = thread_cpu_time() - cpu;
    let cpu = if cfg!(unix) { cpu } else { wall };
    (result, Elapsed { cpu, wall })
}

/// The median CPU and wall-clock times (each the median of its own values).
fn medians(times: &[Elapsed]) -> Elapsed {
    Elapsed {
        cpu: median(&mut times.iter().map(|t| t.cpu).collect::<Vec<_>>()),
        wall: median(&mut times.iter().map(|t| t.wall).collect::<Vec<_>>()),
    }
}

/// One CSV file and its markdown table, built row by row.
struct Table {
    csv: String,
    markdown: String,
}

impl Table {
    fn new(columns: &[&str]) -> Table {
        Table {
            csv: format!("{}\n", columns.join(",")),
            markdown: format!(
                "| {} |\n|{}\n",
                columns.join(" | "),
                "---|".repeat(columns.len())
            ),
        }
    }

    fn row(&mut self, cells: &[String]) {
        eprintln!("{}", cells.join(","));
        let _ = writeln!(self.csv, "{}", cells.join(","));
        let _ = writeln!(self.markdown, "| {} |", cells.join(" | "));
    }

    fn write(&self, out: &PathBuf, file: &str) {
        std::fs::create_dir_all(out).unwrap_or_else(|e| panic!("{}: {e}", out.display()));
        let path = out.join(file);
        std::fs::write(&path, &self.csv).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        println!("{}\n(written to {})\n", self.markdown, path.display());
    }
}

/// Generation times of seeds `0..seeds` for every side and level of a genre.
fn generation_rows<G: Genre>(seeds: u64, table: &mut Table) {
    for side in GENERATION_SIDES {
        for level in LEVELS {
            let level: TargetLevel = level.parse().expect("a level");
            let mut times = Vec::new();
            for seed in 0..seeds {
                let params = GenerateParams {
                    shape: Shape::new(side, side),
                    level,
                    seed,
                };
                let (result, elapsed) =
                    timed(|| G::generate(&params, &mut Budget::new(2_000_000_000)));
                if result.is_ok() {
                    times.push(elapsed);
                }
            }
            let found = times.len();
            let columns = if times.is_empty() {
                [f64::NAN; 4]
            } else {
                let middle = medians(&times);
                times.sort_by_key(|t| t.cpu);
                [
                    ms(middle.cpu),
                    ms(times[0].cpu),
                    ms(times[found - 1].cpu),
                    ms(middle.wall),
                ]
            };
            let mut row = vec![
                G::NAME.to_string(),
                side.to_string(),
                level.to_string(),
                seeds.to_string(),
                found.to_string(),
            ];
            row.extend(columns.iter().map(|value| format!("{value:.3}")));
            table.row(&row);
        }
    }
}

/// What counting to 2 solutions of one grid found, and its median times.
struct SolveTiming {
    solutions: usize,
    complete: bool,
    steps: u64,
    median: Elapsed,
    repeats: usize,
}

/// Counts to 2 solutions, repeating while the solves are short, and takes the median times.
fn time_solve<S>(mut solve: impl FnMut(&mut Budget) -> sumpuzzles::SolveOutcome<S>) -> SolveTiming {
    let mut times = Vec::new();
    let mut total = Duration::ZERO;
    loop {
        let (outcome, elapsed) = timed(|| solve(&mut Budget::new(SOLVE_STEPS)));
        total += elapsed.cpu;
        times.push(elapsed);
        let enough = times.len() >= 3 && (total >= REPEAT_TIME || times.len() >= MAX_REPEATS);
        // A solve that ran out of steps is not repeated: its time is the budget's.
        if enough || !outcome.complete {
            return SolveTiming {
                solutions: outcome.count(),
                complete: outcome.complete,
                steps: outcome.steps,
                median: medians(&times),
                repeats: times.len(),
            };
        }
    }
}

fn solver_row(
    table: &mut Table,
    family: &str,
    side: usize,
    seed: u64,
    cells: usize,
    t: &SolveTiming,
) {
    table.row(&[
        family.to_string(),
        side.to_string(),
        seed.to_string(),
        cells.to_string(),
        t.solutions.to_string(),
        t.complete.to_string(),
        t.steps.to_string(),
        format!("{:.1}", t.median.cpu.as_secs_f64() * 1e6),
        format!("{:.1}", t.median.wall.as_secs_f64() * 1e6),
        t.repeats.to_string(),
    ]);
}

fn white_cells(puzzle: &kakuro::Puzzle) -> usize {
    puzzle
        .layout(Rules::Relaxed)
        .expect("a relaxed layout")
        .white_count()
}

fn time_kakuro(puzzle: &kakuro::Puzzle) -> SolveTiming {
    time_solve(|budget| kakuro::solve_puzzle(puzzle, 2, budget))
}

/// Random filled Kakuro grids (see the module documentation).
fn kakuro_random_rows(options: &Options, table: &mut Table) {
    for side in KAKURO_SIDES {
        for seed in 0..options.grids {
            let mut rng = SeededRng::new(seed, side as u64);
            let (puzzle, _) = random_filled_grid(Shape::new(side, side), options.style, &mut rng)
                .expect("a random grid");
            let timing = time_kakuro(&puzzle);
            solver_row(
                table,
                "kakuro-random",
                side,
                seed,
                white_cells(&puzzle),
                &timing,
            );
        }
    }
}

/// Kakuro grids of generated puzzles side by side: `tiles` x `tiles` expert 8x8 puzzles,
/// each with its own seed. Every tile's first row and column are blocks, so the runs stay
/// within their tile and the grid has exactly one solution, like a large published puzzle.
fn tiled_puzzle(tiles: usize, seed: u64) -> kakuro::Puzzle {
    let side = tiles * TILE_SIDE;
    let mut grid = Grid::filled(Shape::new(side, side), kakuro::Cell::BLOCK);
    for tile in 0..tiles * tiles {
        let params = GenerateParams {
            shape: Shape::new(TILE_SIDE, TILE_SIDE),
            level: TargetLevel::Exactly(Level::Expert),
            seed: seed * 1000 + tile as u64,
        };
        let generated = Kakuro::generate(&params, &mut Budget::unlimited()).expect("a tile");
        let (top, left) = (tile / tiles * TILE_SIDE, tile % tiles * TILE_SIDE);
        for (row, col, &cell) in generated.puzzle.grid().iter() {
            grid[(top + row, left + col)] = cell;
        }
    }
    kakuro::Puzzle::new(grid).expect("tiles of sound grids make a sound grid")
}

fn kakuro_tiled_rows(options: &Options, table: &mut Table) {
    for tiles in 1..=MAX_TILES {
        for seed in 0..options.grids {
            let puzzle = tiled_puzzle(tiles, seed);
            let timing = time_kakuro(&puzzle);
            let unique = timing.solutions == 1;
            assert!(
                unique || !timing.complete,
                "a grid of unique tiles is unique"
            );
            let side = tiles * TILE_SIDE;
            solver_row(
                table,
                "kakuro-tiled",
                side,
                seed,
                white_cells(&puzzle),
                &timing,
            );
        }
    }
}

/// Kakurasu grids with half the cells shaded at random.
fn kakurasu_random_rows(options: &Options, table: &mut Table) {
    for side in KAKURASU_SIDES {
        for seed in 0..options.grids {
            let shape = Shape::new(side, side);
            let mut rng = SeededRng::new(seed, side as u64);
            let shading: Vec<bool> = (0..shape.cells()).map(|_| rng.chance(1, 2)).collect();
            let shading = Grid::from_cells(shape, shading).expect("cells of the shape");
            let puzzle = kakurasu::Puzzle::from_shading(&shading).unwrap();
            let timing = time_solve(|budget| Kakurasu::solve(&puzzle, 2, budget));
            solver_row(table, "kakurasu-random", side, seed, shape.cells(), &timing);
        }
    }
}

/// Generated Kakurasu puzzles (level any), which have exactly one solution.
fn kakurasu_generated_rows(options: &Options, table: &mut Table) {
    for side in KAKURASU_SIDES {
        for seed in 0..options.grids {
            let params = GenerateParams {
                shape: Shape::new(side, side),
                level: TargetLevel::Any,
                seed,
            };
            let puzzle = Kakurasu::generate(&params, &mut Budget::unlimited())
                .expect("a generated puzzle")
                .puzzle;
            let timing = time_solve(|budget| Kakurasu::solve(&puzzle, 2, budget));
            let unique = timing.solutions == 1;
            assert!(unique || !timing.complete, "a generated puzzle is unique");
            solver_row(
                table,
                "kakurasu-generated",
                side,
                seed,
                side * side,
                &timing,
            );
        }
    }
}

fn main() {
    let options = options();
    if options.generation {
        let mut table = Table::new(&[
            "genre",
            "side",
            "level",
            "seeds",
            "found",
            "median_ms",
            "fastest_ms",
            "slowest_ms",
            "wall_median_ms",
        ]);
        generation_rows::<Kakuro>(options.seeds, &mut table);
        generation_rows::<Kakurasu>(options.seeds, &mut table);
        table.write(&options.out, "generation.csv");
    }
    if options.solver {
        let mut table = Table::new(&[
            "family",
            "side",
            "grid_seed",
            "cells",
            "solutions",
            "complete",
            "steps",
            "median_us",
            "wall_median_us",
            "repeats",
        ]);
        kakuro_random_rows(&options, &mut table);
        kakuro_tiled_rows(&options, &mut table);
        kakurasu_random_rows(&options, &mut table);
        kakurasu_generated_rows(&options, &mut table);
        table.write(&options.out, "solver.csv");
    }
}
