//! Criterion benchmarks of the four operations of every registered genre: solve (count to 2),
//! rate, check and generate, on puzzles of several sizes.
//!
//! `cargo bench --bench operations -- --save-baseline main` records a baseline;
//! `cargo bench --bench operations -- --baseline main` measures again and reports each
//! benchmark's change against it. A filter after `--` runs some of them (`-- kakuro/solve`).
//! `docs/benchmarks-criterion.md` describes the groups and shows a run.
//!
//! Inputs, for every genre alike (so that a new genre needs no line here): its corpus
//! (`corpus/<genre>/`: the easiest and the hardest level of each size, seed 0) to solve, rate
//! and check, and its default shape at each of its levels to generate. Cryptic Kakuro adds,
//! when `SUMPUZZLES_TESTDATA` is set, the first 5x5 and the first 6x6 line of Project Euler 424
//! and the whole file of 200 lines.
//!
//! Each benchmark measures the engine only: puzzles and answers are parsed during setup.
//! Setup also checks what is measured (the count found, a correct answer solved, a wrong one
//! not), so a benchmark never times an operation that failed.

use std::hint::black_box;
use std::path::{Path, PathBuf};
use std::time::Duration;

use criterion::{criterion_group, criterion_main, Criterion};
use sumpuzzles::genres::kakuro_cryptic::{self, batch, KakuroCryptic};
use sumpuzzles::genres::{dispatch, Genre, GenreId, GenreVisitor, Registered};
use sumpuzzles::{Budget, GenerateParams, Level, Shape, TargetLevel};

/// A puzzle to solve, rate and check, with its solution as answer rows and a wrong answer.
struct Case<G: Genre> {
    /// What the benchmark is called within its group, such as `16x16-expert-seed0`.
    name: String,
    puzzle: G::Puzzle,
    solution: Vec<String>,
    /// The solution with a mark changed ([`Genre::wrong_answer`]).
    wrong: Vec<String>,
}

impl<G: Genre> Case<G> {
    /// The case of `puzzle`, which must have exactly one solution.
    fn new(name: String, puzzle: G::Puzzle) -> Case<G> {
        let outcome = G::solve(&puzzle, 2, &mut Budget::unlimited());
        assert!(outcome.unique(), "{} {name} is not unique", G::NAME);
        let solution = &outcome.solutions[0];
        Case {
            solution: G::solution_rows(solution),
            wrong: G::wrong_answer(solution),
            name,
            puzzle,
        }
    }
}

/// The seeds of each generation benchmark: one iteration generates each of them in turn, so
/// that a change in any of them shows while the time stays that of a fixed piece of work.
const GENERATE_SEEDS: [u64; 3] = [0, 1, 2];

fn corpus_dir(genre: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("corpus")
        .join(genre.replace('-', "_"))
}

/// A corpus file's parameters, from its name `<level>-<shape>-seed<seed>.json`.
fn corpus_name(path: &Path) -> Option<(Level, Shape, u64)> {
    let stem = path.file_stem()?.to_str()?;
    let mut parts = stem.splitn(3, '-');
    let TargetLevel::Exactly(level) = parts.next()?.parse().ok()? else {
        return None;
    };
    let shape = parts.next()?.parse().ok()?;
    let seed = parts.next()?.strip_prefix("seed")?.parse().ok()?;
    Some((level, shape, seed))
}

/// The corpus puzzle at `path`.
fn corpus_case<G: Genre>(path: &Path, name: String) -> Case<G> {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let record: serde_json::Value = serde_json::from_str(&text).expect("a corpus record");
    let puzzle = G::parse_id(record["id"].as_str().expect("an id")).expect("a valid corpus id");
    let case = Case::new(name, puzzle);
    assert_eq!(
        serde_json::to_value(&case.solution).unwrap(),
        record["solution"],
        "{}: another solution than the stored one",
        path.display()
    );
    case
}

/// The easiest and the hardest level of every size in the genre's corpus, seed 0, smallest
/// size first.
fn corpus_cases<G: Genre>() -> Vec<Case<G>> {
    let dir = corpus_dir(G::NAME);
    // By size (cells, then rows), the levels of seed 0 at each shape.
    let mut by_shape = std::collections::BTreeMap::<_, (Shape, Vec<(Level, PathBuf)>)>::new();
    for entry in std::fs::read_dir(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())) {
        let path = entry.expect("a corpus file").path();
        if let Some((level, shape, 0)) = corpus_name(&path) {
            let size = (shape.cells(), shape.rows, shape.cols);
            let (_, levels) = by_shape.entry(size).or_insert((shape, Vec::new()));
            levels.push((level, path));
        }
    }
    assert!(!by_shape.is_empty(), "{}: no corpus", G::NAME);
    let mut cases = Vec::new();
    for (shape, mut levels) in by_shape.into_values() {
        levels.sort();
        levels.dedup_by_key(|(level, _)| *level);
        let hardest = levels.len() - 1;
        for (level, path) in [&levels[0], &levels[hardest]]
            .into_iter()
            .take(levels.len())
        {
            cases.push(corpus_case(path, format!("{shape}-{level}-seed0")));
        }
    }
    cases
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
            ("wrong", case.wrong.clone(), false),
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

/// Generating the seeds of [`GENERATE_SEEDS`] in turn, at the genre's default shape and each of
/// its levels.
fn bench_generate<G: Genre>(c: &mut Criterion) {
    let mut group = c.benchmark_group(format!("{}/generate", G::NAME));
    // Generation takes milliseconds to a second per iteration: the fewest samples criterion
    // allows, and a time it may exceed for the slowest cases rather than run for minutes.
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(3));
    let shape = G::DEFAULT_SHAPE;
    for &level in G::LEVELS {
        let params = GENERATE_SEEDS.map(|seed| GenerateParams {
            shape,
            level: TargetLevel::Exactly(level),
            seed,
        });
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
/// (the smallest and the largest), generate at the default shape.
fn bench_genre<G: Genre>(c: &mut Criterion, cases: &[Case<G>]) {
    bench_solve(c, cases);
    bench_rate(c, cases);
    bench_check(c, &[&cases[0], &cases[cases.len() - 1]]);
    bench_generate::<G>(c);
}

/// Every registered genre, on its corpus.
fn every_genre(c: &mut Criterion) {
    struct Bench<'a>(&'a mut Criterion);
    impl GenreVisitor for Bench<'_> {
        type Output = ();
        fn visit<G: Registered>(self) {
            bench_genre::<G>(self.0, &corpus_cases::<G>());
        }
    }
    for &genre in GenreId::ALL {
        dispatch(genre, Bench(c));
    }
}

/// Project Euler 424's puzzles, with `SUMPUZZLES_TESTDATA`: the first line of each grid size
/// solved, rated and checked as the corpus is, and the whole 200-line file proven unique.
fn pe424(c: &mut Criterion) {
    let Some(dir) = std::env::var_os("SUMPUZZLES_TESTDATA") else {
        return;
    };
    let path = Path::new(&dir).join("pe424/p424_kakuro200.txt");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    // The first line of each grid size (a line starts with its grid's side).
    let lines: Vec<&str> = text.lines().collect();
    let cases: Vec<Case<KakuroCryptic>> = ["6", "7"]
        .iter()
        .map(|side| {
            let (number, line) = lines
                .iter()
                .enumerate()
                .find(|(_, line)| line.starts_with(&format!("{side},")))
                .expect("a line of this size");
            let puzzle = kakuro_cryptic::format::parse_line(line).expect("a PE424 line");
            Case::new(format!("pe424-line{}", number + 1), puzzle)
        })
        .collect();
    bench_solve(c, &cases);
    bench_rate(c, &cases);
    bench_check(c, &cases.iter().collect::<Vec<_>>());
    // The Project Euler task as a whole: parse and prove unique all 200 lines.
    let mut group = c.benchmark_group("kakuro-cryptic/solve-batch");
    group.bench_function("pe424-200-lines", |b| {
        b.iter(|| batch::solve_lines(black_box(&text), 100_000_000))
    });
    group.finish();
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
    targets = every_genre, pe424
}
criterion_main!(operations);
