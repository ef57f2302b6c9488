//! The killer-human rater (profile [`PROFILE`], version [`PROFILE_VERSION`]): solve as a
//! person would, always with the easiest technique that makes progress, and rate the puzzle by
//! the hardest technique it needed. The loop and the record are `crate::core::rater`'s; this
//! file is the ladder it runs (where each technique is tried, and what a deduction changes);
//! the techniques are in `techniques`.
//!
//! The places techniques look at, in this order: the houses (rows top to bottom, columns left
//! to right, boxes in reading order), the cages (by their first cell in reading order), and
//! the sum groups of the rule of 45: for each region (a house, or a band of neighbouring rows
//! or columns), its *innies* (the region's cells in cages that stick out of it, whose digits
//! add up to the region's total less the cages wholly inside) and its *outies* (the cells of
//! those cages outside the region, adding up to those cages' sums less what the region's cells
//! in them add up to). A sum group whose cells need not differ is narrowed by enumerating its
//! digit choices (at most [`ENUMERATED_CELLS`] cells), one whose cells share a house by the
//! combination tables.
//!
//! Each application of a technique is one deduction, recorded in order with the cells it
//! read (`cells`: the house, cage, region or cells the technique looked at), the clue it read
//! (`clue`: a cage's first cell, where its sum is drawn) and the digits it wrote or removed.
//! A puzzle the techniques cannot finish is rated [`Level::BeyondExpert`]. One budget step is
//! one technique tried at one place, or one group narrowed inside a what-if.
//!
//! Every deduction removes only digits that no solution has there, on the puzzle as given, so
//! a board the techniques fill is the puzzle's only solution.

mod probe;
mod techniques;

use crate::core::descriptors::{run_lengths, Descriptors, Hundredths};
use crate::core::rater::{self, Applied, Ladder};
use crate::core::{
    Budget, Contradiction, Deduction, DigitSet, Level, Placement, Rating, Removal, Stop,
};

use super::model::{digit_char, Puzzle};
use crate::genres::sum_grid::combos::combos_up_to;
use probe::{Prober, WhatIf};
use techniques::{Narrowed, Technique};

pub use techniques::{PROFILE, PROFILE_VERSION};

/// The most cells of a sum group whose digits need not differ (the rule of 45 over several
/// houses) that the rater narrows, by enumerating their digits.
pub const ENUMERATED_CELLS: usize = 4;

/// Rates a puzzle.
pub fn rate(puzzle: &Puzzle, budget: &mut Budget) -> Rating {
    rater::rate(Rater::new(puzzle, &[]), describe(puzzle), budget)
}

/// The descriptors of a puzzle: `cells` the cells to fill (the givens left out), `runs` the
/// cages, `longest_run` and `mean_run` the largest and mean cage size; no blocks. The
/// candidates after the easy techniques are the rater's to add.
pub fn describe(puzzle: &Puzzle) -> Descriptors {
    let (runs, longest_run, mean_run) =
        run_lengths(puzzle.cages().iter().map(|cage| cage.cells.len()));
    let open = puzzle.givens().iter().filter(|&&given| given == 0).count();
    Descriptors {
        cells: u32::try_from(open).unwrap_or(u32::MAX),
        runs,
        longest_run,
        mean_run,
        block_share: None,
        mean_candidates_after_easy: None,
    }
}

/// Rates on from a player's position: `givens` (cell index and digit) are written in first,
/// as the player wrote them (the puzzle's givens among them or not), and the rater runs in its
/// usual order until a deduction writes a cell that is not a given. The record up to and
/// including that deduction; `None` when the techniques get stuck (or a rule breaks) before
/// one does.
pub fn replay_to_placement(
    puzzle: &Puzzle,
    givens: &[(usize, u8)],
    budget: &mut Budget,
) -> Result<Option<Vec<Deduction>>, Stop> {
    rater::replay_to_placement(Rater::new(puzzle, givens), budget)
}

/// What a place is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum PlaceKind {
    /// A row, column or box: every digit once.
    House,
    /// A cage, by index.
    Cage(usize),
    /// A sum group of the rule of 45 over `houses` houses (1 for one house), its innies or
    /// outies; `distinct` when its cells share a house.
    Sum45 {
        houses: usize,
        innies: bool,
        distinct: bool,
    },
}

/// A place techniques look at: its cells (in reading order), what it is, and for a sum group
/// its sum and the region it came from.
#[derive(Clone, Debug)]
pub(crate) struct Place {
    pub cells: Vec<usize>,
    pub kind: PlaceKind,
    pub sum: u32,
    pub combos: &'static [DigitSet],
    /// A sum group's region: its cells.
    pub region: Vec<usize>,
}

/// The places of `puzzle`: houses, cages, then the rule of 45's sum groups (see the module
/// documentation).
pub(crate) fn places(puzzle: &Puzzle) -> Vec<Place> {
    let side = puzzle.side();
    let total = (side * (side + 1) / 2) as u32;
    let mut places: Vec<Place> = puzzle
        .houses()
        .into_iter()
        .map(|cells| Place {
            cells,
            kind: PlaceKind::House,
            sum: total,
            combos: &[],
            region: Vec::new(),
        })
        .collect();
    for (index, cage) in puzzle.cages().iter().enumerate() {
        places.push(Place {
            cells: cage.cells.clone(),
            kind: PlaceKind::Cage(index),
            sum: cage.sum,
            combos: combos_up_to(side, cage.cells.len(), cage.sum),
            region: Vec::new(),
        });
    }
    let mut regions: Vec<(usize, Vec<usize>)> = puzzle
        .houses()
        .into_iter()
        .map(|cells| (1, cells))
        .collect();
    // Bands of 2 to side - 1 neighbouring rows, and of columns.
    for width in 2..side {
        for start in 0..=side - width {
            let rows = (start * side..(start + width) * side).collect();
            let mut cols: Vec<usize> = (0..side * side)
                .filter(|cell| (start..start + width).contains(&(cell % side)))
                .collect();
            cols.sort_unstable();
            regions.push((width, rows));
            regions.push((width, cols));
        }
    }
    let mut seen: Vec<Vec<usize>> = Vec::new();
    for (houses, region) in regions {
        for (cells, sum, innies) in innies_outies(puzzle, &region) {
            if cells.is_empty() || seen.contains(&cells) {
                continue;
            }
            let distinct = super::solve::share_house(puzzle, &cells);
            if cells.len() >= side || (!distinct && cells.len() > ENUMERATED_CELLS) {
                continue;
            }
            let combos = if distinct {
                combos_up_to(side, cells.len(), sum)
            } else {
                &[]
            };
            seen.push(cells.clone());
            places.push(Place {
                cells,
                kind: PlaceKind::Sum45 {
                    houses,
                    innies,
                    distinct,
                },
                sum,
                combos,
                region: region.clone(),
            });
        }
    }
    places
}

/// A region's innies and outies with their sums (`true` for the innies).
fn innies_outies(puzzle: &Puzzle, region: &[usize]) -> Vec<(Vec<usize>, u32, bool)> {
    let side = puzzle.side();
    let houses = region.len() / side;
    let total = (houses * side * (side + 1) / 2) as i64;
    let mut inside = vec![false; side * side];
    for &cell in region {
        inside[cell] = true;
    }
    let mut touched: Vec<usize> = region.iter().map(|&cell| puzzle.cage_of(cell)).collect();
    touched.sort_unstable();
    touched.dedup();
    let (mut inner_sum, mut over_sum) = (0i64, 0i64);
    let (mut innies, mut outies) = (Vec::new(), Vec::new());
    for &index in &touched {
        let cage = &puzzle.cages()[index];
        if cage.cells.iter().all(|&cell| inside[cell]) {
            inner_sum += i64::from(cage.sum);
        } else {
            over_sum += i64::from(cage.sum);
            innies.extend(cage.cells.iter().copied().filter(|&cell| inside[cell]));
            outies.extend(cage.cells.iter().copied().filter(|&cell| !inside[cell]));
        }
    }
    innies.sort_unstable();
    outies.sort_unstable();
    let mut found = Vec::new();
    if let Ok(sum) = u32::try_from(total - inner_sum) {
        found.push((innies, sum, true));
    }
    if let Ok(sum) = u32::try_from(over_sum + inner_sum - total) {
        found.push((outies, sum, false));
    }
    found
}

/// The digits of `cells` (at most [`ENUMERATED_CELLS`], not necessarily different) that some
/// choice adding up to `sum` uses, each cell one of its candidates and cells that share a
/// house (`peers`) different. `None` when no choice adds up.
pub(crate) fn enumerate_sum(
    cands: &[DigitSet],
    cells: &[usize],
    sum: u32,
    peers: impl Fn(usize, usize) -> bool,
) -> Option<Vec<DigitSet>> {
    fn walk(
        index: usize,
        left: i64,
        cands: &[DigitSet],
        cells: &[usize],
        peers: &dyn Fn(usize, usize) -> bool,
        chosen: &mut Vec<u8>,
        used: &mut [DigitSet],
    ) -> bool {
        if index == cells.len() {
            if left != 0 {
                return false;
            }
            for (slot, &digit) in used.iter_mut().zip(chosen.iter()) {
                slot.insert(digit);
            }
            return true;
        }
        let rest: i64 = cells[index + 1..]
            .iter()
            .map(|&cell| i64::from(cands[cell].smallest().unwrap_or(0)))
            .sum();
        let rest_high: i64 = cells[index + 1..]
            .iter()
            .map(|&cell| i64::from(cands[cell].largest().unwrap_or(0)))
            .sum();
        let mut any = false;
        for digit in cands[cells[index]].iter() {
            let after = left - i64::from(digit);
            if after < rest || after > rest_high {
                continue;
            }
            let clash = (0..index).any(|j| chosen[j] == digit && peers(cells[j], cells[index]));
            if clash {
                continue;
            }
            chosen.push(digit);
            any |= walk(index + 1, after, cands, cells, peers, chosen, used);
            chosen.pop();
        }
        any
    }
    let mut used = vec![DigitSet::EMPTY; cells.len()];
    let found = walk(
        0,
        i64::from(sum),
        cands,
        cells,
        &peers,
        &mut Vec::with_capacity(cells.len()),
        &mut used,
    );
    found.then_some(used)
}

/// Where each technique of the ladder looks, in the order the rater tries them.
const SLOTS: [Technique; 12] = [
    Technique::HiddenSingle,
    Technique::CageCombinations,
    Technique::CageNeeds,
    Technique::InnieOutie,
    Technique::NakedPair,
    Technique::HiddenPair,
    Technique::Pointing,
    Technique::Claiming,
    Technique::CageUnitOverlap,
    Technique::InniesOuties,
    Technique::NakedTriple,
    Technique::HiddenTriple,
];

/// Whether `technique` looks at `place`.
fn looks_at(technique: Technique, place: &Place, side: usize, index: usize) -> bool {
    let house = place.kind == PlaceKind::House;
    let is_box = house && index >= 2 * side;
    let cage = matches!(place.kind, PlaceKind::Cage(_));
    match technique {
        Technique::HiddenSingle
        | Technique::NakedPair
        | Technique::HiddenPair
        | Technique::NakedTriple
        | Technique::HiddenTriple => house,
        Technique::Pointing => is_box,
        Technique::Claiming => house && !is_box,
        Technique::CageCombinations | Technique::CageNeeds | Technique::CageUnitOverlap => cage,
        Technique::InnieOutie => {
            matches!(place.kind, PlaceKind::Sum45 { houses: 1, .. }) && place.cells.len() == 1
        }
        Technique::InniesOuties => {
            matches!(place.kind, PlaceKind::Sum45 { .. })
                && !looks_at(Technique::InnieOutie, place, side, index)
        }
        _ => false,
    }
}

/// The killer-human ladder: the candidates, what is written, and where each technique may
/// find something.
struct Rater {
    side: usize,
    places: Vec<Place>,
    /// The places holding each cell.
    places_of: Vec<Vec<usize>>,
    /// The three houses of each cell, and its cage's place.
    peers_of: Vec<[usize; 4]>,
    cands: Vec<DigitSet>,
    written: Vec<bool>,
    /// A digit was removed from a cell that held only it: a rule broke.
    broken: bool,
    /// Written cells whose digit `digit_used` has not yet cleared from their peers.
    announce: std::collections::VecDeque<usize>,
    /// For each slot, the places it looks at, and which of them changed since it last found
    /// nothing there.
    watch: Vec<Vec<usize>>,
    dirty: Vec<Vec<bool>>,
    /// Whether anything changed since the X-wing last found nothing.
    wing_dirty: bool,
    rows: Vec<Vec<usize>>,
    cols: Vec<Vec<usize>>,
    prober: Prober,
}

/// What one deduction changes.
struct Change {
    technique: Technique,
    cells: Vec<usize>,
    clue: Option<usize>,
    narrowed: Narrowed,
    write: Option<usize>,
    /// A what-if's chain length and its cell's candidates (0 and 0 otherwise).
    hypothesis: (u32, u32),
}

impl Change {
    fn new(technique: Technique, cells: Vec<usize>, narrowed: Narrowed) -> Change {
        Change {
            technique,
            cells,
            clue: None,
            narrowed,
            write: None,
            hypothesis: (0, 0),
        }
    }
}

impl Rater {
    fn new(puzzle: &Puzzle, givens: &[(usize, u8)]) -> Rater {
        let side = puzzle.side();
        let places = places(puzzle);
        let mut places_of = vec![Vec::new(); side * side];
        for (index, place) in places.iter().enumerate() {
            for &cell in &place.cells {
                places_of[cell].push(index);
            }
        }
        let houses = 3 * side;
        let peers_of = (0..side * side)
            .map(|cell| {
                [
                    cell / side,
                    side + cell % side,
                    2 * side + puzzle.box_of(cell),
                    houses + puzzle.cage_of(cell),
                ]
            })
            .collect();
        let watch: Vec<Vec<usize>> = SLOTS
            .iter()
            .map(|&technique| {
                (0..places.len())
                    .filter(|&index| looks_at(technique, &places[index], side, index))
                    .collect()
            })
            .collect();
        let dirty = watch.iter().map(|_| vec![true; places.len()]).collect();
        let mut cands = vec![DigitSet::up_to(side as u8); side * side];
        let mut written = vec![false; side * side];
        let mut announce = std::collections::VecDeque::new();
        let puzzle_givens = puzzle
            .givens()
            .iter()
            .enumerate()
            .filter(|(_, &digit)| digit != 0)
            .map(|(cell, &digit)| (cell, digit));
        for (cell, digit) in puzzle_givens.chain(givens.iter().copied()) {
            if written[cell] {
                continue;
            }
            cands[cell] = DigitSet::single(digit);
            written[cell] = true;
            announce.push_back(cell);
        }
        let rows = puzzle.houses()[..side].to_vec();
        let cols = puzzle.houses()[side..2 * side].to_vec();
        let prober = Prober::new(WhatIf::new(side, &places, &places_of));
        Rater {
            side,
            places,
            places_of,
            peers_of,
            cands,
            written,
            broken: false,
            announce,
            watch,
            dirty,
            wing_dirty: true,
            rows,
            cols,
            prober,
        }
    }

    fn digit_used(&mut self) -> Option<Change> {
        while let Some(cell) = self.announce.pop_front() {
            let Some(digit) = self.cands[cell].single_digit() else {
                continue;
            };
            let mut narrowed: Narrowed = Vec::new();
            for &place in &self.peers_of[cell] {
                for &peer in &self.places[place].cells {
                    if peer != cell
                        && self.cands[peer].contains(digit)
                        && !narrowed.iter().any(|&(c, _)| c == peer)
                    {
                        narrowed.push((peer, self.cands[peer] - DigitSet::single(digit)));
                    }
                }
            }
            if !narrowed.is_empty() {
                narrowed.sort_unstable_by_key(|&(c, _)| c);
                return Some(Change::new(Technique::DigitUsed, vec![cell], narrowed));
            }
        }
        None
    }

    fn naked_single(&self) -> Option<Change> {
        let cell = (0..self.cands.len())
            .find(|&cell| !self.written[cell] && self.cands[cell].is_single())?;
        let mut change = Change::new(Technique::NakedSingle, vec![cell], Vec::new());
        change.write = Some(cell);
        Some(change)
    }

    /// A placement of `digit` in `cell` read from `cells`.
    fn placement(technique: Technique, cells: Vec<usize>, cell: usize, digit: u8) -> Change {
        let mut change = Change::new(technique, cells, vec![(cell, DigitSet::single(digit))]);
        change.write = Some(cell);
        change
    }

    /// `technique` tried at place `index`.
    fn try_at(&self, technique: Technique, index: usize) -> Result<Option<Change>, Contradiction> {
        let place = &self.places[index];
        let cands = &self.cands;
        let cells = &place.cells;
        let clue = match place.kind {
            PlaceKind::Cage(_) => Some(cells[0]),
            _ => None,
        };
        let with_clue = |mut change: Change| {
            change.clue = clue;
            change
        };
        let all = DigitSet::up_to(self.side as u8);
        Ok(match technique {
            Technique::HiddenSingle => techniques::hidden_single(cands, cells, all)?
                .map(|(cell, digit)| Rater::placement(technique, cells.clone(), cell, digit)),
            Technique::CageCombinations => {
                let (_, narrowed) = techniques::sum_fit(cands, cells, place.combos)?;
                (!narrowed.is_empty())
                    .then(|| with_clue(Change::new(technique, cells.clone(), narrowed)))
            }
            Technique::CageNeeds => {
                let (fit, _) = techniques::sum_fit(cands, cells, place.combos)?;
                techniques::needed_place(cands, cells, fit.all)?.map(|(cell, digit)| {
                    with_clue(Rater::placement(technique, cells.clone(), cell, digit))
                })
            }
            Technique::InnieOutie | Technique::InniesOuties => {
                let narrowed = self.sum45(place)?;
                let mut read = place.region.clone();
                read.extend(cells.iter().filter(|cell| !place.region.contains(cell)));
                read.sort_unstable();
                (!narrowed.is_empty()).then(|| Change::new(technique, read, narrowed))
            }
            Technique::NakedPair | Technique::NakedTriple => {
                let k = if technique == Technique::NakedPair {
                    2
                } else {
                    3
                };
                techniques::naked_subset(cands, cells, k)
                    .map(|(subset, narrowed)| Change::new(technique, subset, narrowed))
            }
            Technique::HiddenPair | Technique::HiddenTriple => {
                let k = if technique == Technique::HiddenPair {
                    2
                } else {
                    3
                };
                techniques::hidden_subset(cands, cells, k)
                    .map(|(subset, narrowed)| Change::new(technique, subset, narrowed))
            }
            Technique::Pointing | Technique::Claiming => {
                let crossing = if technique == Technique::Pointing {
                    self.lines_through(cells)
                } else {
                    self.boxes_through(cells)
                };
                crossing.into_iter().find_map(|target| {
                    techniques::confined(cands, cells, &self.places[target].cells, all)
                        .map(|(_, places, narrowed)| Change::new(technique, places, narrowed))
                })
            }
            Technique::CageUnitOverlap => {
                let (fit, _) = techniques::sum_fit(cands, cells, place.combos)?;
                let mut houses: Vec<usize> = cells
                    .iter()
                    .flat_map(|&cell| self.peers_of[cell][..3].to_vec())
                    .collect();
                houses.sort_unstable();
                houses.dedup();
                houses.into_iter().find_map(|house| {
                    techniques::confined(cands, cells, &self.places[house].cells, fit.all).map(
                        |(_, _, narrowed)| {
                            with_clue(Change::new(technique, cells.clone(), narrowed))
                        },
                    )
                })
            }
            _ => None,
        })
    }

    /// What a rule-of-45 sum group narrows.
    fn sum45(&self, place: &Place) -> Result<Narrowed, Contradiction> {
        let cands = &self.cands;
        let PlaceKind::Sum45 { distinct, .. } = place.kind else {
            return Ok(Vec::new());
        };
        if distinct {
            return Ok(techniques::sum_fit(cands, &place.cells, place.combos)?.1);
        }
        let peers_of = &self.peers_of;
        let used = enumerate_sum(cands, &place.cells, place.sum, |a, b| {
            peers_of[a][..3]
                .iter()
                .any(|house| peers_of[b][..3].contains(house))
        })
        .ok_or(Contradiction)?;
        Ok(place
            .cells
            .iter()
            .zip(used)
            .filter(|&(&cell, used)| used != cands[cell])
            .map(|(&cell, used)| (cell, used))
            .collect())
    }

    /// The rows and columns crossing a box (given by its cells), as places.
    fn lines_through(&self, cells: &[usize]) -> Vec<usize> {
        let side = self.side;
        let mut lines: Vec<usize> = cells.iter().map(|&cell| cell / side).collect();
        lines.extend(cells.iter().map(|&cell| side + cell % side));
        lines.sort_unstable();
        lines.dedup();
        lines
    }

    /// The boxes crossing a line (given by its cells), as places.
    fn boxes_through(&self, cells: &[usize]) -> Vec<usize> {
        let mut boxes: Vec<usize> = cells.iter().map(|&cell| self.peers_of[cell][2]).collect();
        boxes.sort_unstable();
        boxes.dedup();
        boxes
    }

    fn x_wing(&mut self, budget: &mut Budget) -> Result<Option<Change>, Stop> {
        if !self.wing_dirty {
            return Ok(None);
        }
        for digit in 1..=self.side as u8 {
            budget.step()?;
            for (lines, across) in [(&self.rows, &self.cols), (&self.cols, &self.rows)] {
                if let Some((corners, narrowed)) =
                    techniques::x_wing(&self.cands, lines, across, digit)
                {
                    return Ok(Some(Change::new(Technique::XWing, corners, narrowed)));
                }
            }
        }
        self.wing_dirty = false;
        Ok(None)
    }
}

impl Ladder for Rater {
    type Change = Change;

    fn next_change(
        &mut self,
        budget: &mut Budget,
    ) -> Result<Result<Option<Change>, Contradiction>, Stop> {
        if self.broken {
            return Ok(Err(Contradiction));
        }
        if let Some(change) = self.digit_used() {
            return Ok(Ok(Some(change)));
        }
        if let Some(change) = self.naked_single() {
            return Ok(Ok(Some(change)));
        }
        for (slot, &technique) in SLOTS.iter().enumerate() {
            if technique == Technique::NakedTriple {
                if let Some(change) = self.x_wing(budget)? {
                    return Ok(Ok(Some(change)));
                }
            }
            for position in 0..self.watch[slot].len() {
                let index = self.watch[slot][position];
                if !self.dirty[slot][index] {
                    continue;
                }
                budget.step()?;
                match self.try_at(technique, index) {
                    Err(contradiction) => return Ok(Err(contradiction)),
                    Ok(Some(change)) => return Ok(Ok(Some(change))),
                    Ok(None) => self.dirty[slot][index] = false,
                }
            }
        }
        if self.written.iter().all(|&w| w) {
            return Ok(Ok(None));
        }
        if let Some(refutation) = probe::find(&mut self.prober, &mut self.cands, budget)? {
            let cell = refutation.cell;
            let left = self.cands[cell] - DigitSet::single(refutation.digit);
            if left.is_empty() {
                return Ok(Err(Contradiction));
            }
            let mut change = Change::new(Technique::WhatIf, vec![cell], vec![(cell, left)]);
            change.hypothesis = (refutation.steps, self.cands[cell].len());
            return Ok(Ok(Some(change)));
        }
        Ok(Ok(None))
    }

    /// Applies a change: the deduction it is.
    fn apply(&mut self, change: Change) -> Applied {
        let side = self.side;
        let position = |cell: usize| [cell / side, cell % side];
        let mut removed = Vec::new();
        for &(cell, new) in &change.narrowed {
            let old = self.cands[cell];
            let gone = old - new;
            if gone.is_empty() {
                continue;
            }
            removed.push(Removal {
                row: cell / side,
                col: cell % side,
                values: digits_text(gone),
            });
            self.cands[cell] = new;
            if new.is_empty() {
                self.broken = true;
            }
            for &place in &self.places_of[cell] {
                for dirty in &mut self.dirty {
                    dirty[place] = true;
                }
            }
            self.wing_dirty = true;
        }
        let mut placed = Vec::new();
        if let Some(cell) = change.write {
            self.written[cell] = true;
            self.announce.push_back(cell);
            if let Some(digit) = self.cands[cell].single_digit() {
                placed.push(Placement {
                    row: cell / side,
                    col: cell % side,
                    value: digit_char(digit),
                });
            }
        }
        let (chain, candidates) = change.hypothesis;
        Applied {
            deduction: Deduction {
                technique: change.technique.name(),
                level: change.technique.level(),
                cells: change.cells.into_iter().map(position).collect(),
                clue: change.clue.map(position),
                placed,
                removed,
            },
            points: change.technique.points(),
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

    /// Every cell written in, no rule broken.
    fn solved(&self) -> bool {
        !self.broken && self.written.iter().all(|&w| w)
    }

    fn mean_candidates(&self) -> Hundredths {
        let total: u64 = self.cands.iter().map(|c| u64::from(c.len())).sum();
        Hundredths::ratio(total, self.cands.len() as u64)
    }
}

/// Digits as answers write them, smallest first (`19AB`).
pub fn digits_text(digits: DigitSet) -> String {
    digits.iter().map(digit_char).collect()
}
