//! Puzzle books as PDF (docs/print.md), checked with the tools a printer's prepress would use:
//! `qpdf --check`, `pdffonts` (every font embedded and subset), `pdfinfo` (page size and
//! count), pages rendered by `pdftoppm` (grid lines present, the ink inside the margins; kept
//! under target/print-artifacts/), Ghostscript's `inkcov` (no cyan, magenta or yellow). The
//! tools come from Debian's qpdf, poppler-utils and ghostscript (.ci/run installs them).
#![cfg(feature = "print")]

use std::path::{Path, PathBuf};
use std::process::Command;

use sumpuzzles::genres::GenreId;
use sumpuzzles::ops::{self, BookletRequest, Plan, ProblemDetails};
use sumpuzzles::{Budget, Error};

/// A small book: two easy 6x6 Kakuro.
const SMALL_BOOK: &str =
    r#"{"genre": "kakuro", "shape": "6x6", "level": "easy", "count": 2, "seed": 5}"#;

fn book(json: &str) -> Result<Vec<u8>, Error> {
    let request: BookletRequest = ops::from_json(json.as_bytes())?;
    let plan = request.plan()?;
    let reports = plan
        .batch
        .generations()
        .map(|generation| generation.run(&mut Budget::new(ops::LOCAL_GENERATE_BUDGET)))
        .collect::<Result<Vec<_>, Error>>()?;
    plan.print(&reports)
}

/// Where a test keeps its files, to be looked at after the run.
fn artifacts(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("target/print-artifacts")
        .join(name);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn written(name: &str, pdf: &[u8]) -> PathBuf {
    let path = artifacts(name).join(format!("{name}.pdf"));
    std::fs::write(&path, pdf).unwrap();
    path
}

/// A tool's standard output; a missing tool fails the test saying which package has it.
fn run(tool: &str, args: &[&str]) -> String {
    let output = Command::new(tool)
        .args(args)
        .output()
        .unwrap_or_else(|error| {
            panic!(
                "{tool} could not be run ({error}): apt-get install qpdf poppler-utils ghostscript"
            )
        });
    assert!(
        output.status.success(),
        "{tool} {args:?} failed: {}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout).unwrap()
}

fn info(path: &Path, field: &str) -> String {
    run("pdfinfo", &[path.to_str().unwrap()])
        .lines()
        .find_map(|line| line.strip_prefix(&format!("{field}:")))
        .unwrap_or_else(|| panic!("pdfinfo gives no {field}"))
        .trim()
        .to_string()
}

#[test]
fn a_book_passes_qpdf_embeds_subset_fonts_and_has_the_asked_size_and_pages() {
    let path = written("book-6x9", &book(SMALL_BOOK).unwrap());
    let file = path.to_str().unwrap();
    run("qpdf", &["--check", file]);
    let fonts = run("pdffonts", &[file]);
    let faces: Vec<&str> = fonts.lines().skip(2).collect();
    assert!(faces.len() >= 2, "the regular and bold faces: {fonts}");
    for face in faces {
        let name = face.split_whitespace().next().unwrap();
        assert!(
            name.len() > 7 && name.as_bytes()[6] == b'+',
            "a subset's name has a tag: {face}"
        );
        assert!(face.contains(" yes yes "), "embedded and subset: {face}");
    }
    assert_eq!(info(&path, "Page size"), "432 x 648 pts");
    // 2 front pages, the how-to-play page, 2 puzzles, 2 solutions (or 1), Notes up to 24.
    assert_eq!(info(&path, "Pages"), "24");
    let text = run("pdftotext", &[file, "-"]);
    for expected in ["How to play Kakuro", "Puzzle 2", "Solution", "Notes"] {
        assert!(text.contains(expected), "{expected}: {text}");
    }
}

#[test]
fn the_same_request_gives_the_same_bytes() {
    assert_eq!(book(SMALL_BOOK).unwrap(), book(SMALL_BOOK).unwrap());
}

#[test]
fn trims_and_sheets_give_the_page_size_and_count_asked() {
    for (json, size, pages) in [
        (
            r#"{"genre": "kakurasu", "shape": "4x4", "count": 4, "seed": 1, "format": "sheet", "trim": "letter"}"#,
            "612 x 792 pts (letter)",
            "1",
        ),
        (
            r#"{"genre": "kakurasu", "shape": "4x4", "count": 3, "seed": 1, "format": "sheet", "per_page": 2, "trim": "148x210mm"}"#,
            "419.528 x 595.276 pts",
            "2",
        ),
        (
            r#"{"genre": "kakurasu", "shape": "4x4", "seeds": [1], "format": "sheet", "trim": "a4", "solutions": true}"#,
            "595.276 x 841.89 pts (A4)",
            "2",
        ),
        (
            r#"{"genre": "kakurasu", "shape": "5x5", "count": 2, "seed": 1, "trim": "8.5x11", "per_page": 1, "large_print": true}"#,
            "612 x 792 pts (letter)",
            "24",
        ),
    ] {
        let pdf = book(json).unwrap();
        let path = written("trims", &pdf);
        assert_eq!(info(&path, "Page size"), size, "{json}");
        assert_eq!(info(&path, "Pages"), pages, "{json}");
    }
}

/// A page rendered in gray: its width, height and pixels (0 black to 255 white).
fn rendered(pdf: &Path, page: usize, dpi: u32, out: &str) -> (usize, usize, Vec<u8>) {
    let prefix = artifacts("pages").join(out);
    let page = page.to_string();
    let dpi = dpi.to_string();
    run(
        "pdftoppm",
        &[
            "-gray",
            "-r",
            &dpi,
            "-f",
            &page,
            "-l",
            &page,
            "-singlefile",
            pdf.to_str().unwrap(),
            prefix.to_str().unwrap(),
        ],
    );
    let bytes = std::fs::read(prefix.with_extension("pgm")).unwrap();
    // A binary PGM: "P5\n<w> <h>\n255\n" and the pixels.
    let mut fields = Vec::new();
    let mut at = 0;
    while fields.len() < 4 {
        while bytes[at].is_ascii_whitespace() {
            at += 1;
        }
        let start = at;
        while !bytes[at].is_ascii_whitespace() {
            at += 1;
        }
        fields.push(String::from_utf8_lossy(&bytes[start..at]).to_string());
    }
    let (w, h): (usize, usize) = (fields[1].parse().unwrap(), fields[2].parse().unwrap());
    (w, h, bytes[at + 1..].to_vec())
}

#[test]
fn rendered_pages_have_grid_lines_and_their_ink_inside_the_margins() {
    let path = written("margins", &book(SMALL_BOOK).unwrap());
    let dpi = 72;
    for page in 1..=24 {
        let (w, h, pixels) = rendered(&path, page, dpi, &format!("page-{page:02}"));
        let ink: Vec<(usize, usize)> = (0..h)
            .flat_map(|y| (0..w).map(move |x| (x, y)))
            .filter(|&(x, y)| pixels[y * w + x] < 200)
            .collect();
        if page == 1 || page >= 4 {
            assert!(!ink.is_empty(), "page {page} has ink");
        }
        let Some(left) = ink.iter().map(|p| p.0).min() else {
            continue;
        };
        let right = ink.iter().map(|p| p.0).max().unwrap();
        let top = ink.iter().map(|p| p.1).min().unwrap();
        let bottom = ink.iter().map(|p| p.1).max().unwrap();
        // 24 pages: a 0.375 in gutter (inside), 0.25 in at least outside, top and bottom.
        let (gutter, outside) = (27, 18);
        let (inner_left, inner_right) = if page % 2 == 1 {
            (gutter, outside)
        } else {
            (outside, gutter)
        };
        assert!(left + 1 >= inner_left, "page {page}: ink at x {left}");
        assert!(
            right < w - inner_right + 1,
            "page {page}: ink at x {right} of {w}"
        );
        assert!(top + 1 >= outside, "page {page}: ink at y {top}");
        assert!(
            bottom < h - outside + 1,
            "page {page}: ink at y {bottom} of {h}"
        );
    }
    // Page 4 holds puzzle 1: its grid's lines run across the grid.
    let (w, h, pixels) = rendered(&path, 4, 144, "puzzle-1");
    let long_rows = (0..h)
        .filter(|&y| {
            let dark = (0..w).filter(|&x| pixels[y * w + x] < 128).count();
            dark > w / 2
        })
        .count();
    assert!(
        long_rows >= 2,
        "the grid's top and bottom lines at least: {long_rows}"
    );
}

#[test]
fn ghostscript_finds_no_cyan_magenta_or_yellow() {
    let path = written("inkcov", &book(SMALL_BOOK).unwrap());
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
    assert_eq!(pages.len(), 24, "{coverage}");
    for line in pages {
        let values: Vec<f64> = line
            .split_whitespace()
            .take(4)
            .map(|v| v.parse().unwrap())
            .collect();
        assert_eq!(&values[..3], &[0.0, 0.0, 0.0], "{line}");
    }
}

#[test]
fn every_registered_genre_prints() {
    for &genre in GenreId::ALL {
        let json = format!(
            r#"{{"genre": "{}", "level": "easy", "count": 1, "seed": 2, "format": "sheet", "solutions": true}}"#,
            genre.name()
        );
        let pdf = book(&json).unwrap_or_else(|error| panic!("{json}: {error}"));
        let path = written(&format!("genre-{}", genre.name()), &pdf);
        run("qpdf", &["--check", path.to_str().unwrap()]);
        assert_eq!(info(&path, "Pages"), "2", "{json}");
    }
}

fn status(json: &str) -> u16 {
    let error = book(json).expect_err(json);
    ProblemDetails::from(&error).status
}

#[test]
fn bad_options_are_4xx_and_a_layout_too_small_names_the_largest_per_page() {
    let long_title = "t".repeat(201);
    for (json, expected) in [
        (
            r#"{"genre": "kakuro", "count": 1, "per_page": 3}"#.to_string(),
            422,
        ),
        (
            r#"{"genre": "kakuro", "count": 1, "trim": "huge"}"#.to_string(),
            400,
        ),
        (
            r#"{"genre": "kakuro", "count": 1, "trim": "20x30"}"#.to_string(),
            422,
        ),
        (
            r#"{"genre": "kakuro", "count": 1, "format": "poster"}"#.to_string(),
            400,
        ),
        (r#"{"genre": "kakuro", "count": 101}"#.to_string(), 422),
        (
            r#"{"genre": "kakuro", "count": 1, "solution": false}"#.to_string(),
            400,
        ),
        (
            format!(r#"{{"genre": "kakuro", "count": 1, "title": "{long_title}"}}"#),
            422,
        ),
    ] {
        assert_eq!(status(&json), expected, "{json}");
    }
    let too_small = r#"{"genre": "kakuro", "shape": "12x12", "level": "easy", "count": 1, "seed": 1, "per_page": 6}"#;
    let error = book(too_small).unwrap_err();
    let problem = ProblemDetails::from(&error);
    assert_eq!(problem.status, 422);
    assert!(
        problem.detail.contains("at least 7 pt") && problem.detail.contains("largest per_page"),
        "{}",
        problem.detail
    );
    let large = r#"{"genre": "kakuro", "shape": "12x12", "level": "easy", "count": 1, "seed": 1, "large_print": true}"#;
    let problem = ProblemDetails::from(&book(large).unwrap_err());
    assert!(problem.detail.contains("16 pt"), "{}", problem.detail);
}
