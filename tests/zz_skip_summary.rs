//! The skip summary of a `cargo test` run: cargo runs the integration test binaries in name
//! order, so this one comes last, and prints how many tests skipped and why (the records the
//! skipped tests wrote: tests/common/skip.rs). Run alone (`cargo test --test zz_skip_summary`)
//! it finds this run's records empty and says so.

mod common;

use std::io::Write;
use std::time::{Duration, SystemTime};

/// Records older than this belong to runs that ended before their summary (a failing binary
/// stops `cargo test`): removed, so that a reused process number cannot bring them back.
const STALE: Duration = Duration::from_secs(24 * 60 * 60);

#[test]
fn summary_of_the_skipped_tests() {
    let folder = common::skip::run_records();
    let mut lines: Vec<String> = std::fs::read_dir(&folder)
        .into_iter()
        .flatten()
        .flatten()
        .filter_map(|entry| std::fs::read_to_string(entry.path()).ok())
        .flat_map(|text| text.lines().map(str::to_string).collect::<Vec<_>>())
        .collect();
    lines.sort();
    let mut summary = match lines.len() {
        0 => "skip summary: no test skipped\n".to_string(),
        n => format!(
            "skip summary: {n} test{} skipped (set {}=1 to make a skip fail):\n",
            if n == 1 { "" } else { "s" },
            common::skip::NO_SKIPS
        ),
    };
    for line in &lines {
        summary.push_str(&format!("  {line}\n"));
    }
    // The summary goes past the harness's capture, like the skip lines.
    std::io::stderr().write_all(summary.as_bytes()).unwrap();
    let _ = std::fs::remove_dir_all(&folder);
    let runs = folder.parent().unwrap();
    for run in std::fs::read_dir(runs).into_iter().flatten().flatten() {
        let old = run
            .metadata()
            .and_then(|meta| meta.modified())
            .is_ok_and(|time| SystemTime::now().duration_since(time).unwrap_or_default() > STALE);
        if old {
            let _ = std::fs::remove_dir_all(run.path());
        }
    }
}
