//! Our exact solver's side of the comparison with OR-Tools CP-SAT (`scripts/cpsat_compare.py`,
//! run by `scripts/cpsat-compare.sh`; results in `docs/benchmarks-cpsat.md`).
//!
//! `cargo run --release --example solver_compare -- inputs [--testdata DIR] > inputs.jsonl`
//! writes the puzzles, one JSON line each: `{"class", "genre", "name", "text", "model"}`, where
//! `text` is the genre's text format and `model` the puzzle as our parser reads it (runs with
//! their cells and sums, Kakurasu clues, cryptic clue letters and shown letters), so the CP-SAT
//! side needs no parser of its own. The set is made afresh by every call, the same each time:
//! - `article`: the three grids of kakuro-solver-article.txt, read from `DIR/article/` (DIR is
//!   `--testdata`, else `$SUMPUZZLES_TESTDATA`; skipped when neither is there);
//! - `kakuro corpus RxC`, `kakurasu corpus RxC`: every puzzle of `corpus/`, by shape;
//! - `kakuro large NxN` (16, 20, 25, 30; seeds 0-9): a random layout and a random valid fill
//!   with the sums it gives ([`generate::filled_grid`] at the expert settings). The generator
//!   makes unique puzzles only up to 16x16; these are not screened, so each has at least one
//!   solution (its fill) and may have several: counting to 2 is the work either way;
//! - `kakurasu large NxN` (24 and 32; seeds 0-4): generated puzzles, level any;
//! - `cryptic 7x7`: 200 generated cryptic Kakuro puzzles (7x7, level any, seeds 0-199);
//! - `cryptic pe424`: the 200 lines of Project Euler 424, when `DIR/pe424/` has them;
//! - `killer published`: the 76 published Killer Sudoku puzzles of `DIR/killer-sudoku.jsonl`
//!   (the killer module called directly, not through the registry), with the model
//!   `{"side", "box", "cages": [{"sum", "cells"}], "givens"}` (cells as `row * side + col`).
//!
//! `inputs --genre NAME` writes only that genre's puzzles (`killer-sudoku`: the published
//! killer puzzles alone, without generating the rest). `inputs --set hostile-killers` writes
//! instead the hostile Killer Sudoku grids of `hostile_killers.rs` (random fills cut into random
//! cages at 9x9, 12x12 and 16x16, some with two sums moved), with their models.
//!
//! `cargo run --release --example solver_compare -- time inputs.jsonl [--max-steps N]` times our
//! exact solver on each puzzle, in this process and on one thread: the text is parsed once, then
//! `Genre::solve(puzzle, 2, budget)` (layout building included) runs repeatedly, and one JSON
//! line per puzzle gives the median time, the runs, and the solutions found (at most 2). One
//! untimed run first sets the number of timed runs: enough for about 50 ms, 3 to 101; a puzzle
//! whose first run takes a second or more is timed by that run alone.
//!
//! `cargo run --release --example solver_compare -- search inputs.jsonl [--max-steps N]` runs
//! the Killer Sudoku solver once on each killer puzzle of the file (other genres' lines are
//! skipped) and prints, one JSON line per puzzle, the size of the tree it searched:
//! decisions (`nodes`), `failures`, `restarts`, the assignments its nogoods held
//! (`nogood_literals`), and `steps` with `steps_per_node`: the numbers to set beside another
//! solver's guesses or conflicts.

mod adversarial;
#[path = "../support/args.rs"]
mod args;
#[path = "../support/cpu_time.rs"]
mod cpu_time;
mod hostile_killers;

use std::io::{BufRead, Write};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use serde_json::{json, Value};
use sumpuzzles::genres::dispatch;
use sumpuzzles::genres::kakuro::{self, generate};
use sumpuzzles::genres::killer_sudoku::{self, KillerSudoku};
use sumpuzzles::genres::GenreVisitor;
use sumpuzzles::genres::Registered;
use sumpuzzles::genres::{kakurasu, kakuro_cryptic, GenreId};
use sumpuzzles::genres::{Formats, Genre};
use sumpuzzles::ops::{self, GenerateRequest};
use sumpuzzles::{Budget, GenerateParams, Level, Shape, TargetLevel};

/// Sides of the large Kakuro grids, and how many of each.
const KAKURO_LARGE: [usize; 4] = [16, 20, 25, 30];
const KAKURO_LARGE_SEEDS: u64 = 10;
/// Sides of the large Kakurasu puzzles, and how many of each.
const KAKURASU_LARGE: [usize; 2] = [24, 32];
const KAKURASU_LARGE_SEEDS: u64 = 5;
/// The generated cryptic set: shape and how many.
const CRYPTIC_SHAPE: Shape = Shape::new(7, 7);
const CRYPTIC_SEEDS: u64 = 200;
/// Budget for generating one input.
const GENERATE_STEPS: u64 = 2_000_000_000;
/// Timed runs aim at this much time per puzzle.
const TIME_PER_PUZZLE: Duration = Duration::from_millis(50);
const MIN_RUNS: usize = 3;
const MAX_RUNS: usize = 101;
/// A puzzle whose first run takes this long is timed by that run alone (a worst case of a
/// minute would otherwise take four).
const SLOW_PUZZLE: Duration = Duration::from_secs(1);

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let option = |name: &str| args::option(&args, name);
    let result = match args.first().map(String::as_str) {
        Some("inputs") => {
            let testdata = option("--testdata")
                .map(PathBuf::from)
                .or_else(|| std::env::var_os("SUMPUZZLES_TESTDATA").map(PathBuf::from));
            match option("--set").as_deref() {
                None | Some("published") => {
                    write_inputs(testdata.as_deref(), option("--genre").as_deref())
                }
                Some("hostile-killers") => write_hostile_killers(),
                Some(other) => Err(format!(
                    "--set {other}: the sets are published (the default) and hostile-killers"
                )),
            }
        }
        Some("time") => match args.get(1) {
            Some(path) => steps_option(&option).and_then(|steps| time_inputs(Path::new(path), steps)),
            None => Err("usage: solver_compare time INPUTS.jsonl [--max-steps N]".into()),
        },
        Some("search") => match args.get(1) {
            Some(path) => steps_option(&option).and_then(|steps| search_inputs(Path::new(path), steps)),
            None => Err("usage: solver_compare search INPUTS.jsonl [--max-steps N]".into()),
        },
        _ => Err(
            "usage: solver_compare inputs [--testdata DIR] [--genre NAME] [--set published|hostile-killers] | time INPUTS.jsonl | search INPUTS.jsonl"
                .into(),
        ),
    };
    if let Err(message) = result {
        eprintln!("solver_compare: {message}");
        std::process::exit(2);
    }
}

/// `--max-steps`, by default [`GENERATE_STEPS`].
fn steps_option(option: &dyn Fn(&str) -> Option<String>) -> Result<u64, String> {
    option("--max-steps")
        .map(|s| s.parse::<u64>().map_err(|e| format!("--max-steps: {e}")))
        .transpose()
        .map(|steps| steps.unwrap_or(GENERATE_STEPS))
}

/// One puzzle of the input set.
struct Input {
    class: String,
    genre: GenreId,
    name: String,
    text: String,
}

fn write_inputs(testdata: Option<&Path>, only: Option<&str>) -> Result<(), String> {
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    if only.is_none_or(|genre| genre == KillerSudoku::NAME) {
        for (name, puzzle) in killer_inputs(testdata)? {
            let line = killer_line("killer published", &name, &puzzle);
            writeln!(out, "{line}").map_err(|e| e.to_string())?;
        }
    }
    if only.is_some_and(|genre| genre == KillerSudoku::NAME) {
        return out.flush().map_err(|e| e.to_string());
    }
    let mut inputs = Vec::new();
    match testdata {
        Some(dir) => {
            for name in ["main", "draft", "hard"] {
                let path = dir.join("article").join(format!("{name}.txt"));
                let text = std::fs::read_to_string(&path)
                    .map_err(|e| format!("{}: {e}", path.display()))?;
                inputs.push(input("article", GenreId::Kakuro, name, text));
            }
        }
        None => eprintln!("no test data folder (--testdata or SUMPUZZLES_TESTDATA): article grids and pe424 skipped"),
    }
    for genre in [GenreId::Kakuro, GenreId::Kakurasu] {
        inputs.extend(corpus(genre)?);
    }
    for side in KAKURO_LARGE {
        for seed in 0..KAKURO_LARGE_SEEDS {
            let params = GenerateParams {
                shape: Shape::new(side, side),
                level: TargetLevel::Exactly(Level::Expert),
                seed,
            };
            let (puzzle, _) = generate::filled_grid(&params, &mut Budget::new(GENERATE_STEPS))
                .map_err(|e| format!("kakuro large {side}x{side} seed {seed}: {e}"))?;
            inputs.push(input(
                &format!("kakuro large {side}x{side}"),
                GenreId::Kakuro,
                &format!("seed {seed}"),
                kakuro::format::to_text(&puzzle),
            ));
        }
    }
    for side in KAKURASU_LARGE {
        let shape = Shape::new(side, side);
        inputs.extend(generated(
            GenreId::Kakurasu,
            shape,
            KAKURASU_LARGE_SEEDS,
            "kakurasu large",
        )?);
    }
    inputs.extend(generated(
        GenreId::KakuroCryptic,
        CRYPTIC_SHAPE,
        CRYPTIC_SEEDS,
        "cryptic",
    )?);
    if let Some(dir) = testdata {
        let path = dir.join("pe424/p424_kakuro200.txt");
        match std::fs::read_to_string(&path) {
            Ok(text) => {
                for (index, line) in text.lines().filter(|l| !l.trim().is_empty()).enumerate() {
                    let name = format!("line {}", index + 1);
                    inputs.push(input(
                        "cryptic pe424",
                        GenreId::KakuroCryptic,
                        &name,
                        line.into(),
                    ));
                }
            }
            Err(e) => eprintln!("{}: {e}: pe424 skipped", path.display()),
        }
    }
    inputs.extend(adversarial::inputs(testdata)?);
    if let Some(genre) = only {
        inputs.retain(|input| input.genre.name() == genre);
    }
    for input in &inputs {
        let model = model(input.genre, &input.text)
            .map_err(|e| format!("{} {}: {e}", input.class, input.name))?;
        let line = json!({
            "class": input.class,
            "genre": input.genre.name(),
            "name": input.name,
            "text": input.text,
            "model": model,
        });
        writeln!(out, "{line}").map_err(|e| e.to_string())?;
    }
    out.flush().map_err(|e| e.to_string())
}

/// The hostile killer grids ([`hostile_killers`]), with their models as for the published.
fn write_hostile_killers() -> Result<(), String> {
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    for (class, name, puzzle) in hostile_killers::inputs()? {
        let line = killer_line(&class, &name, &puzzle);
        writeln!(out, "{line}").map_err(|e| e.to_string())?;
    }
    out.flush().map_err(|e| e.to_string())
}

/// One input line of a killer puzzle: its class, name, text form and CP-SAT model.
fn killer_line(class: &str, name: &str, puzzle: &killer_sudoku::Puzzle) -> Value {
    json!({
        "class": class,
        "genre": KillerSudoku::NAME,
        "name": name,
        "text": KillerSudoku::to_text(puzzle),
        "model": killer_model(puzzle),
    })
}

/// The published killer puzzles (`killer-sudoku.jsonl`) by name, read with the killer
/// module's JSON reader (the relaxed rules for diagonal cages).
fn killer_inputs(testdata: Option<&Path>) -> Result<Vec<(String, killer_sudoku::Puzzle)>, String> {
    let Some(dir) = testdata else {
        eprintln!("no test data folder: the published killer puzzles skipped");
        return Ok(Vec::new());
    };
    let path = dir.join("killer-sudoku.jsonl");
    let text = std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
    text.lines()
        .filter(|line| !line.trim().is_empty())
        .map(|line| {
            let record: Value = serde_json::from_str(line).map_err(|e| e.to_string())?;
            let name = record["name"].as_str().unwrap_or("?").to_string();
            let object = json!({"cages": record["cages"], "box": record["box"]});
            let puzzle =
                killer_sudoku::format::parse_json(&object).map_err(|e| format!("{name}: {e}"))?;
            Ok((name, puzzle))
        })
        .collect()
}

/// A killer puzzle as the CP-SAT side models it.
fn killer_model(puzzle: &killer_sudoku::Puzzle) -> Value {
    let cages: Vec<Value> = puzzle
        .cages()
        .iter()
        .map(|cage| json!({"sum": cage.sum, "cells": cage.cells}))
        .collect();
    let (rows, cols) = puzzle.box_shape();
    json!({
        "side": puzzle.side(),
        "box": [rows, cols],
        "cages": cages,
        "givens": puzzle.givens(),
    })
}

fn input(class: &str, genre: GenreId, name: &str, text: String) -> Input {
    Input {
        class: class.into(),
        genre,
        name: name.into(),
        text,
    }
}

/// Every corpus puzzle of a genre, classed by shape, in file-name order.
fn corpus(genre: GenreId) -> Result<Vec<Input>, String> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("corpus")
        .join(genre.name());
    let mut paths: Vec<PathBuf> = std::fs::read_dir(&dir)
        .map_err(|e| format!("{}: {e}", dir.display()))?
        .filter_map(|entry| entry.ok().map(|e| e.path()))
        .filter(|path| path.extension().is_some_and(|ext| ext == "json"))
        .collect();
    paths.sort();
    paths
        .iter()
        .map(|path| {
            let record: Value = std::fs::read_to_string(path)
                .map_err(|e| e.to_string())
                .and_then(|text| serde_json::from_str(&text).map_err(|e| e.to_string()))
                .map_err(|e| format!("{}: {e}", path.display()))?;
            let field = |name: &str| {
                record[name]
                    .as_str()
                    .map(str::to_string)
                    .ok_or_else(|| format!("{}: no \"{name}\"", path.display()))
            };
            let stem = path.file_stem().unwrap_or_default().to_string_lossy();
            Ok(input(
                &format!("{} corpus {}", genre.name(), field("shape")?),
                genre,
                &stem,
                field("text")?,
            ))
        })
        .collect()
}

/// Puzzles from our generator at level any, seeds `0..seeds`.
fn generated(genre: GenreId, shape: Shape, seeds: u64, class: &str) -> Result<Vec<Input>, String> {
    (0..seeds)
        .map(|seed| {
            let request = GenerateRequest::new(genre, Some(shape), TargetLevel::Any, seed);
            let report = ops::generate(&request, &mut Budget::new(GENERATE_STEPS))
                .map_err(|e| format!("{genre} {shape} seed {seed}: {e}"))?;
            Ok(input(
                &format!("{class} {shape}"),
                genre,
                &format!("seed {seed}"),
                report.text,
            ))
        })
        .collect()
}

/// The puzzle as the CP-SAT side models it, read by our own parser.
fn model(genre: GenreId, text: &str) -> Result<Value, String> {
    let runs = |layout: &kakuro::Layout| -> Vec<Vec<u32>> {
        layout.runs.iter().map(|run| run.cells.clone()).collect()
    };
    match genre {
        GenreId::Kakuro => {
            let puzzle = kakuro::Kakuro::parse_text(text).map_err(|e| e.to_string())?;
            let layout = puzzle
                .layout(kakuro::Rules::Relaxed)
                .map_err(|e| e.to_string())?;
            let sums: Vec<u16> = layout.runs.iter().map(|run| run.sum).collect();
            Ok(json!({ "cells": layout.white_count(), "runs": runs(&layout), "sums": sums }))
        }
        GenreId::Kakurasu => {
            let puzzle = kakurasu::Kakurasu::parse_text(text).map_err(|e| e.to_string())?;
            Ok(json!({ "row_clues": puzzle.row_clues(), "col_clues": puzzle.col_clues() }))
        }
        GenreId::KakuroCryptic => {
            let puzzle =
                kakuro_cryptic::KakuroCryptic::parse_text(text).map_err(|e| e.to_string())?;
            let structure = puzzle.structure();
            // A clue as its letters' indices (A = 0), tens first.
            let clues: Vec<Vec<usize>> = structure
                .clues
                .iter()
                .map(|clue| {
                    clue.tens
                        .iter()
                        .chain([&clue.units])
                        .map(|l| l.index())
                        .collect()
                })
                .collect();
            let shown: Vec<[usize; 2]> = structure
                .shown
                .iter()
                .enumerate()
                .filter_map(|(cell, letter)| letter.map(|l| [cell, l.index()]))
                .collect();
            Ok(json!({
                "cells": structure.layout.white_count(),
                "runs": runs(&structure.layout),
                "clues": clues,
                "shown": shown,
            }))
        }
        // Killer Sudoku's inputs carry their model from `killer_inputs` (read from the
        // published file), so no text is modelled here.
        GenreId::KillerSudoku => Err(format!("{genre}: modelled by killer_inputs")),
    }
}

fn time_inputs(path: &Path, max_steps: u64) -> Result<(), String> {
    each_input(path, |input| {
        let (genre, text) = (input.field("genre")?, input.field("text")?);
        let timing = if genre == KillerSudoku::NAME {
            time_solve::<KillerSudoku>(text, max_steps)
        } else {
            let genre: GenreId = genre
                .parse()
                .map_err(|e: sumpuzzles::InputError| input.at(e.to_string()))?;
            dispatch(genre, TimeSolve(text, max_steps))
        }
        .map_err(|e| input.at(e))?;
        Ok(Some(json!({
            "class": input.field("class")?,
            "name": input.field("name")?,
            "count": timing.count,
            "complete": timing.complete,
            "steps": timing.steps,
            "runs": timing.runs,
            "median_us": timing.median.as_secs_f64() * 1e6,
            "cpu_median_us": timing.cpu_median.as_secs_f64() * 1e6,
        })))
    })
}

/// Runs the Killer Sudoku solver once on each killer puzzle of `path` (limit 2) and prints
/// the tree it searched.
fn search_inputs(path: &Path, max_steps: u64) -> Result<(), String> {
    each_input(path, |input| {
        if input.field("genre")? != KillerSudoku::NAME {
            return Ok(None);
        }
        let puzzle =
            KillerSudoku::parse_text(input.field("text")?).map_err(|e| input.at(e.to_string()))?;
        let (outcome, stats) =
            killer_sudoku::solve_counted(&puzzle, 2, &mut Budget::new(max_steps));
        Ok(Some(json!({
            "class": input.field("class")?,
            "name": input.field("name")?,
            "count": outcome.count(),
            "complete": outcome.complete,
            "steps": outcome.steps,
            "nodes": stats.nodes,
            "failures": stats.failures,
            "restarts": stats.restarts,
            "nogood_literals": stats.nogood_literals,
            "steps_per_node": outcome.steps as f64 / stats.nodes.max(1) as f64,
        })))
    })
}

/// One line of an input file, parsed.
struct InputLine<'a> {
    path: &'a Path,
    line: usize,
    record: Value,
}

impl InputLine<'_> {
    /// `message`, saying which line it is about.
    fn at(&self, message: String) -> String {
        format!("{} line {}: {message}", self.path.display(), self.line)
    }

    fn field(&self, name: &str) -> Result<&str, String> {
        self.record[name]
            .as_str()
            .ok_or_else(|| self.at(format!("no \"{name}\"")))
    }
}

/// Calls `answer` on each line of the input file `path` and prints what it gives back, a JSON
/// line each (a line it skips gives nothing).
fn each_input(
    path: &Path,
    mut answer: impl FnMut(&InputLine) -> Result<Option<Value>, String>,
) -> Result<(), String> {
    let file = std::fs::File::open(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    for (index, text) in std::io::BufReader::new(file).lines().enumerate() {
        let mut input = InputLine {
            path,
            line: index + 1,
            record: Value::Null,
        };
        let text = text.map_err(|e| input.at(e.to_string()))?;
        if text.trim().is_empty() {
            continue;
        }
        input.record = serde_json::from_str(&text).map_err(|e| input.at(e.to_string()))?;
        if let Some(result) = answer(&input)? {
            writeln!(out, "{result}").map_err(|e| e.to_string())?;
            out.flush().map_err(|e| e.to_string())?;
        }
    }
    Ok(())
}

struct Timing {
    count: usize,
    complete: bool,
    steps: u64,
    runs: usize,
    median: Duration,
    /// The median CPU time of the timing thread (on a busy machine the wall time counts
    /// other processes' turns too).
    cpu_median: Duration,
}

/// Parses a puzzle once and times the exact solver on it (limit 2).
struct TimeSolve<'a>(&'a str, u64);

impl GenreVisitor for TimeSolve<'_> {
    type Output = Result<Timing, String>;

    fn visit<G: Registered>(self) -> Self::Output {
        time_solve::<G>(self.0, self.1)
    }
}

/// Parses a puzzle of `G` once and times its exact solver on it (limit 2, `max_steps`).
fn time_solve<G: Genre>(text: &str, max_steps: u64) -> Result<Timing, String> {
    let puzzle = G::parse_text(text).map_err(|e| e.to_string())?;
    let solve = || {
        let (start, cpu) = (Instant::now(), cpu_time::thread_cpu_time());
        let outcome = G::solve(&puzzle, 2, &mut Budget::new(max_steps));
        (
            (start.elapsed(), cpu_time::thread_cpu_time() - cpu),
            outcome,
        )
    };
    let (first, outcome) = solve();
    let mut times = if first.0 >= SLOW_PUZZLE {
        vec![first]
    } else {
        let wanted = TIME_PER_PUZZLE.as_secs_f64() / first.0.as_secs_f64().max(1e-9);
        let runs = (wanted.ceil() as usize).clamp(MIN_RUNS, MAX_RUNS);
        (0..runs).map(|_| solve().0).collect()
    };
    let runs = times.len();
    let mut cpu: Vec<Duration> = times.iter().map(|t| t.1).collect();
    cpu.sort();
    times.sort();
    Ok(Timing {
        count: outcome.count(),
        complete: outcome.complete,
        steps: outcome.steps,
        runs,
        median: times[runs / 2].0,
        cpu_median: cpu[runs / 2],
    })
}
