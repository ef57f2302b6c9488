//! Kakurasu drawn as in print: the grid with each column's number along the top and each
//! row's along the left, the row clues on the right and the column clues below. Shaded cells
//! are filled and cells marked unshaded carry a dot (an unmarked cell stays blank). A broken
//! row or column has its clue and its cells highlighted.

use crate::core::svg::{fitted_size, Svg, CELL, MARGIN};

use super::answer::{Answer, Mark};
use super::check::Violation;
use super::model::Puzzle;

const STYLE: &str = "\
.cell { fill: #fff; stroke: #000; stroke-width: 1; }
.cell.shaded { fill: #222; }
.cell.shaded.violated { fill: #7b1d12; }
.unshaded { fill: #000; }
.index { fill: #666; }
.clue { fill: #000; font-weight: bold; }
";

/// Font size of the row and column numbers.
const INDEX_SIZE: f64 = 0.35 * CELL;
/// Font size of a clue of up to two digits.
const CLUE_SIZE: f64 = 0.45 * CELL;

/// Draws a Kakurasu puzzle, with the marks of an answer or solution and the violations found.
pub fn render_svg(puzzle: &Puzzle, fill: Option<&Answer>, violations: &[Violation]) -> String {
    let shape = puzzle.shape();
    let broken_row = |row: usize| violations.iter().any(|v| v.rule.row() == Some(row));
    let broken_col = |col: usize| violations.iter().any(|v| v.rule.col() == Some(col));
    // One cell-wide band on each side: numbers on the top and left, clues on the right and
    // bottom.
    let (width, height) = (shape.cols as f64 * CELL, shape.rows as f64 * CELL);
    let (left, top) = (MARGIN + CELL, MARGIN + CELL);
    let mut svg = Svg::new(
        width + 2.0 * CELL + 2.0 * MARGIN,
        height + 2.0 * CELL + 2.0 * MARGIN,
        &format!("Kakurasu {shape}"),
        STYLE,
    );
    let middle = |start: f64, index: usize| start + (index as f64 + 0.5) * CELL;

    for col in 0..shape.cols {
        let label = (col + 1).to_string();
        let size = fitted_size(INDEX_SIZE, label.len());
        svg.text((middle(left, col), top - CELL / 2.0), size, "index", &label);
    }
    for row in 0..shape.rows {
        let label = (row + 1).to_string();
        let size = fitted_size(INDEX_SIZE, label.len());
        svg.text((left - CELL / 2.0, middle(top, row)), size, "index", &label);
    }

    for row in 0..shape.rows {
        for col in 0..shape.cols {
            let (x, y) = (left + col as f64 * CELL, top + row as f64 * CELL);
            let mark = fill.and_then(|answer| answer.marks.get(row, col)).copied();
            let mut class = String::from("cell");
            if mark == Some(Mark::Shaded) {
                class.push_str(" shaded");
            }
            if broken_row(row) || broken_col(col) {
                class.push_str(" violated");
            }
            svg.open_group("square", &[("row", row), ("col", col)]);
            svg.rect(x, y, CELL, CELL, &class);
            if mark == Some(Mark::Unshaded) {
                svg.circle((x + CELL / 2.0, y + CELL / 2.0), 0.07 * CELL, "unshaded");
            }
            svg.close_group();
        }
    }
    svg.rect(left, top, width, height, "frame");

    let row_clues = puzzle.row_clues().iter().enumerate().map(|(row, &clue)| {
        let centre = (left + width + CELL / 2.0, middle(top, row));
        (("row", row), clue, broken_row(row), centre)
    });
    let col_clues = puzzle.col_clues().iter().enumerate().map(|(col, &clue)| {
        let centre = (middle(left, col), top + height + CELL / 2.0);
        (("col", col), clue, broken_col(col), centre)
    });
    for ((line, index), clue, broken, centre) in row_clues.chain(col_clues) {
        // An absent clue constrains nothing, and nothing is written for it.
        let Some(clue) = clue else { continue };
        let label = clue.to_string();
        svg.open_group(&format!("clue {line}"), &[(line, index)]);
        if broken {
            let inset = 0.1 * CELL;
            let box_side = CELL - 2.0 * inset;
            let corner = (centre.0 - box_side / 2.0, centre.1 - box_side / 2.0);
            svg.rect(corner.0, corner.1, box_side, box_side, "clue-box violated");
        }
        let class = if broken { "clue violated" } else { "clue" };
        let size = fitted_size(CLUE_SIZE, label.len());
        svg.text(centre, size, class, &label);
        svg.close_group();
    }
    svg.finish()
}
