//! Sum grids drawn as in print: dark blocks; a block holding sums is split by its diagonal, the
//! down sum in the lower-left triangle and the across sum in the upper-right one; white cells
//! carry the digits of an answer or of the solution. A broken run has its sum's triangle and
//! its cells highlighted; an empty cell is highlighted itself. A genre says how each of its
//! cells looks ([`Drawn`]) and what its violations highlight ([`Highlight`]).

use crate::core::svg::{fitted_size, Svg, CELL, MARGIN};
use crate::core::Grid;

use super::answer::{Answer, Mark};

/// One cell as drawn: a block with the labels of its sums, or a white cell with the letter it
/// shows (cryptic Kakuro gives some white cells a letter).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Drawn {
    Block {
        down: Option<String>,
        across: Option<String>,
    },
    White {
        shown: Option<char>,
    },
}

/// What a broken rule highlights: its cells (the violation's), and the triangle of the sum
/// when it breaks a run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Highlight<'a> {
    /// The cells, as `[row, col]`.
    pub cells: &'a [[usize; 2]],
    /// The block holding the broken run's sum, and whether the run is a down run.
    pub sum: Option<((usize, usize), bool)>,
}

impl<'a> Highlight<'a> {
    /// The highlight of a violation about `cells`, placed at a cell: a run's sum when the
    /// place names a direction (it is then the block holding the sum), else no sum.
    pub fn of(cells: &'a [[usize; 2]], (row, col, down): (usize, usize, Option<u8>)) -> Self {
        Highlight {
            cells,
            sum: down.map(|down| ((row, col), down == 1)),
        }
    }
}

const STYLE: &str = "\
.cell { fill: #fff; stroke: #000; stroke-width: 1; }
.block { fill: #333; stroke: #000; stroke-width: 1; }
.clue { fill: #333; }
.clue.violated { fill: #c0392b; }
.diagonal { stroke: #fff; stroke-width: 1.2; }
.sum { fill: #fff; }
.digit { fill: #000; }
.letter { fill: #555; font-style: italic; }
";

/// Font size of a sum of up to two characters.
const SUM_SIZE: f64 = 0.3 * CELL;
/// Font size of a digit in a white cell.
const DIGIT_SIZE: f64 = 0.6 * CELL;
/// How far a clue triangle stays inside its block, so a highlighted one keeps a dark edge.
const TRIANGLE_INSET: f64 = 1.5;

/// Draws a sum grid: `title` names it, `drawn` says how each of its cells looks, the
/// marks of `fill` (when given) go in the white cells, and each highlight is shown.
pub fn draw_grid<'a, C>(
    title: &str,
    cells: &Grid<C>,
    drawn: impl Fn(&C) -> Drawn,
    fill: Option<&Answer>,
    highlights: impl IntoIterator<Item = Highlight<'a>>,
) -> String {
    let shape = cells.shape();
    let grid = Grid::from_cells(shape, cells.cells().iter().map(drawn).collect())
        .expect("one drawn cell per cell");
    let marks = fill.map(|answer| &answer.marks);
    let mut broken_cells = Grid::filled(shape, false);
    let mut broken_sums = Vec::new();
    for highlight in highlights {
        broken_sums.extend(highlight.sum);
        for &[row, col] in highlight.cells {
            if row < shape.rows && col < shape.cols {
                broken_cells[(row, col)] = true;
            }
        }
    }

    let (width, height) = (shape.cols as f64 * CELL, shape.rows as f64 * CELL);
    let mut svg = Svg::new(
        width + 2.0 * MARGIN,
        height + 2.0 * MARGIN,
        &format!("{title} {shape}"),
        STYLE,
    );
    for (row, col, cell) in grid.iter() {
        let (x, y) = (MARGIN + col as f64 * CELL, MARGIN + row as f64 * CELL);
        svg.open_group("square", &[("row", row), ("col", col)]);
        match cell {
            Drawn::Block { down, across } => {
                svg.rect(x, y, CELL, CELL, "block");
                let broken = |down: bool| broken_sums.contains(&((row, col), down));
                draw_sums(
                    &mut svg,
                    (x, y),
                    [
                        (down.as_deref(), broken(true)),
                        (across.as_deref(), broken(false)),
                    ],
                );
            }
            Drawn::White { shown } => {
                let class = if broken_cells[(row, col)] {
                    "cell violated"
                } else {
                    "cell"
                };
                svg.rect(x, y, CELL, CELL, class);
                let mark = marks.and_then(|marks| marks.get(row, col)).copied();
                draw_white(&mut svg, (x, y), mark, *shown);
            }
        }
        svg.close_group();
    }
    svg.rect(MARGIN, MARGIN, width, height, "frame");
    svg.finish()
}

/// A block's sums, `[down, across]`, each with whether its run is broken: the triangle, the
/// diagonal between them, and the labels.
fn draw_sums(svg: &mut Svg, (x, y): (f64, f64), sums: [(Option<&str>, bool); 2]) {
    if sums.iter().all(|(label, _)| label.is_none()) {
        return;
    }
    let (near, far) = (TRIANGLE_INSET, CELL - TRIANGLE_INSET);
    // The lower-left triangle holds the down sum, the upper-right one the across sum; the
    // label sits towards the triangle's square corner, clear of the diagonal.
    let triangles = [
        (
            [(near, near), (near, far), (far, far)],
            (0.3 * CELL, 0.72 * CELL),
            "down",
        ),
        (
            [(near, near), (far, near), (far, far)],
            (0.7 * CELL, 0.3 * CELL),
            "across",
        ),
    ];
    for ((label, broken), (corners, centre, which)) in sums.into_iter().zip(triangles) {
        let Some(label) = label else { continue };
        let class = if broken {
            format!("clue {which} violated")
        } else {
            format!("clue {which}")
        };
        let corners = corners.map(|(dx, dy)| (x + dx, y + dy));
        svg.polygon(&corners, &class);
        let size = fitted_size(SUM_SIZE, label.chars().count());
        svg.text(
            (x + centre.0, y + centre.1),
            size,
            &format!("sum {which}"),
            label,
        );
    }
    svg.line((x, y), (x + CELL, y + CELL), "diagonal");
}

/// A white cell's digit, or the letter it shows (small in the corner once a digit is in).
fn draw_white(svg: &mut Svg, (x, y): (f64, f64), mark: Option<Mark>, shown: Option<char>) {
    let centre = (x + CELL / 2.0, y + CELL / 2.0);
    match (mark, shown) {
        (Some(Mark::Digit(digit)), shown) => {
            svg.text(centre, DIGIT_SIZE, "digit", &digit.to_string());
            if let Some(letter) = shown {
                svg.text(
                    (x + 0.17 * CELL, y + 0.17 * CELL),
                    0.25 * CELL,
                    "letter",
                    &letter.to_string(),
                );
            }
        }
        (_, Some(letter)) => svg.text(centre, 0.5 * CELL, "letter", &letter.to_string()),
        _ => {}
    }
}
