//! `what_if` (Expert): if a cell with at most [`MAX_CANDIDATES`] candidates had a digit, the
//! easy techniques (a written digit cleared from its peers, singles, cage combinations, the
//! rule of 45's sum groups) would break a rule within [`MAX_STEPS`] steps, so that digit goes.
//! The hypotheses run on the shared prober ([`crate::core::probe`]): a step is one place
//! (house, cage or sum group) narrowed; cells are tried in reading order, digits smallest
//! first.

use crate::core::probe::{self, Effects, Hypotheses, Narrowed};
use crate::core::{Budget, DigitSet, Stop};

use super::places::{enumerate_sum, Place, PlaceKind};
use super::techniques::{hidden_single, sum_fit};

/// Only cells with at most this many candidates are tried.
pub const MAX_CANDIDATES: u32 = 3;
/// A rule must break within this many steps.
pub const MAX_STEPS: u32 = 12;

/// The prober of a rating.
pub type Prober = probe::Prober<WhatIf>;

/// A refuted digit and the chain that refuted it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Refutation {
    pub cell: usize,
    pub digit: u8,
    pub steps: u32,
}

/// The killer side of the hypotheses: the places as constraints, the cells as parts.
pub struct WhatIf {
    side: usize,
    places: Vec<Place>,
    places_of: Vec<Vec<usize>>,
    /// The three houses of each cell, as places.
    houses_of: Vec<[usize; 3]>,
}

impl WhatIf {
    pub fn new(side: usize, places: &[Place], places_of: &[Vec<usize>]) -> WhatIf {
        let houses_of = places_of
            .iter()
            .map(|of| {
                let mut houses = [0; 3];
                for (slot, &place) in houses.iter_mut().zip(of.iter()) {
                    *slot = place;
                }
                houses
            })
            .collect();
        WhatIf {
            side,
            places: places.to_vec(),
            places_of: places_of.to_vec(),
            houses_of,
        }
    }

    /// Sets a cell's candidates, noting and queueing.
    fn set(
        &self,
        cands: &mut [DigitSet],
        cell: usize,
        new: DigitSet,
        effects: &mut Effects<'_, WhatIf>,
    ) {
        effects.changed((cell, cands[cell]));
        cands[cell] = new;
        for &place in &self.places_of[cell] {
            effects.queue(place);
        }
    }
}

impl Hypotheses for WhatIf {
    type State = [DigitSet];
    type Var = usize;
    type Value = u8;
    type Mode = ();
    type Undo = (usize, DigitSet);
    type Read = DigitSet;

    fn constraint_count(&self) -> usize {
        self.places.len()
    }

    fn part_count(&self) -> usize {
        self.places_of.len()
    }

    fn slot_count(&self, _: &[DigitSet]) -> usize {
        self.places_of.len() * self.side
    }

    fn slot(&self, cell: usize, digit: u8, _: ()) -> usize {
        cell * self.side + usize::from(digit) - 1
    }

    fn assume(
        &mut self,
        cands: &mut [DigitSet],
        cell: usize,
        digit: u8,
        effects: &mut Effects<'_, WhatIf>,
    ) {
        self.set(cands, cell, DigitSet::single(digit), effects);
    }

    /// One place narrowed: its decided digits cleared from its other cells, then its sum's
    /// combinations (a cage, a sum group), or its hidden single (a house).
    fn narrow(
        &mut self,
        cands: &mut [DigitSet],
        constraint: usize,
        _: (),
        effects: &mut Effects<'_, WhatIf>,
    ) -> Narrowed {
        let place = &self.places[constraint];
        let distinct = self.distinct(place);
        let mut decided = DigitSet::EMPTY;
        for &cell in &place.cells {
            effects.read(cell);
            let cand = cands[cell];
            if cand.is_empty() {
                return Narrowed::Broken;
            }
            if cand.is_single() {
                if distinct && !(decided & cand).is_empty() {
                    return Narrowed::Broken;
                }
                decided |= cand;
            }
        }
        let mut changed = Vec::new();
        if distinct {
            for &cell in &place.cells {
                let cand = cands[cell];
                if !cand.is_single() && !(cand & decided).is_empty() {
                    changed.push((cell, cand - decided));
                }
            }
        }
        if changed.is_empty() {
            let found = match place.kind {
                PlaceKind::House => {
                    let all = DigitSet::up_to(self.side as u8);
                    match hidden_single(cands, &place.cells, all) {
                        Err(_) => return Narrowed::Broken,
                        Ok(found) => found
                            .map(|(cell, digit)| vec![(cell, DigitSet::single(digit))])
                            .unwrap_or_default(),
                    }
                }
                PlaceKind::Sum45 {
                    distinct: false, ..
                } => {
                    let houses_of = &self.houses_of;
                    let Some(used) = enumerate_sum(cands, &place.cells, place.sum, |a, b| {
                        houses_of[a]
                            .iter()
                            .any(|house| houses_of[b].contains(house))
                    }) else {
                        return Narrowed::Broken;
                    };
                    place
                        .cells
                        .iter()
                        .zip(used)
                        .filter(|&(&cell, used)| used != cands[cell])
                        .map(|(&cell, used)| (cell, used))
                        .collect()
                }
                _ => match sum_fit(cands, &place.cells, place.combos) {
                    Err(_) => return Narrowed::Broken,
                    Ok((_, narrowed)) => narrowed,
                },
            };
            changed = found;
        }
        if changed.is_empty() {
            return Narrowed::Unchanged;
        }
        for (cell, new) in changed {
            if new.is_empty() {
                return Narrowed::Broken;
            }
            self.set(cands, cell, new, effects);
        }
        Narrowed::Changed
    }

    fn restore(cands: &mut [DigitSet], &(cell, old): &(usize, DigitSet)) {
        cands[cell] = old;
    }

    fn read(cands: &[DigitSet], cell: usize) -> DigitSet {
        cands[cell]
    }
}

impl WhatIf {
    /// Whether a place's digits all differ.
    fn distinct(&self, place: &Place) -> bool {
        !matches!(
            place.kind,
            PlaceKind::Sum45 {
                distinct: false,
                ..
            }
        )
    }
}

/// The next deduction: the first cell in reading order with a refuted digit, and that digit.
pub fn find(
    prober: &mut Prober,
    cands: &mut [DigitSet],
    budget: &mut Budget,
) -> Result<Option<Refutation>, Stop> {
    for cell in 0..cands.len() {
        let count = cands[cell].len();
        if !(2..=MAX_CANDIDATES).contains(&count) {
            continue;
        }
        for digit in cands[cell].iter() {
            if let Some(steps) = prober.refutes(cands, cell, digit, (), MAX_STEPS, budget)? {
                return Ok(Some(Refutation { cell, digit, steps }));
            }
        }
    }
    Ok(None)
}
