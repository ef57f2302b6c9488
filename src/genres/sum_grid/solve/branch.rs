//! Where the search branches: the open cell with the fewest candidates, ties going to the
//! cell whose runs are nearest to settled (the plain search's choice,
//! [`Strategy::FewestCandidates`]), found by scans cheap enough to run at every node.
//!
//! [`Strategy::FewestCandidates`]: crate::core::search::Strategy::FewestCandidates

use crate::core::DigitSet;
use crate::genres::sum_grid::layout::Layout;

/// The open cell with the fewest candidates; among those, the one whose runs have the
/// fewest open cells (it settles soonest), the first of equals, except that the first cell
/// with 2 candidates and at most 2 open cells in its runs is taken at once. None when every
/// cell is fixed.
///
/// The fewest candidates are found first, so that the open cells of runs are counted for
/// the cells that have them only. This is the choice a single scan keeping the best so far
/// (and stopping at such a cell) makes: that scan's best is the least (candidates, open
/// cells) seen, and the first cell with 2 candidates and at most 2 open cells is always
/// better than the best before it (one before it as good would have stopped the scan).
pub(super) fn branch_cell(layout: &Layout, cands: &[DigitSet]) -> Option<usize> {
    let count = |set: &DigitSet| DIGIT_COUNTS[usize::from(set.bits())];
    let (fewest, first) = fewest_open(cands)?;
    let mut best: Option<(usize, usize)> = None;
    for (cell, set) in cands.iter().enumerate().skip(first) {
        if count(set) != fewest {
            continue;
        }
        let open = open_cells_of_runs(layout, cands, cell);
        if fewest == 2 && open <= 2 {
            return Some(cell);
        }
        if best.is_none_or(|(best_open, _)| open < best_open) {
            best = Some((open, cell));
        }
    }
    best.map(|(_, cell)| cell)
}

/// The open cells of `cell`'s runs, counted once per run.
fn open_cells_of_runs(layout: &Layout, cands: &[DigitSet], cell: usize) -> usize {
    layout
        .runs_of(cell)
        .map(|run| {
            layout.runs[run]
                .cells
                .iter()
                .filter(|&&c| !cands[c as usize].is_single())
                .count()
        })
        .sum()
}

/// The fewest candidates of an open cell and the first cell with them; None when every cell
/// is fixed. No open cell has fewer than 2, so the first cell of 2 is the answer when there is
/// one. The cells are looked at in blocks, each tested without a branch per cell (the search
/// asks at every node, and a scan of one cell at a time cost a tenth of a generation).
fn fewest_open(cands: &[DigitSet]) -> Option<(u8, usize)> {
    const BLOCK: usize = 16;
    let is_pair = |set: &DigitSet| {
        let bits = set.bits();
        let rest = bits & bits.wrapping_sub(1);
        rest != 0 && rest & rest.wrapping_sub(1) == 0
    };
    for (block, sets) in cands.chunks(BLOCK).enumerate() {
        if sets.iter().fold(false, |any, set| any | is_pair(set)) {
            let offset = sets.iter().position(is_pair)?;
            return Some((2, block * BLOCK + offset));
        }
    }
    // No cell of 2: the fewest over the open cells (a fixed or empty cell counts as 16).
    let open_count = |set: &DigitSet| {
        let n = bit_count(set.bits());
        if n > 1 {
            n
        } else {
            16
        }
    };
    let least = cands.iter().map(open_count).fold(16, u16::min);
    let cell = cands.iter().position(|set| open_count(set) == least)?;
    (least < 16).then_some((least as u8, cell))
}

/// The set bits of a digit set's bits, counted without a branch or a table (so that a scan
/// over many cells can count several at once).
#[inline]
fn bit_count(bits: u16) -> u16 {
    let pairs = bits - ((bits >> 1) & 0x5555);
    let nibbles = (pairs & 0x3333) + ((pairs >> 2) & 0x3333);
    let bytes = (nibbles + (nibbles >> 4)) & 0x0f0f;
    (bytes + (bytes >> 8)) & 0x1f
}

/// The number of digits in each digit set, by its bits: the branch choice counts every cell's
/// candidates at every node, and a table is cheaper than counting bits without the
/// instruction for it (the baseline x86-64 target has none).
const DIGIT_COUNTS: [u8; 512] = {
    let mut counts = [0u8; 512];
    let mut bits = 1;
    while bits < 512 {
        counts[bits] = counts[bits & (bits - 1)] + 1;
        bits += 1;
    }
    counts
};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::SeededRng;
    use crate::genres::sum_grid::testing::random_layout;
    use crate::Shape;

    /// The branch choice as one scan keeping the best so far, the way it was first written.
    fn branch_cell_by_one_scan(layout: &Layout, cands: &[DigitSet]) -> Option<usize> {
        let mut best: Option<(u32, usize, usize)> = None;
        for (cell, set) in cands.iter().enumerate() {
            let count = set.len();
            if count <= 1 || best.is_some_and(|(best_count, _, _)| count > best_count) {
                continue;
            }
            let open = open_cells_of_runs(layout, cands, cell);
            let better = match best {
                None => true,
                Some((best_count, best_open, _)) => count < best_count || open < best_open,
            };
            if better {
                best = Some((count, open, cell));
                if count == 2 && open <= 2 {
                    break;
                }
            }
        }
        best.map(|(_, _, cell)| cell)
    }

    /// The fewest candidates of an open cell as one scan finds them, the way it was first
    /// written.
    fn fewest_open_by_one_scan(cands: &[DigitSet]) -> Option<(u8, usize)> {
        let mut fewest: Option<(u8, usize)> = None;
        for (cell, set) in cands.iter().enumerate() {
            let n = set.len() as u8;
            if n > 1 && fewest.is_none_or(|(least, _)| n < least) {
                fewest = Some((n, cell));
            }
        }
        fewest
    }

    #[test]
    fn the_fewest_open_candidates_are_the_one_scans() {
        let mut rng = SeededRng::new(32, 1);
        for bits in 0..512u16 {
            assert_eq!(u32::from(bit_count(bits)), bits.count_ones());
        }
        for round in 0..20_000 {
            let len = rng.index(70);
            // Mostly fixed cells, a few open ones of every size, pairs rare or absent.
            let pairs = round % 3 == 0;
            let cands: Vec<DigitSet> = (0..len)
                .map(|_| {
                    let size = if rng.chance(3, 4) {
                        1
                    } else {
                        2 + rng.index(8)
                    };
                    let size = if size == 2 && !pairs { 3 } else { size };
                    let mut set = DigitSet::EMPTY;
                    while (set.len() as usize) < size {
                        set.insert(1 + rng.index(9) as u8);
                    }
                    set
                })
                .collect();
            assert_eq!(
                fewest_open(&cands),
                fewest_open_by_one_scan(&cands),
                "{cands:?}"
            );
        }
    }

    #[test]
    fn the_branch_cell_is_the_one_scans_choice() {
        let mut rng = SeededRng::new(19, 0);
        for side in [5, 8, 12, 16] {
            let layout = random_layout(Shape::new(side, side), &mut rng);
            for _ in 0..300 {
                // Few candidates per cell, so that ties and cells of 2 are common.
                let cands: Vec<DigitSet> = (0..layout.white_count())
                    .map(|_| {
                        let mut set = DigitSet::EMPTY;
                        for _ in 0..1 + rng.index(3) {
                            set.insert(1 + rng.index(9) as u8);
                        }
                        set
                    })
                    .collect();
                assert_eq!(
                    branch_cell(&layout, &cands),
                    branch_cell_by_one_scan(&layout, &cands)
                );
            }
        }
    }
}
