//! Cryptic Kakuro drawn as Kakuro is, by the sum-grid kit ([`draw_grid`]), its sums in
//! letters and the letters some white cells show written in them.

use crate::genres::sum_grid::answer::Answer;
use crate::genres::sum_grid::draw::{draw_grid, Drawn, Highlight};

use super::check::Violation;
use super::model::{Cell, Puzzle};

/// Draws a cryptic Kakuro puzzle, with the digits of an answer or solution and the violations
/// found: a run's (R1, and R3 read from a run) at its sum, a cell's (R2, R3) at the cell.
pub fn render_svg(puzzle: &Puzzle, fill: Option<&Answer>, violations: &[Violation]) -> String {
    draw_grid(
        "Cryptic Kakuro",
        puzzle.grid(),
        |cell| match *cell {
            Cell::White(shown) => Drawn::White {
                shown: shown.map(|letter| letter.to_char()),
            },
            Cell::Block { down, across } => Drawn::Block {
                down: down.map(|clue| clue.to_string()),
                across: across.map(|clue| clue.to_string()),
            },
        },
        fill,
        violations
            .iter()
            .map(|v| Highlight::of(&v.description.cells, v.rule.place())),
    )
}
