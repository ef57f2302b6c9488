//! Block layouts: white cells everywhere inside, then blocks in pairs symmetric under a half
//! turn of the inner area, until no run is longer than the limit and the level's share of the
//! inner cells is blocked.

use crate::core::{Grid, SeededRng, Shape};

/// What a layout must satisfy.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LayoutRules {
    /// Longest run allowed.
    pub run_limit: usize,
    /// Share of the inner cells to block, in percent.
    pub block_percent: usize,
}

/// The most cells one placement may change (the pair and the lone cells it blocks).
const MAX_CHANGED: usize = 6;
/// Random cells tried for a placement that changes only the pair before taking another.
const PAIR_TRIES: usize = 8;

struct Builder {
    shape: Shape,
    /// True for white cells.
    white: Vec<bool>,
}

impl Builder {
    fn index(&self, row: usize, col: usize) -> usize {
        row * self.shape.cols + col
    }

    /// The cell symmetric to `(row, col)` under a half turn of the inner area.
    fn partner(&self, row: usize, col: usize) -> (usize, usize) {
        (self.shape.rows - row, self.shape.cols - col)
    }

    fn is_white(white: &[bool], cols: usize, row: usize, col: usize) -> bool {
        white[row * cols + col]
    }

    /// Length of the across and down run through a white cell.
    fn run_lengths(&self, white: &[bool], row: usize, col: usize) -> (usize, usize) {
        let cols = self.shape.cols;
        let rows = self.shape.rows;
        let mut across = 1;
        let mut c = col;
        while c > 0 && Self::is_white(white, cols, row, c - 1) {
            c -= 1;
            across += 1;
        }
        c = col;
        while c + 1 < cols && Self::is_white(white, cols, row, c + 1) {
            c += 1;
            across += 1;
        }
        let mut down = 1;
        let mut r = row;
        while r > 0 && Self::is_white(white, cols, r - 1, col) {
            r -= 1;
            down += 1;
        }
        r = row;
        while r + 1 < rows && Self::is_white(white, cols, r + 1, col) {
            r += 1;
            down += 1;
        }
        (across, down)
    }

    /// Blocks `(row, col)` and its partner, then every white cell left in a run of one cell
    /// (with its partner). Returns the new cells and how many changed, or None when the
    /// placement breaks a rule (too many changes, an empty inner line, split white cells).
    fn place(&self, row: usize, col: usize) -> Option<(Vec<bool>, usize)> {
        let mut white = self.white.clone();
        let mut changed = 0;
        let block = |white: &mut Vec<bool>, r: usize, c: usize, changed: &mut usize| {
            for (rr, cc) in [(r, c), self.partner(r, c)] {
                let i = self.index(rr, cc);
                if white[i] {
                    white[i] = false;
                    *changed += 1;
                }
            }
        };
        block(&mut white, row, col, &mut changed);
        loop {
            let mut lone = None;
            'scan: for r in 1..self.shape.rows {
                for c in 1..self.shape.cols {
                    if white[self.index(r, c)] {
                        let (across, down) = self.run_lengths(&white, r, c);
                        if across == 1 || down == 1 {
                            lone = Some((r, c));
                            break 'scan;
                        }
                    }
                }
            }
            match lone {
                Some((r, c)) => block(&mut white, r, c, &mut changed),
                None => break,
            }
            if changed > MAX_CHANGED {
                return None;
            }
        }
        if changed > MAX_CHANGED || !self.lines_have_white(&white) || !self.connected(&white) {
            return None;
        }
        Some((white, changed))
    }

    fn lines_have_white(&self, white: &[bool]) -> bool {
        let Shape { rows, cols } = self.shape;
        (1..rows).all(|r| (1..cols).any(|c| white[r * cols + c]))
            && (1..cols).all(|c| (1..rows).any(|r| white[r * cols + c]))
    }

    fn connected(&self, white: &[bool]) -> bool {
        let Some(start) = white.iter().position(|&w| w) else {
            return false;
        };
        let cols = self.shape.cols;
        let mut seen = vec![false; white.len()];
        let mut stack = vec![start];
        seen[start] = true;
        let mut count = 0;
        while let Some(i) = stack.pop() {
            count += 1;
            let (r, c) = (i / cols, i % cols);
            let mut visit = |j: usize| {
                if white[j] && !seen[j] {
                    seen[j] = true;
                    stack.push(j);
                }
            };
            if r > 0 {
                visit(i - cols);
            }
            if r + 1 < self.shape.rows {
                visit(i + cols);
            }
            if c > 0 {
                visit(i - 1);
            }
            if c + 1 < cols {
                visit(i + 1);
            }
        }
        count == white.iter().filter(|&&w| w).count()
    }

    /// Cells of one run longer than the limit, if any.
    fn long_run(&self, limit: usize) -> Option<Vec<(usize, usize)>> {
        let Shape { rows, cols } = self.shape;
        for r in 1..rows {
            for c in 1..cols {
                if !self.white[self.index(r, c)] {
                    continue;
                }
                let (across, down) = self.run_lengths(&self.white, r, c);
                let starts_across = !self.white[self.index(r, c - 1)];
                let starts_down = !self.white[self.index(r - 1, c)];
                if starts_across && across > limit {
                    return Some((0..across).map(|k| (r, c + k)).collect());
                }
                if starts_down && down > limit {
                    return Some((0..down).map(|k| (r + k, c)).collect());
                }
            }
        }
        None
    }

    fn pair_size(&self, row: usize, col: usize) -> usize {
        if self.partner(row, col) == (row, col) {
            1
        } else {
            2
        }
    }

    /// Tries the cells in order; takes the first placement that changes only the pair, or
    /// after `PAIR_TRIES` tries the first that worked at all.
    fn try_cells(&mut self, cells: &[(usize, usize)]) -> bool {
        let mut fallback = None;
        for (tried, &(r, c)) in cells.iter().enumerate() {
            if tried >= PAIR_TRIES && fallback.is_some() {
                break;
            }
            if let Some((white, changed)) = self.place(r, c) {
                if changed == self.pair_size(r, c) {
                    self.white = white;
                    return true;
                }
                if fallback.is_none() {
                    fallback = Some(white);
                }
            }
        }
        match fallback {
            Some(white) => {
                self.white = white;
                true
            }
            None => false,
        }
    }
}

/// A layout (true for white cells), or None when no block can break a long run.
pub fn make_layout(shape: Shape, rules: LayoutRules, rng: &mut SeededRng) -> Option<Grid<bool>> {
    let mut white = vec![false; shape.cells()];
    if shape.rows >= 3 && shape.cols >= 3 {
        for r in 1..shape.rows {
            for c in 1..shape.cols {
                white[r * shape.cols + c] = true;
            }
        }
    }
    let mut builder = Builder { shape, white };
    if shape.rows < 3 || shape.cols < 3 {
        return Grid::from_cells(shape, builder.white);
    }
    while let Some(mut run) = builder.long_run(rules.run_limit) {
        rng.shuffle(&mut run);
        if !builder.try_cells(&run) {
            return None;
        }
    }
    let inner = (shape.rows - 1) * (shape.cols - 1);
    let target = (inner * rules.block_percent).div_ceil(100);
    loop {
        let whites: Vec<(usize, usize)> = (1..shape.rows)
            .flat_map(|r| (1..shape.cols).map(move |c| (r, c)))
            .filter(|&(r, c)| builder.white[r * shape.cols + c])
            .collect();
        if inner - whites.len() >= target {
            break;
        }
        let mut order = whites;
        rng.shuffle(&mut order);
        if !builder.try_cells(&order) {
            break;
        }
    }
    Grid::from_cells(shape, builder.white)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn runs_ok(grid: &Grid<bool>, limit: usize) -> bool {
        let builder = Builder {
            shape: grid.shape(),
            white: grid.cells().to_vec(),
        };
        grid.iter().filter(|(_, _, &w)| w).all(|(r, c, _)| {
            let (across, down) = builder.run_lengths(grid.cells(), r, c);
            (2..=limit).contains(&across) && (2..=limit).contains(&down)
        })
    }

    #[test]
    fn layouts_keep_the_rules() {
        for seed in 0..40 {
            let mut rng = SeededRng::new(seed, 0);
            let shape = Shape::new(6 + (seed as usize % 11), 6 + (seed as usize * 7 % 11));
            let rules = LayoutRules {
                run_limit: 4,
                block_percent: 30,
            };
            let Some(grid) = make_layout(shape, rules, &mut rng) else {
                continue;
            };
            assert!(runs_ok(&grid, 4), "seed {seed}");
            for (r, c, &w) in grid.iter() {
                let (pr, pc) = (shape.rows - r, shape.cols - c);
                if r > 0 && c > 0 {
                    assert_eq!(w, grid[(pr, pc)], "symmetry at {r},{c}");
                } else {
                    assert!(!w);
                }
            }
        }
    }

    #[test]
    fn tiny_shapes_are_all_blocks() {
        let grid = make_layout(
            Shape::new(2, 9),
            LayoutRules {
                run_limit: 4,
                block_percent: 30,
            },
            &mut SeededRng::new(0, 0),
        )
        .unwrap();
        assert!(grid.cells().iter().all(|&w| !w));
    }
}
