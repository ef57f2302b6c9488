//! The native side of `bench/compare.mjs`: runs the requests it is given as the server's
//! handlers do (`ops::from_json`, the plan run under its budget, the report written as JSON),
//! each `REPEAT` times, and prints each one's fastest time in milliseconds, a line per request
//! (`failed` when it gave no report).
//!
//! `native_ops REPEAT < jobs`, a job per line: the operation (`generate`, `solve`, `rate`), a
//! tab, and the request's JSON body. Timing starts at the JSON text and ends at the report's,
//! as on the WebAssembly side, and counts the CPU time of this thread (on a machine shared with
//! other work, wall time mostly measures the others; a request runs on one thread, so on an
//! idle machine the two are the same).

use std::io::BufRead;

use serde::de::DeserializeOwned;
use serde::Serialize;
use sumpuzzles::ops::{self, GenerateRequest, Operation, Plan, RateRequest, SolveRequest};
use sumpuzzles::{Budget, Error};

fn answer<R>(json: &str) -> Result<String, Error>
where
    R: Operation + DeserializeOwned,
    <R::Plan as Plan>::Report: Serialize,
{
    let request: R = ops::from_json(json.as_bytes())?;
    let plan = request.plan()?;
    // The server's default, as the package's: a generation's is larger than the rest's.
    let steps = plan
        .requested_budget()
        .unwrap_or_else(|| plan.default_budget());
    let report = plan.run(&mut Budget::new(steps))?;
    Ok(serde_json::to_string(&report).expect("reports serialise"))
}

/// The CPU time this thread has used, in milliseconds.
fn thread_cpu_ms() -> f64 {
    let mut now = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: clock_gettime writes the timespec it is given and nothing else.
    let status = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut now) };
    assert_eq!(status, 0, "CLOCK_THREAD_CPUTIME_ID is there on Linux");
    now.tv_sec as f64 * 1000.0 + now.tv_nsec as f64 / 1e6
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
            let start = thread_cpu_ms();
            let result = run(json);
            let ms = thread_cpu_ms() - start;
            fastest = fastest.min(if result.is_ok() { ms } else { f64::INFINITY });
        }
        if fastest.is_finite() {
            println!("{fastest:.4}");
        } else {
            println!("failed");
        }
    }
}
