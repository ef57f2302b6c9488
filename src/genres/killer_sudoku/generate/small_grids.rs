//! The kinds of filled 4x4 grid, and the few that hold expert puzzles.
//!
//! Two filled grids are of a kind when one becomes the other by turning the square, mirroring
//! it, or the digits' complement d -> 5 - d. Each of these moves maps the cage layouts of one
//! grid onto those of the other (cages stay connected, sums become sums) and keeps the rules,
//! so a layout and its image have the same solutions; the rater reads cells in an order the
//! moves do not keep, yet rating every layout of every grid found each grid's counts by level
//! the same as its kind's first grid's. The 288 filled grids fall into 27 kinds. Every cage
//! layout the generator could make of every one of the 288 (`examples/killer_4x4_levels.rs
//! --all`, in `docs/benchmarks-killer.md`) rates expert under `killer-human` 1 on 80 grids
//! only, the six kinds of [`EXPERT_KINDS`]:
//! 800 expert puzzles in all, of some thirty million unique layouts. So a 4x4 expert is
//! looked for on those grids only (generator version 4): the puzzles it can make are the
//! same, and the candidates drawn on the other grids, which could never reach the level, are
//! not made. (The generator's fill makes 96 of the 288 grids, 32 of them of these kinds:
//! `tests::the_fill_makes_a_third_of_the_grids`.)

use std::collections::BTreeMap;

use crate::core::{Budget, Level, Rating};

use super::grid::neighbours;
use super::screen::{easy_fills, CageGrids, GridSet};
use crate::genres::killer_sudoku::model::{Cage, Puzzle};

/// The cells of a 4x4 grid.
const CELLS: usize = 16;

/// A filled 4x4 grid, row by row.
pub type SmallGrid = [u8; CELLS];

/// The kinds whose grids hold expert layouts under `killer-human` 1, each by its first grid in
/// lexicographic order ([`kind_of`]). `tests::the_expert_kinds_are_those_holding_expert_layouts`
/// checks the list against every layout of each kind.
pub const EXPERT_KINDS: [SmallGrid; 6] = [
    grid(b"1234341223414123"),
    grid(b"1234342121434312"),
    grid(b"1243431221343421"),
    grid(b"1243432121343412"),
    grid(b"1342421331242431"),
    grid(b"1342423131242413"),
];

/// The grid written as 16 digits.
const fn grid(digits: &[u8; CELLS]) -> SmallGrid {
    let mut grid = [0; CELLS];
    let mut cell = 0;
    while cell < CELLS {
        grid[cell] = digits[cell] - b'0';
        cell += 1;
    }
    grid
}

/// The images of `grid` under the moves that keep a kind: 4 turns, with or without mirroring,
/// with or without the digits' complement (some may coincide).
pub fn images(grid: &SmallGrid) -> impl Iterator<Item = SmallGrid> + '_ {
    (0..16).map(move |moves: u32| {
        let (turns, mirror, complement) = (moves % 4, moves & 4 != 0, moves & 8 != 0);
        let mut image = [0; CELLS];
        for (cell, slot) in image.iter_mut().enumerate() {
            let (mut row, mut col) = (cell / 4, cell % 4);
            if mirror {
                (row, col) = (col, row);
            }
            for _ in 0..turns {
                (row, col) = (col, 3 - row);
            }
            let digit = grid[row * 4 + col];
            *slot = if complement { 5 - digit } else { digit };
        }
        image
    })
}

/// The kind of `grid`: the least of its images, each read as 16 digits row by row (the kind's
/// first grid in lexicographic order).
pub fn kind_of(grid: &SmallGrid) -> SmallGrid {
    images(grid).min().expect("a grid is its own image")
}

/// Whether cage layouts of `digits` (a filled 4x4 grid) can rate expert.
pub fn holds_expert(digits: &[u8]) -> bool {
    let Ok(grid) = SmallGrid::try_from(digits) else {
        return false;
    };
    EXPERT_KINDS.contains(&kind_of(&grid))
}

/// What every cage layout of one grid rates: how many layouts, how many have one solution, and
/// those by level.
#[derive(Debug, Default)]
pub struct LayoutLevels {
    /// The cage layouts of the grid.
    pub layouts: u64,
    /// Those with one solution.
    pub unique: u64,
    /// Those with one solution, by the level they rate at.
    pub levels: BTreeMap<Level, u64>,
}

/// Rates every cage layout the generator could make of `grid` (orthogonally connected cages,
/// the digits of a cage different) with `rate`. A layout's solutions are the filled grids that
/// fit each of its cages (as [`CageGrids::solutions`] counts them, which the exact solver
/// agrees with), and a unique layout the easy screen fills is easy (which the rater agrees
/// with: both in `screen`'s tests); `rate` rates the rest. About 0.25 s of CPU a grid.
pub fn rate_layouts(
    grid: &SmallGrid,
    rate: impl Fn(&Puzzle, &mut Budget) -> Rating,
) -> LayoutLevels {
    let mut found = LayoutLevels::default();
    let mut grids = CageGrids::default();
    let mut houses = Vec::new();
    each_layout(grid, (1 << CELLS) - 1, &mut Vec::new(), &mut |layout| {
        found.layouts += 1;
        let cages: Vec<Cage> = layout
            .iter()
            .map(|&cage| {
                let cells: Vec<usize> = (0..CELLS).filter(|&cell| cage >> cell & 1 == 1).collect();
                let sum = cells.iter().map(|&cell| u32::from(grid[cell])).sum();
                Cage { sum, cells }
            })
            .collect();
        let alive = cages.iter().fold(GridSet::every(), |alive, cage| {
            alive.and(grids.fitting(&cage.cells, cage.sum))
        });
        if !alive.is_single() {
            return;
        }
        found.unique += 1;
        let puzzle = Puzzle::new(4, None, cages, Vec::new()).expect("cages of a filled grid");
        if houses.is_empty() {
            houses = puzzle.houses();
        }
        let easy = easy_fills(&puzzle, &houses, &mut Budget::new(1_000_000)).expect("budget");
        let level = if easy {
            Level::Easy
        } else {
            rate(&puzzle, &mut Budget::new(50_000_000))
                .level()
                .expect("a 4x4 rating finishes within the budget")
        };
        *found.levels.entry(level).or_default() += 1;
    });
    found
}

/// Calls `found` with every split of the cells of `free` (a bit set) into cages, `cages`
/// holding those chosen so far: the cage of the first free cell, each way it can be, then
/// the rest.
fn each_layout(grid: &SmallGrid, free: u32, cages: &mut Vec<u32>, found: &mut dyn FnMut(&[u32])) {
    if free == 0 {
        found(cages);
        return;
    }
    let first = free.trailing_zeros() as usize;
    for cage in cages_from(grid, first, free) {
        cages.push(cage);
        each_layout(grid, free & !cage, cages, found);
        cages.pop();
    }
}

/// The cages (bit sets) of cells of `free` that hold `first` and no free cell before it, are
/// orthogonally connected, and whose digits differ (so at most 4 cells), each once.
fn cages_from(grid: &SmallGrid, first: usize, free: u32) -> Vec<u32> {
    let digits = |cage: u32| {
        (0..CELLS)
            .filter(|&cell| cage >> cell & 1 == 1)
            .fold(0u32, |held, cell| held | 1 << grid[cell])
    };
    let mut all = vec![1u32 << first];
    let mut last = all.clone();
    while !last.is_empty() {
        let mut grown = Vec::new();
        for &cage in &last {
            let held = digits(cage);
            for cell in (0..CELLS).filter(|&cell| cage >> cell & 1 == 1) {
                for next in neighbours(4, cell) {
                    let bit = 1u32 << next;
                    if next > first
                        && free & bit != 0
                        && cage & bit == 0
                        && held & 1 << grid[next] == 0
                        && !all.contains(&(cage | bit))
                        && !grown.contains(&(cage | bit))
                    {
                        grown.push(cage | bit);
                    }
                }
            }
        }
        all.extend(grown.iter().copied());
        last = grown;
    }
    all
}

#[cfg(test)]
mod tests;
