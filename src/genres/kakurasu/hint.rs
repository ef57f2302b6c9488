//! Hints: the first wrong mark, or the rater's next deduction from the player's position (see
//! [`crate::core::hint`] for what a hint is). Every Kakurasu deduction decides cells, so the
//! next deduction is the hint by itself.

use crate::core::hint::{cell_name, join_and, upper_first, Hint};
use crate::core::{Budget, Deduction, Placement, Stop};

use super::answer::{Answer, Mark, Solution};
use super::model::Puzzle;
use super::rate::replay_to_placement;

/// The hint for `answer` on `puzzle`, whose unique solution is `solution`.
pub fn hint(
    puzzle: &Puzzle,
    answer: &Answer,
    solution: &Solution,
    budget: &mut Budget,
) -> Result<Hint, Stop> {
    let mut givens = Vec::new();
    let mut missing = false;
    for (row, col, &mark) in answer.marks.iter() {
        let shaded = solution.shaded[(row, col)];
        let given = match mark {
            Mark::Shaded => true,
            Mark::Unshaded => false,
            Mark::Unmarked => {
                missing |= shaded;
                continue;
            }
        };
        if given != shaded {
            let (now, should) = if given {
                ("shaded", "stay unshaded")
            } else {
                ("marked unshaded", "be shaded")
            };
            return Ok(Hint::wrong(
                row,
                col,
                format!(
                    "{} is {now}, but in the puzzle's only solution it must {should}.",
                    upper_first(&cell_name(row, col))
                ),
            ));
        }
        givens.push((row, col, given));
    }
    if !missing {
        return Ok(Hint::solved());
    }
    match replay_to_placement(puzzle, &givens, budget)? {
        Some(record) => Ok(Hint::from_chain(record, |deduction| {
            explain(puzzle, deduction)
        })),
        None => Ok(reveal(answer, solution)),
    }
}

/// The first open cell that the solution shades, when the techniques cannot go on.
fn reveal(answer: &Answer, solution: &Solution) -> Hint {
    let (row, col) = answer
        .marks
        .iter()
        .find(|&(row, col, &mark)| mark == Mark::Unmarked && solution.shaded[(row, col)])
        .map(|(row, col, _)| (row, col))
        .unwrap_or_default();
    Hint::reveal(
        Placement {
            row,
            col,
            value: '#',
        },
        format!(
            "No technique up to expert decides another cell from here, so here is one: {} is shaded.",
            cell_name(row, col)
        ),
    )
}

/// "row 3 (clue 12)" or "column 2 (clue 7)" for a line deduction's clue position.
fn line_name(puzzle: &Puzzle, clue: [usize; 2]) -> String {
    let shape = puzzle.shape();
    let (kind, index, value) = if clue[1] == shape.cols {
        (
            "row",
            clue[0],
            puzzle.row_clues().get(clue[0]).copied().flatten(),
        )
    } else {
        (
            "column",
            clue[1],
            puzzle.col_clues().get(clue[1]).copied().flatten(),
        )
    };
    match value {
        Some(value) => format!("{kind} {} (clue {value})", index + 1),
        None => format!("{kind} {}", index + 1),
    }
}

/// "row 3, column 4 shaded and row 3, column 5 unshaded".
fn decided(deduction: &Deduction) -> String {
    let parts: Vec<String> = deduction
        .placed
        .iter()
        .map(|p| {
            format!(
                "{} {}",
                cell_name(p.row, p.col),
                if p.value == '#' { "shaded" } else { "unshaded" }
            )
        })
        .collect();
    if parts.is_empty() {
        return "nothing".into();
    }
    join_and(&parts)
}

/// One deduction in plain words.
pub fn explain(puzzle: &Puzzle, deduction: &Deduction) -> String {
    let line = deduction
        .clue
        .map(|clue| line_name(puzzle, clue))
        .unwrap_or_default();
    let cells = decided(deduction);
    match deduction.technique {
        "need_met" => format!(
            "The shaded cells of {line} already add up to its clue, so its other cells stay unshaded: {cells}."
        ),
        "too_heavy" => format!(
            "In {line}, a cell worth more than what is still missing would overshoot the clue: {cells}."
        ),
        "falls_short" => format!(
            "In {line}, the open cells cannot reach the clue without this one: {cells}."
        ),
        "few_ways" => format!(
            "{} can be completed in only a few ways, and they all agree: {cells}.",
            upper_first(&line)
        ),
        "sum_table" => format!(
            "Every way to complete {line} agrees: {cells}."
        ),
        "short_contradiction" => format!(
            "The other state breaks a row or column within a few easy steps: {cells}."
        ),
        "contradiction" => format!(
            "The other state breaks a row or column after a longer chain of deductions: {cells}."
        ),
        other => format!("The {other} technique decides {cells}."),
    }
}
