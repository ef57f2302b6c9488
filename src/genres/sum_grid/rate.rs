//! The kakuro-human rater (rater version 1) of a sum-grid layout, Kakuro's and cryptic
//! Kakuro's: solve as a person would, always with the easiest technique that makes progress,
//! and rate the puzzle by the hardest technique it needed. The loop and the record are
//! [`crate::core::rater`]'s; this file is the ladder it runs (where each technique is tried,
//! and what a deduction changes).
//!
//! Each application of a technique is one deduction, recorded in order with the cells it read
//! and the digits it placed or removed:
//! - `digit_used`: one written cell, its digit removed from the other cells of its runs;
//! - `single`: one cell written in;
//! - `sum_combinations`, `combination_fit`: one run narrowed;
//! - `only_cell`: one digit placed (and written in);
//! - `short_contradiction`, `contradiction`: one cell, every refuted digit removed.
//!
//! Runs are examined in ID order (by their clue block, row-major, down first) and cells in
//! reading order, so the record is deterministic. A puzzle the techniques cannot finish is
//! rated [`Level::BeyondExpert`]. One budget step is one technique tried at one place, or one
//! run narrowed inside a hypothesis.
//!
//! [`grade`] reaches the same level without recording: the Easy and Medium techniques only
//! ever remove candidates, and remove more from fewer, so those stages end in the same
//! candidates whatever order they apply in; the contradiction deductions are taken one at a
//! time exactly as the recording rater takes them. A test keeps the two in agreement.

use std::cmp::Reverse;
use std::collections::{BinaryHeap, VecDeque};

use crate::core::descriptors::Hundredths;
use crate::core::rater::{self, Applied, Ladder};
use crate::core::{Budget, Deduction, DigitSet, Level, Placement, Rating, Removal, Stop};

use super::describe;
use super::layout::{Layout, MAX_RUN};
use super::solve::{Halt, Solver};
use super::techniques::probe::Prober;
use super::techniques::{
    combination_fit, contradiction, digit_used, easy_fit, only_cell, short_contradiction, single,
    sum_combinations, Contradiction, Technique,
};

/// Rates a checked layout.
pub fn rate_layout(layout: &Layout, budget: &mut Budget) -> Rating {
    let solver = Solver::new(layout);
    rater::rate(Rater::new(&solver), describe::describe(layout), budget)
}

/// The score's points for a technique (see [`crate::core::score`]): within the Easy level, a
/// sum's combinations narrowing a run weighs more than writing a cell in, and a digit with one
/// place left in its run more again.
fn points(technique: Technique) -> u32 {
    match technique {
        Technique::DigitUsed | Technique::Single => 0,
        Technique::SumCombinations => 1,
        Technique::OnlyCell => 2,
        Technique::CombinationFit | Technique::ShortContradiction | Technique::Contradiction => 1,
    }
}

/// Rates on from a player's position: `givens` (white-cell index and digit) are written in
/// first, as the player wrote them, and the rater runs in its usual order until a deduction
/// writes a cell that is not a given. The record up to and including that deduction; `None`
/// when the techniques get stuck (or a rule breaks) before one does.
pub fn replay_to_placement(
    layout: &Layout,
    givens: &[(usize, u8)],
    budget: &mut Budget,
) -> Result<Option<Vec<Deduction>>, Stop> {
    let solver = Solver::new(layout);
    let mut rater = Rater::new(&solver);
    for &(cell, digit) in givens {
        rater.cands[cell] = DigitSet::single(digit);
        rater.written[cell] = true;
        rater.announce.push_back(cell);
    }
    rater::replay_to_placement(rater, budget)
}

/// Run techniques in the order the rater tries them.
const RUN_TECHNIQUES: [Technique; 3] = [
    Technique::SumCombinations,
    Technique::OnlyCell,
    Technique::CombinationFit,
];

/// The kakuro-human ladder: the candidates, what is written, and where each technique may find
/// something.
struct Rater<'s, 'l> {
    solver: &'s Solver<'l>,
    prober: Prober<'s, 'l>,
    cands: Vec<DigitSet>,
    written: Vec<bool>,
    /// Written cells whose digit `digit_used` has not yet cleared from their runs.
    announce: VecDeque<usize>,
    /// Cells with one candidate that are not written yet, smallest index first.
    fixed: BinaryHeap<Reverse<usize>>,
    /// For each run technique, the runs changed since it last found nothing there.
    dirty: [RunSet; 3],
}

/// A set of runs as bits, with the smallest member found by scanning words.
#[derive(Clone)]
struct RunSet {
    words: Vec<u64>,
}

impl RunSet {
    fn full(runs: usize) -> RunSet {
        let mut words = vec![u64::MAX; runs.div_ceil(64)];
        if runs % 64 != 0 {
            if let Some(last) = words.last_mut() {
                *last = (1u64 << (runs % 64)) - 1;
            }
        }
        RunSet { words }
    }

    fn first(&self) -> Option<usize> {
        self.words
            .iter()
            .enumerate()
            .find(|(_, &word)| word != 0)
            .map(|(i, word)| i * 64 + word.trailing_zeros() as usize)
    }

    fn insert(&mut self, run: usize) {
        self.words[run / 64] |= 1 << (run % 64);
    }

    fn remove(&mut self, run: usize) {
        self.words[run / 64] &= !(1 << (run % 64));
    }
}

/// What one deduction changes.
struct Change {
    technique: Technique,
    cells: Vec<usize>,
    clue: Option<(usize, usize)>,
    narrowed: Vec<(usize, DigitSet)>,
    write: Option<usize>,
    /// A contradiction's chain length and its cell's candidates (0 and 0 otherwise).
    hypothesis: (u32, u32),
}

impl<'s, 'l> Rater<'s, 'l> {
    fn new(solver: &'s Solver<'l>) -> Rater<'s, 'l> {
        let runs = RunSet::full(solver.layout().runs.len());
        Rater {
            solver,
            prober: Prober::new(solver),
            cands: solver.full_candidates(),
            written: vec![false; solver.layout().white_count()],
            announce: VecDeque::new(),
            fixed: BinaryHeap::new(),
            dirty: [runs.clone(), runs.clone(), runs],
        }
    }

    fn digit_used(&mut self) -> Option<Change> {
        while let Some(cell) = self.announce.pop_front() {
            let digit = self.cands[cell].single_digit()?;
            let peers = digit_used::peers_with(self.solver.layout(), &self.cands, cell, digit);
            if !peers.is_empty() {
                let narrowed = peers
                    .into_iter()
                    .map(|peer| (peer, self.cands[peer] - DigitSet::single(digit)))
                    .collect();
                return Some(Change {
                    technique: Technique::DigitUsed,
                    cells: vec![cell],
                    clue: None,
                    narrowed,
                    write: None,
                    hypothesis: (0, 0),
                });
            }
        }
        None
    }

    fn single(&mut self) -> Option<Change> {
        while let Some(Reverse(cell)) = self.fixed.pop() {
            if !self.written[cell] && single::digit_to_write(self.cands[cell]).is_some() {
                return Some(Change {
                    technique: Technique::Single,
                    cells: vec![cell],
                    clue: None,
                    narrowed: Vec::new(),
                    write: Some(cell),
                    hypothesis: (0, 0),
                });
            }
        }
        None
    }

    fn run_technique(
        &self,
        technique: Technique,
        run: usize,
    ) -> Result<Option<Change>, Contradiction> {
        let layout = self.solver.layout();
        let cells = &layout.runs[run].cells;
        let len = cells.len();
        if len > MAX_RUN {
            return Err(Contradiction);
        }
        let mut before = [DigitSet::EMPTY; MAX_RUN];
        for (slot, &cell) in before.iter_mut().zip(cells) {
            *slot = self.cands[cell as usize];
        }
        let before = &before[..len];
        let combos = self.solver.run_combos(run);
        let mut after = [DigitSet::EMPTY; MAX_RUN];
        let change = |narrowed: Vec<(usize, DigitSet)>, write| Change {
            technique,
            cells: cells.iter().map(|&c| c as usize).collect(),
            clue: Some(layout.runs[run].clue),
            narrowed,
            write,
            hypothesis: (0, 0),
        };
        let narrowed_cells = |after: &[DigitSet]| -> Vec<(usize, DigitSet)> {
            cells
                .iter()
                .zip(after.iter().zip(before))
                .filter(|(_, (a, b))| a != b)
                .map(|(&cell, (&a, _))| (cell as usize, a))
                .collect()
        };
        Ok(match technique {
            Technique::SumCombinations => {
                sum_combinations::narrow(before, combos, &mut after[..len])?
                    .then(|| change(narrowed_cells(&after[..len]), None))
            }
            Technique::CombinationFit => {
                combination_fit::narrow(before, combos, &mut after[..len])?
                    .then(|| change(narrowed_cells(&after[..len]), None))
            }
            Technique::OnlyCell => {
                only_cell::placements(before, combos)?
                    .first()
                    .map(|&(i, digit)| {
                        let cell = cells[i] as usize;
                        change(vec![(cell, DigitSet::single(digit))], Some(cell))
                    })
            }
            _ => unreachable!("not a run technique"),
        })
    }
}

impl Ladder for Rater<'_, '_> {
    type Change = Change;

    fn next_change(
        &mut self,
        budget: &mut Budget,
    ) -> Result<Result<Option<Change>, Contradiction>, Stop> {
        if let Some(change) = self.digit_used() {
            return Ok(Ok(Some(change)));
        }
        if let Some(change) = self.single() {
            return Ok(Ok(Some(change)));
        }
        for (slot, technique) in RUN_TECHNIQUES.into_iter().enumerate() {
            while let Some(run) = self.dirty[slot].first() {
                budget.step()?;
                match self.run_technique(technique, run) {
                    Err(contradiction) => return Ok(Err(contradiction)),
                    Ok(Some(change)) => return Ok(Ok(Some(change))),
                    Ok(None) => {
                        self.dirty[slot].remove(run);
                    }
                }
            }
        }
        if self.written.iter().all(|&w| w) {
            return Ok(Ok(None));
        }
        let prober = &self.prober;
        for (technique, find) in [
            (
                Technique::ShortContradiction,
                short_contradiction::find as fn(&Prober, &mut [DigitSet], &mut Budget) -> _,
            ),
            (Technique::Contradiction, contradiction::find),
        ] {
            if let Some(refutation) = find(prober, &mut self.cands, budget)? {
                let cell = refutation.cell;
                let left = self.cands[cell] - refutation.digits;
                if left.is_empty() {
                    return Ok(Err(Contradiction));
                }
                return Ok(Ok(Some(Change {
                    technique,
                    cells: vec![cell],
                    clue: None,
                    narrowed: vec![(cell, left)],
                    write: None,
                    hypothesis: (refutation.steps, self.cands[cell].len()),
                })));
            }
        }
        Ok(Ok(None))
    }

    /// Applies a change: the deduction it is.
    fn apply(&mut self, change: Change) -> Applied {
        let layout = self.solver.layout();
        let position = |cell: usize| {
            let (row, col) = layout.whites[cell];
            [row, col]
        };
        let mut removed = Vec::new();
        for &(cell, new) in &change.narrowed {
            let old = self.cands[cell];
            let gone = old - new;
            if gone.is_empty() {
                continue;
            }
            let [row, col] = position(cell);
            removed.push(Removal {
                row,
                col,
                values: gone.to_string(),
            });
            self.cands[cell] = new;
            if new.is_single() && !self.written[cell] {
                self.fixed.push(Reverse(cell));
            }
            for run in layout.runs_of(cell) {
                for dirty in &mut self.dirty {
                    dirty.insert(run);
                }
            }
        }
        let mut placed = Vec::new();
        if let Some(cell) = change.write {
            self.written[cell] = true;
            self.announce.push_back(cell);
            let [row, col] = position(cell);
            let digit = self.cands[cell].single_digit().unwrap_or(0);
            placed.push(Placement {
                row,
                col,
                value: (b'0' + digit) as char,
            });
        }
        let (chain, candidates) = change.hypothesis;
        Applied {
            deduction: Deduction {
                technique: change.technique.name(),
                level: change.technique.level(),
                cells: change.cells.into_iter().map(position).collect(),
                clue: change.clue.map(|(row, col)| [row, col]),
                placed,
                removed,
            },
            points: points(change.technique),
            chain,
            candidates,
        }
    }

    fn level(change: &Change) -> Option<Level> {
        change.technique.level()
    }

    fn places(change: &Change) -> bool {
        change.write.is_some()
    }

    /// Every cell written in (a broken rule, which the loop reports, leaves it unsolved).
    fn solved(&self) -> bool {
        self.written.iter().all(|&w| w)
    }

    fn mean_candidates(&self) -> Hundredths {
        describe::mean_candidates(&self.cands)
    }
}

/// How far the techniques got, without the record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Grade {
    /// The level that finished the puzzle; `BeyondExpert` when every technique got stuck;
    /// `None` when the techniques up to the ceiling got stuck, or a rule broke.
    pub level: Option<Level>,
    /// True when a rule broke (the puzzle has no solution).
    pub broken: bool,
    /// The candidates where the techniques stopped.
    pub cands: Vec<DigitSet>,
}

impl Grade {
    /// White cells the techniques left open.
    pub fn open_cells(&self) -> impl Iterator<Item = usize> + '_ {
        self.cands
            .iter()
            .enumerate()
            .filter(|(_, c)| !c.is_single())
            .map(|(i, _)| i)
    }
}

/// The rating's level, computed stage by stage and stopping after `ceiling`.
pub fn grade(solver: &Solver, ceiling: Level, budget: &mut Budget) -> Result<Grade, Stop> {
    let mut cands = solver.full_candidates();
    let solved = |cands: &[DigitSet]| cands.iter().all(|c| c.is_single());
    let finish = |level: Option<Level>, broken: bool, cands: Vec<DigitSet>| {
        Ok(Grade {
            level,
            broken,
            cands,
        })
    };

    if easy_fixpoint(solver, &mut cands, budget)?.is_err() {
        return finish(None, true, cands);
    }
    if solved(&cands) {
        return finish(Some(Level::Easy), false, cands);
    }
    if ceiling == Level::Easy {
        return finish(None, false, cands);
    }
    let mut queue = solver.all_runs();
    match solver.propagate(&mut cands, &mut queue, budget) {
        Err(Halt::Contradiction) => return finish(None, true, cands),
        Err(Halt::Stopped(stop)) => return Err(stop),
        Ok(()) => {}
    }
    if solved(&cands) {
        return finish(Some(Level::Medium), false, cands);
    }
    if ceiling == Level::Medium {
        return finish(None, false, cands);
    }
    let prober = Prober::new(solver);
    if hard_fixpoint(solver, &prober, &mut cands, budget)?.is_err() {
        return finish(None, true, cands);
    }
    if solved(&cands) {
        return finish(Some(Level::Hard), false, cands);
    }
    if ceiling == Level::Hard {
        return finish(None, false, cands);
    }
    while let Some(refutation) = contradiction::find(&prober, &mut cands, budget)? {
        let cell = refutation.cell;
        cands[cell] -= refutation.digits;
        if cands[cell].is_empty() || narrow_from(solver, &mut cands, &[cell], budget)?.is_err() {
            return finish(None, true, cands);
        }
        if hard_fixpoint(solver, &prober, &mut cands, budget)?.is_err() {
            return finish(None, true, cands);
        }
        if solved(&cands) {
            return finish(Some(Level::Expert), false, cands);
        }
    }
    finish(Some(Level::BeyondExpert), false, cands)
}

/// [`grade`] up to Medium for a caller to whom a puzzle the Easy techniques solve is the same
/// answer as one that needs Medium (a hard or expert target rejects both, `any` takes both):
/// a puzzle they solve is rated Medium whichever of the two finishes it, and the Easy pass is
/// skipped. The candidates are `grade`'s: run filtering (`combination_fit`, which every Easy
/// technique is part of) from every digit in every cell ends at the greatest set of
/// candidates that no run's fit narrows, and so does `grade`'s Easy fixpoint followed by it,
/// because no Easy or Medium narrowing of candidates that hold that set removes any of it
/// (each of its digits has a filling of the run within it) and both paths end where no fit
/// narrows. The steps are this path's, not `grade`'s. Where a rule breaks, the candidates
/// depend on the order the techniques went in, so a broken puzzle gets `grade`'s answer.
///
/// The first filtering of a run from every digit leaves each cell the digits of the run's
/// combinations, so the filtering starts from there: each cell with the digits of both its
/// runs' combinations, every run queued.
pub fn grade_easy_and_medium_as_one(solver: &Solver, budget: &mut Budget) -> Result<Grade, Stop> {
    let layout = solver.layout();
    let mut cands = solver.full_candidates();
    for (run, cells) in layout.runs.iter().map(|run| &run.cells).enumerate() {
        let digits = solver
            .run_combos(run)
            .iter()
            .fold(DigitSet::EMPTY, |digits, &combo| digits | combo);
        if digits.is_empty() || cells.len() > MAX_RUN {
            return grade(solver, Level::Medium, budget);
        }
        for &cell in cells {
            cands[cell as usize] &= digits;
        }
    }
    let mut queue = solver.all_runs();
    match solver.propagate(&mut cands, &mut queue, budget) {
        Ok(()) => {}
        Err(Halt::Contradiction) => return grade(solver, Level::Medium, budget),
        Err(Halt::Stopped(stop)) => return Err(stop),
    }
    let solved = cands.iter().all(|c| c.is_single());
    Ok(Grade {
        level: solved.then_some(Level::Medium),
        broken: false,
        cands,
    })
}

/// The Easy techniques to their fixpoint.
fn easy_fixpoint(
    solver: &Solver,
    cands: &mut [DigitSet],
    budget: &mut Budget,
) -> Result<Result<(), Contradiction>, Stop> {
    let layout = solver.layout();
    // Smallest run first, each queued once at a time.
    let mut queue = RunSet::full(layout.runs.len());
    let mut before = [DigitSet::EMPTY; MAX_RUN];
    let mut after = [DigitSet::EMPTY; MAX_RUN];
    while let Some(run) = queue.first() {
        queue.remove(run);
        budget.step()?;
        let cells = &layout.runs[run].cells;
        let len = cells.len();
        if len > MAX_RUN {
            return Ok(Err(Contradiction));
        }
        for (slot, &cell) in before.iter_mut().zip(cells) {
            *slot = cands[cell as usize];
        }
        if let Err(contradiction) =
            easy_fit(&before[..len], solver.run_combos(run), &mut after[..len])
        {
            return Ok(Err(contradiction));
        }
        for (i, &cell) in cells.iter().enumerate() {
            if after[i] != before[i] {
                cands[cell as usize] = after[i];
                for other in layout.runs_of(cell as usize).filter(|&r| r != run) {
                    queue.insert(other);
                }
            }
        }
    }
    Ok(Ok(()))
}

/// Medium filtering from the runs of `cells`.
fn narrow_from(
    solver: &Solver,
    cands: &mut [DigitSet],
    cells: &[usize],
    budget: &mut Budget,
) -> Result<Result<(), Contradiction>, Stop> {
    let mut queue = super::solve::RunQueue::new(solver.layout().runs.len());
    for &cell in cells {
        for run in solver.layout().runs_of(cell) {
            queue.push(run);
        }
    }
    match solver.propagate(cands, &mut queue, budget) {
        Ok(()) => Ok(Ok(())),
        Err(Halt::Contradiction) => Ok(Err(Contradiction)),
        Err(Halt::Stopped(stop)) => Err(stop),
    }
}

/// `short_contradiction` deductions, each followed by Medium filtering, until none applies.
fn hard_fixpoint(
    solver: &Solver,
    prober: &Prober,
    cands: &mut [DigitSet],
    budget: &mut Budget,
) -> Result<Result<(), Contradiction>, Stop> {
    while let Some(refutation) = short_contradiction::find(prober, cands, budget)? {
        let cell = refutation.cell;
        cands[cell] -= refutation.digits;
        if cands[cell].is_empty() {
            return Ok(Err(Contradiction));
        }
        if let Err(contradiction) = narrow_from(solver, cands, &[cell], budget)? {
            return Ok(Err(contradiction));
        }
    }
    Ok(Ok(()))
}
