//! Hints: the first wrong digit, or the rater's next placement from the player's position
//! (see [`crate::core::hint`] for what a hint is).

use crate::core::hint::{self, cell_name, join_or, upper_first, Hint};
use crate::core::{Budget, Deduction, Placement, Removal, Stop};

use super::answer::{Answer, Mark, Solution};
use super::layout::{Layout, Run};
use super::rate::replay_to_placement;

/// The hint for `answer` on the puzzle of `layout`, whose unique solution is `solution`; its
/// words name each run's sum in digits.
pub fn hint(
    layout: &Layout,
    answer: &Answer,
    solution: &Solution,
    budget: &mut Budget,
) -> Result<Hint, Stop> {
    let sums: Vec<String> = layout.runs.iter().map(|run| run.sum.to_string()).collect();
    hint_with_sums(layout, answer, solution, &sums, budget)
}

/// The hint for `answer` on the puzzle of `layout`, whose unique solution is `solution`; its
/// words name the sum of run `i` of `layout` as `sums[i]`, as the board shows it (a cryptic
/// grid's letters, which a hint's words must not decode).
pub fn hint_with_sums(
    layout: &Layout,
    answer: &Answer,
    solution: &Solution,
    sums: &[String],
    budget: &mut Budget,
) -> Result<Hint, Stop> {
    let mut givens = Vec::new();
    for (cell, &(row, col)) in layout.whites.iter().enumerate() {
        let right = solution.digits[(row, col)];
        match answer.marks[(row, col)] {
            Mark::Digit(digit) if digit != right => return Ok(Hint::wrong_digit(row, col, digit)),
            Mark::Empty => {
                return Ok(Hint::wrong(
                    row,
                    col,
                    format!(
                        "{} is marked empty, but every white cell holds a digit.",
                        upper_first(&cell_name(row, col))
                    ),
                ))
            }
            Mark::Digit(digit) => givens.push((cell, digit)),
            Mark::Unmarked | Mark::Block => {}
        }
    }
    if givens.len() == layout.white_count() {
        return Ok(Hint::solved());
    }
    let Some(record) = replay_to_placement(layout, &givens, budget)? else {
        return Ok(reveal(layout, answer, solution));
    };
    Ok(Hint::toward_placement(&record, |deduction| {
        explain(layout, sums, deduction)
    }))
}

/// The first open cell's digit, when the techniques cannot go on.
fn reveal(layout: &Layout, answer: &Answer, solution: &Solution) -> Hint {
    let (row, col) = layout
        .whites
        .iter()
        .copied()
        .find(|&(row, col)| answer.marks[(row, col)] == Mark::Unmarked)
        .unwrap_or_default();
    let digit = solution.digits[(row, col)];
    Hint::reveal(
        Placement {
            row,
            col,
            value: char::from(b'0' + digit),
        },
        format!(
            "No technique up to expert finds the next digit from here, so here is one: {} is {digit}.",
            cell_name(row, col)
        ),
    )
}

/// The run a deduction read (the one whose sum is at its clue and whose cells it lists), with
/// its index in `layout.runs`.
fn run_of<'l>(layout: &'l Layout, deduction: &Deduction) -> Option<(usize, &'l Run)> {
    let clue = deduction.clue?;
    // A down run's cells are below its clue, in its column; an across run's are right of it.
    let down = deduction.cells.first()?[1] == clue[1];
    layout
        .runs
        .iter()
        .enumerate()
        .find(|(_, run)| run.clue == (clue[0], clue[1]) && run.down == down)
}

/// "the down run of 3 cells adding up to 7 (its sum is in row 1, column 4)", the sum as `sum`
/// writes it.
fn run_name(run: &Run, sum: &str) -> String {
    format!(
        "the {} run of {} cells adding up to {sum} (its sum is in {})",
        if run.down { "down" } else { "across" },
        run.cells.len(),
        cell_name(run.clue.0, run.clue.1)
    )
}

/// The removals in words, each digit as itself.
fn removals(removed: &[Removal]) -> String {
    hint::removals(removed, String::from)
}

/// One deduction in plain words, the sum of run `i` of `layout` written as `sums[i]`.
pub fn explain(layout: &Layout, sums: &[String], deduction: &Deduction) -> String {
    let first_cell = deduction
        .cells
        .first()
        .map(|&[row, col]| cell_name(row, col))
        .unwrap_or_default();
    let run = run_of(layout, deduction)
        .map(|(i, run)| run_name(run, sums.get(i).map_or("its sum", String::as_str)))
        .unwrap_or_default();
    let placed = deduction.placed.first();
    match deduction.technique {
        "digit_used" => format!(
            "The digit in {first_cell} cannot repeat in its runs, which rules out {}.",
            removals(&deduction.removed)
        ),
        "single" => match placed {
            Some(p) => format!(
                "Only {} is left for {}.",
                p.value,
                cell_name(p.row, p.col)
            ),
            None => format!("Only one digit is left for {first_cell}."),
        },
        "sum_combinations" => format!(
            "Only a few sets of different digits make {run}, which rules out {}.",
            removals(&deduction.removed)
        ),
        "combination_fit" => format!(
            "Of the ways to make {run}, only those that fit the digits its cells can still take remain, which rules out {}.",
            removals(&deduction.removed)
        ),
        "only_cell" => match placed {
            Some(p) => format!(
                "Every way to make {run} needs {}, and {} is the only cell of it that can hold one.",
                hint::a_digit(p.value),
                cell_name(p.row, p.col)
            ),
            None => format!("A digit {run} needs fits only one of its cells."),
        },
        "short_contradiction" => format!(
            "Writing {} in {first_cell} breaks a run within a few easy steps, so it is ruled out.",
            removed_digits(deduction)
        ),
        "contradiction" => format!(
            "Writing {} in {first_cell} breaks a run after a longer chain of deductions, so it is ruled out.",
            removed_digits(deduction)
        ),
        other => format!("The {other} technique applies at {first_cell}."),
    }
}

/// The digits a one-cell deduction ruled out, "3 or 4".
fn removed_digits(deduction: &Deduction) -> String {
    let values = deduction
        .removed
        .first()
        .map(|r| r.values.as_str())
        .unwrap_or("");
    if values.is_empty() {
        return "that digit".into();
    }
    join_or(&values.chars().map(String::from).collect::<Vec<_>>())
}
