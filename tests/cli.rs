#![cfg(feature = "cli")]
//! The `sumpuzzles` command as a user runs it: output, exit codes, and no panic when the
//! reader of its output goes away.

use std::io::Write;
use std::process::{Command, Output, Stdio};

fn sumpuzzles() -> Command {
    Command::new(env!("CARGO_BIN_EXE_sumpuzzles"))
}

/// Runs the command with `input` on its standard input, and collects what it wrote.
fn run_with_input(args: &[&str], input: &[u8]) -> Output {
    let mut child = sumpuzzles()
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the command runs");
    child
        .stdin
        .take()
        .expect("stdin is piped")
        .write_all(input)
        .expect("the command reads its input");
    child.wait_with_output().expect("the command ends")
}

#[test]
fn solving_an_id_prints_the_unique_solution() {
    let output = run_with_input(&["solve", "-"], b"kakuro:3x3:DbAb/4.6.3.7");
    assert!(output.status.success());
    let report: serde_json::Value = serde_json::from_slice(&output.stdout).expect("JSON");
    assert_eq!(report["unique"], true);
    assert_eq!(report["solutions"][0][1], "#12");
}

#[test]
fn the_help_names_every_registered_genre() {
    let output = sumpuzzles()
        .arg("--help")
        .output()
        .expect("the command runs");
    assert!(output.status.success());
    let help = String::from_utf8(output.stdout).expect("UTF-8");
    let first_line = help.lines().next().unwrap_or_default();
    for genre in sumpuzzles::ops::genres() {
        assert!(
            first_line.contains(genre.title),
            "{} in {first_line:?}",
            genre.title
        );
    }
}

#[test]
fn a_malformed_puzzle_fails_with_a_message_not_a_panic() {
    let output = run_with_input(&["solve", "-"], b"# 4/ x\n/3 . .");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(1), "{stderr}");
    assert!(stderr.starts_with("Error:"), "{stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
}

/// A failure is also written as the problem object the service sends: for a budget that ran
/// out, how far the search got.
#[test]
fn a_search_stopped_by_its_budget_says_how_far_it_got() {
    // The object is the last thing written, from a line of its own (a backtrace, when one is
    // asked for, comes before it).
    let problem_of = |stderr: &str| -> serde_json::Value {
        let start = stderr.find("\n{\n").expect("the problem object");
        serde_json::from_str(&stderr[start..]).expect("JSON")
    };
    let output = run_with_input(&["solve", "-", "--budget", "1"], b"kakuro:3x3:DbAb/4.6.3.7");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(1), "{stderr}");
    assert!(
        stderr.starts_with("Error: the step budget of 1 steps ran out"),
        "{stderr}"
    );
    let problem = problem_of(&stderr);
    assert_eq!(problem["type"], "/problems/budget-exhausted");
    assert_eq!(
        (&problem["budget"], &problem["stage"]),
        (&1.into(), &"solving".into())
    );
    assert!(problem["steps"].as_u64().is_some(), "{problem}");
    // The advice fits a puzzle the user brought: a larger budget, which the CLI takes, and
    // not a smaller puzzle or an easier level.
    let detail = problem["detail"].as_str().expect("a detail");
    assert!(detail.contains("a larger budget may decide it"), "{detail}");
    assert!(detail.contains("`--budget`"), "{detail}");
    assert!(!detail.contains("easier level"), "{detail}");
    // A malformed puzzle: its problem, with the place.
    let output = run_with_input(&["solve", "-"], b"# 4/ x\n/3 . .");
    let stderr = String::from_utf8_lossy(&output.stderr);
    let problem = problem_of(&stderr);
    assert_eq!(
        (&problem["type"], &problem["status"]),
        (&"/problems/syntax".into(), &400.into())
    );
}

/// `sumpuzzles openapi | head -c 100`: the document is larger than a pipe's buffer (64 KiB),
/// so the command is still writing when the reader closes its end.
#[cfg(feature = "server")]
#[test]
fn a_closed_output_pipe_ends_the_command_quietly() {
    use std::io::Read;

    let mut child = sumpuzzles()
        .arg("openapi")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the command runs");
    let mut stdout = child.stdout.take().expect("stdout is piped");
    let mut head = [0u8; 100];
    stdout.read_exact(&mut head).expect("the document starts");
    drop(stdout);
    let output = child.wait_with_output().expect("the command ends");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert!(output.status.success(), "{:?}: {stderr}", output.status);
    assert!(String::from_utf8_lossy(&head).contains("openapi"));
}

/// `rate` prints the same report as `/rate`: with a budget too small to finish, no level.
#[test]
fn rating_with_a_short_budget_prints_no_level() {
    let hard = b"kakuro:8x8:KbAbCbAbCeAcAcAeCbAbCbAbB/16.24.27.29.11.17.8.29.10.26.27.32.15.13.20.33.16.3.12.14";
    let output = run_with_input(&["rate", "-", "--budget", "50"], hard);
    assert!(output.status.success());
    let report: serde_json::Value = serde_json::from_slice(&output.stdout).expect("JSON");
    assert_eq!(report["status"], "unrated");
    assert!(
        report["level"].is_null() && report["score"].is_null(),
        "{report}"
    );
    assert_eq!(report["uniqueness"], "unknown");
    let output = run_with_input(&["rate", "-"], hard);
    let report: serde_json::Value = serde_json::from_slice(&output.stdout).expect("JSON");
    assert_eq!(
        (&report["status"], &report["level"]),
        (&"rated".into(), &"expert".into())
    );
    assert_eq!(report["score"], 9.1);
}

/// `generate --score-min/--score-max`: a puzzle scoring in range, and a range outside the
/// level's band refused with a message.
#[test]
fn generating_within_a_score_range() {
    let args = [
        "generate", "--shape", "8x8", "--level", "hard", "--seed", "3",
    ];
    let output = sumpuzzles()
        .args(args)
        .args(["--score-min", "5.0", "--score-max", "5.9"])
        .output()
        .expect("the command runs");
    assert!(output.status.success());
    let report: serde_json::Value = serde_json::from_slice(&output.stdout).expect("JSON");
    let score = report["score"].as_f64().unwrap();
    assert!((5.0..=5.9).contains(&score), "{score}");
    assert_eq!(report["requested_seed"], 3);
    let output = sumpuzzles()
        .args(args)
        .args(["--score-min", "7.5"])
        .output()
        .expect("the command runs");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains("holds none of them"), "{stderr}");
}

/// A puzzle argument that names no file but reads as an ID is the puzzle itself, as `--help`
/// says; the report is the one `/check` gives for the same puzzle and answer.
#[test]
fn a_puzzle_argument_may_be_the_id_itself() {
    let dir = std::env::temp_dir().join(format!("sumpuzzles-cli-id-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let answer = dir.join("answer.txt");
    std::fs::write(&answer, "###\n#13\n#34\n").unwrap();
    let id = "kakuro:3x3:DbAb/4.6.3.7";
    let output = sumpuzzles()
        .args(["check", id, "--answer"])
        .arg(&answer)
        .output()
        .unwrap();
    let report: serde_json::Value = serde_json::from_slice(&output.stdout)
        .unwrap_or_else(|e| panic!("{e}: {}", String::from_utf8_lossy(&output.stderr)));
    assert_eq!(report["solved"], false, "{report}");
    assert_eq!(
        report["violations"].as_array().unwrap().len(),
        2,
        "{report}"
    );
    let request = sumpuzzles::ops::CheckRequest::new(
        sumpuzzles::ops::PuzzleSource::id(id),
        sumpuzzles::ops::CheckOptions {
            answer: ["###", "#13", "#34"].as_slice().into(),
            finish: Some(false),
        },
    );
    let service = serde_json::to_value(sumpuzzles::ops::check(&request).unwrap()).unwrap();
    assert_eq!(report, service);
    // A name that is neither a file nor an ID still says the file is missing.
    let missing = sumpuzzles()
        .args(["solve", "no-such-grid.txt"])
        .output()
        .unwrap();
    assert!(!missing.status.success());
    assert!(String::from_utf8_lossy(&missing.stderr).contains("no-such-grid.txt"));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The flags that take one of a few names list them in `--help`, and refuse another name
/// before any work.
#[test]
fn the_help_lists_the_choices_of_each_named_flag() {
    let help = |command: &str| {
        let output = sumpuzzles().args([command, "--help"]).output().unwrap();
        assert!(output.status.success());
        String::from_utf8(output.stdout).unwrap()
    };
    let generate = help("generate");
    assert!(
        ["easy", "medium", "hard", "expert", "any"]
            .iter()
            .all(|level| generate.contains(level)),
        "{generate}"
    );
    let booklet = help("booklet");
    for name in ["book", "sheet", "white", "cream"] {
        assert!(booklet.contains(name), "{name} in {booklet}");
    }
    let format = help("format");
    for name in ["id", "text", "json", "url"] {
        assert!(format.contains(&format!("- {name}:")), "{name} in {format}");
    }
    let refused = sumpuzzles()
        .args(["generate", "--level", "impossible"])
        .output()
        .unwrap();
    assert_eq!(refused.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&refused.stderr);
    assert!(stderr.contains("possible values"), "{stderr}");
}
