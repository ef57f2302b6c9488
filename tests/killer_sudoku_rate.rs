//! The killer-human rater and hints on the published Killer Sudoku puzzles
//! (`killer-sudoku.jsonl` in the test data) and on small hand-made grids: every rating's
//! deductions are sound (no digit of the solution removed, every placement the solution's),
//! a finished rating fills the given solution, and hints point at wrong digits first.

mod common;

use serde_json::{json, Value};
use sumpuzzles::genres::killer_sudoku::{char_digit, format, rate, KillerSudoku, Puzzle};
use sumpuzzles::genres::Genre;
use sumpuzzles::Budget;
use sumpuzzles::{HintKind, Level, Rating};

/// The rating budget of the tests (the default operation budget's size).
const STEPS: u64 = 1_200_000;

fn solution_digits(record: &Value) -> Option<Vec<u8>> {
    let rows = record["solution"].as_array()?;
    Some(
        rows.iter()
            .flat_map(|row| {
                row.as_str()
                    .unwrap()
                    .chars()
                    .map(|c| char_digit(c).unwrap())
            })
            .collect(),
    )
}

/// The grid the rating's placements fill (0 where none).
fn filled(puzzle: &Puzzle, rating: &Rating) -> Vec<u8> {
    let side = puzzle.side();
    let mut digits = puzzle.givens().to_vec();
    for deduction in &rating.deductions {
        for placement in &deduction.placed {
            digits[placement.row * side + placement.col] = char_digit(placement.value).unwrap();
        }
    }
    digits
}

/// No deduction removes the solution's digit or places another one.
fn assert_sound(name: &str, puzzle: &Puzzle, rating: &Rating, solution: &[u8]) {
    let side = puzzle.side();
    for (index, deduction) in rating.deductions.iter().enumerate() {
        for removal in &deduction.removed {
            let right = solution[removal.row * side + removal.col];
            assert!(
                !removal.values.chars().any(|c| char_digit(c) == Some(right)),
                "{name}: deduction {index} ({}) removes the solution's {right} at {:?}",
                deduction.technique,
                (removal.row, removal.col)
            );
        }
        for placement in &deduction.placed {
            assert_eq!(
                char_digit(placement.value),
                Some(solution[placement.row * side + placement.col]),
                "{name}: deduction {index} ({}) places a wrong digit",
                deduction.technique
            );
        }
    }
}

#[test]
fn every_published_rating_is_sound_and_a_finished_one_fills_the_solution() {
    let puzzles = common::killer::puzzles();
    let mut table = Vec::new();
    for (name, puzzle, record) in &puzzles {
        let rating = rate::rate(puzzle, &mut Budget::new(STEPS));
        let grid = filled(puzzle, &rating);
        if let Some(solution) = solution_digits(record) {
            assert_sound(name, puzzle, &rating, &solution);
            if rating.solved {
                assert_eq!(grid, solution, "{name}: the rating fills another grid");
            }
        }
        if rating.solved {
            let rows: Vec<String> = grid
                .chunks(9)
                .map(|row| row.iter().map(|d| d.to_string()).collect())
                .collect();
            let answer = KillerSudoku::parse_answer(puzzle, &rows).unwrap();
            let violations = KillerSudoku::check(puzzle, &answer, true).unwrap();
            assert!(violations.is_empty(), "{name}: filled grid breaks a rule");
            assert!(matches!(rating.level(), Some(level) if level != Level::BeyondExpert));
        }
        table.push((
            name.clone(),
            record["label"].as_str().unwrap_or("-").to_string(),
            rating.level().map_or("unrated", |level| level.name()),
            rating
                .score()
                .map_or("-".to_string(), |score| score.to_string()),
            rating.steps,
            rating.deductions.len(),
            rating
                .techniques
                .iter()
                .map(|(name, count)| format!("{name} {count}"))
                .collect::<Vec<_>>()
                .join(", "),
        ));
    }
    println!("| puzzle | label | level | score | steps | deductions | techniques |");
    println!("|---|---|---|---|---|---|---|");
    for (name, label, level, score, steps, deductions, techniques) in &table {
        println!(
            "| {name} | {label} | {level} | {score} | {steps} | {deductions} | {techniques} |"
        );
    }
    let solved = table
        .iter()
        .filter(|row| row.2 != "beyond_expert" && row.2 != "unrated")
        .count();
    println!("{solved} of {} rated easy to expert", table.len());
}

/// A 4x4 puzzle whose cages are each a 2-cell domino, plus the answer.
const SMALL: &str = r#"{"cages": [
    {"sum": 3, "cells": [[0,0],[0,1]]}, {"sum": 7, "cells": [[0,2],[0,3]]},
    {"sum": 7, "cells": [[1,0],[1,1]]}, {"sum": 3, "cells": [[1,2],[1,3]]},
    {"sum": 5, "cells": [[2,0],[3,0]]}, {"sum": 5, "cells": [[2,1],[3,1]]},
    {"sum": 5, "cells": [[2,2],[3,2]]}, {"sum": 5, "cells": [[2,3],[3,3]]}]}"#;

fn small() -> Puzzle {
    format::parse_json(&serde_json::from_str(SMALL).unwrap()).unwrap()
}

#[test]
fn a_small_puzzle_is_rated_with_its_deductions() {
    let puzzle = small();
    let outcome =
        sumpuzzles::genres::killer_sudoku::solve_puzzle(&puzzle, 2, &mut Budget::new(STEPS));
    let rating = rate::rate(&puzzle, &mut Budget::new(STEPS));
    if outcome.count() == 1 {
        let solution = &outcome.solutions[0];
        assert_sound("small", &puzzle, &rating, &solution.digits);
        if rating.solved {
            assert_eq!(filled(&puzzle, &rating), solution.digits);
        }
    }
    assert!(!rating.deductions.is_empty());
    assert!(rating.techniques.contains_key("cage_combinations"));
    assert_eq!(rating.descriptors.runs, 8);
    assert_eq!(rating.descriptors.longest_run, 2);
}

#[test]
fn a_budget_that_runs_out_leaves_the_rating_unrated() {
    let puzzle = small();
    let rating = rate::rate(&puzzle, &mut Budget::new(3));
    assert!(!rating.complete());
    assert!(!rating.solved);
}

#[test]
fn hints_point_at_a_wrong_digit_first_and_otherwise_place_a_right_one() {
    let puzzles = common::killer::puzzles();
    let mut hinted = 0;
    for (name, puzzle, record) in &puzzles {
        let Some(digits) = solution_digits(record) else {
            continue;
        };
        let rows: Vec<String> = record["solution"]
            .as_array()
            .unwrap()
            .iter()
            .map(|row| row.as_str().unwrap().to_string())
            .collect();
        let solution_answer = KillerSudoku::parse_answer(puzzle, &rows).unwrap();
        let solution = sumpuzzles::genres::killer_sudoku::Solution {
            side: 9,
            digits: digits.clone(),
        };
        let given =
            KillerSudoku::hint(puzzle, &solution_answer, &solution, &mut Budget::new(STEPS))
                .unwrap();
        assert_eq!(given.kind, HintKind::Solved, "{name}");
        // A wrong digit in row 5 is pointed at.
        let mut wrong = vec![".".repeat(9); 9];
        let bad = digits[40] % 9 + 1;
        wrong[4] = format!("....{bad}....");
        let answer = KillerSudoku::parse_answer(puzzle, &wrong).unwrap();
        let given =
            KillerSudoku::hint(puzzle, &answer, &solution, &mut Budget::new(STEPS)).unwrap();
        assert_eq!(given.kind, HintKind::Wrong, "{name}");
        assert_eq!(given.cells, vec![[4, 4]]);
        // From the empty grid: a deduction placing the solution's digit, or a reveal.
        let empty = KillerSudoku::parse_answer(puzzle, &vec![".".repeat(9); 9]).unwrap();
        let given = KillerSudoku::hint(puzzle, &empty, &solution, &mut Budget::new(STEPS)).unwrap();
        assert!(
            matches!(given.kind, HintKind::Deduction | HintKind::Reveal),
            "{name}: {:?}",
            given.kind
        );
        let placed = &given.placed[0];
        assert_eq!(
            char_digit(placed.value),
            Some(digits[placed.row * 9 + placed.col]),
            "{name}"
        );
        assert!(!given.explanation.is_empty());
        hinted += usize::from(given.kind == HintKind::Deduction);
    }
    assert!(hinted > 0, "no published puzzle gave a deduction hint");
}

/// A puzzle of every size the generator makes, from the usual pattern solution, its cages
/// dominoes across the rows with every third row's cells alone: the rating is sound at every
/// size, and a finished one fills the solution.
#[test]
fn ratings_are_sound_at_every_size() {
    for (side, (rows, cols)) in [(4, (2, 2)), (6, (2, 3)), (12, (3, 4)), (16, (4, 4))] {
        let digit = |r: usize, c: usize| ((cols * (r % rows) + r / rows + c) % side + 1) as u32;
        let mut cages = Vec::new();
        for r in 0..side {
            for c in (0..side).step_by(2) {
                if r % 3 == 0 {
                    cages.push(json!({"sum": digit(r, c), "cells": [[r, c]]}));
                    cages.push(json!({"sum": digit(r, c + 1), "cells": [[r, c + 1]]}));
                } else {
                    cages.push(json!({"sum": digit(r, c) + digit(r, c + 1), "cells": [[r, c], [r, c + 1]]}));
                }
            }
        }
        let puzzle = format::parse_json(&json!({"cages": cages})).unwrap();
        let solution: Vec<u8> = (0..side * side)
            .map(|cell| digit(cell / side, cell % side) as u8)
            .collect();
        let rating = rate::rate(&puzzle, &mut Budget::new(STEPS));
        let name = format!("{side}x{side}");
        assert!(rating.complete(), "{name}: unrated");
        assert_sound(&name, &puzzle, &rating, &solution);
        if rating.solved {
            assert_eq!(filled(&puzzle, &rating), solution, "{name}");
        }
        println!("{name}: {:?} in {} steps", rating.level(), rating.steps);
    }
}
