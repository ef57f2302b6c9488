//! The kinds of board the genres are drawn on: what a client needs to draw a genre's board and
//! read a player's marks from it. The play page draws each kind with a script and a style sheet
//! of its own, found by the kind's name (`src/http/play/board-<kind>.js` and `.css`).

use serde::Serialize;

/// The drawing a genre's board is, so that a client knows how to draw it and read a player's
/// marks from it: `sum_grid`, a grid of blocks and white cells, the blocks holding the sums
/// of the runs of white cells to their right and below them, a digit written in each white
/// cell; `shading`, a grid of cells to shade, with a clue beside each row and below each
/// column; `caged`, an N x N grid with boxes, split into cages outlined with their sums, a
/// digit written in every cell (digits 10 to 16 as `A` to `G`, as the answers write them).
/// A genre's puzzle object and answers are its own: see its `formats` and its puzzle object's
/// schema.
#[cfg_attr(feature = "server", derive(utoipa::ToSchema))]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum BoardKind {
    /// Blocks holding run sums and white cells; the player writes a digit in each white cell.
    SumGrid,
    /// Cells the player shades, with a clue per row and per column.
    Shading,
    /// An N x N grid with boxes, split into cages with their sums; the player writes a digit
    /// of 1..N in each cell (10 to 16 as `A` to `G`).
    Caged,
}

impl BoardKind {
    /// Every board kind (the play page has a drawing for each).
    pub const ALL: &'static [BoardKind] =
        &[BoardKind::SumGrid, BoardKind::Shading, BoardKind::Caged];

    /// Whether a player notes candidate digits in the board's cells (pencil marks).
    pub const fn pencil_marks(self) -> bool {
        match self {
            BoardKind::SumGrid | BoardKind::Caged => true,
            // A shaded cell has no candidates to note: the unshaded dot is the board's note.
            BoardKind::Shading => false,
        }
    }

    /// The digits a player writes in a cell, as answers spell them, in order; empty for a
    /// board whose cells are shaded rather than written. A caged grid of side N takes the
    /// first N of its digits (`1`-`9`, then `A`-`G` for 10-16).
    pub const fn digits(self) -> &'static str {
        match self {
            BoardKind::SumGrid => "123456789",
            BoardKind::Caged => "123456789ABCDEFG",
            BoardKind::Shading => "",
        }
    }

    /// How a player works the board with the play page's controls, in a few sentences.
    pub const fn controls(self) -> &'static str {
        match self {
            BoardKind::SumGrid => {
                "Type digits; Backspace, Delete or 0 clears; the arrow keys move. P switches \
                 to pencil marks: digits then toggle small candidates in the cell (they are \
                 yours alone: Check and Hint read only written digits)."
            }
            BoardKind::Caged => {
                "Type digits (on a 12x12 or 16x16 grid, A to G, or the pad's 10 to 16, for 10 \
                 to 16); Backspace, Delete or 0 clears; the arrow keys move. P switches to \
                 pencil marks: digits then toggle small candidates in the cell (they are yours \
                 alone: Check and Hint read only written digits). Click a cage's sum to see the \
                 combinations of different digits that make it, with the digits written in the \
                 cage."
            }
            BoardKind::Shading => {
                "Click a cell to shade it, again to mark it unshaded (a dot), again to clear \
                 it; Space does the same, a right click marks it unshaded, and the arrow keys \
                 move."
            }
        }
    }
}
