//! The exact solver: candidates per cell narrowed over groups of different digits, on the
//! core search engine ([`crate::core::search`]).
//!
//! The groups are the houses (rows, columns, boxes: different digits, each digit somewhere,
//! a digit with one place left goes there) and the sum groups: the cages, and what the rule of
//! 45 derives from each house, a house's digits adding up to `1 + ... + N`:
//! - the *innies*: the house's cells outside the cages that lie wholly inside it add up to
//!   the house's total less those cages' sums;
//! - the *outies*: the cells outside the house of the cages that overlap it add up to those
//!   cages' sums less the house's total, a group of its own when those cells share a house
//!   (so that their digits differ).
//!
//! A sum group keeps in each cell the digits of the combinations that fit its candidates
//! ([`super::combos::fit`]), and a digit every fitting combination has goes where it has one
//! place left. One budget step is one group narrowed.

use crate::core::digits::Digits;
use crate::core::search::{self, Model, Strategy, Weigh, Weighted};
use crate::core::{Budget, DigitSet, Halt, IndexQueue, SolveOutcome};

use super::combos::{combos, fit};
use super::model::{digit_char, Puzzle};

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

/// A group of cells whose digits differ: a house, or cells with a sum.
#[derive(Clone, Debug)]
pub struct Group {
    /// The cells, in reading order.
    pub cells: Vec<usize>,
    /// Its sum's combinations, for a sum group.
    pub combos: Option<&'static [DigitSet]>,
    /// Its sum, for a sum group.
    pub sum: u32,
    /// Whether it is a house (every digit of 1..N in it).
    pub house: bool,
}

/// The groups of `puzzle`: the houses, the cages, then each house's innies and outies (see
/// the module documentation).
pub fn groups(puzzle: &Puzzle) -> Vec<Group> {
    let side = puzzle.side();
    let houses = puzzle.houses();
    let mut groups: Vec<Group> = houses
        .iter()
        .map(|cells| Group {
            cells: cells.clone(),
            combos: None,
            sum: (side * (side + 1) / 2) as u32,
            house: true,
        })
        .collect();
    let sum_group = |cells: Vec<usize>, sum: u32| Group {
        combos: Some(combos(side, cells.len(), sum)),
        cells,
        sum,
        house: false,
    };
    for cage in puzzle.cages() {
        groups.push(sum_group(cage.cells.clone(), cage.sum));
    }
    let total = (side * (side + 1) / 2) as i64;
    let mut seen: Vec<Vec<usize>> = Vec::new();
    for house in &houses {
        let mut inside = vec![false; side * side];
        for &cell in house {
            inside[cell] = true;
        }
        let mut inner_sum = 0i64;
        let mut over_sum = 0i64;
        let mut innies = Vec::new();
        let mut outies = Vec::new();
        let mut touched: Vec<usize> = house.iter().map(|&cell| puzzle.cage_of(cell)).collect();
        touched.sort_unstable();
        touched.dedup();
        for &index in &touched {
            let cage = &puzzle.cages()[index];
            if cage.cells.iter().all(|&cell| inside[cell]) {
                inner_sum += i64::from(cage.sum);
            } else {
                over_sum += i64::from(cage.sum);
                innies.extend(cage.cells.iter().filter(|&&cell| inside[cell]));
                outies.extend(cage.cells.iter().filter(|&&cell| !inside[cell]));
            }
        }
        innies.sort_unstable();
        outies.sort_unstable();
        if !innies.is_empty() && innies.len() < side && !seen.contains(&innies) {
            let sum = u32::try_from(total - inner_sum).unwrap_or(u32::MAX);
            seen.push(innies.clone());
            groups.push(sum_group(innies, sum));
        }
        if !outies.is_empty()
            && outies.len() <= side
            && share_house(puzzle, &outies)
            && !seen.contains(&outies)
        {
            let sum = u32::try_from(over_sum + inner_sum - total).unwrap_or(u32::MAX);
            seen.push(outies.clone());
            groups.push(sum_group(outies, sum));
        }
    }
    groups
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

/// The solver's state: candidates, the trail of changes, the groups and the queue.
pub struct Board {
    side: usize,
    cands: Vec<DigitSet>,
    trail: Vec<(usize, DigitSet)>,
    groups: Vec<Group>,
    of_cell: Vec<Vec<usize>>,
    queue: IndexQueue,
}

impl Board {
    /// The starting state of `puzzle`: every digit in every open cell, the givens fixed, every
    /// group queued.
    pub fn new(puzzle: &Puzzle) -> Board {
        let side = puzzle.side();
        let all = DigitSet::up_to(side as u8);
        let cands = puzzle
            .givens()
            .iter()
            .map(|&given| {
                if given == 0 {
                    all
                } else {
                    DigitSet::single(given)
                }
            })
            .collect();
        let groups = groups(puzzle);
        let mut of_cell = vec![Vec::new(); side * side];
        for (index, group) in groups.iter().enumerate() {
            for &cell in &group.cells {
                of_cell[cell].push(index);
            }
        }
        Board {
            side,
            cands,
            trail: Vec::new(),
            queue: IndexQueue::all(groups.len()),
            groups,
            of_cell,
        }
    }

    /// The candidates of each cell.
    pub fn cands(&self) -> &[DigitSet] {
        &self.cands
    }

    fn set(&mut self, cell: usize, cands: DigitSet) {
        let old = self.cands[cell];
        if old == cands {
            return;
        }
        self.trail.push((cell, old));
        self.cands[cell] = cands;
        for &group in &self.of_cell[cell] {
            self.queue.push(group);
        }
    }

    /// Narrows one group; false on a contradiction.
    fn narrow(&mut self, index: usize) -> bool {
        let group = &self.groups[index];
        let (house, combos) = (group.house, group.combos);
        let cells: Vec<usize> = group.cells.clone();
        // Different digits: a fixed digit leaves the other cells, until nothing more is fixed.
        loop {
            let mut fixed = DigitSet::EMPTY;
            for &cell in &cells {
                let cand = self.cands[cell];
                if cand.is_empty() {
                    return false;
                }
                if cand.is_single() {
                    if !(fixed & cand).is_empty() {
                        return false;
                    }
                    fixed |= cand;
                }
            }
            let mut more = false;
            for &cell in &cells {
                let cand = self.cands[cell];
                if !cand.is_single() && !(cand & fixed).is_empty() {
                    let narrowed = cand - fixed;
                    if narrowed.is_empty() {
                        return false;
                    }
                    more |= narrowed.is_single();
                    self.set(cell, narrowed);
                }
            }
            if !more {
                break;
            }
        }
        let required = if house {
            DigitSet::up_to(self.side as u8)
        } else {
            let cands: Vec<DigitSet> = cells.iter().map(|&cell| self.cands[cell]).collect();
            let Some(found) = fit(&cands, combos.unwrap_or(&[])) else {
                return false;
            };
            for &cell in &cells {
                let narrowed = self.cands[cell] & found.any;
                if narrowed.is_empty() {
                    return false;
                }
                self.set(cell, narrowed);
            }
            found.all
        };
        // A digit the group must hold, with one place left, goes there.
        let (mut once, mut twice) = (DigitSet::EMPTY, DigitSet::EMPTY);
        for &cell in &cells {
            let cand = self.cands[cell];
            twice |= once & cand;
            once |= cand;
        }
        if !required.is_subset(once) {
            return false;
        }
        let alone = required - twice;
        if !alone.is_empty() {
            for &cell in &cells {
                let cand = self.cands[cell];
                let mine = cand & alone;
                if mine.is_empty() || cand.is_single() {
                    continue;
                }
                if !mine.is_single() {
                    return false;
                }
                self.set(cell, mine);
            }
        }
        true
    }
}

impl Model for Board {
    type Var = usize;
    type Value = u8;
    type Values = Digits;
    type Solution = Solution;

    fn propagate<W: Weigh>(&mut self, weigh: &mut W, budget: &mut Budget) -> Result<(), Halt> {
        while let Some(index) = self.queue.pop() {
            if let Err(stop) = budget.step() {
                self.queue.clear();
                return Err(Halt::Stopped(stop));
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
        self.set(cell, DigitSet::single(digit));
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
        self.groups.len()
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
        self.of_cell[cell].iter().copied()
    }
}

/// The strategy the solver runs: the fewest candidates first, depth first. (The adaptive
/// search's restarts cost more than they save on these grids, whose propagation is strong.)
pub const STRATEGY: Strategy = Strategy::ADAPTIVE;

/// Finds up to `limit` solutions of `puzzle` under the budget.
pub fn solve_puzzle(puzzle: &Puzzle, limit: usize, budget: &mut Budget) -> SolveOutcome<Solution> {
    let mut board = Board::new(puzzle);
    search::search_with(&mut board, STRATEGY, limit, budget)
}
