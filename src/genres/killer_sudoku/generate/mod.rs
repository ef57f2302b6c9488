//! The Killer Sudoku generator, version 4.
//!
//! Procedure:
//! 1. **Fill**: a random valid grid: the pattern `(cols * (r mod rows) + r div rows + c) mod N`
//!    of the box shape `rows x cols`, its bands, the rows in each band, its stacks and the
//!    columns in each stack shuffled, and the digits relabelled. At 4x4 this makes 96 of the
//!    288 filled grids, 32 of them of the kinds whose layouts can rate expert
//!    ([`small_grids`]); for a 4x4 expert the grid is drawn again until it is one of those 32
//!    (since version 4; the other sizes and levels make the puzzles of version 3).
//! 2. **Cages**: the cells in a random order; each cell not yet caged starts a cage of a size
//!    drawn from [`CAGE_SIZES`] (at most N), which grows by orthogonal neighbours not yet caged
//!    whose digits it does not hold yet, drawn uniformly, until it has its size or no such
//!    neighbour is left. Every cage is orthogonally connected and its digits differ; its sum
//!    is its digits'.
//! 3. **Unique**: the exact solver looks for two solutions within [`SOLVE_STEPS_PER_CELL`]
//!    steps a cell (at 4x4: the 288 filled grids are narrowed by each cage, as bit sets, in
//!    [`screen::CageGrids::solutions`]). While it finds two (or runs out), a cage is split: the cage
//!    of a cell where the two solutions differ, drawn uniformly (when it ran out: one of the
//!    largest cages), into the cells nearest that cell (half of it, breadth first) and the
//!    connected parts of the rest. A split only adds sums, so the grid stays a solution and no
//!    other solution appears; a grid of single cells is unique.
//! 4. **Level**: each candidate is first screened ([`screen`]): at 4x4 a candidate the filled
//!    grids show to have several solutions counts as not finished, and a candidate the easy
//!    screen (the rater's easy techniques to their fixpoint, in microseconds) fills counts as
//!    easy, unique and unrated; the others the rater (within [`RATE_STEPS`]) rates. A
//!    candidate counted easy is rated by the rater before it is handed out. Too easy: the
//!    pairs of neighbouring cages whose digits differ and whose sizes add up to at most N are
//!    tried in a random order, at most [`MERGE_TRIES`] of them (every one at 4x4), and the
//!    first merge the rater (or the easy screen) finishes no harder than the level asked is kept:
//!    a puzzle the rater finishes has one solution (its deductions remove only what no
//!    solution has), so a merge costs one assessment and no exact solve, and it is the next
//!    step's. At 4x4, when no merge is kept, two neighbouring cages are drawn again over their
//!    cells (`Generator::reshape`) and the first such puzzle kept the same way goes on. Too
//!    hard (or the rating ran out): a cage of two or more cells is split as in step 3, and
//!    assessed. After [`PATIENCE`] changes without reaching the level, or when no tried merge
//!    (or reshape) is kept, the generator starts over (step 1); after [`MAX_RESTARTS`] fresh
//!    grids it gives up. Shapes hold the levels [`levels`] lists (4x4 no hard puzzle); the
//!    others are refused first.
//! 5. **Finish**: the exact solver proves the puzzle unique from scratch, and the rating is
//!    the one that reached the level.
//!
//! The random stream is [`SeededRng`](crate::core::SeededRng) keyed by the seed, with the
//! shape and level as stream number, so the same parameters give the same puzzle on every
//! machine; the budgets of the sub-searches are fixed numbers, and running out of the caller's
//! budget is an error, never another puzzle.

mod generator;
mod grid;
pub mod screen;
pub mod small_grids;

use crate::core::{
    Budget, Error, GenerateParams, Generated, InputError, Level, Rating, Shape, TargetLevel,
};

use super::model::{Puzzle, GENRE, SIZES};
use super::solve::{generator_search, Solution};
use generator::{Assessed, Generator};
use screen::SMALL_SIDE;

pub use generator::{CAGE_SIZES, MERGE_TRIES, SOLVE_STEPS_PER_CELL};
pub use grid::{neighbours, random_fill};

/// The generator version: part of what determines the puzzle for a seed.
pub const GENERATOR_VERSION: u32 = 4;

/// The shapes the generator makes: the grids with their usual boxes.
pub const SHAPES: [Shape; 5] = [
    Shape::new(SIZES[0], SIZES[0]),
    Shape::new(SIZES[1], SIZES[1]),
    Shape::new(SIZES[2], SIZES[2]),
    Shape::new(SIZES[3], SIZES[3]),
    Shape::new(SIZES[4], SIZES[4]),
];

/// Steps one rating of a candidate may take; a rating that runs out counts as too hard.
pub const RATE_STEPS: u64 = 5_000_000;

/// Changes of a candidate's cages (step 4) before the generator starts over.
pub const PATIENCE: u32 = 60;

/// Fresh grids after which the generator says it found no puzzle of the level: enough for
/// 4x4's rare medium and expert layouts (seed 15 of 4x4 expert takes 3,173 within the
/// default budget); the budget ends the search sooner on larger grids.
pub const MAX_RESTARTS: u64 = 20_000;

/// The levels a shape holds under the rater `killer-human`: every rated level, but for 4x4,
/// which holds no hard puzzle. `examples/killer_4x4_levels.rs` rates every cage layout the
/// generator could make of 4x4 grids (table in `docs/benchmarks-killer.md`): of those with one
/// solution none is hard, and a few in ten thousand are medium or expert (hard techniques
/// appear only beside a what-if).
pub fn levels(shape: Shape) -> &'static [Level] {
    const SMALL: [Level; 3] = [Level::Easy, Level::Medium, Level::Expert];
    if shape.rows == SIZES[0] {
        &SMALL
    } else {
        &Level::RATED
    }
}

/// Generates a puzzle for `params` under `budget`, the level reached with `rate` (the genre's
/// rater).
pub fn generate(
    params: &GenerateParams,
    budget: &mut Budget,
    rate: impl Fn(&Puzzle, &mut Budget) -> Rating,
) -> Result<Generated<Puzzle, Solution>, Error> {
    if !SHAPES.contains(&params.shape) {
        let names: Vec<String> = SHAPES.iter().map(ToString::to_string).collect();
        return Err(InputError::limits(format!(
            "shape {} is not one {GENRE} makes: expected one of {}",
            params.shape,
            names.join(", ")
        ))
        .into());
    }
    if let TargetLevel::Exactly(level) = params.level {
        let levels = levels(params.shape);
        if !levels.contains(&level) {
            let names: Vec<&str> = levels.iter().map(|level| level.name()).collect();
            return Err(InputError::limits(format!(
                "a {} {GENRE} holds no {level} puzzle: its levels are {}",
                params.shape,
                names.join(", ")
            ))
            .into());
        }
    }
    let start = budget.used();
    let mut generator = Generator::new(params);
    let rate = |puzzle: &Puzzle, budget: &mut Budget| {
        budget.sub_search(RATE_STEPS, |rating| rate(puzzle, rating))
    };
    loop {
        budget.check_cancelled()?;
        let (mut puzzle, solution) = generator.unique_puzzle(budget)?;
        generator.stats.attempts += 1;
        let mut assessed = generator.assess(&puzzle, budget, rate)?;
        for _ in 0..PATIENCE {
            if assessed.rating.is_none() && assessed.level.is_some_and(|l| params.level.accepts(l))
            {
                // Screened easy, and easy is asked: the rater's own word.
                assessed = Assessed::rated(rate(&puzzle, budget)?);
            }
            if let (Some(level), Some(rating)) = (assessed.level, &assessed.rating) {
                if params.level.accepts(level) {
                    let outcome = generator_search(&puzzle, 2, budget);
                    if let Some(stop) = outcome.stopped {
                        return Err(stop.into());
                    }
                    if outcome.unique() {
                        generator.stats.steps = budget.used() - start;
                        return Ok(Generated {
                            puzzle,
                            solution,
                            rating: rating.clone(),
                            seed: params.seed,
                            generator_version: GENERATOR_VERSION,
                            stats: generator.stats,
                        });
                    }
                }
            }
            let next = match (assessed.level, params.level) {
                (Some(level), TargetLevel::Exactly(wanted)) if level < wanted => {
                    match generator.merge(&puzzle, &solution, wanted, budget, rate)? {
                        None if generator.side == SMALL_SIDE => {
                            generator.reshape(&puzzle, &solution, wanted, budget, rate)?
                        }
                        merged => merged,
                    }
                }
                _ => match generator.split_any(&puzzle, &solution) {
                    Some(split) => {
                        generator.stats.attempts += 1;
                        let assessed = generator.assess(&split, budget, rate)?;
                        Some((split, assessed))
                    }
                    None => None,
                },
            };
            let Some(next) = next else {
                break;
            };
            (puzzle, assessed) = next;
        }
        generator.stats.restarts += 1;
        if generator.stats.restarts >= MAX_RESTARTS {
            return Err(InputError::limits(format!(
                "no {} {GENRE} of shape {} was found from {MAX_RESTARTS} grids; try another level",
                params.level, params.shape
            ))
            .into());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::Level;

    fn params(side: usize, seed: u64) -> GenerateParams {
        GenerateParams {
            shape: Shape::new(side, side),
            level: TargetLevel::Exactly(Level::Easy),
            seed,
        }
    }

    /// Every size: the filled grid is valid, the cages orthogonal, the puzzle unique (proven
    /// again from scratch with a larger budget) and the same for the same seed.
    #[test]
    fn unique_puzzles_at_every_size_are_repeatable() {
        for side in SIZES {
            for seed in 0..2 {
                let make = || {
                    let mut generator = Generator::new(&params(side, seed));
                    generator
                        .unique_puzzle(&mut Budget::new(200_000_000))
                        .expect("within the budget")
                };
                let (puzzle, solution) = make();
                assert!(puzzle.orthogonal(), "{side}x{side} seed {seed}");
                for house in puzzle.houses() {
                    let mut digits: Vec<u8> =
                        house.iter().map(|&cell| solution.digits[cell]).collect();
                    digits.sort_unstable();
                    assert_eq!(digits, (1..=side as u8).collect::<Vec<_>>());
                }
                let outcome = generator_search(&puzzle, 2, &mut Budget::new(500_000_000));
                assert!(outcome.unique(), "{side}x{side} seed {seed}");
                assert_eq!(outcome.solutions[0], solution);
                assert_eq!(make().0, puzzle, "{side}x{side} seed {seed}");
            }
        }
    }

    /// 4x4 holds no hard puzzle: asked for one, the generator names the levels it has.
    #[test]
    fn a_level_the_shape_does_not_hold_is_refused() {
        let rate = |_: &Puzzle, _: &mut Budget| -> Rating { unreachable!("refused first") };
        let hard = GenerateParams {
            level: TargetLevel::Exactly(Level::Hard),
            ..params(4, 0)
        };
        let error = generate(&hard, &mut Budget::new(1_000), rate).unwrap_err();
        assert_eq!(
            error.to_string(),
            "a 4x4 killer-sudoku holds no hard puzzle: its levels are easy, medium, expert"
        );
        assert_eq!(levels(Shape::new(6, 6)), &Level::RATED);
    }

    #[test]
    fn only_the_grids_with_boxes_are_made() {
        let rate = |_: &Puzzle, _: &mut Budget| -> Rating { unreachable!("refused first") };
        let error = generate(&params(5, 0), &mut Budget::new(1_000), rate).unwrap_err();
        assert!(
            error.to_string().contains("4x4, 6x6, 9x9, 12x12, 16x16"),
            "{error}"
        );
    }
}
