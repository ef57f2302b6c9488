//! The Kakurasu generator, version 1.
//!
//! Procedure (the spec's generator, with our choices where it leaves room):
//! 1. **Shade**: a share of the cells drawn uniformly from 35% to 65% (in whole percents),
//!    then each cell shaded with that chance. The clues follow from the shading.
//! 2. **Screen**: the techniques up to the requested level ([`grade`]; expert for any) run
//!    on the puzzle. From the hard ceiling on (hard, expert, any), once the Easy and Medium
//!    stages are done, lines are settled with `sum_table`, and the contradiction techniques
//!    (the rest of the hard stage, then the expert stage) run only when the exact solver then
//!    finds no solution other than the shading ([`other_solution`], within
//!    [`SOLVER_STEPS_PER_CELL`] steps a cell; running out counts as another solution): with
//!    several solutions no technique can finish, and the hypotheses are the slow part. The
//!    line stages end on the same board in any order, so this is the hard stage of [`grade`]
//!    split in two. Any is therefore the first candidate of the walk below that the exact
//!    solver finds unique and the techniques finish, at whatever level.
//!
//!    The *distance* from the level is 0 when the techniques finish at the requested level
//!    (any: at any level), the number of levels they fall short by when they finish below it
//!    (too easy), and, when they get stuck (also when every technique does: beyond expert), a
//!    quarter of the cells left open, rounded up (open cells come at least four at a time: a
//!    cell open alone in its row would be decided by the row's clue), then the number of open
//!    cells, then the slack of the lines. The open cells are those the last stage that ran
//!    left: the contradiction stages' on a unique puzzle, else the line stages'.
//! 3. **Flip**: while the distance is not 0, one cell is flipped (shaded becomes unshaded and
//!    back) and the clues follow: one of the open cells of the distance, drawn uniformly, or
//!    any cell when the puzzle was too easy. The flip is kept unless the distance grew; then
//!    it is undone and counts as rejected.
//! 4. **Restart**: after 2 x (rows + columns) rejected flips the generator starts over with a
//!    new shading (step 1).
//! 5. **Finish**: at distance 0 the exact solver proves the solution unique (it is: the
//!    techniques only make sound deductions and decided every cell), and the recording rater
//!    rates the puzzle; its level is the one screening found (a test keeps [`grade`] and the
//!    recording rater in agreement).
//!
//! Every puzzle returned has exactly one solution, proven by the exact solver from scratch,
//! and the recording rater rates it exactly at the requested level (any: easy to expert).
//! Some small shapes hold no puzzle of some levels ([`max_level`]); asking for one is a
//! Limits error rather than a search that cannot end.
//!
//! The random stream is [`SeededRng`] keyed by the seed, with the shape and level as stream
//! number, so the same parameters give the same puzzle on every machine. The budget limits
//! that shape the search, the [`SCREEN_STEPS`] one screening may use (a screening that runs
//! out counts as infinitely far) and the [`SOLVER_STEPS_PER_CELL`] of one uniqueness test,
//! are fixed numbers; running out of the caller's budget is an error, never a different puzzle. One
//! budget step is the rater's (one technique tried on one line, or one line narrowed inside
//! a hypothesis that is not reused) or the exact solver's (one line settled, or one split a
//! swap tries).

use crate::core::{
    Budget, Error, GenerateParams, Generated, GenerationStats, Grid, InputError, Level, Rating,
    SeededRng, Shape, Stop, TargetLevel,
};

use super::line::weight;
use super::model::{Puzzle, MAX_SIDE};
use super::rate::{grade, grade_beyond_medium, line_stage, rate, Grade};
use super::solve::{other_solution, solve_board};
use super::techniques::hard_fit;
use super::{Board, Solution};

/// The generator version: part of what determines the puzzle for a seed.
pub const GENERATOR_VERSION: u32 = 1;

/// Steps one screening may take; beyond that the candidate counts as infinitely far.
pub const SCREEN_STEPS: u64 = 20_000_000;

/// Steps per cell the exact solver may take to show a puzzle unique before the contradiction
/// techniques run (2,048 for 16x16, 8,192 for 32x32). Measured on 12x12 and 16x16 (20 seeds,
/// any and expert): every puzzle the expert stage went on to finish was shown unique within
/// 5,000 steps, most within 2,000, while the 177 longer proofs all ended beyond expert; and a
/// search that runs out costs the whole allowance. With a fixed 20,000 steps, 16x16 any took
/// 46 ms (median) instead of 15 ms. Scaling with the cells keeps large grids provable: a
/// fixed 2,000 found no 24x24 expert puzzle. The allowance includes the swap's steps, one per
/// split (750 for 16x16, 6,620 for 32x32 when it finds nothing), so the search proper gets
/// less on the largest grids; 24x24 and 32x32 still generate at every level.
pub const SOLVER_STEPS_PER_CELL: u64 = 8;

/// Screenings after which the generator says the shape cannot hold the level. Shapes that hold
/// it needed at most 5,645 (4x5 hard; 20 seeds of every level from 4x5 to 24x24, where 24x24
/// needed about 1,300). A shape that cannot hold the level but is not in [`max_level`]'s table
/// gets a clear error here instead of a search that lasts until the budget runs out.
const MAX_ATTEMPTS: u64 = 30_000;

/// The smallest and largest share of shaded cells, in percent.
const SHADED_PERCENT: (u32, u32) = (35, 65);

/// The hardest level a shape can hold, for the small shapes that cannot hold every level.
///
/// Grids with one or two rows (or columns) are easy: a line of one or two cells has a
/// different clue for each shading, so the short lines decide every cell. 3x3 holds only easy
/// puzzles, 3x4 to 3x7 and 4x4 at most medium ones and 4x5 at most hard ones: found by rating
/// every shading (the test `max_levels_match_every_shading` repeats this for the shapes up to
/// 4x4). Wider grids of three rows (3x8 and up) and 4x6 are capped the same way from search
/// alone: 30,000 screenings found no hard three-row puzzle and no expert 4x6 one, where every
/// shape that holds a level needed at most 5,645. Larger shapes are assumed to hold every
/// level; 4x7 and 5x5 are the smallest where expert puzzles were found.
pub fn max_level(shape: Shape) -> Level {
    let (short, long) = (shape.rows.min(shape.cols), shape.rows.max(shape.cols));
    match (short, long) {
        (0..=2, _) | (3, 3) => Level::Easy,
        (3, _) | (4, 4) => Level::Medium,
        (4, 5..=6) => Level::Hard,
        _ => Level::Expert,
    }
}

/// How far the clued lines' needs are from the nearest extreme (nothing or every open cell
/// shaded), added up: lines near an extreme have few ways to make up their need.
fn slack(board: &Board) -> u32 {
    (0..board.line_count())
        .map(|line| {
            let state = board.line(line);
            match state.need() {
                Ok(Some(need)) => need.min(weight(state.open()).saturating_sub(need)),
                _ => 0,
            }
        })
        .sum()
}

/// Generates a puzzle for `params` under `budget`.
pub fn generate(
    params: &GenerateParams,
    budget: &mut Budget,
) -> Result<Generated<Puzzle, Solution>, Error> {
    params
        .shape
        .check_within(1, MAX_SIDE, super::model::GENRE)?;
    match params.level {
        TargetLevel::Exactly(Level::BeyondExpert) => {
            return Err(InputError::limits(
                "the generator makes easy, medium, hard or expert puzzles",
            )
            .into())
        }
        TargetLevel::Exactly(level) if level > max_level(params.shape) => {
            return Err(InputError::limits(format!(
                "a {} kakurasu holds no {level} puzzle: the hardest it can be is {}",
                params.shape,
                max_level(params.shape)
            ))
            .into())
        }
        _ => {}
    }
    let start = budget.used();
    let mut generator = Generator {
        params: *params,
        ceiling: match params.level {
            TargetLevel::Exactly(level) => level,
            TargetLevel::Any => Level::Expert,
        },
        rng: SeededRng::new(params.seed, params.stream()),
        stats: GenerationStats::default(),
    };
    let (puzzle, solution, rating) = generator.run(budget)?;
    generator.stats.steps = budget.used() - start;
    Ok(Generated {
        puzzle,
        solution,
        rating,
        seed: params.seed,
        generator_version: GENERATOR_VERSION,
        stats: generator.stats,
    })
}

struct Generator {
    params: GenerateParams,
    /// The hardest level screening uses.
    ceiling: Level,
    rng: SeededRng,
    stats: GenerationStats,
}

/// How far a puzzle is from the requested level, compared in order: levels, then open cells,
/// then slack (see the module documentation). All zero when done.
type Distance = (u32, u32, u32);

const DONE: Distance = (0, 0, 0);

/// What screening found.
struct Screened {
    /// How far from the requested level; all `u32::MAX` when screening ran out.
    distance: Distance,
    /// The cells the techniques left open.
    open: Vec<(usize, usize)>,
}

impl Generator {
    fn run(&mut self, budget: &mut Budget) -> Result<(Puzzle, Solution, Rating), Error> {
        let shape = self.params.shape;
        let patience = 2 * (shape.rows + shape.cols);
        loop {
            budget.check_cancelled()?;
            let mut shading = self.random_shading();
            let mut screened = self.screen(&shading, budget)?;
            let mut rejected = 0;
            while screened.distance != DONE && rejected < patience {
                let (row, col) = match self.rng.pick(&screened.open) {
                    Some(&cell) => cell,
                    None => {
                        let index = self.rng.index(shape.cells());
                        (index / shape.cols, index % shape.cols)
                    }
                };
                shading[(row, col)] = !shading[(row, col)];
                let flipped = self.screen(&shading, budget)?;
                if flipped.distance > screened.distance {
                    shading[(row, col)] = !shading[(row, col)];
                    rejected += 1;
                } else {
                    rejected = 0;
                    screened = flipped;
                }
            }
            if screened.distance == DONE {
                if let Some(found) = self.finish(&shading, budget)? {
                    return Ok(found);
                }
            }
            self.stats.restarts += 1;
            if self.stats.attempts >= MAX_ATTEMPTS {
                return Err(InputError::limits(format!(
                    "no {} kakurasu of shape {shape} was found in {MAX_ATTEMPTS} screenings: the shape is too small for this level; try a larger shape or an easier level",
                    self.params.level
                ))
                .into());
            }
        }
    }

    fn random_shading(&mut self) -> Grid<bool> {
        let (low, high) = SHADED_PERCENT;
        let percent = low + self.rng.below(high - low + 1);
        let shape = self.params.shape;
        let mut shading = Grid::filled(shape, false);
        for row in 0..shape.rows {
            for col in 0..shape.cols {
                shading[(row, col)] = self.rng.chance(percent, 100);
            }
        }
        shading
    }

    /// Screens a shading's puzzle as the module documentation describes.
    fn screen(&mut self, shading: &Grid<bool>, budget: &mut Budget) -> Result<Screened, Stop> {
        self.stats.attempts += 1;
        let puzzle = Puzzle::from_shading(shading).expect("generate checked the shape");
        let graded = budget.sub_search(SCREEN_STEPS, |screening| {
            self.grade(&puzzle, shading, screening)
        })?;
        let graded = match graded {
            Ok(graded) => graded,
            Err(Stop::Exhausted) => {
                return Ok(Screened {
                    distance: (u32::MAX, u32::MAX, u32::MAX),
                    open: Vec::new(),
                })
            }
            Err(stop) => return Err(stop),
        };
        Ok(match graded.level {
            Some(level) if self.params.level.accepts(level) => Screened {
                distance: DONE,
                open: Vec::new(),
            },
            // Beyond expert is stuck too: measured by the cells the expert stage left open.
            Some(level) if level < Level::BeyondExpert => Screened {
                distance: (
                    self.ceiling as u32 - (level as u32).min(self.ceiling as u32),
                    0,
                    0,
                ),
                open: Vec::new(),
            },
            _ => {
                let open = graded.board.open_cells();
                let count = open.len() as u32;
                Screened {
                    distance: (count.div_ceil(4).max(1), count, slack(&graded.board)),
                    open,
                }
            }
        })
    }

    /// The techniques up to the ceiling. From the hard ceiling on, the contradiction
    /// techniques run only on a puzzle the exact solver finds unique once the line techniques
    /// are done: on one with several solutions no technique can finish, and the hypotheses are
    /// the slow part.
    fn grade(
        &self,
        puzzle: &Puzzle,
        shading: &Grid<bool>,
        budget: &mut Budget,
    ) -> Result<Grade, Stop> {
        if self.ceiling < Level::Hard {
            return grade(puzzle, self.ceiling, budget);
        }
        let medium = grade(puzzle, Level::Medium, budget)?;
        if medium.level.is_some() || medium.broken {
            return Ok(medium);
        }
        let board = match line_stage(medium.board, Level::Hard, hard_fit, budget)? {
            Ok(board) => board,
            Err(ended) => return Ok(ended),
        };
        let solver_steps = SOLVER_STEPS_PER_CELL * self.params.shape.cells() as u64;
        let outcome = budget.sub_search(solver_steps, |search| {
            other_solution(&board, shading, search)
        })?;
        if let Some(stop @ (Stop::Cancelled | Stop::DeadlineExceeded)) = outcome.stopped {
            return Err(stop);
        }
        if !(outcome.complete && outcome.solutions.is_empty()) {
            return Ok(Grade::stuck(board));
        }
        grade_beyond_medium(board, self.ceiling, budget)
    }

    /// Proves the screened puzzle unique and rates it with the recording rater.
    fn finish(
        &mut self,
        shading: &Grid<bool>,
        budget: &mut Budget,
    ) -> Result<Option<(Puzzle, Solution, Rating)>, Error> {
        let puzzle = Puzzle::from_shading(shading)?;
        let outcome = solve_board(&Board::new(&puzzle), 2, budget);
        if let Some(stop) = outcome.stopped {
            return Err(stop.into());
        }
        if outcome.count() != 1 {
            return Ok(None);
        }
        let Some(shaded) = outcome.solutions.into_iter().next() else {
            return Ok(None);
        };
        let rating = rate(&puzzle, budget);
        if !self.params.level.takes(&rating, budget)? {
            return Ok(None);
        }
        Ok(Some((puzzle, Solution { shaded }, rating)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The hardest level among the unique puzzles of a shape, by rating every shading.
    fn hardest_of_every_shading(shape: Shape) -> Level {
        let mut hardest = Level::Easy;
        for bits in 0u32..1 << shape.cells() {
            let cells = (0..shape.cells()).map(|i| bits >> i & 1 == 1).collect();
            let Some(shading) = Grid::from_cells(shape, cells) else {
                continue;
            };
            let puzzle = Puzzle::from_shading(&shading).unwrap();
            let graded = grade(&puzzle, Level::BeyondExpert, &mut Budget::unlimited()).unwrap();
            if let Some(level) = graded.level.filter(|&l| l <= Level::Expert) {
                hardest = hardest.max(level);
            }
        }
        hardest
    }

    #[test]
    fn max_levels_match_every_shading() {
        for (rows, cols) in [
            (1, 5),
            (2, 2),
            (2, 5),
            (3, 3),
            (3, 4),
            (4, 3),
            (3, 5),
            (4, 4),
        ] {
            let shape = Shape::new(rows, cols);
            assert_eq!(hardest_of_every_shading(shape), max_level(shape), "{shape}");
        }
    }

    #[test]
    fn the_slack_of_a_line_is_its_distance_from_an_extreme() {
        // Rows need 1 of 1+2 (slack 1) and 3 of 3 (slack 0); columns 1 of 1+2 and 2 of 1+2.
        let puzzle = Puzzle::new(vec![Some(1), Some(3)], vec![Some(1), Some(2)]).unwrap();
        assert_eq!(
            slack(&Board::new(&puzzle)),
            [1, 0, 1, 1].iter().sum::<u32>()
        );
    }
}
