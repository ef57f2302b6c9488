//! `/booklet` through the router: a PDF from a batch's parameters or from puzzles given, in
//! the query string or a JSON body, and bad options refused with problem details that name
//! the field (the PDF itself is checked by tests/print.rs; the slot, the disconnect and the
//! deadline by tests/edge/booklets.rs).

use serde_json::json;

use crate::common::Client;

/// Two easy 6x6 Kakuro from seed 5.
const SMALL: &str = "/booklet?genre=kakuro&shape=6x6&level=easy&count=2&seed=5";

fn is_pdf(body: &[u8]) -> bool {
    body.starts_with(b"%PDF-") && body.windows(5).any(|w| w == b"%%EOF")
}

#[tokio::test]
async fn a_booklet_is_a_pdf_the_same_from_a_query_string_or_a_body() {
    let service = Client::default_app();
    let queried = service.post(SMALL).body(None, "").await;
    assert_eq!(queried.status, 200, "{queried}");
    assert_eq!(queried.content_type(), "application/pdf");
    assert_eq!(
        queried.header("content-disposition").as_deref(),
        Some("inline; filename=\"booklet.pdf\"")
    );
    assert!(is_pdf(&queried.body));
    let body = json!({"genre": "kakuro", "shape": "6x6", "level": "easy", "count": 2, "seed": 5});
    let posted = service.post("/booklet").json(&body).await;
    assert_eq!(posted.status, 200, "{posted}");
    assert_eq!(
        posted.body, queried.body,
        "the same request gives the same bytes"
    );
    // The body's fields win over the query string's.
    let both = service
        .post("/booklet?genre=kakurasu&count=1")
        .json(&body)
        .await;
    assert_eq!(both.body, queried.body);
}

#[tokio::test]
async fn given_puzzles_print_from_ids_in_the_query_or_sources_in_the_body() {
    let service = Client::default_app();
    let ids = "kakuro:3x3:DbAb/4.6.3.7,kakurasu:3x5:8.12.3/0.0.6.2.3";
    let sheet = service
        .post(&format!(
            "/booklet?puzzles={ids}&format=sheet&solutions=true"
        ))
        .body(None, "")
        .await;
    assert_eq!(sheet.status, 200, "{sheet}");
    assert!(is_pdf(&sheet.body));
    let repeated = service
        .post("/booklet?puzzles=kakuro:3x3:DbAb/4.6.3.7&puzzles=kakurasu:3x5:8.12.3/0.0.6.2.3&format=sheet&solutions=true")
        .body(None, "")
        .await;
    assert_eq!(repeated.body, sheet.body);
    let sources = json!({
        "puzzles": [
            {"id": "kakuro:3x3:DbAb/4.6.3.7"},
            {"genre": "kakurasu", "id": "kakurasu:3x5:8.12.3/0.0.6.2.3"},
        ],
        "format": "sheet",
        "solutions": true,
    });
    let posted = service.post("/booklet").json(&sources).await;
    assert_eq!(posted.status, 200, "{posted}");
    assert!(is_pdf(&posted.body));
}

#[tokio::test]
async fn bad_options_are_problems_naming_the_field() {
    let service = Client::default_app();
    for (query, status, field) in [
        ("genre=kakuro&count=1&per_page=3", 422, "per_page"),
        ("genre=kakuro&count=1&trim=huge", 400, "trim"),
        ("genre=kakuro&count=1&trim=20x30", 422, "trim"),
        ("genre=kakuro&count=1&format=poster", 400, "format"),
        ("genre=kakuro&count=1&paper=gold", 400, "paper"),
        ("genre=kakuro&count=101", 422, "count"),
        ("genre=kakuro&count=1&solution=false", 400, "solution"),
        ("genre=kakuro&count=1&cover=true&format=sheet", 400, "cover"),
        ("genre=kakuro&count=1&size=3", 400, "size"),
        ("puzzles=kakuro:3x3:DbAb/4.6.3.7&genre=kakuro", 400, "genre"),
        ("count=1", 400, "genre"),
    ] {
        let answer = service
            .post(&format!("/booklet?{query}"))
            .body(None, "")
            .await;
        let problem = answer.assert_problem_detail(status, field);
        assert_eq!(problem["status"], status, "{query}");
    }
    // A given puzzle without exactly one solution: the problem names it.
    let two = json!({"puzzles": ["kakuro:3x3:DbAb/4.6.3.7", {"genre": "kakuro", "text": "# 3/ 3/\n/3 . .\n/3 . ."}]});
    let answer = service.post("/booklet").json(&two).await;
    answer.assert_problem_detail(422, "puzzle 2");
    // A layout whose text would be too small names the largest per_page that fits.
    let small = "/booklet?genre=kakuro&shape=12x12&level=easy&count=1&seed=1&per_page=6";
    let answer = service.post(small).body(None, "").await;
    answer.assert_problem_detail(422, "largest per_page");
    // A puzzle that runs out of its budget fails the book with its problem.
    let tight = "/booklet?genre=kakuro&shape=10x10&level=hard&count=2&seed=1&budget=100";
    service
        .post(tight)
        .body(None, "")
        .await
        .assert_problem(422, "budget-exhausted");
    assert_eq!(service.get(SMALL).await.status, 405);
}

/// Each puzzle of a book has at most the request deadline, the book the request deadline and a
/// tenth of it per puzzle (with a 1 s request deadline, 11 s for 100 puzzles): a puzzle that
/// does not finish in time fails the book with a 504 naming it.
#[tokio::test]
async fn a_puzzle_past_its_deadline_fails_the_book_naming_it() {
    // A deadline no 32x32 expert generation meets on any machine (its layout and fill alone
    // take longer), rather than one a faster generator might meet.
    let service = Client::app(sumpuzzles::http::ServerConfig {
        deadline: std::time::Duration::from_millis(20),
        ..sumpuzzles::http::ServerConfig::default()
    });
    let heavy = "/booklet?genre=kakuro&shape=32x32&level=expert&count=100&seed=1000";
    let answer = service.post(heavy).body(None, "").await;
    let problem = answer.assert_problem(504, "deadline-exceeded");
    let detail = problem["detail"].as_str().unwrap();
    assert!(
        detail.starts_with(
            "puzzle 1 (seed 1000) did not finish within its deadline (at most 20 ms a puzzle, \
             220 ms for the book)"
        ),
        "{detail}"
    );
}
