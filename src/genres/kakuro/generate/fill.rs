//! Filling a layout with digits: row-major backtracking in which each run prefers low or high
//! digits, never completing a 2x2 block of white cells whose digits could be swapped.

use crate::core::{SeededRng, Stop};
use crate::genres::kakuro::model::Layout;

/// How the digits are chosen.
#[derive(Clone, Copy, Debug)]
pub struct FillStyle {
    /// Random noise added to each digit's preference score: small keeps runs strictly low or
    /// high (few combinations, easy), large mixes them (hard).
    pub noise: u32,
    /// Steps (digits tried) before the fill gives up.
    pub step_limit: u32,
}

/// Digits for each white cell, or `Err(Stop::Exhausted)` when the fill ran out of steps.
pub fn fill(layout: &Layout, style: FillStyle, rng: &mut SeededRng) -> Result<Vec<u8>, Stop> {
    let cells = layout.white_count();
    // Each run prefers low (true) or high digits.
    let low: Vec<bool> = (0..layout.runs.len()).map(|_| rng.chance(1, 2)).collect();
    let mut order: Vec<Vec<u8>> = Vec::with_capacity(cells);
    for cell in 0..cells {
        let mut keyed: Vec<(u32, u8)> = (1..=9u8)
            .map(|digit| {
                let preference: u32 = layout
                    .runs_of(cell)
                    .map(|run| {
                        if low[run] {
                            u32::from(digit)
                        } else {
                            10 - u32::from(digit)
                        }
                    })
                    .sum();
                (preference * 4 + rng.below(style.noise * 4 + 1), digit)
            })
            .collect();
        keyed.sort_unstable();
        order.push(keyed.into_iter().map(|(_, d)| d).collect());
    }
    let mut digits = vec![0u8; cells];
    let mut choice = vec![0usize; cells];
    let mut steps = 0u32;
    let mut cell = 0usize;
    while cell < cells {
        let mut placed = false;
        while choice[cell] < 9 {
            let digit = order[cell][choice[cell]];
            choice[cell] += 1;
            steps += 1;
            if steps > style.step_limit {
                return Err(Stop::Exhausted);
            }
            if fits(layout, &digits, cell, digit) {
                digits[cell] = digit;
                placed = true;
                break;
            }
        }
        if placed {
            cell += 1;
        } else {
            choice[cell] = 0;
            digits[cell] = 0;
            if cell == 0 {
                return Err(Stop::Exhausted);
            }
            cell -= 1;
            digits[cell] = 0;
        }
    }
    Ok(digits)
}

/// True when `digit` may go in `cell` given the digits placed before it.
fn fits(layout: &Layout, digits: &[u8], cell: usize, digit: u8) -> bool {
    for run in layout.runs_of(cell) {
        if layout.runs[run]
            .cells
            .iter()
            .any(|&c| digits[c as usize] == digit)
        {
            return false;
        }
    }
    // Completing a 2x2 white block a b / c d with a = d and b = c would let the two
    // diagonals swap: reject it.
    let (row, col) = layout.whites[cell];
    if row > 0 && col > 0 {
        let at = |r: usize, c: usize| layout.white_at(r, c).map(|i| digits[i]);
        if let (Some(a), Some(b), Some(c)) =
            (at(row - 1, col - 1), at(row - 1, col), at(row, col - 1))
        {
            if a == digit && b == c {
                return false;
            }
        }
    }
    true
}
