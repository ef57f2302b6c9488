//! Narrowing one constraint of the network ([`super::network`]): each keeps only candidates
//! that can still take part in a filling of its own cells, and returns false when none is
//! left.

use crate::core::DigitSet;

use super::network::{Constraint, Linear, SumGroup, Watchers};
use crate::genres::killer_sudoku::combos::fit_combo;
use crate::genres::killer_sudoku::model::MAX_SIDE;

/// The constraints waiting to be narrowed, first in first out, each at most once at a time,
/// and not the one being narrowed (each narrowing reaches its own fixpoint, or leaves the
/// rest to the next change of its cells). First in first out, rather than last, lets a
/// change reach every constraint it concerns before any of them is narrowed twice.
///
/// A ring of a power of two slots, more than the constraints, so that a push can write its
/// slot whether or not it adds: a constraint already waiting is the common case, and a
/// branch on it is taken about as often as not (the push was the hottest line of the
/// narrowing under `perf`).
pub(super) struct Agenda {
    ring: Vec<u32>,
    mask: usize,
    head: usize,
    tail: usize,
    queued: Vec<bool>,
    current: usize,
}

impl Agenda {
    /// Every one of `len` constraints waiting, in order.
    pub(super) fn all(len: usize) -> Agenda {
        let slots = (len + 1).next_power_of_two();
        let mut ring = vec![0; slots];
        for (slot, index) in ring.iter_mut().zip(0..len as u32) {
            *slot = index;
        }
        Agenda {
            ring,
            mask: slots - 1,
            head: 0,
            tail: len,
            queued: vec![true; len],
            current: usize::MAX,
        }
    }

    #[inline]
    pub(super) fn push(&mut self, index: usize) {
        let queued = &mut self.queued[index];
        let adds = !*queued & (index != self.current);
        *queued |= adds;
        self.ring[self.tail] = index as u32;
        self.tail = (self.tail + usize::from(adds)) & self.mask;
    }

    #[inline]
    pub(super) fn pop(&mut self) -> Option<usize> {
        if self.head == self.tail {
            self.current = usize::MAX;
            return None;
        }
        let index = self.ring[self.head] as usize;
        self.head = (self.head + 1) & self.mask;
        self.queued[index] = false;
        self.current = index;
        Some(index)
    }

    /// Drops everything waiting (after a contradiction).
    pub(super) fn clear(&mut self) {
        while self.head != self.tail {
            self.queued[self.ring[self.head] as usize] = false;
            self.head = (self.head + 1) & self.mask;
        }
        self.current = usize::MAX;
    }
}

/// The candidates as one narrowing sees them: every change noted in the trail and the
/// constraints watching the cell queued.
pub(super) struct Cells<'a> {
    pub cands: &'a mut [DigitSet],
    pub trail: &'a mut Vec<(usize, DigitSet)>,
    pub queue: &'a mut Agenda,
    pub watchers: &'a Watchers,
}

impl Cells<'_> {
    #[inline]
    fn get(&self, cell: usize) -> DigitSet {
        self.cands[cell]
    }

    /// Keeps only the candidates of `cell` in `keep`; false when none is left.
    #[inline]
    pub(super) fn keep(&mut self, cell: usize, keep: DigitSet) -> bool {
        let old = self.cands[cell];
        let new = old & keep;
        if new == old {
            return true;
        }
        if new.is_empty() {
            return false;
        }
        self.trail.push((cell, old));
        self.cands[cell] = new;
        for &watcher in &self.watchers.any[cell] {
            self.queue.push(watcher as usize);
        }
        if new.smallest() != old.smallest() || new.largest() != old.largest() {
            for &watcher in &self.watchers.bounds[cell] {
                self.queue.push(watcher as usize);
            }
        }
        true
    }
}

/// Narrows `constraint` on a grid of side `side`, matching the combinations of sum groups of
/// up to `matched` cells to their cells ([`GENERATOR_MATCHED`] or [`SOLVER_MATCHED`]); false
/// on a contradiction.
pub(super) fn narrow(
    constraint: &Constraint,
    side: usize,
    matched: usize,
    cells: &mut Cells,
) -> bool {
    let all = DigitSet::up_to(side as u8);
    match constraint {
        Constraint::House { cells: house } => narrow_house(house, all, cells),
        Constraint::Sum(group) => narrow_sum(group, all, matched, cells),
        Constraint::Linear(linear) => narrow_linear(linear, cells),
    }
}

/// The digits of a group's cells: those fixed, those some open cell has, and those in at
/// least one and at least two cells.
struct Tally {
    fixed: DigitSet,
    open: DigitSet,
    once: DigitSet,
    twice: DigitSet,
}

impl Tally {
    /// Without a branch on the cells: whether a cell is fixed is as often so as not, deep in
    /// the search, and mispredicting it cost more than the bit operations (`perf`).
    ///
    /// With it, whether some digit is fixed in two cells.
    #[inline(always)]
    fn of(group: &[usize], cells: &Cells) -> (Tally, bool) {
        let mut tally = Tally {
            fixed: DigitSet::EMPTY,
            open: DigitSet::EMPTY,
            once: DigitSet::EMPTY,
            twice: DigitSet::EMPTY,
        };
        let mut fixed_twice = DigitSet::EMPTY;
        for &cell in group {
            let cand = cells.get(cell);
            // Every digit when the cell is fixed, none when it is open.
            let single = DigitSet::from_wide_bits(0u16.wrapping_sub(u16::from(cand.is_single())));
            fixed_twice |= tally.fixed & cand & single;
            tally.fixed |= cand & single;
            tally.open |= cand - single;
            tally.twice |= tally.once & cand;
            tally.once |= cand;
        }
        (tally, !fixed_twice.is_empty())
    }

    /// The tally, or None when a digit is fixed in two cells.
    #[inline]
    fn unclashed(group: &[usize], cells: &Cells) -> Option<Tally> {
        let (tally, clash) = Tally::of(group, cells);
        (!clash).then_some(tally)
    }
}

/// Different digits: a fixed digit leaves the other cells, until nothing more is fixed. The
/// tally of the cells as they are then, or None on a contradiction.
#[inline(always)]
fn distinct(group: &[usize], cells: &mut Cells) -> Option<Tally> {
    loop {
        let tally = Tally::unclashed(group, cells)?;
        let fixed = tally.fixed;
        // No open cell holds a fixed digit: nothing to take (the common case).
        if (tally.open & fixed).is_empty() {
            return Some(tally);
        }
        let mut more = false;
        for &cell in group {
            let cand = cells.get(cell);
            if !cand.is_single() && !(cand & fixed).is_empty() {
                if !cells.keep(cell, cand - fixed) {
                    return None;
                }
                more |= cells.get(cell).is_single();
            }
        }
        if !more {
            return Tally::unclashed(group, cells);
        }
    }
}

/// A digit `required` in the group with one place left goes there; false when one has none.
#[inline(always)]
fn place_required(group: &[usize], required: DigitSet, cells: &mut Cells) -> bool {
    place_alone(group, required, &Tally::of(group, cells).0, cells)
}

/// [`place_required`] on the group's `tally`.
#[inline(always)]
fn place_alone(group: &[usize], required: DigitSet, tally: &Tally, cells: &mut Cells) -> bool {
    if !required.is_subset(tally.once) {
        return false;
    }
    // A fixed digit has its one place already, and an open cell holding it would make two.
    let alone = required - tally.twice - tally.fixed;
    if alone.is_empty() {
        return true;
    }
    for &cell in group {
        let cand = cells.get(cell);
        let mine = cand & alone;
        if mine.is_empty() || cand.is_single() {
            continue;
        }
        if !mine.is_single() || !cells.keep(cell, mine) {
            return false;
        }
    }
    true
}

/// Evaluates `$body` with `$cells` bound to the slice `$slice` as an array, when its length is
/// one of `$len`, so that the passes over the cells inlined into the body unroll; to the slice
/// itself at any other length. The same narrowing either way.
macro_rules! with_array {
    ($slice:expr, [$($len:literal),*], |$cells:ident| $body:expr) => {{
        let slice: &[usize] = $slice;
        $(if let Ok($cells) = <&[usize; $len]>::try_from(slice) { $body } else)* {
            let $cells = slice;
            $body
        }
    }};
}

/// A house: different digits, each somewhere. Its cells go on as an array of the grid's side,
/// so that the passes over them ([`distinct`], [`place_alone`], inlined for that) unroll:
/// 4.4% fewer instructions for the whole count of MATHEMAGIC_KILLERS #5, the same steps.
fn narrow_house(house: &[usize], all: DigitSet, cells: &mut Cells) -> bool {
    with_array!(house, [4, 6, 9, 12, 16], |house| {
        distinct(house, cells).is_some_and(|tally| place_alone(house, all, &tally, cells))
    })
}

/// The most cells of a sum group whose combinations are matched to its cells exactly in the
/// generator's search: a larger group keeps in each cell its digits in the combinations that
/// fit, unmatched (a combination fits when every cell has a digit of it). Matching the groups
/// of five cells or more cost more time than the nodes it saved in that search: on the
/// published puzzles the CPU time per narrowing fell by about a third, the median time by a
/// quarter (docs/benchmarks-killer.md).
pub(super) const GENERATOR_MATCHED: usize = 4;

/// The most cells of a sum group matched in the solver's search: the hardest published
/// puzzles, whose cages have five cells at most, take the same steps as with every group
/// matched, while matching the longer cages of 16x16 grids too made a step there cost about
/// nine times as much (docs/benchmarks-killer.md, "One search, with start-overs that keep
/// nogoods").
pub(super) const SOLVER_MATCHED: usize = 5;

/// A sum group: the digits of each cell that some fitting combination gives it (exactly, the
/// rest of the combination matched to the other cells, up to `matched` cells); the
/// digits every fitting combination has placed where they have one place left, and taken from
/// the rest of a house holding all their places in the group. A combination must hold the
/// digits a house meeting the group can place nowhere else.
///
/// As for a house, the group's cells go on as an array of their number for the groups of two
/// to five cells the solver matches (2.3% fewer instructions on MATHEMAGIC_KILLERS #5).
fn narrow_sum(group: &SumGroup, all: DigitSet, matched: usize, cells: &mut Cells) -> bool {
    with_array!(&group.cells, [2, 3, 4, 5], |group_cells| {
        narrow_sum_cells(group, group_cells, all, matched, cells)
    })
}

/// [`narrow_sum`] with the group's cells as the caller passes them (an array or the slice).
#[inline(always)]
fn narrow_sum_cells(
    group: &SumGroup,
    group_cells: &[usize],
    all: DigitSet,
    matched: usize,
    cells: &mut Cells,
) -> bool {
    let len = group_cells.len();
    let Some(tally) = distinct(group_cells, cells) else {
        return false;
    };
    let mut need = DigitSet::EMPTY;
    for link in &group.houses {
        let mut around = DigitSet::EMPTY;
        for &cell in &link.outside {
            around |= cells.get(cell);
        }
        let missing = all - around;
        if !missing.is_empty() && missing.len() > link.inside.count_ones() {
            return false;
        }
        need |= missing;
    }
    let mut cands = [DigitSet::EMPTY; MAX_SIDE];
    for (slot, &cell) in cands.iter_mut().zip(group_cells) {
        *slot = cells.get(cell);
    }
    let cands = &cands[..len];
    let union = tally.once;
    let must = tally.fixed | need;
    let mut out = [DigitSet::EMPTY; MAX_SIDE];
    let out = &mut out[..len];
    let (mut found, mut every) = (false, all);
    for &combo in group.combos {
        if !combo.is_subset(union) || !must.is_subset(combo) {
            continue;
        }
        // Once the group has a filling, a combination that can give no cell a digit it lacks
        // is not walked; taking it as fitting only makes `every` smaller, which is safe.
        if found
            && cands
                .iter()
                .zip(out.iter())
                .all(|(&cand, &got)| (cand & combo).is_subset(got))
        {
            every &= combo;
            continue;
        }
        if len > matched {
            if cands.iter().all(|&cand| !(cand & combo).is_empty()) {
                for (slot, &cand) in out.iter_mut().zip(cands) {
                    *slot |= cand & combo;
                }
                found = true;
                every &= combo;
            }
            continue;
        }
        if fit_combo(cands, combo, out) {
            found = true;
            every &= combo;
        }
    }
    if !found {
        return false;
    }
    for (&cell, &keep) in group_cells.iter().zip(out.iter()) {
        if !cells.keep(cell, keep) {
            return false;
        }
    }
    if !place_required(group_cells, every, cells) {
        return false;
    }
    if group.houses.is_empty() {
        return true;
    }
    // A required digit whose places all lie in one house leaves that house's other cells.
    // (A digit with one place was fixed above, and its houses take it from their other
    // cells: only those with two places or more are looked at.)
    let twice = Tally::of(group_cells, cells).0.twice;
    for digit in (every & twice).iter() {
        let bit = DigitSet::single(digit);
        let places = group
            .cells
            .iter()
            .enumerate()
            .filter(|&(_, &cell)| !(cells.get(cell) & bit).is_empty())
            .fold(0u32, |places, (i, _)| places | 1 << i);
        for link in &group.houses {
            if places & !link.inside == 0 {
                for &cell in &link.outside {
                    if !cells.keep(cell, all - bit) {
                        return false;
                    }
                }
            }
        }
    }
    true
}

/// The digits `low..=high` of 1-16 (empty when none).
fn between(low: i32, high: i32) -> DigitSet {
    let (low, high) = (low.max(1), high.min(MAX_SIDE as i32));
    if low > high {
        return DigitSet::EMPTY;
    }
    let bits = ((1u32 << high) - 1) & !((1u32 << (low - 1)) - 1);
    DigitSet::from_wide_bits(bits as u16)
}

/// The sum of the `count` smallest digits of `set` (None when it has fewer), or of the
/// largest with `largest`: `count` bit scans, not a walk over the whole set.
fn extreme_sum(set: DigitSet, count: usize, largest: bool) -> Option<i32> {
    let mut bits = u32::from(set.bits());
    let mut sum = 0i32;
    for _ in 0..count {
        if bits == 0 {
            return None;
        }
        let index = if largest {
            31 - bits.leading_zeros()
        } else {
            bits.trailing_zeros()
        };
        bits &= !(1 << index);
        sum += index as i32 + 1;
    }
    Some(sum)
}

/// The smallest and largest sum the cells of one house can have; None when they cannot hold
/// different digits.
fn part_bounds(part: &[usize], cells: &Cells) -> Option<(i32, i32)> {
    let (mut union, mut mins, mut maxes) = (DigitSet::EMPTY, 0i32, 0i32);
    for &cell in part {
        let cand = cells.get(cell);
        union |= cand;
        mins += i32::from(cand.smallest()?);
        maxes += i32::from(cand.largest()?);
    }
    if part.len() == 1 {
        return Some((mins, maxes));
    }
    let low = extreme_sum(union, part.len(), false)?;
    let high = extreme_sum(union, part.len(), true)?;
    Some((mins.max(low), maxes.min(high)))
}

/// A linear sum: each part's sum kept within what the other parts leave it (bounds on the
/// sums of different digits); a part's cells narrowed to the bounds those sums leave them.
fn narrow_linear(linear: &Linear, cells: &mut Cells) -> bool {
    const MAX_PARTS: usize = 2 * MAX_SIDE;
    let parts = &linear.parts;
    debug_assert!(parts.len() <= MAX_PARTS);
    let mut bounds = [(0i32, 0i32); MAX_PARTS];
    let (mut low, mut high) = (0i32, 0i32);
    for (slot, part) in bounds.iter_mut().zip(parts) {
        let Some((part_low, part_high)) = part_bounds(&part.cells, cells) else {
            return false;
        };
        *slot = (part_low, part_high);
        if part.negative {
            low -= part_high;
            high -= part_low;
        } else {
            low += part_low;
            high += part_high;
        }
    }
    let total = linear.total;
    if total < low || total > high {
        return false;
    }
    for (&(part_low, part_high), part) in bounds.iter().zip(parts) {
        // The part's signed share, and what the others leave it.
        let (signed_low, signed_high) = if part.negative {
            (-part_high, -part_low)
        } else {
            (part_low, part_high)
        };
        let from = total - (high - signed_high);
        let to = total - (low - signed_low);
        let (from, to) = if part.negative {
            (-to, -from)
        } else {
            (from, to)
        };
        let narrower = from > part_low || to < part_high;
        if narrower && !narrow_part(&part.cells, from.max(part_low), to.min(part_high), cells) {
            return false;
        }
    }
    true
}

/// Narrows the cells of one house to those of a sum from `low` to `high`: each cell within
/// what the others' bounds leave it. (Keeping the digits of the combinations of those sums, as
/// the solver did before, narrowed more but cost more time than it saved on the published
/// puzzles: docs/benchmarks-killer.md.)
fn narrow_part(part: &[usize], low: i32, high: i32, cells: &mut Cells) -> bool {
    if let [cell] = part {
        return cells.keep(*cell, between(low, high));
    }
    let (mut mins, mut maxes) = (0i32, 0i32);
    for &cell in part {
        let cand = cells.get(cell);
        mins += i32::from(cand.smallest().unwrap_or(0));
        maxes += i32::from(cand.largest().unwrap_or(0));
    }
    part.iter().all(|&cell| {
        let cand = cells.get(cell);
        let others_min = mins - i32::from(cand.smallest().unwrap_or(0));
        let others_max = maxes - i32::from(cand.largest().unwrap_or(0));
        cells.keep(cell, between(low - others_max, high - others_min))
    })
}

#[cfg(test)]
mod tests {
    use super::Agenda;

    /// First in first out, each constraint once at a time, not the one being narrowed, and
    /// around the ring many times over.
    #[test]
    fn the_agenda_keeps_each_constraint_once_in_order() {
        let mut agenda = Agenda::all(3);
        assert_eq!(agenda.pop(), Some(0));
        agenda.push(0); // the one being narrowed
        agenda.push(2); // waiting already
        assert_eq!(agenda.pop(), Some(1));
        agenda.push(0);
        agenda.push(0);
        assert_eq!(
            (agenda.pop(), agenda.pop(), agenda.pop()),
            (Some(2), Some(0), None)
        );
        for round in 0..20 {
            for index in [round % 3, 2, 0, 1, 2] {
                agenda.push(index);
            }
            let order: Vec<usize> = std::iter::from_fn(|| agenda.pop()).collect();
            let mut expected = vec![round % 3];
            expected.extend([2, 0, 1].into_iter().filter(|&index| index != round % 3));
            assert_eq!(order, expected, "round {round}");
        }
        agenda.push(1);
        agenda.push(2);
        agenda.clear();
        assert_eq!(agenda.pop(), None);
        agenda.push(2);
        assert_eq!(agenda.pop(), Some(2));
    }
}
