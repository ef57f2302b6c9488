//! The kakurasu-human rater (rater version 1): solve as a person would, always with the
//! easiest technique that makes progress, and rate the puzzle by the hardest technique it
//! needed. The loop and the record are `crate::core::rater`'s; this file is the ladder it
//! runs (where each technique is tried, and what a deduction changes).
//!
//! Each application of a technique is one deduction, recorded in order with the cells it read
//! and the cells it decided (`placed`, `#` shaded or `-` unshaded; nothing is `removed`, a cell
//! has only two states):
//! - line techniques (`need_met`, `too_heavy`, `falls_short`, `few_ways`, `sum_table`): one
//!   line, every cell the technique decides in it at once. `cells` are the line's cells and
//!   `clue` is where its clue is drawn: right of a row (`[row, cols]`) or below a column
//!   (`[rows, col]`);
//! - `short_contradiction`, `contradiction`: one cell, which takes the state not refuted.
//!
//! Lines are examined rows first, top to bottom, then columns left to right, and cells in
//! reading order, so the record is deterministic. A puzzle the techniques cannot finish is
//! rated [`Level::BeyondExpert`]. One budget step is one technique tried on one line, or one
//! line narrowed inside a hypothesis; a hypothesis whose earlier result is reused costs
//! nothing (see [`super::techniques::probe`]: the rater keeps one prober for the whole
//! rating).
//!
//! [`grade`] reaches the same level without recording: the line techniques only ever decide
//! cells, and decide more on a narrower board, so each stage of them ends on the same board
//! whatever order they apply in; the contradiction deductions are taken one at a time exactly
//! as the recording rater takes them, each from the same board. A test keeps the two in
//! agreement.

use crate::core::descriptors::Hundredths;
use crate::core::rater::{self, Applied, Ladder};
use crate::core::{Budget, Contradiction, Deduction, Level, Placement, Rating, Stop};

use super::describe;
use super::line::{Forced, Line, Narrowing};
use super::model::{Board, LineId, Puzzle};
use super::solve::{propagate, Halt, LineQueue};
use super::techniques::probe::{Prober, Refutation};
use super::techniques::{
    contradiction, easy_fit, hard_fit, medium_fit, short_contradiction, Technique,
};

/// Rates a puzzle.
pub fn rate(puzzle: &Puzzle, budget: &mut Budget) -> Rating {
    rater::rate(Rater::new(puzzle), describe::describe(puzzle), budget)
}

/// The score's points for a technique (see [`crate::core::score`]): within the Easy level, a
/// cell that the others cannot do without weighs more than one too heavy for its line.
fn points(technique: Technique) -> u32 {
    match technique {
        Technique::NeedMet => 0,
        Technique::TooHeavy => 1,
        Technique::FallsShort => 2,
        Technique::FewWays
        | Technique::SumTable
        | Technique::ShortContradiction
        | Technique::Contradiction => 1,
    }
}

/// Rates on from a player's position: the `givens` (row, column, shaded) are decided first,
/// as the player marked them, and the rater runs in its usual order until its first
/// deduction, which decides cells the player left open. The record (that one deduction);
/// `None` when the techniques are stuck (or a rule breaks) from the position.
pub fn replay_to_placement(
    puzzle: &Puzzle,
    givens: &[(usize, usize, bool)],
    budget: &mut Budget,
) -> Result<Option<Vec<Deduction>>, Stop> {
    let mut board = Board::new(puzzle);
    for &(row, col, shaded) in givens {
        board.set(row, col, shaded);
    }
    rater::replay_to_placement(Rater::from_board(board), budget)
}

/// The kakurasu-human ladder: the board, and where each technique may find something.
struct Rater {
    board: Board,
    /// Hypothesis results and line narrowings kept from one scan for the next.
    prober: Prober,
    /// For each line technique, the lines changed since it last found nothing there (bit per
    /// line; a grid has at most 64 lines).
    dirty: [u64; Technique::LINE.len()],
}

/// What one deduction changes.
struct Change {
    technique: Technique,
    cells: Vec<[usize; 2]>,
    clue: Option<[usize; 2]>,
    decided: Vec<(usize, usize, bool)>,
    /// A contradiction's chain length (0 for a line technique).
    chain: u32,
}

/// Every line of a board, as dirty bits.
fn all_lines(board: &Board) -> u64 {
    if board.line_count() >= 64 {
        u64::MAX
    } else {
        (1u64 << board.line_count()) - 1
    }
}

impl Rater {
    fn new(puzzle: &Puzzle) -> Rater {
        Rater::from_board(Board::new(puzzle))
    }

    fn from_board(board: Board) -> Rater {
        let lines = all_lines(&board);
        Rater {
            prober: Prober::new(&board),
            board,
            dirty: [lines; Technique::LINE.len()],
        }
    }

    fn line_change(
        &self,
        technique: Technique,
        line: usize,
        state: &Line,
        forced: Forced,
    ) -> Change {
        let shape = self.board.shape();
        let decided = (0..state.len)
            .filter(|&index| state.open() & (1 << index) != 0)
            .filter_map(|index| {
                let (row, col) = self.board.cell_of(line, index);
                if forced.shade & (1 << index) != 0 {
                    Some((row, col, true))
                } else if forced.unshade & (1 << index) != 0 {
                    Some((row, col, false))
                } else {
                    None
                }
            })
            .collect();
        Change {
            technique,
            cells: self
                .board
                .cells_of(line)
                .map(|(row, col)| [row, col])
                .collect(),
            clue: Some(match self.board.line_id(line) {
                LineId::Row(row) => [row, shape.cols],
                LineId::Col(col) => [shape.rows, col],
            }),
            decided,
            chain: 0,
        }
    }
}

impl Ladder for Rater {
    type Change = Change;

    fn next_change(
        &mut self,
        budget: &mut Budget,
    ) -> Result<Result<Option<Change>, Contradiction>, Stop> {
        for (slot, technique) in Technique::LINE.into_iter().enumerate() {
            while self.dirty[slot] != 0 {
                let line = self.dirty[slot].trailing_zeros() as usize;
                budget.step()?;
                let state = self.board.line(line);
                let forced = match technique.on_line(&state) {
                    Some(Ok(forced)) => forced,
                    Some(Err(contradiction)) => return Ok(Err(contradiction)),
                    None => Forced::NONE,
                };
                let decides = (forced.shade | forced.unshade) & state.open();
                if decides == 0 {
                    self.dirty[slot] &= !(1 << line);
                    continue;
                }
                return Ok(Ok(Some(self.line_change(technique, line, &state, forced))));
            }
        }
        if self.board.open_count() == 0 {
            return Ok(Ok(None));
        }
        type Probe = fn(&mut Prober, &mut Board, &mut Budget) -> Result<Option<Refutation>, Stop>;
        let probes: [(Technique, Probe); 2] = [
            (Technique::ShortContradiction, short_contradiction::find),
            (Technique::Contradiction, contradiction::find),
        ];
        for (technique, find) in probes {
            let found: Option<Refutation> = find(&mut self.prober, &mut self.board, budget)?;
            if let Some(refutation) = found {
                if refutation.broken {
                    return Ok(Err(Contradiction));
                }
                let (row, col) = (refutation.row, refutation.col);
                return Ok(Ok(Some(Change {
                    technique,
                    cells: vec![[row, col]],
                    clue: None,
                    decided: vec![(row, col, refutation.shaded)],
                    chain: refutation.steps,
                })));
            }
        }
        Ok(Ok(None))
    }

    /// Applies a change: the deduction it is.
    fn apply(&mut self, change: Change) -> Applied {
        let mut placed = Vec::with_capacity(change.decided.len());
        for &(row, col, shaded) in &change.decided {
            self.board.set(row, col, shaded);
            for line in self.board.lines_of(row, col) {
                for dirty in &mut self.dirty {
                    *dirty |= 1 << line;
                }
            }
            placed.push(Placement {
                row,
                col,
                value: if shaded { '#' } else { '-' },
            });
        }
        Applied {
            deduction: Deduction {
                technique: change.technique.name(),
                level: change.technique.level(),
                cells: change.cells,
                clue: change.clue,
                placed,
                removed: Vec::new(),
            },
            points: points(change.technique),
            chain: change.chain,
            // A hypothesis cell has two states, shaded and unshaded.
            candidates: if change.chain > 0 { 2 } else { 0 },
        }
    }

    /// Every deduction decides cells the player left open.
    fn places(_: &Change) -> bool {
        true
    }

    fn level(change: &Change) -> Option<Level> {
        change.technique.level()
    }

    fn solved(&self) -> bool {
        self.board.is_solved()
    }

    fn mean_candidates(&self) -> Hundredths {
        describe::mean_candidates(&self.board)
    }
}

/// How far the techniques got, without the record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Grade {
    /// The level that finished the puzzle; `BeyondExpert` when every technique got stuck;
    /// `None` when the techniques up to the ceiling got stuck, or a rule broke.
    pub level: Option<Level>,
    /// True when a rule broke (the puzzle has no solution).
    pub broken: bool,
    /// The board where the techniques stopped.
    pub board: Board,
}

/// The rating's level, computed stage by stage and stopping after `ceiling`.
pub fn grade(puzzle: &Puzzle, ceiling: Level, budget: &mut Budget) -> Result<Grade, Stop> {
    let mut board = Board::new(puzzle);
    let stages: [(Level, Narrowing); 2] = [(Level::Easy, easy_fit), (Level::Medium, medium_fit)];
    for (level, narrow) in stages {
        board = match line_stage(board, level, narrow, budget)? {
            Ok(board) if ceiling == level => return Ok(Grade::stuck(board)),
            Ok(board) => board,
            Err(ended) => return Ok(ended),
        };
    }
    grade_beyond_medium(board, ceiling, budget)
}

/// Every line narrowed with `narrow` (the line techniques of `level` and below) until none
/// changes. The board, or the grade when that ends the grading: a rule broke, or the stage
/// decided every cell.
pub fn line_stage(
    mut board: Board,
    level: Level,
    narrow: Narrowing,
    budget: &mut Budget,
) -> Result<Result<Board, Grade>, Stop> {
    let mut queue = LineQueue::all(board.line_count());
    match propagate(&mut board, &mut queue, narrow, budget) {
        Err(Halt::Contradiction) => Ok(Err(Grade::broken(board))),
        Err(Halt::Stopped(stop)) => Err(stop),
        Ok(()) if board.open_count() == 0 => Ok(Err(Grade::finished(level, board))),
        Ok(()) => Ok(Ok(board)),
    }
}

/// [`grade`]'s Hard and Expert stages, from a board the Easy and Medium stages left open
/// cells in (it may be narrowed further by sound deductions: the line stages end on the same
/// board whatever narrowed it first).
pub fn grade_beyond_medium(
    mut board: Board,
    ceiling: Level,
    budget: &mut Budget,
) -> Result<Grade, Stop> {
    let mut prober = Prober::new(&board);
    let all: Vec<usize> = (0..board.line_count()).collect();
    if hard_fixpoint(&mut prober, &mut board, &all, budget)?.is_err() {
        return Ok(Grade::broken(board));
    }
    if board.open_count() == 0 {
        return Ok(Grade::finished(Level::Hard, board));
    }
    if ceiling == Level::Hard {
        return Ok(Grade::stuck(board));
    }
    while let Some(refutation) = contradiction::find(&mut prober, &mut board, budget)? {
        if refutation.broken {
            return Ok(Grade::broken(board));
        }
        let lines = decide(&mut board, refutation);
        if hard_fixpoint(&mut prober, &mut board, &lines, budget)?.is_err() {
            return Ok(Grade::broken(board));
        }
        if board.open_count() == 0 {
            return Ok(Grade::finished(Level::Expert, board));
        }
    }
    Ok(Grade::finished(Level::BeyondExpert, board))
}

impl Grade {
    /// The techniques finished the puzzle at `level` (`BeyondExpert`: every one got stuck).
    pub fn finished(level: Level, board: Board) -> Grade {
        Grade {
            level: Some(level),
            broken: false,
            board,
        }
    }

    /// The techniques up to the ceiling got stuck on `board`.
    pub fn stuck(board: Board) -> Grade {
        Grade {
            level: None,
            broken: false,
            board,
        }
    }

    /// A rule broke on `board`.
    pub fn broken(board: Board) -> Grade {
        Grade {
            level: None,
            broken: true,
            board,
        }
    }
}

/// Decides the refuted cell; its lines, to narrow next.
fn decide(board: &mut Board, refutation: Refutation) -> Vec<usize> {
    board.set(refutation.row, refutation.col, refutation.shaded);
    board.lines_of(refutation.row, refutation.col).to_vec()
}

/// Every line technique up to Hard from `lines`, then `short_contradiction` deductions, each
/// followed by the line techniques, until none applies.
fn hard_fixpoint(
    prober: &mut Prober,
    board: &mut Board,
    lines: &[usize],
    budget: &mut Budget,
) -> Result<Result<(), Contradiction>, Stop> {
    let mut lines = lines.to_vec();
    loop {
        let mut queue = LineQueue::new(board.line_count());
        for &line in lines.iter().rev() {
            queue.push(line);
        }
        match propagate(board, &mut queue, hard_fit, budget) {
            Err(Halt::Contradiction) => return Ok(Err(Contradiction)),
            Err(Halt::Stopped(stop)) => return Err(stop),
            Ok(()) => {}
        }
        if board.open_count() == 0 {
            return Ok(Ok(()));
        }
        let Some(refutation) = short_contradiction::find(prober, board, budget)? else {
            return Ok(Ok(()));
        };
        if refutation.broken {
            return Ok(Err(Contradiction));
        }
        lines = decide(board, refutation);
    }
}
