//! A generation under way (steps 1 to 4 of the `generate` module's doc): the filled grid, its
//! random cages, the splits that make it unique, and the merges and reshapes that make it
//! easier, each candidate assessed by the easy screen or the rater.

use crate::core::{
    Budget, GenerateParams, GenerationStats, Level, Rating, SeededRng, Stop, TargetLevel,
};

use super::grid::{components, neighbouring_cages, neighbours, random_fill};
use super::screen::{self, SMALL_SIDE};
use super::small_grids;
use crate::genres::killer_sudoku::model::{connected, default_box, Cage, Puzzle};
use crate::genres::killer_sudoku::solve::{generator_search, Solution};

/// Steps per cell the exact solver may take to prove a candidate unique (162,000 for 9x9).
pub const SOLVE_STEPS_PER_CELL: u64 = 2_000;

/// Merges of a candidate tried (step 4) before the generator starts over.
pub const MERGE_TRIES: usize = 12;

/// The sizes a new cage is drawn from (step 2), each as often as it is listed: cages of two
/// to four cells mostly, as published puzzles have.
pub const CAGE_SIZES: [usize; 20] = [1, 2, 2, 2, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5];

/// What the generator knows of a candidate's level (step 4): the level the rater reached
/// (`None`: not finished, too hard or not unique) with its rating, or easy without a rating
/// when the easy screen filled the grid.
pub(super) struct Assessed {
    pub(super) level: Option<Level>,
    pub(super) rating: Option<Rating>,
}

impl Assessed {
    pub(super) fn rated(rating: Rating) -> Assessed {
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
pub(super) struct Generator {
    pub(super) side: usize,
    box_shape: (usize, usize),
    rng: SeededRng,
    /// The houses of the grid (cells of each row, column and box), once a puzzle showed them.
    houses: Vec<Vec<usize>>,
    /// The filled grids that fit each cage looked at (4x4 only).
    grids_4x4: screen::CageGrids,
    /// Whether only the grids that hold expert layouts are drawn (4x4 expert).
    expert_grids_only: bool,
    /// The work done so far.
    pub(super) stats: GenerationStats,
}

impl Generator {
    /// A generation of `params` (whose shape is one of [`SHAPES`](super::SHAPES)).
    pub(super) fn new(params: &GenerateParams) -> Generator {
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
    pub(super) fn unique_puzzle(
        &mut self,
        budget: &mut Budget,
    ) -> Result<(Puzzle, Solution), Stop> {
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
    pub(super) fn assess(
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
    pub(super) fn fill(&mut self) -> Solution {
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
    pub(super) fn split_any(&mut self, puzzle: &Puzzle, solution: &Solution) -> Option<Puzzle> {
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
    pub(super) fn merge(
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
    pub(super) fn reshape(
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
