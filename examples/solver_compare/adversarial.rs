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
//! - `adversarial open NxN` (12, 16, 20, 24, 32, 40): random grids with long runs (up to 9
//!   cells) and few blocks (10%), the sums of their fill, every other one raised like `raised`;
//! - `adversarial cryptic dense`: the issue's 8x8 block written in letters (A = 0, B = 1, ...),
//!   and `fill` and `raised` blocks of 6 to 8 under a random letter for each digit.

use std::path::Path;

use serde_json::Value;
use sumpuzzles::genres::kakuro::generate::adversarial::{
    change_sums, dense_block, filled_block, SumChange,
};
use sumpuzzles::genres::kakuro::generate::random_grid::{random_filled_grid, RandomGridStyle};
use sumpuzzles::genres::kakuro::{self, Cell, Puzzle, Rules};
use sumpuzzles::genres::GenreId;
use sumpuzzles::{SeededRng, Shape};

use super::{input, Input};

/// Sides of the dense blocks whose sums are a filling's.
const FILL_SIDES: [usize; 4] = [6, 7, 8, 9];
/// Sides of the dense blocks with changed sums (in a 9x9 block every run adds up to 45, which
/// no change keeps reachable).
const CHANGED_SIDES: [usize; 3] = [6, 7, 8];
/// Seeds per side and kind.
const DENSE_SEEDS: u64 = 6;
/// Sides of the open grids, and seeds of each.
const OPEN_SIDES: [usize; 6] = [12, 16, 20, 24, 32, 40];
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
    for change in [
        SumChange::None,
        SumChange::One,
        SumChange::Raised,
        SumChange::Shifted,
    ] {
        let class = format!("adversarial dense {}", change.name());
        if change == SumChange::One {
            let issue = dense_block(&ISSUE_DOWN, &ISSUE_ACROSS).map_err(|e| e.to_string())?;
            inputs.push(kakuro_input(&class, "issue 19 8x8".into(), &issue));
        }
        let sides: &[usize] = if change == SumChange::None {
            &FILL_SIDES
        } else {
            &CHANGED_SIDES
        };
        for &side in sides {
            for seed in 0..DENSE_SEEDS {
                let mut rng = SeededRng::new(seed, STREAM_DENSE ^ ((side as u64) << 8));
                let (puzzle, _) = filled_block(side, &mut rng);
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
        let kinds = [SumChange::One, SumChange::Raised, SumChange::Shifted];
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
                SumChange::None
            } else {
                SumChange::Raised
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
        in_letters(
            &dense_block(&ISSUE_DOWN, &ISSUE_ACROSS).map_err(|e| e.to_string())?,
            &identity,
        ),
    ));
    for change in [SumChange::None, SumChange::Raised] {
        for side in CHANGED_SIDES {
            for seed in 0..CRYPTIC_SEEDS {
                let mut rng = SeededRng::new(seed, STREAM_CRYPTIC ^ ((side as u64) << 8));
                let (block, _) = filled_block(side, &mut rng);
                let puzzle = changed(&block, change, &mut rng)?;
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

/// [`change_sums`], with its error as text.
fn changed(puzzle: &Puzzle, change: SumChange, rng: &mut SeededRng) -> Result<Puzzle, String> {
    change_sums(puzzle, change, rng).map_err(|e| e.to_string())
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
