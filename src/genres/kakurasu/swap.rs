//! Balanced swaps: a second solution made from a known one in a few word operations, where the
//! exact search can take a long time to find one.
//!
//! Changing a solution keeps every clue when, in each line, the cells that become shaded weigh
//! as much as the cells that become unshaded. The simplest such changes are *products*: the
//! columns of a set `C` split into two parts of equal weight `C+` and `C-`, the rows of a set
//! `R` likewise into `R+` and `R-`, and every cell of `R x C` changes: a cell in `R+ x C+` or
//! `R- x C-` becomes shaded, the others unshaded. A row of `R+` gains `C+` and loses `C-`,
//! which weigh the same; a row of `R-` the other way round; each column likewise. The change
//! is possible when every cell of `R x C` is open and the known solution shades exactly the
//! cells that become unshaded: in the rows of `R+` the cells of `C-`, in the rows of `R-` the
//! cells of `C+`.
//!
//! [`swap`] tries every split of at most four positions across the lines of one direction
//! (`a = b + c`, `a = b + c + d`, `a + b = c + d`); the lines that can take part are then the
//! ones open on those positions whose known shading is one of the two patterns, and the line
//! sets `R+` and `R-` are two subsets of equal weight, found with subset-sum bitsets. Then
//! the same with rows and columns exchanged. Finding no swap proves nothing: the exact search
//! decides then.

use crate::core::{Budget, Grid, Stop};

use super::line::{weight, MAX_LINE, MAX_LINE_WEIGHT};
use super::model::Board;

/// Sums `0..=MAX_LINE_WEIGHT` as a bitset.
type Sums = [u64; MAX_LINE_WEIGHT as usize / 64 + 1];

/// A solution other than `known` (a solution that agrees with `board`'s decided cells) that
/// differs from it by a product change (see the module documentation), if there is one with at
/// most four positions across one direction. One budget step per split of positions tried.
pub fn swap(
    board: &Board,
    known: &Grid<bool>,
    budget: &mut Budget,
) -> Result<Option<Grid<bool>>, Stop> {
    let shape = board.shape();
    let open: Vec<u32> = (0..board.line_count())
        .map(|line| board.line(line).open())
        .collect();
    // The known shading of each line, as a mask like the board's.
    let known_masks: Vec<u32> = (0..board.line_count())
        .map(|line| {
            board
                .cells_of(line)
                .enumerate()
                .filter(|&(_, cell)| known[cell])
                .fold(0, |mask, (index, _)| mask | 1 << index)
        })
        .collect();
    // Splits of the columns (positions of rows), then of the rows (positions of columns).
    for (first, count, len) in [
        (0, shape.rows, shape.cols),
        (shape.rows, shape.cols, shape.rows),
    ] {
        for (plus, minus) in splits(len) {
            budget.step()?;
            let span = plus | minus;
            // The lines (bit `i`: line `first + i`) that can be in R+: open on the span, known
            // shading `minus` there; and those that can be in R-.
            let (mut side_plus, mut side_minus) = (0u32, 0u32);
            for i in 0..count {
                let line = first + i;
                if open[line] & span != span {
                    continue;
                }
                let shaded = known_masks[line] & span;
                if shaded == minus {
                    side_plus |= 1 << i;
                } else if shaded == plus {
                    side_minus |= 1 << i;
                }
            }
            let Some((lines_plus, lines_minus)) = equal_weights(side_plus, side_minus) else {
                continue;
            };
            let mut other = known.clone();
            let mut lines = lines_plus | lines_minus;
            while lines != 0 {
                let line = first + lines.trailing_zeros() as usize;
                lines &= lines - 1;
                let mut rest = span;
                while rest != 0 {
                    let cell = board.cell_of(line, rest.trailing_zeros() as usize);
                    rest &= rest - 1;
                    other[cell] = !other[cell];
                }
            }
            if meets_clues(board, &other) {
                return Ok(Some(other));
            }
        }
    }
    Ok(None)
}

/// Every split of positions `0..len` (worth their position plus one) into two disjoint parts
/// of equal weight and at most four positions together, as masks, each split once.
fn splits(len: usize) -> Vec<(u32, u32)> {
    let len = len as u32;
    let bit = |weight: u32| 1u32 << (weight - 1);
    let mut out = Vec::new();
    for b in 1..=len {
        for c in b + 1..=len {
            if b + c <= len {
                out.push((bit(b + c), bit(b) | bit(c)));
            }
            for d in c + 1..=len {
                if b + c + d <= len {
                    out.push((bit(b + c + d), bit(b) | bit(c) | bit(d)));
                }
                // b + e = c + d with b the smallest of the four, so e = c + d - b > d.
                let e = c + d - b;
                if e <= len && e > d {
                    out.push((bit(b) | bit(e), bit(c) | bit(d)));
                }
            }
        }
    }
    out
}

/// Two non-empty sets of lines, one within `plus` and one within `minus` (bit `i`: the line
/// worth `i + 1`), of the same weight.
fn equal_weights(plus: u32, minus: u32) -> Option<(u32, u32)> {
    if plus == 0 || minus == 0 {
        return None;
    }
    let (all_plus, all_minus) = (subset_sums(plus), subset_sums(minus));
    let total =
        (1..=MAX_LINE_WEIGHT).find(|&sum| contains(&all_plus, sum) && contains(&all_minus, sum))?;
    Some((subset_of(plus, total), subset_of(minus, total)))
}

/// The weights of the subsets of `lines`.
fn subset_sums(lines: u32) -> Sums {
    let mut reach = single(0);
    let mut rest = lines;
    while rest != 0 {
        let worth = rest.trailing_zeros() + 1;
        rest &= rest - 1;
        reach = union(&reach, &shifted(&reach, worth));
    }
    reach
}

/// A subset of `lines` that weighs `total` (one must exist).
fn subset_of(lines: u32, total: u32) -> u32 {
    // From the heaviest line down: a line is taken when the lighter ones left cannot make up
    // the rest without it.
    let mut chosen = 0;
    let mut rest = total;
    let mut left = lines;
    while rest > 0 {
        let top = 31 - left.leading_zeros();
        left &= !(1 << top);
        if !contains(&subset_sums(left), rest) {
            chosen |= 1 << top;
            rest -= top + 1;
        }
    }
    chosen
}

fn single(value: u32) -> Sums {
    let mut set = [0; MAX_LINE_WEIGHT as usize / 64 + 1];
    set[value as usize / 64] |= 1 << (value % 64);
    set
}

fn contains(set: &Sums, value: u32) -> bool {
    value <= MAX_LINE_WEIGHT && set[value as usize / 64] & (1 << (value % 64)) != 0
}

fn union(a: &Sums, b: &Sums) -> Sums {
    std::array::from_fn(|i| a[i] | b[i])
}

/// Every sum raised by `by` (at most [`MAX_LINE`]); sums beyond the range dropped.
fn shifted(set: &Sums, by: u32) -> Sums {
    debug_assert!(by as usize <= MAX_LINE);
    std::array::from_fn(|i| {
        let mut moved = set[i] << by;
        if i > 0 {
            moved |= set[i - 1] >> (64 - by);
        }
        moved
    })
}

/// Whether a shading meets every clue of `board`'s puzzle.
fn meets_clues(board: &Board, shading: &Grid<bool>) -> bool {
    (0..board.line_count()).all(|line| {
        let clue = board.line(line).clue;
        let shaded = board
            .cells_of(line)
            .enumerate()
            .filter(|&(_, cell)| shading[cell])
            .fold(0, |mask, (index, _)| mask | 1 << index);
        clue.is_none_or(|clue| weight(shaded) == clue)
    })
}
