//! Writing a Kakuro in letters and showing letters in white cells until the puzzle is unique,
//! then hiding again every one it does not need (steps 2, 4 and 5 of the generator).

use crate::core::{Budget, GenerationStats, Grid, SeededRng, Stop};
use crate::genres::kakuro;
use crate::genres::sum_grid::layout::Cell as KakuroCell;

use super::super::answer::Solution;
use super::super::model::{Cell, Clue, Letter, Puzzle, Structure, LETTERS};
use super::super::solve::{Found, Solver};
use super::SOLVE_STEPS;

/// What a uniqueness check found.
enum Verdict {
    Unique,
    /// A solution other than the intended one.
    Other(Found),
    /// The solver ran out of its fixed steps without a second solution.
    Unknown,
}

/// The Kakuro with its sums written through `letter_of` (the letter of each digit), no letter
/// shown; None if a sum has more than two digits (or the grid is not a cryptic one).
fn encode(puzzle: &kakuro::Puzzle, letter_of: &[Letter; LETTERS]) -> Option<Puzzle> {
    let clue = |sum: Option<u16>| match sum {
        Some(sum) => Clue::encode(sum, letter_of).map(Some),
        None => Some(None),
    };
    let cells = puzzle
        .grid()
        .cells()
        .iter()
        .map(|cell| match *cell {
            KakuroCell::White => Some(Cell::White(None)),
            KakuroCell::Block { down, across } => Some(Cell::Block {
                down: clue(down)?,
                across: clue(across)?,
            }),
        })
        .collect::<Option<Vec<_>>>()?;
    Puzzle::new(Grid::from_cells(puzzle.shape(), cells)?).ok()
}

/// The puzzle for the Kakuro `puzzle` with its unique `solution` and the letter of each digit,
/// or None when no set of shown letters makes it unique.
pub fn reveal(
    puzzle: &kakuro::Puzzle,
    solution: &kakuro::Solution,
    letter_of: &[Letter; LETTERS],
    rng: &mut SeededRng,
    budget: &mut Budget,
    stats: &mut GenerationStats,
) -> Result<Option<(Puzzle, Solution)>, Stop> {
    let Some(encoded) = encode(puzzle, letter_of) else {
        return Ok(None);
    };
    let mut structure = encoded.structure().clone();
    let mut mapping = [0u8; LETTERS];
    for (digit, letter) in letter_of.iter().enumerate() {
        mapping[letter.index()] = digit as u8;
    }
    let digits: Vec<u8> = structure
        .layout
        .whites
        .iter()
        .map(|&position| solution.digits[position])
        .collect();
    let truth = Found { mapping, digits };
    let letter_in = |cell: usize| letter_of[usize::from(truth.digits[cell])];

    let mut in_clues = [false; LETTERS];
    for clue in &structure.clues {
        for letter in clue.tens.into_iter().chain([clue.units]) {
            in_clues[letter.index()] = true;
        }
    }
    loop {
        stats.attempts += 1;
        let candidates: Vec<usize> = match check(&structure, &truth, budget)? {
            Verdict::Unique => break,
            // Showing the letter of a cell rules out a solution that reads that letter as
            // another digit than the cell holds there.
            Verdict::Other(other) => (0..truth.digits.len())
                .filter(|&cell| {
                    structure.shown[cell].is_none()
                        && other.mapping[letter_in(cell).index()] != other.digits[cell]
                })
                .collect(),
            Verdict::Unknown => (0..truth.digits.len())
                .filter(|&cell| structure.shown[cell].is_none())
                .collect(),
        };
        let seen =
            |letter: Letter| in_clues[letter.index()] || structure.shown.contains(&Some(letter));
        let fresh: Vec<usize> = candidates
            .iter()
            .copied()
            .filter(|&cell| !seen(letter_in(cell)))
            .collect();
        let pool = if fresh.is_empty() {
            &candidates
        } else {
            &fresh
        };
        let Some(&cell) = rng.pick(pool) else {
            return Ok(None);
        };
        structure.shown[cell] = Some(letter_in(cell));
    }

    let mut shown: Vec<usize> = (0..truth.digits.len())
        .filter(|&cell| structure.shown[cell].is_some())
        .collect();
    rng.shuffle(&mut shown);
    for cell in shown {
        let letter = structure.shown[cell].take();
        stats.attempts += 1;
        if !matches!(check(&structure, &truth, budget)?, Verdict::Unique) {
            structure.shown[cell] = letter;
        }
    }

    let mut grid = encoded.grid().clone();
    for (cell, &position) in structure.layout.whites.iter().enumerate() {
        grid[position] = Cell::White(structure.shown[cell]);
    }
    Ok(Some((
        Puzzle::from_parts(grid, structure),
        Solution {
            mapping,
            grid: solution.clone(),
        },
    )))
}

/// Looks for two solutions within [`SOLVE_STEPS`].
fn check(structure: &Structure, truth: &Found, budget: &mut Budget) -> Result<Verdict, Stop> {
    let solver = Solver::new(structure);
    let outcome = budget.sub_search(SOLVE_STEPS, |search| {
        solver.solve(solver.full_domains(), 2, search)
    })?;
    if let Some(stop @ (Stop::Cancelled | Stop::DeadlineExceeded)) = outcome.stopped {
        return Err(stop);
    }
    if let Some(other) = outcome.solutions.iter().find(|found| *found != truth) {
        return Ok(Verdict::Other(other.clone()));
    }
    Ok(if outcome.complete && outcome.count() == 1 {
        Verdict::Unique
    } else {
        Verdict::Unknown
    })
}
