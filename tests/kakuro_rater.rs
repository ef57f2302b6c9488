//! The kakuro-human rater on the spec's and the article's grids, and on published puzzles.

mod common;

use common::*;
use sumpuzzles::genres::kakuro::{format, rate, solve::Solver, Rules};
use sumpuzzles::{Budget, Level};

fn rating(text: &str) -> sumpuzzles::Rating {
    let puzzle = format::parse_text(text).unwrap();
    rate::rate(&puzzle, &mut Budget::unlimited())
}

fn graded(text: &str) -> Option<Level> {
    let layout = format::parse_text(text)
        .unwrap()
        .layout(Rules::Relaxed)
        .unwrap();
    let solver = Solver::new(&layout);
    rate::grade(&solver, Level::BeyondExpert, &mut Budget::unlimited())
        .unwrap()
        .level
}

#[test]
fn spec_example_is_easy() {
    let rating = rating(SPEC_EXAMPLE);
    assert_eq!(rating.level(), Some(Level::Easy));
    assert!(rating.solved && rating.complete());
    // The spec's walk-through starts from the two cells adding up to 3.
    assert!(rating.techniques.contains_key("single"));
}

#[test]
fn article_main_is_at_most_medium() {
    let rating = rating(ARTICLE_MAIN);
    assert!(rating.solved);
    assert!(
        rating.level() <= Some(Level::Medium) && rating.complete(),
        "{:?}",
        rating.level()
    );
}

#[test]
fn article_hard_needs_more_than_medium() {
    let rating = rating(ARTICLE_HARD);
    assert!(rating.level() > Some(Level::Medium), "{:?}", rating.level());
    eprintln!("hard: {:?} {:?}", rating.level(), rating.techniques);
}

#[test]
fn article_draft_cannot_be_finished() {
    let rating = rating(ARTICLE_DRAFT);
    assert!(!rating.solved);
    assert_eq!(rating.level(), Some(Level::BeyondExpert));
}

#[test]
fn deductions_replay_to_the_solution() {
    let rating = rating(ARTICLE_HARD);
    let mut grid: Vec<Vec<char>> = vec![vec!['#'; 7]; 7];
    for deduction in &rating.deductions {
        for placement in &deduction.placed {
            grid[placement.row][placement.col] = placement.value;
        }
    }
    let rows: Vec<String> = grid.into_iter().map(|r| r.into_iter().collect()).collect();
    assert_eq!(rows, ARTICLE_HARD_SOLUTION);
}

#[test]
fn grading_agrees_with_the_recorded_rating() {
    for text in [SPEC_EXAMPLE, ARTICLE_MAIN, ARTICLE_HARD, ARTICLE_DRAFT] {
        let rating = rating(text);
        let expected = if rating.solved {
            rating.level()
        } else {
            Some(Level::BeyondExpert)
        };
        assert_eq!(graded(text), expected);
    }
}

#[test]
fn a_small_budget_gives_an_incomplete_rating() {
    let puzzle = format::parse_text(ARTICLE_HARD).unwrap();
    let rating = rate::rate(&puzzle, &mut Budget::new(20));
    assert!(!rating.complete());
}

#[test]
fn published_unique_puzzles_rate_consistently() {
    let Some(dir) = testdata() else { return };
    let mut levels = std::collections::BTreeMap::new();
    for record in json_lines(&dir.join("kakuro.jsonl")) {
        let (Some(text), Some(1)) = (record["text"].as_str(), record["count"].as_u64()) else {
            continue;
        };
        let name = record["name"].as_str().unwrap_or("?");
        let puzzle = format::parse_text(text).unwrap();
        let Ok(layout) = puzzle.layout(Rules::Relaxed) else {
            continue;
        };
        let start = std::time::Instant::now();
        let rating = rate::rate_layout(&layout, &mut Budget::new(200_000_000));
        let elapsed = start.elapsed();
        assert!(rating.complete(), "{name}");
        let solver = Solver::new(&layout);
        let grade = rate::grade(&solver, Level::BeyondExpert, &mut Budget::unlimited()).unwrap();
        let expected = if rating.solved {
            rating.level()
        } else {
            Some(Level::BeyondExpert)
        };
        assert_eq!(grade.level, expected, "{name}");
        *levels.entry(format!("{:?}", rating.level())).or_insert(0) += 1;
        if elapsed.as_millis() > 5 {
            eprintln!("{name}: {:?} in {elapsed:?}", rating.level());
        }
    }
    eprintln!("levels of published puzzles: {levels:?}");
}
