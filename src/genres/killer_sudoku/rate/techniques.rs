//! The techniques of the killer-human profile, as free functions over the candidates of one
//! place (a house, a cage, a sum group the rule of 45 derives); a broken rule is the unit error
//! [`Contradiction`]. The rater ([`super`]) decides where and in which order they apply.
//!
//! | technique | level | what it does |
//! |---|---|---|
//! | `digit_used` | bookkeeping | a written digit removed from its row, column, box and cage |
//! | `naked_single` | Easy | a cell with one candidate left written in |
//! | `hidden_single` | Easy | a digit with one place left in a house written there |
//! | `cage_combinations` | Easy | a cage's cells keep the digits of its sum's combinations that fit |
//! | `cage_needs` | Easy | a digit every fitting combination of a cage has, in its one place |
//! | `innie_outie` | Medium | the rule of 45: one cell of a house, or next to it, with a known digit |
//! | `naked_pair`, `hidden_pair` | Medium | two cells of a house holding two digits |
//! | `pointing`, `claiming` | Medium | a digit of a box confined to a line, or of a line to a box |
//! | `cage_unit_overlap` | Medium | a digit a cage needs, confined in it to one house |
//! | `innies_outies` | Hard | the rule of 45 over several houses, or several innie or outie cells |
//! | `naked_triple`, `hidden_triple` | Hard | three cells of a house holding three digits |
//! | `x_wing` | Hard | a digit in two rows (columns) confined to the same two columns (rows) |
//! | `what_if` | Expert | a digit whose assumption breaks a rule within a few easy deductions |

use crate::core::{Contradiction, DigitSet, Level};

use crate::genres::killer_sudoku::combos::{fit, Fit};

/// The rater profile and its version, reported with every rating.
/// The profile name.
pub const PROFILE: &str = "killer-human";
/// The profile version.
pub const PROFILE_VERSION: u32 = 1;

/// The techniques, easiest first: the order in which the rater tries them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Technique {
    DigitUsed,
    NakedSingle,
    HiddenSingle,
    CageCombinations,
    CageNeeds,
    InnieOutie,
    NakedPair,
    HiddenPair,
    Pointing,
    Claiming,
    CageUnitOverlap,
    InniesOuties,
    NakedTriple,
    HiddenTriple,
    XWing,
    WhatIf,
}

impl Technique {
    pub fn name(self) -> &'static str {
        match self {
            Technique::DigitUsed => "digit_used",
            Technique::NakedSingle => "naked_single",
            Technique::HiddenSingle => "hidden_single",
            Technique::CageCombinations => "cage_combinations",
            Technique::CageNeeds => "cage_needs",
            Technique::InnieOutie => "innie_outie",
            Technique::NakedPair => "naked_pair",
            Technique::HiddenPair => "hidden_pair",
            Technique::Pointing => "pointing",
            Technique::Claiming => "claiming",
            Technique::CageUnitOverlap => "cage_unit_overlap",
            Technique::InniesOuties => "innies_outies",
            Technique::NakedTriple => "naked_triple",
            Technique::HiddenTriple => "hidden_triple",
            Technique::XWing => "x_wing",
            Technique::WhatIf => "what_if",
        }
    }

    /// The technique's level; `None` for bookkeeping, which never raises a rating.
    pub fn level(self) -> Option<Level> {
        Some(match self {
            Technique::DigitUsed => return None,
            Technique::NakedSingle
            | Technique::HiddenSingle
            | Technique::CageCombinations
            | Technique::CageNeeds => Level::Easy,
            Technique::InnieOutie
            | Technique::NakedPair
            | Technique::HiddenPair
            | Technique::Pointing
            | Technique::Claiming
            | Technique::CageUnitOverlap => Level::Medium,
            Technique::InniesOuties
            | Technique::NakedTriple
            | Technique::HiddenTriple
            | Technique::XWing => Level::Hard,
            Technique::WhatIf => Level::Expert,
        })
    }

    /// The score's points (see [`crate::core::score`]): within a level, the techniques a
    /// solver finds later weigh more.
    pub fn points(self) -> u32 {
        match self {
            Technique::DigitUsed | Technique::NakedSingle => 0,
            Technique::HiddenSingle | Technique::CageCombinations => 1,
            Technique::CageNeeds => 2,
            Technique::InnieOutie
            | Technique::NakedPair
            | Technique::Pointing
            | Technique::Claiming => 1,
            Technique::HiddenPair | Technique::CageUnitOverlap => 2,
            Technique::InniesOuties | Technique::NakedTriple => 1,
            Technique::HiddenTriple | Technique::XWing => 2,
            Technique::WhatIf => 1,
        }
    }
}

/// Cells narrowed: each cell with its new candidates (only cells that change).
pub type Narrowed = Vec<(usize, DigitSet)>;

/// The digit of `house` (its cells) with one place left that is not yet decided there: that
/// cell and digit. A digit of `digits` with no place breaks the rule.
pub fn hidden_single(
    cands: &[DigitSet],
    house: &[usize],
    digits: DigitSet,
) -> Result<Option<(usize, u8)>, Contradiction> {
    let mut found = None;
    for digit in digits.iter() {
        let mut places = house.iter().filter(|&&cell| cands[cell].contains(digit));
        let Some(&first) = places.next() else {
            return Err(Contradiction);
        };
        if places.next().is_none() && !cands[first].is_single() && found.is_none() {
            found = Some((first, digit));
        }
    }
    Ok(found)
}

/// The combinations of `combos` that fit `cells` (see [`fit`]), and the cells they narrow.
pub fn sum_fit(
    cands: &[DigitSet],
    cells: &[usize],
    combos: &[DigitSet],
) -> Result<(Fit, Narrowed), Contradiction> {
    let local: Vec<DigitSet> = cells.iter().map(|&cell| cands[cell]).collect();
    let found = fit(&local, combos).ok_or(Contradiction)?;
    let narrowed = cells
        .iter()
        .filter_map(|&cell| {
            let new = cands[cell] & found.any;
            if new.is_empty() {
                return None;
            }
            (new != cands[cell]).then_some((cell, new))
        })
        .collect::<Vec<_>>();
    if cells
        .iter()
        .any(|&cell| (cands[cell] & found.any).is_empty())
    {
        return Err(Contradiction);
    }
    Ok((found, narrowed))
}

/// A digit every fitting combination of a sum group has (`needed`), with one place left in
/// its cells and not decided there yet: that cell and digit. A needed digit with no place
/// breaks the rule.
pub fn needed_place(
    cands: &[DigitSet],
    cells: &[usize],
    needed: DigitSet,
) -> Result<Option<(usize, u8)>, Contradiction> {
    hidden_single(cands, cells, needed)
}

/// `k` open cells of a house whose candidates together are `k` digits: those digits removed
/// from the house's other cells. The subset's cells and what it removes, the first one (in the
/// order of the cells) that removes something.
pub fn naked_subset(
    cands: &[DigitSet],
    house: &[usize],
    k: usize,
) -> Option<(Vec<usize>, Narrowed)> {
    let open: Vec<usize> = house
        .iter()
        .copied()
        .filter(|&cell| {
            let n = cands[cell].len() as usize;
            n >= 2 && n <= k
        })
        .collect();
    let mut found = None;
    subsets(open.len(), k, &mut |picked| {
        let cells: Vec<usize> = picked.iter().map(|&i| open[i]).collect();
        let union = cells
            .iter()
            .fold(DigitSet::EMPTY, |acc, &cell| acc | cands[cell]);
        if union.len() as usize != k {
            return false;
        }
        let narrowed: Narrowed = house
            .iter()
            .filter(|cell| !cells.contains(cell))
            .filter(|&&cell| !(cands[cell] & union).is_empty())
            .map(|&cell| (cell, cands[cell] - union))
            .collect();
        if narrowed.is_empty() {
            return false;
        }
        found = Some((cells, narrowed));
        true
    });
    found
}

/// `k` digits of a house whose places together are `k` cells: the other digits removed from
/// those cells. The cells and what it removes, the first subset that removes something.
pub fn hidden_subset(
    cands: &[DigitSet],
    house: &[usize],
    k: usize,
) -> Option<(Vec<usize>, Narrowed)> {
    let all = house
        .iter()
        .fold(DigitSet::EMPTY, |acc, &cell| acc | cands[cell]);
    let digits: Vec<(u8, Vec<usize>)> = all
        .iter()
        .map(|digit| {
            let places: Vec<usize> = house
                .iter()
                .copied()
                .filter(|&cell| cands[cell].contains(digit))
                .collect();
            (digit, places)
        })
        .filter(|(_, places)| places.len() >= 2 && places.len() <= k)
        .collect();
    let mut found = None;
    subsets(digits.len(), k, &mut |picked| {
        let mut cells: Vec<usize> = picked
            .iter()
            .flat_map(|&i| digits[i].1.iter().copied())
            .collect();
        cells.sort_unstable();
        cells.dedup();
        if cells.len() != k {
            return false;
        }
        let keep: DigitSet = picked.iter().map(|&i| digits[i].0).collect();
        let narrowed: Narrowed = cells
            .iter()
            .filter(|&&cell| !(cands[cell] - keep).is_empty())
            .map(|&cell| (cell, cands[cell] & keep))
            .collect();
        if narrowed.is_empty() {
            return false;
        }
        found = Some((cells, narrowed));
        true
    });
    found
}

/// Calls `visit` with each `k`-subset of `0..n` (as sorted indices) in lexicographic order
/// until it returns true.
fn subsets(n: usize, k: usize, visit: &mut dyn FnMut(&[usize]) -> bool) {
    fn walk(
        start: usize,
        n: usize,
        k: usize,
        picked: &mut Vec<usize>,
        visit: &mut dyn FnMut(&[usize]) -> bool,
    ) -> bool {
        if picked.len() == k {
            return visit(picked);
        }
        for i in start..n {
            if n - i < k - picked.len() {
                break;
            }
            picked.push(i);
            if walk(i + 1, n, k, picked, visit) {
                return true;
            }
            picked.pop();
        }
        false
    }
    if k > 0 && k <= n {
        walk(0, n, k, &mut Vec::with_capacity(k), visit);
    }
}

/// A digit whose places in `from` all lie in `target` as well (a box's in one line, a line's
/// in one box, a cage's needed digit in one house): the digit removed from the cells of
/// `target` outside `from`. `digits` are the digits to look at; the first that removes
/// something, with its places.
pub fn confined(
    cands: &[DigitSet],
    from: &[usize],
    target: &[usize],
    digits: DigitSet,
) -> Option<(u8, Vec<usize>, Narrowed)> {
    for digit in digits.iter() {
        let places: Vec<usize> = from
            .iter()
            .copied()
            .filter(|&cell| cands[cell].contains(digit))
            .collect();
        if places.len() < 2 || !places.iter().all(|cell| target.contains(cell)) {
            continue;
        }
        let narrowed: Narrowed = target
            .iter()
            .filter(|cell| !from.contains(cell))
            .filter(|&&cell| cands[cell].contains(digit))
            .map(|&cell| (cell, cands[cell] - DigitSet::single(digit)))
            .collect();
        if !narrowed.is_empty() {
            return Some((digit, places, narrowed));
        }
    }
    None
}

/// An X-wing of `digit` over `lines` (the rows, or the columns, each its cells in order, and
/// `across` the other lines the same way): two lines whose places of the digit are the same
/// two positions; the digit removed from those two cross lines elsewhere. The four corner
/// cells and what it removes.
pub fn x_wing(
    cands: &[DigitSet],
    lines: &[Vec<usize>],
    across: &[Vec<usize>],
    digit: u8,
) -> Option<(Vec<usize>, Narrowed)> {
    let positions: Vec<Vec<usize>> = lines
        .iter()
        .map(|line| {
            (0..line.len())
                .filter(|&i| cands[line[i]].contains(digit))
                .collect()
        })
        .collect();
    for a in 0..lines.len() {
        if positions[a].len() != 2 {
            continue;
        }
        for b in a + 1..lines.len() {
            if positions[b] != positions[a] {
                continue;
            }
            let corners: Vec<usize> = positions[a]
                .iter()
                .flat_map(|&p| [lines[a][p], lines[b][p]])
                .collect();
            let narrowed: Narrowed = positions[a]
                .iter()
                .flat_map(|&p| across[p].iter().copied())
                .filter(|cell| !corners.contains(cell))
                .filter(|&cell| cands[cell].contains(digit))
                .map(|cell| (cell, cands[cell] - DigitSet::single(digit)))
                .collect();
            if !narrowed.is_empty() {
                let mut corners = corners;
                corners.sort_unstable();
                return Some((corners, narrowed));
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn set(digits: &[u8]) -> DigitSet {
        digits.iter().copied().collect()
    }

    #[test]
    fn a_naked_pair_clears_its_digits_from_the_house() {
        let cands = vec![set(&[1, 2]), set(&[1, 2]), set(&[1, 2, 3]), set(&[3, 4])];
        let (cells, narrowed) = naked_subset(&cands, &[0, 1, 2, 3], 2).unwrap();
        assert_eq!(cells, vec![0, 1]);
        assert_eq!(narrowed, vec![(2, set(&[3]))]);
        assert!(naked_subset(&cands, &[0, 1, 3], 2).is_none());
    }

    #[test]
    fn a_hidden_pair_keeps_only_its_digits() {
        let cands = vec![set(&[1, 2, 3]), set(&[1, 2, 4]), set(&[3, 4]), set(&[3, 4])];
        let (cells, narrowed) = hidden_subset(&cands, &[0, 1, 2, 3], 2).unwrap();
        assert_eq!(cells, vec![0, 1]);
        assert_eq!(narrowed, vec![(0, set(&[1, 2])), (1, set(&[1, 2]))]);
    }

    #[test]
    fn a_hidden_single_needs_one_place() {
        let cands = vec![set(&[1, 2]), set(&[2]), set(&[2, 3])];
        assert_eq!(
            hidden_single(&cands, &[0, 1, 2], set(&[1, 2, 3])),
            Ok(Some((0, 1)))
        );
        assert_eq!(
            hidden_single(&cands, &[0, 1, 2], set(&[4])),
            Err(Contradiction)
        );
    }

    #[test]
    fn a_confined_digit_leaves_the_rest_of_the_target() {
        let cands = vec![set(&[1, 2]), set(&[1, 3]), set(&[2, 3]), set(&[1, 2])];
        // Digit 1 of {0, 1} lies in {0, 1, 3}: removed from 3.
        let (digit, places, narrowed) =
            confined(&cands, &[0, 1, 2], &[0, 1, 3], set(&[1, 2])).unwrap();
        assert_eq!((digit, places), (1, vec![0, 1]));
        assert_eq!(narrowed, vec![(3, set(&[2]))]);
    }

    #[test]
    fn an_x_wing_clears_its_columns() {
        // 3x3 cells 0..9; digit 1 in rows 0 and 2 only at columns 0 and 2.
        let mut cands = vec![set(&[1, 2]); 9];
        for cell in [1, 7] {
            cands[cell] = set(&[2]);
        }
        let rows: Vec<Vec<usize>> = (0..3)
            .map(|r| (0..3).map(|c| r * 3 + c).collect())
            .collect();
        let cols: Vec<Vec<usize>> = (0..3)
            .map(|c| (0..3).map(|r| r * 3 + c).collect())
            .collect();
        let (corners, narrowed) = x_wing(&cands, &rows, &cols, 1).unwrap();
        assert_eq!(corners, vec![0, 2, 6, 8]);
        assert_eq!(narrowed, vec![(3, set(&[2])), (5, set(&[2]))]);
    }
}
