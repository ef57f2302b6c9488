//! The Kakurasu generator: unique, at the requested level, the same for the same seed, and
//! budgeted.

use proptest::prelude::*;
use sumpuzzles::genres::kakurasu::{self, generate, rate};
use sumpuzzles::genres::GenreId;
use sumpuzzles::ops::{self, GenerateRequest};
use sumpuzzles::{Budget, Error, GenerateParams, InputErrorKind, Level, Shape, Stop, TargetLevel};

fn params(rows: usize, cols: usize, level: TargetLevel, seed: u64) -> GenerateParams {
    GenerateParams {
        shape: Shape::new(rows, cols),
        level,
        seed,
    }
}

/// Small shapes and the levels they hold (see `generate::max_level`).
fn small_request() -> impl Strategy<Value = GenerateParams> {
    (
        prop_oneof![
            Just((3, 4)),
            Just((4, 4)),
            Just((5, 5)),
            Just((6, 6)),
            Just((5, 7))
        ],
        0..5usize,
        0u64..1000,
    )
        .prop_filter_map("levels the shape holds", |((rows, cols), level, seed)| {
            let level = match level {
                4 => TargetLevel::Any,
                n => TargetLevel::Exactly(Level::RATED[n]),
            };
            let hardest = match (rows, cols) {
                (3, 4) | (4, 4) => Level::Medium,
                (5, 5) | (5, 7) => Level::Hard,
                _ => Level::Expert,
            };
            match level {
                TargetLevel::Exactly(wanted) if wanted > hardest => None,
                _ => Some(params(rows, cols, level, seed)),
            }
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(120))]

    #[test]
    fn generated_puzzles_are_unique_at_their_level_and_repeatable(params in small_request()) {
        let generated = generate::generate(&params, &mut Budget::new(2_000_000_000)).unwrap();
        let outcome = kakurasu::solve_puzzle(&generated.puzzle, 2, &mut Budget::unlimited());
        prop_assert!(outcome.unique());
        prop_assert_eq!(&outcome.solutions[0], &generated.solution);
        let rating = rate::rate(&generated.puzzle, &mut Budget::unlimited());
        prop_assert!(rating.level().is_some_and(|level| params.level.accepts(level)), "{:?}", rating.level());
        prop_assert_eq!(rating.verdict, generated.rating.verdict);
        let again = generate::generate(&params, &mut Budget::new(2_000_000_000)).unwrap();
        prop_assert_eq!(again.puzzle, generated.puzzle);
    }
}

#[test]
fn every_level_at_eight_by_eight() {
    for level in Level::RATED {
        for seed in 0..3 {
            let request = GenerateRequest::new(
                GenreId::Kakurasu,
                Some(Shape::new(8, 8)),
                TargetLevel::Exactly(level),
                seed,
            );
            let report = ops::generate(&request, &mut Budget::new(2_000_000_000)).unwrap();
            assert_eq!(report.level, level);
            assert!(report.rating.unique);
        }
    }
}

#[test]
fn different_seeds_give_different_puzzles() {
    let a =
        generate::generate(&params(7, 7, TargetLevel::Any, 1), &mut Budget::unlimited()).unwrap();
    let b =
        generate::generate(&params(7, 7, TargetLevel::Any, 2), &mut Budget::unlimited()).unwrap();
    assert_ne!(a.puzzle, b.puzzle);
}

#[test]
fn running_out_of_budget_is_an_error_not_another_puzzle() {
    let wanted = params(10, 10, TargetLevel::Exactly(Level::Hard), 0);
    let full = generate::generate(&wanted, &mut Budget::unlimited()).unwrap();
    for steps in [0, 1000, full.stats.steps / 2] {
        match generate::generate(&wanted, &mut Budget::new(steps)) {
            Err(Error::Stopped(Stop::Exhausted)) => {}
            Ok(other) => assert_eq!(other.puzzle, full.puzzle, "{steps} steps"),
            Err(other) => panic!("{other}"),
        }
    }
}

#[test]
fn levels_a_shape_cannot_hold_are_limits_errors() {
    let error = generate::generate(
        &params(2, 9, TargetLevel::Exactly(Level::Medium), 0),
        &mut Budget::unlimited(),
    )
    .unwrap_err();
    assert!(
        matches!(error, Error::Input(ref e) if e.kind == InputErrorKind::Limits),
        "{error}"
    );
    let error = generate::generate(
        &params(33, 3, TargetLevel::Any, 0),
        &mut Budget::unlimited(),
    )
    .unwrap_err();
    assert!(matches!(error, Error::Input(_)));
    // One-row grids are easy whatever their length.
    let easy = generate::generate(
        &params(1, 32, TargetLevel::Exactly(Level::Easy), 0),
        &mut Budget::unlimited(),
    );
    assert!(easy.is_ok());
}
