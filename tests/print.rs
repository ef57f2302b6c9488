//! Puzzle books as PDF (docs/print.md), checked with the tools a printer's prepress would use:
//! `qpdf --check`, `pdffonts` (every font embedded and subset), `pdfinfo` (page size and
//! count), pages rendered by `pdftoppm` (grid lines present, the ink inside the margins; kept
//! under target/print-artifacts/), Ghostscript's `inkcov` (no cyan, magenta or yellow). The
//! tools come from Debian's qpdf, poppler-utils and ghostscript (.ci/run installs them); a
//! test whose tool is missing skips with one line, and fails instead under SUMPUZZLES_NO_SKIPS.
#![cfg(feature = "print")]

mod common;

use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::Value;
use sumpuzzles::genres::GenreId;
use sumpuzzles::ops::{self, BookletRequest, ProblemDetails, PuzzleSource, RenderRequest};
use sumpuzzles::{Budget, Error};

/// The prepress tools the checks below read the PDFs with, each with its Debian package: a
/// test that needs one that is not installed skips, saying which (tests/common/skip.rs).
const QPDF: (&str, &str) = ("qpdf", "qpdf");
const PDFFONTS: (&str, &str) = ("pdffonts", "poppler-utils");
const PDFINFO: (&str, &str) = ("pdfinfo", "poppler-utils");
const PDFTOTEXT: (&str, &str) = ("pdftotext", "poppler-utils");
const PDFTOPPM: (&str, &str) = ("pdftoppm", "poppler-utils");
const GS: (&str, &str) = ("gs", "ghostscript");

/// A small book: two easy 6x6 Kakuro.
const SMALL_BOOK: &str =
    r#"{"genre": "kakuro", "shape": "6x6", "level": "easy", "count": 2, "seed": 5}"#;

fn book(json: &str) -> Result<Vec<u8>, Error> {
    let request: BookletRequest = ops::from_json(json.as_bytes())?;
    request.plan()?.run_all(ops::LOCAL_GENERATE_BUDGET)
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
    if !common::skip::tools(&[QPDF, PDFFONTS, PDFINFO, PDFTOTEXT]) {
        return;
    }
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
    if !common::skip::tools(&[PDFINFO]) {
        return;
    }
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
    if !common::skip::tools(&[PDFTOPPM]) {
        return;
    }
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
    if !common::skip::tools(&[GS]) {
        return;
    }
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
    if !common::skip::tools(&[QPDF, PDFINFO]) {
        return;
    }
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
        (
            r#"{"genre": "kakuro", "count": 1, "paper": "gold"}"#.to_string(),
            400,
        ),
        (
            r#"{"puzzles": ["kakuro:3x3:DbAb/4.6.3.7"], "shape": "6x6"}"#.to_string(),
            400,
        ),
        (
            r#"{"puzzles": ["kakuro:3x3:DbAb/4.6.3.7", "kakuro:3x3:DbAb/4.6.3.8"]}"#.to_string(),
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

/// A corpus puzzle (with its ID), read from corpus/<genre>/<file>.
fn corpus_puzzle(genre: &str, file: &str) -> Value {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("corpus")
        .join(genre)
        .join(file);
    serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap()
}

/// The words of a PDF's first page with their boxes, as `pdftotext -bbox` gives them:
/// (text, centre x, centre y, height), in points from the top left.
fn words(pdf: &Path) -> Vec<(String, f32, f32, f32)> {
    let html = run(
        "pdftotext",
        &["-bbox", "-f", "1", "-l", "1", pdf.to_str().unwrap(), "-"],
    );
    html.lines()
        .filter_map(|line| {
            let line = line.trim();
            let rest = line.strip_prefix("<word ")?;
            let number = |name: &str| -> f32 {
                let start = rest.find(&format!("{name}=\"")).unwrap() + name.len() + 2;
                let end = start + rest[start..].find('"').unwrap();
                rest[start..end].parse().unwrap()
            };
            let text = &rest[rest.find('>')? + 1..rest.find("</word>")?];
            let (x0, y0, x1, y1) = (
                number("xMin"),
                number("yMin"),
                number("xMax"),
                number("yMax"),
            );
            Some((text.to_string(), (x0 + x1) / 2.0, (y0 + y1) / 2.0, y1 - y0))
        })
        .collect()
}

/// The texts of an SVG drawing: (content, x, y) of each `<text>` (centred on x, baseline y).
fn svg_texts(svg: &str) -> Vec<(String, f32, f32)> {
    let document = roxmltree::Document::parse(svg).unwrap();
    document
        .descendants()
        .filter(|node| node.has_tag_name("text"))
        .map(|node| {
            let at = |name: &str| node.attribute(name).unwrap().parse::<f32>().unwrap();
            (node.text().unwrap_or("").to_string(), at("x"), at("y"))
        })
        .collect()
}

/// A corpus Kakuro printed alone on a sheet is its SVG drawing, scaled: every sum of the SVG
/// is a word of the PDF page at the SVG's place under one scale and offset (fitted from the
/// sums' extremes), and nothing else of the grid is text.
#[test]
fn a_corpus_puzzles_page_has_its_svgs_geometry() {
    if !common::skip::tools(&[PDFTOTEXT]) {
        return;
    }
    let puzzle = corpus_puzzle("kakuro", "hard-10x10-seed0.json");
    let id = puzzle["id"].as_str().unwrap();
    let json = format!(r#"{{"puzzles": ["{id}"], "format": "sheet", "per_page": 1}}"#);
    let path = written("geometry", &book(&json).unwrap());
    let render: RenderRequest = RenderRequest::from(PuzzleSource::id(id));
    let svg = ops::render(&render, &mut Budget::new(1_000_000)).unwrap();
    let texts = svg_texts(&svg);
    assert!(
        texts.len() > 20,
        "a 10x10 Kakuro has many sums: {}",
        texts.len()
    );
    // The grid's words: the numbers below the caption (whose last line has letters).
    let grid_top = words(&path)
        .iter()
        .filter(|word| !word.0.chars().all(|c| c.is_ascii_digit()))
        .map(|word| word.2)
        .fold(0.0f32, f32::max);
    let found: Vec<(String, f32, f32, f32)> = words(&path)
        .into_iter()
        .filter(|word| word.2 > grid_top && word.0.chars().all(|c| c.is_ascii_digit()))
        .collect();
    assert_eq!(
        found.len(),
        texts.len(),
        "every SVG text is one word: {found:?}"
    );
    let span = |values: &[f32]| {
        let min = values.iter().copied().fold(f32::INFINITY, f32::min);
        let max = values.iter().copied().fold(f32::NEG_INFINITY, f32::max);
        (min, max)
    };
    let (svg_x, pdf_x) = (
        span(&texts.iter().map(|t| t.1).collect::<Vec<_>>()),
        span(&found.iter().map(|w| w.1).collect::<Vec<_>>()),
    );
    let (svg_y, pdf_y) = (
        span(&texts.iter().map(|t| t.2).collect::<Vec<_>>()),
        span(&found.iter().map(|w| w.2).collect::<Vec<_>>()),
    );
    let scale = (pdf_x.1 - pdf_x.0) / (svg_x.1 - svg_x.0);
    let scale_y = (pdf_y.1 - pdf_y.0) / (svg_y.1 - svg_y.0);
    assert!(
        (scale - scale_y).abs() < 0.01 * scale,
        "one scale both ways: {scale} and {scale_y}"
    );
    for (content, x, y) in &texts {
        let (px, py) = (
            pdf_x.0 + (x - svg_x.0) * scale,
            pdf_y.0 + (y - svg_y.0) * scale,
        );
        assert!(
            found
                .iter()
                .any(|w| &w.0 == content && (w.1 - px).abs() < 1.0 && (w.2 - py).abs() < 1.0),
            "the SVG's {content} at ({x}, {y}) is not on the page at ({px:.1}, {py:.1})"
        );
    }
}

#[test]
fn given_puzzles_of_several_genres_make_one_book() {
    if !common::skip::tools(&[QPDF, PDFTOTEXT]) {
        return;
    }
    let ids: Vec<String> = GenreId::ALL
        .iter()
        .map(|genre| {
            let file = std::fs::read_dir(
                PathBuf::from(env!("CARGO_MANIFEST_DIR"))
                    .join("corpus")
                    .join(genre.name().replace('-', "_")),
            )
            .unwrap()
            .map(|entry| entry.unwrap().file_name().into_string().unwrap())
            .filter(|name| name.starts_with("easy-"))
            .min()
            .unwrap();
            corpus_puzzle(&genre.name().replace('-', "_"), &file)["id"]
                .as_str()
                .unwrap()
                .to_string()
        })
        .collect();
    let json = serde_json::json!({"puzzles": ids, "title": "Mixed"}).to_string();
    let path = written("mixed", &book(&json).unwrap());
    run("qpdf", &["--check", path.to_str().unwrap()]);
    let text = run("pdftotext", &[path.to_str().unwrap(), "-"]);
    for genre in GenreId::ALL {
        let title = sumpuzzles::ops::genres()
            .into_iter()
            .find(|info| info.name == *genre)
            .unwrap()
            .title;
        assert!(
            text.contains(&format!("How to play {title}")),
            "{title}: {text}"
        );
    }
    // An ID longer than a line is broken across lines.
    let joined: String = text.split_whitespace().collect();
    for id in &ids {
        assert!(joined.contains(id.as_str()), "{id}");
    }
}

/// A cover is one page: bleed, back, spine and front, the spine from the page count by KDP's
/// formula; a book of 80 pages or more has its title on the spine.
#[test]
fn a_cover_is_back_spine_and_front_on_one_page_with_kdps_spine() {
    if !common::skip::tools(&[QPDF, PDFINFO, PDFTOTEXT, GS]) {
        return;
    }
    let small = book(
        r#"{"genre": "kakurasu", "shape": "4x4", "level": "easy", "count": 2, "seed": 1, "cover": true, "author": "A. Setter"}"#,
    )
    .unwrap();
    let path = written("cover-24", &small);
    run("qpdf", &["--check", path.to_str().unwrap()]);
    assert_eq!(info(&path, "Pages"), "1");
    // 24 pages of white paper: 0.054048 in of spine; 6 in each side, 0.125 in of bleed.
    let width = (0.25 + 12.0 + 24.0 * 0.002252) * 72.0;
    let size = info(&path, "Page size");
    let (w, h) = size.split_once(" x ").unwrap();
    let h = h.split_whitespace().next().unwrap();
    assert!((w.parse::<f32>().unwrap() - width).abs() < 0.01, "{size}");
    assert!(
        (h.parse::<f32>().unwrap() - 9.25 * 72.0).abs() < 0.01,
        "{size}"
    );
    let boxes = run("pdfinfo", &["-box", path.to_str().unwrap()]);
    let trim_box: Vec<f32> = boxes
        .lines()
        .find_map(|line| line.strip_prefix("TrimBox:"))
        .expect("a trim box")
        .split_whitespace()
        .map(|n| n.parse().unwrap())
        .collect();
    let bleed = 0.125 * 72.0;
    for (found, expected) in trim_box
        .iter()
        .zip([bleed, bleed, width - bleed, 9.125 * 72.0])
    {
        assert!(
            (found - expected).abs() < 0.01,
            "the trim box inside the bleed: {boxes}"
        );
    }
    let text = run("pdftotext", &[path.to_str().unwrap(), "-"]);
    assert!(
        text.contains("A. Setter") && text.contains("How to play Kakurasu"),
        "{text}"
    );
    assert_eq!(
        text.matches("Kakurasu Puzzles").count(),
        1,
        "no spine text under 80 pages"
    );
    // 100 puzzles a page each, their solutions 6 a page, front matter: 120 pages, a spine of
    // 0.3 in on cream paper, which holds the title.
    let thick = book(
        r#"{"genre": "kakurasu", "shape": "4x4", "level": "easy", "count": 100, "seed": 1, "cover": true, "paper": "cream"}"#,
    )
    .unwrap();
    let path = written("cover-thick", &thick);
    let text = run("pdftotext", &[path.to_str().unwrap(), "-"]);
    assert_eq!(
        text.matches("Kakurasu Puzzles").count(),
        2,
        "front and spine: {text}"
    );
    let pages = {
        let interior = book(
            r#"{"genre": "kakurasu", "shape": "4x4", "level": "easy", "count": 100, "seed": 1}"#,
        )
        .unwrap();
        let interior_path = written("cover-thick-pages", &interior);
        info(&interior_path, "Pages").parse::<f32>().unwrap()
    };
    assert_eq!(pages, 120.0);
    let size = info(&path, "Page size");
    let w: f32 = size.split_once(" x ").unwrap().0.parse().unwrap();
    assert!(
        (w - (0.25 + 12.0 + pages * 0.0025) * 72.0).abs() < 0.01,
        "cream paper: {size} for {pages} pages"
    );
    let gray = run(
        "gs",
        &[
            "-q",
            "-dUseFastColor",
            "-o",
            "-",
            "-sDEVICE=inkcov",
            path.to_str().unwrap(),
        ],
    );
    let values: Vec<f64> = gray
        .split_whitespace()
        .take(4)
        .map(|v| v.parse().unwrap())
        .collect();
    assert_eq!(&values[..3], &[0.0, 0.0, 0.0], "{gray}");
    assert!(status(r#"{"genre": "kakuro", "count": 1, "cover": true, "format": "sheet"}"#) == 400);
}
