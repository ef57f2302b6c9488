//! Criterion benchmarks of the four operations of every genre: solve (count to 2), rate,
//! check and generate, on puzzles of several sizes.
//!
//! `cargo bench --bench operations -- --save-baseline main` records a baseline;
//! `cargo bench --bench operations -- --baseline main` measures again and reports each
//! benchmark's change against it. A filter after `--` runs some of them (`-- kakuro/solve`).
//! `docs/benchmarks-criterion.md` describes the groups and shows a run.
//!
//! Inputs: Kakuro and Kakurasu puzzles come from `corpus/` (the easiest and hardest level of
//! each corpus size, seed 0). Cryptic Kakuro has no corpus: its puzzles are generated here
//! with fixed seeds, and when `SUMPUZZLES_TESTDATA` is set, the first 5x5 and the first 6x6
//! line of Project Euler 424 are solved too, as is the whole file of 200 lines.
//!
//! Each benchmark measures the engine only: puzzles and answers are parsed during setup.
//! Setup also checks what is measured (the count found, a correct answer solved, a wrong one
//! not), so a benchmark never times an operation that failed.

use std::hint::black_box;
use std::path::{Path, PathBuf};
use std::time::Duration;

use criterion::{criterion_group, criterion_main, Criterion};
use sumpuzzles::genres::kakurasu::Kakurasu;
use sumpuzzles::genres::kakuro::Kakuro;
use sumpuzzles::genres::kakuro_cryptic::{self, batch, KakuroCryptic};
use sumpuzzles::genres::Genre;
use sumpuzzles::{Budget, GenerateParams};

/// A puzzle to solve, rate and check, with its solution as answer rows.
struct Case<G: Genre> {
    /// What the benchmark is called within its group, such as `16x16-expert-seed0`.
    name: String,
    puzzle: G::Puzzle,
    solution: Vec<String>,
}

/// The seeds of each generation benchmark: one iteration generates each of them in turn, so
/// that a change in any of them shows while the time stays that of a fixed piece of work.
const GENERATE_SEEDS: [u64; 3] = [0, 1, 2];

fn generate_params(shape: &str, level: &str, seed: u64) -> GenerateParams {
    GenerateParams {
        shape: shape.parse().expect("a shape like 8x8"),
        level: level.parse().expect("a level"),
        seed,
    }
}

fn corpus_dir(genre: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("corpus")
        .join(genre)
}

/// The corpus puzzle `corpus/<genre>/<level>-<shape>-seed<seed>.json`.
fn corpus_case<G: Genre>(level: &str, shape: &str, seed: u64) -> Case<G> {
    let path = corpus_dir(G::NAME).join(format!("{level}-{shape}-seed{seed}.json"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let record: serde_json::Value = serde_json::from_str(&text).expect("a corpus record");
    let puzzle = G::parse_id(record["id"].as_str().expect("an id")).expect("a valid corpus id");
    let solution = record["solution"]
        .as_array()
        .expect("solution rows")
        .iter()
        .map(|row| row.as_str().expect("a row").to_string())
        .collect();
    Case {
        name: format!("{shape}-{level}-seed{seed}"),
        puzzle,
        solution,
    }
}

/// A generated puzzle, for a genre without a corpus.
fn generated_case<G: Genre>(shape: &str, level: &str, seed: u64) -> Case<G> {
    let params = generate_params(shape, level, seed);
    let generated = G::generate(&params, &mut Budget::unlimited()).expect("generated");
    Case {
        name: format!("{shape}-{level}-seed{seed}"),
        puzzle: generated.puzzle,
        solution: G::solution_rows(&generated.solution),
    }
}

/// The solution with one cell made wrong: its first digit changed to the next one (Kakuro
/// and cryptic Kakuro), or its first cell's shading flipped (Kakurasu).
fn wrong_answer(solution: &[String]) -> Vec<String> {
    let mut rows = solution.to_vec();
    let has_digits = rows
        .iter()
        .any(|row| row.chars().any(|c| c.is_ascii_digit()));
    'rows: for row in &mut rows {
        for (at, c) in row.char_indices() {
            let changed = match c {
                '1'..='9' if has_digits => char::from(b'1' + (c as u8 - b'0') % 9),
                '#' if !has_digits => '-',
                '-' if !has_digits => '#',
                _ => continue,
            };
            row.replace_range(at..at + 1, &changed.to_string());
            break 'rows;
        }
    }
    rows
}

/// Solving and proving unique: the solver looks for up to 2 solutions.
fn bench_solve<G: Genre>(c: &mut Criterion, cases: &[Case<G>]) {
    let mut group = c.benchmark_group(format!("{}/solve", G::NAME));
    for case in cases {
        let outcome = G::solve(&case.puzzle, 2, &mut Budget::unlimited());
        assert!(outcome.unique(), "{} {} is not unique", G::NAME, case.name);
        group.bench_function(&case.name, |b| {
            b.iter(|| G::solve(black_box(&case.puzzle), 2, &mut Budget::unlimited()))
        });
    }
    group.finish();
}

/// Rating with the genre's recording rater (every deduction kept), without the uniqueness
/// proof that the API's rate adds (that is the solve benchmark).
fn bench_rate<G: Genre>(c: &mut Criterion, cases: &[Case<G>]) {
    let mut group = c.benchmark_group(format!("{}/rate", G::NAME));
    for case in cases {
        let rating = G::rate(&case.puzzle, &mut Budget::unlimited());
        assert!(rating.solved, "{} {} is not rated", G::NAME, case.name);
        group.bench_function(&case.name, |b| {
            b.iter(|| G::rate(black_box(&case.puzzle), &mut Budget::unlimited()))
        });
    }
    group.finish();
}

/// Reading answer rows and checking them (with unmarked cells taken as empty, as the API's
/// `finish`): the solution itself (`-correct`) and the solution with one cell changed
/// (`-wrong`).
fn bench_check<G: Genre>(c: &mut Criterion, cases: &[&Case<G>]) {
    let mut group = c.benchmark_group(format!("{}/check", G::NAME));
    for case in cases {
        for (suffix, rows, solved) in [
            ("correct", case.solution.clone(), true),
            ("wrong", wrong_answer(&case.solution), false),
        ] {
            let check = |rows: &[String]| {
                let answer = G::parse_answer(&case.puzzle, rows).expect("answer rows");
                G::check(&case.puzzle, &answer, true).expect("a checkable answer")
            };
            assert_eq!(
                check(&rows).is_empty(),
                solved,
                "{} {} {suffix}",
                G::NAME,
                case.name
            );
            group.bench_function(format!("{}-{suffix}", case.name), |b| {
                b.iter(|| check(black_box(&rows)))
            });
        }
    }
    group.finish();
}

/// Generating the seeds of [`GENERATE_SEEDS`] in turn, for each (shape, level).
fn bench_generate<G: Genre>(c: &mut Criterion, cases: &[(&str, &str)]) {
    let mut group = c.benchmark_group(format!("{}/generate", G::NAME));
    // Generation takes milliseconds to a second per iteration: the fewest samples criterion
    // allows, and a time it may exceed for the slowest cases rather than run for minutes.
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(3));
    for &(shape, level) in cases {
        let params = GENERATE_SEEDS.map(|seed| generate_params(shape, level, seed));
        let name = format!("{shape}-{level}-seeds{}-{}", params[0].seed, params[2].seed);
        group.bench_function(name, |b| {
            b.iter(|| {
                for params in &params {
                    G::generate(black_box(params), &mut Budget::unlimited()).expect("generated");
                }
            })
        });
    }
    group.finish();
}

/// Every operation: solve and rate on each case, check on the first and the last case
/// (the smallest and the largest), generate for each (shape, level).
fn bench_genre<G: Genre>(c: &mut Criterion, cases: &[Case<G>], generate: &[(&str, &str)]) {
    bench_solve(c, cases);
    bench_rate(c, cases);
    bench_check(c, &[&cases[0], &cases[cases.len() - 1]]);
    bench_generate::<G>(c, generate);
}

/// The easiest and hardest level of every size, seed 0.
fn corpus_cases<G: Genre>(sizes: &[&str], levels: &[&str]) -> Vec<Case<G>> {
    sizes
        .iter()
        .flat_map(|size| levels.iter().map(move |level| corpus_case(level, size, 0)))
        .collect()
}

fn kakuro(c: &mut Criterion) {
    let cases = corpus_cases::<Kakuro>(
        &["6x6", "8x8", "10x10", "12x12", "16x16"],
        &["easy", "expert"],
    );
    // Seeds 0-2 of 12x12 and 16x16 expert take seconds: expert is measured at 8x8.
    let generate = [
        ("6x6", "easy"),
        ("10x10", "medium"),
        ("10x10", "hard"),
        ("8x8", "expert"),
        ("16x16", "any"),
    ];
    bench_genre(c, &cases, &generate);
}

fn kakurasu(c: &mut Criterion) {
    let mut cases = vec![corpus_case::<Kakurasu>("easy", "4x4", 0)];
    cases.extend(corpus_cases(
        &["6x6", "8x8", "12x12", "16x16"],
        &["easy", "expert"],
    ));
    let generate = [("8x8", "easy"), ("8x8", "expert"), ("16x16", "hard")];
    bench_genre(c, &cases, &generate);
}

fn kakuro_cryptic(c: &mut Criterion) {
    let mut cases = vec![
        generated_case::<KakuroCryptic>("7x7", "easy", 0),
        generated_case("10x10", "hard", 0),
        generated_case("12x12", "expert", 0),
    ];
    let testdata = std::env::var_os("SUMPUZZLES_TESTDATA")
        .map(|dir| Path::new(&dir).join("pe424/p424_kakuro200.txt"));
    let pe424 = testdata.map(|path| {
        std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
    });
    if let Some(text) = &pe424 {
        // The first line of each grid size (a line starts with its grid's side).
        let lines: Vec<&str> = text.lines().collect();
        for side in ["6", "7"] {
            let (number, line) = lines
                .iter()
                .enumerate()
                .find(|(_, line)| line.starts_with(&format!("{side},")))
                .expect("a line of this size");
            let puzzle = kakuro_cryptic::format::parse_line(line).expect("a PE424 line");
            let solution = KakuroCryptic::solve(&puzzle, 1, &mut Budget::unlimited());
            cases.push(Case {
                name: format!("pe424-line{}", number + 1),
                solution: KakuroCryptic::solution_rows(&solution.solutions[0]),
                puzzle,
            });
        }
    }
    let generate = [("7x7", "easy"), ("7x7", "hard"), ("10x10", "hard")];
    bench_genre(c, &cases, &generate);
    if let Some(text) = &pe424 {
        // The Project Euler task as a whole: parse and prove unique all 200 lines.
        let mut group = c.benchmark_group("kakuro-cryptic/solve-batch");
        group.bench_function("pe424-200-lines", |b| {
            b.iter(|| batch::solve_lines(black_box(text), 100_000_000))
        });
        group.finish();
    }
}

fn config() -> Criterion {
    // Short warm-up and measurement: the whole run stays within a few minutes on 2 cores,
    // and a regression worth acting on is larger than the noise this leaves (see the doc).
    Criterion::default()
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(2))
        .sample_size(30)
}

criterion_group! {
    name = operations;
    config = config();
    targets = kakuro, kakurasu, kakuro_cryptic
}
criterion_main!(operations);
