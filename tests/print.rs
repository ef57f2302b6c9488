//! Puzzle books as PDF (docs/print.md), read back the way a printer's prepress would: the
//! file's structure (a cross-reference table that leads to every object, every stream
//! decoding), every font embedded and subset, the page sizes, counts and trim boxes, the text
//! and where it stands, every paint gray, and pages rasterised (grid lines present, the ink
//! inside the margins, no colour). The reading is done in Rust (`hayro`, tests/print/reader/),
//! so these checks run on any machine. The outside tools' own verdicts (`qpdf --check`,
//! poppler reading what the Rust reader reads, Ghostscript's `inkcov`) are second opinions in
//! tests/print/tools.rs: a test whose tool is missing skips with one line (tests/common/
//! skip.rs), and fails instead under SUMPUZZLES_NO_SKIPS (CI installs the tools).
#![cfg(feature = "print")]

mod common;

#[path = "print/cover.rs"]
mod cover;
#[path = "print/interior.rs"]
mod interior;
#[path = "print/options.rs"]
mod options;
#[path = "print/pages.rs"]
mod pages;
#[path = "print/reader/mod.rs"]
mod reader;
#[path = "print/tools.rs"]
mod tools;

use std::path::PathBuf;

use serde_json::Value;
use sumpuzzles::ops::{self, BookletRequest, ProblemDetails};
use sumpuzzles::Error;

/// A small book: two easy 6x6 Kakuro.
const SMALL_BOOK: &str =
    r#"{"genre": "kakuro", "shape": "6x6", "level": "easy", "count": 2, "seed": 5}"#;

/// A thin cover (24 pages of white paper, no spine text) and a thick one (120 pages of cream
/// paper, the title on its spine), with the interior the thick one wraps.
const THIN_COVER: &str = r#"{"genre": "kakurasu", "shape": "4x4", "level": "easy", "count": 2, "seed": 1, "cover": true, "author": "A. Setter"}"#;
const THICK_COVER: &str = r#"{"genre": "kakurasu", "shape": "4x4", "level": "easy", "count": 100, "seed": 1, "cover": true, "paper": "cream"}"#;
const THICK_INTERIOR: &str =
    r#"{"genre": "kakurasu", "shape": "4x4", "level": "easy", "count": 100, "seed": 1}"#;

fn book(json: &str) -> Result<Vec<u8>, Error> {
    let request: BookletRequest = ops::from_json(json.as_bytes())?;
    request.plan()?.run_all(ops::LOCAL_GENERATE_BUDGET)
}

/// The HTTP status a refused request gives.
fn status(json: &str) -> u16 {
    let error = book(json).expect_err(json);
    ProblemDetails::from(&error).status
}

/// Where a test keeps its files, to be looked at after the run.
fn artifacts(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("target/print-artifacts")
        .join(name);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The book written under target/print-artifacts/, for a person (or an outside tool) to read.
fn written(name: &str, pdf: &[u8]) -> PathBuf {
    let path = artifacts(name).join(format!("{name}.pdf"));
    std::fs::write(&path, pdf).unwrap();
    path
}

/// A corpus puzzle (with its ID), read from corpus/<genre>/<file>.
fn corpus_puzzle(genre: &str, file: &str) -> Value {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("corpus")
        .join(genre)
        .join(file);
    serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap()
}

/// The IDs of one easy corpus puzzle of every registered genre (the first by file name).
fn one_easy_puzzle_of_every_genre() -> Vec<String> {
    sumpuzzles::genres::GenreId::ALL
        .iter()
        .map(|genre| {
            let folder = genre.name().replace('-', "_");
            let file = std::fs::read_dir(
                PathBuf::from(env!("CARGO_MANIFEST_DIR"))
                    .join("corpus")
                    .join(&folder),
            )
            .unwrap()
            .map(|entry| entry.unwrap().file_name().into_string().unwrap())
            .filter(|name| name.starts_with("easy-"))
            .min()
            .unwrap();
            corpus_puzzle(&folder, &file)["id"]
                .as_str()
                .unwrap()
                .to_string()
        })
        .collect()
}
