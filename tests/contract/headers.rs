//! What the headers say: drawn seeds are not cached, seeded answers are and revalidate,
//! daily puzzles expire at midnight or never, and the negotiated answers: `/render` and a
//! batch answer JSON unless the SVG or NDJSON is asked for by name.

use serde_json::{json, Value};
use sumpuzzles::http::{AppState, ServerConfig};

use crate::common::{Client, Reply};

#[tokio::test]
async fn drawn_seeds_survive_a_javascript_number() {
    let service = Client::default_app();
    for _ in 0..20 {
        let reply = service
            .get("/generate?genre=kakurasu&shape=4x4&level=easy")
            .await;
        assert_eq!(reply.header("cache-control").as_deref(), Some("no-store"));
        assert_eq!(reply.header("etag"), None);
        let seed = reply.json()["seed"].as_u64().unwrap();
        assert!(seed < 1 << 53, "seed {seed} is beyond 2^53");
    }
}

#[tokio::test]
async fn seeded_answers_are_cacheable_and_revalidated() {
    let service = Client::default_app();
    let path = "/generate?genre=kakuro&shape=6x6&level=easy&seed=11";
    let first = service.get(path).await;
    assert_eq!(first.status, 200);
    assert_eq!(
        first.header("cache-control").as_deref(),
        Some("public, max-age=31536000")
    );
    let etag = first.header("etag").unwrap();
    assert!(etag.starts_with("W/\""), "{etag}");
    // The same puzzle by POST has the same validator; another seed another one.
    let posted = service.post(path).body(None, "").await;
    assert_eq!(posted.header("etag").as_ref(), Some(&etag));
    let other = service
        .get("/generate?genre=kakuro&shape=6x6&level=easy&seed=12")
        .await;
    assert_ne!(other.header("etag").as_ref(), Some(&etag));
    let bare = service.get(&format!("{path}&solution=false")).await;
    assert_ne!(bare.header("etag").as_ref(), Some(&etag));
    // A conditional GET that names it gets 304 and no body; a POST 412.
    let revalidated = service.get(path).header("if-none-match", &etag).await;
    assert_eq!(revalidated.status, 304);
    assert_eq!(revalidated.header("etag").as_ref(), Some(&etag));
    assert!(revalidated.body.is_empty());
    let conditional_post = service.post(path).header("if-none-match", &etag).await;
    assert_eq!(conditional_post.status, 412);
    // A validator of another puzzle gets the puzzle.
    let stale = service
        .get(path)
        .header("if-none-match", "W/\"something-else\"")
        .await;
    assert_eq!(stale.status, 200);
}

#[tokio::test]
async fn daily_puzzles_expire_at_midnight_or_never() {
    let service = Client::default_app();
    let past = service
        .get("/daily?genre=kakuro&shape=6x6&date=2024-02-29")
        .await;
    assert_eq!(past.status, 200);
    assert_eq!(
        past.header("cache-control").as_deref(),
        Some("public, max-age=31536000, immutable")
    );
    let past_etag = past.header("etag").unwrap();
    let past = past.json();
    assert_eq!(
        (past["date"].as_str(), past["seed"].as_u64()),
        (Some("2024-02-29"), Some(20_240_229))
    );

    let before = unix_now();
    let today = service.get("/daily?genre=kakuro&shape=6x6").await;
    let after = unix_now();
    let max_age: u64 = today
        .header("cache-control")
        .unwrap()
        .strip_prefix("public, max-age=")
        .expect("today's puzzle is public with a max-age")
        .parse()
        .unwrap();
    // Fresh until the next UTC midnight, counted from when the request was answered.
    let until_midnight = |now: u64| 86_400 - now % 86_400;
    assert!(
        (until_midnight(after)..=until_midnight(before)).contains(&max_age)
            || until_midnight(after) > until_midnight(before),
        "max-age {max_age}"
    );
    let today_etag = today.header("etag").unwrap();
    assert_ne!(today_etag, past_etag);
    let today = today.json();
    // Today named explicitly is the same puzzle with the same validator.
    let date = today["date"].as_str().unwrap().to_string();
    let explicit = service
        .get(&format!("/daily?genre=kakuro&shape=6x6&date={date}"))
        .await;
    assert_eq!(explicit.header("etag").as_ref(), Some(&today_etag));
    let revalidated = service
        .get("/daily?genre=kakuro&shape=6x6&date=2024-02-29")
        .header("if-none-match", &past_etag)
        .await;
    assert_eq!(revalidated.status, 304);
    for outside in ["1999-12-31", "2100-01-01", "2023-02-29"] {
        let reply = service
            .get(&format!("/daily?genre=kakuro&date={outside}"))
            .await;
        assert_eq!(reply.status, 422, "{outside}: {reply}");
    }
}

fn unix_now() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_secs()
}

/// A request to the application in process with exactly these headers (the test client
/// adds `Accept: */*` when a test names none, as reqwest does).
async fn bare(method: &str, path: &str, headers: &[(&str, &str)], body: &str) -> Reply {
    use tower::ServiceExt;
    let mut request = axum::http::Request::builder().method(method).uri(path);
    for (name, value) in headers {
        request = request.header(*name, *value);
    }
    let app = sumpuzzles::http::app(AppState::new(ServerConfig::default()));
    let response = app
        .oneshot(
            request
                .body(axum::body::Body::from(body.to_string()))
                .unwrap(),
        )
        .await
        .unwrap();
    let (parts, body) = response.into_parts();
    Reply {
        status: parts.status.as_u16(),
        headers: parts.headers,
        body: axum::body::to_bytes(body, usize::MAX)
            .await
            .unwrap()
            .to_vec(),
    }
}

#[tokio::test]
async fn render_answers_json_unless_the_drawing_itself_is_asked_for() {
    let service = Client::default_app();
    let id = "kakuro:3x3:DbAb/4.6.3.7";
    let body = json!({"id": id, "solution": true});
    let svg = service
        .post("/render")
        .header("accept", "image/svg+xml")
        .json(&body)
        .await;
    assert_eq!(svg.header("content-type").as_deref(), Some("image/svg+xml"));
    assert_eq!(svg.header("vary").as_deref(), Some("accept"));
    let svg = svg.text();
    assert!(svg.starts_with("<svg"), "{svg}");
    // JSON to `*/*` (the test client's default), to `application/json`, and to no `Accept`.
    let as_json = |reply: Reply| {
        assert_eq!(reply.status, 200, "{reply}");
        assert_eq!(
            reply.header("content-type").as_deref(),
            Some("application/json")
        );
        assert_eq!(reply.header("vary").as_deref(), Some("accept"));
        reply.json()["svg"].as_str().unwrap().to_string()
    };
    assert_eq!(as_json(service.post("/render").json(&body).await), svg);
    let named = service
        .post("/render")
        .header("accept", "application/json")
        .json(&body)
        .await;
    assert_eq!(as_json(named), svg);
    let headers = [("content-type", "application/json")];
    let unnamed = bare("POST", "/render", &headers, &body.to_string()).await;
    assert_eq!(as_json(unnamed), svg);
    // By ID with a GET, as an `<img src>`: a browser's image request names the SVG.
    let query = format!("/render?id={id}&solution=true");
    let image = "image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8";
    let by_get = service.get(&query).header("accept", image).await;
    assert_eq!(by_get.content_type(), "image/svg+xml");
    assert_eq!(by_get.text(), svg);
    let wildcard = service.get(&query).header("accept", "image/*").await;
    assert_eq!(wildcard.text(), svg);
    assert_eq!(as_json(service.get(&query).await), svg);
    assert_eq!(as_json(bare("GET", &query, &[], "").await), svg);
    // Its query string is checked as every other is.
    service
        .get("/render?id=kakuro:3x3:DbAb/4.6.3.7&size=9")
        .await
        .assert_problem(400, "bad-request");
    service
        .get("/render")
        .await
        .assert_problem(400, "bad-request");
}

#[tokio::test]
async fn a_batch_is_one_json_array_unless_ndjson_is_asked_for() {
    let service = Client::default_app();
    let path = "/generate/batch?genre=kakuro&shape=6x6&level=easy&seeds=3,1";
    let array = crate::batch_lines(&service.post(path).await);
    let seeds: Vec<&Value> = array.iter().map(|line| &line["seed"]).collect();
    assert_eq!(seeds, [&json!(3), &json!(1)]);
    let steady =
        |lines: Vec<Value>| -> Vec<Value> { lines.into_iter().map(crate::steady).collect() };
    let array = steady(array);
    let unnamed = bare("POST", path, &[], "").await;
    assert_eq!(steady(crate::batch_lines(&unnamed)), array);
    let lines = service
        .post(path)
        .header("accept", "application/x-ndjson")
        .await;
    assert_eq!(steady(crate::ndjson_lines(&lines)), array);
}
