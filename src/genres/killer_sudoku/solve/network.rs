//! The constraints the exact solver narrows, built once per puzzle: the houses, the cages, the
//! box-line overlaps, and the sums the rule of 45 derives over unions of houses.
//!
//! A region is a house or a union of houses: consecutive rows, consecutive columns, or
//! neighbouring boxes of one band or stack. Its digits add up to `1 + ... + N` per house, so
//! for the cages it meets:
//! - *innies*: its cells outside the cages lying wholly inside it add up to its total less
//!   those cages' sums;
//! - *outies*: the cells outside it of the cages meeting it add up to those cages' sums less
//!   its total;
//! - *innies and outies*: taking the cages with more than half of their cells inside it, the
//!   cells of those cages outside it less its cells outside those cages make up those cages'
//!   sums less its total (the human "innie-outie difference").
//!
//! Each derived sum with few cells becomes a constraint: a sum group when its cells pairwise
//! share a house (so their digits differ, as a cage's do), else a linear sum of parts, each
//! part cells of one house. The same cells with the same signs are kept once.

use std::collections::HashSet;

use crate::core::DigitSet;

use crate::genres::killer_sudoku::model::Puzzle;
use crate::genres::sum_grid::combos::combos_up_to;

/// Which derived sums the network keeps, by their number of cells.
#[derive(Clone, Copy, Debug)]
pub(super) struct Limits {
    /// The most cells a derived sum of innies or of outies may have.
    pub derived: usize,
    /// The most cells an innie-and-outie difference may have.
    pub mixed: usize,
}

/// The generator's network: larger groups cost more to narrow than they save, and beyond
/// six cells a difference's bounds rarely narrow anything (the limit Interactive-Sudoku-
/// Solver's optimizer also keeps); measured on the published puzzles, whose counts decided
/// within the default budget these limits gave (docs/benchmarks-killer.md). The generated
/// puzzles' steps depend on them.
pub(super) const GENERATOR_LIMITS: Limits = Limits {
    derived: 7,
    mixed: 6,
};

/// The solver's network, where more sum groups are matched to their cells: smaller derived
/// sums. On the hardest published puzzles the tree came out smaller as well as each node
/// cheaper (docs/benchmarks-killer.md, "The second search's network").
pub(super) const SOLVER_LIMITS: Limits = Limits {
    derived: 5,
    mixed: 5,
};

/// One constraint of the network.
#[derive(Clone, Debug)]
pub(super) enum Constraint {
    /// A row, column or box: every digit once.
    House { cells: Vec<usize> },
    /// Cells whose digits differ and add up to a sum.
    Sum(SumGroup),
    /// Cells of one or more houses with a signed sum.
    Linear(Linear),
}

/// A sum group: a cage, or a derived sum over cells that pairwise share a house.
#[derive(Clone, Debug)]
pub(super) struct SumGroup {
    /// Its cells, in reading order.
    pub cells: Vec<usize>,
    /// Every set of digits of its length adding up to its sum.
    pub combos: &'static [DigitSet],
    /// The houses holding two or more of its cells.
    pub houses: Vec<HouseLink>,
}

/// A house holding some of a sum group's cells.
#[derive(Clone, Debug)]
pub(super) struct HouseLink {
    /// Which of the group's cells it holds: bit `i` for `cells[i]`.
    pub inside: u32,
    /// Its other cells.
    pub outside: Vec<usize>,
}

/// Parts adding up to a total, each part's cells in one house (so their digits differ), a
/// negative part subtracted.
#[derive(Clone, Debug)]
pub(super) struct Linear {
    pub parts: Vec<Part>,
    pub total: i32,
}

/// Cells of one house, added or subtracted.
#[derive(Clone, Debug)]
pub(super) struct Part {
    pub cells: Vec<usize>,
    pub negative: bool,
}

impl Constraint {
    /// Whether it is a row, column or box (whose narrowing costs no budget step).
    pub(super) fn is_house(&self) -> bool {
        matches!(self, Constraint::House { .. })
    }

    /// The cells whose changes make it worth narrowing again.
    pub(super) fn watched(&self) -> Vec<usize> {
        match self {
            Constraint::House { cells } => cells.clone(),
            Constraint::Sum(group) => group.cells.clone(),
            Constraint::Linear(linear) => linear
                .parts
                .iter()
                .flat_map(|part| part.cells.iter().copied())
                .collect(),
        }
    }
}

/// The constraints of a puzzle and, for each cell, the constraints watching it.
pub(super) struct Network {
    pub constraints: Vec<Constraint>,
    pub watchers: Watchers,
}

/// For each cell, the constraints to narrow again when its candidates change: `any` on every
/// change, `bounds` (the linear sums, which reason on the smallest and largest digits) when
/// its smallest or largest candidate changes.
pub(super) struct Watchers {
    pub any: Vec<Vec<u32>>,
    pub bounds: Vec<Vec<u32>>,
}

impl Watchers {
    /// The constraints watching `cell`.
    pub(super) fn of(&self, cell: usize) -> impl Iterator<Item = usize> + '_ {
        self.any[cell]
            .iter()
            .chain(&self.bounds[cell])
            .map(|&constraint| constraint as usize)
    }
}

impl Network {
    pub(super) fn of(puzzle: &Puzzle, limits: Limits) -> Network {
        let mut builder = Builder::new(puzzle, limits);
        builder.houses();
        for cage in puzzle.cages() {
            let mut cells = cage.cells.clone();
            cells.sort_unstable();
            builder.seen.insert((cells, Vec::new()));
        }
        for cage in puzzle.cages() {
            builder.push_sum(cage.cells.clone(), i64::from(cage.sum));
        }
        for (cells, houses) in regions(puzzle) {
            builder.derive(&cells, houses);
        }
        let cells = puzzle.side() * puzzle.side();
        let mut watchers = Watchers {
            any: vec![Vec::new(); cells],
            bounds: vec![Vec::new(); cells],
        };
        for (index, constraint) in builder.constraints.iter().enumerate() {
            let list = match constraint {
                Constraint::Linear(_) => &mut watchers.bounds,
                _ => &mut watchers.any,
            };
            for cell in constraint.watched() {
                list[cell].push(index as u32);
            }
        }
        Network {
            constraints: builder.constraints,
            watchers,
        }
    }
}

/// The regions of the rule of 45 (see the module documentation): each with its cells and the
/// number of houses it is made of.
fn regions(puzzle: &Puzzle) -> Vec<(Vec<usize>, usize)> {
    let side = puzzle.side();
    let (box_rows, box_cols) = puzzle.box_shape();
    let rows = |from: usize, to: usize| -> Vec<usize> { (from * side..to * side).collect() };
    let cols = |from: usize, to: usize| -> Vec<usize> {
        (0..side * side)
            .filter(|cell| (from..to).contains(&(cell % side)))
            .collect()
    };
    let mut regions = Vec::new();
    for len in 1..side {
        for from in 0..=side - len {
            regions.push((rows(from, from + len), len));
            regions.push((cols(from, from + len), len));
        }
    }
    // Boxes, and runs of neighbouring boxes in a band or a stack (a whole band or stack is
    // a run of rows or columns, already there).
    let (bands, stacks) = (side / box_rows, side / box_cols);
    let boxes = |band: usize, stack: usize| -> Vec<usize> {
        (0..side * side)
            .filter(|&cell| cell / side / box_rows == band && cell % side / box_cols == stack)
            .collect()
    };
    for band in 0..bands {
        for stack in 0..stacks {
            regions.push((boxes(band, stack), 1));
        }
    }
    for band in 0..bands {
        for len in 2..stacks {
            for from in 0..=stacks - len {
                let mut cells: Vec<usize> =
                    (from..from + len).flat_map(|s| boxes(band, s)).collect();
                cells.sort_unstable();
                regions.push((cells, len));
            }
        }
    }
    for stack in 0..stacks {
        for len in 2..bands {
            for from in 0..=bands - len {
                let mut cells: Vec<usize> =
                    (from..from + len).flat_map(|b| boxes(b, stack)).collect();
                cells.sort_unstable();
                regions.push((cells, len));
            }
        }
    }
    regions
}

struct Builder<'a> {
    puzzle: &'a Puzzle,
    side: usize,
    houses: Vec<Vec<usize>>,
    /// The houses of each cell: row, column, box.
    houses_of: Vec<[usize; 3]>,
    constraints: Vec<Constraint>,
    /// The sums kept so far (and the cages): added cells and subtracted cells, sorted.
    seen: HashSet<(Vec<usize>, Vec<usize>)>,
    limits: Limits,
}

impl<'a> Builder<'a> {
    fn new(puzzle: &'a Puzzle, limits: Limits) -> Builder<'a> {
        let side = puzzle.side();
        let houses = puzzle.houses();
        let mut houses_of = vec![[0; 3]; side * side];
        for (index, house) in houses.iter().enumerate() {
            for &cell in house {
                houses_of[cell][index / side] = index;
            }
        }
        Builder {
            puzzle,
            side,
            houses,
            houses_of,
            constraints: Vec::new(),
            seen: HashSet::new(),
            limits,
        }
    }

    fn houses(&mut self) {
        for house in &self.houses {
            self.constraints.push(Constraint::House {
                cells: house.clone(),
            });
        }
    }

    /// Whether every two of `cells` share a row, a column or a box.
    fn pairwise_distinct(&self, cells: &[usize]) -> bool {
        cells.iter().enumerate().all(|(i, &a)| {
            cells[i + 1..].iter().all(|&b| {
                let (ha, hb) = (self.houses_of[a], self.houses_of[b]);
                ha[0] == hb[0] || ha[1] == hb[1] || ha[2] == hb[2]
            })
        })
    }

    /// A sum group over `cells`, whose digits differ.
    fn push_sum(&mut self, cells: Vec<usize>, sum: i64) {
        let combos =
            u32::try_from(sum).map_or(&[][..], |sum| combos_up_to(self.side, cells.len(), sum));
        let mut houses = Vec::new();
        let mut met: Vec<usize> = cells
            .iter()
            .flat_map(|&cell| self.houses_of[cell])
            .collect();
        met.sort_unstable();
        met.dedup();
        for house in met {
            let inside = cells
                .iter()
                .enumerate()
                .filter(|(_, &cell)| self.houses_of[cell].contains(&house))
                .fold(0u32, |bits, (i, _)| bits | 1 << i);
            if inside.count_ones() >= 2 {
                let outside = self.houses[house]
                    .iter()
                    .copied()
                    .filter(|cell| !cells.contains(cell))
                    .collect();
                houses.push(HouseLink { inside, outside });
            }
        }
        self.constraints.push(Constraint::Sum(SumGroup {
            cells,
            combos,
            houses,
        }));
    }

    /// `added` less `subtracted` make up `total`: kept once, as a sum group when nothing is
    /// subtracted and the cells' digits differ, else as a linear sum.
    fn push_derived(&mut self, mut added: Vec<usize>, mut subtracted: Vec<usize>, total: i64) {
        if added.is_empty() && subtracted.is_empty() {
            return;
        }
        let mut total = total;
        if added.is_empty() {
            std::mem::swap(&mut added, &mut subtracted);
            total = -total;
        }
        added.sort_unstable();
        subtracted.sort_unstable();
        if !self.seen.insert((added.clone(), subtracted.clone())) {
            return;
        }
        if subtracted.is_empty() && self.pairwise_distinct(&added) {
            self.push_sum(added, total);
            return;
        }
        let mut parts = self.parts(&added, false);
        parts.extend(self.parts(&subtracted, true));
        let Ok(total) = i32::try_from(total) else {
            return;
        };
        self.constraints
            .push(Constraint::Linear(Linear { parts, total }));
    }

    /// `cells` split into parts each within one house: the house holding most of the cells
    /// left first.
    fn parts(&self, cells: &[usize], negative: bool) -> Vec<Part> {
        let mut left: Vec<usize> = cells.to_vec();
        let mut parts = Vec::new();
        let mut count = vec![0usize; self.houses.len()];
        while !left.is_empty() {
            count.fill(0);
            for &cell in &left {
                for house in self.houses_of[cell] {
                    count[house] += 1;
                }
            }
            // The first house of most cells.
            let best = (0..count.len())
                .rev()
                .max_by_key(|&house| count[house])
                .expect("a grid has houses");
            let (part, rest): (Vec<usize>, Vec<usize>) = left
                .iter()
                .partition(|&&cell| self.houses_of[cell].contains(&best));
            parts.push(Part {
                cells: part,
                negative,
            });
            left = rest;
        }
        parts
    }

    /// The sums the rule of 45 gives over a region of `houses` houses (module documentation).
    fn derive(&mut self, region: &[usize], houses: usize) {
        let side = self.side;
        let mut inside = vec![false; side * side];
        for &cell in region {
            inside[cell] = true;
        }
        let total = (side * (side + 1) / 2 * houses) as i64;
        let puzzle = self.puzzle;
        let mut touched: Vec<usize> = region.iter().map(|&cell| puzzle.cage_of(cell)).collect();
        touched.sort_unstable();
        touched.dedup();
        let (mut whole_sum, mut touched_sum, mut most_sum) = (0i64, 0i64, 0i64);
        let mut in_whole = vec![false; side * side];
        let mut in_most = vec![false; side * side];
        let mut outies = Vec::new();
        for &index in &touched {
            let cage = &puzzle.cages()[index];
            let within = cage.cells.iter().filter(|&&cell| inside[cell]).count();
            touched_sum += i64::from(cage.sum);
            outies.extend(cage.cells.iter().filter(|&&cell| !inside[cell]));
            if within == cage.cells.len() {
                whole_sum += i64::from(cage.sum);
                for &cell in &cage.cells {
                    in_whole[cell] = true;
                }
            }
            if 2 * within > cage.cells.len() {
                most_sum += i64::from(cage.sum);
                for &cell in &cage.cells {
                    in_most[cell] = true;
                }
            }
        }
        let innies: Vec<usize> = region
            .iter()
            .copied()
            .filter(|&cell| !in_whole[cell])
            .collect();
        let most = self.limits.derived.min(side);
        if !innies.is_empty() && innies.len() <= most {
            self.push_derived(innies.clone(), Vec::new(), total - whole_sum);
        }
        if !outies.is_empty() && outies.len() <= most {
            self.push_derived(outies, Vec::new(), touched_sum - total);
        }
        // Each cage sticking out of the region by few cells, alone: the cells it has outside
        // less the innies outside it.
        for &index in &touched {
            let cage = &puzzle.cages()[index];
            let out: Vec<usize> = cage
                .cells
                .iter()
                .copied()
                .filter(|&cell| !inside[cell])
                .collect();
            if out.is_empty() || out.len() == cage.cells.len() {
                continue;
            }
            let rest: Vec<usize> = innies
                .iter()
                .copied()
                .filter(|cell| !cage.cells.contains(cell))
                .collect();
            if !rest.is_empty() && rest.len() + out.len() <= self.limits.mixed {
                self.push_derived(out, rest, i64::from(cage.sum) + whole_sum - total);
            }
        }
        let left_in: Vec<usize> = region
            .iter()
            .copied()
            .filter(|&cell| !in_most[cell])
            .collect();
        let sticking_out: Vec<usize> = (0..side * side)
            .filter(|&cell| in_most[cell] && !inside[cell])
            .collect();
        if !left_in.is_empty()
            && !sticking_out.is_empty()
            && left_in.len() + sticking_out.len() <= self.limits.mixed
        {
            self.push_derived(sticking_out, left_in, most_sum - total);
        }
    }
}
