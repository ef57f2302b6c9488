//! Writes the corpus of generated puzzles for a genre.
//!
//! `cargo run --release --example corpus -- kakuro` writes `corpus/kakuro/<level>-<shape>-seed<seed>.json`
//! for every level (easy, medium, hard, expert), every size of the genre's corpus list and
//! seeds 0-2: each file holds the puzzle in every format, its solution, its rating and the
//! parameters that generated it (the `/generate` response body, without the list of
//! deductions). A genre's folder is its name with `_` for `-` (`corpus/kakuro_cryptic`).
//! Parameters the generator refuses (a level too hard for a small shape) are reported and
//! skipped. Options: `--sizes 6x6,8x8`, `--levels easy,medium`, `--seeds 3`, `--out DIR`. The corpus test re-solves
//! and re-rates every file, and regenerates it from its parameters. Kakuro's puzzles above
//! 16x16 were written with `--sizes 20x20,24x24 --levels easy,medium --seeds 1`, and
//! `--sizes 18x18 --levels easy --seeds 5 --out DIR` of which only seed 4 (its fourth candidate
//! kept) was copied: a few cheap ones, as the corpus test regenerates every file.

use std::path::PathBuf;

use sumpuzzles::ops::{self, GenerateRequest};
use sumpuzzles::{Budget, Level, Shape, TargetLevel};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let genre_name = args.first().cloned().unwrap_or_else(|| "kakuro".into());
    let option = |name: &str| {
        args.iter()
            .position(|a| a == name)
            .and_then(|i| args.get(i + 1))
            .cloned()
    };
    let genre: sumpuzzles::genres::GenreId = genre_name.parse().expect("a registered genre");
    let default_sizes = match genre_name.as_str() {
        "kakurasu" => "4x4,6x6,8x8,12x12,16x16",
        "kakuro-cryptic" => "4x4,5x5,6x9,7x7,10x10,12x12,16x16",
        "killer-sudoku" => "4x4,6x6,9x9,12x12,16x16",
        _ => "6x6,8x8,10x10,12x12,16x16",
    };
    let sizes: Vec<Shape> = option("--sizes")
        .unwrap_or_else(|| default_sizes.into())
        .split(',')
        .map(|s| s.parse().expect("size like 8x8"))
        .collect();
    let levels: Vec<Level> = option("--levels").map_or_else(
        || Level::RATED.to_vec(),
        |list| {
            list.split(',')
                .map(|s| match s.parse() {
                    Ok(TargetLevel::Exactly(level)) => level,
                    _ => panic!("a level such as easy, not {s}"),
                })
                .collect()
        },
    );
    let seeds: u64 = option("--seeds").and_then(|s| s.parse().ok()).unwrap_or(3);
    let out = PathBuf::from(
        option("--out").unwrap_or_else(|| format!("corpus/{}", genre_name.replace('-', "_"))),
    );
    std::fs::create_dir_all(&out).expect("create the corpus folder");
    for &level in &levels {
        for &shape in &sizes {
            for seed in 0..seeds {
                let request =
                    GenerateRequest::new(genre, Some(shape), TargetLevel::Exactly(level), seed);
                match ops::generate(&request, &mut Budget::new(5_000_000_000)) {
                    Ok(mut report) => {
                        // The deductions replay from the puzzle with /rate; the corpus keeps
                        // the level and the technique counts.
                        report.rating.deductions.clear();
                        let path = out.join(format!("{level}-{shape}-seed{seed}.json"));
                        let mut record = serde_json::to_value(&report).expect("serializable");
                        // The wall-clock time differs on every run; the rest of the record is
                        // the same for the same generator, so regenerating changes no file.
                        if let Some(stats) = record["stats"].as_object_mut() {
                            stats.remove("elapsed_ms");
                        }
                        let json = serde_json::to_string_pretty(&record).expect("serializable");
                        std::fs::write(&path, json + "\n").expect("write the corpus file");
                        println!("{}", path.display());
                    }
                    Err(error) => eprintln!("{genre_name} {level} {shape} seed {seed}: {error}"),
                }
            }
        }
    }
}
