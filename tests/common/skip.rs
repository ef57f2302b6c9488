//! Tests that need what Cargo does not bring (a tool such as qpdf or Ghostscript, or the
//! optional published sets under `SUMPUZZLES_TESTDATA`) skip: each says so in one line that
//! shows without `--show-output`, and records it, so that `tests/zz_skip_summary.rs`, the last
//! test binary `cargo test` runs, can count the skips of the whole run and say why. With
//! `SUMPUZZLES_NO_SKIPS=1` (CI sets it) a skip is a failure instead, so nothing there stops
//! running silently.

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Stdio};

/// The variable that turns every skip into a failure.
pub const NO_SKIPS: &str = "SUMPUZZLES_NO_SKIPS";

/// The folder of this run's skip records: one per `cargo test` run, named after the process
/// that started the test binaries (cargo), so binaries of one run write to the same folder.
pub fn run_records() -> PathBuf {
    let run = std::os::unix::process::parent_id();
    PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .join("skipped-tests")
        .join(run.to_string())
}

/// Skips the calling test: fails instead when [`NO_SKIPS`] is set; otherwise writes one line
/// to the process's standard error (not through `eprintln!`, which the harness captures) and
/// appends it to this run's records.
pub fn skip(why: &str) {
    let test = std::thread::current()
        .name()
        .unwrap_or("a test")
        .to_string();
    let binary = std::env::current_exe()
        .ok()
        .and_then(|path| path.file_stem().map(|s| s.to_string_lossy().into_owned()))
        .map(|stem| {
            stem.rsplit_once('-')
                .map_or(stem.clone(), |(name, _)| name.to_string())
        })
        .unwrap_or_default();
    let line = format!("skipped {binary}::{test}: {why}\n");
    if std::env::var_os(NO_SKIPS).is_some_and(|value| !value.is_empty() && value != "0") {
        panic!("{NO_SKIPS} is set, so this skip fails: {line}");
    }
    let _ = std::io::stderr().write_all(line.as_bytes());
    let folder = run_records();
    let written = std::fs::create_dir_all(&folder).and_then(|()| {
        std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(folder.join(format!("{binary}-{}.txt", std::process::id())))?
            .write_all(line.as_bytes())
    });
    if let Err(error) = written {
        let _ = writeln!(std::io::stderr(), "(the skip was not recorded: {error})");
    }
}

/// True when every tool can be started; otherwise skips the calling test, naming the missing
/// tools and the Debian packages that have them.
pub fn tools(tools: &[(&str, &str)]) -> bool {
    let missing: Vec<&(&str, &str)> = tools
        .iter()
        .filter(|(tool, _)| {
            Command::new(tool)
                .arg("--version")
                .stdin(Stdio::null())
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .status()
                .is_err()
        })
        .collect();
    if missing.is_empty() {
        return true;
    }
    let names: Vec<&str> = missing.iter().map(|(tool, _)| *tool).collect();
    let mut packages: Vec<&str> = Vec::new();
    for (_, package) in &missing {
        if !packages.contains(package) {
            packages.push(package);
        }
    }
    skip(&format!(
        "needs {} (apt-get install {})",
        names.join(", "),
        packages.join(" ")
    ));
    false
}
