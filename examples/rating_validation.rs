//! The validation of the level and the score (docs/rating.md).
//!
//! `SUMPUZZLES_TESTDATA=../shared/testdata cargo run --release --example rating_validation`
//! prints, as Markdown:
//! 1. on the published puzzles their publishers labelled (148 paucuesta9 Kakuro labelled 1-3,
//!    49 dexxppy Kakurasu labelled easy, medium, hard; those with exactly one solution), the
//!    Spearman correlation of the labels with the score, the level and the descriptors:
//!    overall, within groups of one shape (the size held fixed), and partial on the number
//!    of cells;
//! 2. the score distributions of generated puzzles per genre, level and shape (seeds 0-19;
//!    `--seeds N` for another count);
//! 3. rating times on the largest grids, and what the rate operation's honest result is for
//!    them under the default budget.

#[path = "support/cpu_time.rs"]
mod cpu_time;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::time::Duration;

use cpu_time::thread_cpu_time;

use sumpuzzles::genres::kakurasu::{self, Kakurasu};
use sumpuzzles::genres::kakuro::{self, Kakuro};
use sumpuzzles::genres::kakuro_cryptic::KakuroCryptic;
use sumpuzzles::genres::Genre;
use sumpuzzles::SCORE_VERSION;
use sumpuzzles::{
    Budget, Descriptors, GenerateParams, Level, Rating, Score, Shape, TargetLevel, Uniqueness,
};

/// The service's default step budget.
const DEFAULT_BUDGET: u64 = 500_000_000;

fn main() {
    let dir = PathBuf::from(
        std::env::var_os("SUMPUZZLES_TESTDATA")
            .expect("set SUMPUZZLES_TESTDATA to the published test data folder"),
    );
    let args: Vec<String> = std::env::args().skip(1).collect();
    let seeds: u64 = args
        .iter()
        .position(|a| a == "--seeds")
        .and_then(|i| args.get(i + 1))
        .map(|s| s.parse().expect("--seeds N"))
        .unwrap_or(20);

    println!("Score version {SCORE_VERSION}; rater profiles kakuro-human 1, kakurasu-human 1.\n");
    println!("## Published labels\n");
    let kakuro = published_kakuro(&dir);
    labels_report("paucuesta9 Kakuro (labels 1-3)", &kakuro);
    let kakurasu = published_kakurasu(&dir);
    labels_report(
        "dexxppy Kakurasu (labels easy = 1, medium = 2, hard = 3)",
        &kakurasu,
    );

    println!("## Generated puzzles\n");
    generated_report(seeds);

    println!("## The largest grids\n");
    largest_report(&dir);
}

/// A published puzzle with its publisher's label and our rating.
struct Labelled {
    label: u8,
    shape: Shape,
    rating: Rating,
}

fn json_lines(path: &Path) -> Vec<serde_json::Value> {
    std::fs::read_to_string(path)
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
        .lines()
        .filter(|line| !line.trim().is_empty())
        .map(|line| serde_json::from_str(line).expect("a JSON line"))
        .collect()
}

/// The records of `source` with exactly one solution, as (name, record).
fn unique_records(path: &Path, source: &str) -> Vec<(String, serde_json::Value)> {
    json_lines(path)
        .into_iter()
        .filter(|record| record["source"] == source && record["count"] == 1)
        .map(|record| (record["name"].as_str().unwrap_or("?").to_string(), record))
        .collect()
}

/// The labelled puzzles of one source: `label` reads a label from a puzzle's name, `read`
/// the puzzle and its shape from its record.
fn published<G: Genre>(
    dir: &Path,
    file: &str,
    source: &str,
    label: fn(&str) -> u8,
    read: fn(&serde_json::Value) -> (G::Puzzle, Shape),
) -> Vec<Labelled> {
    unique_records(&dir.join(file), source)
        .into_iter()
        .map(|(name, record)| {
            let (puzzle, shape) = read(&record);
            Labelled {
                label: label(&name),
                shape,
                rating: G::rate(&puzzle, &mut Budget::new(DEFAULT_BUDGET)),
            }
        })
        .collect()
}

fn published_kakuro(dir: &Path) -> Vec<Labelled> {
    published::<Kakuro>(
        dir,
        "kakuro.jsonl",
        "paucuesta9",
        // Names are diff<label>/<rows>_<cols>/<i>.txt.
        |name| name[4..5].parse().expect("a label 1-3"),
        |record| {
            let puzzle = kakuro::format::parse_text(record["text"].as_str().unwrap()).unwrap();
            let shape = puzzle.shape();
            (puzzle, shape)
        },
    )
}

fn published_kakurasu(dir: &Path) -> Vec<Labelled> {
    published::<Kakurasu>(
        dir,
        "kakurasu.jsonl",
        "dexxppy",
        // Names are Easy-<i>, Medium-<i> and Hard-<i>.
        |name| match name.split('-').next() {
            Some("Easy") => 1,
            Some("Medium") => 2,
            _ => 3,
        },
        |record| {
            let puzzle = kakurasu::format::parse_id(record["id"].as_str().unwrap()).unwrap();
            let shape = puzzle.shape();
            (puzzle, shape)
        },
    )
}

/// Ranks from 1, ties at their mean rank.
fn ranks(values: &[f64]) -> Vec<f64> {
    let mut order: Vec<usize> = (0..values.len()).collect();
    order.sort_by(|&a, &b| values[a].total_cmp(&values[b]));
    let mut ranks = vec![0.0; values.len()];
    let mut i = 0;
    while i < order.len() {
        let mut j = i;
        while j + 1 < order.len() && values[order[j + 1]] == values[order[i]] {
            j += 1;
        }
        for &k in &order[i..=j] {
            ranks[k] = (i + j) as f64 / 2.0 + 1.0;
        }
        i = j + 1;
    }
    ranks
}

fn pearson(a: &[f64], b: &[f64]) -> Option<f64> {
    let n = a.len() as f64;
    let (ma, mb) = (a.iter().sum::<f64>() / n, b.iter().sum::<f64>() / n);
    let cov: f64 = a.iter().zip(b).map(|(x, y)| (x - ma) * (y - mb)).sum();
    let va: f64 = a.iter().map(|x| (x - ma).powi(2)).sum();
    let vb: f64 = b.iter().map(|y| (y - mb).powi(2)).sum();
    (va > 0.0 && vb > 0.0).then(|| cov / (va * vb).sqrt())
}

fn spearman(a: &[f64], b: &[f64]) -> Option<f64> {
    pearson(&ranks(a), &ranks(b))
}

/// Spearman's correlation of `a` and `b` with `c` partialled out.
fn partial_spearman(a: &[f64], b: &[f64], c: &[f64]) -> Option<f64> {
    let (ab, ac, bc) = (spearman(a, b)?, spearman(a, c)?, spearman(b, c)?);
    let denominator = ((1.0 - ac * ac) * (1.0 - bc * bc)).sqrt();
    (denominator > 1e-9).then(|| (ab - ac * bc) / denominator)
}

/// The correlation within groups of one shape that hold at least 3 puzzles and 2 labels,
/// each group weighted by its size (a feature constant in a group counts 0 there); and the
/// number of puzzles in those groups.
fn within_shapes(items: &[Labelled], labels: &[f64], values: &[f64]) -> (Option<f64>, usize) {
    let mut groups: BTreeMap<(usize, usize), Vec<usize>> = BTreeMap::new();
    for (i, item) in items.iter().enumerate() {
        groups
            .entry((item.shape.rows, item.shape.cols))
            .or_default()
            .push(i);
    }
    let (mut sum, mut count) = (0.0, 0);
    for members in groups.values() {
        let group_labels: Vec<f64> = members.iter().map(|&i| labels[i]).collect();
        if members.len() < 3 || group_labels.iter().all(|&l| l == group_labels[0]) {
            continue;
        }
        let group_values: Vec<f64> = members.iter().map(|&i| values[i]).collect();
        sum += spearman(&group_labels, &group_values).unwrap_or(0.0) * members.len() as f64;
        count += members.len();
    }
    ((count > 0).then(|| sum / count as f64), count)
}

fn level_number(level: Option<Level>) -> f64 {
    match level {
        Some(level) => level as u8 as f64 + 1.0,
        None => f64::NAN,
    }
}

/// The score as a number; beyond expert (no score) ranks above every score.
fn score_number(rating: &Rating) -> f64 {
    rating
        .score()
        .map(|score| score.value())
        .unwrap_or(Score::MAX.value() + 1.0)
}

/// A descriptor of the item's rating; NaN (left out of the table) when absent.
fn descriptor(item: &Labelled, read: fn(&Descriptors) -> Option<f64>) -> f64 {
    read(&item.rating.descriptors).unwrap_or(f64::NAN)
}

fn shown(value: Option<f64>) -> String {
    value.map_or("—".into(), |v| format!("{v:+.2}"))
}

fn labels_report(title: &str, items: &[Labelled]) {
    println!("### {title}\n");
    let labels: Vec<f64> = items.iter().map(|item| f64::from(item.label)).collect();
    let mut table: BTreeMap<(u8, String), usize> = BTreeMap::new();
    for item in items {
        let level = item
            .rating
            .level()
            .map_or("unrated".into(), |l| l.to_string());
        *table.entry((item.label, level)).or_default() += 1;
    }
    println!("{} puzzles. Our level by their label:\n", items.len());
    println!("| Label | easy | medium | hard | expert | beyond_expert |");
    println!("|---|---|---|---|---|---|");
    for label in 1..=3 {
        let cells: Vec<String> = ["easy", "medium", "hard", "expert", "beyond_expert"]
            .iter()
            .map(|level| {
                table
                    .get(&(label, level.to_string()))
                    .copied()
                    .unwrap_or(0)
                    .to_string()
            })
            .collect();
        println!("| {label} | {} |", cells.join(" | "));
    }
    let cells: Vec<f64> = items
        .iter()
        .map(|item| f64::from(item.rating.descriptors.cells))
        .collect();
    type Feature = (&'static str, fn(&Labelled) -> f64);
    let features: [Feature; 8] = [
        ("score", |item| score_number(&item.rating)),
        ("level", |item| level_number(item.rating.level())),
        ("cells (descriptor)", |item| {
            descriptor(item, |d| Some(f64::from(d.cells)))
        }),
        ("mean run (descriptor)", |item| {
            descriptor(item, |d| Some(d.mean_run.value()))
        }),
        ("block share (descriptor)", |item| {
            descriptor(item, |d| d.block_share.map(|b| b.value()))
        }),
        ("mean candidates after easy (descriptor)", |item| {
            descriptor(item, |d| d.mean_candidates_after_easy.map(|m| m.value()))
        }),
        ("rating steps", |item| item.rating.steps as f64),
        ("stalls (workload)", |item| {
            f64::from(item.rating.workload.stalls)
        }),
    ];
    println!(
        "\nSpearman correlation with the label: overall; within one shape (groups of at least 3 \
         puzzles with 2 labels or more, weighted by size); partial on the number of cells.\n"
    );
    println!("| Feature | Overall | Within one shape (n) | Partial on cells |");
    println!("|---|---|---|---|");
    for (name, read) in &features {
        let values: Vec<f64> = items.iter().map(read).collect();
        if values.iter().any(|v| v.is_nan()) {
            continue;
        }
        correlation_row(name, items, &labels, &values, &cells);
    }
    // What each part of the score adds to the level, as the order within each level.
    type Order = (&'static str, fn(&Rating) -> f64);
    let orders: [Order; 6] = [
        ("the score (version 1)", score_number),
        ("the level alone (ties within a level)", |_| 0.0),
        ("the genre's points at the puzzle's level", |r| {
            f64::from(r.workload.points)
        }),
        ("stalls of the easy techniques", |r| {
            f64::from(r.workload.stalls)
        }),
        ("the hardest step (chain, then candidates)", |r| {
            f64::from(r.workload.hardest_chain * 10 + r.workload.hardest_candidates)
        }),
        ("every deduction, counted (size)", |r| {
            let w = &r.workload;
            f64::from(w.easy + w.medium + w.hard + w.expert)
        }),
    ];
    println!(
        "\nThe level, with the puzzles of one level ordered by one part of the score's inputs \
         at a time: what each part adds to the level.\n"
    );
    println!("| Order within a level | Overall | Within one shape (n) | Partial on cells |");
    println!("|---|---|---|---|");
    for (name, within_level) in orders {
        let values: Vec<f64> = items
            .iter()
            .map(|item| {
                let level = level_number(item.rating.level());
                level * 1_000_000.0 + within_level(&item.rating).min(999_999.0)
            })
            .collect();
        correlation_row(name, items, &labels, &values, &cells);
    }
    println!();
}

/// A table row: the labels' correlation with `values` overall, within one shape and partial
/// on the number of cells.
fn correlation_row(name: &str, items: &[Labelled], labels: &[f64], values: &[f64], cells: &[f64]) {
    let (within, n) = within_shapes(items, labels, values);
    println!(
        "| {name} | {} | {} ({n}) | {} |",
        shown(spearman(labels, values)),
        shown(within),
        shown(partial_spearman(labels, values, cells)),
    );
}

/// Score distributions of generated puzzles.
fn generated_report(seeds: u64) {
    println!(
        "Seeds 0-{} per genre, level and shape (budget 2,000,000,000 steps each); the score's \
         minimum, 10th percentile, median, 90th percentile and maximum. The levels' bands do \
         not overlap by construction; the last column is how much of the shape's scores fall \
         inside the range of the same level at the previous shape (min to max).\n",
        seeds - 1
    );
    println!("| Genre | Level | Shape | Puzzles | Min | P10 | Median | P90 | Max | Within the previous shape's range |");
    println!("|---|---|---|---|---|---|---|---|---|---|");
    type Generate = fn(&GenerateParams, &mut Budget) -> Option<Rating>;
    let genres: [(&str, &[&str], Generate); 3] = [
        ("kakuro", &["6x6", "10x10", "16x16"], |p, b| {
            Kakuro::generate(p, b).ok().map(|g| g.rating)
        }),
        ("kakurasu", &["5x5", "8x8", "12x12"], |p, b| {
            Kakurasu::generate(p, b).ok().map(|g| g.rating)
        }),
        ("kakuro_cryptic", &["6x6", "8x8"], |p, b| {
            KakuroCryptic::generate(p, b).ok().map(|g| g.rating)
        }),
    ];
    for (genre, shapes, generate) in genres {
        for level in Level::RATED {
            let mut previous: Option<(Score, Score)> = None;
            for shape in shapes.iter() {
                let shape: Shape = shape.parse().expect("a shape");
                let mut scores: Vec<Score> = (0..seeds)
                    .filter_map(|seed| {
                        let params = GenerateParams {
                            shape,
                            level: TargetLevel::Exactly(level),
                            seed,
                        };
                        generate(&params, &mut Budget::new(2_000_000_000))
                            .and_then(|rating| rating.score())
                    })
                    .collect();
                if scores.is_empty() {
                    println!("| {genre} | {level} | {shape} | 0 (the shape holds no {level} puzzle) | | | | | | |");
                    continue;
                }
                scores.sort();
                let at = |share: usize| scores[(scores.len() - 1) * share / 100];
                let overlap = previous.map_or("—".into(), |(low, high)| {
                    let inside = scores.iter().filter(|&&s| s >= low && s <= high).count();
                    format!("{}%", inside * 100 / scores.len())
                });
                println!(
                    "| {genre} | {level} | {shape} | {} | {} | {} | {} | {} | {} | {overlap} |",
                    scores.len(),
                    scores[0],
                    at(10),
                    at(50),
                    at(90),
                    scores[scores.len() - 1],
                );
                previous = Some((scores[0], scores[scores.len() - 1]));
            }
        }
    }
    println!();
}

/// The CPU time of `work`, and its result.
fn cpu_timed<T>(work: impl FnOnce() -> T) -> (T, Duration) {
    let start = thread_cpu_time();
    let result = work();
    (result, thread_cpu_time() - start)
}

/// The result of `work` and its median CPU time over `runs` runs (one run when the first
/// takes over a second).
fn median_time<T>(runs: usize, mut work: impl FnMut() -> T) -> (T, Duration) {
    let (result, first) = cpu_timed(&mut work);
    if first > Duration::from_secs(1) {
        return (result, first);
    }
    let mut times: Vec<Duration> = std::iter::once(first)
        .chain((1..runs).map(|_| cpu_timed(&mut work).1))
        .collect();
    times.sort();
    (result, times[runs / 2])
}

fn largest_report(dir: &Path) {
    println!(
        "CPU time of the rating alone, then of the rate operation's honest result: the rating \
         first, then the uniqueness check with what is left of the default budget of \
         500,000,000 steps (the check is skipped when the rating fills the grid, which proves it \
         unique). Medians of 5 runs, one run when it takes over a second.\n"
    );
    println!(
        "| Grid | Cells | Rating | Level | Score | Rating steps | Uniqueness | Rate operation |"
    );
    println!("|---|---|---|---|---|---|---|---|");
    let records = json_lines(&dir.join("kakuro.jsonl"));
    let mut kakuro_grids: Vec<(String, kakuro::Puzzle)> = records
        .iter()
        .filter_map(|record| {
            let puzzle = kakuro::format::parse_text(record["text"].as_str()?).ok()?;
            let whites = record["whites"].as_u64()?;
            let name = record["name"].as_str()?.to_string();
            (whites >= 400).then_some((name, puzzle))
        })
        .collect();
    kakuro_grids.sort_by_key(|(_, puzzle)| std::cmp::Reverse(puzzle.shape().cells()));
    for (name, puzzle) in &kakuro_grids {
        timed_row::<Kakuro>(name, puzzle);
    }
    for (genre, shape) in [
        ("kakurasu", Shape::new(32, 32)),
        ("kakuro_cryptic", Shape::new(16, 16)),
    ] {
        let params = GenerateParams {
            shape,
            level: TargetLevel::Exactly(Level::Expert),
            seed: 0,
        };
        let name = format!("generated {genre} {shape} expert, seed 0");
        if genre == "kakurasu" {
            let generated =
                Kakurasu::generate(&params, &mut Budget::new(20_000_000_000)).expect("a puzzle");
            timed_row::<Kakurasu>(&name, &generated.puzzle);
        } else {
            let generated = KakuroCryptic::generate(&params, &mut Budget::new(20_000_000_000))
                .expect("a puzzle");
            timed_row::<KakuroCryptic>(&name, &generated.puzzle);
        }
    }
    println!();
}

fn timed_row<G: Genre>(name: &str, puzzle: &G::Puzzle) {
    let (rating, rating_time) =
        median_time(5, || G::rate(puzzle, &mut Budget::new(DEFAULT_BUDGET)));
    let (assessment, operation) = median_time(5, || {
        G::assess(puzzle, &mut Budget::new(DEFAULT_BUDGET)).expect("not cancelled")
    });
    let uniqueness = match assessment.uniqueness {
        Uniqueness::Unique => "unique",
        Uniqueness::NotUnique => "not unique",
        Uniqueness::Unknown => "unknown (budget ran out)",
    };
    println!(
        "| {name} | {} | {} | {} | {} | {} | {uniqueness} | {} |",
        rating.descriptors.cells,
        format_time(rating_time),
        rating
            .level()
            .map_or("none (unrated)".into(), |l| l.to_string()),
        rating.score().map_or("—".into(), |s| s.to_string()),
        rating.steps,
        format_time(operation),
    );
}

fn format_time(time: Duration) -> String {
    let ms = time.as_secs_f64() * 1000.0;
    if ms < 1.0 {
        format!("{:.0} µs", ms * 1000.0)
    } else if ms < 1000.0 {
        format!("{ms:.1} ms")
    } else {
        format!("{:.1} s", ms / 1000.0)
    }
}
