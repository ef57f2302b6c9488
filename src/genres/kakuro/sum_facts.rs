//! Innies and outies: sums over unions of runs that leave a few cells with a known total.
//!
//! Take a group of runs of one direction, the *region* of their cells, and the runs of the
//! other direction that cross it. The region's cells add up to the group's sums. The crossing
//! runs add up to their sums; the cells they have outside the region (the *outies*) make the
//! difference: `Σ outies = Σ crossing sums − Σ group sums`. And the region's cells that no
//! crossing run lying wholly inside it covers (the *innies*) make up the group's sums less those
//! inside runs: `Σ innies = Σ group sums − Σ inside sums`. When only one to three cells are
//! left, that is a fact worth keeping ([`Fact`]): kakuro-solver-article.txt's Hard grid needs
//! one (its three left-hand across runs total 42, the four down runs through them 59, so the
//! two cells poking out, r4c2 and r3c4, add up to 17).
//!
//! The groups looked at are the one-run groups and those grown from them, up to three runs, by
//! a run holding an outie while there are at most six (growing a region with more outies
//! rarely brings them down to three). Every fact holds in every solution; the solver narrows
//! each fact's cells to the digits some way of making its total leaves them.

use std::collections::HashSet;

use crate::core::{DigitSet, Halt};

use super::model::{Layout, NO_RUN};

/// Runs in a group at most.
const GROUP_RUNS: usize = 3;
/// Outies at most for a group to grow.
const GROWING_OUTIES: usize = 6;
/// Cells at most in a fact.
pub const FACT_CELLS: usize = 3;

/// A few cells with a known total.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fact {
    cells: [u32; FACT_CELLS],
    len: usize,
    total: i32,
    /// For each pair of cells (0-1, 0-2, 1-2), whether they share a run (so differ).
    apart: [bool; 3],
}

impl Fact {
    pub fn cells(&self) -> &[u32] {
        &self.cells[..self.len]
    }

    /// Narrows the fact's cells to the digits some way of making its total leaves them (cells
    /// in one run differing), noting each cell's candidates before they change. True when
    /// something changed; a contradiction when the total cannot be made.
    pub fn narrow(
        &self,
        cands: &mut [DigitSet],
        note: &mut impl FnMut(u32, DigitSet),
    ) -> Result<bool, Halt> {
        let sets: Vec<DigitSet> = self.cells().iter().map(|&c| cands[c as usize]).collect();
        let mut support = [DigitSet::EMPTY; FACT_CELLS];
        let digit = |value: i32| (1..=9).contains(&value).then(|| value as u8);
        match self.len {
            1 => {
                if let Some(d) = digit(self.total).filter(|&d| sets[0].contains(d)) {
                    support[0].insert(d);
                }
            }
            2 => {
                for a in sets[0].iter() {
                    let Some(b) = digit(self.total - i32::from(a)) else {
                        continue;
                    };
                    if sets[1].contains(b) && !(self.apart[0] && a == b) {
                        support[0].insert(a);
                        support[1].insert(b);
                    }
                }
            }
            _ => {
                for a in sets[0].iter() {
                    for b in sets[1].iter() {
                        if self.apart[0] && a == b {
                            continue;
                        }
                        let Some(c) = digit(self.total - i32::from(a) - i32::from(b)) else {
                            continue;
                        };
                        if sets[2].contains(c)
                            && !(self.apart[1] && a == c)
                            && !(self.apart[2] && b == c)
                        {
                            support[0].insert(a);
                            support[1].insert(b);
                            support[2].insert(c);
                        }
                    }
                }
            }
        }
        let mut changed = false;
        for (i, &cell) in self.cells().iter().enumerate() {
            let old = sets[i];
            if support[i].is_empty() {
                return Err(Halt::Contradiction);
            }
            if support[i] != old {
                note(cell, old);
                cands[cell as usize] = support[i];
                changed = true;
            }
        }
        Ok(changed)
    }
}

/// Every innie and outie fact of a layout (see the module documentation), each cell set once.
pub fn sum_facts(layout: &Layout) -> Vec<Fact> {
    let mut finder = Finder {
        layout,
        facts: Vec::new(),
        known: HashSet::new(),
        groups: HashSet::new(),
        in_region: vec![false; layout.white_count()],
    };
    for (run, r) in layout.runs.iter().enumerate() {
        finder.grow(&mut vec![run], usize::from(!r.down));
    }
    finder.facts
}

struct Finder<'a> {
    layout: &'a Layout,
    facts: Vec<Fact>,
    /// The cell sets of the facts found (sorted, unused places `u32::MAX`).
    known: HashSet<[u32; FACT_CELLS]>,
    /// The groups looked at, their runs sorted (unused places `usize::MAX`).
    groups: HashSet<[usize; GROUP_RUNS]>,
    /// Scratch: the cells of the group being looked at.
    in_region: Vec<bool>,
}

impl Finder<'_> {
    /// Looks at the group `group` (runs whose cells' crossing runs are slot `other` of
    /// [`Layout::cell_runs`]), then at the groups one run larger that take in an outie.
    fn grow(&mut self, group: &mut Vec<usize>, other: usize) {
        let mut key = [usize::MAX; GROUP_RUNS];
        key[..group.len()].copy_from_slice(group);
        key.sort_unstable();
        if !self.groups.insert(key) {
            return;
        }
        let layout = self.layout;
        let region: Vec<u32> = group
            .iter()
            .flat_map(|&run| layout.runs[run].cells.iter().copied())
            .collect();
        for &cell in &region {
            self.in_region[cell as usize] = true;
        }
        let group_total: i32 = group
            .iter()
            .map(|&run| i32::from(layout.runs[run].sum))
            .sum();
        let mut crossing: Vec<usize> = region
            .iter()
            .map(|&cell| layout.cell_runs[cell as usize][other])
            .filter(|&run| run != NO_RUN)
            .map(|run| run as usize)
            .collect();
        crossing.sort_unstable();
        crossing.dedup();
        let covered = region
            .iter()
            .all(|&cell| layout.cell_runs[cell as usize][other] != NO_RUN);
        let mut outies = Vec::new();
        let mut crossing_total = 0;
        let mut inside_total = 0;
        let mut inside_cells = Vec::new();
        for &run in &crossing {
            let r = &layout.runs[run];
            crossing_total += i32::from(r.sum);
            let outside: Vec<u32> = r
                .cells
                .iter()
                .copied()
                .filter(|&cell| !self.in_region[cell as usize])
                .collect();
            if outside.is_empty() {
                inside_total += i32::from(r.sum);
                inside_cells.extend(&r.cells);
            }
            outies.extend(outside);
        }
        let innies: Vec<u32> = region
            .iter()
            .copied()
            .filter(|cell| !inside_cells.contains(cell))
            .collect();
        for &cell in &region {
            self.in_region[cell as usize] = false;
        }
        // Every region cell in a crossing run: the crossing runs' cells are the region's and
        // the outies.
        if covered {
            self.keep(outies.clone(), crossing_total - group_total);
        }
        if !inside_cells.is_empty() {
            self.keep(innies, group_total - inside_total);
        }
        if group.len() >= GROUP_RUNS || outies.len() > GROWING_OUTIES {
            return;
        }
        let own = 1 - other;
        let mut next: Vec<usize> = outies
            .iter()
            .map(|&cell| layout.cell_runs[cell as usize][own])
            .filter(|&run| run != NO_RUN && !group.contains(&(run as usize)))
            .map(|run| run as usize)
            .collect();
        next.sort_unstable();
        next.dedup();
        for run in next {
            group.push(run);
            self.grow(group, other);
            group.pop();
        }
    }

    /// Keeps the fact that `cells` add up to `total`, if it has one to [`FACT_CELLS`] cells
    /// and is new.
    fn keep(&mut self, mut cells: Vec<u32>, total: i32) {
        if cells.is_empty() || cells.len() > FACT_CELLS {
            return;
        }
        cells.sort_unstable();
        let mut key = [u32::MAX; FACT_CELLS];
        key[..cells.len()].copy_from_slice(&cells);
        if !self.known.insert(key) {
            return;
        }
        let layout = self.layout;
        let share = |a: u32, b: u32| {
            let (ra, rb) = (layout.cell_runs[a as usize], layout.cell_runs[b as usize]);
            (ra[0] != NO_RUN && ra[0] == rb[0]) || (ra[1] != NO_RUN && ra[1] == rb[1])
        };
        let mut fixed = [0u32; FACT_CELLS];
        fixed[..cells.len()].copy_from_slice(&cells);
        let apart = [
            cells.len() > 1 && share(fixed[0], fixed[1]),
            cells.len() > 2 && share(fixed[0], fixed[2]),
            cells.len() > 2 && share(fixed[1], fixed[2]),
        ];
        self.facts.push(Fact {
            cells: fixed,
            len: cells.len(),
            total,
            apart,
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::genres::kakuro::format::parse_text;
    use crate::genres::kakuro::model::Rules;

    /// kakuro-solver-article.txt's Hard grid.
    const HARD: &str = "\
#    24\\  15\\  6\\   14\\  #    #
\\17  .    .    .    .    #    #
\\13  .    .    .    .    24\\  #
\\12  .    .    11\\12 .   .    9\\
#    \\10  .    .    7\\5  .    .
#    #    \\14  .    .    .    .
#    #    \\27  .    .    .    .";

    #[test]
    fn the_article_hard_grid_has_its_outie_pair() {
        let layout = parse_text(HARD).unwrap().layout(Rules::Relaxed).unwrap();
        let facts = sum_facts(&layout);
        let (r4c2, r3c4) = (
            layout.white_at(4, 2).unwrap(),
            layout.white_at(3, 4).unwrap(),
        );
        let mut pair = vec![r4c2 as u32, r3c4 as u32];
        pair.sort_unstable();
        let fact = facts
            .iter()
            .find(|fact| fact.cells() == pair.as_slice())
            .expect("the outie pair of the three left-hand across runs");
        assert_eq!(fact.total, 17);
        // Every fact holds in the solution.
        let solution = [
            "#######", "#9152##", "#7213##", "#84#93#", "##82#41", "###1382", "###8496",
        ];
        for fact in &facts {
            let total: i32 = fact
                .cells()
                .iter()
                .map(|&cell| {
                    let (row, col) = layout.whites[cell as usize];
                    i32::from(solution[row].as_bytes()[col] - b'0')
                })
                .sum();
            assert_eq!(total, fact.total, "{fact:?}");
        }
    }

    #[test]
    fn a_fact_narrows_to_the_ways_of_making_its_total() {
        let fact = Fact {
            cells: [0, 1, 0],
            len: 2,
            total: 17,
            apart: [false; 3],
        };
        let mut cands = vec![DigitSet::ALL, DigitSet::from_iter([2, 8, 9])];
        let mut noted = Vec::new();
        assert_eq!(
            fact.narrow(&mut cands, &mut |cell, _| noted.push(cell)),
            Ok(true)
        );
        assert_eq!(
            cands,
            vec![DigitSet::from_iter([8, 9]), DigitSet::from_iter([8, 9])]
        );
        assert_eq!(noted, vec![0, 1]);
        // In one run the two cells differ: 16 cannot be 8 + 8.
        let apart = Fact {
            apart: [true, false, false],
            total: 16,
            ..fact
        };
        let mut cands = vec![DigitSet::from_iter([7, 8]), DigitSet::from_iter([8])];
        assert_eq!(
            apart.narrow(&mut cands, &mut |_, _| {}),
            Err(Halt::Contradiction)
        );
    }
}
