//! The adversarial classes: grids made to hurt a solver that reasons run by run, where the
//! reason a grid has no solution (or a count of two) lies in the sums of many runs together.
//!
//! Everything is made from seeds with the project's [`SeededRng`], the same on every call:
//! - `adversarial dense fill`: an NxN block of white cells (N = 6 to 9) under its down sums and
//!   right of its across sums, the sums of a random filling (different digits in every row and
//!   column); at least one solution, usually many;
//! - `adversarial dense changed`: such a block with one sum moved by 1 to 3 (staying a sum its
//!   run can reach), N = 6 to 8, and the 8x8 block of issue 19 (down sums 44 43 42 41 40 39 38
//!   36, across sums 44 down to 37): the across sums no longer add up to the down sums;
//! - `adversarial dense raised`: one across sum and one down sum each raised by one, N = 6 to 8:
//!   the totals still agree, and the grid may have solutions or none;
//! - `adversarial dense shifted`: one across sum raised by one and another lowered by one
//!   (N = 6 to 8);
//! - `adversarial published perturbed`: every published puzzle of `DIR/kakuro.jsonl` with a
//!   known count, changed in turn like `changed`, `raised` and `shifted` (one change each);
//! - `adversarial open NxN` (12, 16, 20): random grids with long runs (up to 9 cells) and few
//!   blocks (10%), the sums of their fill, every other one raised like `raised`;
//! - `adversarial cryptic dense`: the issue's 8x8 block written in letters (A = 0, B = 1, ...),
//!   and `fill` and `raised` blocks of 6 to 8 under a random letter for each digit.

use std::path::Path;

use serde_json::Value;
use sumpuzzles::core::{Grid, SeededRng, Shape};
use sumpuzzles::genres::kakuro::generate::random_grid::{random_filled_grid, RandomGridStyle};
use sumpuzzles::genres::kakuro::{self, Cell, Puzzle, Rules};
use sumpuzzles::genres::GenreId;

use super::{input, Input};

/// Sides of the dense blocks whose sums are a filling's.
const FILL_SIDES: [usize; 4] = [6, 7, 8, 9];
/// Sides of the dense blocks with changed sums (in a 9x9 block every run adds up to 45, which
/// no change keeps reachable).
const CHANGED_SIDES: [usize; 3] = [6, 7, 8];
/// Seeds per side and kind.
const DENSE_SEEDS: u64 = 6;
/// Sides of the open grids, and seeds of each.
const OPEN_SIDES: [usize; 3] = [12, 16, 20];
const OPEN_SEEDS: u64 = 6;
const OPEN_STYLE: RandomGridStyle = RandomGridStyle {
    run_limit: 9,
    block_percent: 10,
    noise: 7,
};
/// Seeds per side and kind of the cryptic blocks.
const CRYPTIC_SEEDS: u64 = 3;
/// Random streams, one per use, so that one class's draws do not move another's.
const STREAM_DENSE: u64 = 0xD1;
const STREAM_PUBLISHED: u64 = 0xD2;
const STREAM_OPEN: u64 = 0xD3;
const STREAM_CRYPTIC: u64 = 0xD4;

/// The 8x8 block of issue 19: across sums 324 in all, down sums 323.
const ISSUE_DOWN: [u16; 8] = [44, 43, 42, 41, 40, 39, 38, 36];
const ISSUE_ACROSS: [u16; 8] = [44, 43, 42, 41, 40, 39, 38, 37];

/// How a grid's sums are changed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Change {
    /// Left as the filling gives them.
    None,
    /// One sum moved by 1 to 3.
    One,
    /// One across and one down sum each raised by one.
    Raised,
    /// One across sum raised by one and another lowered by one.
    Shifted,
}

impl Change {
    fn name(self) -> &'static str {
        match self {
            Change::None => "fill",
            Change::One => "changed",
            Change::Raised => "raised",
            Change::Shifted => "shifted",
        }
    }
}

/// Every adversarial input; the published ones when `testdata` is there.
pub fn inputs(testdata: Option<&Path>) -> Result<Vec<Input>, String> {
    let mut inputs = Vec::new();
    let kakuro_input = |class: &str, name: String, puzzle: &Puzzle| {
        input(
            class,
            GenreId::Kakuro,
            &name,
            kakuro::format::to_text(puzzle),
        )
    };
    for change in [Change::None, Change::One, Change::Raised, Change::Shifted] {
        let class = format!("adversarial dense {}", change.name());
        if change == Change::One {
            let issue = dense_block(&ISSUE_DOWN, &ISSUE_ACROSS);
            inputs.push(kakuro_input(&class, "issue 19 8x8".into(), &issue));
        }
        let sides: &[usize] = if change == Change::None {
            &FILL_SIDES
        } else {
            &CHANGED_SIDES
        };
        for &side in sides {
            for seed in 0..DENSE_SEEDS {
                let mut rng = SeededRng::new(seed, STREAM_DENSE ^ ((side as u64) << 8));
                let puzzle = filled_block(side, &mut rng);
                let puzzle = changed(&puzzle, change, &mut rng)?;
                inputs.push(kakuro_input(
                    &class,
                    format!("{side}x{side} seed {seed}"),
                    &puzzle,
                ));
            }
        }
    }
    if let Some(dir) = testdata {
        let path = dir.join("kakuro.jsonl");
        let text =
            std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
        let mut rng = SeededRng::new(0, STREAM_PUBLISHED);
        let kinds = [Change::One, Change::Raised, Change::Shifted];
        let mut index = 0;
        for line in text.lines().filter(|l| !l.trim().is_empty()) {
            let record: Value = serde_json::from_str(line).map_err(|e| e.to_string())?;
            let (Some(name), Some(text), Some(_)) = (
                record["name"].as_str(),
                record["text"].as_str(),
                record["count"].as_u64(),
            ) else {
                continue;
            };
            // Grids our rules refuse (runs without sums) are left out.
            let Ok(puzzle) = kakuro::format::parse_text(text) else {
                continue;
            };
            if puzzle.layout(Rules::Relaxed).is_err() {
                continue;
            }
            let change = kinds[index % kinds.len()];
            index += 1;
            let source = record["source"].as_str().unwrap_or("?");
            let puzzle = changed(&puzzle, change, &mut rng)?;
            inputs.push(kakuro_input(
                "adversarial published perturbed",
                format!("{source} {name} {}", change.name()),
                &puzzle,
            ));
        }
    }
    for side in OPEN_SIDES {
        for seed in 0..OPEN_SEEDS {
            let mut rng = SeededRng::new(seed, STREAM_OPEN ^ ((side as u64) << 8));
            let (puzzle, _) = random_filled_grid(Shape::new(side, side), OPEN_STYLE, &mut rng)
                .map_err(|e| format!("open {side}x{side} seed {seed}: {e}"))?;
            let change = if seed % 2 == 0 {
                Change::None
            } else {
                Change::Raised
            };
            let puzzle = changed(&puzzle, change, &mut rng)?;
            inputs.push(kakuro_input(
                &format!("adversarial open {side}x{side}"),
                format!("seed {seed} {}", change.name()),
                &puzzle,
            ));
        }
    }
    let class = "adversarial cryptic dense";
    let identity: [u8; 10] = std::array::from_fn(|digit| digit as u8);
    inputs.push(input(
        class,
        GenreId::KakuroCryptic,
        "issue 19 8x8",
        in_letters(&dense_block(&ISSUE_DOWN, &ISSUE_ACROSS), &identity),
    ));
    for change in [Change::None, Change::Raised] {
        for side in CHANGED_SIDES {
            for seed in 0..CRYPTIC_SEEDS {
                let mut rng = SeededRng::new(seed, STREAM_CRYPTIC ^ ((side as u64) << 8));
                let puzzle = changed(&filled_block(side, &mut rng), change, &mut rng)?;
                let mut letters = identity;
                rng.shuffle(&mut letters);
                inputs.push(input(
                    class,
                    GenreId::KakuroCryptic,
                    &format!("{side}x{side} seed {seed} {}", change.name()),
                    in_letters(&puzzle, &letters),
                ));
            }
        }
    }
    Ok(inputs)
}

/// An NxN block of white cells with the given down sums (left to right) and across sums (top
/// to bottom), in an (N+1)x(N+1) grid.
fn dense_block(down: &[u16], across: &[u16]) -> Puzzle {
    let side = down.len();
    let shape = Shape::new(side + 1, side + 1);
    let mut grid = Grid::filled(shape, Cell::White);
    grid[(0, 0)] = Cell::BLOCK;
    for (i, &sum) in down.iter().enumerate() {
        grid[(0, i + 1)] = Cell::Block {
            down: Some(sum),
            across: None,
        };
    }
    for (i, &sum) in across.iter().enumerate() {
        grid[(i + 1, 0)] = Cell::Block {
            down: None,
            across: Some(sum),
        };
    }
    Puzzle::new(grid)
}

/// A dense block with the sums of a random filling: different digits in every row and column,
/// each cell's digit drawn from those its row and column leave.
fn filled_block(side: usize, rng: &mut SeededRng) -> Puzzle {
    let digits = latin_rectangle(side, rng);
    let down: Vec<u16> = (0..side)
        .map(|col| (0..side).map(|row| u16::from(digits[row][col])).sum())
        .collect();
    let across: Vec<u16> = digits
        .iter()
        .map(|row| row.iter().map(|&d| u16::from(d)).sum())
        .collect();
    dense_block(&down, &across)
}

/// A `side`x`side` array of digits 1-9, different in every row and column: depth-first in
/// reading order, each cell's digits in a random order; a dead end that takes too long starts
/// over.
fn latin_rectangle(side: usize, rng: &mut SeededRng) -> Vec<Vec<u8>> {
    const TRIES_BEFORE_RESTART: u32 = 10_000;
    'restart: loop {
        let cells = side * side;
        let mut digits = vec![0u8; cells];
        let mut orders: Vec<Vec<u8>> = Vec::with_capacity(cells);
        let mut next = vec![0usize; cells];
        let mut tries = 0;
        let mut cell = 0;
        while cell < cells {
            if next[cell] == 0 {
                let mut order: Vec<u8> = (1..=9).collect();
                rng.shuffle(&mut order);
                orders.truncate(cell);
                orders.push(order);
            }
            let (row, col) = (cell / side, cell % side);
            let mut placed = false;
            while next[cell] < 9 {
                let digit = orders[cell][next[cell]];
                next[cell] += 1;
                tries += 1;
                let clash = (0..col).any(|c| digits[row * side + c] == digit)
                    || (0..row).any(|r| digits[r * side + col] == digit);
                if !clash {
                    digits[cell] = digit;
                    placed = true;
                    break;
                }
            }
            if tries > TRIES_BEFORE_RESTART {
                continue 'restart;
            }
            if placed {
                cell += 1;
            } else {
                next[cell] = 0;
                digits[cell] = 0;
                if cell == 0 {
                    continue 'restart;
                }
                cell -= 1;
            }
        }
        return digits.chunks(side).map(<[u8]>::to_vec).collect();
    }
}

/// The sums a run of `len` different digits can add up to.
fn reachable(len: usize, sum: i32) -> bool {
    let len = len as i32;
    let low = len * (len + 1) / 2;
    let high = 45 - (9 - len) * (10 - len) / 2;
    (1..=9).contains(&len) && (low..=high).contains(&sum)
}

/// `puzzle` with its sums changed as `change` says, on runs picked at random among those the
/// change keeps reachable (and the puzzle unchanged when there are none).
fn changed(puzzle: &Puzzle, change: Change, rng: &mut SeededRng) -> Result<Puzzle, String> {
    let layout = puzzle.layout(Rules::Relaxed).map_err(|e| e.to_string())?;
    // (run, by how much) for every change that keeps the run's sum reachable.
    let can = |down: bool, by: i32| -> Vec<(usize, i32)> {
        layout
            .runs
            .iter()
            .enumerate()
            .filter(|(_, run)| {
                run.down == down && reachable(run.cells.len(), i32::from(run.sum) + by)
            })
            .map(|(index, _)| (index, by))
            .collect()
    };
    let mut edits: Vec<(usize, i32)> = Vec::new();
    match change {
        Change::None => {}
        Change::One => {
            let by = [1, 2, 3][rng.index(3)] * if rng.chance(1, 2) { 1 } else { -1 };
            let mut options = can(true, by);
            options.extend(can(false, by));
            edits.extend(rng.pick(&options));
        }
        Change::Raised => {
            let (across, down) = (can(false, 1), can(true, 1));
            if let (Some(&a), Some(&d)) = (rng.pick(&across), rng.pick(&down)) {
                edits.extend([a, d]);
            }
        }
        Change::Shifted => {
            let up = can(false, 1);
            let down = can(false, -1);
            if let Some(&raised) = rng.pick(&up) {
                let others: Vec<_> = down.into_iter().filter(|&(r, _)| r != raised.0).collect();
                if let Some(&lowered) = rng.pick(&others) {
                    edits.extend([raised, lowered]);
                }
            }
        }
    }
    let mut grid = puzzle.grid().clone();
    for (run, by) in edits {
        let run = &layout.runs[run];
        let sum = (i32::from(run.sum) + by) as u16;
        if let Cell::Block { down, across } = &mut grid[run.clue] {
            *if run.down { down } else { across } = Some(sum);
        }
    }
    Ok(Puzzle::new(grid))
}

/// A Kakuro grid written as cryptic Kakuro: each digit of a sum as its letter
/// (`letters[digit]` is the letter index of `digit`).
fn in_letters(puzzle: &Puzzle, letters: &[u8; 10]) -> String {
    let letter = |digit: u16| char::from(b'A' + letters[usize::from(digit)]);
    let spell = |sum: u16| -> String {
        if sum >= 10 {
            [letter(sum / 10), letter(sum % 10)].iter().collect()
        } else {
            letter(sum).to_string()
        }
    };
    let grid = puzzle.grid();
    (0..grid.rows())
        .map(|row| {
            (0..grid.cols())
                .map(|col| match grid[(row, col)] {
                    Cell::White => ".".to_string(),
                    Cell::Block {
                        down: None,
                        across: None,
                    } => "#".to_string(),
                    Cell::Block { down, across } => format!(
                        "{}/{}",
                        down.map(spell).unwrap_or_default(),
                        across.map(spell).unwrap_or_default()
                    ),
                })
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect::<Vec<_>>()
        .join("\n")
}
