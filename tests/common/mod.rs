//! Grids and helpers shared by the integration tests, and the one HTTP harness: a [`Client`]
//! whose every call gives a [`Reply`], through the router in process or over a socket
//! ([`server`], [`wire`]) for the tests that are about the socket.
#![allow(dead_code)]

#[cfg(feature = "server")]
mod client;
#[cfg(feature = "server")]
pub mod server;
#[cfg(feature = "server")]
pub mod wire;

// Each test binary uses some of the harness, none all of it.
#[cfg(feature = "server")]
#[allow(unused_imports)]
pub use client::{Call, Client, Reply};
#[cfg(feature = "server")]
#[allow(unused_imports)]
pub use server::{start_server, Process, RunningServer};

use std::path::PathBuf;

pub mod killer;
pub mod samples;
pub mod skip;

/// The spec's example (kakuro.txt, "Example"): generator version 2, 5x5, easy, seed 0.
pub const SPEC_EXAMPLE: &str = "# # # 7/ 5/\n# # 8/3 . .\n# 3/6 . . .\n/8 . . . #\n/6 . . # #";
pub const SPEC_EXAMPLE_SOLUTION: [&str; 5] = ["#####", "###12", "##123", "#134#", "#24##"];

/// The three grids of kakuro-solver-article.txt (backslash notation, as printed there).
pub const ARTICLE_MAIN: &str = "\
#    16\\  12\\  10\\  8\\   #    #
\\12  .    .    .    .    #    #
\\27  .    .    .    .    21\\  #
\\3   .    .    19\\8 .    .    6\\
#    \\8   .    .    17\\8 .    .
#    #    \\16  .    .    .    .
#    #    \\27  .    .    .    .";

pub const ARTICLE_MAIN_SOLUTION: [&str; 7] = [
    "#######", "#6321##", "#9684##", "#12#35#", "##17#62", "###4831", "###8973",
];

pub const ARTICLE_DRAFT: &str = "\
#    16\\  12\\  10\\  8\\   #    #
\\12  .    .    .    .    #    #
\\27  .    .    .    .    21\\  #
\\3   .    .    24\\8 .    .    6\\
#    \\8   .    .    17\\8 .    .
#    #    \\21  .    .    .    .
#    #    \\27  .    .    .    .";

pub const ARTICLE_HARD: &str = "\
#    24\\  15\\  6\\   14\\  #    #
\\17  .    .    .    .    #    #
\\13  .    .    .    .    24\\  #
\\12  .    .    11\\12 .   .    9\\
#    \\10  .    .    7\\5  .    .
#    #    \\14  .    .    .    .
#    #    \\27  .    .    .    .";

pub const ARTICLE_HARD_SOLUTION: [&str; 7] = [
    "#######", "#9152##", "#7213##", "#84#93#", "##82#41", "###1382", "###8496",
];

/// The optional published sets' folder, from `SUMPUZZLES_TESTDATA` (the sets whose licences
/// keep them out of the repository; `.ci/run` sets it to ../shared/testdata). When it is not
/// set the calling test skips ([`skip::skip`]) and gets None, so it can return early.
pub fn testdata() -> Option<PathBuf> {
    match std::env::var_os("SUMPUZZLES_TESTDATA") {
        Some(dir) => {
            let dir = PathBuf::from(dir);
            assert!(
                dir.is_dir(),
                "SUMPUZZLES_TESTDATA={} is not a folder",
                dir.display()
            );
            Some(dir)
        }
        None => {
            skip::skip(
                "needs the published puzzles of SUMPUZZLES_TESTDATA (see the README's Tests)",
            );
            None
        }
    }
}

/// The lines of a JSON Lines file as values.
pub fn json_lines(path: &std::path::Path) -> Vec<serde_json::Value> {
    std::fs::read_to_string(path)
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
        .lines()
        .filter(|line| !line.trim().is_empty())
        .map(|line| serde_json::from_str(line).expect("valid JSON line"))
        .collect()
}

/// The files of the generated corpus of `genre` (`corpus/<genre>/*.json`, `_` for `-` in the
/// folder's name, written by the corpus example), in file name order.
pub fn corpus_files(genre: &str) -> Vec<PathBuf> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("corpus")
        .join(genre.replace('-', "_"));
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|e| e == "json"))
        .collect();
    files.sort();
    files
}

/// The records of the generated corpus of `genre` ([`corpus_files`]): each file's name and
/// its JSON.
pub fn corpus_records(genre: &str) -> Vec<(String, serde_json::Value)> {
    corpus_files(genre)
        .into_iter()
        .map(|path| {
            let text = std::fs::read_to_string(&path).unwrap();
            let record =
                serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            (name, record)
        })
        .collect()
}

/// Kakuro by plain brute force, up to `limit` solutions (as solution rows): every digit in every
/// cell in order, checking each run as it fills.
pub fn kakuro_brute_force(
    puzzle: &sumpuzzles::genres::kakuro::Puzzle,
    limit: usize,
) -> Vec<Vec<String>> {
    use sumpuzzles::genres::kakuro::{self, Rules};
    let layout = puzzle.layout(Rules::Relaxed).unwrap();
    let mut digits = vec![0u8; layout.white_count()];
    let mut found = Vec::new();
    fn ok_so_far(layout: &kakuro::Layout, digits: &[u8], cell: usize) -> bool {
        layout.runs_of(cell).all(|run| {
            let run = &layout.runs[run];
            let values: Vec<u8> = run.cells.iter().map(|&c| digits[c as usize]).collect();
            let filled: Vec<u8> = values.iter().copied().filter(|&d| d != 0).collect();
            let mut seen = [false; 10];
            for &d in &filled {
                if seen[d as usize] {
                    return false;
                }
                seen[d as usize] = true;
            }
            let total: u16 = filled.iter().map(|&d| u16::from(d)).sum();
            if filled.len() == values.len() {
                total == run.sum
            } else {
                total < run.sum
            }
        })
    }
    fn go(
        layout: &kakuro::Layout,
        digits: &mut Vec<u8>,
        cell: usize,
        limit: usize,
        found: &mut Vec<Vec<String>>,
    ) {
        if found.len() >= limit {
            return;
        }
        if cell == digits.len() {
            found.push(kakuro::solution_grid(layout, digits).rows());
            return;
        }
        for d in 1..=9 {
            digits[cell] = d;
            if ok_so_far(layout, digits, cell) {
                go(layout, digits, cell + 1, limit, found);
            }
        }
        digits[cell] = 0;
    }
    go(&layout, &mut digits, 0, limit, &mut found);
    found
}

/// For the random grids of the solver property tests: the total of `fill`'s digits over the
/// run that starts after the block at `(r, c)` going `(dr, dc)` in a `rows` x `cols` grid, or
/// `None` when no white cell follows the block. Digits of a random filling may repeat, so such
/// sums can be unsolvable.
pub fn fill_run_total(
    (rows, cols): (usize, usize),
    white: impl Fn(usize, usize) -> bool,
    fill: &[u8],
    (r, c): (usize, usize),
    (dr, dc): (usize, usize),
) -> Option<u16> {
    let (mut rr, mut cc) = (r + dr, c + dc);
    let mut total = 0u16;
    let mut len = 0;
    while rr < rows && cc < cols && white(rr, cc) {
        total += u16::from(fill[rr * cols + cc]);
        len += 1;
        rr += dr;
        cc += dc;
    }
    (len > 0).then_some(total)
}
