//! Killer Sudoku generation benchmark, side by side with Simon Tatham's Solo in one run
//! (issue 27's evidence; results in `docs/benchmarks-killer.md`).
//!
//! `cargo run --release --example killer_benchmark` generates seeds 0-19 for every size (4x4,
//! 6x6, 9x9, 12x12, 16x16) and level (easy, medium, hard, expert) with the killer module's
//! generator called directly ([`KillerSudoku::generate`], the rater `killer-human`), under the
//! service's default generation budget ([`ops::GENERATE_BUDGET`] steps). For the sizes Solo
//! makes (4x4 as `2x2`, 6x6 as `2x3`: boxes of 2 rows by 3 columns, 9x9 as `3x3`) it runs
//! `sgt-solo --generate 1 <c>x<r>kd<grade>#<seed>` for each Solo grade of the level right
//! after our generation of the same seed (trivial and basic for easy, intermediate for medium,
//! advanced for hard, extreme for expert), so that both share the machine's load of the moment.
//!
//! Each table row: puzzles found of those asked, the median, 95th percentile and maximum
//! wall-clock time (a failure counts as infinitely slow), the median CPU time (ours: the
//! generating thread's; Solo: the child process's user and system time, from `getrusage`) and
//! its 95th percentile, and for ours the median and maximum budget steps. A level a shape does
//! not hold (4x4 hard: see `generate::levels`) is not asked of ours; Solo's row stays.
//! Solo runs one process per puzzle: its wall time includes starting the process (about 1 ms).
//!
//! Options: `--sizes 9x9,16x16`, `--levels easy,expert`, `--seeds N` (seeds 0..N), `--solo PATH`
//! (default `/usr/games/sgt-solo`), `--no-solo`, `--solo-timeout SECONDS` (default 300: a Solo
//! run that takes longer is killed and counts as not found).

#[path = "support/args.rs"]
mod args;
#[path = "support/cpu_time.rs"]
mod cpu_time;
#[path = "support/stats.rs"]
mod stats;

use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use cpu_time::thread_cpu_time;
use sumpuzzles::genres::killer_sudoku::generate::{self, SHAPES};
use sumpuzzles::genres::killer_sudoku::KillerSudoku;
use sumpuzzles::genres::Genre;
use sumpuzzles::ops::GENERATE_BUDGET;
use sumpuzzles::{Budget, GenerateParams, Level, Shape, TargetLevel};

const DEFAULT_SOLO: &str = "/usr/games/sgt-solo";

/// One generation's outcome: wall time, CPU time and steps, or nothing when none was found.
#[derive(Clone, Copy)]
struct Run {
    wall: Duration,
    cpu: Duration,
    steps: Option<u64>,
}

/// The runs of one generator (ours or a Solo grade) at one size and level.
struct Row {
    generator: String,
    runs: Vec<Option<Run>>,
}

impl Row {
    fn new(generator: String) -> Row {
        Row {
            generator,
            runs: Vec::new(),
        }
    }

    fn found(&self) -> usize {
        self.runs.iter().filter(|run| run.is_some()).count()
    }

    fn sorted(&self, key: impl Fn(&Run) -> Duration) -> Vec<Option<Duration>> {
        let mut times: Vec<Option<Duration>> =
            self.runs.iter().map(|run| run.as_ref().map(&key)).collect();
        stats::sort_times(&mut times);
        times
    }

    /// The nearest-rank quantile of the wall times (`cpu`: of the CPU times), `None` when it
    /// falls on a failure.
    fn quantile(&self, q: f64, cpu: bool) -> Option<Duration> {
        let times = self.sorted(|run| if cpu { run.cpu } else { run.wall });
        let index = ((times.len() as f64 * q).ceil() as usize).clamp(1, times.len()) - 1;
        times[index]
    }

    fn cells(&self) -> String {
        let wall = self.sorted(|run| run.wall);
        let cpu = self.sorted(|run| run.cpu);
        let mut steps: Vec<u64> = self.runs.iter().flatten().filter_map(|r| r.steps).collect();
        steps.sort_unstable();
        let steps = match (steps.get(steps.len() / 2), steps.last()) {
            (Some(median), Some(max)) => format!("{median} / {max}"),
            _ => "—".into(),
        };
        format!(
            "{} | {}/{} | {} | {} | {} | {} | {} | {steps}",
            self.generator,
            self.found(),
            self.runs.len(),
            stats::quantile(&wall, 0.5),
            stats::quantile(&wall, 0.95),
            stats::quantile(&wall, 1.0),
            stats::quantile(&cpu, 0.5),
            stats::quantile(&cpu, 0.95),
        )
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let option = |name: &str| args::option(&args, name);
    let sizes: Vec<Shape> = match option("--sizes") {
        Some(list) => list
            .split(',')
            .map(|s| s.parse().expect("size like 9x9"))
            .collect(),
        None => SHAPES.to_vec(),
    };
    let levels: Vec<Level> = option("--levels")
        .unwrap_or_else(|| "easy,medium,hard,expert".into())
        .split(',')
        .map(|s| match s.parse() {
            Ok(TargetLevel::Exactly(level)) => level,
            _ => panic!("level {s}: expected easy, medium, hard or expert"),
        })
        .collect();
    let seeds: u64 = option("--seeds").map_or(20, |s| s.parse().expect("--seeds N"));
    let solo_timeout = Duration::from_secs(
        option("--solo-timeout").map_or(300, |s| s.parse().expect("--solo-timeout SECONDS")),
    );
    let solo: Option<PathBuf> = if args.iter().any(|a| a == "--no-solo") {
        None
    } else {
        let path = PathBuf::from(option("--solo").unwrap_or_else(|| DEFAULT_SOLO.into()));
        if path.exists() {
            Some(path)
        } else {
            eprintln!(
                "{}: missing (apt-get install sgt-puzzles): Solo skipped",
                path.display()
            );
            None
        }
    };

    println!(
        "Seeds 0-{}, budget {GENERATE_BUDGET} steps (the service's default); load average at start: {}",
        seeds.saturating_sub(1),
        load_average()
    );
    println!();
    println!("| Size | Level | Generator | Found | Median | 95th percentile | Max | Median CPU | 95th percentile CPU | Steps (median / max) |");
    println!("|---|---|---|---|---|---|---|---|---|---|");
    let mut ours_all: Vec<(Shape, Level, Row)> = Vec::new();
    let mut solo_all: Vec<(Shape, Level, Row)> = Vec::new();
    for &shape in &sizes {
        for &level in &levels {
            let mut ours = Row::new("ours".into());
            let grades: Vec<(char, &str)> = match (&solo, solo_params(shape)) {
                (Some(_), Some(_)) => solo_grades(level).to_vec(),
                _ => Vec::new(),
            };
            let mut theirs: Vec<Row> = grades
                .iter()
                .map(|(_, name)| Row::new(format!("Solo {name}")))
                .collect();
            // A level the shape does not hold (4x4 hard) is refused, not searched for.
            let held = generate::levels(shape).contains(&level);
            for seed in 0..seeds {
                if held {
                    ours.runs.push(generate_ours(shape, level, seed));
                }
                for (row, (grade, _)) in theirs.iter_mut().zip(&grades) {
                    let solo = solo.as_deref().expect("grades only with Solo");
                    let params = solo_params(shape).expect("grades only where Solo makes the size");
                    row.runs.push(generate_solo(
                        solo,
                        &format!("{params}kd{grade}#{seed}"),
                        solo_timeout,
                    ));
                }
                eprint!(".");
            }
            eprintln!(" {shape} {level}");
            if !held {
                println!("| {shape} | {level} | ours: none, the shape holds no {level} puzzle (refused) | | | | | | | |");
            }
            for row in std::iter::once(&ours).filter(|_| held).chain(&theirs) {
                println!("| {shape} | {level} | {} |", row.cells());
            }
            if held {
                ours_all.push((shape, level, ours));
            }
            solo_all.extend(theirs.into_iter().map(|row| (shape, level, row)));
        }
    }
    println!();
    println!("Load average at the end: {}", load_average());
    verdicts(&ours_all, &solo_all);
}

/// Our generation of one seed, under the service's default generation budget.
fn generate_ours(shape: Shape, level: Level, seed: u64) -> Option<Run> {
    let params = GenerateParams {
        shape,
        level: TargetLevel::Exactly(level),
        seed,
    };
    let (wall, cpu) = (Instant::now(), thread_cpu_time());
    let result = KillerSudoku::generate(&params, &mut Budget::new(GENERATE_BUDGET));
    let run = |steps| Run {
        wall: wall.elapsed(),
        cpu: thread_cpu_time() - cpu,
        steps,
    };
    match result {
        Ok(generated) => Some(run(Some(generated.stats.steps))),
        Err(error) => {
            eprintln!("\nours {shape} {level} seed {seed}: {error}");
            None
        }
    }
}

/// Solo's parameters for a size (`c x r`: c rows per box, r columns per box), where it makes
/// the size with our box shape.
fn solo_params(shape: Shape) -> Option<&'static str> {
    match shape.rows {
        4 => Some("2x2"),
        6 => Some("2x3"),
        9 => Some("3x3"),
        _ => None,
    }
}

/// Solo's grades for a level (its letter and name), as issue 27's clarification maps them.
fn solo_grades(level: Level) -> &'static [(char, &'static str)] {
    match level {
        Level::Easy => &[('t', "trivial"), ('b', "basic")],
        Level::Medium => &[('i', "intermediate")],
        Level::Hard => &[('a', "advanced")],
        Level::Expert => &[('e', "extreme")],
        _ => &[],
    }
}

/// One Solo process generating one puzzle of `params` (seed included): wall time and the
/// child's CPU time, or nothing when it failed or ran past `timeout` (then it is killed).
fn generate_solo(solo: &Path, params: &str, timeout: Duration) -> Option<Run> {
    let start = Instant::now();
    let mut child = Command::new(solo)
        .args(["--generate", "1", params])
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("sgt-solo runs");
    let pid = child.id() as libc::pid_t;
    let (done, wait) = mpsc::channel::<()>();
    let watchdog = std::thread::spawn(move || {
        if wait.recv_timeout(timeout).is_err() {
            // SAFETY: kill only sends a signal. The child is reaped only after the wait below
            // returns, which sends on `done` first thing after, so the pid is the child's
            // unless the timeout fell in that instant.
            unsafe { libc::kill(pid, libc::SIGKILL) };
        }
    });
    let mut output = String::new();
    let read = child
        .stdout
        .take()
        .expect("piped")
        .read_to_string(&mut output);
    let before = children_cpu();
    let status = child.wait();
    let _ = done.send(());
    let wall = start.elapsed();
    let cpu = children_cpu() - before;
    watchdog.join().expect("the watchdog does not panic");
    let ok = status.is_ok_and(|status| status.success()) && read.is_ok() && output.contains("k:");
    if !ok {
        eprintln!("\nSolo {params}: no puzzle after {wall:?}");
        return None;
    }
    Some(Run {
        wall,
        cpu,
        steps: None,
    })
}

/// The user and system time of this process's waited-for children: the Solo processes, one
/// at a time, so the difference around one wait is that child's.
fn children_cpu() -> Duration {
    // SAFETY: an all-zero rusage is a valid value; getrusage only writes it.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    // SAFETY: RUSAGE_CHILDREN with a valid pointer.
    let status = unsafe { libc::getrusage(libc::RUSAGE_CHILDREN, &mut usage) };
    assert_eq!(status, 0, "getrusage(RUSAGE_CHILDREN) failed");
    let timeval = |t: libc::timeval| Duration::new(t.tv_sec as u64, t.tv_usec as u32 * 1000);
    timeval(usage.ru_utime) + timeval(usage.ru_stime)
}

/// The 1, 5 and 15 minute load averages (how busy the shared machine was).
fn load_average() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .map(|text| {
            text.split_whitespace()
                .take(3)
                .collect::<Vec<_>>()
                .join(" ")
        })
        .unwrap_or_else(|_| "unknown".into())
}

/// What issue 27 aims at, checked on the rows printed: 20/20 found everywhere, 9x9 expert
/// median at most 50 ms and 95th percentile at most 250 ms, and faster than Solo (median and
/// 95th percentile) at every grade.
fn verdicts(ours: &[(Shape, Level, Row)], solo: &[(Shape, Level, Row)]) {
    let short: Vec<String> = ours
        .iter()
        .filter(|(_, _, row)| row.found() < row.runs.len())
        .map(|(shape, level, row)| format!("{shape} {level} {}/{}", row.found(), row.runs.len()))
        .collect();
    if short.is_empty() {
        println!("Found every puzzle asked at every size and level.");
    } else {
        println!("Not every puzzle found: {}", short.join(", "));
    }
    for (shape, level, row) in ours {
        if shape.rows == 9 && *level == Level::Expert {
            for (cpu, times) in [(false, "wall"), (true, "CPU")] {
                let (median, p95) = (row.quantile(0.5, cpu), row.quantile(0.95, cpu));
                let met = median.is_some_and(|m| m <= Duration::from_millis(50))
                    && p95.is_some_and(|p| p <= Duration::from_millis(250));
                println!(
                    "9x9 expert, {times} time: median {}, 95th percentile {}: aim (<= 50 ms, <= 250 ms) {}",
                    median.map_or("—".into(), stats::format_duration),
                    p95.map_or("—".into(), stats::format_duration),
                    if met { "met" } else { "NOT met" }
                );
            }
        }
    }
    for (shape, level, theirs) in solo {
        let Some((_, _, mine)) = ours.iter().find(|(s, l, _)| s == shape && l == level) else {
            println!(
                "{shape} {level}: {} alone (the shape holds no {level} puzzle of ours)",
                theirs.generator
            );
            continue;
        };
        for (cpu, times) in [(false, "wall"), (true, "CPU")] {
            // None (a failure) is slower than any time.
            let slower = |q: f64| match (mine.quantile(q, cpu), theirs.quantile(q, cpu)) {
                (Some(a), Some(b)) => a > b,
                (None, Some(_)) => true,
                _ => false,
            };
            let verdict = match (slower(0.5), slower(0.95)) {
                (false, false) => "faster (median and 95th percentile)",
                (true, true) => "SLOWER (median and 95th percentile)",
                (true, false) => "SLOWER at the median",
                (false, true) => "SLOWER at the 95th percentile",
            };
            println!(
                "{shape} {level} against {}, {times} time: ours {verdict}",
                theirs.generator
            );
        }
    }
}
