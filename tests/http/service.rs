//! The service endpoints, the play page and the OpenAPI document.

use serde_json::Value;

use crate::common::Client;

#[tokio::test]
async fn service_endpoints_answer() {
    let server = Client::default_app();
    assert_eq!(server.get("/healthz").await.status, 200);
    assert_eq!(server.get("/readyz").await.status, 200);
    let genres = server.get("/genres").await.expect_json(200);
    assert_eq!(genres[0]["name"], "kakuro");
    // The metrics are on the admin listener only.
    server
        .get("/metrics")
        .await
        .assert_problem_detail(404, "no such resource");
    assert_eq!(server.get("/docs/").await.status, 200);
}

#[tokio::test]
async fn the_play_page_loads_only_from_the_service() {
    let server = Client::default_app();
    let page = server.get("/").await;
    assert_eq!(page.status, 200);
    let csp = page.header("content-security-policy").unwrap();
    assert!(csp.contains("default-src 'none'"), "{csp}");
    assert!(
        csp.contains("script-src 'self'") && !csp.contains("unsafe-inline"),
        "{csp}"
    );
    assert!(page.content_type().starts_with("text/html"));
    let html = page.text();
    // Every resource the page names is on this origin and is served.
    let mut references: Vec<String> = quoted_paths(&html)
        .into_iter()
        .filter(|piece| piece.starts_with('/') && !piece.starts_with("//"))
        .collect();
    for asset in ["/sum-puzzle.js", "/play.css", "/favicon.svg"] {
        assert!(
            references.iter().any(|reference| reference == asset),
            "the page does not load {asset}"
        );
    }
    // The player is the <sum-puzzle> element: its entry module names the player's other
    // files relative to itself (classic scripts, one module and one style sheet per board
    // kind), each of which is served from here too.
    let entry = server.get("/sum-puzzle.js").await;
    assert_eq!(entry.status, 200);
    let entry_text = entry.text();
    let named_by_entry: Vec<String> = quoted_paths(&entry_text)
        .into_iter()
        .map(|piece| piece.trim_start_matches("./").to_string())
        .filter(|piece| {
            !piece.contains(['/', ' '])
                && (piece.ends_with(".js") || piece.ends_with(".css"))
                && piece != "sum-puzzle.js"
        })
        .map(|piece| format!("/{piece}"))
        .collect();
    // The board kinds' modules and style sheets, from the list the element reads.
    let list = server.get("/play-files.json").await.expect_json(200);
    let named_by_entry: Vec<String> = named_by_entry
        .into_iter()
        .chain(list["boards"].as_array().unwrap().iter().flat_map(|board| {
            ["script", "style"].map(|file| format!("/{}", board[file].as_str().unwrap()))
        }))
        .collect();
    for asset in [
        "/play-engine.js",
        "/play-board.js",
        "/play.js",
        "/play.css",
        "/board-sum-grid.js",
        "/board-caged.js",
    ] {
        assert!(
            named_by_entry.iter().any(|named| named == asset),
            "sum-puzzle.js does not load {asset}"
        );
    }
    references.extend(named_by_entry);
    references.sort_unstable();
    references.dedup();
    let mut bodies = vec![("/".to_string(), html.clone())];
    for reference in &references {
        let asset = server.get(reference).await;
        assert_eq!(asset.status, 200, "{reference}");
        if reference.ends_with(".js") || reference.ends_with(".css") {
            bodies.push((reference.clone(), asset.text()));
        }
    }
    assert!(bodies.len() >= 8, "{references:?}");
    for (name, body) in bodies {
        // Comments may show a host page's markup with an example origin; code may not name one.
        let code: String = body
            .lines()
            .filter(|line| !line.trim_start().starts_with("//"))
            .collect::<Vec<_>>()
            .join("\n");
        assert!(
            !code.contains("http://") && !code.contains("https://"),
            "an external resource in {name}"
        );
        assert!(
            !code.contains("<script>") && !code.contains("<style"),
            "{name}"
        );
    }
    // A client of the API, not part of it.
    let openapi = server.get("/openapi.json").await.json();
    assert!(openapi["paths"].get("/").is_none());
}

/// The pieces of `text` between quotes (double, single or backquote).
fn quoted_paths(text: &str) -> Vec<String> {
    text.split(['"', '\'', '`']).map(str::to_string).collect()
}

#[tokio::test]
async fn served_openapi_matches_the_committed_document() {
    let server = Client::default_app();
    let served = server.get("/openapi.json").await.expect_json(200);
    let committed: Value =
        serde_json::from_str(include_str!("../../openapi/openapi.json")).unwrap();
    assert!(
        served == committed,
        "openapi/openapi.json is stale: regenerate it with `cargo run --release -- openapi > openapi/openapi.json`"
    );
}

/// The document's unions are built from the registry: one schema per genre in each.
#[tokio::test]
async fn the_documents_unions_have_every_genre() {
    let document = sumpuzzles::http::openapi();
    let document = serde_json::to_value(&document).unwrap();
    let schemas = &document["components"]["schemas"];
    let genres = sumpuzzles::genres::GenreId::ALL.len();
    for union in ["PuzzleObject", "Violation"] {
        let members = schemas[union]["anyOf"].as_array().unwrap();
        assert_eq!(members.len(), genres, "{union}");
        for member in members {
            let name = member["$ref"].as_str().unwrap().rsplit('/').next().unwrap();
            assert!(
                schemas.get(name).is_some(),
                "{union}: {name} is not in the document"
            );
        }
    }
    let names: Vec<&str> = schemas["Genre"]["enum"]
        .as_array()
        .unwrap()
        .iter()
        .map(|name| name.as_str().unwrap())
        .collect();
    assert_eq!(names.len(), genres);
    // A request is one of the puzzle source's four forms, each refusing other fields.
    for request in [
        "SolveRequest",
        "RateRequest",
        "CheckRequest",
        "HintRequest",
        "RenderRequest",
    ] {
        let forms = schemas[request]["oneOf"].as_array().unwrap();
        assert_eq!(forms.len(), 4, "{request}");
        for form in forms {
            assert_eq!(form["additionalProperties"], false, "{request}");
        }
    }
}

/// No schema in the document says `multipleOf` with a fraction: validators test it in binary
/// floats (Python's jsonschema finds 2.3 no multiple of 0.1), so a generated client or a
/// fuzzer would refuse, or call forbidden, values the service takes. The service itself still
/// refuses a score with two decimals.
#[tokio::test]
async fn no_schema_asks_for_a_fractional_multiple() {
    fn fractional_multiples(value: &Value, path: &str, found: &mut Vec<String>) {
        match value {
            Value::Object(fields) => {
                if let Some(step) = fields.get("multipleOf").and_then(Value::as_f64) {
                    if step.fract() != 0.0 {
                        found.push(format!("{path}: multipleOf {step}"));
                    }
                }
                for (name, field) in fields {
                    fractional_multiples(field, &format!("{path}/{name}"), found);
                }
            }
            Value::Array(items) => {
                for (index, item) in items.iter().enumerate() {
                    fractional_multiples(item, &format!("{path}/{index}"), found);
                }
            }
            _ => {}
        }
    }
    let document = serde_json::to_value(sumpuzzles::http::openapi()).unwrap();
    let mut found = Vec::new();
    fractional_multiples(&document, "", &mut found);
    assert!(found.is_empty(), "{found:#?}");

    let server = Client::default_app();
    for (query, status) in [("score_max=2.3", 200), ("score_max=2.25", 400)] {
        let report = server
            .get(&format!(
                "/generate?genre=kakuro&shape=6x6&level=easy&{query}&seed=1"
            ))
            .await;
        assert_eq!(report.status, status, "{query}: {report}");
    }
}

/// A key header on a server without keys is ignored (a proxy in front may add one), and the
/// open routes never refuse one; a puzzle operation on a server with keys refuses an unknown
/// key (tests/edge/keys.rs has the rest).
#[tokio::test]
async fn api_key_headers_are_ignored_where_no_key_is_checked() {
    use crate::common::server::api_key;
    use sumpuzzles::http::clients::ApiKeys;
    use sumpuzzles::http::ServerConfig;
    let headers = [
        ("authorization", "Bearer from-the-proxy-0123"),
        ("x-api-key", "from-the-proxy-0123"),
    ];
    let solve = serde_json::json!({"id": "kakuro:3x3:DbAb/4.6.3.7"});
    let open = [
        "/genres",
        "/openapi.json",
        "/docs/",
        "/",
        "/healthz",
        "/readyz",
    ];
    let keyless = Client::default_app();
    for (name, value) in headers {
        for path in open {
            let reply = keyless.get(path).header(name, value).await;
            assert_eq!(reply.status, 200, "{path} with {name}: {reply}");
        }
        let solved = keyless
            .post("/solve")
            .header(name, value)
            .json(&solve)
            .await;
        assert_eq!(solved.status, 200, "{name}: {solved}");
    }
    let keyed = Client::app(ServerConfig {
        api_keys: ApiKeys {
            entries: vec![api_key("publisher-0123456789", "publisher")],
            required: true,
        },
        ..ServerConfig::default()
    });
    for (name, value) in headers {
        for path in open {
            let reply = keyed.get(path).header(name, value).await;
            assert_eq!(reply.status, 200, "{path} with {name}: {reply}");
        }
        keyed
            .post("/solve")
            .header(name, value)
            .json(&solve)
            .await
            .assert_problem(403, "forbidden");
    }
}

/// The document names the two key schemes, and its security allows anonymous access (`{}`) or
/// either key; every operation inherits it (none lists its own, which a generator would read as
/// "needs a key") but the health probes, which read no key (`security: []`).
#[tokio::test]
async fn the_document_says_how_to_send_a_key() {
    let document = serde_json::to_value(sumpuzzles::http::openapi()).unwrap();
    let schemes = &document["components"]["securitySchemes"];
    assert_eq!(schemes["api_key"]["name"], "X-API-Key");
    assert_eq!(schemes["api_key"]["in"], "header");
    assert_eq!(schemes["bearer"]["scheme"], "bearer");
    assert_eq!(
        document["security"],
        serde_json::json!([{}, {"api_key": []}, {"bearer": []}])
    );
    for (path, item) in document["paths"].as_object().unwrap() {
        for (method, operation) in item.as_object().unwrap() {
            let health = path == "/healthz" || path == "/readyz";
            let expected = if health {
                Some(serde_json::json!([]))
            } else {
                None
            };
            assert_eq!(
                operation.get("security").cloned(),
                expected,
                "{method} {path}"
            );
        }
    }
}

/// Every answer to a request that counts against its client's account of worker time says how
/// much is left (the IETF draft's `RateLimit-Policy` and `RateLimit`, in milliseconds of worker
/// time), its own key's share for a keyed client; the health probes, which count against
/// nothing, say nothing; a page may read the headers (CORS).
#[tokio::test]
async fn answers_say_how_much_of_the_rate_is_left() {
    use crate::common::server::api_key;
    use sumpuzzles::http::clients::{ApiKeys, KeyEntry, Rate};
    use sumpuzzles::http::ServerConfig;

    let mut config = ServerConfig::default();
    // Paid back so slowly that nothing comes back while the test runs.
    config.clients.work = Some(Rate {
        per_second: 0.01,
        burst: 10_000.0,
    });
    config.api_keys = ApiKeys {
        entries: vec![KeyEntry {
            work_ms: Some(1),
            work_burst_ms: Some(4_000),
            ..api_key("publisher-0123456789", "publisher")
        }],
        required: false,
    };
    // `"client";r=<left>;t=<seconds>` read back.
    let left = |value: Option<String>| -> (u64, u64) {
        let value = value.expect("a RateLimit header");
        let rest = value
            .strip_prefix("\"client\";r=")
            .expect("the policy's name");
        let (left, whole_in) = rest.split_once(";t=").expect("r and t");
        (left.parse().unwrap(), whole_in.parse().unwrap())
    };
    let server = Client::app(config);
    let first = server.get("/genres").await;
    assert_eq!(
        first.header("ratelimit-policy").as_deref(),
        Some("\"client\";q=10000;w=1000000")
    );
    // One request counts 1 ms, which takes 100 s to be paid back.
    let (after_first, whole_in) = left(first.header("ratelimit"));
    assert_eq!((after_first, whole_in), (9_999, 100));
    // A job counts its CPU time besides.
    let second = server
        .post("/solve")
        .json(&serde_json::json!({"id": "kakuro:3x3:DbAb/4.6.3.7"}))
        .await;
    assert_eq!(second.status, 200);
    let (after_second, _) = left(second.header("ratelimit"));
    assert!((9_000..9_998).contains(&after_second), "{after_second}");
    let keyed = server
        .get("/genres")
        .header("x-api-key", "publisher-0123456789")
        .await;
    assert_eq!(
        keyed.header("ratelimit-policy").as_deref(),
        Some("\"client\";q=4000;w=4000")
    );
    let (keyed_left, _) = left(keyed.header("ratelimit"));
    assert!((3_998..=3_999).contains(&keyed_left), "{keyed_left}");
    let health = server.get("/healthz").await;
    assert!(health.header("ratelimit").is_none() && health.header("ratelimit-policy").is_none());
    let from_a_page = server
        .get("/genres")
        .header("origin", "https://puzzles.example")
        .await;
    let exposed = from_a_page.header("access-control-expose-headers").unwrap();
    for header in ["retry-after", "etag", "ratelimit", "ratelimit-policy"] {
        assert!(exposed.contains(header), "{exposed}");
    }
    // The document says so on every success but the health probes'.
    let document = serde_json::to_value(sumpuzzles::http::openapi()).unwrap();
    for (path, item) in document["paths"].as_object().unwrap() {
        for (method, operation) in item.as_object().unwrap() {
            let headers = &operation["responses"]["200"]["headers"];
            let health = path == "/healthz" || path == "/readyz";
            assert_eq!(
                headers.get("RateLimit").is_some() && headers.get("RateLimit-Policy").is_some(),
                !health,
                "{method} {path}"
            );
        }
    }
}

/// The served document in forms every generator reads (src/http/schema_forms.rs): no component
/// that openapi-python-generator would write as an empty class (a plain component, an `allOf`,
/// a union of objects without its fields), no type list, and no component nothing names.
#[test]
fn the_document_has_only_components_every_generator_models() {
    fn walk(value: &Value, found: &mut Vec<String>, path: &str) {
        match value {
            Value::Object(fields) => {
                if fields.get("type").is_some_and(Value::is_array) {
                    found.push(format!("{path}: a type list"));
                }
                if fields.contains_key("allOf") {
                    found.push(format!("{path}: allOf"));
                }
                for (key, field) in fields {
                    walk(field, found, &format!("{path}/{key}"));
                }
            }
            Value::Array(items) => {
                for (index, item) in items.iter().enumerate() {
                    walk(item, found, &format!("{path}/{index}"));
                }
            }
            _ => {}
        }
    }
    let document = serde_json::to_value(sumpuzzles::http::openapi()).unwrap();
    let mut found = Vec::new();
    walk(&document, &mut found, "");
    let text = document.to_string();
    for (name, schema) in document["components"]["schemas"].as_object().unwrap() {
        let modelled = schema.get("enum").is_some() || schema.get("properties").is_some();
        let union_named_only_in_unions = schema.get("oneOf").or(schema.get("anyOf")).is_some();
        if !modelled && !union_named_only_in_unions {
            found.push(format!(
                "{name}: neither an enum nor an object with properties"
            ));
        }
        let reference = format!("\"#/components/schemas/{name}\"");
        if !text.contains(&reference) {
            found.push(format!("{name}: named nowhere"));
        }
    }
    assert!(found.is_empty(), "{found:#?}");
    // The unions a body names list their alternatives' fields, and stay unions.
    let solve = &document["components"]["schemas"]["SolveRequest"];
    for field in ["genre", "puzzle", "id", "text", "url", "limit", "budget"] {
        assert!(solve["properties"].get(field).is_some(), "{field}");
    }
    assert_eq!(solve["oneOf"].as_array().unwrap().len(), 4);
}

/// What openapi-python-generator's one class for a union sends: every field it was not given
/// as `null`, the other genres' fields of a puzzle object included. Read as absent.
#[tokio::test]
async fn null_fields_are_absent_ones() {
    let server = Client::default_app();
    let report = server
        .get("/generate?genre=kakurasu&shape=5x5&level=easy&seed=1")
        .await
        .expect_json(200);
    let mut puzzle = report["puzzle"].clone();
    for other in ["grid", "cages", "givens", "box"] {
        puzzle[other] = Value::Null;
    }
    let body = serde_json::json!({"genre": "kakurasu", "puzzle": puzzle, "id": null, "text": null,
                                  "url": null, "budget": null});
    let rated = server.post("/rate").json(&body).await.expect_json(200);
    assert_eq!(rated["level"], report["level"]);
    let generated = server
        .post("/generate?genre=kakuro&seed=3")
        .json(&serde_json::json!({"genre": null, "shape": null, "level": "easy", "seed": null,
                                  "budget": null, "score_min": null, "score_max": null, "solution": null}))
        .await
        .expect_json(200);
    assert_eq!(
        (generated["genre"].as_str(), generated["seed"].as_u64()),
        (Some("kakuro"), Some(3))
    );
}
