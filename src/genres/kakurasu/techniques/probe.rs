//! Hypotheses: what would follow if a cell were shaded, or unshaded. Shared by the two
//! contradiction techniques.
//!
//! # Steps
//! A hypothesis decides the cell and then makes deductions, and a step is one deduction, as
//! in the rater's record: one line narrowed by the line techniques the hypothesis may use,
//! together. For `short_contradiction` those are the Easy and Medium ones (the line's Easy
//! fixpoint, or, when it has at most 4 ways, everything its ways agree on); for
//! `contradiction` also `sum_table` (everything the line's ways agree on). Only a narrowing
//! that decides a cell counts. Deductions follow the assumption breadth first: the assumed
//! cell's row, then its column, then the lines crossing the cells those deductions decided,
//! in the order they were decided, each line queued once at a time. A rule breaks when a line
//! has no way left to make up its need; the chain's length is the number of the step that
//! breaks it. A whole propagation round is never one step, so a chain of 6 steps reaches only
//! as far as a person following 6 lines would.
//!
//! Hypotheses are not nested: a stalled hypothesis ends without a refutation, also for the
//! Expert `contradiction`, whose "also using the Hard techniques" is `sum_table` narrowing.
//! Nesting `short_contradiction` inside it was measured: on random 8x8 puzzles it finished 3%
//! more of them but made rating about 30 times slower (31 ms instead of 1 ms on average).
//!
//! Hypotheses run on the rater's board and undo their changes when they finish.

use crate::core::{Budget, Stop};
use crate::genres::kakurasu::model::Board;

use super::{hard_fit, medium_fit};
use crate::genres::kakurasu::line::Narrowing;

/// What a hypothesis may use and how far it may go.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// A rule must break within this many steps.
    pub max_steps: u32,
    /// Whether lines are narrowed with `sum_table` too.
    pub uses_hard: bool,
}

/// `short_contradiction`: 6 steps, Easy and Medium techniques.
pub const SHORT: Limits = Limits {
    max_steps: 6,
    uses_hard: false,
};

/// `contradiction`: 20 steps, line techniques up to Hard.
pub const LONG: Limits = Limits {
    max_steps: 20,
    uses_hard: true,
};

/// What one step of a hypothesis did.
enum Step {
    Broken,
    Made,
    None,
}

/// A cell one of whose states was refuted, and the shortest chain that refuted it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Refutation {
    pub row: usize,
    pub col: usize,
    /// The state the cell takes: `true` shaded (being unshaded was refuted).
    pub shaded: bool,
    /// True when both states were refuted: the position has no solution.
    pub broken: bool,
    pub steps: u32,
}

impl Limits {
    fn narrow(self) -> Narrowing {
        if self.uses_hard {
            hard_fit
        } else {
            medium_fit
        }
    }
}

/// The step in which assuming `shaded` for the open cell (`row`, `col`) breaks a rule, if it
/// does within `max_steps` (at most `limits.max_steps`). `board` is left as it was.
pub fn refutes(
    board: &mut Board,
    (row, col): (usize, usize),
    shaded: bool,
    limits: Limits,
    max_steps: u32,
    budget: &mut Budget,
) -> Result<Option<u32>, Stop> {
    let max_steps = max_steps.min(limits.max_steps);
    let mut undo = vec![(row, col)];
    board.set(row, col, shaded);
    let mut queue = LineFifo::new();
    for line in board.lines_of(row, col) {
        queue.push(line);
    }
    let mut steps = 0;
    let result = loop {
        if steps >= max_steps {
            break Ok(None);
        }
        match next_step(board, &mut queue, &mut undo, limits, budget) {
            Ok(Step::Broken) => break Ok(Some(steps + 1)),
            Ok(Step::Made) => steps += 1,
            Ok(Step::None) => break Ok(None),
            Err(stop) => break Err(stop),
        }
    };
    for &(row, col) in undo.iter().rev() {
        board.clear(row, col);
    }
    result
}

/// The lines waiting to be narrowed, first in first out, each at most once at a time. A grid
/// has at most 64 lines, so a ring of 64 and a bit per line hold any queue.
struct LineFifo {
    ring: [u8; 64],
    head: usize,
    len: usize,
    queued: u64,
}

impl LineFifo {
    fn new() -> LineFifo {
        LineFifo {
            ring: [0; 64],
            head: 0,
            len: 0,
            queued: 0,
        }
    }

    fn push(&mut self, line: usize) {
        if self.queued & (1 << line) == 0 {
            self.queued |= 1 << line;
            self.ring[(self.head + self.len) % 64] = line as u8;
            self.len += 1;
        }
    }

    fn pop(&mut self) -> Option<usize> {
        if self.len == 0 {
            return None;
        }
        let line = usize::from(self.ring[self.head]);
        self.head = (self.head + 1) % 64;
        self.len -= 1;
        self.queued &= !(1 << line);
        Some(line)
    }
}

/// The next line narrowing that decides a cell (or breaks a rule), in queue order.
fn next_step(
    board: &mut Board,
    queue: &mut LineFifo,
    undo: &mut Vec<(usize, usize)>,
    limits: Limits,
    budget: &mut Budget,
) -> Result<Step, Stop> {
    let narrow = limits.narrow();
    while let Some(line) = queue.pop() {
        budget.step()?;
        let state = board.line(line);
        let Ok(forced) = narrow(&state) else {
            return Ok(Step::Broken);
        };
        let changed = (forced.shade | forced.unshade) & state.open();
        if changed == 0 {
            continue;
        }
        board.apply(line, forced, |row, col, _| undo.push((row, col)));
        let mut rest = changed;
        while rest != 0 {
            queue.push(board.crossing(line, rest.trailing_zeros() as usize));
            rest &= rest - 1;
        }
        return Ok(Step::Made);
    }
    Ok(Step::None)
}

/// The technique's next deduction: among the open cells with a refuted state, the one with
/// the shortest chain (the first in reading order on a tie).
pub fn shortest(
    board: &mut Board,
    limits: Limits,
    budget: &mut Budget,
) -> Result<Option<Refutation>, Stop> {
    let cells = board.open_cells();
    shortest_among(board, &cells, limits, budget)
}

/// [`shortest`] over some open cells only (in the order given).
pub fn shortest_among(
    board: &mut Board,
    cells: &[(usize, usize)],
    limits: Limits,
    budget: &mut Budget,
) -> Result<Option<Refutation>, Stop> {
    let mut best: Option<((usize, usize), u32)> = None;
    for &cell in cells {
        // A later cell must beat the best chain strictly, so it need not look further.
        let cap = best.map_or(limits.max_steps, |(_, steps)| steps - 1);
        if cap == 0 {
            break;
        }
        for shaded in [true, false] {
            if let Some(steps) = refutes(board, cell, shaded, limits, cap, budget)? {
                if best.is_none_or(|(_, best_steps)| steps < best_steps) {
                    best = Some((cell, steps));
                }
            }
        }
    }
    let Some((cell, steps)) = best else {
        return Ok(None);
    };
    let shaded_refuted = refutes(board, cell, true, limits, limits.max_steps, budget)?.is_some();
    let unshaded_refuted = refutes(board, cell, false, limits, limits.max_steps, budget)?.is_some();
    Ok(Some(Refutation {
        row: cell.0,
        col: cell.1,
        shaded: !shaded_refuted,
        broken: shaded_refuted && unshaded_refuted,
        steps,
    }))
}
