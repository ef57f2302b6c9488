//! What the pages show: rendered, their ink inside KDP's margins and a puzzle's grid lines
//! drawn; every paint and every pixel gray (a gray interior is printed with black ink alone);
//! a corpus puzzle's page the geometry of its SVG drawing.

use sumpuzzles::ops::{self, PuzzleSource, RenderRequest};
use sumpuzzles::Budget;

use crate::reader::content::Painted;
use crate::reader::Book;
use crate::{book, corpus_puzzle, written, SMALL_BOOK, THICK_COVER};

#[test]
fn rendered_pages_have_grid_lines_and_their_ink_inside_the_margins() {
    let pdf = book(SMALL_BOOK).unwrap();
    written("margins", &pdf);
    let book = Book::new(&pdf);
    let dpi = 72;
    for page in 1..=24 {
        let raster = book.rendered(page, dpi, &format!("page-{page:02}"));
        let (w, h) = (raster.width, raster.height);
        let ink: Vec<(usize, usize)> = (0..h)
            .flat_map(|y| (0..w).map(move |x| (x, y)))
            .filter(|&(x, y)| raster.gray(x, y) < 200)
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
    let raster = book.rendered(4, 144, "puzzle-1");
    let long_rows = (0..raster.height)
        .filter(|&y| {
            let dark = (0..raster.width)
                .filter(|&x| raster.gray(x, y) < 128)
                .count();
            dark > raster.width / 2
        })
        .count();
    assert!(
        long_rows >= 2,
        "the grid's top and bottom lines at least: {long_rows}"
    );
}

/// Gray only, in the file and on the page: every paint of every page is in a one-component
/// colour space (what Ghostscript's `inkcov` proves by finding no cyan, magenta or yellow),
/// and no rendered pixel has colour. For an interior and for a cover.
#[test]
fn every_paint_and_pixel_is_gray() {
    for (name, json) in [("gray-interior", SMALL_BOOK), ("gray-cover", THICK_COVER)] {
        let pdf = book(json).unwrap();
        written(name, &pdf);
        let book = Book::new(&pdf);
        for page in 1..=book.page_count() {
            let drawing = book.drawing(page);
            assert_eq!(drawing.warnings, Vec::<String>::new(), "{name} page {page}");
            let not_gray: Vec<&Painted> = drawing
                .paints
                .iter()
                .filter(|paint| **paint != Painted::Components(1))
                .collect();
            assert!(not_gray.is_empty(), "{name} page {page}: {not_gray:?}");
            let raster = book.rendered(page, 36, &format!("{name}-{page:02}"));
            let coloured = raster.coloured();
            assert!(
                coloured.is_empty(),
                "{name} page {page}: {} pixels with colour, the first {:?}",
                coloured.len(),
                coloured.first()
            );
        }
    }
}

/// The texts of an SVG drawing: (content, x, y) of each `<text>` (centred on x, baseline y).
fn svg_texts(svg: &str) -> Vec<(String, f64, f64)> {
    let document = roxmltree::Document::parse(svg).unwrap();
    document
        .descendants()
        .filter(|node| node.has_tag_name("text"))
        .map(|node| {
            let at = |name: &str| node.attribute(name).unwrap().parse::<f64>().unwrap();
            (node.text().unwrap_or("").to_string(), at("x"), at("y"))
        })
        .collect()
}

/// The least and the greatest of some numbers.
fn span(values: impl Iterator<Item = f64>) -> (f64, f64) {
    values.fold((f64::INFINITY, f64::NEG_INFINITY), |(min, max), value| {
        (min.min(value), max.max(value))
    })
}

/// A corpus Kakuro printed alone on a sheet is its SVG drawing, scaled: every sum of the SVG
/// is a word of the PDF page at the SVG's place (the middle of its advance, on its baseline)
/// under one scale and offset (fitted from the sums' extremes), and nothing else of the grid
/// is text.
#[test]
fn a_corpus_puzzles_page_has_its_svgs_geometry() {
    let puzzle = corpus_puzzle("kakuro", "hard-10x10-seed0.json");
    let id = puzzle["id"].as_str().unwrap();
    let json = format!(r#"{{"puzzles": ["{id}"], "format": "sheet", "per_page": 1}}"#);
    let pdf = book(&json).unwrap();
    written("geometry", &pdf);
    let render: RenderRequest = RenderRequest::from(PuzzleSource::id(id));
    let svg = ops::render(&render, &mut Budget::new(1_000_000)).unwrap();
    let texts = svg_texts(&svg);
    assert!(
        texts.len() > 20,
        "a 10x10 Kakuro has many sums: {}",
        texts.len()
    );
    let words = Book::new(&pdf).words(1);
    let is_number = |text: &str| text.chars().all(|c| c.is_ascii_digit());
    // The grid's words: the numbers below the caption (whose last line has letters).
    let grid_top = words
        .iter()
        .filter(|word| !is_number(&word.text))
        .map(|word| word.y)
        .fold(0.0, f64::max);
    let found: Vec<_> = words
        .into_iter()
        .filter(|word| word.y > grid_top && is_number(&word.text))
        .collect();
    assert_eq!(
        found.len(),
        texts.len(),
        "every SVG text is one word: {found:?}"
    );
    let (svg_x, pdf_x) = (
        span(texts.iter().map(|t| t.1)),
        span(found.iter().map(|w| w.x)),
    );
    let (svg_y, pdf_y) = (
        span(texts.iter().map(|t| t.2)),
        span(found.iter().map(|w| w.y)),
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
                .any(|w| &w.text == content && (w.x - px).abs() < 1.0 && (w.y - py).abs() < 1.0),
            "the SVG's {content} at ({x}, {y}) is not on the page at ({px:.1}, {py:.1})"
        );
    }
}
