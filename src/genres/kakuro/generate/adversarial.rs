//! Grids where reasoning run by run falls short, for testing and measuring the solver (they
//! are not puzzles to publish): dense blocks of white cells, and sums changed so that the
//! totals or the digit counts of the grid no longer balance, or balance only just.
//!
//! The same arguments and random stream give the same grid (the project's [`SeededRng`]).

use crate::core::{Grid, InputError, SeededRng, Shape};
use crate::genres::kakuro::model::{Cell, Puzzle};

/// An NxN block of white cells with the given down sums (left to right) and across sums (top to
/// bottom), in an (N+1)x(N+1) grid; `down` and `across` have N sums each.
///
/// Checked as [`Puzzle::new`] checks it: lists of different lengths leave a run without a
/// sum, which the relaxed structure rules refuse (lists longer than 9 make runs the relaxed
/// rules allow and no digits can fill). A grid to test and measure with, not a way to read a
/// puzzle.
pub fn dense_block(down: &[u16], across: &[u16]) -> Result<Puzzle, InputError> {
    let side = down.len().max(across.len());
    let shape = Shape::new(side + 1, side + 1);
    let mut grid = Grid::filled(shape, Cell::White);
    grid[(0, 0)] = Cell::BLOCK;
    for i in 0..side {
        grid[(0, i + 1)] = Cell::Block {
            down: down.get(i).copied(),
            across: None,
        };
        grid[(i + 1, 0)] = Cell::Block {
            down: None,
            across: across.get(i).copied(),
        };
    }
    Puzzle::new(grid)
}

/// A dense block of `side` (1 to 9) with the sums of a random filling, and the filling (row
/// by row): different digits in every row and column, each cell's digit drawn from those its
/// row and column leave.
pub fn filled_block(side: usize, rng: &mut SeededRng) -> (Puzzle, Vec<Vec<u8>>) {
    let digits = latin_rectangle(side, rng);
    let down: Vec<u16> = (0..side)
        .map(|col| (0..side).map(|row| u16::from(digits[row][col])).sum())
        .collect();
    let across: Vec<u16> = digits
        .iter()
        .map(|row| row.iter().map(|&d| u16::from(d)).sum())
        .collect();
    let block = dense_block(&down, &across).expect("as many sums down as across");
    (block, digits)
}

/// A `side`x`side` array of digits 1-9, different in every row and column: depth first in
/// reading order, each cell's digits in a random order, starting over after a dead end that
/// takes too long.
fn latin_rectangle(side: usize, rng: &mut SeededRng) -> Vec<Vec<u8>> {
    const TRIES_BEFORE_RESTART: u32 = 10_000;
    let side = side.clamp(1, 9);
    let cells = side * side;
    'restart: loop {
        let mut digits = vec![0u8; cells];
        let mut orders: Vec<[u8; 9]> = vec![[0; 9]; cells];
        let mut next = vec![0usize; cells];
        let mut tries = 0;
        let mut cell = 0;
        while cell < cells {
            if next[cell] == 0 {
                let mut order = [1, 2, 3, 4, 5, 6, 7, 8, 9];
                rng.shuffle(&mut order);
                orders[cell] = order;
            }
            let (row, col) = (cell / side, cell % side);
            let mut placed = false;
            while next[cell] < 9 && !placed {
                let digit = orders[cell][next[cell]];
                next[cell] += 1;
                tries += 1;
                let clash = (0..col).any(|c| digits[row * side + c] == digit)
                    || (0..row).any(|r| digits[r * side + col] == digit);
                if !clash {
                    digits[cell] = digit;
                    placed = true;
                }
            }
            if tries > TRIES_BEFORE_RESTART {
                continue 'restart;
            }
            if placed {
                cell += 1;
            } else if cell == 0 {
                continue 'restart;
            } else {
                next[cell] = 0;
                digits[cell] = 0;
                cell -= 1;
            }
        }
        return digits.chunks(side).map(<[u8]>::to_vec).collect();
    }
}

/// How [`change_sums`] changes a grid's sums.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SumChange {
    /// Left as they are.
    None,
    /// One sum moved by 1 to 3: the totals no longer balance.
    One,
    /// One across and one down sum each raised by one: the totals still balance.
    Raised,
    /// One across sum raised by one and another lowered by one.
    Shifted,
}

impl SumChange {
    /// Every change, in the order the benchmarks list them.
    pub const ALL: [SumChange; 4] = [
        SumChange::None,
        SumChange::One,
        SumChange::Raised,
        SumChange::Shifted,
    ];

    /// The name the benchmarks and tests give the change (`fill`, `changed`, `raised`, `shifted`).
    pub fn name(self) -> &'static str {
        match self {
            SumChange::None => "fill",
            SumChange::One => "changed",
            SumChange::Raised => "raised",
            SumChange::Shifted => "shifted",
        }
    }
}

/// Whether a run of `len` different digits can add up to `sum`.
fn reachable(len: usize, sum: i32) -> bool {
    let len = len as i32;
    let low = len * (len + 1) / 2;
    let high = 45 - (9 - len) * (10 - len) / 2;
    (1..=9).contains(&len) && (low..=high).contains(&sum)
}

/// `puzzle` with its sums changed as `change` says, on runs picked at random among those whose
/// new sum a run of their length can still reach (the puzzle as it is when there are none).
pub fn change_sums(
    puzzle: &Puzzle,
    change: SumChange,
    rng: &mut SeededRng,
) -> Result<Puzzle, InputError> {
    let layout = puzzle.relaxed_layout();
    // (run, by how much) for every change of `by` that keeps a run's sum reachable.
    let can = |down: bool, by: i32| -> Vec<(usize, i32)> {
        layout
            .runs
            .iter()
            .enumerate()
            .filter(|(_, run)| {
                run.down == down && reachable(run.cells.len(), i32::from(run.sum) + by)
            })
            .map(|(index, _)| (index, by))
            .collect()
    };
    let mut edits: Vec<(usize, i32)> = Vec::new();
    match change {
        SumChange::None => {}
        SumChange::One => {
            let by = [1, 2, 3][rng.index(3)] * if rng.chance(1, 2) { 1 } else { -1 };
            let mut options = can(true, by);
            options.extend(can(false, by));
            edits.extend(rng.pick(&options));
        }
        SumChange::Raised => {
            let (across, down) = (can(false, 1), can(true, 1));
            if let (Some(&a), Some(&d)) = (rng.pick(&across), rng.pick(&down)) {
                edits.extend([a, d]);
            }
        }
        SumChange::Shifted => {
            if let Some(&raised) = rng.pick(&can(false, 1)) {
                let others: Vec<_> = can(false, -1)
                    .into_iter()
                    .filter(|&(run, _)| run != raised.0)
                    .collect();
                if let Some(&lowered) = rng.pick(&others) {
                    edits.extend([raised, lowered]);
                }
            }
        }
    }
    let mut grid = puzzle.grid().clone();
    for (run, by) in edits {
        let run = &layout.runs[run];
        let sum = (i32::from(run.sum) + by) as u16;
        if let Cell::Block { down, across } = &mut grid[run.clue] {
            *if run.down { down } else { across } = Some(sum);
        }
    }
    Puzzle::new(grid)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::genres::kakuro::{answer, check, format};

    #[test]
    fn a_filled_block_is_solved_by_its_filling() {
        for side in 1..=9 {
            let mut rng = SeededRng::new(side as u64, 0);
            let (puzzle, digits) = filled_block(side, &mut rng);
            let rows: Vec<String> = std::iter::once("#".repeat(side + 1))
                .chain(digits.iter().map(|row| {
                    std::iter::once('#')
                        .chain(row.iter().map(|&d| char::from(b'0' + d)))
                        .collect()
                }))
                .collect();
            let answer = answer::parse_answer(&puzzle, &rows).unwrap();
            assert_eq!(
                check::check(&puzzle, &answer, true).unwrap(),
                vec![],
                "{side}"
            );
        }
    }

    #[test]
    fn changes_move_the_sums_they_say() {
        let (puzzle, _) = filled_block(6, &mut SeededRng::new(3, 0));
        let layout = puzzle.relaxed_layout();
        let totals = |p: &Puzzle| {
            let layout = p.relaxed_layout();
            let side = |down: bool| -> i32 {
                layout
                    .runs
                    .iter()
                    .filter(|run| run.down == down)
                    .map(|run| i32::from(run.sum))
                    .sum()
            };
            (side(false), side(true))
        };
        let (across, down) = totals(&puzzle);
        for change in SumChange::ALL {
            let changed = change_sums(&puzzle, change, &mut SeededRng::new(1, 0)).unwrap();
            let moved = layout
                .runs
                .iter()
                .zip(&changed.relaxed_layout().runs)
                .filter(|(a, b)| a.sum != b.sum)
                .count();
            let (new_across, new_down) = totals(&changed);
            let moves = (moved, new_across - across, new_down - down);
            let text = format::to_text(&changed);
            match change {
                SumChange::None => assert_eq!(moves, (0, 0, 0), "{text}"),
                SumChange::One => {
                    assert_eq!(moved, 1, "{text}");
                    let by = (moves.1 + moves.2).abs();
                    assert!((1..=3).contains(&by) && moves.1 * moves.2 == 0, "{text}");
                }
                SumChange::Raised => assert_eq!(moves, (2, 1, 1), "{text}"),
                SumChange::Shifted => assert_eq!(moves, (2, 0, 0), "{text}"),
            }
        }
    }
}
