//! Combination tables and run-level filtering.
//!
//! The combinations of a run are the sets of different digits with as many digits as the run
//! has cells and adding up to its sum. The non-empty sets of the digits 1..`n` are sorted into
//! a table by length and sum once per `n` and process ([`table`]): Kakuro's runs read the
//! table of 1-9 ([`combos`]), Killer Sudoku's cages that of 1..side, up to 16
//! ([`combos_up_to`]). [`fit_run`] keeps, for each cell of a run, exactly the digits it gets in
//! some way of filling the run with one combination, one digit per cell, within the
//! candidates: the spec's `combination_fit`, and the solver's propagation. It is answered from
//! a memo ([`memo`]), for all combinations at once ([`subsets`]), or one combination at a time
//! ([`combo_fit`]). Cryptic Kakuro builds its fit for a run whose sum is one of a set on the
//! same screen and exact fit ([`Screen`]).

use std::cell::RefCell;

use crate::core::DigitSet;

mod combo_fit;
pub(crate) mod memo;
mod subsets;
mod table;

use memo::Memo;

pub(crate) use combo_fit::{adds_nothing, fit_general, Screen};
pub(crate) use table::table_key;
pub use table::{combos, combos_up_to, reachable_sums, SumSet};

thread_local! {
    /// This thread's answers of [`fit_run`] (see [`memo`]).
    static FITS: RefCell<Memo> = const { RefCell::new(Memo::new()) };
}

/// Narrows a run's cells to the digits they get in some filling by one of `combos`.
///
/// `cands` are the cells' candidates; `out` (same length) receives the narrowed candidates.
/// Returns false when no filling exists (the run breaks R1, or a cell has no digit left).
/// Runs with the table's combinations are answered from a memo when seen before ([`memo`]),
/// and otherwise worked out for all their combinations at once ([`subsets`]).
pub fn fit_run(cands: &[DigitSet], combos: &[DigitSet], out: &mut [DigitSet]) -> bool {
    debug_assert_eq!(out.len(), cands.len());
    match table_key(cands, combos) {
        Some(key) => memo::answer(&FITS, key, out, |out| subsets::fit(cands, combos, out)),
        None => fit_run_worked_out(cands, combos, out),
    }
}

/// [`fit_run`] one combination at a time, for any list of combinations.
fn fit_run_worked_out(cands: &[DigitSet], combos: &[DigitSet], out: &mut [DigitSet]) -> bool {
    out.fill(DigitSet::EMPTY);
    let Some(screen) = Screen::of(cands) else {
        return false;
    };
    let mut any = false;
    for &combo in combos {
        // Once the run has a filling, a combination that can only give cells digits they have
        // already got changes nothing (the answer is the same, the walk is skipped).
        if any && adds_nothing(cands, combo, out) {
            continue;
        }
        any |= screen.fit(cands, combo, out);
    }
    any && out.iter().all(|set| !set.is_empty())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::genres::sum_grid::testing::set;

    #[test]
    fn combination_fit_example_from_the_spec() {
        // 23 in three cells is 6, 8 and 9; two cells allow only 8 and 9, so the third is 6.
        let cands = [DigitSet::ALL, set(&[8, 9]), set(&[8, 9])];
        let mut out = [DigitSet::EMPTY; 3];
        assert!(fit_run(&cands, combos(3, 23), &mut out));
        assert_eq!(out, [set(&[6]), set(&[8, 9]), set(&[8, 9])]);
    }

    #[test]
    fn fixed_digits_narrow_the_rest() {
        // /12 with 9 written in: the other two add up to 3.
        let cands = [set(&[9]), DigitSet::ALL, DigitSet::ALL];
        let mut out = [DigitSet::EMPTY; 3];
        assert!(fit_run(&cands, combos(3, 12), &mut out));
        assert_eq!(out, [set(&[9]), set(&[1, 2]), set(&[1, 2])]);
    }

    #[test]
    fn impossible_runs_are_reported() {
        let mut out = [DigitSet::EMPTY; 2];
        assert!(!fit_run(&[set(&[1]), set(&[1])], combos(2, 2), &mut out));
        assert!(!fit_run(
            &[set(&[1, 2]), set(&[1, 2])],
            combos(2, 5),
            &mut out
        ));
        let mut out = [DigitSet::EMPTY; 3];
        // Three cells that only allow 1 and 2 between them cannot hold three digits.
        assert!(!fit_run(&[set(&[1, 2]); 3], combos(3, 6), &mut out));
    }

    /// fit_run against a brute force over every filling of the run.
    #[test]
    fn matches_brute_force_on_many_runs() {
        let mut next = crate::core::rng::test_numbers(12345);
        for _ in 0..3000 {
            let len = 1 + (next() % 5) as usize;
            let sum = (next() % 46) as u16;
            let cands: Vec<DigitSet> = (0..len)
                .map(|_| DigitSet::from_bits((next() & 0x1ff) as u16 | (next() & 0x1ff) as u16))
                .collect();
            let mut out = vec![DigitSet::EMPTY; len];
            let ok = fit_run(&cands, combos(len, sum), &mut out);
            let mut expected = vec![DigitSet::EMPTY; len];
            let mut found = false;
            let mut digits = vec![0u8; len];
            brute(&cands, sum, 0, &mut digits, &mut expected, &mut found);
            assert_eq!(ok, found, "{cands:?} sum {sum}");
            if ok {
                assert_eq!(out, expected, "{cands:?} sum {sum}");
            }
        }
    }

    fn brute(
        cands: &[DigitSet],
        sum: u16,
        i: usize,
        digits: &mut Vec<u8>,
        support: &mut Vec<DigitSet>,
        found: &mut bool,
    ) {
        if i == cands.len() {
            let total: u16 = digits.iter().map(|&d| u16::from(d)).sum();
            if total == sum {
                *found = true;
                for (k, &d) in digits.iter().enumerate() {
                    support[k].insert(d);
                }
            }
            return;
        }
        for d in cands[i].iter() {
            if !digits[..i].contains(&d) {
                digits[i] = d;
                brute(cands, sum, i + 1, digits, support, found);
            }
        }
    }
}
