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
//! The random stream is [`SeededRng`] keyed by the seed, with the shape and level as stream
//! number, so the same parameters give the same puzzle on every machine; the budgets of the
//! sub-searches are fixed numbers, and running out of the caller's budget is an error, never
//! another puzzle.

use crate::core::{
    Budget, Error, GenerateParams, Generated, GenerationStats, InputError, Level, Rating,
    SeededRng, Shape, Stop, TargetLevel,
};

use super::model::{connected, default_box, Cage, Puzzle, GENRE, SIZES};
use super::solve::{generator_search, Solution};
use screen::SMALL_SIDE;

pub mod screen;
pub mod small_grids;

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

/// Steps per cell the exact solver may take to prove a candidate unique (162,000 for 9x9).
pub const SOLVE_STEPS_PER_CELL: u64 = 2_000;

/// Steps one rating of a candidate may take; a rating that runs out counts as too hard.
pub const RATE_STEPS: u64 = 5_000_000;

/// Changes of a candidate's cages (step 4) before the generator starts over.
pub const PATIENCE: u32 = 60;

/// Merges of a candidate tried (step 4) before the generator starts over.
pub const MERGE_TRIES: usize = 12;

/// Fresh grids after which the generator says it found no puzzle of the level: enough for
/// 4x4's rare medium and expert layouts (seed 15 of 4x4 expert takes 3,173 within the
/// default budget); the budget ends the search sooner on larger grids.
pub const MAX_RESTARTS: u64 = 20_000;

/// The sizes a new cage is drawn from (step 2), each as often as it is listed: cages of two
/// to four cells mostly, as published puzzles have.
pub const CAGE_SIZES: [usize; 20] = [1, 2, 2, 2, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5];

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

/// What the generator knows of a candidate's level (step 4): the level the rater reached
/// (`None`: not finished, too hard or not unique) with its rating, or easy without a rating
/// when the easy screen filled the grid.
pub struct Assessed {
    level: Option<Level>,
    rating: Option<Rating>,
}

impl Assessed {
    fn rated(rating: Rating) -> Assessed {
        Assessed {
            level: reached(&rating),
            rating: Some(rating),
        }
    }
}

/// The level a rating reached: `None` when it ran out of steps or the techniques did not
/// finish the puzzle (too hard, or more than one solution).
fn reached(rating: &Rating) -> Option<Level> {
    rating
        .complete()
        .then(|| rating.level())
        .flatten()
        .filter(|_| rating.solved)
}

/// A generation under way: the parameters, the random stream and the work counted.
pub struct Generator {
    side: usize,
    box_shape: (usize, usize),
    rng: SeededRng,
    /// The houses of the grid (cells of each row, column and box), once a puzzle showed them.
    houses: Vec<Vec<usize>>,
    /// The filled grids that fit each cage looked at (4x4 only).
    grids_4x4: screen::CageGrids,
    /// Whether only the grids that hold expert layouts are drawn (4x4 expert).
    expert_grids_only: bool,
    /// The work done so far.
    pub stats: GenerationStats,
}

impl Generator {
    /// A generation of `params` (whose shape is one of [`SHAPES`]).
    pub fn new(params: &GenerateParams) -> Generator {
        let side = params.shape.rows;
        Generator {
            side,
            box_shape: default_box(side).expect("a shape the generator makes"),
            rng: SeededRng::new(params.seed, params.stream()),
            houses: Vec::new(),
            grids_4x4: screen::CageGrids::default(),
            expert_grids_only: side == SMALL_SIDE
                && params.level == TargetLevel::Exactly(Level::Expert),
            stats: GenerationStats::default(),
        }
    }

    /// A random filled grid with random cages, split until the exact solver proves it unique
    /// (steps 1 to 3).
    pub fn unique_puzzle(&mut self, budget: &mut Budget) -> Result<(Puzzle, Solution), Stop> {
        let mut solution = self.fill();
        while self.expert_grids_only && !small_grids::holds_expert(&solution.digits) {
            solution = self.fill();
        }
        let mut puzzle = self.cages(&solution);
        loop {
            self.stats.attempts += 1;
            let solutions = if self.side == SMALL_SIDE {
                self.grids_4x4.solutions(&puzzle, 2, budget)?
            } else {
                let steps = SOLVE_STEPS_PER_CELL * (self.side * self.side) as u64;
                let outcome =
                    budget.sub_search(steps, |solving| generator_search(&puzzle, 2, solving))?;
                if outcome.unique() {
                    return Ok((puzzle, solution));
                }
                outcome.solutions
            };
            if solutions.len() == 1 {
                return Ok((puzzle, solution));
            }
            let cell = match solutions.as_slice() {
                [first, second, ..] => {
                    let differ: Vec<usize> = (0..first.digits.len())
                        .filter(|&cell| first.digits[cell] != second.digits[cell])
                        .collect();
                    *self
                        .rng
                        .pick(&differ)
                        .expect("two solutions differ somewhere")
                }
                _ => {
                    let largest = puzzle.cages().iter().map(|cage| cage.cells.len()).max();
                    let largest: Vec<&Cage> = puzzle
                        .cages()
                        .iter()
                        .filter(|cage| Some(cage.cells.len()) == largest)
                        .collect();
                    let cage = self.rng.pick(&largest).expect("a grid has cages");
                    *self.rng.pick(&cage.cells).expect("a cage has cells")
                }
            };
            puzzle = self.split(&puzzle, &solution, cell);
        }
    }

    /// What is known of `puzzle`'s level (step 4): at 4x4, a puzzle the filled grids show
    /// to have several solutions is not finished (the rater would get stuck, slowly); a puzzle
    /// the easy screen fills is easy; else the rater's rating.
    fn assess(
        &mut self,
        puzzle: &Puzzle,
        budget: &mut Budget,
        rate: impl Fn(&Puzzle, &mut Budget) -> Result<Rating, Stop>,
    ) -> Result<Assessed, Stop> {
        if self.side == SMALL_SIDE && self.grids_4x4.solutions(puzzle, 2, budget)?.len() != 1 {
            return Ok(Assessed {
                level: None,
                rating: None,
            });
        }
        if self.houses.is_empty() {
            self.houses = puzzle.houses();
        }
        if screen::easy_fills(puzzle, &self.houses, budget)? {
            return Ok(Assessed {
                level: Some(Level::Easy),
                rating: None,
            });
        }
        Ok(Assessed::rated(rate(puzzle, budget)?))
    }

    /// A random valid grid (step 1).
    fn fill(&mut self) -> Solution {
        random_fill(self.side, self.box_shape, &mut self.rng)
    }

    /// Random cages over a filled grid (step 2).
    fn cages(&mut self, solution: &Solution) -> Puzzle {
        let n = self.side;
        let mut order: Vec<usize> = (0..n * n).collect();
        self.rng.shuffle(&mut order);
        let mut caged = vec![false; n * n];
        let mut groups: Vec<Vec<usize>> = Vec::new();
        for start in order {
            if caged[start] {
                continue;
            }
            let size = (*self.rng.pick(&CAGE_SIZES).expect("sizes")).min(n);
            let mut cells = vec![start];
            caged[start] = true;
            let mut held = 1u32 << solution.digits[start];
            while cells.len() < size {
                let mut frontier: Vec<usize> = cells
                    .iter()
                    .flat_map(|&cell| neighbours(n, cell))
                    .filter(|&next| !caged[next] && held & (1 << solution.digits[next]) == 0)
                    .collect();
                frontier.sort_unstable();
                frontier.dedup();
                let Some(&next) = self.rng.pick(&frontier) else {
                    break;
                };
                caged[next] = true;
                held |= 1 << solution.digits[next];
                cells.push(next);
            }
            groups.push(cells);
        }
        self.puzzle(groups, solution)
    }

    /// The puzzle of `groups` of cells over `solution`, each with its digits' sum.
    fn puzzle(&self, groups: Vec<Vec<usize>>, solution: &Solution) -> Puzzle {
        let cages = groups
            .into_iter()
            .map(|cells| Cage {
                sum: cells
                    .iter()
                    .map(|&cell| u32::from(solution.digits[cell]))
                    .sum(),
                cells,
            })
            .collect();
        Puzzle::new(self.side, None, cages, Vec::new()).expect("cages of a filled grid")
    }

    /// `puzzle` with the cage of `cell` split (step 3): the half of it nearest `cell`, breadth
    /// first, and the connected parts of the rest. A cage of one cell stays as it is.
    fn split(&self, puzzle: &Puzzle, solution: &Solution, cell: usize) -> Puzzle {
        let n = self.side;
        let index = puzzle.cage_of(cell);
        let cells = &puzzle.cages()[index].cells;
        if cells.len() < 2 {
            return puzzle.clone();
        }
        let mut near = vec![cell];
        let mut next = 0;
        while near.len() < cells.len() / 2 && next < near.len() {
            for other in neighbours(n, near[next]) {
                if near.len() < cells.len() / 2 && cells.contains(&other) && !near.contains(&other)
                {
                    near.push(other);
                }
            }
            next += 1;
        }
        let rest: Vec<usize> = cells
            .iter()
            .copied()
            .filter(|cell| !near.contains(cell))
            .collect();
        let mut groups: Vec<Vec<usize>> = puzzle
            .cages()
            .iter()
            .enumerate()
            .filter(|&(other, _)| other != index)
            .map(|(_, cage)| cage.cells.clone())
            .collect();
        groups.push(near);
        groups.extend(components(n, &rest));
        self.puzzle(groups, solution)
    }

    /// `puzzle` with a cage of two or more cells, drawn uniformly, split; None when every cage
    /// has one cell.
    fn split_any(&mut self, puzzle: &Puzzle, solution: &Solution) -> Option<Puzzle> {
        let splittable: Vec<&Cage> = puzzle
            .cages()
            .iter()
            .filter(|cage| cage.cells.len() > 1)
            .collect();
        let cage = self.rng.pick(&splittable)?;
        let cell = *self.rng.pick(&cage.cells).expect("a cage has cells");
        Some(self.split(puzzle, solution, cell))
    }

    /// `puzzle` with two neighbouring cages merged (step 4), with its rating: the first merge,
    /// of at most [`MERGE_TRIES`] pairs in a random order, that the rater finishes (so the
    /// puzzle stays unique) at a level no harder than `wanted`. None when none does.
    fn merge(
        &mut self,
        puzzle: &Puzzle,
        solution: &Solution,
        wanted: Level,
        budget: &mut Budget,
        rate: impl Fn(&Puzzle, &mut Budget) -> Result<Rating, Stop>,
    ) -> Result<Option<(Puzzle, Assessed)>, Stop> {
        let n = self.side;
        let digits_of = |cage: &Cage| {
            cage.cells
                .iter()
                .fold(0u32, |held, &cell| held | 1 << solution.digits[cell])
        };
        let mut pairs = neighbouring_cages(puzzle, |cage, second| {
            cage.cells.len() + second.cells.len() <= n && digits_of(cage) & digits_of(second) == 0
        });
        self.rng.shuffle(&mut pairs);
        let tries = if self.side == SMALL_SIDE {
            usize::MAX
        } else {
            MERGE_TRIES
        };
        for pair in pairs.into_iter().take(tries) {
            let cages = puzzle.cages();
            let mut merged = cages[pair.0].cells.clone();
            merged.extend(cages[pair.1].cells.iter().copied());
            let rest = self.grids_fitting_the_rest(puzzle, pair);
            let replaced = self.replace(
                puzzle,
                solution,
                pair,
                rest,
                vec![merged],
                wanted,
                budget,
                &rate,
            )?;
            if replaced.is_some() {
                return Ok(replaced);
            }
        }
        Ok(None)
    }

    /// At 4x4, the filled grids that fit every cage of `puzzle` but the two of `pair`: the
    /// cages that replace them (merges, reshapes) narrow this further, so a candidate with
    /// several solutions is known as such without making its puzzle or narrowing the set by
    /// every cage again. None on larger grids.
    fn grids_fitting_the_rest(
        &mut self,
        puzzle: &Puzzle,
        pair: (usize, usize),
    ) -> Option<screen::GridSet> {
        (self.side == SMALL_SIDE).then(|| {
            puzzle
                .cages()
                .iter()
                .enumerate()
                .filter(|&(index, _)| index != pair.0 && index != pair.1)
                .fold(screen::GridSet::every(), |grids, (_, cage)| {
                    grids.and(self.grids_4x4.fitting(&cage.cells, cage.sum))
                })
        })
    }

    /// `puzzle` with the cages `pair` replaced by `parts` (over the same cells), with its
    /// assessment, when it is found unique at a level no harder than `wanted`. With `rest`
    /// (at 4x4, [`Self::grids_fitting_the_rest`]), a candidate the parts leave with several
    /// solutions is given up before its puzzle is made: counted, and charged the steps of
    /// [`screen::CageGrids::solutions`] (one a cage), as [`Self::assess`] would, whose answer it is.
    #[allow(clippy::too_many_arguments)]
    fn replace(
        &mut self,
        puzzle: &Puzzle,
        solution: &Solution,
        pair: (usize, usize),
        rest: Option<screen::GridSet>,
        parts: Vec<Vec<usize>>,
        wanted: Level,
        budget: &mut Budget,
        rate: impl Fn(&Puzzle, &mut Budget) -> Result<Rating, Stop>,
    ) -> Result<Option<(Puzzle, Assessed)>, Stop> {
        if let Some(rest) = rest {
            let grids = parts.iter().fold(rest, |grids, part| {
                let sum = part
                    .iter()
                    .map(|&cell| u32::from(solution.digits[cell]))
                    .sum();
                grids.and(self.grids_4x4.fitting(part, sum))
            });
            if !grids.is_single() {
                self.stats.attempts += 1;
                budget.spend((puzzle.cages().len() - 2 + parts.len()) as u64)?;
                return Ok(None);
            }
        }
        let mut groups: Vec<Vec<usize>> = puzzle
            .cages()
            .iter()
            .enumerate()
            .filter(|&(index, _)| index != pair.0 && index != pair.1)
            .map(|(_, cage)| cage.cells.clone())
            .collect();
        groups.extend(parts);
        let candidate = self.puzzle(groups, solution);
        self.stats.attempts += 1;
        let assessed = self.assess(&candidate, budget, rate)?;
        Ok(assessed
            .level
            .is_some_and(|level| level <= wanted)
            .then_some((candidate, assessed)))
    }

    /// `puzzle` with two neighbouring cages drawn again as two other cages over the same cells
    /// (both connected, their digits different), with its assessment: the first such puzzle,
    /// pairs and new cages in a random order, found unique at a level no harder than
    /// `wanted`; None when none is. At 4x4, where a candidate is assessed in microseconds, this lets the
    /// merges go on where every merge lost uniqueness: a medium or expert 4x4 is a rare layout
    /// of six to eight cages, reached more often by reshaping the cages of one unique grid
    /// than by starting over.
    fn reshape(
        &mut self,
        puzzle: &Puzzle,
        solution: &Solution,
        wanted: Level,
        budget: &mut Budget,
        rate: impl Fn(&Puzzle, &mut Budget) -> Result<Rating, Stop>,
    ) -> Result<Option<(Puzzle, Assessed)>, Stop> {
        let n = self.side;
        let cages = puzzle.cages();
        let mut pairs = neighbouring_cages(puzzle, |_, _| true);
        self.rng.shuffle(&mut pairs);
        let distinct = |cells: &[usize]| {
            let mut held = 0u32;
            cells.iter().all(|&cell| {
                let bit = 1 << solution.digits[cell];
                let fresh = held & bit == 0;
                held |= bit;
                fresh
            })
        };
        for (first, second) in pairs {
            let others = self.grids_fitting_the_rest(puzzle, (first, second));
            let mut union = cages[first].cells.clone();
            union.extend(cages[second].cells.iter().copied());
            union.sort_unstable();
            let (head, rest) = union.split_first().expect("cages have cells");
            let sorted = |index: usize| {
                let mut cells = cages[index].cells.clone();
                cells.sort_unstable();
                cells
            };
            let (first_cells, second_cells) = (sorted(first), sorted(second));
            // Each other way to part the cells: `head` and the cells of `mask`, and the rest.
            let mut parts: Vec<(Vec<usize>, Vec<usize>)> = Vec::new();
            // Two buffers for every way, copied only for the ways kept.
            let (mut one, mut two) = (Vec::with_capacity(union.len()), Vec::new());
            for mask in 0..(1u32 << rest.len()) - 1 {
                one.clear();
                one.push(*head);
                two.clear();
                for (at, &cell) in rest.iter().enumerate() {
                    if mask >> at & 1 == 1 {
                        one.push(cell);
                    } else {
                        two.push(cell);
                    }
                }
                let current = |part: &[usize]| first_cells == part || second_cells == part;
                if !current(&one)
                    && distinct(&one)
                    && distinct(&two)
                    && connected(n, &one, false)
                    && connected(n, &two, false)
                {
                    parts.push((one.clone(), two.clone()));
                }
            }
            self.rng.shuffle(&mut parts);
            for (one, two) in parts {
                let pair = (first, second);
                let replaced = self.replace(
                    puzzle,
                    solution,
                    pair,
                    others,
                    vec![one, two],
                    wanted,
                    budget,
                    &rate,
                )?;
                if replaced.is_some() {
                    return Ok(replaced);
                }
            }
        }
        Ok(None)
    }
}

/// The pairs of cages of `puzzle` with orthogonally neighbouring cells (the first the lower
/// index) that `keep` accepts, in order.
fn neighbouring_cages(puzzle: &Puzzle, keep: impl Fn(&Cage, &Cage) -> bool) -> Vec<(usize, usize)> {
    let cages = puzzle.cages();
    let mut pairs: Vec<(usize, usize)> = Vec::new();
    for (index, cage) in cages.iter().enumerate() {
        for &cell in &cage.cells {
            for other in neighbours(puzzle.side(), cell) {
                let next = puzzle.cage_of(other);
                if next > index && keep(cage, &cages[next]) {
                    pairs.push((index, next));
                }
            }
        }
    }
    pairs.sort_unstable();
    pairs.dedup();
    pairs
}

/// A random filled grid of side `n` with boxes of `box_shape` (rows, columns): the pattern
/// grid `(cols * (row % rows) + row / rows + col) % n`, its rows within bands, bands,
/// columns within stacks and stacks shuffled, then its digits relabelled.
pub fn random_fill(n: usize, box_shape: (usize, usize), rng: &mut SeededRng) -> Solution {
    let (rows, cols) = box_shape;
    // `cols` bands of `rows` rows, `rows` stacks of `cols` columns.
    let order = |rng: &mut SeededRng, groups: usize, size: usize| {
        let mut groups_order: Vec<usize> = (0..groups).collect();
        rng.shuffle(&mut groups_order);
        let mut lines = Vec::with_capacity(n);
        for group in groups_order {
            let mut inner: Vec<usize> = (0..size).collect();
            rng.shuffle(&mut inner);
            lines.extend(inner.into_iter().map(|line| group * size + line));
        }
        lines
    };
    let row_order = order(rng, cols, rows);
    let col_order = order(rng, rows, cols);
    let mut labels: Vec<u8> = (1..=n as u8).collect();
    rng.shuffle(&mut labels);
    let mut digits = vec![0; n * n];
    for (r, &row) in row_order.iter().enumerate() {
        for (c, &col) in col_order.iter().enumerate() {
            let pattern = (cols * (row % rows) + row / rows + col) % n;
            digits[r * n + c] = labels[pattern];
        }
    }
    Solution { side: n, digits }
}

/// The orthogonal neighbours of `cell` in an `n` x `n` grid.
pub fn neighbours(n: usize, cell: usize) -> impl Iterator<Item = usize> {
    let (row, col) = (cell / n, cell % n);
    [
        (row > 0).then(|| cell - n),
        (row + 1 < n).then(|| cell + n),
        (col > 0).then(|| cell - 1),
        (col + 1 < n).then(|| cell + 1),
    ]
    .into_iter()
    .flatten()
}

/// The orthogonally connected parts of `cells`.
fn components(n: usize, cells: &[usize]) -> Vec<Vec<usize>> {
    let mut left: Vec<usize> = cells.to_vec();
    let mut parts = Vec::new();
    while let Some(start) = left.pop() {
        let mut part = vec![start];
        let mut next = 0;
        while next < part.len() {
            for other in neighbours(n, part[next]) {
                if let Some(at) = left.iter().position(|&cell| cell == other) {
                    part.push(left.swap_remove(at));
                }
            }
            next += 1;
        }
        part.sort_unstable();
        debug_assert!(connected(n, &part, false));
        parts.push(part);
    }
    parts
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
