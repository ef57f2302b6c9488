//! Kakuro drawn as in print: dark blocks; a block holding sums is split by its diagonal, the
//! down sum in the lower-left triangle and the across sum in the upper-right one; white cells
//! carry the digits of an answer or of the solution. A broken run has its sum's triangle and
//! its cells highlighted; an empty cell is highlighted itself.
//!
//! The drawing is the sum-grid kit's ([`crate::genres::sum_grid::draw`]), with the sums in
//! numbers.

use crate::genres::sum_grid::draw::{draw_grid, Drawn, Highlight};

use super::answer::Answer;
use super::check::Violation;
use super::model::{Cell, Puzzle};

/// Draws a Kakuro puzzle, with the marks of an answer or solution and the violations found.
pub fn render_svg(puzzle: &Puzzle, fill: Option<&Answer>, violations: &[Violation]) -> String {
    draw_grid(
        "Kakuro",
        puzzle.grid(),
        |cell| match *cell {
            Cell::White => Drawn::White { shown: None },
            Cell::Block { down, across } => Drawn::Block {
                down: down.map(|sum| sum.to_string()),
                across: across.map(|sum| sum.to_string()),
            },
        },
        fill,
        violations
            .iter()
            .map(|v| Highlight::of(&v.description.cells, v.rule.place())),
    )
}
