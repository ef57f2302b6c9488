//! The grid work of the generator's steps: a random filled grid (step 1), the orthogonal
//! neighbours of a cell, the connected parts of a set of cells, and the neighbouring cages of
//! a puzzle.

use crate::core::SeededRng;

use crate::genres::killer_sudoku::model::{connected, Cage, Puzzle};
use crate::genres::killer_sudoku::solve::Solution;

/// The pairs of cages of `puzzle` with orthogonally neighbouring cells (the first the lower
/// index) that `keep` accepts, in order.
pub(super) fn neighbouring_cages(
    puzzle: &Puzzle,
    keep: impl Fn(&Cage, &Cage) -> bool,
) -> Vec<(usize, usize)> {
    let cages = puzzle.cages();
    let mut pairs: Vec<(usize, usize)> = Vec::new();
    for (index, cage) in cages.iter().enumerate() {
        for &cell in &cage.cells {
            for other in neighbours(puzzle.side(), cell) {
                let next = puzzle.cage_of(other);
                if next > index && keep(cage, &cages[next]) {
                    pairs.push((index, next));
                }
            }
        }
    }
    pairs.sort_unstable();
    pairs.dedup();
    pairs
}

/// A random filled grid of side `n` with boxes of `box_shape` (rows, columns): the pattern
/// grid `(cols * (row % rows) + row / rows + col) % n`, its rows within bands, bands,
/// columns within stacks and stacks shuffled, then its digits relabelled.
pub fn random_fill(n: usize, box_shape: (usize, usize), rng: &mut SeededRng) -> Solution {
    let (rows, cols) = box_shape;
    // `cols` bands of `rows` rows, `rows` stacks of `cols` columns.
    let order = |rng: &mut SeededRng, groups: usize, size: usize| {
        let mut groups_order: Vec<usize> = (0..groups).collect();
        rng.shuffle(&mut groups_order);
        let mut lines = Vec::with_capacity(n);
        for group in groups_order {
            let mut inner: Vec<usize> = (0..size).collect();
            rng.shuffle(&mut inner);
            lines.extend(inner.into_iter().map(|line| group * size + line));
        }
        lines
    };
    let row_order = order(rng, cols, rows);
    let col_order = order(rng, rows, cols);
    let mut labels: Vec<u8> = (1..=n as u8).collect();
    rng.shuffle(&mut labels);
    let mut digits = vec![0; n * n];
    for (r, &row) in row_order.iter().enumerate() {
        for (c, &col) in col_order.iter().enumerate() {
            let pattern = (cols * (row % rows) + row / rows + col) % n;
            digits[r * n + c] = labels[pattern];
        }
    }
    Solution { side: n, digits }
}

/// The orthogonal neighbours of `cell` in an `n` x `n` grid.
pub fn neighbours(n: usize, cell: usize) -> impl Iterator<Item = usize> {
    let (row, col) = (cell / n, cell % n);
    [
        (row > 0).then(|| cell - n),
        (row + 1 < n).then(|| cell + n),
        (col > 0).then(|| cell - 1),
        (col + 1 < n).then(|| cell + 1),
    ]
    .into_iter()
    .flatten()
}

/// The orthogonally connected parts of `cells`.
pub(super) fn components(n: usize, cells: &[usize]) -> Vec<Vec<usize>> {
    let mut left: Vec<usize> = cells.to_vec();
    let mut parts = Vec::new();
    while let Some(start) = left.pop() {
        let mut part = vec![start];
        let mut next = 0;
        while next < part.len() {
            for other in neighbours(n, part[next]) {
                if let Some(at) = left.iter().position(|&cell| cell == other) {
                    part.push(left.swap_remove(at));
                }
            }
            next += 1;
        }
        part.sort_unstable();
        debug_assert!(connected(n, &part, false));
        parts.push(part);
    }
    parts
}
