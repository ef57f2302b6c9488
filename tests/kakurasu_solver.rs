//! The exact Kakurasu solver and the checker: the spec's example, published puzzles, and the
//! solver against brute force.

mod common;

use common::*;
use proptest::prelude::*;
use sumpuzzles::genres::kakurasu::solve::{other_solution, solve_board};
use sumpuzzles::genres::kakurasu::Kakurasu;
use sumpuzzles::genres::kakurasu::{self, format, rate, swap, Board, Puzzle, Rule, Violation};
use sumpuzzles::genres::Genre;
use sumpuzzles::ops::{self, CheckOptions, CheckRequest, PuzzleSource};
use sumpuzzles::{Budget, CancelFlag, Grid, Level, Shape, Stop};

const SPEC_ID: &str = "kakurasu:3x5:8.12.3/0.0.6.2.3";
const SPEC_SOLUTION: [&str; 3] = ["--#-#", "--###", "--#--"];

fn solve(puzzle: &Puzzle, limit: usize) -> sumpuzzles::SolveOutcome<kakurasu::Solution> {
    kakurasu::solve_puzzle(puzzle, limit, &mut Budget::unlimited())
}

#[test]
fn spec_example_has_the_spec_solution_only() {
    let outcome = solve(&format::parse_id(SPEC_ID).unwrap(), 10);
    assert!(outcome.unique());
    assert_eq!(outcome.solutions[0].rows(), SPEC_SOLUTION);
    let report = ops::solve(&PuzzleSource::id(SPEC_ID).into(), &mut Budget::unlimited()).unwrap();
    assert!(report.unique);
    assert_eq!(report.solutions[0], SPEC_SOLUTION);
}

#[test]
fn unreachable_clues_have_no_solution() {
    let outcome = solve(&format::parse_id("kakurasu:2x2:4.0/0.0").unwrap(), 2);
    assert!(outcome.complete);
    assert_eq!(outcome.count(), 0);
}

#[test]
fn a_large_open_grid_is_solved_without_enumerating_lines() {
    // 32x32 with every clue absent but one: any shading of the other rows works.
    let mut rows = vec![None; 32];
    rows[0] = Some(528);
    let puzzle = Puzzle::new(rows, vec![None; 32]).unwrap();
    let outcome = solve(&puzzle, 3);
    assert!(outcome.complete);
    assert_eq!(outcome.count(), 3);
    assert!(outcome
        .solutions
        .iter()
        .all(|s| s.shaded.row(0).iter().all(|&c| c)));
}

#[test]
fn a_tiny_budget_reports_an_incomplete_search() {
    let puzzle = format::parse_id(
        "kakurasu:12x12:40.39.38.37.36.35.34.33.32.31.30.29/40.39.38.37.36.35.34.33.32.31.30.29",
    )
    .unwrap();
    let outcome = kakurasu::solve_puzzle(&puzzle, 2, &mut Budget::new(10));
    assert!(!outcome.complete);
    assert_eq!(outcome.stopped, Some(Stop::Exhausted));
}

#[test]
fn a_cancelled_search_stops() {
    let flag = CancelFlag::new();
    flag.cancel();
    let puzzle = Puzzle::new(vec![None; 32], vec![None; 32]).unwrap();
    let outcome = kakurasu::solve_puzzle(
        &puzzle,
        1_000_000,
        &mut Budget::with_flag(u64::MAX / 2, flag),
    );
    assert_eq!(outcome.stopped, Some(Stop::Cancelled));
}

fn check(id: &str, rows: &[&str], finish: bool) -> Vec<Violation> {
    let puzzle = format::parse_id(id).unwrap();
    let rows: Vec<String> = rows.iter().map(|r| r.to_string()).collect();
    let answer = Kakurasu::parse_answer(&puzzle, &rows).unwrap();
    Kakurasu::check(&puzzle, &answer, finish).unwrap()
}

#[test]
fn the_spec_solution_breaks_nothing() {
    assert!(check(SPEC_ID, &SPEC_SOLUTION, true).is_empty());
    let report = ops::check(&CheckRequest::new(
        PuzzleSource::id(SPEC_ID),
        CheckOptions {
            answer: SPEC_SOLUTION.as_slice().into(),
            finish: Some(true),
        },
    ))
    .unwrap();
    assert!(report.solved);
}

#[test]
fn shading_past_the_clue_breaks_the_row() {
    // Row 3 (clue 3) with cells 3 and 4 shaded: 7 > 3; column 4 (clue 2) gets 3 > 2.
    let violations = check(SPEC_ID, &[".....", ".....", "..##."], false);
    assert_eq!(
        violations.into_iter().map(|v| v.rule).collect::<Vec<_>>(),
        vec![
            Rule::R1 {
                row: 2,
                total: 7,
                clue: 3
            },
            Rule::R2 {
                col: 3,
                total: 3,
                clue: 2
            }
        ]
    );
}

#[test]
fn open_cells_that_cannot_reach_the_clue_break_the_column() {
    // Column 3 (clue 6) with row 3 unshaded: rows 1 and 2 make at most 3.
    let violations = check(SPEC_ID, &[".....", ".....", "..-.."], false);
    assert_eq!(violations.len(), 1);
    let v = &violations[0];
    assert_eq!(
        v.rule,
        Rule::R2 {
            col: 2,
            total: 0,
            clue: 6
        }
    );
    let json = serde_json::to_value(v).unwrap();
    assert_eq!(
        json,
        serde_json::json!({
            "rule": "R2", "col": 2, "total": 0, "clue": 6, "kind": "sum",
            "message": "Column 3: its shaded cells weigh 0, and its open cells cannot make up \
                        its clue 6.",
            "cells": [[0, 2], [1, 2], [2, 2]], "clues": [[3, 2]],
        })
    );
}

#[test]
fn finishing_makes_unmarked_cells_unshaded() {
    let partial = ["--#-#", "--###", "--..."];
    assert!(check(SPEC_ID, &partial, false).is_empty());
    let violations = check(SPEC_ID, &partial, true);
    // Row 3 and column 3 fall short.
    // A row's total is R1, a column's R2: the type says which by the place it has.
    let broken: Vec<_> = violations
        .iter()
        .map(|v| (v.rule.row(), v.rule.col()))
        .collect();
    assert_eq!(broken, vec![(Some(2), None), (None, Some(2))]);
}

#[test]
fn published_puzzles_match_their_known_counts() {
    let Some(dir) = testdata() else { return };
    let records = json_lines(&dir.join("kakurasu.jsonl"));
    assert!(records.len() >= 50);
    for record in records {
        let id = record["id"].as_str().unwrap();
        let puzzle = format::parse_id(id).unwrap();
        let count = record["count"].as_u64().unwrap() as usize;
        let outcome = solve(&puzzle, 10);
        assert!(outcome.complete, "{id}");
        assert_eq!(outcome.count(), count, "{id}");
        let stored: Vec<String> = serde_json::from_value(record["solution"].clone()).unwrap();
        let found: Vec<Vec<String>> = outcome.solutions.iter().map(|s| s.rows()).collect();
        assert!(found.contains(&stored), "{id}: stored solution not found");
    }
}

/// The zwvista levels, many with absent clues, from the folder's derived solutions table.
#[test]
fn published_puzzles_with_absent_clues_match_their_solutions() {
    let Some(dir) = testdata() else { return };
    let path = dir.join("kakurasu/zwvista-LogicPuzzlesSwift/DERIVED-solutions.tsv");
    let table = std::fs::read_to_string(&path).unwrap();
    let mut absent = 0;
    for line in table
        .lines()
        .filter(|l| !l.starts_with('#') && !l.starts_with("level"))
    {
        let fields: Vec<&str> = line.split('\t').collect();
        let clues = |field: &str| field.replace(',', ".");
        let id = format!(
            "kakurasu:{}:{}/{}",
            fields[1],
            clues(fields[2]),
            clues(fields[3])
        );
        absent += id.matches('-').count();
        let puzzle = format::parse_id(&id).unwrap();
        let outcome = solve(&puzzle, 2);
        assert!(outcome.complete, "{id}");
        assert_eq!(outcome.count().to_string(), fields[4], "{id}");
        let expected: Vec<String> = fields[5].split(' ').map(|r| r.replace('.', "-")).collect();
        assert_eq!(outcome.solutions[0].rows(), expected, "{id}");
    }
    assert!(absent > 20, "the table should exercise absent clues");
}

/// Every shading of the open cells, checked line by line.
fn brute_force(puzzle: &Puzzle, limit: usize) -> Vec<Vec<String>> {
    let shape = puzzle.shape();
    let mut found = Vec::new();
    for bits in 0u32..1 << shape.cells() {
        let cells = (0..shape.cells()).map(|i| bits >> i & 1 == 1).collect();
        let shading = Grid::from_cells(shape, cells).unwrap();
        let clues = Puzzle::from_shading(&shading).unwrap();
        let fits = |given: &[Option<u32>], made: &[Option<u32>]| {
            given.iter().zip(made).all(|(g, m)| g.is_none() || g == m)
        };
        if fits(puzzle.row_clues(), clues.row_clues())
            && fits(puzzle.col_clues(), clues.col_clues())
        {
            found.push(kakurasu::Solution { shaded: shading }.rows());
            if found.len() == limit {
                break;
            }
        }
    }
    found
}

fn small_puzzle() -> impl Strategy<Value = Puzzle> {
    (1usize..=4, 1usize..=4)
        .prop_flat_map(|(rows, cols)| {
            (
                proptest::collection::vec(prop::bool::ANY, rows * cols),
                proptest::collection::vec(prop::bool::weighted(0.15), rows + cols),
                proptest::collection::vec(prop::bool::weighted(0.1), rows + cols),
                Just((rows, cols)),
            )
        })
        .prop_map(|(cells, absent, nudged, (rows, cols))| {
            let shading = Grid::from_cells(Shape::new(rows, cols), cells).unwrap();
            let made = Puzzle::from_shading(&shading).unwrap();
            // Some clues absent, some moved by one (often leaving no solution).
            let adjust = |clues: &[Option<u32>], offset: usize| -> Vec<Option<u32>> {
                clues
                    .iter()
                    .enumerate()
                    .map(
                        |(i, &clue)| match (absent[offset + i], nudged[offset + i]) {
                            (true, _) => None,
                            (false, true) => clue.map(|c| c + 1),
                            _ => clue,
                        },
                    )
                    .collect()
            };
            Puzzle::new(adjust(made.row_clues(), 0), adjust(made.col_clues(), rows)).unwrap()
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(500))]

    #[test]
    fn solver_matches_brute_force(puzzle in small_puzzle()) {
        let limit = 6;
        let mut expected = brute_force(&puzzle, usize::MAX);
        let outcome = solve(&puzzle, limit);
        prop_assert!(outcome.complete);
        prop_assert_eq!(outcome.count(), expected.len().min(limit));
        let mut found: Vec<Vec<String>> = outcome.solutions.iter().map(|s| s.rows()).collect();
        found.sort();
        expected.sort();
        if expected.len() <= limit {
            prop_assert_eq!(found, expected);
        } else {
            prop_assert!(found.iter().all(|f| expected.contains(f)));
        }
    }

    #[test]
    fn every_brute_force_solution_passes_the_checker(puzzle in small_puzzle()) {
        for rows in brute_force(&puzzle, 3) {
            let answer = Kakurasu::parse_answer(&puzzle, &rows).unwrap();
            prop_assert!(Kakurasu::check(&puzzle, &answer, true).unwrap().is_empty());
        }
    }
}

/// A random shading of 3x3 to 8x8 and its puzzle.
fn shading_and_puzzle() -> impl Strategy<Value = (Grid<bool>, Puzzle)> {
    (3usize..=8, 3usize..=8)
        .prop_flat_map(|(rows, cols)| {
            (
                proptest::collection::vec(prop::bool::ANY, rows * cols),
                Just(Shape::new(rows, cols)),
            )
        })
        .prop_map(|(cells, shape)| {
            let shading = Grid::from_cells(shape, cells).unwrap();
            let puzzle = Puzzle::from_shading(&shading).unwrap();
            (shading, puzzle)
        })
}

fn shading_of(rows: &[&str]) -> Grid<bool> {
    let cells = rows
        .iter()
        .flat_map(|row| row.chars().map(|c| c == '#'))
        .collect();
    Grid::from_cells(Shape::new(rows.len(), rows[0].len()), cells).unwrap()
}

#[test]
fn a_swap_turns_one_solution_into_the_other() {
    // Rows 1 and 2 shade column 3, row 3 columns 1 and 2; rows 1 + 2 = 3 and columns
    // 1 + 2 = 3, so the product change gives rows 1 and 2 columns 1 and 2, row 3 column 3.
    let puzzle = format::parse_id("kakurasu:3x3:3.3.3/3.3.3").unwrap();
    let known = shading_of(&["--#", "--#", "##-"]);
    let board = Board::new(&puzzle);
    let other = swap::swap(&board, &known, &mut Budget::unlimited())
        .unwrap()
        .expect("a swap");
    let other = kakurasu::Solution { shaded: other }.rows();
    assert_eq!(other, ["##-", "##-", "--#"]);
    // The spec's example has one solution: no swap, and the search finds no other.
    let puzzle = format::parse_id(SPEC_ID).unwrap();
    let known = solve(&puzzle, 1).solutions[0].shaded.clone();
    let board = Board::new(&puzzle);
    assert_eq!(
        swap::swap(&board, &known, &mut Budget::unlimited()),
        Ok(None)
    );
    let outcome = other_solution(&board, &known, &mut Budget::unlimited());
    assert!(outcome.complete && outcome.solutions.is_empty());
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// The generator's uniqueness test: another solution exactly when the exact solver finds
    /// two, from a fresh board and from one the line techniques narrowed.
    #[test]
    fn other_solution_agrees_with_the_solver((shading, puzzle) in shading_and_puzzle()) {
        let fresh = Board::new(&puzzle);
        let narrowed = rate::grade(&puzzle, Level::Medium, &mut Budget::unlimited()).unwrap().board;
        for board in [fresh, narrowed] {
            let count = solve_board(&board, 2, &mut Budget::unlimited()).count();
            let other = other_solution(&board, &shading, &mut Budget::unlimited());
            prop_assert!(other.complete);
            prop_assert_eq!(other.solutions.len(), usize::from(count > 1));
            for found in &other.solutions {
                prop_assert_ne!(found, &shading);
                prop_assert_eq!(Puzzle::from_shading(found).unwrap(), puzzle.clone());
                for (row, col, &shaded) in found.iter() {
                    prop_assert!(board.state(row, col).is_none_or(|state| state == shaded));
                }
            }
            if let Some(swapped) = swap::swap(&board, &shading, &mut Budget::unlimited()).unwrap() {
                prop_assert_ne!(&swapped, &shading);
                prop_assert_eq!(Puzzle::from_shading(&swapped).unwrap(), puzzle.clone());
            }
        }
    }
}
