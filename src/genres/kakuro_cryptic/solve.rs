//! The exact solver: the ten letters and the white cells are variables, propagation runs to a
//! fixpoint, then the variable with the fewest candidates is branched on, letters and cells
//! alike.
//!
//! Propagation has two parts:
//! - **Runs.** The clue's letters allow a set of sums (one letter: its digits; two letters:
//!   `10t + u` for a tens digit `t` of 1-4 and a different units digit `u`; a doubled letter:
//!   `11t`). The run's cells keep the digits they get in some filling by a combination of one
//!   of those sums (`fit_run_sums`, combination bitsets filtered by sum), and the clue's
//!   letters keep the digits of the sums that some filling reaches. A cell showing a letter
//!   has the letter's candidates, without 0, both ways.
//! - **Letters.** The letters are all different: a fixed letter's digit leaves the others
//!   (singles), and a digit only one letter still allows goes to it (hidden singles), which
//!   also gives a letter that appears nowhere the one digit left.
//!
//! The adaptive search ([`Strategy::Adaptive`]) adds to the letters' part one equation per
//! connected part of the grid: its across sums add up to the same as its down sums (both are
//! the sum of its cells), an equation over the letters alone, since each clue's value is
//! `10 * tens + units` (`equations.rs`). Bounds reasoning on it more than halves the steps on
//! generated 7x7 puzzles, where the sums alone leave many mappings open for long. At the
//! fixpoint it also counts each digit per connected part, across runs against down runs
//! (issue 19; `Regions::narrow_counts`), which the sums of single runs cannot see.
//!
//! A solution is the letter mapping and every cell's digit; two solutions differ in either.
//! One budget step is one run filtered or one pass of the letter reasoning (the equations
//! included).
//!
//! How the search picks the variable to branch on, and whether it starts over, is a
//! [`Strategy`]: [`Strategy::FewestCandidates`] for the generator and the rater, whose output
//! depends on its order and step counts, [`ADAPTIVE`] for solving a given puzzle. The search
//! itself is `crate::core::search`'s, over this file's model of the domains; the letters'
//! sets and reasoning are in `letters.rs`, the propagation in `propagate.rs`, the equations and
//! their bounds reasoning in `equations.rs`.

mod equations;
mod letters;
mod propagate;
mod sums;

use crate::core::search::{search, search_with, Model, Weigh, Weighted};
use crate::core::IndexQueue as RunQueue;
use crate::core::{Budget, DigitSet, Halt, SolveOutcome};
use crate::genres::sum_grid::combos::{reachable_sums, SumSet};
use crate::genres::sum_grid::regions::Regions;

use super::model::{Structure, LETTERS};
use equations::{equations, Equation};
use letters::{clue_sums, LetterDigits, LetterMask};

pub use letters::LetterSet;

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
    /// Each letter's digit, A first.
    pub mapping: [u8; LETTERS],
    /// Each white cell's digit, in white-cell order (row-major).
    pub digits: Vec<u8>,
}

/// How the search picks the variable to branch on, and whether it starts over. Under
/// [`Strategy::FewestCandidates`] a letter goes before a cell on a tie, and propagation is the
/// plain one; under [`Strategy::Adaptive`] the weights are those of the search model's
/// [`Weighted`] implementation (below), and propagation also reasons on the equations.
use crate::core::search::Strategy;

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

/// The solver for one puzzle structure; cheap to build.
pub struct Solver<'a> {
    structure: &'a Structure,
    /// For each letter, the runs whose clue uses it.
    letter_runs: [Vec<u32>; LETTERS],
    /// For each letter, the white cells that show it.
    letter_cells: [Vec<u32>; LETTERS],
    /// For each letter, the runs whose weights its weight adds (see the adaptive weights, the
    /// search model's [`Weighted`]): the runs
    /// whose clue uses it and the runs of the cells that show it, each once.
    letter_weight_runs: [Vec<u32>; LETTERS],
    /// One per connected part of the grid.
    equations: Vec<Equation>,
    /// The digit counts per connected part (issue 19), for the adaptive search.
    regions: Regions<'a>,
}

impl<'a> Solver<'a> {
    /// A solver for `structure`, with the runs and cells each letter touches.
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

    /// Counts solutions from `domains`, up to `limit`, searching with `strategy`: the plain
    /// search propagates as it always has, since the generator and the rater depend on its
    /// step counts; the adaptive one also reasons on the equations and the digit counts and
    /// skips runs whose sums a letter left as they were.
    pub fn solve_with(
        &self,
        strategy: Strategy,
        domains: Domains,
        limit: usize,
        budget: &mut Budget,
    ) -> SolveOutcome<Found> {
        match strategy {
            Strategy::FewestCandidates => {
                search(&mut DomainModel::<false>::new(self, domains), limit, budget)
            }
            Strategy::Adaptive { .. } | Strategy::Luby { .. } => search_with(
                &mut DomainModel::<true>::new(self, domains),
                strategy,
                limit,
                budget,
            ),
        }
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
}

/// The search's state: the domains, the runs waiting to be filtered and the letters changed
/// since the letters were last reasoned on, and the trail of undo entries. `EQUATIONS`: the
/// propagation of the adaptive search (see [`Solver::solve_with`]).
struct DomainModel<'s, 'a, const EQUATIONS: bool> {
    solver: &'s Solver<'a>,
    domains: Domains,
    queue: RunQueue,
    dirty: LetterMask,
    trail: Vec<Undo>,
}

/// One undo entry of the search. Cells and sums are noted as they change; the letters, ten
/// small sets that the letters' reasoning rewrites in place, are noted whole once per
/// assignment.
enum Undo {
    Cell(u32, DigitSet),
    Sums(u32, SumSet),
    Letters([LetterSet; LETTERS]),
}

impl<'s, 'a, const EQUATIONS: bool> DomainModel<'s, 'a, EQUATIONS> {
    /// Every run queued and every letter changed, for the first propagation.
    fn new(solver: &'s Solver<'a>, domains: Domains) -> Self {
        DomainModel {
            solver,
            domains,
            queue: RunQueue::all(solver.structure.layout.runs.len()),
            dirty: (1 << LETTERS) - 1,
            trail: Vec::new(),
        }
    }

    fn set_cell(&mut self, cell: usize, set: DigitSet) {
        self.trail
            .push(Undo::Cell(cell as u32, self.domains.cells[cell]));
        self.domains.cells[cell] = set;
    }

    fn set_sums(&mut self, run: usize, sums: SumSet) {
        if self.domains.sums[run] != sums {
            self.trail
                .push(Undo::Sums(run as u32, self.domains.sums[run]));
            self.domains.sums[run] = sums;
        }
    }
}

impl<const EQUATIONS: bool> Model for DomainModel<'_, '_, EQUATIONS> {
    type Var = Var;
    type Value = u8;
    type Values = LetterDigits;
    type Solution = Found;

    fn propagate<W: Weigh>(&mut self, weigh: &mut W, budget: &mut Budget) -> Result<(), Halt> {
        self.propagate_domains(weigh, budget)
    }

    fn fewest_candidates(&self) -> Option<Var> {
        self.solver.branch_var(&self.domains)
    }

    /// The candidates, in increasing order.
    fn values(&self, var: Var) -> LetterDigits {
        match var {
            Var::Letter(letter) => self.domains.letters[letter].iter(),
            Var::Cell(cell) => LetterSet::from_cell(self.domains.cells[cell]).iter(),
        }
    }

    /// Fixes the variable, queueing the runs of a fixed cell and marking a fixed letter (a
    /// cell's shown letter too) as changed.
    fn assign(&mut self, var: Var, value: u8) {
        self.trail.push(Undo::Letters(self.domains.letters));
        match var {
            Var::Letter(letter) => {
                self.domains.letters[letter] = LetterSet::single(value);
                self.dirty |= 1 << letter;
            }
            Var::Cell(cell) => {
                self.set_cell(cell, DigitSet::single(value));
                for run in self.solver.structure.layout.runs_of(cell) {
                    self.queue.push(run);
                }
                if let Some(letter) = self.solver.structure.shown[cell] {
                    self.domains.letters[letter.index()] = LetterSet::single(value);
                    self.dirty |= 1 << letter.index();
                }
            }
        }
    }

    fn mark(&self) -> usize {
        self.trail.len()
    }

    fn undo(&mut self, mark: usize) {
        for undo in self.trail.drain(mark..).rev() {
            match undo {
                Undo::Cell(cell, set) => self.domains.cells[cell as usize] = set,
                Undo::Sums(run, sums) => self.domains.sums[run as usize] = sums,
                Undo::Letters(letters) => self.domains.letters = letters,
            }
        }
    }

    fn solution(&self) -> Option<Found> {
        Some(found(&self.domains))
    }
}

/// The adaptive search's weights.
///
/// The constraints are the runs (a clue's letters with the run's cells) and the letters' own
/// reasoning (all different, and the equations), weighed as one, numbered after the runs. A cell's weight is its runs'
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
impl<const EQUATIONS: bool> Weighted for DomainModel<'_, '_, EQUATIONS> {
    fn constraint_count(&self) -> usize {
        self.solver.structure.layout.runs.len() + 1
    }

    fn is_open(&self, var: Var) -> bool {
        match var {
            Var::Letter(letter) => self.domains.letters[letter].len() > 1,
            Var::Cell(cell) => self.domains.cells[cell].len() > 1,
        }
    }

    /// Letters first, then cells in order.
    fn variables(&self) -> impl Iterator<Item = (Var, u32)> + '_ {
        let letters = self.domains.letters.iter().enumerate();
        let cells = self.domains.cells.iter().enumerate();
        letters
            .map(|(letter, set)| (Var::Letter(letter), set.len()))
            .chain(cells.map(|(cell, set)| (Var::Cell(cell), set.len())))
    }

    fn constraints_of(&self, var: Var) -> impl Iterator<Item = usize> + '_ {
        let layout = &self.solver.structure.layout;
        let (letter, cell) = match var {
            Var::Letter(letter) => (Some(letter), None),
            Var::Cell(cell) => (None, Some(cell)),
        };
        let letter_constraints = letter.into_iter().flat_map(move |letter| {
            std::iter::once(layout.runs.len()).chain(
                self.solver.letter_weight_runs[letter]
                    .iter()
                    .map(|&run| run as usize),
            )
        });
        letter_constraints.chain(cell.into_iter().flat_map(|cell| layout.runs_of(cell)))
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
