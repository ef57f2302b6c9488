//! The exact solver: the ten letters and the white cells are variables, propagation runs to a
//! fixpoint, then the variable with the fewest candidates is branched on, letters and cells
//! alike.
//!
//! Propagation has two parts:
//! - **Runs.** The clue's letters allow a set of sums (one letter: its digits; two letters:
//!   `10t + u` for a tens digit `t` of 1-4 and a different units digit `u`; a doubled letter:
//!   `11t`). The run's cells keep the digits they get in some filling by a combination of one
//!   of those sums ([`fit_run_sums`], combination bitsets filtered by sum), and the clue's
//!   letters keep the digits of the sums that some filling reaches. A cell showing a letter
//!   has the letter's candidates, without 0, both ways.
//! - **Letters.** The letters are all different: a fixed letter's digit leaves the others
//!   (singles), and a digit only one letter still allows goes to it (hidden singles), which
//!   also gives a letter that appears nowhere the one digit left.
//!
//! A solution is the letter mapping and every cell's digit; two solutions differ in either.
//! One budget step is one run filtered or one pass of the letter reasoning.

use crate::core::{Budget, DigitSet, SolveOutcome, Stop};
use crate::genres::kakuro::combos::{fit_run_sums, reachable_sums, SumSet};
use crate::genres::kakuro::model::MAX_RUN;
use crate::genres::kakuro::solve::{Contradiction, Halt, RunQueue};

use super::model::{Clue, Structure, LETTERS};

/// The digits 0-9 a letter may stand for: bit `d` for digit `d`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct LetterSet(u16);

impl LetterSet {
    pub const EMPTY: LetterSet = LetterSet(0);
    /// The digits 0 to 9.
    pub const ALL: LetterSet = LetterSet(0x3ff);

    /// The set whose bit pattern is `bits` (bit 0 is digit 0); bits above 9 are dropped.
    pub const fn from_bits(bits: u16) -> LetterSet {
        LetterSet(bits & 0x3ff)
    }

    pub const fn bits(self) -> u16 {
        self.0
    }

    /// The set holding only `digit` (0-9).
    pub const fn single(digit: u8) -> LetterSet {
        LetterSet(1 << digit)
    }

    /// The digits of a cell's candidates (a cell never holds 0).
    pub const fn from_cell(set: DigitSet) -> LetterSet {
        LetterSet(set.bits() << 1)
    }

    /// The digits 1-9 of the set, as a cell's candidates.
    pub const fn cell_digits(self) -> DigitSet {
        DigitSet::from_bits(self.0 >> 1)
    }

    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    pub const fn len(self) -> u32 {
        self.0.count_ones()
    }

    pub const fn contains(self, digit: u8) -> bool {
        digit < 10 && self.0 & (1 << digit) != 0
    }

    /// The only digit of a one-digit set.
    pub const fn single_digit(self) -> Option<u8> {
        if self.0 != 0 && self.0 & (self.0 - 1) == 0 {
            Some(self.0.trailing_zeros() as u8)
        } else {
            None
        }
    }

    /// The digits in increasing order.
    pub fn iter(self) -> impl Iterator<Item = u8> {
        bits(self.0).map(|digit| digit as u8)
    }
}

impl std::ops::BitAnd for LetterSet {
    type Output = LetterSet;
    fn bitand(self, rhs: LetterSet) -> LetterSet {
        LetterSet(self.0 & rhs.0)
    }
}

impl std::ops::Sub for LetterSet {
    type Output = LetterSet;
    fn sub(self, rhs: LetterSet) -> LetterSet {
        LetterSet(self.0 & !rhs.0)
    }
}

/// The candidates of every variable.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Domains {
    /// The digits each letter may stand for, A first.
    pub letters: [LetterSet; LETTERS],
    /// The digits each white cell may hold, in white-cell order.
    pub cells: Vec<DigitSet>,
    /// The sums each run's clue allows under `letters` (and its length allows): kept with
    /// the letters because the solver reads them for every run it picks.
    sums: Vec<SumSet>,
}

/// A full solution: each letter's digit and each white cell's digit.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Found {
    pub mapping: [u8; LETTERS],
    pub digits: Vec<u8>,
}

/// A variable to branch on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Var {
    Letter(usize),
    Cell(usize),
}

/// Letters whose candidates changed, as a bit set over A-J.
type LetterMask = u16;

/// The solver for one puzzle structure; cheap to build.
pub struct Solver<'a> {
    structure: &'a Structure,
    /// For each letter, the runs whose clue uses it.
    letter_runs: [Vec<u32>; LETTERS],
    /// For each letter, the white cells that show it.
    letter_cells: [Vec<u32>; LETTERS],
}

impl<'a> Solver<'a> {
    pub fn new(structure: &'a Structure) -> Solver<'a> {
        let mut letter_runs: [Vec<u32>; LETTERS] = Default::default();
        let mut letter_cells: [Vec<u32>; LETTERS] = Default::default();
        for (run, clue) in structure.clues.iter().enumerate() {
            for letter in clue.tens.into_iter().chain([clue.units]) {
                let runs = &mut letter_runs[letter.index()];
                if runs.last() != Some(&(run as u32)) {
                    runs.push(run as u32);
                }
            }
        }
        for (cell, shown) in structure.shown.iter().enumerate() {
            if let Some(letter) = shown {
                letter_cells[letter.index()].push(cell as u32);
            }
        }
        Solver {
            structure,
            letter_runs,
            letter_cells,
        }
    }

    /// Every letter with every digit (a shown letter without 0), every cell with 1-9 (a
    /// shown cell with its letter's digits).
    pub fn full_domains(&self) -> Domains {
        let mut letters = [LetterSet::ALL; LETTERS];
        for (letter, cells) in self.letter_cells.iter().enumerate() {
            if !cells.is_empty() {
                letters[letter] = letters[letter] - LetterSet::single(0);
            }
        }
        let layout = &self.structure.layout;
        let sums = layout
            .runs
            .iter()
            .zip(&self.structure.clues)
            .map(|(run, &clue)| clue_sums(clue, &letters) & reachable_sums(run.cells.len()))
            .collect();
        Domains {
            letters,
            cells: vec![DigitSet::ALL; layout.white_count()],
            sums,
        }
    }

    /// Counts solutions from `domains`, up to `limit`, returning the ones found.
    pub fn solve(
        &self,
        domains: Domains,
        limit: usize,
        budget: &mut Budget,
    ) -> SolveOutcome<Found> {
        let start = budget.used();
        let mut solutions = Vec::new();
        let mut queue = RunQueue::all(self.structure.layout.runs.len());
        let mut pool = vec![domains];
        let mut dirty = (1 << LETTERS) - 1;
        let result = match self.propagate(&mut pool[0], &mut queue, &mut dirty, budget) {
            Ok(()) => self.search(0, &mut pool, limit, &mut solutions, &mut queue, budget),
            Err(Halt::Contradiction) => Ok(()),
            Err(Halt::Stopped(stop)) => Err(stop),
        };
        SolveOutcome {
            solutions,
            complete: result.is_ok(),
            stopped: result.err(),
            steps: budget.used() - start,
        }
    }

    fn search(
        &self,
        depth: usize,
        pool: &mut Vec<Domains>,
        limit: usize,
        solutions: &mut Vec<Found>,
        queue: &mut RunQueue,
        budget: &mut Budget,
    ) -> Result<(), Stop> {
        if solutions.len() >= limit {
            return Ok(());
        }
        let Some(var) = self.branch_var(&pool[depth]) else {
            let domains = &pool[depth];
            let mut mapping = [0; LETTERS];
            for (digit, letter) in mapping.iter_mut().zip(&domains.letters) {
                *digit = letter.single_digit().unwrap_or(0);
            }
            solutions.push(Found {
                mapping,
                digits: domains
                    .cells
                    .iter()
                    .map(|set| set.smallest().unwrap_or(0))
                    .collect(),
            });
            return Ok(());
        };
        if pool.len() == depth + 1 {
            pool.push(pool[depth].clone());
        }
        let values: Vec<u8> = match var {
            Var::Letter(letter) => pool[depth].letters[letter].iter().collect(),
            Var::Cell(cell) => pool[depth].cells[cell].iter().collect(),
        };
        for value in values {
            if solutions.len() >= limit {
                break;
            }
            let (done, next) = pool.split_at_mut(depth + 1);
            let trial = &mut next[0];
            trial.clone_from(&done[depth]);
            let mut dirty = 0;
            match var {
                Var::Letter(letter) => {
                    trial.letters[letter] = LetterSet::single(value);
                    dirty |= 1 << letter;
                }
                Var::Cell(cell) => {
                    trial.cells[cell] = DigitSet::single(value);
                    for run in self.structure.layout.runs_of(cell) {
                        queue.push(run);
                    }
                    if let Some(letter) = self.structure.shown[cell] {
                        trial.letters[letter.index()] = LetterSet::single(value);
                        dirty |= 1 << letter.index();
                    }
                }
            }
            match self.propagate(trial, queue, &mut dirty, budget) {
                Ok(()) => self.search(depth + 1, pool, limit, solutions, queue, budget)?,
                Err(Halt::Contradiction) => {}
                Err(Halt::Stopped(stop)) => return Err(stop),
            }
        }
        Ok(())
    }

    /// The open variable with the fewest candidates, a letter before a cell on a tie (a
    /// letter reaches every run its clues and shown cells touch). None when all are fixed.
    fn branch_var(&self, domains: &Domains) -> Option<Var> {
        let mut best: Option<(u32, Var)> = None;
        for (letter, set) in domains.letters.iter().enumerate() {
            let count = set.len();
            if count > 1 && best.is_none_or(|(b, _)| count < b) {
                best = Some((count, Var::Letter(letter)));
            }
        }
        for (cell, set) in domains.cells.iter().enumerate() {
            let count = set.len();
            if count > 1 && best.is_none_or(|(b, _)| count < b) {
                best = Some((count, Var::Cell(cell)));
                if count == 2 {
                    break;
                }
            }
        }
        best.map(|(_, var)| var)
    }

    /// Runs the queued runs and the changed letters to the fixpoint; on a halt the queue and
    /// the changed letters are cleared for the next caller.
    fn propagate(
        &self,
        domains: &mut Domains,
        queue: &mut RunQueue,
        dirty: &mut LetterMask,
        budget: &mut Budget,
    ) -> Result<(), Halt> {
        let result = self.propagate_inner(domains, queue, dirty, budget);
        if result.is_err() {
            queue.clear();
            *dirty = 0;
        }
        result
    }

    fn propagate_inner(
        &self,
        domains: &mut Domains,
        queue: &mut RunQueue,
        dirty: &mut LetterMask,
        budget: &mut Budget,
    ) -> Result<(), Halt> {
        loop {
            // Letters first: they are cheap, and a narrower letter narrows the sums of every
            // run filtered after it.
            if *dirty != 0 {
                budget.step()?;
                let changed = *dirty
                    | all_different(&mut domains.letters).map_err(|_| Halt::Contradiction)?;
                *dirty = 0;
                for letter in bits(changed) {
                    for &run in &self.letter_runs[letter] {
                        let run = run as usize;
                        let len = self.structure.layout.runs[run].cells.len();
                        domains.sums[run] = clue_sums(self.structure.clues[run], &domains.letters)
                            & reachable_sums(len);
                        queue.push(run);
                    }
                    let allowed = domains.letters[letter].cell_digits();
                    for &cell in &self.letter_cells[letter] {
                        let cell = cell as usize;
                        let narrowed = domains.cells[cell] & allowed;
                        if narrowed != domains.cells[cell] {
                            if narrowed.is_empty() {
                                return Err(Halt::Contradiction);
                            }
                            domains.cells[cell] = narrowed;
                            for run in self.structure.layout.runs_of(cell) {
                                queue.push(run);
                            }
                        }
                    }
                }
            }
            // The run whose clue allows the fewest sums first: it narrows the most for the
            // least work, and a run with many sums is cheaper once the letters have narrowed.
            let sums = &domains.sums;
            let Some(run) = queue.pop_min_by_key(|run| sums[run].count_ones()) else {
                if *dirty == 0 {
                    return Ok(());
                }
                continue;
            };
            budget.step()?;
            self.filter_run(run, domains, queue, dirty)?;
        }
    }

    /// Filters one run against the sums its clue allows, both ways.
    fn filter_run(
        &self,
        run: usize,
        domains: &mut Domains,
        queue: &mut RunQueue,
        dirty: &mut LetterMask,
    ) -> Result<(), Halt> {
        let layout = &self.structure.layout;
        let cells = &layout.runs[run].cells;
        let len = cells.len();
        if len > MAX_RUN {
            return Err(Halt::Contradiction);
        }
        let clue = self.structure.clues[run];
        let sums = domains.sums[run];
        let mut before = [DigitSet::EMPTY; MAX_RUN];
        let mut after = [DigitSet::EMPTY; MAX_RUN];
        for (slot, &cell) in before.iter_mut().zip(cells) {
            *slot = domains.cells[cell as usize];
        }
        let feasible = fit_run_sums(&before[..len], sums, &mut after[..len]);
        if feasible == 0 {
            return Err(Halt::Contradiction);
        }
        for (i, &cell) in cells.iter().enumerate() {
            if after[i] == before[i] {
                continue;
            }
            let cell = cell as usize;
            domains.cells[cell] = after[i];
            for other in layout.runs_of(cell) {
                if other != run {
                    queue.push(other);
                }
            }
            if let Some(letter) = self.structure.shown[cell] {
                let letter = letter.index();
                let narrowed = domains.letters[letter] & LetterSet::from_cell(after[i]);
                if narrowed != domains.letters[letter] {
                    domains.letters[letter] = narrowed;
                    *dirty |= 1 << letter;
                }
            }
        }
        for (letter, narrowed) in clue_letters(clue, &domains.letters, feasible) {
            if narrowed.is_empty() {
                return Err(Halt::Contradiction);
            }
            if narrowed != domains.letters[letter] {
                domains.letters[letter] = narrowed;
                *dirty |= 1 << letter;
            }
        }
        Ok(())
    }
}

/// The indices of the set bits.
fn bits(mut mask: u16) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        if mask == 0 {
            return None;
        }
        let bit = mask.trailing_zeros() as usize;
        mask &= mask - 1;
        Some(bit)
    })
}

/// Tens digits a two-letter clue can have: a run adds up to 45 at most.
const TENS: LetterSet = LetterSet(0b1_1110);

/// The sums a clue allows under the letters' candidates.
fn clue_sums(clue: Clue, letters: &[LetterSet; LETTERS]) -> SumSet {
    let units = letters[clue.units.index()];
    match clue.tens {
        None => SumSet::from(units.bits()),
        Some(tens) if tens == clue.units => {
            (units & TENS).iter().fold(0, |acc, t| acc | 1 << (11 * t))
        }
        Some(tens) => (letters[tens.index()] & TENS).iter().fold(0, |acc, t| {
            let others = units - LetterSet::single(t);
            acc | SumSet::from(others.bits()) << (10 * t)
        }),
    }
}

/// Each letter of the clue with the candidates some feasible sum leaves it.
fn clue_letters(
    clue: Clue,
    letters: &[LetterSet; LETTERS],
    feasible: SumSet,
) -> impl Iterator<Item = (usize, LetterSet)> {
    let units_letter = clue.units.index();
    let units = letters[units_letter];
    let mut out = [
        (units_letter, LetterSet::EMPTY),
        (usize::MAX, LetterSet::EMPTY),
    ];
    let mut count = 1;
    match clue.tens {
        None => out[0].1 = units & LetterSet::from_bits(feasible as u16),
        Some(tens) if tens == clue.units => {
            out[0].1 = LetterSet::from_bits(
                (units & TENS)
                    .iter()
                    .filter(|&t| feasible & 1 << (11 * t) != 0)
                    .fold(0, |acc, t| acc | 1 << t),
            );
        }
        Some(tens) => {
            let mut kept_tens = LetterSet::EMPTY;
            let mut kept_units = LetterSet::EMPTY;
            for t in (letters[tens.index()] & TENS).iter() {
                let reached = LetterSet::from_bits((feasible >> (10 * t)) as u16)
                    & (units - LetterSet::single(t));
                if !reached.is_empty() {
                    kept_tens = LetterSet(kept_tens.0 | 1 << t);
                    kept_units = LetterSet(kept_units.0 | reached.0);
                }
            }
            out[0].1 = kept_units;
            out[1] = (tens.index(), kept_tens);
            count = 2;
        }
    }
    out.into_iter().take(count)
}

/// Singles and hidden singles over the letters until nothing changes; the letters changed.
fn all_different(letters: &mut [LetterSet; LETTERS]) -> Result<LetterMask, Contradiction> {
    let mut changed = 0;
    loop {
        let mut progress = false;
        let mut fixed = 0u16;
        for set in letters.iter() {
            if set.len() == 1 {
                if fixed & set.0 != 0 {
                    return Err(Contradiction);
                }
                fixed |= set.0;
            }
        }
        let mut once = 0u16;
        let mut more = 0u16;
        for (letter, set) in letters.iter_mut().enumerate() {
            if set.len() > 1 {
                let narrowed = LetterSet(set.0 & !fixed);
                if narrowed != *set {
                    if narrowed.is_empty() {
                        return Err(Contradiction);
                    }
                    *set = narrowed;
                    changed |= 1 << letter;
                    progress = true;
                }
            }
            more |= once & set.0;
            once |= set.0;
        }
        if once != LetterSet::ALL.0 {
            return Err(Contradiction);
        }
        let alone = once & !more;
        for (letter, set) in letters.iter_mut().enumerate() {
            let mine = set.0 & alone;
            if mine != 0 && mine != set.0 {
                if mine & (mine - 1) != 0 {
                    return Err(Contradiction);
                }
                *set = LetterSet(mine);
                changed |= 1 << letter;
                progress = true;
            }
        }
        if !progress {
            return Ok(changed);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn set(digits: &[u8]) -> LetterSet {
        LetterSet(digits.iter().fold(0, |acc, &d| acc | 1 << d))
    }

    #[test]
    fn letter_sets_convert_to_cell_digits() {
        let letters = set(&[0, 3, 9]);
        assert_eq!(letters.cell_digits(), DigitSet::from_iter([3, 9]));
        assert_eq!(
            LetterSet::from_cell(DigitSet::from_iter([1, 9])),
            set(&[1, 9])
        );
        assert_eq!(set(&[7]).single_digit(), Some(7));
        assert_eq!(set(&[0]).single_digit(), Some(0));
        assert_eq!(letters.iter().collect::<Vec<_>>(), vec![0, 3, 9]);
    }

    #[test]
    fn hidden_singles_and_the_tenth_letter() {
        let mut letters = [LetterSet::ALL; LETTERS];
        for (i, letter) in letters.iter_mut().enumerate().take(9) {
            *letter = LetterSet::single(i as u8 + 1);
        }
        // J appears nowhere: it takes the digit left, 0.
        let changed = all_different(&mut letters).unwrap();
        assert_eq!(changed, 1 << 9);
        assert_eq!(letters[9], set(&[0]));

        let mut letters = [set(&[1, 2]); LETTERS];
        assert_eq!(all_different(&mut letters), Err(Contradiction));
    }

    #[test]
    fn two_letter_clues_read_tens_and_units() {
        use crate::genres::kakuro_cryptic::model::Letter;
        let a = Letter::new(0).unwrap();
        let b = Letter::new(1).unwrap();
        let mut letters = [LetterSet::ALL; LETTERS];
        letters[0] = set(&[1, 2]);
        letters[1] = set(&[1, 5]);
        let sums = clue_sums(Clue::two(a, b), &letters);
        // 11 repeats a digit; 15, 21 and 25 remain.
        assert_eq!(sums, 1 << 15 | 1 << 21 | 1 << 25);
        let kept: Vec<_> = clue_letters(Clue::two(a, b), &letters, 1 << 21).collect();
        assert_eq!(kept, vec![(1, set(&[1])), (0, set(&[2]))]);
        let doubled = clue_sums(Clue::two(a, a), &letters);
        assert_eq!(doubled, 1 << 11 | 1 << 22);
    }
}
