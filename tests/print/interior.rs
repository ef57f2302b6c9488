//! A book's interior as prepress reads it: a sound file, its fonts embedded as subsets, the
//! trim asked for, the page count KDP wants, the text where it belongs; for every trim, sheet
//! layout and genre, and for puzzles of every genre given in one book.

use sumpuzzles::genres::GenreId;

use crate::reader::{structure, Book};
use crate::{book, one_easy_puzzle_of_every_genre, written, SMALL_BOOK};

/// A size in points matches to a hundredth of a point (pdfinfo prints three decimals).
fn assert_size(found: (f64, f64), expected: (f64, f64), what: &str) {
    assert!(
        (found.0 - expected.0).abs() < 0.01 && (found.1 - expected.1).abs() < 0.01,
        "{what}: {found:?} pt, not {expected:?}"
    );
}

#[test]
fn a_book_is_sound_embeds_subset_fonts_and_has_the_asked_size_and_pages() {
    let pdf = book(SMALL_BOOK).unwrap();
    written("book-6x9", &pdf);
    assert_eq!(structure::problems(&pdf), Vec::<String>::new());
    let book = Book::new(&pdf);
    let fonts = book.fonts();
    assert!(fonts.len() >= 2, "the regular and bold faces: {fonts:?}");
    for font in &fonts {
        assert!(
            font.embedded && font.subset,
            "embedded and subset: {font:?}"
        );
    }
    // 2 front pages, the how-to-play page, 2 puzzles, 2 solutions (or 1), Notes up to 24.
    assert_eq!(book.page_count(), 24);
    for page in 1..=24 {
        assert_size(
            book.page_size(page),
            (432.0, 648.0),
            &format!("page {page}"),
        );
    }
    let text = book.all_text();
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
            (612.0, 792.0),
            1,
        ),
        (
            r#"{"genre": "kakurasu", "shape": "4x4", "count": 3, "seed": 1, "format": "sheet", "per_page": 2, "trim": "148x210mm"}"#,
            (419.528, 595.276),
            2,
        ),
        (
            r#"{"genre": "kakurasu", "shape": "4x4", "seeds": [1], "format": "sheet", "trim": "a4", "solutions": true}"#,
            (595.276, 841.89),
            2,
        ),
        (
            r#"{"genre": "kakurasu", "shape": "5x5", "count": 2, "seed": 1, "trim": "8.5x11", "per_page": 1, "large_print": true}"#,
            (612.0, 792.0),
            24,
        ),
    ] {
        let pdf = book(json).unwrap();
        written("trims", &pdf);
        let book = Book::new(&pdf);
        assert_eq!(book.page_count(), pages, "{json}");
        for page in 1..=pages {
            assert_size(book.page_size(page), size, json);
        }
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
        written(&format!("genre-{}", genre.name()), &pdf);
        assert_eq!(structure::problems(&pdf), Vec::<String>::new(), "{json}");
        let book = Book::new(&pdf);
        assert_eq!(book.page_count(), 2, "{json}");
        for page in 1..=2 {
            assert_eq!(book.drawing(page).warnings, Vec::<String>::new(), "{json}");
        }
    }
}

#[test]
fn given_puzzles_of_several_genres_make_one_book() {
    let ids = one_easy_puzzle_of_every_genre();
    let json = serde_json::json!({"puzzles": ids, "title": "Mixed"}).to_string();
    let pdf = book(&json).unwrap();
    written("mixed", &pdf);
    assert_eq!(structure::problems(&pdf), Vec::<String>::new());
    let text = Book::new(&pdf).all_text();
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
