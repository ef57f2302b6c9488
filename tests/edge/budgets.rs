//! Every route under its own budget (issue 31, item 0): the operations on a puzzle under the
//! puzzle budget, every generation (the daily puzzle, a batch's and a book's puzzles included)
//! under the generation budget, each the API key's when the request has one; and the daily
//! puzzle exists on every date, which the puzzle budget did not give it.
//!
//! The budget a request ran under is read from what it answers when it runs out: a server
//! whose four budgets (anonymous and a key's, puzzle and generation) are small and all
//! different makes every search run out at once, and the 422's `budget` (a batch line's, a
//! book's) names the one it had. So the whole walk costs a few milliseconds of search.

use std::collections::VecDeque;
use std::sync::{Arc, Mutex};

use serde_json::{json, Value};
use sumpuzzles::http::clients::{ApiKeys, KeyEntry};
use sumpuzzles::http::ServerConfig;
use sumpuzzles::ops;

use crate::common::server::api_key;
use crate::common::{Client, Reply};
use crate::{blank_answer, heavy_grid};

/// The anonymous budgets of the walk's server, and those of its API key: four different
/// numbers, each far from the others, so that a rating's spent steps (a budget's worth at
/// most) still tell them apart.
const ANONYMOUS: Allowance = Allowance {
    puzzle: 1_000,
    generation: 20_000,
};
const KEYED: Allowance = Allowance {
    puzzle: 3_000,
    generation: 60_000,
};
const KEY: &str = "publisher-0123456789";

/// A client's two budgets.
#[derive(Clone, Copy, Debug)]
struct Allowance {
    puzzle: u64,
    generation: u64,
}

/// Which of a client's budgets a route's search runs under.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Budget {
    /// An operation on a puzzle: `ops::DEFAULT_BUDGET` unless configured or keyed otherwise.
    Puzzle,
    /// A generation: `ops::GENERATE_BUDGET` unless configured or keyed otherwise.
    Generation,
}

impl Allowance {
    fn of(&self, budget: Budget) -> u64 {
        match budget {
            Budget::Puzzle => self.puzzle,
            Budget::Generation => self.generation,
        }
    }
}

/// What a route does with a budget.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Runs {
    /// A search, under this budget.
    Search(Budget),
    /// No search: it answers whatever the budget (it reads, checks, writes or describes).
    NoSearch,
}

/// One request of a route, and what it runs.
struct Probe {
    method: &'static str,
    /// The route as the document names it.
    route: &'static str,
    /// The request's path and query string.
    target: String,
    body: Option<Value>,
    runs: Runs,
}

fn probe(
    method: &'static str,
    route: &'static str,
    target: &str,
    body: Option<Value>,
    runs: Runs,
) -> Probe {
    Probe {
        method,
        route,
        target: target.to_string(),
        body,
        runs,
    }
}

/// The generation every generating route of the walk is asked for: a 16x16 expert Kakuro of
/// `SEED`, which needs about 1.5 M steps (the seed of 2026-12-02, a date of issue 31 that had
/// no daily puzzle), so every generation budget of the walk runs out on it.
const GENERATION: &str = "genre=kakuro&shape=16x16&level=expert";
const SEED: u64 = 20261202;

/// Every route of the document, classified: a route added to the document without a line
/// here fails [`every_route_runs_under_its_own_budget`]. Searches are made to run out on the
/// heavy grid (no solution, none proven within millions of steps) or a 16x16 expert
/// generation; the routes that run no search get the heavy grid too, and answer.
fn routes(heavy_id: &str) -> Vec<Probe> {
    use Budget::{Generation, Puzzle};
    use Runs::{NoSearch, Search};
    let puzzle = json!({"genre": "kakuro", "puzzle": heavy_grid()});
    let with = |fields: Value| {
        let mut body = puzzle.clone();
        body.as_object_mut()
            .unwrap()
            .extend(fields.as_object().unwrap().clone());
        Some(body)
    };
    let answer = blank_answer(&puzzle["puzzle"]);
    let generation = json!({
        "genre": "kakuro", "shape": "16x16", "level": "expert", "seed": SEED, "solution": false
    });
    #[allow(unused_mut)]
    let mut probes = vec![
        probe(
            "post",
            "/solve",
            "/solve",
            Some(puzzle.clone()),
            Search(Puzzle),
        ),
        probe(
            "post",
            "/rate",
            "/rate",
            Some(puzzle.clone()),
            Search(Puzzle),
        ),
        probe(
            "post",
            "/hint",
            "/hint",
            with(json!({"answer": answer})),
            Search(Puzzle),
        ),
        probe(
            "post",
            "/render",
            "/render",
            with(json!({"solution": true})),
            Search(Puzzle),
        ),
        probe(
            "get",
            "/render",
            &format!("/render?id={heavy_id}&solution=true"),
            None,
            Search(Puzzle),
        ),
        // A drawing of the puzzle as it is printed, or of an answer, needs no solution.
        probe("post", "/render", "/render", Some(puzzle.clone()), NoSearch),
        probe(
            "get",
            "/render",
            &format!("/render?id={heavy_id}"),
            None,
            NoSearch,
        ),
        probe(
            "post",
            "/check",
            "/check",
            with(json!({"answer": answer})),
            NoSearch,
        ),
        probe("post", "/format", "/format", Some(puzzle.clone()), NoSearch),
        probe(
            "get",
            "/generate",
            &format!("/generate?{GENERATION}&seed={SEED}&solution=false"),
            None,
            Search(Generation),
        ),
        probe(
            "post",
            "/generate",
            "/generate",
            Some(generation.clone()),
            Search(Generation),
        ),
        probe(
            "post",
            "/generate/batch",
            &format!("/generate/batch?{GENERATION}&seeds={SEED}&solution=false"),
            None,
            Search(Generation),
        ),
        probe(
            "get",
            "/daily",
            &format!("/daily?{GENERATION}&date=2026-12-02&solution=false"),
            None,
            Search(Generation),
        ),
        probe("get", "/genres", "/genres", None, NoSearch),
        probe("get", "/healthz", "/healthz", None, NoSearch),
        probe("get", "/readyz", "/readyz", None, NoSearch),
    ];
    #[cfg(feature = "print")]
    probes.extend([
        probe(
            "post",
            "/booklet",
            &format!("/booklet?{GENERATION}&seeds={SEED}"),
            None,
            Search(Generation),
        ),
        // A book of puzzles given is read, each proven to have one solution: an operation on
        // a puzzle.
        probe(
            "post",
            "/booklet",
            "/booklet",
            Some(json!({"puzzles": [heavy_id]})),
            Search(Puzzle),
        ),
    ]);
    probes
}

/// The routes outside the document (served by the router or on the admin listener): files,
/// the document itself, the counters. None runs a search; listed so that the walk says so.
const UNDOCUMENTED: [&str; 4] = ["/openapi.json", "/docs/", "/", "/play.js"];
const ADMIN: [&str; 3] = ["/metrics", "/healthz", "/readyz"];

/// The budget a probe's answer says it ran under, when its search ran out: the problem's
/// `budget` (a batch's line's), or for a rating, whose report says it stopped, the steps it
/// spent (at most its budget).
fn budget_named(reply: &Reply) -> Option<Spent> {
    let body = reply.json();
    let problem = match &body {
        Value::Array(lines) => lines.first()?.clone(),
        report if report["stopped"] == "exhausted" => {
            return Some(Spent::AtMost(report["steps"].as_u64()?));
        }
        problem => problem.clone(),
    };
    if problem["type"] != "/problems/budget-exhausted" {
        return None;
    }
    problem["budget"].as_u64().map(Spent::Budget)
}

#[derive(Debug)]
enum Spent {
    /// The budget the problem names.
    Budget(u64),
    /// A report's steps: the search stopped at or before its budget.
    AtMost(u64),
}

impl Spent {
    fn is(&self, budget: u64) -> bool {
        match *self {
            Spent::Budget(named) => named == budget,
            // The budgets of the walk are 3x apart: more than half of one is not another.
            Spent::AtMost(steps) => steps <= budget && steps > budget / 2,
        }
    }
}

async fn send(server: &Client, probe: &Probe, key: Option<&str>) -> Reply {
    let mut call = match probe.method {
        "get" => server.get(&probe.target),
        "post" => server.post(&probe.target),
        other => panic!("no probe sends {other}"),
    };
    if let Some(key) = key {
        call = call.header("x-api-key", key);
    }
    match &probe.body {
        Some(body) => call.json(body).await,
        None => call.await,
    }
}

#[tokio::test]
async fn every_route_runs_under_its_own_budget() {
    // The defaults the walk's small budgets stand for.
    let defaults = ServerConfig::default();
    assert_eq!(defaults.budget, ops::DEFAULT_BUDGET);
    assert_eq!(defaults.generate_budget, ops::GENERATE_BUDGET);
    let state = sumpuzzles::http::AppState::new(ServerConfig {
        budget: ANONYMOUS.puzzle,
        generate_budget: ANONYMOUS.generation,
        api_keys: ApiKeys {
            entries: vec![KeyEntry {
                budget: Some(KEYED.puzzle),
                generate_budget: Some(KEYED.generation),
                ..api_key(KEY, "publisher")
            }],
            required: false,
        },
        ..ServerConfig::default()
    });
    let server = Client::of_state(state.clone());
    let format = json!({"genre": "kakuro", "puzzle": heavy_grid()});
    let heavy_id = server.post("/format").json(&format).await.expect_json(200)["id"]
        .as_str()
        .unwrap()
        .to_string();
    let probes = routes(&heavy_id);

    // Every operation of the served document and of the committed one (which
    // tests/http/service.rs holds equal, but a route written into the file alone must fail
    // here too) has a probe, and every probe's route is in them.
    let served = server.get("/openapi.json").await.expect_json(200);
    let committed: Value =
        serde_json::from_str(include_str!("../../openapi/openapi.json")).unwrap();
    let mut documented = Vec::new();
    for document in [&served, &committed] {
        for (route, item) in document["paths"].as_object().unwrap() {
            for method in item.as_object().unwrap().keys() {
                let operation = (method.clone(), route.clone());
                if ["get", "post", "put", "patch", "delete"].contains(&method.as_str())
                    && !documented.contains(&operation)
                {
                    documented.push(operation);
                }
            }
        }
    }
    for (method, route) in &documented {
        assert!(
            probes
                .iter()
                .any(|p| p.method == method && p.route == route),
            "{} {route} is not classified: add it to `routes` in tests/edge/budgets.rs with \
             the budget it runs under (or none)",
            method.to_uppercase()
        );
    }
    for probe in &probes {
        assert!(
            documented
                .iter()
                .any(|(method, route)| probe.method == method && probe.route == route),
            "{} {} is no longer in the document",
            probe.method,
            probe.route
        );
    }

    for probe in &probes {
        for (key, allowance) in [(None, ANONYMOUS), (Some(KEY), KEYED)] {
            let reply = send(&server, probe, key).await;
            let who = if key.is_some() {
                "with the key"
            } else {
                "anonymous"
            };
            let spent = budget_named(&reply);
            match probe.runs {
                Runs::Search(budget) => {
                    let expected = allowance.of(budget);
                    let spent = spent.unwrap_or_else(|| {
                        panic!(
                            "{} {} ({who}) did not run out of its {budget:?} budget \
                             ({expected} steps): {reply}",
                            probe.method, probe.target
                        )
                    });
                    assert!(
                        spent.is(expected),
                        "{} {} ({who}) ran under {spent:?}, not its {budget:?} budget of \
                         {expected} steps",
                        probe.method,
                        probe.target
                    );
                }
                Runs::NoSearch => assert_eq!(
                    reply.status, 200,
                    "{} {} ({who}) runs no search, so no budget can stop it: {reply}",
                    probe.method, probe.target
                ),
            }
        }
    }

    for path in UNDOCUMENTED {
        let reply = server.get(path).await;
        assert_eq!(reply.status, 200, "{path} runs no search: {reply}");
    }
    let admin = Client::admin_of_state(state);
    for path in ADMIN {
        let reply = admin.get(path).await;
        assert_eq!(reply.status, 200, "{path} (admin) runs no search: {reply}");
    }
}

/// The month of issue 31, whose first four dates had no 16x16 expert Kakuro under the puzzle
/// budget (a 422 for each).
const MONTH: (u32, u32) = (2026, 12);

/// The daily puzzle of every date of a month, at 16x16 expert Kakuro (the shape and level of
/// issue 31) and at every genre's default shape and level: a 200
/// for each, of the date asked. Several of the month's 16x16 expert dates need more steps than
/// the puzzle budget (the test says so, as a witness that it would fail if `/daily` went
/// back to it); the whole year is the `daily_year` example's (docs/edge.md).
#[tokio::test]
async fn the_daily_puzzle_exists_on_every_date_of_a_month() {
    let mut config = ServerConfig {
        workers: 2,
        queue: 64,
        ..ServerConfig::default()
    };
    // One client asking for 31 large puzzles and more at once: its share of the workers is
    // not what this is about.
    config.clients.work = None;
    config.clients.concurrency = 2;
    config.clients.queue = 64;
    let server = Client::app(config);
    let (year, month) = MONTH;
    let dates: Vec<String> = (1..=31)
        .map(|day| format!("{year}-{month:02}-{day:02}"))
        .collect();
    let mut asked: Vec<(String, String, String)> = dates
        .iter()
        .map(|date| {
            let query = format!("genre=kakuro&shape=16x16&level=expert&date={date}");
            (query, date.clone(), "16x16".to_string())
        })
        .collect();
    for genre in server
        .get("/genres")
        .await
        .expect_json(200)
        .as_array()
        .unwrap()
    {
        let (name, shape) = (
            genre["name"].as_str().unwrap(),
            genre["default_shape"].as_str().unwrap(),
        );
        for date in &dates {
            asked.push((
                format!("genre={name}&date={date}"),
                date.clone(),
                shape.to_string(),
            ));
        }
    }
    // Two at a time, the service's two workers.
    let queue = Arc::new(Mutex::new(asked.into_iter().collect::<VecDeque<_>>()));
    let mut askers = Vec::new();
    for _ in 0..2 {
        let (server, queue) = (server.clone(), queue.clone());
        askers.push(tokio::spawn(async move {
            let mut made = Vec::new();
            loop {
                let Some((query, date, shape)) = queue.lock().unwrap().pop_front() else {
                    return made;
                };
                let reply = server.get(&format!("/daily?{query}&solution=false")).await;
                let daily = reply.expect_json(200);
                assert_eq!(daily["date"], date.as_str(), "{query}");
                assert_eq!(daily["shape"], shape.as_str(), "{query}");
                made.push((query, daily["stats"]["steps"].as_u64().unwrap()));
            }
        }));
    }
    let mut made = Vec::new();
    for asker in askers {
        made.extend(asker.await.unwrap());
    }
    made.sort();
    let over: Vec<&(String, u64)> = made
        .iter()
        .filter(|(_, steps)| *steps > ops::DEFAULT_BUDGET)
        .collect();
    eprintln!(
        "over the puzzle budget of {} steps: {over:?}",
        ops::DEFAULT_BUDGET
    );
    assert!(
        over.iter()
            .any(|(query, _)| query.contains("16x16&level=expert")),
        "no date of the month needs more than the puzzle budget: this test would not see /daily \
         under it; choose another month ({made:?})"
    );
}
