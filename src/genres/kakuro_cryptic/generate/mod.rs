//! The cryptic Kakuro generator, version 1. No published tool generates this genre; the
//! procedure is ours:
//!
//! 1. **Grid**: the Kakuro generator (Kakuro's [`Genre::generate`]) makes a Kakuro of the
//!    requested shape and level, unique by itself. The first grid uses the caller's seed, so
//!    the underlying grid is the Kakuro the same parameters give.
//! 2. **Letters**: a random bijection, drawn from the seed's own stream, maps the digits to
//!    the letters, and the sums are written with it.
//! 3. **Coverage**: a letter can only be pinned down where its digit shows, in a cell or in
//!    the digits of a sum. If fewer than 9 of the 10 digits show, no choice of shown letters
//!    makes the mapping unique, and the next grid is made with a seed drawn from the stream (at
//!    most [`GRIDS`] grids; only small shapes need more than one).
//! 4. **Reveal** ([`reveal`]): while the exact solver finds a second solution, one more white
//!    cell shows its letter: one whose letter rules that second solution out (one always does
//!    once the digits are covered: with every cell shown, the grid and every letter in it are
//!    fixed), preferring a letter seen nowhere yet, the rest at random. When the solver cannot
//!    finish within its fixed limit, any hidden cell is shown.
//! 5. **Trim**: the shown letters are then tried in random order, and each one the puzzle stays
//!    unique without is hidden again. No shown letter can then be hidden; fewer may do with a
//!    different choice (the set is minimal, not smallest).
//!
//! The level is the Kakuro rating of the underlying grid (see [`super::rate`]): working out the
//! letters is not rated. Every uniqueness check runs under a fixed limit of [`SOLVE_STEPS`]
//! solver steps taken from the caller's budget, so the puzzle depends only on the parameters;
//! running out of the caller's budget is an error, never a different puzzle. Stats count the
//! Kakuro generator's attempts and restarts plus one attempt per uniqueness check and one
//! restart per grid given up.

pub mod reveal;

use crate::core::{
    Budget, Error, GenerateParams, Generated, GenerationStats, InputError, SeededRng,
};
use crate::genres::kakuro::{self, Kakuro};
use crate::genres::sum_grid::layout::Cell as KakuroCell;
use crate::genres::Genre;

use super::answer::Solution;
use super::format::GENRE;
use super::model::{Letter, Puzzle, LETTERS, MAX_SIDE};

/// The generator version: part of what determines the puzzle for a seed.
pub const GENERATOR_VERSION: u32 = 1;
/// Smallest side the generator takes: smaller grids hardly ever show 9 digits.
pub const MIN_SIDE: usize = 4;
/// Kakuro grids tried before giving up on the parameters.
pub const GRIDS: u32 = 64;
/// Solver steps one uniqueness check may take.
pub const SOLVE_STEPS: u64 = 200_000;
/// The random stream of the letters and the choices of shown cells ("CRYPTIC").
const STREAM: u64 = 0x0043_5259_5054_4943;

/// Generates a puzzle for `params` under `budget`.
pub fn generate(
    params: &GenerateParams,
    budget: &mut Budget,
) -> Result<Generated<Puzzle, Solution>, Error> {
    params.shape.check_within(MIN_SIDE, MAX_SIDE, GENRE)?;
    let start = budget.used();
    let mut rng = SeededRng::new(params.seed, STREAM);
    let mut stats = GenerationStats::default();
    for grid in 0..GRIDS {
        let seed = if grid == 0 {
            params.seed
        } else {
            rng.next_u64()
        };
        let base = Kakuro::generate(&GenerateParams { seed, ..*params }, budget)?;
        stats.attempts += base.stats.attempts;
        stats.restarts += base.stats.restarts;
        let mut letter_of: [Letter; LETTERS] =
            std::array::from_fn(|i| Letter::new(i).expect("ten letters"));
        rng.shuffle(&mut letter_of);
        if shown_digits(&base.puzzle, &base.solution).count_ones() < 9 {
            stats.restarts += 1;
            continue;
        }
        match reveal::reveal(
            &base.puzzle,
            &base.solution,
            &letter_of,
            &mut rng,
            budget,
            &mut stats,
        )? {
            Some((puzzle, solution)) => {
                stats.steps = budget.used() - start;
                return Ok(Generated {
                    puzzle,
                    solution,
                    rating: base.rating,
                    seed: params.seed,
                    generator_version: GENERATOR_VERSION,
                    stats,
                });
            }
            None => stats.restarts += 1,
        }
    }
    Err(InputError::limits(format!(
        "none of {GRIDS} {} Kakuro grids shows enough digits for a unique letter mapping; try a larger shape",
        params.shape
    ))
    .into())
}

/// The digits 0-9 that appear in the solution's cells or in the digits of the sums, as bits.
fn shown_digits(puzzle: &kakuro::Puzzle, solution: &kakuro::Solution) -> u16 {
    let mut digits = 0u16;
    for &digit in solution.digits.cells() {
        if digit != 0 {
            digits |= 1 << digit;
        }
    }
    for cell in puzzle.grid().cells() {
        if let KakuroCell::Block { down, across } = *cell {
            for sum in down.into_iter().chain(across) {
                if sum >= 10 {
                    digits |= 1 << (sum / 10 % 10);
                }
                digits |= 1 << (sum % 10);
            }
        }
    }
    digits
}
