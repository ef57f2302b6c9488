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
//!
//! # Reuse
//! A [`Prober`] lives as long as one rating (or one grading) of one puzzle and makes the
//! scans cheaper without changing what they find. A hypothesis is a deterministic function of
//! the lines it read, as they were on the real board: each result is kept with those lines'
//! states and reused while they are unchanged: a deduction changes a few lines, and a
//! hypothesis that read none of them needs no rerun (rating the corpus, 42% of the hypotheses
//! the scans ask for are reused). A result cut short by a scan's step cap is reused only under
//! a cap no larger. Line narrowings are kept too, in a direct-mapped table keyed by the
//! line and its state, since hypotheses meet the same line states again and again. The budget
//! is charged only for work actually done: one step per line narrowed, whether or not the
//! table knew the answer, inside a hypothesis that is run; nothing for a reused result.

use crate::core::{Budget, Stop};
use crate::genres::kakurasu::line::{Contradiction, Forced, Line, Narrowing};
use crate::genres::kakurasu::model::Board;

use super::{hard_fit, medium_fit};

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

/// How a hypothesis ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Outcome {
    /// A rule broke in this step.
    Refuted(u32),
    /// No line could narrow any more: no cap would refute it.
    Stalled,
    /// Stopped at the cap after this many steps, each deciding a cell.
    Cut(u32),
}

impl Outcome {
    /// The refutation's length under `cap`, or `None` when the outcome does not tell (a run
    /// cut at a smaller cap).
    fn under(self, cap: u32) -> Option<Option<u32>> {
        match self {
            Outcome::Refuted(steps) => Some((steps <= cap).then_some(steps)),
            Outcome::Stalled => Some(None),
            Outcome::Cut(ran) if cap <= ran => Some(None),
            Outcome::Cut(_) => None,
        }
    }
}

/// A hypothesis's outcome and the real states of the lines it read: (line, shaded, unshaded).
struct Remembered {
    outcome: Outcome,
    read: Vec<(u8, u32, u32)>,
}

/// Runs hypotheses on one puzzle's boards, reusing what it can (see "Reuse").
pub struct Prober {
    cols: usize,
    /// By `((cell * 2 + shaded) * 2 + uses_hard)`, cells in reading order.
    remembered: Vec<Option<Remembered>>,
    narrowings: NarrowCache,
    undo: Vec<(usize, usize)>,
}

impl Prober {
    /// A prober for boards of `board`'s puzzle (same clues).
    pub fn new(board: &Board) -> Prober {
        let shape = board.shape();
        Prober {
            cols: shape.cols,
            remembered: (0..shape.cells() * 4).map(|_| None).collect(),
            narrowings: NarrowCache::new(),
            undo: Vec::new(),
        }
    }

    /// The step in which assuming `shaded` for the open cell (`row`, `col`) breaks a rule, if
    /// it does within `max_steps` (at most `limits.max_steps`). `board` is left as it was.
    pub fn refutes(
        &mut self,
        board: &mut Board,
        (row, col): (usize, usize),
        shaded: bool,
        limits: Limits,
        max_steps: u32,
        budget: &mut Budget,
    ) -> Result<Option<u32>, Stop> {
        let max_steps = max_steps.min(limits.max_steps);
        let slot =
            ((row * self.cols + col) * 2 + usize::from(shaded)) * 2 + usize::from(limits.uses_hard);
        if let Some(remembered) = &self.remembered[slot] {
            let unchanged = remembered.read.iter().all(|&(line, shaded, unshaded)| {
                let state = board.line(usize::from(line));
                state.shaded == shaded && state.unshaded == unshaded
            });
            if unchanged {
                if let Some(result) = remembered.outcome.under(max_steps) {
                    return Ok(result);
                }
            }
        }
        let (outcome, read) = self.run(board, (row, col), shaded, limits, max_steps, budget)?;
        let mut lines = match self.remembered[slot].take() {
            Some(old) => old.read,
            None => Vec::new(),
        };
        lines.clear();
        let mut rest = read;
        while rest != 0 {
            let line = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            let state = board.line(line);
            lines.push((line as u8, state.shaded, state.unshaded));
        }
        self.remembered[slot] = Some(Remembered {
            outcome,
            read: lines,
        });
        Ok(outcome.under(max_steps).flatten())
    }

    /// Runs one hypothesis: how it ended and the lines it read (bit per line).
    fn run(
        &mut self,
        board: &mut Board,
        (row, col): (usize, usize),
        shaded: bool,
        limits: Limits,
        max_steps: u32,
        budget: &mut Budget,
    ) -> Result<(Outcome, u64), Stop> {
        self.undo.clear();
        self.undo.push((row, col));
        board.set(row, col, shaded);
        let mut queue = LineFifo::new();
        for line in board.lines_of(row, col) {
            queue.push(line);
        }
        let mut read = 0u64;
        let mut steps = 0;
        let result = loop {
            if steps >= max_steps {
                break Ok(Outcome::Cut(steps));
            }
            match self.next_step(board, &mut queue, &mut read, limits, budget) {
                Ok(Step::Broken) => break Ok(Outcome::Refuted(steps + 1)),
                Ok(Step::Made) => steps += 1,
                Ok(Step::None) => break Ok(Outcome::Stalled),
                Err(stop) => break Err(stop),
            }
        };
        for &(row, col) in self.undo.iter().rev() {
            board.clear(row, col);
        }
        result.map(|outcome| (outcome, read))
    }

    /// The next line narrowing that decides a cell (or breaks a rule), in queue order.
    fn next_step(
        &mut self,
        board: &mut Board,
        queue: &mut LineFifo,
        read: &mut u64,
        limits: Limits,
        budget: &mut Budget,
    ) -> Result<Step, Stop> {
        let narrow = limits.narrow();
        while let Some(line) = queue.pop() {
            budget.step()?;
            *read |= 1 << line;
            let state = board.line(line);
            let Ok(forced) = self
                .narrowings
                .narrow(line, &state, limits.uses_hard, narrow)
            else {
                return Ok(Step::Broken);
            };
            let changed = (forced.shade | forced.unshade) & state.open();
            if changed == 0 {
                continue;
            }
            let undo = &mut self.undo;
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

    /// The technique's next deduction: among the open cells with a refuted state, the one
    /// with the shortest chain (the first in reading order on a tie).
    pub fn shortest(
        &mut self,
        board: &mut Board,
        limits: Limits,
        budget: &mut Budget,
    ) -> Result<Option<Refutation>, Stop> {
        let cells = board.open_cells();
        self.shortest_among(board, &cells, limits, budget)
    }

    /// [`Prober::shortest`] over some open cells only (in the order given).
    pub fn shortest_among(
        &mut self,
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
                if let Some(steps) = self.refutes(board, cell, shaded, limits, cap, budget)? {
                    if best.is_none_or(|(_, best_steps)| steps < best_steps) {
                        best = Some((cell, steps));
                    }
                }
            }
        }
        let Some((cell, steps)) = best else {
            return Ok(None);
        };
        let max = limits.max_steps;
        let shaded_refuted = self
            .refutes(board, cell, true, limits, max, budget)?
            .is_some();
        let unshaded_refuted = self
            .refutes(board, cell, false, limits, max, budget)?
            .is_some();
        Ok(Some(Refutation {
            row: cell.0,
            col: cell.1,
            shaded: !shaded_refuted,
            broken: shaded_refuted && unshaded_refuted,
            steps,
        }))
    }
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

/// Line narrowings already computed, direct-mapped on a hash of the line, its state and the
/// narrowing; a slot keeps the last one stored there. A line's clue is fixed for one puzzle,
/// so the line number stands for it.
struct NarrowCache {
    slots: Vec<NarrowSlot>,
}

#[derive(Clone, Copy, Default)]
struct NarrowSlot {
    /// `(line + 1) * 2 + uses_hard`; 0 marks an empty slot.
    tag: u32,
    shaded: u32,
    unshaded: u32,
    /// The cells decided; `u32::MAX` in both for a broken line (no narrowing decides a cell
    /// both ways).
    shade: u32,
    unshade: u32,
}

const NARROW_SLOTS: usize = 1 << 12;

impl NarrowCache {
    fn new() -> NarrowCache {
        NarrowCache {
            slots: vec![NarrowSlot::default(); NARROW_SLOTS],
        }
    }

    fn narrow(
        &mut self,
        line: usize,
        state: &Line,
        uses_hard: bool,
        narrow: Narrowing,
    ) -> Result<Forced, Contradiction> {
        let tag = (line as u32 + 1) * 2 + u32::from(uses_hard);
        let hash =
            (u64::from(tag) << 40 ^ u64::from(state.shaded) << 20 ^ u64::from(state.unshaded))
                .wrapping_mul(0x9E37_79B9_7F4A_7C15);
        let slot = &mut self.slots[(hash >> 52) as usize % NARROW_SLOTS];
        if slot.tag == tag && slot.shaded == state.shaded && slot.unshaded == state.unshaded {
            return if slot.shade & slot.unshade == u32::MAX {
                Err(Contradiction)
            } else {
                Ok(Forced {
                    shade: slot.shade,
                    unshade: slot.unshade,
                })
            };
        }
        let result = narrow(state);
        let (shade, unshade) = match result {
            Ok(forced) => (forced.shade, forced.unshade),
            Err(Contradiction) => (u32::MAX, u32::MAX),
        };
        *slot = NarrowSlot {
            tag,
            shaded: state.shaded,
            unshaded: state.unshaded,
            shade,
            unshade,
        };
        result
    }
}
