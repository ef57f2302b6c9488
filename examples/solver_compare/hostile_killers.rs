//! Hostile Killer Sudoku grids: what a client could send to `/solve` that no newspaper prints,
//! to measure how long the default budget lets a killer solve run and what it decides.
//!
//! Everything is made from seeds with the project's [`SeededRng`], the same on every call:
//! - `hostile killer fill`: a random filled grid (9x9, 12x12, 16x16, the usual boxes: the
//!   generator's [`random_fill`]) cut into random cages of up to 4, 6, 8 or N cells (each
//!   grown from a random free cell, its size drawn from half the limit to the limit, without
//!   repeating a digit), each with the sum of its digits: at least one solution, usually many;
//! - `hostile killer shifted`: the same with one cage of two or more cells raised by one and
//!   another lowered by one (both staying sums their sizes can reach), so the totals of the
//!   houses can still agree: no solution, or some, found only by searching.

use sumpuzzles::genres::killer_sudoku::generate::{neighbours, random_fill};
use sumpuzzles::genres::killer_sudoku::{default_box, sum_bounds, Cage, Puzzle};
use sumpuzzles::SeededRng;

/// Sides of the grids.
const SIDES: [usize; 3] = [9, 12, 16];
/// The largest cage of each set (0: the side).
const CAGE_LIMITS: [usize; 4] = [4, 6, 8, 0];
/// Seeds per side, cage limit and kind.
const SEEDS: u64 = 4;
/// This set's random stream, apart from the adversarial Kakuro classes'.
const STREAM: u64 = 0xD5;

/// Every hostile killer grid: class, name and puzzle.
pub fn inputs() -> Result<Vec<(String, String, Puzzle)>, String> {
    let mut inputs = Vec::new();
    for side in SIDES {
        let box_shape = default_box(side).ok_or("a side without a usual box")?;
        for limit in CAGE_LIMITS {
            let limit = if limit == 0 { side } else { limit };
            for seed in 0..SEEDS {
                let stream = STREAM ^ ((side as u64) << 8) ^ ((limit as u64) << 16);
                let mut rng = SeededRng::new(seed, stream);
                let fill = random_fill(side, box_shape, &mut rng).digits;
                let cages = cages(side, limit, &fill, &mut rng);
                let name = format!("{side}x{side} cages of up to {limit} seed {seed}");
                let puzzle = |cages: Vec<Cage>| {
                    Puzzle::new(side, None, cages, Vec::new()).map_err(|e| format!("{name}: {e}"))
                };
                inputs.push((
                    "hostile killer fill".to_string(),
                    name.clone(),
                    puzzle(cages.clone())?,
                ));
                if let Some(shifted) = shifted(side, cages, &mut rng) {
                    inputs.push((
                        "hostile killer shifted".to_string(),
                        name.clone(),
                        puzzle(shifted)?,
                    ));
                }
            }
        }
    }
    Ok(inputs)
}

/// Random cages over `fill`: each grown from a random free cell to a size drawn from half of
/// `limit` to `limit`, through free neighbours whose digits it does not have yet.
fn cages(side: usize, limit: usize, fill: &[u8], rng: &mut SeededRng) -> Vec<Cage> {
    let mut owned = vec![false; side * side];
    let mut starts: Vec<usize> = (0..side * side).collect();
    rng.shuffle(&mut starts);
    let mut cages = Vec::new();
    for start in starts {
        if owned[start] {
            continue;
        }
        let low = (limit / 2).max(1);
        let size = low + rng.index(limit - low + 1);
        let mut cells = vec![start];
        owned[start] = true;
        while cells.len() < size {
            let frontier: Vec<usize> = cells
                .iter()
                .flat_map(|&cell| neighbours(side, cell))
                .filter(|&next| !owned[next] && cells.iter().all(|&cell| fill[cell] != fill[next]))
                .collect();
            let Some(&next) = rng.pick(&frontier) else {
                break;
            };
            owned[next] = true;
            cells.push(next);
        }
        let sum = cells.iter().map(|&cell| u32::from(fill[cell])).sum();
        cages.push(Cage { sum, cells });
    }
    cages
}

/// `cages` with one cage of two or more cells raised by one and another lowered by one, both
/// within the sums their sizes can reach; None when no two such cages are found.
fn shifted(side: usize, mut cages: Vec<Cage>, rng: &mut SeededRng) -> Option<Vec<Cage>> {
    let reachable = |cage: &Cage, sum: u32| {
        let (low, high) = sum_bounds(cage.cells.len(), side);
        (low..=high).contains(&sum)
    };
    let raisable: Vec<usize> = (0..cages.len())
        .filter(|&i| cages[i].cells.len() > 1 && reachable(&cages[i], cages[i].sum + 1))
        .collect();
    let raised = *rng.pick(&raisable)?;
    let lowerable: Vec<usize> = (0..cages.len())
        .filter(|&i| {
            i != raised && cages[i].cells.len() > 1 && reachable(&cages[i], cages[i].sum - 1)
        })
        .collect();
    let lowered = *rng.pick(&lowerable)?;
    cages[raised].sum += 1;
    cages[lowered].sum -= 1;
    Some(cages)
}
