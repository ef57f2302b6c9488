//! Hints: the first wrong digit, or the rater's next placement from the player's position
//! (see `crate::core::hint` for what a hint is).

use crate::core::hint::{self, cell_name, join_and, Hint};
use crate::core::{Budget, Deduction, Error, Placement, Removal};

use super::answer::Answer;
use super::model::{char_digit, digit_char, Cage, Puzzle};
use super::rate::replay_to_placement;
use super::solve::Solution;

/// The hint for `answer` on `puzzle`, whose unique solution is `solution`.
pub fn hint(
    puzzle: &Puzzle,
    answer: &Answer,
    solution: &Solution,
    budget: &mut Budget,
) -> Result<Hint, Error> {
    let side = puzzle.side();
    let mut givens = Vec::new();
    for (cell, (&digit, &right)) in answer.digits.iter().zip(&solution.digits).enumerate() {
        if digit == 0 {
            continue;
        }
        let (row, col) = (cell / side, cell % side);
        if digit != right {
            return Ok(Hint::wrong_digit(row, col, digit_char(digit)));
        }
        givens.push((cell, digit));
    }
    if givens.len() == side * side {
        return Ok(Hint::solved());
    }
    let Some(record) = replay_to_placement(puzzle, &givens, budget)? else {
        return Ok(reveal(puzzle, answer, solution));
    };
    Ok(Hint::toward_placement(&record, |deduction| {
        explain(puzzle, deduction)
    }))
}

/// The first empty cell's digit, when the techniques cannot go on.
fn reveal(puzzle: &Puzzle, answer: &Answer, solution: &Solution) -> Hint {
    let side = puzzle.side();
    let cell = answer
        .digits
        .iter()
        .position(|&digit| digit == 0)
        .unwrap_or_default();
    let (row, col) = (cell / side, cell % side);
    let digit = digit_char(solution.digits[cell]);
    Hint::reveal(
        Placement {
            row,
            col,
            value: digit,
        },
        format!(
            "No technique up to expert finds the next digit from here, so here is one: {} is {digit}.",
            cell_name(row, col)
        ),
    )
}

/// "row 3", "column 2", "the box of rows 1-3, columns 4-6", "rows 1-2", or "the cells" for
/// what no house name fits.
pub fn region_name(puzzle: &Puzzle, cells: &[[usize; 2]]) -> String {
    let side = puzzle.side();
    let span = |values: Vec<usize>| {
        let low = values.iter().min().copied().unwrap_or(0);
        let high = values.iter().max().copied().unwrap_or(0);
        (low, high)
    };
    let (r0, r1) = span(cells.iter().map(|c| c[0]).collect());
    let (c0, c1) = span(cells.iter().map(|c| c[1]).collect());
    let full = (r1 - r0 + 1) * (c1 - c0 + 1) == cells.len();
    let (box_rows, box_cols) = puzzle.box_shape();
    match () {
        _ if full && r0 == r1 && c1 - c0 + 1 == side => format!("row {}", r0 + 1),
        _ if full && c0 == c1 && r1 - r0 + 1 == side => format!("column {}", c0 + 1),
        _ if full
            && r1 - r0 + 1 == box_rows
            && c1 - c0 + 1 == box_cols
            && r0 % box_rows == 0
            && c0 % box_cols == 0 =>
        {
            format!(
                "the box of rows {}-{}, columns {}-{}",
                r0 + 1,
                r1 + 1,
                c0 + 1,
                c1 + 1
            )
        }
        _ if full && c1 - c0 + 1 == side => format!("rows {}-{}", r0 + 1, r1 + 1),
        _ if full && r1 - r0 + 1 == side => format!("columns {}-{}", c0 + 1, c1 + 1),
        _ => "the cells it involves".to_string(),
    }
}

/// The cage whose sum the deduction reads, and where that sum is drawn, when it reads one.
fn clue_cage<'a>(puzzle: &'a Puzzle, deduction: &Deduction) -> Option<(&'a Cage, [usize; 2])> {
    let [row, col] = deduction.clue?;
    Some((
        &puzzle.cages()[puzzle.cage_of(row * puzzle.side() + col)],
        [row, col],
    ))
}

/// "the cage of 3 cells adding up to 15 (its sum is in row 1, column 4)"; "the cage of one
/// cell adding up to 5 (...)".
fn cage_name(clue: Option<(&Cage, [usize; 2])>) -> String {
    let Some((cage, [row, col])) = clue else {
        return "its cage".into();
    };
    let size = match cage.cells.len() {
        1 => "one cell".to_string(),
        len => format!("{len} cells"),
    };
    format!(
        "the cage of {size} adding up to {} (its sum is in {})",
        cage.sum,
        cell_name(row, col)
    )
}

/// The removals in words, 10-16 as numbers (the answers' A-G are letters only on the board).
fn removals(removed: &[Removal]) -> String {
    hint::removals(removed, |c| {
        char_digit(c).map_or_else(|| c.to_string(), |digit| digit.to_string())
    })
}

fn cell_list(cells: &[[usize; 2]]) -> String {
    join_and(
        &cells
            .iter()
            .map(|&[row, col]| cell_name(row, col))
            .collect::<Vec<_>>(),
    )
}

/// One deduction in plain words.
pub fn explain(puzzle: &Puzzle, deduction: &Deduction) -> String {
    let first_cell = deduction
        .cells
        .first()
        .map(|&[row, col]| cell_name(row, col))
        .unwrap_or_default();
    let placed = deduction
        .placed
        .first()
        .map(|p| {
            format!(
                "{} is {}",
                cell_name(p.row, p.col),
                char_digit(p.value).unwrap_or(0)
            )
        })
        .unwrap_or_default();
    // The digit placed, as "a 4" (the sentences of a placement name it).
    let digit = deduction
        .placed
        .first()
        .map(|p| hint::a_digit(char_digit(p.value).unwrap_or(0)))
        .unwrap_or_default();
    let removed = removals(&deduction.removed);
    let region = region_name(puzzle, &deduction.cells);
    let clue = clue_cage(puzzle, deduction);
    // A cage of one cell has one combination, its sum: no sets to choose between.
    if let ("cage_combinations", Some((cage, _))) = (deduction.technique, clue) {
        if cage.cells.len() == 1 {
            return format!(
                "The cell at {first_cell} is a cage of its own, so it holds the cage's sum, {}, which rules out {removed}.",
                cage.sum
            );
        }
    }
    let cage = cage_name(clue);
    let cells = cell_list(&deduction.cells);
    match deduction.technique {
        "digit_used" => format!(
            "The digit in {first_cell} cannot repeat in its row, column, box or cage, which rules out {removed}."
        ),
        "naked_single" => format!("Only one digit is left for {first_cell}: {placed}."),
        "hidden_single" => format!(
            "In {region}, only one cell can hold {digit}: {placed}."
        ),
        "cage_combinations" => format!(
            "Only a few sets of different digits make {cage}, and only those that fit its cells remain, which rules out {removed}."
        ),
        "cage_needs" => format!(
            "Every way to make {cage} needs {digit}, and only one of its cells can hold it: {placed}."
        ),
        "innie_outie" => format!(
            "The rule of 45: the digits of {region} add up to its total, so the cages inside it and their sums leave one cell with a known digit, which rules out {removed}."
        ),
        "innies_outies" => format!(
            "The rule of 45 over {region}: its total less the sums of the cages wholly inside leaves a few cells with a known sum, which rules out {removed}."
        ),
        "naked_pair" | "naked_triple" => format!(
            "{cells} together hold only as many digits as they are cells, so those digits go from the rest of their house, which rules out {removed}."
        ),
        "hidden_pair" | "hidden_triple" => format!(
            "Some digits of a house fit only in {cells}, so those cells hold no other digit, which rules out {removed}."
        ),
        "pointing" => format!(
            "In its box, this digit fits only in {cells}, which lie in one line, so the rest of that line cannot hold it: this rules out {removed}."
        ),
        "claiming" => format!(
            "In its line, this digit fits only in {cells}, which lie in one box, so the rest of that box cannot hold it: this rules out {removed}."
        ),
        "cage_unit_overlap" => format!(
            "Every way to make {cage} needs a digit that its cells can hold only inside one house, so the rest of that house cannot hold it: this rules out {removed}."
        ),
        "x_wing" => format!(
            "In two lines this digit fits only in {cells}, at the same two crossing lines, so the rest of those lines cannot hold it: this rules out {removed}."
        ),
        "what_if" => format!(
            "If {first_cell} held this digit, a few easy steps would break a rule, which rules out {removed}."
        ),
        other => format!("The {other} technique applies at {first_cell}."),
    }
}
