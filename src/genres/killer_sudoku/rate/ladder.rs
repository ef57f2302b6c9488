//! The killer-human ladder `crate::core::rater` runs: where each technique is tried, in which
//! order, and what a deduction changes on the candidates.

use crate::core::descriptors::Hundredths;
use crate::core::rater::{Applied, Ladder};
use crate::core::{Budget, Contradiction, Deduction, DigitSet, Level, Placement, Removal, Stop};

use super::places::{enumerate_sum, places, Place, PlaceKind};
use super::probe::{self, Prober, WhatIf};
use super::techniques::{self, Narrowed, Technique};
use crate::genres::killer_sudoku::model::{digit_char, Puzzle};

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
pub(super) struct Rater {
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
pub(super) struct Change {
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
    /// The ladder over `puzzle` with `givens` (cell index and digit) written in besides the
    /// puzzle's own.
    pub(super) fn new(puzzle: &Puzzle, givens: &[(usize, u8)]) -> Rater {
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
        let mut cands = puzzle.given_candidates();
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
fn digits_text(digits: DigitSet) -> String {
    digits.iter().map(digit_char).collect()
}
