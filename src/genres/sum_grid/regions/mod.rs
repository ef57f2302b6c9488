//! Reasoning across runs: what the sums of many runs together say, which filtering run by run
//! cannot see.
//!
//! In a connected part of the grid every white cell is in one across run and one down run (or,
//! under the relaxed rules, in one run only: a *lone* cell). Counting the part's cells by
//! across runs and by down runs must give the same thing, whatever is counted:
//!
//! - **Totals.** The across sums add up to the down sums, less the lone cells of the across
//!   runs and plus those of the down runs: `Σ across sums − Σ down sums = Σ lone-across cells
//!   − Σ lone-down cells`. With no lone cell it is a fixed fact about the sums (the 8x8 block of
//!   issue 19 breaks it: 324 across, 323 down); otherwise the lone cells are narrowed by bounds.
//!   (Cryptic Kakuro has this equation over its letters already.)
//! - **Digit counts.** For each digit, the across runs holding it plus the lone-down cells
//!   holding it are as many as the down runs holding it plus the lone-across cells holding it
//!   (both count the part's cells with that digit). A run holds a digit surely when every
//!   combination still open for it has the digit, and possibly when some cell has it as a
//!   candidate. When the count is tight one way, runs that may hold the digit must (a run with
//!   one cell left for it gets it there) and runs that need not hold it cannot (the digit goes
//!   from all their cells). In an 8x8 block the sum of each eight-cell run fixes its digits,
//!   so the across sums and the down sums must be the same multiset: an across sum and a down
//!   sum each raised by one keep the totals equal but break the counts.
//!
//! The solvers call this at their fixpoint, in their adaptive search only (see
//! [`crate::genres::sum_grid::solve::Solver`] and [`crate::genres::kakuro_cryptic::solve`]): the generators' and
//! the raters' search keeps its steps and its order.

use crate::core::{Budget, DigitSet, Halt};

mod tallies;
mod term;

use tallies::Tallies;
use term::{Seen, Side, Term, LONE};

use super::combos::{combos, SumSet};
use super::layout::{Layout, MAX_RUN, MAX_SUM};

/// The parts of a layout's grid: for each run, the index of its connected part (runs joined by
/// the cells they cross), parts numbered in the order of their first run.
pub fn parts(layout: &Layout) -> Vec<usize> {
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
    let mut next = 0;
    (0..layout.runs.len())
        .map(|run| {
            let part = root(&mut parent, run);
            if index[part] == usize::MAX {
                index[part] = next;
                next += 1;
            }
            index[part]
        })
        .collect()
}

/// One connected part of the grid.
#[derive(Clone, Debug)]
struct Part {
    /// Its terms: `terms[range]`.
    terms: std::ops::Range<usize>,
    /// Its cells in an across run only, and in a down run only.
    lone_across: Vec<u32>,
    lone_down: Vec<u32>,
    /// Its across sums less its down sums.
    gap: i32,
    /// Its counts over its terms as last seen.
    tallies: Tallies,
    /// A lower bound on the smallest slack of its digit counts (see [`Regions::narrow`]).
    credit: i64,
}

/// The reasoning across runs for one layout, and (for [`Regions::narrow`]) what it last saw
/// of a search's candidates. Build one per search.
#[derive(Clone, Debug)]
pub struct Regions<'a> {
    terms: Vec<Term<'a>>,
    seen: Vec<Seen>,
    parts: Vec<Part>,
    /// Each run's sum as a set of one (empty for a sum no run reaches).
    sums: Vec<SumSet>,
    /// For each cell, the terms it is in (one or two; [`LONE`] for none).
    cell_terms: Vec<[u32; 2]>,
    /// The candidates as [`Regions::narrow`] last read them (empty before the first call).
    last: Vec<DigitSet>,
    /// Terms whose cells changed since they were last worked out, and a flag per term for
    /// being in that list.
    stale: Vec<u32>,
    is_stale: Vec<bool>,
}

impl<'a> Regions<'a> {
    pub fn new(layout: &'a Layout) -> Regions<'a> {
        let part_of = parts(layout);
        let count = part_of.iter().max().map_or(0, |&last| last + 1);
        let mut by_part: Vec<Vec<Term<'a>>> = vec![Vec::new(); count];
        let mut parts: Vec<Part> = (0..count)
            .map(|_| Part {
                terms: 0..0,
                lone_across: Vec::new(),
                lone_down: Vec::new(),
                gap: 0,
                tallies: Tallies::default(),
                credit: 0,
            })
            .collect();
        for (index, run) in layout.runs.iter().enumerate() {
            let part = &mut parts[part_of[index]];
            let terms = &mut by_part[part_of[index]];
            let sum = i32::from(run.sum);
            let (side, lone_side, lone_cells) = if run.down {
                part.gap -= sum;
                (Side::Right, Side::Left, &mut part.lone_down)
            } else {
                part.gap += sum;
                (Side::Left, Side::Right, &mut part.lone_across)
            };
            let part_index = part_of[index] as u32;
            terms.push(Term {
                cells: &run.cells,
                run: index as u32,
                side,
                part: part_index,
            });
            for (i, &cell) in run.cells.iter().enumerate() {
                if layout.runs_of(cell as usize).count() == 1 {
                    lone_cells.push(cell);
                    terms.push(Term {
                        cells: &run.cells[i..=i],
                        run: LONE,
                        side: lone_side,
                        part: part_index,
                    });
                }
            }
        }
        let mut terms = Vec::new();
        for (part, list) in parts.iter_mut().zip(by_part) {
            part.terms = terms.len()..terms.len() + list.len();
            terms.extend(list);
        }
        let sums = layout
            .runs
            .iter()
            .map(|run| if run.sum <= MAX_SUM { 1 << run.sum } else { 0 })
            .collect();
        let mut cell_terms = vec![[LONE; 2]; layout.white_count()];
        for (index, term) in terms.iter().enumerate() {
            for &cell in term.cells {
                let slots = &mut cell_terms[cell as usize];
                let free = usize::from(slots[0] != LONE);
                slots[free] = index as u32;
            }
        }
        Regions {
            seen: vec![Seen::default(); terms.len()],
            stale: (0..terms.len() as u32).collect(),
            is_stale: vec![true; terms.len()],
            terms,
            parts,
            sums,
            cell_terms,
            last: Vec::new(),
        }
    }

    /// Brings every part's counts up to date with `cands`: the cells that differ from those
    /// last read mark their terms stale, and the stale terms are worked out again. Returns how
    /// many terms were; a contradiction when a run has no combination left.
    fn catch_up(&mut self, cands: &[DigitSet]) -> Result<usize, Halt> {
        if self.last.len() != cands.len() {
            self.last = cands.to_vec();
        } else {
            for (cell, (&now, was)) in cands.iter().zip(self.last.iter_mut()).enumerate() {
                if now != *was {
                    *was = now;
                    for &term in &self.cell_terms[cell] {
                        if term != LONE && !self.is_stale[term as usize] {
                            self.is_stale[term as usize] = true;
                            self.stale.push(term);
                        }
                    }
                }
            }
        }
        let sums = &self.sums;
        let sums_of = |run: u32| sums[run as usize];
        let count = self.stale.len();
        // A term whose run cannot be filled stays stale, and so do those after it.
        while let Some(&term) = self.stale.last() {
            let term = term as usize;
            let part = &mut self.parts[self.terms[term].part as usize];
            refresh_term(
                &self.terms[term],
                &mut self.seen[term],
                &mut part.tallies,
                cands,
                &sums_of,
            )?;
            self.stale.pop();
            self.is_stale[term] = false;
        }
        Ok(count)
    }

    /// Narrows `cands` (a Kakuro search's candidates) by the totals and digit counts of every
    /// part, noting each cell's candidates in `note` before they change. True when something
    /// changed (the runs of the changed cells then need filtering again); a contradiction when
    /// a part cannot balance.
    ///
    /// `changes` is how many cells were narrowed since the last call, by anything. A digit
    /// count's slack (how far its two sides' bounds are from meeting) only grows as candidates
    /// widen, and one narrowed cell shrinks it by at most two (its two runs move each bound by
    /// one at most); so while the slack last seen, less twice the changes since, is positive, a
    /// part's counts can neither break nor narrow anything, and are not looked at. This holds
    /// across backtracking and restarts, which only widen candidates. When they are looked at,
    /// only the terms whose cells changed since are worked out again.
    ///
    /// Budget: one step per part looked at, plus one per 16 terms (runs or lone cells) read.
    pub fn narrow(
        &mut self,
        cands: &mut [DigitSet],
        changes: u64,
        budget: &mut Budget,
        note: &mut impl FnMut(u32, DigitSet),
    ) -> Result<bool, Halt> {
        let mut changed = false;
        let decay = i64::try_from(changes)
            .unwrap_or(i64::MAX / 4)
            .saturating_mul(2);
        let mut counts_wanted = false;
        for part in &mut self.parts {
            if !part.lone_across.is_empty() || !part.lone_down.is_empty() || part.gap != 0 {
                budget.spend(1 + (part.lone_across.len() + part.lone_down.len()) as u64 / 16)?;
                changed |= balance_totals(part, cands, note)?;
            }
            part.credit = part.credit.saturating_sub(decay);
            counts_wanted |= part.credit <= 0;
        }
        if !counts_wanted {
            return Ok(changed);
        }
        let worked_out = self.catch_up(cands)?;
        budget.spend(1 + cands.len() as u64 / 256 + worked_out as u64 / 16)?;
        let sums = &self.sums;
        let sums_of = |run: u32| sums[run as usize];
        for part in &mut self.parts {
            if part.credit > 0 {
                continue;
            }
            let (fewest, most, slack) = part.tallies.tight()?;
            part.credit = slack;
            let terms = &self.terms[part.terms.clone()];
            changed |= narrow_tight(terms, fewest, most, cands, &sums_of, note)?;
        }
        Ok(changed)
    }

    /// The digit counts of every part for a search whose run sums are still open (cryptic
    /// Kakuro): `sums[run]` are the sums run `run` may still have. Counted afresh, without
    /// what earlier calls saw; otherwise as [`Regions::narrow`] (totals excepted).
    pub fn narrow_counts(
        &self,
        cands: &mut [DigitSet],
        sums: &[SumSet],
        budget: &mut Budget,
        note: &mut impl FnMut(u32, DigitSet),
    ) -> Result<bool, Halt> {
        let sums_of = |run: u32| sums[run as usize];
        let mut changed = false;
        let mut seen = Vec::new();
        for part in &self.parts {
            let terms = &self.terms[part.terms.clone()];
            budget.spend(1 + terms.len() as u64 / 16)?;
            seen.clear();
            seen.resize(terms.len(), Seen::default());
            let mut tallies = Tallies::default();
            for (term, seen) in terms.iter().zip(seen.iter_mut()) {
                refresh_term(term, seen, &mut tallies, cands, &sums_of)?;
            }
            let (fewest, most, _) = tallies.tight()?;
            changed |= narrow_tight(terms, fewest, most, cands, &sums_of, note)?;
        }
        Ok(changed)
    }
}

/// The totals: `gap = Σ lone-across cells − Σ lone-down cells`, by bounds.
fn balance_totals(
    part: &Part,
    cands: &mut [DigitSet],
    note: &mut impl FnMut(u32, DigitSet),
) -> Result<bool, Halt> {
    if part.lone_across.is_empty() && part.lone_down.is_empty() {
        return if part.gap == 0 {
            Ok(false)
        } else {
            Err(Halt::Contradiction)
        };
    }
    // The range of the right-hand side.
    let (mut low, mut high) = (0, 0);
    for &cell in &part.lone_across {
        let (l, h) = bounds(cands[cell as usize]);
        low += l;
        high += h;
    }
    for &cell in &part.lone_down {
        let (l, h) = bounds(cands[cell as usize]);
        low -= h;
        high -= l;
    }
    if !(low..=high).contains(&part.gap) {
        return Err(Halt::Contradiction);
    }
    let mut changed = false;
    // A cell's term lies within the gap less what the others can reach.
    for (cells, sign) in [(&part.lone_across, 1), (&part.lone_down, -1)] {
        for &cell in cells {
            let (l, h) = bounds(cands[cell as usize]);
            let (term_low, term_high) = if sign > 0 { (l, h) } else { (-h, -l) };
            let (others_low, others_high) = (low - term_low, high - term_high);
            let (want_low, want_high) = (part.gap - others_high, part.gap - others_low);
            let (digit_low, digit_high) = if sign > 0 {
                (want_low, want_high)
            } else {
                (-want_high, -want_low)
            };
            let keep = DigitSet::range(digit_low.clamp(0, 10) as u8, digit_high.clamp(0, 10) as u8);
            changed |= restrict(cands, cell, keep, note)?;
        }
    }
    Ok(changed)
}

/// Works a term out again from `cands` if its cells (or sums) changed since `seen`, moving
/// its contribution to `tallies`; a contradiction when a run has no combination left.
fn refresh_term(
    term: &Term,
    seen: &mut Seen,
    tallies: &mut Tallies,
    cands: &[DigitSet],
    sums_of: &impl Fn(u32) -> SumSet,
) -> Result<(), Halt> {
    let (maybe, fixed) = union_and_fixed(term.cells, cands);
    let sums = if term.run == LONE {
        0
    } else {
        sums_of(term.run)
    };
    if maybe == seen.maybe && fixed == seen.fixed && sums == seen.sums {
        return Ok(());
    }
    let now = Seen {
        maybe,
        fixed,
        sums,
        surely: surely(term, maybe, fixed, sums).ok_or(Halt::Contradiction)?,
    };
    tallies.update(term.side, seen, &now);
    *seen = now;
    Ok(())
}

/// Narrows the terms of a part by its tight counts: where the left side is at its fewest for
/// a digit (`left_fewest`), left terms that need not hold it cannot and right terms that may
/// hold it must; `left_most` the other way round.
fn narrow_tight(
    terms: &[Term],
    left_fewest: DigitSet,
    left_most: DigitSet,
    cands: &mut [DigitSet],
    sums_of: &impl Fn(u32) -> SumSet,
    note: &mut impl FnMut(u32, DigitSet),
) -> Result<bool, Halt> {
    if left_fewest.is_empty() && left_most.is_empty() {
        return Ok(false);
    }
    let mut changed = false;
    for term in terms {
        let (fewest, most) = match term.side {
            Side::Left => (left_fewest, left_most),
            Side::Right => (left_most, left_fewest),
        };
        let (maybe, fixed) = union_and_fixed(term.cells, cands);
        let sums = if term.run == LONE {
            0
        } else {
            sums_of(term.run)
        };
        let without = fewest - surely(term, maybe, fixed, sums).ok_or(Halt::Contradiction)?;
        if !without.is_empty() {
            for &cell in term.cells {
                changed |= restrict(cands, cell, !without, note)?;
            }
        }
        for digit in (most & maybe).iter() {
            changed |= place_in_run(cands, term.cells, digit, note)?;
        }
    }
    Ok(changed)
}

/// The union of the cells' candidates, and their fixed digits.
pub(crate) fn union_and_fixed(cells: &[u32], cands: &[DigitSet]) -> (DigitSet, DigitSet) {
    let mut maybe = DigitSet::EMPTY;
    let mut fixed = DigitSet::EMPTY;
    for &cell in cells {
        let set = cands[cell as usize];
        maybe |= set;
        if set.is_single() {
            fixed |= set;
        }
    }
    (maybe, fixed)
}

/// The digits a term surely holds: a lone cell its fixed digit; a run the digits of every
/// combination of one of its `sums` within `maybe` that holds its fixed digits (all of
/// `maybe` when it has no more digits than cells). None when no combination is left: the run
/// cannot be filled.
fn surely(term: &Term, maybe: DigitSet, fixed: DigitSet, sums: SumSet) -> Option<DigitSet> {
    let len = term.cells.len();
    if term.run == LONE {
        return Some(fixed);
    }
    if len > MAX_RUN {
        return None;
    }
    let mut surely = maybe;
    let mut any = false;
    let mut rest = sums;
    while rest != 0 {
        let sum = rest.trailing_zeros() as u16;
        rest &= rest - 1;
        for &combo in combos(len, sum) {
            if combo.is_subset(maybe) && fixed.is_subset(combo) {
                surely &= combo;
                any = true;
            }
        }
    }
    any.then_some(surely)
}

/// The smallest and largest digit of a set.
fn bounds(set: DigitSet) -> (i32, i32) {
    (
        i32::from(set.smallest().unwrap_or(0)),
        i32::from(set.largest().unwrap_or(0)),
    )
}

/// Keeps only `keep` of a cell's candidates; a contradiction when none is left.
fn restrict(
    cands: &mut [DigitSet],
    cell: u32,
    keep: DigitSet,
    note: &mut impl FnMut(u32, DigitSet),
) -> Result<bool, Halt> {
    let old = cands[cell as usize];
    let new = old & keep;
    if new == old {
        return Ok(false);
    }
    if new.is_empty() {
        return Err(Halt::Contradiction);
    }
    note(cell, old);
    cands[cell as usize] = new;
    Ok(true)
}

/// A term that must hold `digit`: nowhere to put it is a contradiction, one cell left for it
/// gets it.
fn place_in_run(
    cands: &mut [DigitSet],
    cells: &[u32],
    digit: u8,
    note: &mut impl FnMut(u32, DigitSet),
) -> Result<bool, Halt> {
    let mut places = cells
        .iter()
        .filter(|&&cell| cands[cell as usize].contains(digit));
    match (places.next(), places.next()) {
        (None, _) => Err(Halt::Contradiction),
        (Some(&cell), None) => restrict(cands, cell, DigitSet::single(digit), note),
        _ => Ok(false),
    }
}

#[cfg(test)]
mod tests;
