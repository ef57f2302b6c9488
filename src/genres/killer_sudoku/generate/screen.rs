//! Cheap looks at a candidate before the rater's: most candidates the generator makes are
//! easy, or (at 4x4) have several solutions, and the rater takes tens of microseconds to say
//! so where these take one or two. They only decide what to try next; every puzzle handed out
//! is still rated by the rater and proved unique by the exact solver.

use std::sync::OnceLock;

use rustc_hash::FxHashMap;

use crate::core::{Budget, DigitSet, Stop};

use crate::genres::killer_sudoku::combos::fit;
use crate::genres::killer_sudoku::model::Puzzle;
use crate::genres::killer_sudoku::solve::Solution;
use crate::genres::sum_grid::combos::combos_up_to;

/// Whether the rater's easy techniques fill the grid of `puzzle`: the fixpoint of a digit
/// written removed from the other cells of its houses and cage (digit used, naked single), a
/// digit with one place left in a house written there (hidden single), each cage's cells
/// narrowed to the combinations that fit (cage combinations), and a digit every fitting
/// combination has with one place left in the cage written there (cage needs). Each narrows
/// only what the rater's technique of the same name narrows, and they reach one fixpoint
/// whatever their order, so a grid filled here is one the rater fills with easy techniques:
/// rated easy, and unique (every deduction removes only what no solution has). One budget step
/// per house or cage looked at, as the rater counts one technique tried at one place.
pub fn easy_fills(
    puzzle: &Puzzle,
    houses: &[Vec<usize>],
    budget: &mut Budget,
) -> Result<bool, Stop> {
    let side = puzzle.side();
    let all = DigitSet::up_to(side as u8);
    let mut cands = puzzle.given_candidates();
    let cages: Vec<(&[usize], &'static [DigitSet])> = puzzle
        .cages()
        .iter()
        .map(|cage| {
            let combos = combos_up_to(side, cage.cells.len(), cage.sum);
            (cage.cells.as_slice(), combos)
        })
        .collect();
    let mut local: Vec<DigitSet> = Vec::with_capacity(side);
    loop {
        let mut changed = false;
        for &(cells, combos) in &cages {
            budget.step()?;
            local.clear();
            local.extend(cells.iter().map(|&cell| cands[cell]));
            let Some(found) = fit(&local, combos) else {
                return Ok(false);
            };
            for &cell in cells {
                let narrowed = cands[cell] & found.any;
                if narrowed.is_empty() {
                    return Ok(false);
                }
                if narrowed != cands[cell] {
                    cands[cell] = narrowed;
                    changed = true;
                }
            }
            for digit in found.all.iter() {
                let mut places = cells.iter().filter(|&&cell| cands[cell].contains(digit));
                if let (Some(&cell), None) = (places.next(), places.next()) {
                    if !cands[cell].is_single() {
                        cands[cell] = DigitSet::single(digit);
                        changed = true;
                    }
                }
            }
        }
        for house in houses {
            budget.step()?;
            if settled(&cands, house) {
                continue;
            }
            for &cell in house {
                let Some(digit) = cands[cell].single_digit() else {
                    continue;
                };
                for &peer in house {
                    if peer != cell && cands[peer].contains(digit) {
                        cands[peer].remove(digit);
                        if cands[peer].is_empty() {
                            return Ok(false);
                        }
                        changed = true;
                    }
                }
            }
            for digit in all.iter() {
                let mut places = house.iter().filter(|&&cell| cands[cell].contains(digit));
                match (places.next(), places.next()) {
                    (None, _) => return Ok(false),
                    (Some(&cell), None) if !cands[cell].is_single() => {
                        cands[cell] = DigitSet::single(digit);
                        changed = true;
                    }
                    _ => {}
                }
            }
        }
        // A digit written leaves the rest of its cage too.
        for &(cells, _) in &cages {
            if settled(&cands, cells) {
                continue;
            }
            for &cell in cells {
                let Some(digit) = cands[cell].single_digit() else {
                    continue;
                };
                for &peer in cells {
                    if peer != cell && cands[peer].contains(digit) {
                        cands[peer].remove(digit);
                        if cands[peer].is_empty() {
                            return Ok(false);
                        }
                        changed = true;
                    }
                }
            }
        }
        if !changed {
            return Ok(cands.iter().all(|cand| cand.is_single()));
        }
    }
}

/// Whether every cell of `cells` holds one digit, each a different one: neither singles nor
/// hidden singles change anything there, and [`easy_fills`] passes over it (its step still
/// counted).
fn settled(cands: &[DigitSet], cells: &[usize]) -> bool {
    let mut digits = DigitSet::EMPTY;
    for &cell in cells {
        if !cands[cell].is_single() {
            return false;
        }
        digits |= cands[cell];
    }
    digits.len() as usize == cells.len()
}

/// The side whose filled grids [`CageGrids::solutions`] tries: 288 of them, few enough to try each.
pub const SMALL_SIDE: usize = 4;

/// A set of filled 4x4 grids, by their index in `FilledGrids::grids`: one bit each.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GridSet([u64; 5]);

impl GridSet {
    /// Every filled 4x4 grid.
    pub fn every() -> GridSet {
        filled_4x4().every
    }

    /// The grids of this set whose digits in `cells` differ and add up to `sum`.
    pub fn fitting(self, cells: &[usize], sum: u32) -> GridSet {
        let mut fitting = GridSet([0; 5]);
        fitting_grids(&filled_4x4().with, cells, sum, 0, self, &mut fitting);
        fitting
    }

    /// The grids in both sets.
    pub fn and(self, other: GridSet) -> GridSet {
        let mut both = self;
        for (word, other) in both.0.iter_mut().zip(other.0) {
            *word &= other;
        }
        both
    }

    /// Whether the set holds exactly one grid.
    pub fn is_single(&self) -> bool {
        self.0.iter().map(|word| word.count_ones()).sum::<u32>() == 1
    }

    /// The grids of the set, at most `limit` of them, in order.
    fn grids(&self, limit: usize) -> Vec<Solution> {
        let filled = filled_4x4();
        let mut solutions = Vec::new();
        for (word, &bits) in self.0.iter().enumerate() {
            let mut bits = bits;
            while bits != 0 && solutions.len() < limit {
                let index = word * 64 + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                solutions.push(Solution {
                    side: SMALL_SIDE,
                    digits: filled.grids[index].to_vec(),
                });
            }
        }
        solutions
    }
}

/// Every filled 4x4 grid (rows, columns and 2x2 boxes holding 1-4), in lexicographic order.
pub fn filled_grids() -> &'static [[u8; 16]] {
    &filled_4x4().grids
}

/// Every filled 4x4 grid (rows, columns and 2x2 boxes holding 1-4), in lexicographic order,
/// and for each cell and digit the set of grids with that digit there.
struct FilledGrids {
    grids: Vec<[u8; 16]>,
    with: [[[u64; 5]; 5]; 16],
    every: GridSet,
}

fn filled_4x4() -> &'static FilledGrids {
    static GRIDS: OnceLock<FilledGrids> = OnceLock::new();
    GRIDS.get_or_init(|| {
        fn fill(cell: usize, grid: &mut [u8; 16], out: &mut Vec<[u8; 16]>) {
            if cell == 16 {
                out.push(*grid);
                return;
            }
            let (row, col) = (cell / 4, cell % 4);
            for digit in 1..=4 {
                let clash = (0..cell).any(|other| {
                    let (r, c) = (other / 4, other % 4);
                    grid[other] == digit
                        && (r == row || c == col || (r / 2 == row / 2 && c / 2 == col / 2))
                });
                if !clash {
                    grid[cell] = digit;
                    fill(cell + 1, grid, out);
                }
            }
        }
        let mut grids = Vec::with_capacity(288);
        fill(0, &mut [0; 16], &mut grids);
        let mut with = [[[0; 5]; 5]; 16];
        for (index, grid) in grids.iter().enumerate() {
            for (cell, &digit) in grid.iter().enumerate() {
                with[cell][usize::from(digit)][index / 64] |= 1 << (index % 64);
            }
        }
        let mut every = [0; 5];
        for index in 0..grids.len() {
            every[index / 64] |= 1 << (index % 64);
        }
        FilledGrids {
            grids,
            with,
            every: GridSet(every),
        }
    })
}

/// The filled 4x4 grids that fit each cage looked at so far, by its cells (a bit each) and
/// sum: a generation's candidates share most of their cages (a merge or reshape changes two),
/// and a puzzle's grids are those that fit each of its cages.
#[derive(Default)]
pub struct CageGrids(FxHashMap<(u16, u32), GridSet>);

impl CageGrids {
    /// The filled grids whose digits in `cells` differ and add up to `sum`.
    pub fn fitting(&mut self, cells: &[usize], sum: u32) -> GridSet {
        let key = cells.iter().fold(0u16, |key, &cell| key | 1 << cell);
        *self
            .0
            .entry((key, sum))
            .or_insert_with(|| GridSet::every().fitting(cells, sum))
    }

    /// The solutions of a 4x4 `puzzle` (usual boxes, no givens), at most `limit` of them: the
    /// filled grids that fit every cage. One budget step per cage.
    pub fn solutions(
        &mut self,
        puzzle: &Puzzle,
        limit: usize,
        budget: &mut Budget,
    ) -> Result<Vec<Solution>, Stop> {
        debug_assert_eq!(puzzle.side(), SMALL_SIDE);
        let mut alive = GridSet::every();
        for cage in puzzle.cages() {
            budget.step()?;
            alive = alive.and(self.fitting(&cage.cells, cage.sum));
        }
        Ok(alive.grids(limit))
    }
}

/// Adds to `out` the grids of `within` whose digits in `cells` differ (none of `used`) and
/// add up to `sum`: each digit that fits the first cell, then the rest.
fn fitting_grids(
    with: &[[[u64; 5]; 5]; 16],
    cells: &[usize],
    sum: u32,
    used: u32,
    within: GridSet,
    out: &mut GridSet,
) {
    let Some((&cell, rest)) = cells.split_first() else {
        if sum == 0 {
            for (out, within) in out.0.iter_mut().zip(within.0) {
                *out |= within;
            }
        }
        return;
    };
    if rest.is_empty() {
        // The last cell can hold only what is left of the sum.
        if (1..=SMALL_SIDE as u32).contains(&sum) && used & 1 << sum == 0 {
            for ((out, within), &with) in out
                .0
                .iter_mut()
                .zip(within.0)
                .zip(&with[cell][sum as usize])
            {
                *out |= within & with;
            }
        }
        return;
    }
    for digit in 1..=SMALL_SIDE as u32 {
        if digit > sum || used & 1 << digit != 0 {
            continue;
        }
        let mut narrowed = within;
        for (narrowed, &with) in narrowed.0.iter_mut().zip(&with[cell][digit as usize]) {
            *narrowed &= with;
        }
        if narrowed.0.iter().any(|&word| word != 0) {
            fitting_grids(with, rest, sum - digit, used | 1 << digit, narrowed, out);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::Level;
    use crate::genres::killer_sudoku::rate::rate;
    use crate::genres::killer_sudoku::solve::solve_puzzle;
    use crate::genres::killer_sudoku::{format, Cage};

    /// Every 4x4 layout of one grid's cells by rows and by pairs, each against the exact
    /// solver and the rater: the grid count agrees with the solver's, and a grid the screen
    /// fills is one the rater rates easy.
    #[test]
    fn the_screens_agree_with_the_solver_and_the_rater() {
        let grid = filled_4x4().grids[37];
        let mut checked = 0;
        // Cages of two neighbouring cells along rows or columns, mixed by a mask.
        for mask in 0u32..256 {
            let mut groups: Vec<Vec<usize>> = Vec::new();
            for pair in 0..8 {
                let (row, col) = (pair / 2, pair % 2 * 2);
                let first = row * 4 + col;
                if mask >> pair & 1 == 1 {
                    groups.push(vec![first, first + 1]);
                } else {
                    groups.push(vec![first]);
                    groups.push(vec![first + 1]);
                }
            }
            let cages = groups
                .into_iter()
                .map(|cells| Cage {
                    sum: cells.iter().map(|&cell| u32::from(grid[cell])).sum(),
                    cells,
                })
                .collect();
            let puzzle = Puzzle::new(4, None, cages, Vec::new()).expect("cages of a grid");
            let exact = solve_puzzle(&puzzle, 2, &mut Budget::new(10_000_000));
            let found = CageGrids::default()
                .solutions(&puzzle, 2, &mut Budget::new(10_000_000))
                .expect("budget");
            assert_eq!(
                found.len(),
                exact.solutions.len(),
                "{}",
                format::to_id(&puzzle)
            );
            let houses = puzzle.houses();
            if easy_fills(&puzzle, &houses, &mut Budget::new(10_000)).expect("budget") {
                checked += 1;
                assert!(exact.unique());
                let rating = rate(&puzzle, &mut Budget::new(10_000_000));
                assert_eq!(
                    rating.level(),
                    Some(Level::Easy),
                    "{}",
                    format::to_id(&puzzle)
                );
            }
        }
        assert!(checked > 0);
    }
}
