//! Hypotheses: what would follow if a cell were shaded, or unshaded. Shared by the two
//! contradiction techniques; the algorithm is `crate::core::probe`'s, over lines.
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

use crate::core::probe::{self, Effects, Hypotheses, Narrowed};
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

/// A cell one of whose states was refuted, and the shortest chain that refuted it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Refutation {
    /// The cell's row, from 0.
    pub row: usize,
    /// Its column, from 0.
    pub col: usize,
    /// The state the cell takes: `true` shaded (being unshaded was refuted).
    pub shaded: bool,
    /// True when both states were refuted: the position has no solution.
    pub broken: bool,
    /// The steps of the chain that broke a rule.
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

/// Runs hypotheses on one puzzle's boards, reusing what it can (see "Reuse").
pub struct Prober {
    inner: probe::Prober<Lines>,
}

impl Prober {
    /// A prober for boards of `board`'s puzzle (same clues).
    pub fn new(board: &Board) -> Prober {
        Prober {
            inner: probe::Prober::new(Lines {
                cols: board.shape().cols,
                lines: board.line_count(),
                narrowings: NarrowCache::new(),
            }),
        }
    }

    /// The step in which assuming `shaded` for the open cell (`row`, `col`) breaks a rule, if
    /// it does within `max_steps` (at most `limits.max_steps`). `board` is left as it was.
    pub fn refutes(
        &mut self,
        board: &mut Board,
        cell: (usize, usize),
        shaded: bool,
        limits: Limits,
        max_steps: u32,
        budget: &mut Budget,
    ) -> Result<Option<u32>, Stop> {
        let cap = max_steps.min(limits.max_steps);
        self.inner.refutes(board, cell, shaded, limits, cap, budget)
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

/// The lines as the constraints of hypotheses on the board's cells.
struct Lines {
    cols: usize,
    lines: usize,
    narrowings: NarrowCache,
}

impl Hypotheses for Lines {
    type State = Board;
    type Var = (usize, usize);
    type Value = bool;
    type Mode = Limits;
    /// A cell decided.
    type Undo = (usize, usize);
    /// A line's shaded and unshaded cells.
    type Read = (u32, u32);

    fn constraint_count(&self) -> usize {
        self.lines
    }

    fn part_count(&self) -> usize {
        self.lines
    }

    fn slot_count(&self, board: &Board) -> usize {
        board.shape().cells() * 4
    }

    fn slot(&self, (row, col): (usize, usize), shaded: bool, limits: Limits) -> usize {
        ((row * self.cols + col) * 2 + usize::from(shaded)) * 2 + usize::from(limits.uses_hard)
    }

    #[inline]
    fn assume(
        &mut self,
        board: &mut Board,
        (row, col): (usize, usize),
        shaded: bool,
        effects: &mut Effects<'_, Self>,
    ) {
        effects.changed((row, col));
        board.set(row, col, shaded);
        for line in board.lines_of(row, col) {
            effects.queue(line);
        }
    }

    /// One line narrowed by the line techniques the hypothesis may use, together; only a
    /// narrowing that decides a cell counts.
    #[inline]
    fn narrow(
        &mut self,
        board: &mut Board,
        line: usize,
        limits: Limits,
        effects: &mut Effects<'_, Self>,
    ) -> Narrowed {
        effects.read(line);
        let state = board.line(line);
        let Ok(forced) = self
            .narrowings
            .narrow(line, &state, limits.uses_hard, limits.narrow())
        else {
            return Narrowed::Broken;
        };
        let changed = (forced.shade | forced.unshade) & state.open();
        if changed == 0 {
            return Narrowed::Unchanged;
        }
        board.apply(line, forced, |row, col, _| effects.changed((row, col)));
        let mut rest = changed;
        while rest != 0 {
            effects.queue(board.crossing(line, rest.trailing_zeros() as usize));
            rest &= rest - 1;
        }
        Narrowed::Changed
    }

    #[inline]
    fn restore(board: &mut Board, &(row, col): &(usize, usize)) {
        board.clear(row, col);
    }

    #[inline]
    fn read(board: &Board, line: usize) -> (u32, u32) {
        let state = board.line(line);
        (state.shaded, state.unshaded)
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
