//! puzz.link URLs for Kakuro: the issue's URL both ways, the corpus through URLs and back,
//! errors with their positions, arbitrary strings never panicking, and the HTTP service
//! taking `{"url": ...}` and answering `/generate` with one.

mod common;

use proptest::prelude::*;
use sumpuzzles::genres::kakuro::{puzzlink, Cell, Kakuro, Puzzle};
use sumpuzzles::genres::Formats;
use sumpuzzles::ops::{self, CheckOptions, CheckRequest, PuzzleSource};
use sumpuzzles::{Budget, Grid, InputErrorKind, Location, Shape};

/// The issue's example.
const ISSUE_URL: &str = "https://puzz.link/p?kakuro/6/5/Dclh4t9fl3-p-gl-alJeC3BgG";

/// The issue's URL worked out by hand from the format: the body's cells `Dc` (down 23, across
/// 12), `l` (2 white), `h4`, `t` (10 white), `9f`, `l`, `3-` (down 3, no across), `p` (6
/// white), `-g`, `l`, `-a`, `l`; then the down sums of the columns under white top cells
/// (`J` 29, `e` 14, `C` 22, `3`) and the across sums of the rows whose first cell is white
/// (`B` 21, `g` 16, `G` 26). Our grid adds the clue row and column that hold those.
const ISSUE_GRID: &str = "\
# # 29/ 14/ # 22/ 3/
# 23/12 . . 17/4 . .
/21 . . . . . .
/16 . . 9/15 . . 3/
/26 . . . . . .
# /16 . . /10 . .";

/// Each Kakuro corpus record's file name and ID.
fn corpus_ids() -> Vec<(String, String)> {
    common::corpus_records("kakuro")
        .into_iter()
        .map(|(name, record)| (name, record["id"].as_str().unwrap().to_string()))
        .collect()
}

#[test]
fn the_issue_url_round_trips_byte_for_byte() {
    let puzzle = Kakuro::parse_url(ISSUE_URL).unwrap();
    assert_eq!(Kakuro::to_url(&puzzle).as_deref(), Some(ISSUE_URL));
    let forms = ops::format(&PuzzleSource::url(ISSUE_URL).into()).unwrap();
    assert_eq!(forms.genre.name(), "kakuro");
    assert_eq!(forms.url.as_deref(), Some(ISSUE_URL));
}

#[test]
fn the_issue_url_is_the_grid_worked_out_by_hand_with_one_solution() {
    let from_url = Kakuro::parse_url(ISSUE_URL).unwrap();
    assert_eq!(from_url, Kakuro::parse_text(ISSUE_GRID).unwrap());

    let solved = ops::solve(
        &PuzzleSource::url(ISSUE_URL).into(),
        &mut Budget::new(10_000_000),
    )
    .unwrap();
    assert!(solved.unique && solved.complete, "{solved:?}");
    let solution = &solved.solutions[0];
    assert_eq!(
        solution,
        &["#######", "##39#31", "#645312", "#97#96#", "#862541", "##97#82"]
    );
    // The checker, not the solver, vouches for the sums.
    let checked = ops::check(&CheckRequest::new(
        PuzzleSource::text(None, ISSUE_GRID),
        CheckOptions {
            answer: solution.as_slice().into(),
            finish: None,
        },
    ))
    .unwrap();
    assert!(checked.solved, "{checked:?}");
}

#[test]
fn every_corpus_puzzle_goes_through_a_url_and_back() {
    let ids = corpus_ids();
    assert!(ids.len() >= 60, "only {} corpus puzzles", ids.len());
    for (name, id) in ids {
        let puzzle = Kakuro::parse_id(&id).unwrap();
        let url = puzzlink::to_url(&puzzle).unwrap_or_else(|e| panic!("{name}: {e}"));
        let back = Kakuro::parse_url(&url).unwrap_or_else(|e| panic!("{name}: {url}: {e}"));
        assert_eq!(back, puzzle, "{name}: {url}");
        assert_eq!(
            Kakuro::to_url(&back).as_deref(),
            Some(url.as_str()),
            "{name}"
        );
        assert_eq!(Kakuro::to_id(&back), id, "{name}");
    }
}

#[test]
fn the_forms_pzprjs_accepts_read_the_same() {
    let puzzle = Kakuro::parse_url(ISSUE_URL).unwrap();
    let body = "6/5/Dclh4t9fl3-p-gl-alJeC3BgG";
    for url in [
        format!("http://pzv.jp/p.html?kakuro/{body}"),
        format!("https://puzz.link/p.html?kakuro/{body}"),
        format!("http://puzz.link/p?kakuro/{body}/"),
        format!("https://puzz.link/p?kakuro_edit/{body}"),
        format!("https://puzz.link/p?kakuro_play/{body}"),
        format!("https://puzz.link/p?type=editor&kakuro/{body}"),
        format!("  {ISSUE_URL}\n"),
    ] {
        let read = Kakuro::parse_url(&url).unwrap_or_else(|e| panic!("{url}: {e}"));
        assert_eq!(read, puzzle, "{url}");
    }
    // A block without sums may be written '--' as well as '.'; '.' is what comes back.
    let dotted = "https://puzz.link/p?kakuro/2/2/.k-3k7";
    let dashed = "https://puzz.link/p?kakuro/2/2/--k-3k7";
    assert_eq!(
        Kakuro::parse_url(dashed).unwrap(),
        Kakuro::parse_url(dotted).unwrap()
    );
    assert_eq!(
        Kakuro::to_url(&Kakuro::parse_url(dashed).unwrap()).as_deref(),
        Some(dotted)
    );
}

#[test]
fn no_sum_and_a_sum_of_zero_differ() {
    // '-' is no sum; '0' is a sum of 0, which the relaxed rules take and no digits reach.
    let none = Kakuro::parse_url("https://puzz.link/p?kakuro/1/1/k-3/").unwrap();
    let zero = Kakuro::parse_url("https://puzz.link/p?kakuro/1/1/k03").unwrap();
    assert_eq!(
        none.cell(0, 1),
        Cell::Block {
            down: None,
            across: None
        }
    );
    assert_eq!(
        zero.cell(0, 1),
        Cell::Block {
            down: Some(0),
            across: None
        }
    );
    assert_eq!(
        Kakuro::to_url(&zero).as_deref(),
        Some("https://puzz.link/p?kakuro/1/1/k03")
    );
    let solved = ops::solve(
        &PuzzleSource::url("https://puzz.link/p?kakuro/1/1/k03").into(),
        &mut Budget::new(1000),
    )
    .unwrap();
    assert_eq!(solved.count, 0);
}

#[test]
fn malformed_urls_are_input_errors_at_their_position() {
    let url_error = |url: &str| {
        ops::format(&PuzzleSource::url(url).into())
            .map(|forms| panic!("{url} was read: {forms:?}"))
            .unwrap_err()
    };
    for (url, position, needle) in [
        (
            "https://puzz.link/p?kakuro/6/5",
            31,
            "expected '/' and the puzzle",
        ),
        ("https://puzz.link/p?kakuro/x/5/k", 28, "number of columns"),
        ("https://puzz.link/p?kakuro/6/0/k", 30, "number of rows"),
        (
            "https://puzz.link/p?kakuro/6/5/Dclh4t9fl3-p-gl-",
            48,
            "across sum of the block at row 5, col 4",
        ),
        (
            "https://puzz.link/p?kakuro/6/5/Dclh4t9fl3-p-gl-alJeC3Bg",
            56,
            "the across sum left of row 4",
        ),
        (
            "https://puzz.link/p?kakuro/6/5/Dclh4t9fl3-p-gl-alJeC3BgGG",
            57,
            "1 character too many",
        ),
        (
            "https://puzz.link/p?kakuro/6/5/Dclh4t9fl3-p-gl-alJeC3B!G",
            55,
            "found '!'",
        ),
        (
            "https://puzz.link/p?kakuro/6/5/Dclh4t9fl3-p-gl-z",
            48,
            "found 'z'",
        ),
        (
            "https://puzz.link/p?kakuro/6/5/Dclh4t9fl3-p-gl-ao",
            49,
            "'o' stands for 5 white cells but only 2",
        ),
        (
            "https://puzz.link/p?kakuro/6/5/Dclh4t9fl3-p-gl-al",
            50,
            "the down sum over column 2",
        ),
        ("https://puzz.link/p?kakuro/6/5/#", 32, "found '#'"),
        (
            "https://puzz.link/p?kakuro/6/5/",
            32,
            "the end of the board: it describes 0 of its 30 cells",
        ),
        (
            "https://puzz.link/p?kakuro/2/2/n4637/x",
            37,
            "unexpected '/'",
        ),
        ("https://puzz.link/p", 20, "expected '?'"),
    ] {
        let error = match url_error(url) {
            sumpuzzles::Error::Input(error) => error,
            other => panic!("{url}: {other:?}"),
        };
        assert_eq!(error.kind, InputErrorKind::Syntax, "{url}: {error}");
        assert_eq!(
            error.problems[0].at,
            Location::Url { position },
            "{url}: {error}"
        );
        assert!(error.to_string().contains(needle), "{url}: {error}");
    }

    // Well-formed URLs the service cannot take: 422s, not 400s.
    let limits = |url: &str| match url_error(url) {
        sumpuzzles::Error::Input(error) => {
            assert_eq!(error.kind, InputErrorKind::Limits, "{url}: {error}");
            error.to_string()
        }
        other => panic!("{url}: {other:?}"),
    };
    assert!(limits("https://puzz.link/p?slither/2/2/n").contains("unknown genre 'slither'"));
    assert!(limits("https://puzz.link/p?kakurasu/2/2/n")
        .contains("kakurasu puzzles have no puzz.link form"));
    assert!(limits("https://puzz.link/p?kakuro/600/5/z").contains("outside the limits"));
    // A URL that reads but breaks the structure rules: the same check as the text format.
    let structure = ops::format(&PuzzleSource::url("https://puzz.link/p?kakuro/2/2/n----").into());
    match structure {
        Err(sumpuzzles::Error::Input(error)) => {
            assert_eq!(error.kind, InputErrorKind::Structure, "{error}");
            assert!(error.to_string().contains("has no sum"), "{error}");
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn grids_puzz_link_cannot_show_say_why() {
    // White cells in the first column: the relaxed rules take them (a down run with its sum,
    // lone cells across), but puzz.link's clue column has no room for them.
    let white_edge = Kakuro::parse_text("3/ #\n. #\n. #").unwrap();
    assert_eq!(Kakuro::to_url(&white_edge), None);
    let error = puzzlink::to_url(&white_edge).unwrap_err();
    assert_eq!(error.kind, InputErrorKind::Limits);
    let places: Vec<_> = error.problems.iter().map(|p| p.at.clone()).collect();
    assert_eq!(
        places,
        [
            Location::Cell { row: 0, col: 0 },
            Location::Cell { row: 1, col: 0 },
            Location::Cell { row: 2, col: 0 }
        ]
    );
    assert!(
        error.to_string().contains("down sum 3 in the first row"),
        "{error}"
    );
    assert!(
        error.to_string().contains("white cell in the first column"),
        "{error}"
    );

    let forms = ops::format(&PuzzleSource::text(None, "# 4/ 60/\n/3 . .\n/7 . .").into()).unwrap();
    assert_eq!(forms.url, None);
    let json = serde_json::to_value(&forms).unwrap();
    assert!(json.get("url").is_none(), "{json}");
}

#[test]
fn files_and_bodies_name_a_puzzle_by_url() {
    let content = format!("{ISSUE_URL}\n");
    let source = PuzzleSource::from_content(&content, None).unwrap();
    assert_eq!(source, PuzzleSource::url(ISSUE_URL));

    let body =
        |json: serde_json::Value| ops::from_json::<PuzzleSource>(json.to_string().as_bytes());
    let source = body(serde_json::json!({ "url": ISSUE_URL })).unwrap();
    assert_eq!(source, PuzzleSource::url(ISSUE_URL));
    let wrong_genre = body(serde_json::json!({ "genre": "kakurasu", "url": ISSUE_URL })).unwrap();
    let error = wrong_genre.genre().unwrap_err();
    assert_eq!(error.problems[0].at, Location::Url { position: 21 });
    assert!(error.to_string().contains("not a kakurasu URL"), "{error}");
    let two = body(serde_json::json!({ "id": "kakuro:3x3:DbAb/4.6.3.7", "url": ISSUE_URL }));
    assert!(two.unwrap_err().to_string().contains("exactly one"));
}

/// Strings built from the pieces of URLs, so the reader gets past the envelope.
fn url_like() -> impl Strategy<Value = String> {
    let pieces = prop_oneof![
        Just("https://".to_string()),
        Just("http://".to_string()),
        Just("puzz.link/p".to_string()),
        Just("pzv.jp/p.html".to_string()),
        Just("?".to_string()),
        Just("kakuro".to_string()),
        Just("kakurasu".to_string()),
        Just("_edit".to_string()),
        Just("type=editor&".to_string()),
        Just("&".to_string()),
        Just("=".to_string()),
        Just("/".to_string()),
        Just(ISSUE_URL.to_string()),
        "[0-9]{1,4}",
        "[0-9a-zA-Z.-]{1,30}",
        any::<char>().prop_map(|c| c.to_string()),
    ];
    proptest::collection::vec(pieces, 0..24).prop_map(|parts| parts.concat())
}

/// A grid puzz.link can show: blocks along the top and left, and sums (0-45) only where a run
/// starts, so that nothing is dropped on the way back.
fn writable_grid() -> impl Strategy<Value = Puzzle> {
    (1usize..7, 1usize..7)
        .prop_flat_map(|(rows, cols)| {
            let cells = (rows + 1) * (cols + 1);
            (
                Just((rows + 1, cols + 1)),
                proptest::collection::vec(any::<bool>(), cells),
                proptest::collection::vec(proptest::option::of(0u16..=45), cells * 2),
            )
        })
        .prop_filter_map(
            "a structurally sound grid",
            |((rows, cols), white, sums)| {
                let is_white = |r: usize, c: usize| {
                    r > 0 && c > 0 && r < rows && c < cols && white[r * cols + c]
                };
                let mut grid = Grid::filled(Shape::new(rows, cols), Cell::BLOCK);
                for r in 0..rows {
                    for c in 0..cols {
                        let i = r * cols + c;
                        grid[(r, c)] = if is_white(r, c) {
                            Cell::White
                        } else {
                            Cell::Block {
                                down: sums[2 * i].filter(|_| is_white(r + 1, c)),
                                across: sums[2 * i + 1].filter(|_| is_white(r, c + 1)),
                            }
                        };
                    }
                }
                Puzzle::new(grid).ok()
            },
        )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    #[test]
    fn reading_a_url_never_panics(text in url_like()) {
        let _ = Kakuro::parse_url(&text);
        let _ = puzzlink::parse_url(&text);
        let _ = ops::format(&PuzzleSource::url(text.as_str()).into());
        let _ = ops::solve(&PuzzleSource::url(text.as_str()).into(), &mut Budget::new(20_000));
        if let Ok(source) = PuzzleSource::from_content(&text, None) {
            let _ = ops::format(&source.into());
        }
    }

    #[test]
    fn writable_grids_come_back_unchanged(puzzle in writable_grid()) {
        let url = puzzlink::to_url(&puzzle).unwrap();
        prop_assert_eq!(&puzzlink::parse_url(&url).unwrap(), &puzzle, "{}", url);
        // pzprjs's rule: a body ending in a sign gets a '/' after it.
        prop_assert!(url.ends_with(|c: char| c.is_ascii_alphanumeric() || c == '/'), "{}", url);
    }
}

#[cfg(feature = "server")]
mod http {
    use super::common::Client;
    use super::*;
    use serde_json::json;

    #[tokio::test]
    async fn solve_rate_and_check_take_a_url() {
        let server = Client::default_app();
        let body = server
            .post("/solve")
            .json(&json!({"url": ISSUE_URL}))
            .await
            .expect_json(200);
        assert_eq!(body["unique"], true);
        assert_eq!(body["solutions"][0][1], "##39#31");

        let body = server
            .post("/rate")
            .json(&json!({"url": ISSUE_URL}))
            .await
            .expect_json(200);
        assert_eq!(body["unique"], true);

        let answer = [
            "#######", "##39#31", "#645312", "#97#96#", "#862541", "##97#82",
        ];
        let body = server
            .post("/check")
            .json(&json!({"url": ISSUE_URL, "answer": answer}))
            .await
            .expect_json(200);
        assert_eq!(body["solved"], true);
    }

    #[tokio::test]
    async fn bad_urls_are_problems_with_the_position() {
        let server = Client::default_app();
        let body = server
            .post("/solve")
            .json(&json!({"url": "https://puzz.link/p?kakuro/6/5/Dclh4t9fl3-p-gl-alJeC3B!G"}))
            .await
            .expect_json(400);
        assert_eq!(
            body["problems"][0]["at"],
            json!({"kind": "url", "position": 55})
        );
        server
            .post("/solve")
            .json(&json!({"url": ISSUE_URL, "id": "kakuro:3x3:DbAb/4.6.3.7"}))
            .await
            .expect_json(400);
        server
            .post("/solve")
            .json(&json!({"url": "https://puzz.link/p?slither/2/2/n"}))
            .await
            .expect_json(422);
    }

    #[tokio::test]
    async fn generate_gives_a_url_that_reads_back_to_the_puzzle() {
        let server = Client::default_app();
        let body = server
            .get("/generate?genre=kakuro&shape=7x7&level=easy&seed=3")
            .await
            .expect_json(200);
        let url = body["url"].as_str().expect("a url");
        assert!(url.starts_with("https://puzz.link/p?kakuro/6/6/"), "{url}");
        let from_url = Kakuro::parse_url(url).unwrap();
        let from_id = Kakuro::parse_id(body["id"].as_str().unwrap()).unwrap();
        assert_eq!(from_url, from_id);

        let body = server
            .get("/generate?genre=kakurasu&shape=3x3&seed=3")
            .await
            .expect_json(200);
        assert!(body.get("url").is_none(), "{body}");
    }
}
