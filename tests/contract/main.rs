#![cfg(all(feature = "server", feature = "cli"))]
//! The contract real clients rely on: empty and `null` bodies, error details without Rust
//! type names, drawn seeds a JavaScript number holds, cache headers and conditional requests,
//! the daily puzzle, batches (order, a failing seed), `solution=false`, `/render` in JSON,
//! through the router; against the `sumpuzzles serve` process itself, the daily puzzle across
//! restarts and a departed batch client; and the CLI's batch.

#[path = "../common/mod.rs"]
mod common;

mod batch;
mod bodies;
mod headers;
mod process;

use serde_json::{json, Value};

use common::Reply;

/// A report with its one varying field (the wall-clock time) set aside.
fn steady(mut report: Value) -> Value {
    if let Some(stats) = report.get_mut("stats") {
        stats["elapsed_ms"] = json!(0);
    }
    report
}

/// The lines of a batch answer, as JSON: the default answer, one JSON array written an
/// element a line (`[` before the first, `,` before each next, `]` after the last).
fn batch_lines(reply: &Reply) -> Vec<Value> {
    assert_eq!(reply.status, 200, "{reply}");
    assert_eq!(
        reply.header("content-type").as_deref(),
        Some("application/json")
    );
    assert_eq!(reply.header("vary").as_deref(), Some("accept"));
    let text = reply.text();
    assert!(text.starts_with('[') && text.ends_with("]\n"), "{text}");
    let lines: Vec<Value> = text
        .lines()
        .map(|line| {
            serde_json::from_str(&line[1..]).unwrap_or_else(|_| {
                serde_json::from_str(&line[1..line.len() - 1]).expect("an element a line")
            })
        })
        .collect();
    assert_eq!(json!(lines), serde_json::from_str::<Value>(&text).unwrap());
    lines
}

/// The lines of a batch answer asked for as NDJSON.
fn ndjson_lines(reply: &Reply) -> Vec<Value> {
    assert_eq!(reply.status, 200, "{reply}");
    assert_eq!(
        reply.header("content-type").as_deref(),
        Some("application/x-ndjson")
    );
    assert_eq!(reply.header("vary").as_deref(), Some("accept"));
    let text = reply.text();
    assert!(text.ends_with('\n'));
    text.lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect()
}
