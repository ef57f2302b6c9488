//! A cover is one page: bleed, back, spine and front, the spine from the page count by KDP's
//! formula; a book of 80 pages or more has its title on the spine.

use crate::reader::{structure, Book};
use crate::{book, written, THICK_COVER, THICK_INTERIOR, THIN_COVER};

#[test]
fn a_cover_is_back_spine_and_front_on_one_page_with_kdps_spine() {
    let pdf = book(THIN_COVER).unwrap();
    written("cover-24", &pdf);
    assert_eq!(structure::problems(&pdf), Vec::<String>::new());
    let cover = Book::new(&pdf);
    assert_eq!(cover.page_count(), 1);
    // 24 pages of white paper: 0.054048 in of spine; 6 in each side, 0.125 in of bleed.
    let width = (0.25 + 12.0 + 24.0 * 0.002252) * 72.0;
    let (w, h) = cover.page_size(1);
    assert!((w - width).abs() < 0.01, "{w} x {h}");
    assert!((h - 9.25 * 72.0).abs() < 0.01, "{w} x {h}");
    let trim_box = cover.page_box(1, "TrimBox").expect("a trim box");
    let bleed = 0.125 * 72.0;
    for (found, expected) in trim_box
        .iter()
        .zip([bleed, bleed, width - bleed, 9.125 * 72.0])
    {
        assert!(
            (found - expected).abs() < 0.01,
            "the trim box inside the bleed: {trim_box:?}"
        );
    }
    let text = cover.all_text();
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
    let thick = book(THICK_COVER).unwrap();
    written("cover-thick", &thick);
    let thick = Book::new(&thick);
    let text = thick.all_text();
    assert_eq!(
        text.matches("Kakurasu Puzzles").count(),
        2,
        "front and spine: {text}"
    );
    let interior = book(THICK_INTERIOR).unwrap();
    written("cover-thick-pages", &interior);
    let pages = Book::new(&interior).page_count() as f64;
    assert_eq!(pages, 120.0);
    let (w, h) = thick.page_size(1);
    assert!(
        (w - (0.25 + 12.0 + pages * 0.0025) * 72.0).abs() < 0.01,
        "cream paper: {w} x {h} for {pages} pages"
    );
}
