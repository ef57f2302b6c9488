//! The native side of `bench/compare.mjs`: runs the requests it is given as the server's
//! handlers do (`ops::from_json`, the operation under its budget, the report written as JSON),
//! each `REPEAT` times, and prints each one's fastest time in milliseconds, a line per request
//! (`failed` when it gave no report).
//!
//! `native_ops REPEAT < jobs`, a job per line: the operation (`generate`, `solve`, `rate`), a
//! tab, and the request's JSON body. Timing starts at the JSON text and ends at the report's,
//! as on the WebAssembly side.

use std::io::BufRead;
use std::time::Instant;

use serde::de::DeserializeOwned;
use serde::Serialize;
use sumpuzzles::ops::{self, GenerateRequest, Operation, RateRequest, SolveRequest};
use sumpuzzles::Budget;

fn answer<R>(json: &str) -> Result<String, ops::Error>
where
    R: Operation + DeserializeOwned,
    R::Report: Serialize,
{
    let request: R = ops::from_json(json.as_bytes())?;
    request.precheck()?;
    let steps = request.requested_budget().unwrap_or(ops::DEFAULT_BUDGET);
    let report = request.run(&mut Budget::new(steps))?;
    Ok(serde_json::to_string(&report).expect("reports serialise"))
}

fn main() {
    let repeat: u32 = std::env::args()
        .nth(1)
        .and_then(|repeat| repeat.parse().ok())
        .expect("usage: native_ops REPEAT < jobs");
    for line in std::io::stdin().lock().lines() {
        let line = line.expect("jobs on standard input");
        let (operation, json) = line.split_once('\t').expect("OPERATION<TAB>JSON");
        let run = match operation {
            "generate" => answer::<GenerateRequest>,
            "solve" => answer::<SolveRequest>,
            "rate" => answer::<RateRequest>,
            other => panic!("no operation {other}"),
        };
        let mut fastest = f64::INFINITY;
        for _ in 0..repeat {
            let start = Instant::now();
            let result = run(json);
            let ms = start.elapsed().as_secs_f64() * 1000.0;
            fastest = fastest.min(if result.is_ok() { ms } else { f64::INFINITY });
        }
        if fastest.is_finite() {
            println!("{fastest:.4}");
        } else {
            println!("failed");
        }
    }
}
