//! Second opinions from the tools a printer's prepress uses, on the books the Rust checks
//! read: `qpdf --check` on the structure, poppler (`pdfinfo`, `pdffonts`, `pdftotext`) reading
//! what the Rust reader reads (so a mistake of the reader shows here), Ghostscript's `inkcov`
//! on the inks. The tools come from Debian's qpdf, poppler-utils and ghostscript (.ci/run
//! installs them); a test whose tool is missing skips with one line (tests/common/skip.rs).

use std::path::Path;
use std::process::Command;

use crate::reader::Book;
use crate::{book, one_easy_puzzle_of_every_genre, written, SMALL_BOOK, THICK_COVER, THIN_COVER};

/// The tools, each with its Debian package: a test that needs one that is not installed
/// skips, saying which.
const QPDF: (&str, &str) = ("qpdf", "qpdf");
const PDFFONTS: (&str, &str) = ("pdffonts", "poppler-utils");
const PDFINFO: (&str, &str) = ("pdfinfo", "poppler-utils");
const PDFTOTEXT: (&str, &str) = ("pdftotext", "poppler-utils");
const GS: (&str, &str) = ("gs", "ghostscript");

/// A tool's standard output; a tool that fails fails the test with what it said.
fn run(tool: &str, args: &[&str]) -> String {
    let output = Command::new(tool)
        .args(args)
        .output()
        .unwrap_or_else(|error| panic!("{tool} could not be run: {error}"));
    assert!(
        output.status.success(),
        "{tool} {args:?} failed: {}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout).unwrap()
}

/// The books of every kind: a small interior, a sheet of each genre's puzzle, puzzles of
/// every genre in one book, a thin and a thick cover; each written to a file.
fn every_kind_of_book() -> Vec<(std::path::PathBuf, Vec<u8>)> {
    let mixed = serde_json::json!({"puzzles": one_easy_puzzle_of_every_genre()}).to_string();
    [
        ("second-opinion-book", SMALL_BOOK.to_string()),
        ("second-opinion-mixed", mixed),
        ("second-opinion-thin-cover", THIN_COVER.to_string()),
        ("second-opinion-thick-cover", THICK_COVER.to_string()),
    ]
    .into_iter()
    .map(|(name, json)| {
        let pdf = book(&json).unwrap();
        (written(name, &pdf), pdf)
    })
    .collect()
}

#[test]
fn qpdf_checks_every_kind_of_book() {
    if !crate::common::skip::tools(&[QPDF]) {
        return;
    }
    for (path, _) in every_kind_of_book() {
        run("qpdf", &["--check", path.to_str().unwrap()]);
    }
}

fn pdfinfo(path: &Path, field: &str) -> String {
    run("pdfinfo", &[path.to_str().unwrap()])
        .lines()
        .find_map(|line| line.strip_prefix(&format!("{field}:")))
        .unwrap_or_else(|| panic!("pdfinfo gives no {field}"))
        .trim()
        .to_string()
}

/// Poppler finds the page count and size, the fonts (embedded, subset) and the characters
/// the Rust reader finds.
#[test]
fn poppler_reads_what_the_rust_reader_reads() {
    if !crate::common::skip::tools(&[PDFINFO, PDFFONTS, PDFTOTEXT]) {
        return;
    }
    for (path, pdf) in every_kind_of_book() {
        let book = Book::new(&pdf);
        let file = path.to_str().unwrap();
        assert_eq!(
            pdfinfo(&path, "Pages"),
            book.page_count().to_string(),
            "{file}"
        );
        let size = pdfinfo(&path, "Page size");
        let (w, h) = book.page_size(1);
        let (pw, rest) = size.split_once(" x ").unwrap();
        let ph = rest.split_whitespace().next().unwrap();
        assert!(
            (pw.parse::<f64>().unwrap() - w).abs() < 0.01
                && (ph.parse::<f64>().unwrap() - h).abs() < 0.01,
            "{file}: pdfinfo {size}, the reader {w} x {h}"
        );
        let listed = run("pdffonts", &[file]);
        let mut poppler: Vec<String> = listed
            .lines()
            .skip(2)
            .map(|line| {
                let name = line.split_whitespace().next().unwrap();
                let flags = if line.contains(" yes yes ") {
                    "embedded subset"
                } else {
                    "?"
                };
                format!("{name} {flags}")
            })
            .collect();
        let mut ours: Vec<String> = book
            .fonts()
            .iter()
            .map(|font| {
                let flags = if font.embedded && font.subset {
                    "embedded subset"
                } else {
                    "?"
                };
                format!("{} {flags}", font.name)
            })
            .collect();
        poppler.sort();
        ours.sort();
        assert_eq!(poppler, ours, "{file}: {listed}");
        // The same characters: the two may break lines into words differently (an ID broken
        // across lines) and order the page's blocks differently, so those are not compared.
        let characters = |text: &str| {
            let mut characters: Vec<char> = text.chars().filter(|c| !c.is_whitespace()).collect();
            characters.sort_unstable();
            characters.into_iter().collect::<String>()
        };
        assert_eq!(
            characters(&run("pdftotext", &[file, "-"])),
            characters(&book.all_text()),
            "{file}"
        );
    }
}

/// Ghostscript's ink coverage of every page: no cyan, magenta or yellow.
#[test]
fn ghostscript_finds_no_cyan_magenta_or_yellow() {
    if !crate::common::skip::tools(&[GS]) {
        return;
    }
    for (path, pdf) in every_kind_of_book() {
        let coverage = run(
            "gs",
            // The PDF/A file's grays are ICC-based gray (one component); without
            // -dUseFastColor Ghostscript sends them through its ICC gray-to-CMYK link, which
            // gives a rich black (equal C, M, Y and K) for any one-component gray.
            &[
                "-q",
                "-dUseFastColor",
                "-o",
                "-",
                "-sDEVICE=inkcov",
                path.to_str().unwrap(),
            ],
        );
        let pages: Vec<&str> = coverage.lines().filter(|l| l.contains("CMYK")).collect();
        assert_eq!(pages.len(), Book::new(&pdf).page_count(), "{coverage}");
        for line in pages {
            let values: Vec<f64> = line
                .split_whitespace()
                .take(4)
                .map(|v| v.parse().unwrap())
                .collect();
            assert_eq!(&values[..3], &[0.0, 0.0, 0.0], "{}: {line}", path.display());
        }
    }
}
