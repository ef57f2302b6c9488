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
//! The adaptive search ([`Strategy::Adaptive`]) adds to the letters' part one equation per
//! connected part of the grid: its across sums add up to the same as its down sums (both are
//! the sum of its cells), an equation over the letters alone, since each clue's value is
//! `10 * tens + units` ([`Equation`]). Bounds reasoning on it more than halves the steps on
//! generated 7x7 puzzles, where the sums alone leave many mappings open for long.
//!
//! A solution is the letter mapping and every cell's digit; two solutions differ in either.
//! One budget step is one run filtered or one pass of the letter reasoning (the equations
//! included).
//!
//! How the search picks the variable to branch on, and whether it starts over, is a
//! [`Strategy`]: [`Strategy::FewestCandidates`] for the generator and the rater, whose output
//! depends on its order and step counts, [`ADAPTIVE`] for solving a given puzzle.

use crate::core::search::{next_fail_limit, Searched};
use crate::core::{Budget, DigitSet, SolveOutcome, Stop};
use crate::genres::kakuro::combos::{fit_run_sums, reachable_sums, SumSet};
use crate::genres::kakuro::model::MAX_RUN;
use crate::genres::kakuro::regions::Regions;
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

/// How the search picks the variable to branch on, and whether it starts over. Under
/// [`Strategy::FewestCandidates`] a letter goes before a cell on a tie, and propagation is the
/// plain one; under [`Strategy::Adaptive`] the weights are [`Weights`], and propagation also
/// reasons on the equations ([`Propagation`]).
pub use crate::core::search::Strategy;

/// The adaptive search as [`crate::genres::kakuro_cryptic::solve_structure`] runs it. It
/// starts over later than the Kakuro search ([`Strategy::ADAPTIVE`]): a puzzle with one
/// solution has to be searched to the end anyway, and there a start-over only repeats work.
/// None of 1,000 generated 7x7 puzzles (seeds 0-999) fails 160 times (seed 96 fails more than
/// 128 times, and takes twice the steps when cut there), while on puzzles with many solutions
/// (random Kakuro fills written in letters, 10x10 to 16x16) the restarts still cut the worst
/// from 100,000-460,000 steps to under 20,000.
pub const ADAPTIVE: Strategy = Strategy::Adaptive { first_restart: 160 };

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
    /// For each letter, the runs whose weights its weight adds (see [`Weights`]): the runs
    /// whose clue uses it and the runs of the cells that show it, each once.
    letter_weight_runs: [Vec<u32>; LETTERS],
    /// One per connected part of the grid.
    equations: Vec<Equation>,
    /// The digit counts per connected part (issue 19), for the adaptive search.
    regions: Regions<'a>,
}

/// A connected part of the grid, as an equation: its across sums less its down sums, less its
/// cells in an across run, plus its cells in a down run, make 0. A cell in both cancels out,
/// so under the strict rules (every cell in two runs) only letters are left; `cells` holds the
/// cells in one run only, which the relaxed rules allow.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Equation {
    /// Each letter's coefficient: 10 per across clue it is the tens of, 1 per across clue it is
    /// the units of, negative for down clues.
    letters: [i32; LETTERS],
    cells: Vec<(u32, i32)>,
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
        let mut letter_weight_runs: [Vec<u32>; LETTERS] = Default::default();
        for (letter, runs) in letter_weight_runs.iter_mut().enumerate() {
            runs.extend(&letter_runs[letter]);
            for &cell in &letter_cells[letter] {
                runs.extend(
                    structure
                        .layout
                        .runs_of(cell as usize)
                        .map(|run| run as u32),
                );
            }
            runs.sort_unstable();
            runs.dedup();
        }
        Solver {
            structure,
            letter_runs,
            letter_cells,
            letter_weight_runs,
            equations: equations(structure),
            regions: Regions::new(&structure.layout),
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

    /// Counts solutions from `domains`, up to `limit`, returning the ones found, with
    /// [`Strategy::FewestCandidates`].
    pub fn solve(
        &self,
        domains: Domains,
        limit: usize,
        budget: &mut Budget,
    ) -> SolveOutcome<Found> {
        self.solve_with(Strategy::FewestCandidates, domains, limit, budget)
    }

    /// Counts solutions from `domains`, up to `limit`, searching with `strategy`.
    pub fn solve_with(
        &self,
        strategy: Strategy,
        domains: Domains,
        limit: usize,
        budget: &mut Budget,
    ) -> SolveOutcome<Found> {
        let start = budget.used();
        let mut solutions = Vec::new();
        let mut queue = RunQueue::all(self.structure.layout.runs.len());
        let mut pool = vec![domains];
        let mut dirty = (1 << LETTERS) - 1;
        let mut weights = Weights {
            runs: vec![1; self.structure.layout.runs.len()],
            letters: 1,
        };
        let propagated = match strategy {
            Strategy::FewestCandidates => {
                self.propagate(&mut pool[0], &mut queue, &mut dirty, budget, &mut Plain)
            }
            Strategy::Adaptive { .. } => {
                self.propagate(&mut pool[0], &mut queue, &mut dirty, budget, &mut weights)
            }
        };
        let result = match propagated {
            Ok(()) => match strategy {
                Strategy::FewestCandidates => {
                    self.search(0, &mut pool, limit, &mut solutions, &mut queue, budget)
                }
                Strategy::Adaptive { .. } => {
                    let mut search = Adaptive {
                        limit,
                        fail_limit: strategy.first_fail_limit(),
                        failures: 0,
                        weights,
                        last_conflict: None,
                    };
                    loop {
                        match self.search_adaptive(
                            0,
                            &mut pool,
                            &mut search,
                            &mut solutions,
                            &mut queue,
                            budget,
                        ) {
                            Ok(Searched::All) => break Ok(()),
                            Ok(Searched::CutShort) => {
                                search.fail_limit = next_fail_limit(search.fail_limit);
                                search.failures = 0;
                                search.last_conflict = None;
                            }
                            Err(stop) => break Err(stop),
                        }
                    }
                }
            },
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
            solutions.push(found(&pool[depth]));
            return Ok(());
        };
        if pool.len() == depth + 1 {
            pool.push(pool[depth].clone());
        }
        for value in values(&pool[depth], var) {
            if solutions.len() >= limit {
                break;
            }
            let mut dirty = self.trial(depth, pool, var, value, queue);
            match self.propagate(&mut pool[depth + 1], queue, &mut dirty, budget, &mut Plain) {
                Ok(()) => self.search(depth + 1, pool, limit, solutions, queue, budget)?,
                Err(Halt::Contradiction) => {}
                Err(Halt::Stopped(stop)) => return Err(stop),
            }
        }
        Ok(())
    }

    /// Sets `pool[depth + 1]` to `pool[depth]` with `var` fixed to `value`, queueing the runs
    /// of a fixed cell; returns the letters changed.
    fn trial(
        &self,
        depth: usize,
        pool: &mut [Domains],
        var: Var,
        value: u8,
        queue: &mut RunQueue,
    ) -> LetterMask {
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
        dirty
    }

    /// One start-over of the adaptive search below `pool[depth]`, recursively (the depth is
    /// at most the number of variables, a few hundred on the largest grid). A solution found
    /// before (in an earlier start-over) is not counted again.
    fn search_adaptive(
        &self,
        depth: usize,
        pool: &mut Vec<Domains>,
        search: &mut Adaptive,
        solutions: &mut Vec<Found>,
        queue: &mut RunQueue,
        budget: &mut Budget,
    ) -> Result<Searched, Stop> {
        if solutions.len() >= search.limit {
            return Ok(Searched::All);
        }
        let domains = &pool[depth];
        let open = |var: Var| match var {
            Var::Letter(letter) => domains.letters[letter].len() > 1,
            Var::Cell(cell) => domains.cells[cell].len() > 1,
        };
        let picked = search
            .last_conflict
            .filter(|&var| open(var))
            .or_else(|| self.weighted_branch_var(domains, &search.weights));
        let Some(var) = picked else {
            let solution = found(domains);
            if !solutions.contains(&solution) {
                solutions.push(solution);
            }
            return Ok(Searched::All);
        };
        if pool.len() == depth + 1 {
            pool.push(pool[depth].clone());
        }
        let known = solutions.len();
        for value in values(&pool[depth], var) {
            if solutions.len() >= search.limit {
                break;
            }
            let mut dirty = self.trial(depth, pool, var, value, queue);
            let trial = &mut pool[depth + 1];
            match self.propagate(trial, queue, &mut dirty, budget, &mut search.weights) {
                Ok(()) => {
                    if search.last_conflict == Some(var) {
                        search.last_conflict = None;
                    }
                    let below =
                        self.search_adaptive(depth + 1, pool, search, solutions, queue, budget)?;
                    if let Searched::CutShort = below {
                        return Ok(Searched::CutShort);
                    }
                }
                Err(Halt::Contradiction) => {
                    search.failures += 1;
                    if search.failures >= search.fail_limit {
                        return Ok(Searched::CutShort);
                    }
                }
                Err(Halt::Stopped(stop)) => return Err(stop),
            }
        }
        if known == solutions.len() {
            search.last_conflict = Some(var);
        }
        Ok(Searched::All)
    }

    /// The open variable with the fewest candidates per weight (see [`Weights`]), letters
    /// first among equals, then cells in order. None when all are fixed.
    fn weighted_branch_var(&self, domains: &Domains, weights: &Weights) -> Option<Var> {
        let mut best: Option<(u64, u64, Var)> = None;
        let mut consider = |count: u32, weight: u64, var: Var| {
            let count = u64::from(count);
            // count / weight < best_count / best_weight, without division.
            if count > 1
                && best.is_none_or(|(best_count, best_weight, _)| {
                    count * best_weight < best_count * weight
                })
            {
                best = Some((count, weight, var));
            }
        };
        for (letter, set) in domains.letters.iter().enumerate() {
            let weight = u64::from(weights.letters)
                + self.letter_weight_runs[letter]
                    .iter()
                    .map(|&run| u64::from(weights.runs[run as usize]))
                    .sum::<u64>();
            consider(set.len(), weight, Var::Letter(letter));
        }
        for (cell, set) in domains.cells.iter().enumerate() {
            let weight = self
                .structure
                .layout
                .runs_of(cell)
                .map(|run| u64::from(weights.runs[run]))
                .sum();
            consider(set.len(), weight, Var::Cell(cell));
        }
        best.map(|(_, _, var)| var)
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
    /// the changed letters are cleared for the next caller. How far it goes, and where a
    /// failed constraint is reported, is `mode`'s.
    fn propagate<M: Propagation>(
        &self,
        domains: &mut Domains,
        queue: &mut RunQueue,
        dirty: &mut LetterMask,
        budget: &mut Budget,
        mode: &mut M,
    ) -> Result<(), Halt> {
        let result = self.propagate_inner(domains, queue, dirty, budget, mode);
        if result.is_err() {
            queue.clear();
            *dirty = 0;
        }
        result
    }

    fn propagate_inner<M: Propagation>(
        &self,
        domains: &mut Domains,
        queue: &mut RunQueue,
        dirty: &mut LetterMask,
        budget: &mut Budget,
        mode: &mut M,
    ) -> Result<(), Halt> {
        loop {
            // Letters first: they are cheap, and a narrower letter narrows the sums of every
            // run filtered after it.
            if *dirty != 0 {
                budget.step()?;
                let Ok(narrowed) = all_different(&mut domains.letters) else {
                    mode.letters_failed();
                    return Err(Halt::Contradiction);
                };
                let changed = *dirty | narrowed;
                *dirty = 0;
                // Narrowed letters come back through `dirty`, to the next pass.
                if M::EQUATIONS && self.balance(domains, queue, dirty).is_err() {
                    mode.letters_failed();
                    return Err(Halt::Contradiction);
                }
                for letter in bits(changed) {
                    for &run in &self.letter_runs[letter] {
                        let run = run as usize;
                        let len = self.structure.layout.runs[run].cells.len();
                        let sums = clue_sums(self.structure.clues[run], &domains.letters)
                            & reachable_sums(len);
                        // A run whose sums did not change would narrow nothing new: its letters'
                        // digits are those of its sums, which the filtering kept.
                        if !M::EQUATIONS || sums != domains.sums[run] {
                            domains.sums[run] = sums;
                            queue.push(run);
                        }
                    }
                    let allowed = domains.letters[letter].cell_digits();
                    for &cell in &self.letter_cells[letter] {
                        let cell = cell as usize;
                        let narrowed = domains.cells[cell] & allowed;
                        if narrowed != domains.cells[cell] {
                            if narrowed.is_empty() {
                                // The cell's runs left it no digit the letter allows.
                                for run in self.structure.layout.runs_of(cell) {
                                    mode.run_failed(run);
                                }
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
                    // Issue 19 hook, adaptive search only: the digit counts at the fixpoint.
                    if M::EQUATIONS && self.count_digits(domains, queue, dirty, budget)? {
                        continue;
                    }
                    return Ok(());
                }
                continue;
            };
            budget.step()?;
            if let Err(halt) = self.filter_run(run, domains, queue, dirty) {
                mode.run_failed(run);
                return Err(halt);
            }
        }
    }

    /// Issue 19 hook: the digit counts of every connected part ([`Regions::narrow_counts`]),
    /// over the cells and the sums the letters still allow, at the propagation's fixpoint.
    /// Every cell it narrows has its runs queued (and the letter it shows narrowed); true when
    /// something changed. Its steps are spent from `budget`; a contradiction is
    /// [`Halt::Contradiction`], with nothing weighed. The domains are copied per search level,
    /// so its changes are undone with them.
    fn count_digits(
        &self,
        domains: &mut Domains,
        queue: &mut RunQueue,
        dirty: &mut LetterMask,
        budget: &mut Budget,
    ) -> Result<bool, Halt> {
        let mut narrowed = Vec::new();
        let changed = self.regions.narrow_counts(
            &mut domains.cells,
            &domains.sums,
            budget,
            &mut |cell, _| narrowed.push(cell as usize),
        )?;
        for cell in narrowed {
            for run in self.structure.layout.runs_of(cell) {
                queue.push(run);
            }
            if let Some(letter) = self.structure.shown[cell] {
                let letter = letter.index();
                let kept = domains.letters[letter] & LetterSet::from_cell(domains.cells[cell]);
                if kept.is_empty() {
                    return Err(Halt::Contradiction);
                }
                if kept != domains.letters[letter] {
                    domains.letters[letter] = kept;
                    *dirty |= 1 << letter;
                }
            }
        }
        Ok(changed)
    }

    /// Bounds reasoning on the equations: each variable keeps the values the ranges of the
    /// others can balance, until nothing changes. Narrowed letters go to `dirty`; a narrowed
    /// cell queues its runs (and narrows the letter it shows).
    fn balance(
        &self,
        domains: &mut Domains,
        queue: &mut RunQueue,
        dirty: &mut LetterMask,
    ) -> Result<(), Contradiction> {
        for equation in &self.equations {
            loop {
                // The least and greatest values of the whole left side.
                let mut low = 0;
                let mut high = 0;
                for (letter, &a) in equation.letters.iter().enumerate() {
                    let (l, h) = term_range(a, domains.letters[letter].bits());
                    low += l;
                    high += h;
                }
                for &(cell, a) in &equation.cells {
                    let (l, h) = term_range(a, domains.cells[cell as usize].bits() << 1);
                    low += l;
                    high += h;
                }
                if low > 0 || high < 0 {
                    return Err(Contradiction);
                }
                // Value v of a term a * x stays when a * v and the other terms can make 0.
                let keep = |a: i32, set: u16| -> u16 {
                    let (l, h) = term_range(a, set);
                    let (others_low, others_high) = (low - l, high - h);
                    let mut kept = 0;
                    for v in bits(set) {
                        let t = a * v as i32;
                        if t + others_low <= 0 && t + others_high >= 0 {
                            kept |= 1 << v;
                        }
                    }
                    kept
                };
                let mut changed = false;
                for (letter, &a) in equation.letters.iter().enumerate() {
                    if a == 0 {
                        continue;
                    }
                    let set = domains.letters[letter];
                    let kept = LetterSet::from_bits(keep(a, set.bits()));
                    if kept != set {
                        if kept.is_empty() {
                            return Err(Contradiction);
                        }
                        domains.letters[letter] = kept;
                        *dirty |= 1 << letter;
                        changed = true;
                    }
                }
                for &(cell, a) in &equation.cells {
                    let cell = cell as usize;
                    let set = domains.cells[cell];
                    let kept = DigitSet::from_bits(keep(a, set.bits() << 1) >> 1);
                    if kept == set {
                        continue;
                    }
                    if kept.is_empty() {
                        return Err(Contradiction);
                    }
                    domains.cells[cell] = kept;
                    changed = true;
                    for run in self.structure.layout.runs_of(cell) {
                        queue.push(run);
                    }
                    if let Some(letter) = self.structure.shown[cell] {
                        let letter = letter.index();
                        let narrowed = domains.letters[letter] & LetterSet::from_cell(kept);
                        if narrowed.is_empty() {
                            return Err(Contradiction);
                        }
                        if narrowed != domains.letters[letter] {
                            domains.letters[letter] = narrowed;
                            *dirty |= 1 << letter;
                        }
                    }
                }
                // The ranges were read before the narrowing: go again until it holds.
                if !changed {
                    break;
                }
            }
        }
        Ok(())
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

/// The candidates of a variable, in increasing order.
fn values(domains: &Domains, var: Var) -> Vec<u8> {
    match var {
        Var::Letter(letter) => domains.letters[letter].iter().collect(),
        Var::Cell(cell) => domains.cells[cell].iter().collect(),
    }
}

/// The solution of domains whose variables are all fixed.
fn found(domains: &Domains) -> Found {
    let mut mapping = [0; LETTERS];
    for (digit, letter) in mapping.iter_mut().zip(&domains.letters) {
        *digit = letter.single_digit().unwrap_or(0);
    }
    Found {
        mapping,
        digits: domains
            .cells
            .iter()
            .map(|set| set.smallest().unwrap_or(0))
            .collect(),
    }
}

/// The least and greatest values of `a * x` for `x` in the digits `bits` (bit `d` for digit
/// `d`); (0, 0) when `a` is 0 or `bits` empty.
fn term_range(a: i32, bits: u16) -> (i32, i32) {
    if a == 0 || bits == 0 {
        return (0, 0);
    }
    let least = bits.trailing_zeros() as i32;
    let greatest = 15 - bits.leading_zeros() as i32;
    if a > 0 {
        (a * least, a * greatest)
    } else {
        (a * greatest, a * least)
    }
}

/// The equations of a structure, one per connected part of the grid (runs joined by the cells
/// they cross), those with no term left out.
fn equations(structure: &Structure) -> Vec<Equation> {
    let layout = &structure.layout;
    // Union-find over the runs.
    let mut parent: Vec<usize> = (0..layout.runs.len()).collect();
    fn root(parent: &mut [usize], mut run: usize) -> usize {
        while parent[run] != run {
            parent[run] = parent[parent[run]];
            run = parent[run];
        }
        run
    }
    for cell in 0..layout.white_count() {
        let mut runs = layout.runs_of(cell);
        if let (Some(a), Some(b)) = (runs.next(), runs.next()) {
            let (a, b) = (root(&mut parent, a), root(&mut parent, b));
            parent[a] = b;
        }
    }
    let mut index = vec![usize::MAX; layout.runs.len()];
    let mut equations: Vec<Equation> = Vec::new();
    for (run, (cells, clue)) in layout.runs.iter().zip(&structure.clues).enumerate() {
        let (down, cells) = (cells.down, &cells.cells);
        let part = root(&mut parent, run);
        if index[part] == usize::MAX {
            index[part] = equations.len();
            equations.push(Equation {
                letters: [0; LETTERS],
                cells: Vec::new(),
            });
        }
        let equation = &mut equations[index[part]];
        let sign = if down { -1 } else { 1 };
        if let Some(tens) = clue.tens {
            equation.letters[tens.index()] += 10 * sign;
        }
        equation.letters[clue.units.index()] += sign;
        for &cell in cells {
            if layout.runs_of(cell as usize).count() == 1 {
                equation.cells.push((cell, -sign));
            }
        }
    }
    equations
        .retain(|equation| equation.letters.iter().any(|&a| a != 0) || !equation.cells.is_empty());
    equations
}

/// How far propagation goes, and where it reports the constraint whose filtering failed: the
/// plain search ([`Plain`]) propagates as it always has, since the generator and the rater
/// depend on its step counts; the adaptive one ([`Weights`]) also reasons on the equations,
/// skips runs whose sums a letter left as they were, and weighs what failed.
trait Propagation {
    /// Whether to reason on the equations (and skip runs whose sums did not change).
    const EQUATIONS: bool;
    fn run_failed(&mut self, run: usize);
    fn letters_failed(&mut self);
}

/// The plain search's propagation.
struct Plain;

impl Propagation for Plain {
    const EQUATIONS: bool = false;
    #[inline]
    fn run_failed(&mut self, _run: usize) {}
    #[inline]
    fn letters_failed(&mut self) {}
}

/// The adaptive search's weights: one plus the times each constraint failed.
///
/// The constraints are the runs (a clue's letters with the run's cells) and the letters' own
/// reasoning (all different, and the equations), weighed as one. A cell's weight is its runs'
/// weights added, as in the Kakuro solver. A letter is a variable too; its weight is the
/// letters' weight plus the weights of the runs its changes reach at once: the runs whose clue
/// uses it and the runs of the cells showing it (a shown cell is the letter). So a letter
/// whose clues keep failing is branched on sooner, and a failing all-different moves every
/// open letter ahead of the cells, which settles the mapping before digits are guessed under
/// it. A cell emptied by its letter weighs the cell's runs, which reach both the cell and the
/// letter.
///
/// Before any failure a letter weighs several times what a cell does (it is in a few clues,
/// a cell in two runs), so the search starts on the letters, as the equations want: fixing a
/// letter narrows every run it is in. Weighing only the clue runs, or adding the letter's
/// coefficients in the equations, changed the step counts by a few percent either way.
struct Weights {
    runs: Vec<u32>,
    letters: u32,
}

impl Propagation for Weights {
    const EQUATIONS: bool = true;

    #[inline]
    fn run_failed(&mut self, run: usize) {
        self.runs[run] = self.runs[run].saturating_add(1);
    }

    #[inline]
    fn letters_failed(&mut self) {
        self.letters = self.letters.saturating_add(1);
    }
}

/// What the adaptive search carries from node to node and from one start-over to the next.
struct Adaptive {
    limit: usize,
    /// Failures after which this start-over is cut short, and the failures so far.
    fail_limit: u64,
    failures: u64,
    weights: Weights,
    /// The variable all of whose values failed last, until one of its values holds.
    last_conflict: Option<Var>,
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

    /// The Project Euler example (line 1), whose mapping is 8426039571.
    const EXAMPLE: &str = "6,X,X,(vCC),(vI),X,X,X,(hH),B,O,(vCA),(vJE),X,(hFE,vD),O,O,O,O,(hA),O,I,(hJC,vB),O,O,(hJC),H,O,O,O,X,X,X,(hJE),O,O,X";
    const EXAMPLE_MAPPING: [u8; LETTERS] = [8, 4, 2, 6, 0, 3, 9, 5, 7, 1];

    #[test]
    fn the_across_sums_balance_the_down_sums() {
        let (_, structure) = crate::genres::kakuro_cryptic::format::read_line(EXAMPLE).unwrap();
        let solver = Solver::new(&structure);
        assert_eq!(solver.equations.len(), 1);
        let equation = &solver.equations[0];
        assert!(equation.cells.is_empty());
        let total: i32 = equation
            .letters
            .iter()
            .zip(EXAMPLE_MAPPING)
            .map(|(&a, digit)| a * i32::from(digit))
            .sum();
        assert_eq!(total, 0);
        // With every other letter of the equation fixed, the equation fixes the last one.
        for last in (0..LETTERS).filter(|&letter| equation.letters[letter] != 0) {
            let mut domains = solver.full_domains();
            for (letter, &digit) in EXAMPLE_MAPPING.iter().enumerate() {
                if letter != last && equation.letters[letter] != 0 {
                    domains.letters[letter] = LetterSet::single(digit);
                }
            }
            let mut dirty = 0;
            let mut queue = RunQueue::all(0);
            solver
                .balance(&mut domains, &mut queue, &mut dirty)
                .unwrap();
            assert_eq!(
                domains.letters[last],
                LetterSet::single(EXAMPLE_MAPPING[last]),
                "letter {last}"
            );
            assert_eq!(dirty, 1 << last);
        }
    }

    /// Cells in one run only (the relaxed rules) stay in the equation: here the across sum B
    /// covers cells 0 and 1, the down sum A cells 0 and 2, so B - A - cell 1 + cell 2 = 0.
    #[test]
    fn cells_in_one_run_stay_in_the_equation() {
        let (_, structure) =
            crate::genres::kakuro_cryptic::format::read_line("3,X,(vA),X,(hB),O,O,X,O,X").unwrap();
        let solver = Solver::new(&structure);
        let [equation] = &solver.equations[..] else {
            panic!("{:?}", solver.equations)
        };
        assert_eq!(equation.letters, [-1, 1, 0, 0, 0, 0, 0, 0, 0, 0]);
        let mut cells = equation.cells.clone();
        cells.sort();
        assert_eq!(cells, vec![(1, -1), (2, 1)]);
        let mut domains = solver.full_domains();
        domains.letters[0] = LetterSet::single(9);
        domains.letters[1] = LetterSet::single(3);
        domains.cells[2] = DigitSet::from_iter([1, 2, 3]);
        let (mut queue, mut dirty) = (RunQueue::all(2), 0);
        while queue.pop().is_some() {}
        // 3 - 9 - cell 1 + cell 2 = 0: cell 2 is at least 7, so no digit is left it.
        assert_eq!(
            solver.balance(&mut domains, &mut queue, &mut dirty),
            Err(Contradiction)
        );
        let mut domains = solver.full_domains();
        domains.letters[0] = LetterSet::single(3);
        domains.letters[1] = LetterSet::single(9);
        // 9 - 3 - cell 1 + cell 2 = 0: cell 1 is 7 to 9, cell 2 1 to 3.
        solver
            .balance(&mut domains, &mut queue, &mut dirty)
            .unwrap();
        assert_eq!(domains.cells[1], DigitSet::from_iter([7, 8, 9]));
        assert_eq!(domains.cells[2], DigitSet::from_iter([1, 2, 3]));
        // Both runs are queued to filter the narrowed cells.
        assert!(queue.pop().is_some() && queue.pop().is_some());
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
