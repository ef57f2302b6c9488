//! The kakurasu-human rater: the spec's example, replayed deductions, agreement of the fast
//! grading with the recording rater, and rating time.

use proptest::prelude::*;
use sumpuzzles::genres::kakurasu::solve::{propagate, LineQueue};
use sumpuzzles::genres::kakurasu::techniques::medium_fit;
use sumpuzzles::genres::kakurasu::techniques::probe::{Prober, LONG, SHORT};
use sumpuzzles::genres::kakurasu::{format, rate, Board, Puzzle};
use sumpuzzles::ops::{self, PuzzleSource};
use sumpuzzles::{Budget, Grid, Level, Score, Shape};

const SPEC_ID: &str = "kakurasu:3x5:8.12.3/0.0.6.2.3";

fn rating(id: &str) -> sumpuzzles::Rating {
    rate::rate(&format::parse_id(id).unwrap(), &mut Budget::unlimited())
}

#[test]
fn spec_example_is_easy() {
    let rating = rating(SPEC_ID);
    assert_eq!(rating.level(), Some(Level::Easy));
    assert!(rating.solved && rating.complete());
    // The zero column clues come first: bookkeeping.
    assert_eq!(rating.deductions[0].technique, "need_met");
    let report = ops::rate(&PuzzleSource::id(SPEC_ID).into(), &mut Budget::unlimited()).unwrap();
    assert_eq!(report.profile, "kakurasu-human");
    assert!(report.unique);
}

/// A published 6x6 ("Hard-1" of the dexxppy collection, one solution).
const PUBLISHED_6X6: &str = "kakurasu:6x6:17.4.18.12.9.14/11.5.10.20.13.10";

#[test]
fn deductions_replay_to_the_solution() {
    let puzzle = format::parse_id(PUBLISHED_6X6).unwrap();
    let rating = rate::rate(&puzzle, &mut Budget::unlimited());
    assert!(rating.solved);
    let mut grid = vec![vec!['.'; 6]; 6];
    for deduction in &rating.deductions {
        assert!(!deduction.placed.is_empty(), "{deduction:?}");
        assert!(deduction.removed.is_empty());
        for placement in &deduction.placed {
            assert_eq!(grid[placement.row][placement.col], '.', "decided twice");
            grid[placement.row][placement.col] = placement.value;
        }
    }
    let replayed: Vec<String> = grid.iter().map(|row| row.iter().collect()).collect();
    let solved = sumpuzzles::genres::kakurasu::solve_puzzle(&puzzle, 2, &mut Budget::unlimited());
    assert_eq!(replayed, solved.solutions[0].rows());
    let counted: u32 = rating.techniques.values().sum();
    assert_eq!(counted as usize, rating.deductions.len());
}

#[test]
fn line_deductions_name_their_clue() {
    let rating = rating(SPEC_ID);
    for deduction in &rating.deductions {
        let [row, col] = deduction.clue.unwrap();
        // Right of a row (col 5) or below a column (row 3).
        assert!(col == 5 || row == 3, "{deduction:?}");
    }
}

#[test]
fn a_puzzle_with_two_solutions_is_beyond_expert() {
    // Every line {3} or {1,2}: two shadings.
    let rating = rating("kakurasu:3x3:3.3.3/3.3.3");
    assert_eq!(rating.level(), Some(Level::BeyondExpert));
    assert!(!rating.solved && rating.complete());
}

#[test]
fn a_puzzle_without_solution_is_not_solved() {
    let rating = rating("kakurasu:2x2:4.0/0.0");
    assert!(!rating.solved);
}

#[test]
fn a_tiny_budget_gives_an_incomplete_rating() {
    let rating = rate::rate(
        &format::parse_id(PUBLISHED_6X6).unwrap(),
        &mut Budget::new(5),
    );
    assert!(!rating.complete());
}

fn random_puzzle() -> impl Strategy<Value = Puzzle> {
    (3usize..=8, 3usize..=8)
        .prop_flat_map(|(rows, cols)| {
            (
                proptest::collection::vec(prop::bool::ANY, rows * cols),
                Just(Shape::new(rows, cols)),
            )
        })
        .prop_map(|(cells, shape)| {
            Puzzle::from_shading(&Grid::from_cells(shape, cells).unwrap()).unwrap()
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    /// The fast grading is what the generator screens with; it must agree with the recording
    /// rater on the level and on where the techniques stop.
    #[test]
    fn grade_agrees_with_the_recording_rater(puzzle in random_puzzle()) {
        let recorded = rate::rate(&puzzle, &mut Budget::unlimited());
        let graded = rate::grade(&puzzle, Level::BeyondExpert, &mut Budget::unlimited()).unwrap();
        match graded.level {
            Some(level) => prop_assert_eq!(Some(level), recorded.level()),
            None => prop_assert!(graded.broken && !recorded.solved),
        }
        prop_assert_eq!(graded.level.is_some_and(|l| l <= Level::Expert), recorded.solved);
        // A board the techniques decide is the only solution (`SOLVED_PROVES_UNIQUE`).
        if recorded.solved {
            let solved = sumpuzzles::genres::kakurasu::solve_puzzle(&puzzle, 2, &mut Budget::unlimited());
            prop_assert!(solved.unique());
        }
        // The score lies in the level's band; only a finished solve has one.
        match (recorded.level(), recorded.score()) {
            (Some(level), Some(score)) => {
                prop_assert!(Score::band(level).unwrap().contains(&score));
            }
            (level, None) => prop_assert_eq!(level, Some(Level::BeyondExpert)),
            (None, Some(_)) => prop_assert!(false, "a score without a level"),
        }
        // Stopping at a ceiling gives the level when it is at most the ceiling.
        for ceiling in Level::RATED {
            let capped = rate::grade(&puzzle, ceiling, &mut Budget::unlimited()).unwrap();
            match capped.level {
                Some(level) => prop_assert_eq!(Some(level), recorded.level()),
                None => prop_assert!(recorded.level() > Some(ceiling) || !recorded.solved),
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(150))]

    /// Reusing hypothesis results and line narrowings across scans changes no answer: along a
    /// solve by contradiction deductions, a prober kept from scan to scan finds what a fresh one
    /// finds, for both techniques.
    #[test]
    fn kept_probers_find_what_fresh_ones_find(puzzle in random_puzzle()) {
        let mut board = Board::new(&puzzle);
        let mut kept = Prober::new(&board);
        let mut queue = LineQueue::all(board.line_count());
        let _ = propagate(&mut board, &mut queue, medium_fit, &mut Budget::unlimited());
        for _ in 0..puzzle.shape().cells() {
            let mut next = None;
            for limits in [SHORT, LONG] {
                let reused = kept.shortest(&mut board, limits, &mut Budget::unlimited()).unwrap();
                let fresh = Prober::new(&board)
                    .shortest(&mut board, limits, &mut Budget::unlimited())
                    .unwrap();
                prop_assert_eq!(reused, fresh);
                next = next.or(fresh);
            }
            let Some(refutation) = next.filter(|r| !r.broken) else {
                break;
            };
            board.set(refutation.row, refutation.col, refutation.shaded);
            for line in board.lines_of(refutation.row, refutation.col) {
                queue.push(line);
            }
            if propagate(&mut board, &mut queue, medium_fit, &mut Budget::unlimited()).is_err() {
                break;
            }
        }
    }
}
