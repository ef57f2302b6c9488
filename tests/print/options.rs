//! Options a book cannot be made with: each refused with its status, and a layout whose text
//! would be too small names the limit and the largest `per_page` that fits.

use sumpuzzles::ops::ProblemDetails;

use crate::{book, status};

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
        (
            r#"{"genre": "kakuro", "count": 1, "cover": true, "format": "sheet"}"#.to_string(),
            400,
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
