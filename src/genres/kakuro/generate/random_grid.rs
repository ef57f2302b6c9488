//! Random filled grids of any size the relaxed rules allow (up to 160x160): the generator's
//! layout and fill without its screening and repair, so the puzzle has at least one solution
//! (the fill) and often several. They are inputs for measuring the solver on grids larger than
//! the generator makes (32x32), not puzzles to publish.

use crate::core::{Budget, InputError, SeededRng, Shape};
use crate::genres::kakuro::model::{Puzzle, MAX_RUN, RELAXED_MAX_SIDE};
use crate::genres::kakuro::Solution;

use super::candidate::lay_out_and_fill;
use super::fill::FillStyle;
use super::layout::LayoutRules;

/// How a random grid is laid out and filled.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RandomGridStyle {
    /// Longest run (2 to 9 cells).
    pub run_limit: usize,
    /// Share of the inner cells to block, in percent.
    pub block_percent: usize,
    /// Noise in the fill's digit preferences (see [`FillStyle::noise`]): 1 keeps each run's
    /// digits low or high, 7 (the generator's expert setting) mixes them.
    pub noise: u32,
}

/// Layouts or fills that fail before a grid is refused.
const ATTEMPTS: u32 = 64;
/// Digits one fill may try: far more than a 16x16 generation allows, since larger grids
/// backtrack further.
const FILL_STEPS: u32 = 2_000_000;

/// A random filled grid of `shape` and the digits it was filled with (one of its solutions).
/// The same shape, style and random stream give the same grid.
pub fn random_filled_grid(
    shape: Shape,
    style: RandomGridStyle,
    rng: &mut SeededRng,
) -> Result<(Puzzle, Solution), InputError> {
    shape.check_within(3, RELAXED_MAX_SIDE, "kakuro")?;
    if !(2..=MAX_RUN).contains(&style.run_limit) || style.block_percent > 90 {
        return Err(InputError::limits(
            "a random grid needs a run limit of 2 to 9 cells and at most 90% blocks",
        ));
    }
    let rules = LayoutRules {
        run_limit: style.run_limit,
        block_percent: style.block_percent,
    };
    let fill_style = FillStyle {
        noise: style.noise,
        step_limit: FILL_STEPS,
    };
    // Unlimited: ATTEMPTS and FILL_STEPS bound the work, and nothing else may stop it.
    let mut budget = Budget::unlimited();
    for _ in 0..ATTEMPTS {
        if let Ok(Some(candidate)) = lay_out_and_fill(shape, rules, fill_style, rng, &mut budget) {
            return Ok(candidate.into_grid());
        }
    }
    Err(InputError::limits(format!(
        "no random kakuro of shape {shape} with runs of at most {} cells and {}% blocks was found in {ATTEMPTS} attempts",
        style.run_limit, style.block_percent
    )))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::genres::kakuro::{self, answer, check};

    const STYLE: RandomGridStyle = RandomGridStyle {
        run_limit: 5,
        block_percent: 26,
        noise: 7,
    };

    #[test]
    fn the_fill_is_a_solution() {
        for (side, seed) in [(5, 0), (12, 1), (40, 2), (64, 3)] {
            let shape = Shape::new(side, side + 3);
            let (puzzle, solution) =
                random_filled_grid(shape, STYLE, &mut SeededRng::new(seed, 0)).unwrap();
            assert_eq!(puzzle.shape(), shape);
            let layout = puzzle.relaxed_layout();
            assert!(
                layout.white_count() > side * side / 2,
                "{side}: mostly white"
            );
            let answer = answer::parse_answer(&puzzle, &solution.rows()).unwrap();
            assert!(check::check(&puzzle, &answer, true).unwrap().is_empty());
            if side <= 12 {
                // Larger random grids can take the solver long (see docs/benchmarks-scaling.md).
                let outcome = kakuro::solve_puzzle(&puzzle, 1, &mut Budget::new(1_000_000));
                assert_eq!(outcome.count(), 1, "{side}: the solver finds a solution");
            }
        }
    }

    #[test]
    fn the_same_stream_gives_the_same_grid() {
        let make =
            |seed| random_filled_grid(Shape::new(30, 30), STYLE, &mut SeededRng::new(seed, 9));
        assert_eq!(make(4).unwrap(), make(4).unwrap());
        assert_ne!(make(4).unwrap().0, make(5).unwrap().0);
    }

    #[test]
    fn sizes_and_styles_outside_the_limits_are_refused() {
        let mut rng = SeededRng::new(0, 0);
        assert!(random_filled_grid(Shape::new(161, 20), STYLE, &mut rng).is_err());
        assert!(random_filled_grid(Shape::new(2, 20), STYLE, &mut rng).is_err());
        let long_runs = RandomGridStyle {
            run_limit: 10,
            ..STYLE
        };
        assert!(random_filled_grid(Shape::new(20, 20), long_runs, &mut rng).is_err());
    }
}
