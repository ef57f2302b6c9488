//! The exact solver: candidates per cell narrowed by a network of constraints, on the core
//! search engine (`crate::core::search`).
//!
//! The constraints (`network`) are the houses (rows, columns, boxes: different digits, each
//! digit somewhere, a digit with one place left goes there), the cages, and the sums the rule
//! of 45 derives over single houses and unions of houses (innies, outies and their
//! differences). Each is narrowed on its own (`narrow`):
//! - a *sum group* (a cage, or derived cells whose digits differ) keeps in each cell the
//!   digits some fitting combination gives it with the rest of the combination matched to the
//!   other cells ([`super::combos::fit_combo`]); a combination must hold the digits a house
//!   meeting the group can place nowhere else; a digit every fitting combination has goes
//!   where it has one place left, and leaves the rest of a house that holds all its places;
//! - a *linear sum* (derived cells of several houses, some subtracted) keeps each house's part
//!   within the sums the other parts leave it, each cell within the bounds the others leave.
//!
//! The search (`search::search_binary`) is two-way (a cell takes a digit, or loses it) with
//! the adaptive choice of cell (dom/wdeg and last conflict); it starts over now and then (after
//! [`RESTART_UNIT`] times the Luby sequence's failures), keeping what it searched as nogoods,
//! so a start-over does not search anything again. Sum groups of up to five cells are matched
//! to their cells, and the derived sums are those of up to five cells
//! (`network::SOLVER_LIMITS`). Measured on the published puzzles and on hostile random grids,
//! this decides more within the default budget of `/solve`, and the hardest published puzzles
//! in fewer steps, than the search the generator runs ([`generator_search`]: the adaptive one
//! without restarts, one value of a cell after another, fewer groups matched, larger derived
//! sums), which was `/solve`'s first search until 2026-12-05 (docs/benchmarks-killer.md).
//! One budget step is one sum group or linear sum narrowed, or eight nogoods looked at; a
//! house's narrowing (a few bit operations over its cells) is not counted. The steps still
//! bound the time: every assignment queues the cell's cage, so each node costs a step, and a
//! house is narrowed only after one of its cells changed, which happens at most N x N x N
//! times a node. Measured on the development machine: about 0.25 µs of CPU a step on the
//! hardest published puzzles, up to 1 µs on 16x16 grids with long cages
//! (docs/benchmarks-killer.md).

use crate::core::digits::Digits;
use crate::core::search::{self, Excludes, Model, SearchStats, Strategy, Weigh, Weighted};
use crate::core::{Budget, DigitSet, Halt, SolveOutcome};

use super::model::{digit_char, Puzzle, MAX_SIDE};

mod narrow;
mod network;

use narrow::{Agenda, Cells, GENERATOR_MATCHED, SOLVER_MATCHED};
use network::{Constraint, Limits, Network, GENERATOR_LIMITS, SOLVER_LIMITS};

/// A full solution: the digit of each cell, rows in reading order.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Solution {
    /// The side of the grid.
    pub side: usize,
    /// The digit of each cell, `row * side + col`.
    pub digits: Vec<u8>,
}

impl Solution {
    /// The rows, digits beyond 9 as `A`-`G`.
    pub fn rows(&self) -> Vec<String> {
        self.digits
            .chunks(self.side.max(1))
            .map(|row| row.iter().map(|&digit| digit_char(digit)).collect())
            .collect()
    }

    /// The rows with the first digit changed to the next one (wrapping): a complete answer
    /// that breaks a rule.
    pub fn wrong_rows(&self) -> Vec<String> {
        let mut digits = self.digits.clone();
        if let Some(first) = digits.first_mut() {
            *first = *first % self.side as u8 + 1;
        }
        Solution {
            side: self.side,
            digits,
        }
        .rows()
    }
}

/// Whether `cells` all lie in one row, one column or one box.
pub fn share_house(puzzle: &Puzzle, cells: &[usize]) -> bool {
    let side = puzzle.side();
    let first = cells[0];
    cells.iter().all(|&cell| cell / side == first / side)
        || cells.iter().all(|&cell| cell % side == first % side)
        || cells
            .iter()
            .all(|&cell| puzzle.box_of(cell) == puzzle.box_of(first))
}

/// The solver's state: candidates, the trail of changes, the constraint network and the
/// queue of constraints to narrow.
pub struct Board {
    side: usize,
    cands: Vec<DigitSet>,
    trail: Vec<(usize, DigitSet)>,
    network: Network,
    queue: Agenda,
    /// Sum groups of up to this many cells are matched to their cells.
    matched: usize,
}

impl Board {
    /// The starting state of `puzzle` for the generator's search: every digit in every open
    /// cell, the givens fixed, every constraint queued.
    pub fn new(puzzle: &Puzzle) -> Board {
        Board::matching(puzzle, GENERATOR_MATCHED, GENERATOR_LIMITS)
    }

    /// The solver's board: more sum groups matched, the derived sums of [`SOLVER_LIMITS`].
    fn solving(puzzle: &Puzzle) -> Board {
        Board::matching(puzzle, SOLVER_MATCHED, SOLVER_LIMITS)
    }

    /// [`Board::new`], matching sum groups of up to `matched` cells to their cells, with the
    /// derived sums `limits` keeps.
    fn matching(puzzle: &Puzzle, matched: usize, limits: Limits) -> Board {
        let side = puzzle.side();
        let cands = puzzle.given_candidates();
        let network = Network::of(puzzle, limits);
        Board {
            side,
            cands,
            trail: Vec::new(),
            queue: Agenda::all(network.constraints.len()),
            network,
            matched,
        }
    }

    fn cells(&mut self) -> (&[Constraint], Cells<'_>) {
        let Board {
            cands,
            trail,
            network,
            queue,
            ..
        } = self;
        (
            &network.constraints,
            Cells {
                cands,
                trail,
                queue,
                watchers: &network.watchers,
            },
        )
    }

    /// Narrows one constraint; false on a contradiction.
    fn narrow(&mut self, index: usize) -> bool {
        let (side, matched) = (self.side, self.matched);
        let (constraints, mut cells) = self.cells();
        narrow::narrow(&constraints[index], side, matched, &mut cells)
    }
}

impl Model for Board {
    type Var = usize;
    type Value = u8;
    type Values = Digits;
    type Solution = Solution;

    fn propagate<W: Weigh>(&mut self, weigh: &mut W, budget: &mut Budget) -> Result<(), Halt> {
        while let Some(index) = self.queue.pop() {
            if !self.network.constraints[index].is_house() {
                if let Err(stop) = budget.step() {
                    self.queue.clear();
                    return Err(Halt::Stopped(stop));
                }
            }
            if !self.narrow(index) {
                weigh.failed(index);
                self.queue.clear();
                return Err(Halt::Contradiction);
            }
        }
        Ok(())
    }

    fn fewest_candidates(&self) -> Option<usize> {
        let mut best: Option<(u32, usize)> = None;
        for (cell, cand) in self.cands.iter().enumerate() {
            let len = cand.len();
            if len > 1 && best.is_none_or(|(fewest, _)| len < fewest) {
                best = Some((len, cell));
                if len == 2 {
                    break;
                }
            }
        }
        best.map(|(_, cell)| cell)
    }

    fn values(&self, cell: usize) -> Digits {
        self.cands[cell].iter()
    }

    fn assign(&mut self, cell: usize, digit: u8) {
        let (_, mut cells) = self.cells();
        // A digit the search assigns is one of the cell's candidates: never empty.
        cells.keep(cell, DigitSet::single(digit));
    }

    fn mark(&self) -> usize {
        self.trail.len()
    }

    fn undo(&mut self, mark: usize) {
        while self.trail.len() > mark {
            let (cell, old) = self.trail.pop().expect("a trail entry");
            self.cands[cell] = old;
        }
    }

    fn solution(&self) -> Option<Solution> {
        let digits = self
            .cands
            .iter()
            .map(|cand| cand.single_digit())
            .collect::<Option<Vec<u8>>>()?;
        Some(Solution {
            side: self.side,
            digits,
        })
    }
}

impl Weighted for Board {
    fn constraint_count(&self) -> usize {
        self.network.constraints.len()
    }

    fn is_open(&self, cell: usize) -> bool {
        self.cands[cell].len() > 1
    }

    fn variables(&self) -> impl Iterator<Item = (usize, u32)> + '_ {
        self.cands
            .iter()
            .enumerate()
            .map(|(cell, cand)| (cell, cand.len()))
    }

    fn constraints_of(&self, cell: usize) -> impl Iterator<Item = usize> + '_ {
        self.network.watchers.of(cell)
    }
}

impl Excludes for Board {
    fn exclude(&mut self, cell: usize, digit: u8) {
        let others = DigitSet::up_to(self.side as u8) - DigitSet::single(digit);
        let (_, mut cells) = self.cells();
        // The search takes a digit from an open cell: never empties it.
        cells.keep(cell, others);
    }

    fn literal_count(&self) -> usize {
        self.cands.len() * (MAX_SIDE + 1)
    }

    fn literal(&self, cell: usize, digit: u8) -> usize {
        cell * (MAX_SIDE + 1) + usize::from(digit)
    }

    fn has(&self, cell: usize, digit: u8) -> bool {
        self.cands[cell].contains(digit)
    }

    fn fixed(&self, cell: usize) -> Option<u8> {
        self.cands[cell].single_digit()
    }

    fn forget_queued(&mut self) {
        self.queue.clear();
    }
}

/// The strategy of the generator's search: the adaptive choice of cell (dom/wdeg, last
/// conflict) without its restarts, every digit of the cell in turn. The generator's puzzles
/// and their pinned statistics depend on its steps.
pub const STRATEGY: Strategy = Strategy::Adaptive {
    first_restart: u64::MAX,
};

/// The solver's search starts over after this many failures times the Luby sequence: of the
/// units measured with the search alone (30 to 1,000), 64 gave the fewest steps on the 62
/// published puzzles decided within the default budget and the second fewest on the 14 others
/// (docs/benchmarks-killer.md).
pub const RESTART_UNIT: u64 = 64;

/// Finds up to `limit` solutions of `puzzle` under the budget (module documentation).
pub fn solve_puzzle(puzzle: &Puzzle, limit: usize, budget: &mut Budget) -> SolveOutcome<Solution> {
    solve_counted(puzzle, limit, budget).0
}

/// [`solve_puzzle`], with the size of the tree it searched (decisions, failures, start-overs,
/// nogoods held), for comparing it with other solvers' counts.
pub fn solve_counted(
    puzzle: &Puzzle,
    limit: usize,
    budget: &mut Budget,
) -> (SolveOutcome<Solution>, SearchStats) {
    let mut board = Board::solving(puzzle);
    search::search_binary(&mut board, RESTART_UNIT, limit, budget)
}

/// The generator's search ([`STRATEGY`], groups of up to four cells matched, the derived sums
/// of `network::GENERATOR_LIMITS`): what the generator proves its puzzles unique with, whose
/// steps its puzzles' statistics pin.
pub fn generator_search(
    puzzle: &Puzzle,
    limit: usize,
    budget: &mut Budget,
) -> SolveOutcome<Solution> {
    let mut board = Board::new(puzzle);
    search::search_with(&mut board, STRATEGY, limit, budget)
}
