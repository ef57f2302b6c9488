//! API keys: required for the puzzle operations when the server says so, with their own
//! allowance; sent as headers, so through the router.

use serde_json::json;
use sumpuzzles::http::clients::{ApiKeys, KeyEntry};
use sumpuzzles::http::ServerConfig;

use crate::common::Client;
use crate::heavy_grid;

#[tokio::test]
async fn api_keys_when_required_and_their_allowance() {
    let server = Client::app(ServerConfig {
        api_keys: ApiKeys {
            entries: vec![KeyEntry {
                key: "publisher-0123456789".into(),
                name: "publisher".into(),
                rate: Some(100),
                burst: None,
                budget: Some(5_000),
                generate_budget: None,
                concurrency: None,
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
