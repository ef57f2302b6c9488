//! API keys: required for the puzzle operations when the server says so, with their own
//! allowance; sent as headers, so through the router.

use serde_json::json;
use sumpuzzles::http::clients::{ApiKeys, KeyEntry};
use sumpuzzles::http::ServerConfig;

use crate::common::server::api_key;
use crate::common::Client;
use crate::heavy_grid;

#[tokio::test]
async fn api_keys_when_required_and_their_allowance() {
    let server = Client::app(ServerConfig {
        api_keys: ApiKeys {
            entries: vec![KeyEntry {
                work_ms: Some(100_000),
                budget: Some(5_000),
                ..api_key("publisher-0123456789", "publisher")
            }],
            required: true,
        },
        ..ServerConfig::default()
    });
    let solve = json!({"id": "kakuro:3x3:DbAb/4.6.3.7"});
    let missing = server.post("/solve").json(&solve).await;
    missing.assert_problem_detail(401, "API key");
    assert_eq!(
        missing.header("www-authenticate").as_deref(),
        Some("Bearer")
    );
    server
        .post("/solve")
        .header("x-api-key", "not-a-key-we-know")
        .json(&solve)
        .await
        .assert_problem_detail(403, "not one this server knows");
    let bearer = "Bearer publisher-0123456789";
    let with_key = |body| {
        server
            .post("/solve")
            .header("authorization", bearer)
            .json(body)
    };
    assert_eq!(with_key(&solve).await.status, 200);
    // The key's budget is its allowance.
    let heavy = json!({"genre": "kakuro", "puzzle": heavy_grid()});
    let answer = with_key(&heavy).await;
    assert_eq!(answer.json()["budget"], 5_000, "{answer:?}");
    // The service endpoints need no key.
    assert_eq!(server.get("/genres").await.status, 200);
}

#[tokio::test]
async fn key_guessing_is_throttled_per_address_and_an_unknown_key_is_still_a_403() {
    let mut config = ServerConfig {
        api_keys: ApiKeys {
            entries: vec![api_key("publisher-0123456789", "publisher")],
            required: true,
        },
        ..ServerConfig::default()
    };
    // Addresses named by a trusted proxy, as the router's requests come from 127.0.0.1.
    config.clients.trusted_proxies = sumpuzzles::http::clients::parse_ranges("127.0.0.1").unwrap();
    let state = sumpuzzles::http::AppState::new(config);
    let server = Client::of_state(state.clone());
    let admin = Client::admin_of_state(state);
    let failures = "sumpuzzles_api_key_failures_total";
    let forbidden_before = admin.metric(failures, "outcome=\"forbidden\"").await;
    let throttled_before = admin.metric(failures, "outcome=\"throttled\"").await;
    let solve = json!({"id": "kakuro:3x3:DbAb/4.6.3.7"});
    let guess = |from: &'static str, key: String| {
        server
            .post("/solve")
            .header("x-forwarded-for", from)
            .header("x-api-key", &key)
            .json(&solve)
    };
    // The guesser sent 183,500 in 5 s, all 403. Now a few are 403, then 429.
    let mut statuses = Vec::new();
    for n in 0..50 {
        statuses.push(guess("203.0.113.9", format!("guess-{n:016}")).await.status);
    }
    assert!(statuses[..3].iter().all(|&s| s == 403), "{statuses:?}");
    let throttled = statuses.iter().filter(|&&s| s == 429).count();
    assert!(throttled >= 40, "{statuses:?}");
    let refused = guess("203.0.113.9", "guess-again-0123456789".into()).await;
    refused.assert_problem_detail(429, "API keys this server does not know");
    assert!(refused.header("retry-after").is_some());
    // Counted by outcome (other tests of this process may add to both).
    let forbidden = admin.metric(failures, "outcome=\"forbidden\"").await - forbidden_before;
    let throttled_now = admin.metric(failures, "outcome=\"throttled\"").await - throttled_before;
    assert!(
        forbidden >= 3.0 && throttled_now >= 40.0,
        "{forbidden} {throttled_now}"
    );
    // While throttled, the address's keys are not looked up at all, the right one included.
    assert_eq!(
        guess("203.0.113.9", "publisher-0123456789".into())
            .await
            .status,
        429
    );
    // Another address: an unknown key is a 403, the known key works.
    guess("198.51.100.7", "not-a-key-we-know-0000".into())
        .await
        .assert_problem_detail(403, "not one this server knows");
    assert_eq!(
        guess("198.51.100.7", "publisher-0123456789".into())
            .await
            .status,
        200
    );
}
