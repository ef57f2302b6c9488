//! Changing a candidate's digits: repairs that aim at fewer solutions, and random changes that
//! make a puzzle harder.

use crate::core::DigitSet;
use crate::genres::kakuro::combos::combos;
use crate::genres::kakuro::model::Layout;

use super::candidate::Candidate;
use super::Generator;

impl Generator {
    /// (one time in four) swaps it with another cell of one of its runs.
    pub(super) fn repair_cell(&mut self, candidate: &mut Candidate, cell: usize) {
        if self.rng.chance(1, 4) && self.swap(candidate, cell) {
            return;
        }
        let layout = &candidate.layout;
        let digits = &candidate.digits;
        let current = digits[cell];
        let used = used_in_runs(layout, digits, cell);
        let mut best: Vec<u8> = Vec::new();
        let mut best_score = usize::MAX;
        for digit in (DigitSet::ALL - used - DigitSet::single(current)).iter() {
            let score: usize = layout
                .runs_of(cell)
                .map(|run| {
                    let run = &layout.runs[run];
                    // Wrapping, as release builds always computed it: a run whose sum is stale
                    // here can be below `current`, and the huge sum then has no combination.
                    // A checked subtraction would panic in debug builds, and any other
                    // answer would change which puzzles the generator makes.
                    let sum = (run.sum + u16::from(digit)).wrapping_sub(u16::from(current));
                    combos(run.cells.len(), sum).len()
                })
                .sum();
            if score < best_score {
                best_score = score;
                best.clear();
            }
            if score == best_score {
                best.push(digit);
            }
        }
        match self.rng.pick(&best) {
            Some(&digit) => candidate.digits[cell] = digit,
            None => {
                self.swap(candidate, cell);
            }
        }
    }

    /// Swaps `cell` with a random cell of one of its runs when both crossing runs allow it.
    fn swap(&mut self, candidate: &mut Candidate, cell: usize) -> bool {
        let layout = &candidate.layout;
        let mut partners: Vec<usize> = layout
            .runs_of(cell)
            .flat_map(|run| layout.runs[run].cells.iter().map(|&c| c as usize))
            .filter(|&c| c != cell)
            .collect();
        self.rng.shuffle(&mut partners);
        for other in partners {
            let mut digits = candidate.digits.clone();
            digits.swap(cell, other);
            if no_repeats(layout, &digits, cell) && no_repeats(layout, &digits, other) {
                candidate.digits = digits;
                return true;
            }
        }
        false
    }

    /// Gives `cell` a random digit its runs do not have.
    pub(super) fn change_randomly(&mut self, candidate: &mut Candidate, cell: usize) {
        let used = used_in_runs(&candidate.layout, &candidate.digits, cell);
        let choices: Vec<u8> = (DigitSet::ALL - used - DigitSet::single(candidate.digits[cell]))
            .iter()
            .collect();
        if let Some(&digit) = self.rng.pick(&choices) {
            candidate.digits[cell] = digit;
        }
    }
}

/// Digits of the other cells of `cell`'s runs.
fn used_in_runs(layout: &Layout, digits: &[u8], cell: usize) -> DigitSet {
    let mut used = DigitSet::EMPTY;
    for run in layout.runs_of(cell) {
        for &other in &layout.runs[run].cells {
            if other as usize != cell {
                used.insert(digits[other as usize]);
            }
        }
    }
    used
}

fn no_repeats(layout: &Layout, digits: &[u8], cell: usize) -> bool {
    !used_in_runs(layout, digits, cell).contains(digits[cell])
}
