//! The cryptic Kakuro generator: every puzzle has exactly one solution (letters and grid) with
//! no shown letter to spare, the same parameters give the same puzzle, and the level is the
//! underlying Kakuro's.

use sumpuzzles::genres::kakuro::Kakuro;
use sumpuzzles::genres::kakuro_cryptic::{self, format, Cell, KakuroCryptic, Puzzle};
use sumpuzzles::genres::GenreId;
use sumpuzzles::genres::{Formats, Genre};
use sumpuzzles::ops::{self, GenerateRequest};
use sumpuzzles::Stop;
use sumpuzzles::{Budget, Error, GenerateParams, InputErrorKind, Level, Shape, TargetLevel};

fn params(shape: Shape, level: TargetLevel, seed: u64) -> GenerateParams {
    GenerateParams { shape, level, seed }
}

fn generate(params: &GenerateParams) -> sumpuzzles::Generated<Puzzle, kakuro_cryptic::Solution> {
    KakuroCryptic::generate(params, &mut Budget::new(2_000_000_000))
        .unwrap_or_else(|e| panic!("{params:?}: {e}"))
}

/// The puzzle with the letter of white cell `(row, col)` hidden.
fn hidden(puzzle: &Puzzle, row: usize, col: usize) -> Puzzle {
    let mut grid = puzzle.grid().clone();
    grid[(row, col)] = Cell::White(None);
    Puzzle::new(grid).unwrap()
}

fn shown_cells(puzzle: &Puzzle) -> Vec<(usize, usize)> {
    puzzle
        .grid()
        .iter()
        .filter(|(_, _, cell)| matches!(cell, Cell::White(Some(_))))
        .map(|(row, col, _)| (row, col))
        .collect()
}

/// Many seeds of small shapes: exactly one solution, the generated one, from the line alone.
#[test]
fn generated_puzzles_have_exactly_their_solution() {
    let shapes = [
        Shape::new(4, 4),
        Shape::new(5, 5),
        Shape::new(6, 6),
        Shape::new(4, 6),
        Shape::new(5, 8),
        Shape::new(7, 7),
    ];
    let mut shown_total = 0;
    let mut count = 0;
    for shape in shapes {
        for seed in 0..12 {
            let generated = generate(&params(shape, TargetLevel::Any, seed));
            let line = format::to_line(&generated.puzzle);
            let puzzle = format::parse_line(&line).unwrap();
            let outcome = kakuro_cryptic::solve_puzzle(&puzzle, 2, &mut Budget::new(50_000_000));
            assert!(outcome.unique(), "{shape} seed {seed}: {line}");
            assert_eq!(
                outcome.solutions[0], generated.solution,
                "{shape} seed {seed}"
            );
            assert!(generated
                .rating
                .level()
                .is_some_and(|level| TargetLevel::Any.accepts(level)));
            assert!(generated.rating.solved && generated.rating.complete());
            assert_eq!(generated.generator_version, 1);
            shown_total += shown_cells(&puzzle).len();
            count += 1;
        }
    }
    // Few letters are shown: most of the mapping comes from the sums.
    assert!(
        shown_total < count * 4,
        "{shown_total} letters shown in {count} puzzles"
    );
}

/// No shown letter can be hidden: without any one of them a second solution exists.
#[test]
fn every_shown_letter_is_needed() {
    let mut checked = 0;
    for seed in 0..10 {
        let generated = generate(&params(Shape::new(6, 6), TargetLevel::Any, seed));
        for (row, col) in shown_cells(&generated.puzzle) {
            let fewer = hidden(&generated.puzzle, row, col);
            let outcome = kakuro_cryptic::solve_puzzle(&fewer, 2, &mut Budget::new(50_000_000));
            assert!(
                !outcome.unique(),
                "seed {seed}: the letter at {row},{col} is not needed"
            );
            checked += 1;
        }
    }
    assert!(checked > 0, "no seed showed a letter");
}

#[test]
fn the_same_parameters_give_the_same_puzzle() {
    for seed in [0, 7, 12345] {
        let p = params(Shape::new(7, 7), TargetLevel::Any, seed);
        let first = generate(&p);
        let second = generate(&p);
        assert_eq!(
            format::to_line(&first.puzzle),
            format::to_line(&second.puzzle)
        );
        assert_eq!(first.solution, second.solution);
        assert_eq!(first.stats, second.stats);
    }
    let a = format::to_line(&generate(&params(Shape::new(7, 7), TargetLevel::Any, 1)).puzzle);
    let b = format::to_line(&generate(&params(Shape::new(7, 7), TargetLevel::Any, 2)).puzzle);
    assert_ne!(a, b);
}

/// The level is the Kakuro rating of the underlying grid, which for a 7x7 grid whose digits
/// show enough is the Kakuro the same parameters give.
#[test]
fn the_level_is_the_underlying_kakuros() {
    for level in [Level::Easy, Level::Medium, Level::Hard] {
        for seed in 0..3 {
            let p = params(Shape::new(7, 7), TargetLevel::Exactly(level), seed);
            let generated = generate(&p);
            assert_eq!(generated.rating.level(), Some(level), "{level} seed {seed}");
            let rated =
                kakuro_cryptic::rate::rate(&generated.puzzle, &mut Budget::new(100_000_000));
            assert_eq!(rated.level(), Some(level), "{level} seed {seed}");
            let kakuro = Kakuro::generate(&p, &mut Budget::new(2_000_000_000)).unwrap();
            assert_eq!(
                generated.solution.grid, kakuro.solution,
                "{level} seed {seed}"
            );
        }
    }
}

#[test]
fn generate_through_the_api_returns_the_line() {
    let request = GenerateRequest::new(GenreId::KakuroCryptic, None, TargetLevel::Any, 3);
    let report = ops::generate(&request, &mut Budget::new(2_000_000_000)).unwrap();
    assert_eq!(report.genre.name(), "kakuro-cryptic");
    assert_eq!(report.shape, "7x7");
    assert!(report.text.starts_with("7,X,"), "{}", report.text);
    let puzzle = format::parse_line(&report.text).unwrap();
    assert_eq!(KakuroCryptic::to_id(&puzzle), report.id);
    assert_eq!(report.rating.profile, "kakuro-human");
    assert_eq!(Some(report.level), report.rating.level);
    assert_eq!(Some(report.score), report.rating.score);
}

#[test]
fn shapes_outside_the_limits_and_small_budgets_are_errors() {
    for shape in [Shape::new(3, 3), Shape::new(17, 5)] {
        let error = KakuroCryptic::generate(
            &params(shape, TargetLevel::Any, 0),
            &mut Budget::new(1_000_000),
        )
        .unwrap_err();
        let Error::Input(error) = error else {
            panic!("{shape}: {error}")
        };
        assert_eq!(error.kind, InputErrorKind::Limits);
    }
    let error = KakuroCryptic::generate(
        &params(Shape::new(7, 7), TargetLevel::Any, 0),
        &mut Budget::new(1000),
    )
    .unwrap_err();
    assert_eq!(error, Error::Stopped(Stop::Exhausted));
}
