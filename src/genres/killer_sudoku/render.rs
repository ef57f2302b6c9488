//! Killer Sudoku drawn as in print: thin cell lines, bold box lines and frame, each cage
//! outlined by a dashed line inset inside the cell borders, its sum small in the cage's
//! top-left cell (the dashed line leaves room for it), and the digits of the givens (bold) and
//! of an answer or solution in their cells (10-16 as `A`-`G`, as answers write them). A broken
//! rule has its cells highlighted, and a broken cage its sum.

use crate::core::svg::{fitted_size, Svg, CELL, MARGIN};

use super::answer::Answer;
use super::check::Violation;
use super::model::{digit_char, Puzzle};

const STYLE: &str = "\
.cell { fill: #fff; stroke: #888; stroke-width: 0.6; }
.box { stroke: #000; stroke-width: 2; }
.cage { fill: none; stroke: #000; stroke-width: 1; stroke-dasharray: 3 2; }
.clue { fill: #000; }
.digit { fill: #000; }
.digit.given { font-weight: bold; }
";

/// How far a cage's dashed outline stays inside the cell borders.
const INSET: f64 = 0.1 * CELL;
/// Font size of a cage sum of up to two digits.
const SUM_SIZE: f64 = 0.26 * CELL;
/// Font size of a digit.
const DIGIT_SIZE: f64 = 0.6 * CELL;

/// A straight piece of a cage outline, from one end to the other (left to right, top to
/// bottom).
type Segment = ((f64, f64), (f64, f64));

/// Draws a Killer Sudoku puzzle, with the digits of an answer or solution and the violations
/// found.
pub fn render_svg(puzzle: &Puzzle, fill: Option<&Answer>, violations: &[Violation]) -> String {
    let side = puzzle.side();
    let cells = side * side;
    let mut broken_cells = vec![false; cells];
    let mut broken_sums = vec![false; cells];
    for violation in violations {
        for (places, broken) in [
            (&violation.description.cells, &mut broken_cells),
            (&violation.description.clues, &mut broken_sums),
        ] {
            for &[row, col] in places {
                if row < side && col < side {
                    broken[row * side + col] = true;
                }
            }
        }
    }
    let width = side as f64 * CELL;
    let mut svg = Svg::new(
        width + 2.0 * MARGIN,
        width + 2.0 * MARGIN,
        &format!("Killer Sudoku {}", puzzle.shape()),
        STYLE,
    );
    let corner = |cell: usize| {
        let (row, col) = (cell / side, cell % side);
        (MARGIN + col as f64 * CELL, MARGIN + row as f64 * CELL)
    };
    // The room a cage's sum takes in its first cell's top-left corner.
    let label_room = |sum: u32| {
        let size = fitted_size(SUM_SIZE, sum.to_string().len());
        (0.62 * size * sum.to_string().len() as f64 + 2.0, size + 1.5)
    };

    for cell in 0..cells {
        let (row, col) = (cell / side, cell % side);
        let (x, y) = corner(cell);
        svg.open_group("square", &[("row", row), ("col", col)]);
        let class = if broken_cells[cell] {
            "cell violated"
        } else {
            "cell"
        };
        svg.rect(x, y, CELL, CELL, class);
        let cage = &puzzle.cages()[puzzle.cage_of(cell)];
        if cage.cells[0] == cell {
            let label = cage.sum.to_string();
            let size = fitted_size(SUM_SIZE, label.len());
            let (room, _) = label_room(cage.sum);
            let class = if broken_sums[cell] {
                "clue violated"
            } else {
                "clue"
            };
            let centre = (x + INSET + room / 2.0 - 1.0, y + INSET + size / 2.0);
            svg.text(centre, size, class, &label);
        }
        let given = puzzle.givens()[cell];
        let digit = fill.map_or(given, |answer| answer.digits[cell]);
        if digit != 0 {
            let class = if given != 0 { "digit given" } else { "digit" };
            let centre = (x + CELL / 2.0, y + 0.56 * CELL);
            svg.text(centre, DIGIT_SIZE, class, &digit_char(digit).to_string());
        }
        svg.close_group();
    }

    for (from, to) in cage_outlines(puzzle, label_room) {
        svg.line(from, to, "cage");
    }
    let (box_rows, box_cols) = puzzle.box_shape();
    let end = MARGIN + width;
    for index in (box_cols..side).step_by(box_cols.max(1)) {
        let x = MARGIN + index as f64 * CELL;
        svg.line((x, MARGIN), (x, end), "box");
    }
    for index in (box_rows..side).step_by(box_rows.max(1)) {
        let y = MARGIN + index as f64 * CELL;
        svg.line((MARGIN, y), (end, y), "box");
    }
    svg.rect(MARGIN, MARGIN, width, width, "frame");
    svg.finish()
}

/// The dashed outlines of the cages, inset inside the cell borders: a piece along each side of
/// a cell where its cage ends, meeting the next piece at the cage's corners (and reaching
/// into the neighbouring cell at an inner corner), pieces in line joined into one. The first
/// cell's top and left pieces leave `room(sum)` (width, height) for the cage's sum.
fn cage_outlines(puzzle: &Puzzle, room: impl Fn(u32) -> (f64, f64)) -> Vec<Segment> {
    let side = puzzle.side() as isize;
    let cage_at = |row: isize, col: isize| {
        (row >= 0 && col >= 0 && row < side && col < side)
            .then(|| puzzle.cage_of((row * side + col) as usize))
    };
    let mut horizontal: Vec<Segment> = Vec::new();
    let mut vertical: Vec<Segment> = Vec::new();
    for cell in 0..(side * side) as usize {
        let (row, col) = ((cell as isize) / side, (cell as isize) % side);
        let cage = puzzle.cage_of(cell);
        let same = |dr: isize, dc: isize| cage_at(row + dr, col + dc) == Some(cage);
        let (left, top) = (MARGIN + col as f64 * CELL, MARGIN + row as f64 * CELL);
        let (right, bottom) = (left + CELL, top + CELL);
        // Where a piece along a side ends, towards a neighbour along it: at the inset corner
        // when the neighbour is another cage's, inside the neighbour at an inner corner (the
        // cell across the corner is in the cage), else at the border, where the neighbour's
        // piece goes on.
        let end = |border: f64, towards: f64, along: (isize, isize), across: (isize, isize)| {
            if !same(along.0, along.1) {
                border - towards * INSET
            } else if same(across.0, across.1) {
                border + towards * INSET
            } else {
                border
            }
        };
        let first = puzzle.cages()[cage].cells[0] == cell;
        let (room_x, room_y) = if first {
            room(puzzle.cages()[cage].sum)
        } else {
            (0.0, 0.0)
        };
        if !same(-1, 0) {
            let from = end(left, -1.0, (0, -1), (-1, -1)) + room_x;
            let to = end(right, 1.0, (0, 1), (-1, 1));
            horizontal.push(((from, top + INSET), (to, top + INSET)));
        }
        if !same(1, 0) {
            let from = end(left, -1.0, (0, -1), (1, -1));
            let to = end(right, 1.0, (0, 1), (1, 1));
            horizontal.push(((from, bottom - INSET), (to, bottom - INSET)));
        }
        if !same(0, -1) {
            let from = end(top, -1.0, (-1, 0), (-1, -1)) + room_y;
            let to = end(bottom, 1.0, (1, 0), (1, -1));
            vertical.push(((left + INSET, from), (left + INSET, to)));
        }
        if !same(0, 1) {
            let from = end(top, -1.0, (-1, 0), (-1, 1));
            let to = end(bottom, 1.0, (1, 0), (1, 1));
            vertical.push(((right - INSET, from), (right - INSET, to)));
        }
    }
    let mut outlines = join(horizontal, |point| (point.1, point.0));
    outlines.extend(join(vertical, |point| point));
    outlines
}

/// Joins pieces that continue one another along a line; `key` orders a point by its line
/// first, then along it.
fn join(mut pieces: Vec<Segment>, key: impl Fn((f64, f64)) -> (f64, f64)) -> Vec<Segment> {
    pieces.sort_by(|a, b| key(a.0).partial_cmp(&key(b.0)).expect("finite coordinates"));
    let mut joined: Vec<Segment> = Vec::new();
    for piece in pieces {
        match joined.last_mut() {
            Some(last) if last.1 == piece.0 => last.1 = piece.1,
            _ => joined.push(piece),
        }
    }
    joined
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::genres::killer_sudoku::format::parse_text;

    /// Two cages of 4x4 rows, one an L: every outline piece is inset and the pieces in line
    /// are joined.
    #[test]
    fn outlines_are_inset_and_joined() {
        let puzzle =
            parse_text("A A B B\nA C C B\nD D E E\nF F G G\nA=7 B=8 C=5 D=3 E=7 F=4 G=6").unwrap();
        let segments = cage_outlines(&puzzle, |_| (0.0, 0.0));
        let (low, high) = (MARGIN + INSET, MARGIN + 4.0 * CELL - INSET);
        for ((x1, y1), (x2, y2)) in &segments {
            assert!(x1 < x2 || y1 < y2, "{x1},{y1} {x2},{y2}");
            for value in [x1, x2, y1, y2] {
                assert!(*value >= low && *value <= high, "{value}");
            }
        }
        // The bottom row's cages F and G: one piece each along their bottoms.
        let bottom = MARGIN + 4.0 * CELL - INSET;
        let along_bottom = segments
            .iter()
            .filter(|((_, y1), (_, y2))| *y1 == bottom && *y2 == bottom)
            .count();
        assert_eq!(along_bottom, 2);
        // Cage A's inner corner at (1, 0): the pieces along (0, 1)'s bottom and (1, 0)'s
        // right meet there, inside the cells.
        let inner = (MARGIN + CELL - INSET, MARGIN + CELL - INSET);
        let from_inner = segments.iter().filter(|(from, _)| *from == inner).count();
        assert_eq!(from_inner, 2, "{segments:?}");
    }
}
