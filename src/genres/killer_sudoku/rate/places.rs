//! The places the killer-human techniques look at: the houses, the cages and the sum groups of
//! the rule of 45 (innies and outies of a region; the order in the `rate` module's doc), and
//! the enumeration that narrows a sum group whose cells need not differ.

use crate::core::DigitSet;

use crate::genres::killer_sudoku::model::Puzzle;
use crate::genres::killer_sudoku::solve::share_house;
use crate::genres::sum_grid::combos::combos_up_to;

/// The most cells of a sum group whose digits need not differ (the rule of 45 over several
/// houses) that the rater narrows, by enumerating their digits.
pub const ENUMERATED_CELLS: usize = 4;

/// What a place is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum PlaceKind {
    /// A row, column or box: every digit once.
    House,
    /// A cage, by index.
    Cage(usize),
    /// A sum group of the rule of 45 over `houses` houses (1 for one house), its innies or
    /// outies; `distinct` when its cells share a house.
    Sum45 {
        houses: usize,
        innies: bool,
        distinct: bool,
    },
}

/// A place techniques look at: its cells (in reading order), what it is, and for a sum group
/// its sum and the region it came from.
#[derive(Clone, Debug)]
pub(crate) struct Place {
    pub cells: Vec<usize>,
    pub kind: PlaceKind,
    pub sum: u32,
    pub combos: &'static [DigitSet],
    /// A sum group's region: its cells.
    pub region: Vec<usize>,
}

/// The places of `puzzle`: houses, cages, then the rule of 45's sum groups (see the module
/// documentation).
pub(crate) fn places(puzzle: &Puzzle) -> Vec<Place> {
    let side = puzzle.side();
    let total = (side * (side + 1) / 2) as u32;
    let mut places: Vec<Place> = puzzle
        .houses()
        .into_iter()
        .map(|cells| Place {
            cells,
            kind: PlaceKind::House,
            sum: total,
            combos: &[],
            region: Vec::new(),
        })
        .collect();
    for (index, cage) in puzzle.cages().iter().enumerate() {
        places.push(Place {
            cells: cage.cells.clone(),
            kind: PlaceKind::Cage(index),
            sum: cage.sum,
            combos: combos_up_to(side, cage.cells.len(), cage.sum),
            region: Vec::new(),
        });
    }
    let mut regions: Vec<(usize, Vec<usize>)> = puzzle
        .houses()
        .into_iter()
        .map(|cells| (1, cells))
        .collect();
    // Bands of 2 to side - 1 neighbouring rows, and of columns.
    for width in 2..side {
        for start in 0..=side - width {
            let rows = (start * side..(start + width) * side).collect();
            let mut cols: Vec<usize> = (0..side * side)
                .filter(|cell| (start..start + width).contains(&(cell % side)))
                .collect();
            cols.sort_unstable();
            regions.push((width, rows));
            regions.push((width, cols));
        }
    }
    let mut seen: Vec<Vec<usize>> = Vec::new();
    for (houses, region) in regions {
        for (cells, sum, innies) in innies_outies(puzzle, &region) {
            if cells.is_empty() || seen.contains(&cells) {
                continue;
            }
            let distinct = share_house(puzzle, &cells);
            if cells.len() >= side || (!distinct && cells.len() > ENUMERATED_CELLS) {
                continue;
            }
            let combos = if distinct {
                combos_up_to(side, cells.len(), sum)
            } else {
                &[]
            };
            seen.push(cells.clone());
            places.push(Place {
                cells,
                kind: PlaceKind::Sum45 {
                    houses,
                    innies,
                    distinct,
                },
                sum,
                combos,
                region: region.clone(),
            });
        }
    }
    places
}

/// A region's innies and outies with their sums (`true` for the innies).
fn innies_outies(puzzle: &Puzzle, region: &[usize]) -> Vec<(Vec<usize>, u32, bool)> {
    let side = puzzle.side();
    let houses = region.len() / side;
    let total = (houses * side * (side + 1) / 2) as i64;
    let mut inside = vec![false; side * side];
    for &cell in region {
        inside[cell] = true;
    }
    let mut touched: Vec<usize> = region.iter().map(|&cell| puzzle.cage_of(cell)).collect();
    touched.sort_unstable();
    touched.dedup();
    let (mut inner_sum, mut over_sum) = (0i64, 0i64);
    let (mut innies, mut outies) = (Vec::new(), Vec::new());
    for &index in &touched {
        let cage = &puzzle.cages()[index];
        if cage.cells.iter().all(|&cell| inside[cell]) {
            inner_sum += i64::from(cage.sum);
        } else {
            over_sum += i64::from(cage.sum);
            innies.extend(cage.cells.iter().copied().filter(|&cell| inside[cell]));
            outies.extend(cage.cells.iter().copied().filter(|&cell| !inside[cell]));
        }
    }
    innies.sort_unstable();
    outies.sort_unstable();
    let mut found = Vec::new();
    if let Ok(sum) = u32::try_from(total - inner_sum) {
        found.push((innies, sum, true));
    }
    if let Ok(sum) = u32::try_from(over_sum + inner_sum - total) {
        found.push((outies, sum, false));
    }
    found
}

/// The digits of `cells` (at most [`ENUMERATED_CELLS`], not necessarily different) that some
/// choice adding up to `sum` uses, each cell one of its candidates and cells that share a
/// house (`peers`) different. `None` when no choice adds up.
pub(crate) fn enumerate_sum(
    cands: &[DigitSet],
    cells: &[usize],
    sum: u32,
    peers: impl Fn(usize, usize) -> bool,
) -> Option<Vec<DigitSet>> {
    fn walk(
        index: usize,
        left: i64,
        cands: &[DigitSet],
        cells: &[usize],
        peers: &dyn Fn(usize, usize) -> bool,
        chosen: &mut Vec<u8>,
        used: &mut [DigitSet],
    ) -> bool {
        if index == cells.len() {
            if left != 0 {
                return false;
            }
            for (slot, &digit) in used.iter_mut().zip(chosen.iter()) {
                slot.insert(digit);
            }
            return true;
        }
        let rest: i64 = cells[index + 1..]
            .iter()
            .map(|&cell| i64::from(cands[cell].smallest().unwrap_or(0)))
            .sum();
        let rest_high: i64 = cells[index + 1..]
            .iter()
            .map(|&cell| i64::from(cands[cell].largest().unwrap_or(0)))
            .sum();
        let mut any = false;
        for digit in cands[cells[index]].iter() {
            let after = left - i64::from(digit);
            if after < rest || after > rest_high {
                continue;
            }
            let clash = (0..index).any(|j| chosen[j] == digit && peers(cells[j], cells[index]));
            if clash {
                continue;
            }
            chosen.push(digit);
            any |= walk(index + 1, after, cands, cells, peers, chosen, used);
            chosen.pop();
        }
        any
    }
    let mut used = vec![DigitSet::EMPTY; cells.len()];
    let found = walk(
        0,
        i64::from(sum),
        cands,
        cells,
        &peers,
        &mut Vec::with_capacity(cells.len()),
        &mut used,
    );
    found.then_some(used)
}
