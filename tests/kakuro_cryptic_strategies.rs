//! The cryptic solver's adaptive search (the API's) against its plain one (the generator's):
//! the same solution counts, to 2 and in full, on the Project Euler 424 lines, on generated
//! puzzles, on puzzles with no solution and on puzzles with many; and it stops on a budget or a
//! cancel like the plain one.

mod common;

use common::testdata;
use sumpuzzles::genres::kakuro::{self, generate::filled_grid};
use sumpuzzles::genres::kakuro_cryptic::solve::{self, Found, Solver};
use sumpuzzles::genres::kakuro_cryptic::{format, Cell, Clue, KakuroCryptic, Letter, Puzzle};
use sumpuzzles::genres::Genre;
use sumpuzzles::Strategy;
use sumpuzzles::{Budget, GenerateParams, Grid, Level, Shape, TargetLevel};
use sumpuzzles::{SolveOutcome, Stop};

/// The adaptive search as the API runs it, and starting over after every failure (the most
/// start-overs, so the most solutions found again).
const ADAPTIVE: [Strategy; 2] = [solve::ADAPTIVE, Strategy::Adaptive { first_restart: 1 }];

fn solve_with(puzzle: &Puzzle, strategy: Strategy, limit: usize) -> SolveOutcome<Found> {
    let structure = puzzle.structure();
    let solver = Solver::new(structure);
    solver.solve_with(
        strategy,
        solver.full_domains(),
        limit,
        &mut Budget::new(200_000_000),
    )
}

fn sorted(solutions: &[Found]) -> Vec<([u8; 10], Vec<u8>)> {
    let mut list: Vec<_> = solutions
        .iter()
        .map(|found| (found.mapping, found.digits.clone()))
        .collect();
    list.sort();
    list
}

/// Both strategies finish with the same count up to `limit`, and when the count is below the
/// limit (so every solution was found) the same solutions; a solution found twice is never
/// counted twice. Returns the count.
fn same_counts(puzzle: &Puzzle, limit: usize, strategies: &[Strategy]) -> usize {
    let line = format::to_line(puzzle);
    let plain = solve_with(puzzle, Strategy::FewestCandidates, limit);
    assert!(plain.complete, "{line}");
    for &strategy in strategies {
        let adaptive = solve_with(puzzle, strategy, limit);
        assert!(adaptive.complete, "{strategy:?} {line}");
        assert_eq!(adaptive.count(), plain.count(), "{strategy:?} {line}");
        let found = sorted(&adaptive.solutions);
        assert!(
            found.windows(2).all(|pair| pair[0] != pair[1]),
            "{strategy:?} counted a solution twice: {line}"
        );
        if plain.count() < limit {
            assert_eq!(found, sorted(&plain.solutions), "{strategy:?} {line}");
        }
    }
    plain.count()
}

fn generated(shape: Shape, seed: u64) -> Puzzle {
    let params = GenerateParams {
        shape,
        level: TargetLevel::Any,
        seed,
    };
    KakuroCryptic::generate(&params, &mut Budget::new(2_000_000_000))
        .unwrap_or_else(|e| panic!("{shape} seed {seed}: {e}"))
        .puzzle
}

/// The puzzle with every shown letter hidden.
fn without_shown_letters(puzzle: &Puzzle) -> Puzzle {
    let mut grid = puzzle.grid().clone();
    for cell in grid.cells_mut() {
        if let Cell::White(Some(_)) = cell {
            *cell = Cell::White(None);
        }
    }
    Puzzle::new(grid).unwrap()
}

/// The puzzle with the units letter of its last across clue moved on by one letter: usually
/// no solution is left.
fn with_a_wrong_clue(puzzle: &Puzzle) -> Puzzle {
    let mut grid = puzzle.grid().clone();
    let clue = grid
        .cells_mut()
        .iter_mut()
        .rev()
        .find_map(|cell| match cell {
            Cell::Block {
                across: Some(clue), ..
            } => Some(clue),
            _ => None,
        })
        .expect("an across clue");
    clue.units = Letter::new((clue.units.index() + 1) % 10).unwrap();
    Puzzle::new(grid).unwrap()
}

/// All 200 lines of Project Euler 424: unique under both searches, the same solution.
#[test]
fn both_searches_agree_on_the_project_euler_lines() {
    let Some(dir) = testdata() else { return };
    let text = std::fs::read_to_string(dir.join("pe424/p424_kakuro200.txt")).unwrap();
    let mut lines = 0;
    for line in text.lines().filter(|line| !line.trim().is_empty()) {
        let puzzle = format::parse_line(line).unwrap();
        assert_eq!(same_counts(&puzzle, 2, &ADAPTIVE), 1, "{line}");
        lines += 1;
    }
    assert_eq!(lines, 200);
}

/// Generated 7x7 puzzles (the comparison's set) are unique under both searches; without their
/// shown letters most have several solutions, and with a clue letter changed most have none.
#[test]
fn both_searches_agree_on_generated_puzzles() {
    let mut several = 0;
    let mut none = 0;
    for seed in 0..200 {
        let puzzle = generated(Shape::new(7, 7), seed);
        assert_eq!(same_counts(&puzzle, 2, &ADAPTIVE), 1, "seed {seed}");
        let count = same_counts(&without_shown_letters(&puzzle), 2, &ADAPTIVE);
        several += usize::from(count == 2);
        let count = same_counts(&with_a_wrong_clue(&puzzle), 2, &ADAPTIVE);
        none += usize::from(count == 0);
    }
    assert!(several > 100, "{several} of 200 with several solutions");
    assert!(none > 100, "{none} of 200 without a solution");
}

/// Full counts, not only to 2: small generated puzzles without their shown letters (letters
/// that appear nowhere, or only in cells, multiply the mappings) and larger shapes.
#[test]
fn both_searches_count_every_solution_of_small_puzzles() {
    let mut counted = Vec::new();
    for (shape, seeds) in [
        (Shape::new(4, 4), 0..20),
        (Shape::new(5, 5), 0..20),
        (Shape::new(6, 6), 0..10),
        (Shape::new(10, 10), 0..4),
    ] {
        for seed in seeds {
            let puzzle = without_shown_letters(&generated(shape, seed));
            counted.push(same_counts(&puzzle, 5_000, &ADAPTIVE));
        }
    }
    assert!(
        counted.iter().any(|&count| count > 100),
        "no puzzle with many solutions: {counted:?}"
    );
}

/// Random Kakuro fills with their sums written in letters: many solutions, where a plain
/// depth-first search can thrash and the adaptive one starts over.
#[test]
fn both_searches_agree_on_random_fills_with_many_solutions() {
    for seed in 0..12 {
        let side = 6 + seed as usize % 3;
        let puzzle = letters_for_a_fill(side, seed);
        same_counts(&puzzle, 40, &ADAPTIVE);
        same_counts(&with_a_wrong_clue(&puzzle), 40, &ADAPTIVE);
    }
}

/// A random layout and fill (the expert settings of the Kakuro generator), with every sum
/// written through a mapping that depends on the seed.
fn letters_for_a_fill(side: usize, seed: u64) -> Puzzle {
    let params = GenerateParams {
        shape: Shape::new(side, side),
        level: TargetLevel::Exactly(Level::Expert),
        seed,
    };
    let (puzzle, _) = filled_grid(&params, &mut Budget::new(100_000_000)).unwrap();
    let mut letter_of = [Letter::new(0).unwrap(); 10];
    for (digit, letter) in letter_of.iter_mut().enumerate() {
        *letter = Letter::new((3 * digit + seed as usize) % 10).unwrap();
    }
    let cells = puzzle
        .grid()
        .cells()
        .iter()
        .map(|cell| match *cell {
            kakuro::Cell::White => Cell::White(None),
            kakuro::Cell::Block { down, across } => Cell::Block {
                down: down.and_then(|sum| Clue::encode(sum, &letter_of)),
                across: across.and_then(|sum| Clue::encode(sum, &letter_of)),
            },
        })
        .collect();
    Puzzle::new(Grid::from_cells(Shape::new(side, side), cells).unwrap()).unwrap()
}

#[test]
fn the_adaptive_search_stops_when_the_budget_runs_out() {
    let puzzle = letters_for_a_fill(12, 1);
    let structure = puzzle.structure();
    let solver = Solver::new(structure);
    for strategy in ADAPTIVE {
        for steps in [3, 50, 400] {
            let mut budget = Budget::new(steps);
            let outcome = solver.solve_with(strategy, solver.full_domains(), 1_000, &mut budget);
            assert!(!outcome.complete, "{strategy:?} {steps}");
            assert_eq!(
                outcome.stopped,
                Some(Stop::Exhausted),
                "{strategy:?} {steps}"
            );
            assert!(outcome.steps <= steps, "{strategy:?} {steps}");
        }
    }
}

#[test]
fn a_cancelled_adaptive_search_stops() {
    let puzzle = letters_for_a_fill(12, 1);
    let structure = puzzle.structure();
    let solver = Solver::new(structure);
    for strategy in ADAPTIVE {
        let flag = sumpuzzles::CancelFlag::new();
        flag.cancel();
        let mut budget = Budget::with_flag(u64::MAX / 2, flag);
        let outcome = solver.solve_with(strategy, solver.full_domains(), 1_000_000, &mut budget);
        assert_eq!(outcome.stopped, Some(Stop::Cancelled), "{strategy:?}");
        assert!(outcome.steps <= sumpuzzles::CHECK_INTERVAL + 100);
    }
}

/// Regression for the tail the adaptive search was made for: generated 7x7 seed 96 took
/// 11,165 steps with the plain search; the equations and the weights bring it near 2,500.
#[test]
fn the_slowest_generated_puzzle_takes_a_few_thousand_steps() {
    let puzzle = generated(Shape::new(7, 7), 96);
    let plain = solve_with(&puzzle, Strategy::FewestCandidates, 2);
    let adaptive = solve_with(&puzzle, solve::ADAPTIVE, 2);
    assert!(plain.unique() && adaptive.unique());
    assert!(plain.steps > 10_000, "{}", plain.steps);
    assert!(adaptive.steps < 4_000, "{}", adaptive.steps);
}
