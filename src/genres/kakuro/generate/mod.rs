//! The Kakuro generator, version 2 (version 1 up to 16x16: see the last paragraph).
//!
//! Procedure (the spec's generator, with our choices where it leaves room):
//! 1. **Layout** ([`layout`]): white cells everywhere below the first row and right of the
//!    first column, then blocks in pairs symmetric under a half turn of the inner area: first
//!    inside every run longer than the level's limit (4 cells for easy, medium and any; 5 for
//!    hard and expert), then at random cells until the level's share of the inner cells is
//!    blocked (32% easy, 30% medium and any, 28% hard, 26% expert). A new block also blocks any
//!    white cell left alone in a run; a placement is skipped when it would change more than 6
//!    cells, empty an inner row or column, or split the white cells, and one changing only the
//!    pair is preferred (up to 8 random tries). A layout where no block breaks a long run
//!    starts over; after every 256 such failures runs one cell longer are allowed (a shape
//!    that needs runs over 9 cells is refused).
//! 2. **Fill** ([`fill`]): row-major backtracking; each run prefers low or high digits (few
//!    combinations), with random noise that grows with the level; never completing a 2x2
//!    white block whose digits could be swapped. Over 20,000 digits tried, the layout starts
//!    over.
//! 3. **Screen**: the sums follow from the digits. The techniques up to the requested level,
//!    at most Medium (Medium for any), run first. If they finish at the requested level the
//!    puzzle is done; if they finish below it, random digit changes make it harder. A
//!    candidate's repairs often come back to sums it had before: such a puzzle is not screened
//!    again, its verdict is remembered with the steps the screening took, which are charged
//!    again (the steps and the budget's verdict are those of screening it every time).
//! 4. **Uniqueness**: otherwise the exact solver looks for up to 4 solutions within the
//!    candidates the techniques left, with a fixed budget of 4,096 steps. Above Medium (and
//!    for any), a puzzle with exactly one solution is then rated with every technique: at the
//!    requested level it is done, below it random digit changes follow, beyond expert it is
//!    repaired like an ambiguous one. Above the spec's 16x16, a Hard target is rated with the
//!    techniques up to Hard only, and the cells they leave open (which need Expert) are
//!    repaired like an ambiguous puzzle's: a large grid nearly always has such a spot, and
//!    random changes alone took minutes to lose it at 32x32.
//! 5. **Repair**: while the puzzle has several solutions or unresolved cells, cells change:
//!    every other time one whose digit differs between the solutions found, otherwise an
//!    unresolved cell; one more cell for every 16 unresolved cells. A changed cell gets the
//!    digit its runs do not have that leaves its two runs the fewest combinations (ties at
//!    random), or, one time in four, swaps digits with another cell of one of its runs.
//!    A change that leaves the puzzle with more solutions, or as many and more unresolved
//!    cells, is undone before the next one.
//! 6. A candidate starts over with a new layout after 3 times as many changes without
//!    improvement (fewer solutions, or as many and fewer unresolved cells) as it has inner
//!    cells, or 8 times once it has been unique. Above 16x16 (version 2) a hard candidate
//!    gets a quarter of its inner cells, or half once unique, and an expert one half, or once.
//!
//! After 4,096 candidates given up, the generator reports that the shape is too small for the
//! level (a 4x4 grid cannot be hard, for instance) rather than search on.
//!
//! Every puzzle returned obeys the strict structure rules, has exactly one solution (proven
//! by the exact solver from scratch), and the recording rater rates it exactly at the
//! requested level (any: easy to expert). Grids with fewer than 3 rows or columns hold only
//! blocks; they are returned as they are, rated easy, whatever the level asked.
//!
//! The random stream is [`SeededRng`] keyed by the seed, with the shape and level as stream
//! number, so the same parameters give the same puzzle on every machine. Up to the spec's
//! 16x16 one stream serves every candidate in turn (version 1's puzzles, which the corpus
//! pins). Above it (version 2's change) candidate `k` (its layouts, fill and repairs) has a
//! stream of its own, the stream number with `k + 1` above its 32 bits, and starts afresh
//! (its run limit grows only with its own failed layouts): it depends on the parameters and
//! `k` alone, so the candidates are examined several at once on the threads the budget allows
//! and the first in order that passes is kept, with the attempts of the candidates up to it,
//! as many restarts as candidates before it and their steps; work on later candidates is not
//! counted (`first_in_order`). The puzzle and the budget's verdict are the same with any
//! number of threads. Budget limits that
//! shape the search (the 4,096 solver steps, the fill's 20,000 digits) are fixed numbers run
//! through [`Budget::sub_search`], and running out of the caller's budget is an error, never a
//! different puzzle.

pub mod adversarial;
mod candidate;
pub mod fill;
pub mod layout;
pub mod random_grid;
mod repair;
mod screen;

use crate::core::in_order::first_in_order;
use crate::core::{
    Budget, Error, GenerateParams, Generated, GenerationStats, Grid, InputError, Level, SeededRng,
    Shape, Stop, TargetLevel,
};

use self::candidate::Candidate;
use self::fill::FillStyle;
use self::layout::LayoutRules;
use self::screen::{Screened, Screening, Verdict};
use super::model::{Cell, Puzzle, Rules, MAX_RUN, RELAXED_MAX_SIDE, STRICT_MAX_SIDE};
use super::{solution_grid, Solution};
use crate::genres::sum_grid::rate::rate_layout;

/// The generator version: part of what determines the puzzle for a seed. Version 2 changed
/// only shapes with a side above 16 (each candidate a random stream of its own); up to 16x16
/// its puzzles are version 1's.
pub const GENERATOR_VERSION: u32 = 2;

/// Digits tried by one fill before the layout starts over.
const FILL_STEPS: u32 = 20_000;
/// Failed layouts before runs one cell longer are allowed.
const LAYOUT_FAILURES: u32 = 256;
/// The spec's largest side: the generator's choices for larger grids apply only above it.
const SPEC_MAX_SIDE: usize = 16;
/// Candidates given up before the generator says the shape cannot hold the level. The most a
/// benchmark run needed was 236 (5x5 expert); shapes too small for a level reach this quickly.
const MAX_RESTARTS: u64 = 4096;

struct Settings {
    run_limit: usize,
    block_percent: usize,
    noise: u32,
    /// What candidates are screened for.
    screening: Screening,
    /// Changes without improvement a candidate is given, in eighths of its inner cells: before
    /// and after it has been unique.
    patience: (usize, usize),
}

fn settings(level: TargetLevel, shape: Shape) -> Settings {
    let (run_limit, block_percent, noise) = match level {
        TargetLevel::Exactly(Level::Easy) => (4, 32, 1),
        TargetLevel::Exactly(Level::Medium) | TargetLevel::Any => (4, 30, 3),
        TargetLevel::Exactly(Level::Hard) => (5, 28, 5),
        TargetLevel::Exactly(_) => (5, 26, 7),
    };
    let screen = match level {
        TargetLevel::Exactly(Level::Easy) => Level::Easy,
        _ => Level::Medium,
    };
    // Above the spec's 16x16 a grid nearly always has some spot that needs Expert, and a Hard
    // candidate rated Expert would only get random changes: rated with the techniques up to
    // Hard, the cells they leave open are the spots to repair. Up to 16x16 the rating goes
    // to the end, which keeps those puzzles as they were.
    let beyond_spec = shape.rows > SPEC_MAX_SIDE || shape.cols > SPEC_MAX_SIDE;
    let rating_ceiling = match level {
        TargetLevel::Exactly(Level::Hard) if beyond_spec => Level::Hard,
        _ => Level::BeyondExpert,
    };
    // Above 16x16 a hard or expert candidate that finishes nearly always does so within a few
    // hundred changes, and one that will not burns its whole patience: 3 and 8 times its inner
    // cells cost about 10 M steps a candidate given up at 32x32. A quarter and a half of its
    // inner cells (hard), a half and once (expert) kept the same candidates on seeds 0-9 of
    // 32x32 at a third of the steps (docs/benchmarks.md, "Generation tails").
    let patience = match level {
        TargetLevel::Exactly(Level::Hard) if beyond_spec => (2, 4),
        TargetLevel::Exactly(Level::Expert) if beyond_spec => (4, 8),
        _ => (24, 64),
    };
    Settings {
        run_limit,
        block_percent,
        noise,
        screening: Screening {
            target: level,
            screen,
            rating_ceiling,
        },
        patience,
    }
}

/// Generates a puzzle for `params` under `budget`.
pub fn generate(
    params: &GenerateParams,
    budget: &mut Budget,
) -> Result<Generated<Puzzle, Solution>, Error> {
    params.shape.check_within(1, STRICT_MAX_SIDE, "kakuro")?;
    if params.level == TargetLevel::Exactly(Level::BeyondExpert) {
        return Err(
            InputError::limits("the generator makes easy, medium, hard or expert puzzles").into(),
        );
    }
    let start = budget.used();
    let mut generator = Generator::new(params);
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

/// A finished puzzle: the puzzle, its solution and its rating.
type Found = (Puzzle, Solution, crate::core::Rating);

/// The random stream of candidate `index` above the spec's sizes: the parameters' stream
/// with the candidate's number (from 1) above its 32 bits of shape and level.
fn candidate_stream(params: &GenerateParams, index: usize) -> u64 {
    params.stream() | ((index as u64 + 1) << 32)
}

/// The longest run layouts may have, and how many layouts or fills have failed so far.
struct Layouts {
    run_limit: usize,
    failed: u32,
}

impl Layouts {
    fn new(run_limit: usize) -> Layouts {
        Layouts {
            run_limit,
            failed: 0,
        }
    }
}

/// A random grid of any shape from 3x3 to the relaxed limit, for benchmarks on grids larger
/// than the generator makes: the first layout and fill that work for `params` (the level's
/// layout rules and fill noise, and the random stream [`generate`] starts from up to 16x16),
/// with the sums the fill gives. Nothing is screened or repaired, so the grid has at least one
/// solution, the fill returned with it, and may have several. It obeys the strict rules but
/// for its size.
pub fn filled_grid(
    params: &GenerateParams,
    budget: &mut Budget,
) -> Result<(Puzzle, Solution), Error> {
    params.shape.check_within(3, RELAXED_MAX_SIDE, "kakuro")?;
    let mut generator = Generator::new(params);
    let mut layouts = Layouts::new(generator.settings.run_limit);
    Ok(generator.next_candidate(&mut layouts, budget)?.into_grid())
}

struct Generator {
    params: GenerateParams,
    settings: Settings,
    rng: SeededRng,
    stats: GenerationStats,
}

impl Generator {
    fn new(params: &GenerateParams) -> Generator {
        Generator {
            params: *params,
            settings: settings(params.level, params.shape),
            rng: SeededRng::new(params.seed, params.stream()),
            stats: GenerationStats::default(),
        }
    }

    fn run(&mut self, budget: &mut Budget) -> Result<Found, Error> {
        let shape = self.params.shape;
        if shape.rows < 3 || shape.cols < 3 {
            let puzzle = Puzzle::new(Grid::filled(shape, Cell::BLOCK))?;
            let layout = puzzle.layout(Rules::Strict)?;
            let rating = rate_layout(&layout, budget);
            let solution = solution_grid(&layout, &[]);
            self.stats.attempts = 1;
            return Ok((puzzle, solution, rating));
        }
        if shape.rows > SPEC_MAX_SIDE || shape.cols > SPEC_MAX_SIDE {
            return self.run_independent(budget);
        }
        let mut layouts = Layouts::new(self.settings.run_limit);
        loop {
            let mut candidate = self.next_candidate(&mut layouts, budget)?;
            if let Some(found) = self.improve(&mut candidate, budget)? {
                return Ok(found);
            }
            self.stats.restarts += 1;
            if self.stats.restarts >= MAX_RESTARTS {
                return Err(self.too_small());
            }
        }
    }

    /// Above the spec's sizes: candidate `k` is made by a generator of its own, with the
    /// random stream [`candidate_stream`] and fresh [`Layouts`], so it depends on nothing but
    /// the parameters and `k`; the candidates are examined in order (some ahead of their turn
    /// on the threads the budget allows, see [`first_in_order`]) and the first that passes is
    /// kept, with the attempts of the candidates up to it and as many restarts as candidates
    /// before it.
    fn run_independent(&mut self, budget: &mut Budget) -> Result<Found, Error> {
        let params = self.params;
        let examine = |index: usize, budget: &mut Budget| {
            let mut generator = Generator::new(&params);
            generator.rng = SeededRng::new(params.seed, candidate_stream(&params, index));
            let mut layouts = Layouts::new(generator.settings.run_limit);
            let mut candidate = generator.next_candidate(&mut layouts, budget)?;
            let found = generator.improve(&mut candidate, budget)?;
            Ok((found, generator.stats.attempts))
        };
        let stats = &mut self.stats;
        let keep = |index: usize, (found, attempts): (Option<Found>, u64)| {
            stats.attempts += attempts;
            stats.restarts = index as u64;
            found
        };
        first_in_order(MAX_RESTARTS as usize, budget, examine, keep)?
            .ok_or_else(|| self.too_small())
    }

    /// The error when every candidate was given up.
    fn too_small(&self) -> Error {
        InputError::limits(format!(
            "no {} kakuro of shape {} was found in {MAX_RESTARTS} candidates: the shape is too small for this level; try a larger shape or an easier level",
            self.params.level, self.params.shape
        ))
        .into()
    }

    /// The next layout and fill that work, allowing longer runs as [`Layouts`] counts failures.
    fn next_candidate(
        &mut self,
        layouts: &mut Layouts,
        budget: &mut Budget,
    ) -> Result<Candidate, Error> {
        loop {
            budget.check_cancelled()?;
            if let Some(candidate) = self.new_candidate(layouts.run_limit, budget)? {
                return Ok(candidate);
            }
            layouts.failed += 1;
            if layouts.failed % LAYOUT_FAILURES == 0 {
                layouts.run_limit += 1;
                if layouts.run_limit > MAX_RUN {
                    let shape = self.params.shape;
                    return Err(InputError::limits(format!(
                        "no kakuro layout of shape {shape} has runs of 2 to 9 cells with a white cell in every inner row and column"
                    ))
                    .into());
                }
            }
        }
    }

    /// A fresh layout and fill, or None when the layout or the fill failed.
    fn new_candidate(
        &mut self,
        run_limit: usize,
        budget: &mut Budget,
    ) -> Result<Option<Candidate>, Stop> {
        let rules = LayoutRules {
            run_limit,
            block_percent: self.settings.block_percent,
        };
        let style = FillStyle {
            noise: self.settings.noise,
            step_limit: FILL_STEPS,
        };
        candidate::lay_out_and_fill(self.params.shape, rules, style, &mut self.rng, budget)
    }

    /// Changes cells until the candidate is done, or gives up on it (None).
    fn improve(
        &mut self,
        candidate: &mut Candidate,
        budget: &mut Budget,
    ) -> Result<Option<Found>, Error> {
        let shape = self.params.shape;
        let inner = (shape.rows - 1) * (shape.cols - 1);
        let mut best = (usize::MAX, usize::MAX);
        let mut without_improvement = 0;
        let mut been_unique = false;
        let mut from_varying = false;
        // The last ambiguous candidate and its verdict: a change that leaves the puzzle more
        // ambiguous is undone.
        let mut previous: Option<(Vec<u8>, Verdict)> = None;
        let mut screened = Screened::default();
        loop {
            self.stats.attempts += 1;
            candidate.update_sums();
            let mut verdict =
                self.settings
                    .screening
                    .screen_once(candidate, &mut screened, budget)?;
            if let Some((digits, before)) = &previous {
                if verdict.ambiguity() > before.ambiguity() {
                    candidate.digits.clone_from(digits);
                    candidate.update_sums();
                    verdict = before.clone();
                }
            }
            previous = matches!(verdict, Verdict::Ambiguous { .. })
                .then(|| (candidate.digits.clone(), verdict.clone()));
            match verdict {
                Verdict::Done => {
                    if let Some(found) = self.settings.screening.finish(candidate, budget)? {
                        return Ok(Some(found));
                    }
                    return Ok(None);
                }
                Verdict::TooEasy => {
                    been_unique = true;
                    let cell = self.rng.index(candidate.digits.len());
                    self.change_randomly(candidate, cell);
                    without_improvement += 1;
                }
                Verdict::Ambiguous {
                    ref varying,
                    ref open,
                    ..
                } => {
                    let score = verdict.ambiguity();
                    if score < best {
                        best = score;
                        without_improvement = 0;
                    } else {
                        without_improvement += 1;
                    }
                    let changes = 1 + open.len() / 16;
                    for _ in 0..changes {
                        from_varying = !from_varying;
                        let pool = if from_varying && !varying.is_empty() {
                            varying
                        } else {
                            open
                        };
                        let pool = if pool.is_empty() { varying } else { pool };
                        let Some(&cell) = self.rng.pick(pool) else {
                            break;
                        };
                        self.repair_cell(candidate, cell);
                    }
                }
            }
            let patience = if been_unique {
                self.settings.patience.1
            } else {
                self.settings.patience.0
            } * inner
                / 8;
            if without_improvement > patience {
                return Ok(None);
            }
        }
    }
}
