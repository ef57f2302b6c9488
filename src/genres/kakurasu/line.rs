//! One row or column: its weights, its need, and the subset-sum analysis every algorithm
//! (solver, checker, techniques, generator) shares.
//!
//! A line of `len` cells is two bit masks, bit `i` for the cell worth `i + 1` (a row's cells
//! are worth their column numbers, a column's cells their row numbers). A line has at most 32
//! cells, so a mask is a `u32`, but its subsets are far too many to enumerate (2^32). Instead
//! the analysis keeps sets of reachable sums as bitsets ([`SumSet`], sums up to
//! 1 + 2 + ... + 32 = 528): the sums the open cells before a cell can make, and the sums
//! that the open cells after it can complete to the need. A cell can be shaded when some
//! prefix sum plus its weight meets a completable value, and unshaded when a prefix sum meets
//! one directly. That costs a few word operations per cell.

/// Longest line: the largest side of a grid.
pub const MAX_LINE: usize = 32;
/// The largest weight a line can hold: 1 + 2 + ... + 32.
pub const MAX_LINE_WEIGHT: u32 = (MAX_LINE * (MAX_LINE + 1) / 2) as u32;

const WORDS: usize = MAX_LINE_WEIGHT as usize / 64 + 1;

/// A broken rule: a line whose shaded cells exceed its clue, or whose open cells cannot make
/// up the rest.
pub use crate::core::Contradiction;

/// A set of sums `0..=MAX_LINE_WEIGHT`, as a bitset.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct SumSet([u64; WORDS]);

impl SumSet {
    const EMPTY: SumSet = SumSet([0; WORDS]);

    fn single(value: u32) -> SumSet {
        let mut set = SumSet::EMPTY;
        set.0[value as usize / 64] |= 1 << (value % 64);
        set
    }

    fn contains(&self, value: u32) -> bool {
        value <= MAX_LINE_WEIGHT && self.0[value as usize / 64] & (1 << (value % 64)) != 0
    }

    /// `self | (self << by)`, over the first `words` words (sums beyond them are dropped).
    fn with_added(&self, by: u32, words: usize) -> SumSet {
        let mut out = *self;
        let (word_shift, bit_shift) = (by as usize / 64, by % 64);
        for i in word_shift..words {
            let from = i - word_shift;
            let mut moved = self.0[from] << bit_shift;
            if bit_shift > 0 && from > 0 {
                moved |= self.0[from - 1] >> (64 - bit_shift);
            }
            out.0[i] |= moved;
        }
        out
    }

    /// `self >> by`: every sum lowered by `by` (those below `by` dropped).
    fn lowered(&self, by: u32, words: usize) -> SumSet {
        let mut out = SumSet::EMPTY;
        let (word_shift, bit_shift) = (by as usize / 64, by % 64);
        for i in 0..words.saturating_sub(word_shift) {
            let from = i + word_shift;
            let mut moved = self.0[from] >> bit_shift;
            if bit_shift > 0 && from + 1 < words {
                moved |= self.0[from + 1] << (64 - bit_shift);
            }
            out.0[i] = moved;
        }
        out
    }

    fn union(&self, other: &SumSet, words: usize) -> SumSet {
        let mut out = *self;
        for i in 0..words {
            out.0[i] |= other.0[i];
        }
        out
    }

    fn meets(&self, other: &SumSet, words: usize) -> bool {
        (0..words).any(|i| self.0[i] & other.0[i] != 0)
    }
}

/// The weight of the cells in `mask`: the sum of their positions counted from 1.
pub fn weight(mask: u32) -> u32 {
    let mut total = 0;
    let mut rest = mask;
    while rest != 0 {
        total += rest.trailing_zeros() + 1;
        rest &= rest - 1;
    }
    total
}

/// The mask of a line's `len` cells.
pub fn full_mask(len: usize) -> u32 {
    if len >= 32 {
        u32::MAX
    } else {
        (1u32 << len) - 1
    }
}

/// A line narrowing: the cells it decides, or the line broken.
pub type Narrowing = fn(&Line) -> Result<Forced, Contradiction>;

/// Cells a deduction decides in one line, as masks of that line.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Forced {
    pub shade: u32,
    pub unshade: u32,
}

impl Forced {
    pub const NONE: Forced = Forced {
        shade: 0,
        unshade: 0,
    };

    pub fn is_empty(self) -> bool {
        self.shade == 0 && self.unshade == 0
    }
}

/// The state of one line: its clue (`None`: absent, no constraint) and which cells are shaded
/// and unshaded; the others are open.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Line {
    pub len: usize,
    pub clue: Option<u32>,
    pub shaded: u32,
    pub unshaded: u32,
}

impl Line {
    /// A line with every cell open.
    pub fn open_line(len: usize, clue: Option<u32>) -> Line {
        Line {
            len,
            clue,
            shaded: 0,
            unshaded: 0,
        }
    }

    pub fn open(&self) -> u32 {
        full_mask(self.len) & !self.shaded & !self.unshaded
    }

    /// The weight of the shaded cells so far.
    pub fn total(&self) -> u32 {
        weight(self.shaded)
    }

    /// The clue minus the shaded weight; `None` without a clue, an error when shaded cells
    /// already exceed the clue.
    pub fn need(&self) -> Result<Option<u32>, Contradiction> {
        match self.clue {
            None => Ok(None),
            Some(clue) => clue
                .checked_sub(self.total())
                .map(Some)
                .ok_or(Contradiction),
        }
    }

    /// The open cells as positions `0..len`, lowest first, and how many there are.
    fn open_cells(&self) -> ([u8; MAX_LINE], usize) {
        let mut cells = [0u8; MAX_LINE];
        let mut count = 0;
        let mut rest = self.open();
        while rest != 0 {
            cells[count] = rest.trailing_zeros() as u8;
            count += 1;
            rest &= rest - 1;
        }
        (cells, count)
    }

    /// For each `j`, the values `x` such that the open cells from the `j`-th on can add
    /// `need - x`: what a prefix must reach for the line to be completed.
    fn completions(
        cells: &[u8],
        need: u32,
        words: usize,
        out: &mut [SumSet; MAX_LINE + 1],
    ) -> SumSet {
        let count = cells.len();
        out[count] = SumSet::single(need);
        for j in (0..count).rev() {
            let w = u32::from(cells[j]) + 1;
            out[j] = out[j + 1].union(&out[j + 1].lowered(w, words), words);
        }
        out[0]
    }

    /// Every cell the clue decides, considering all the ways the open cells can make up the
    /// need (the subset-sum table). An error when there is no way.
    pub fn settle(&self) -> Result<Forced, Contradiction> {
        let Some(need) = self.need()? else {
            return Ok(Forced::NONE);
        };
        let open = self.open();
        if need == 0 {
            return Ok(Forced {
                shade: 0,
                unshade: open,
            });
        }
        let open_weight = weight(open);
        if need > open_weight {
            return Err(Contradiction);
        }
        if need == open_weight {
            return Ok(Forced {
                shade: open,
                unshade: 0,
            });
        }
        let (cells, count) = self.open_cells();
        let cells = &cells[..count];
        let words = need as usize / 64 + 1;
        let mut back = [SumSet::EMPTY; MAX_LINE + 1];
        if !Self::completions(cells, need, words, &mut back).contains(0) {
            return Err(Contradiction);
        }
        let mut prefix = SumSet::single(0);
        let mut forced = Forced::NONE;
        for (j, &cell) in cells.iter().enumerate() {
            let w = u32::from(cell) + 1;
            let can_unshade = prefix.meets(&back[j + 1], words);
            let can_shade = w <= need && prefix.meets(&back[j + 1].lowered(w, words), words);
            if !can_unshade {
                forced.shade |= 1 << cell;
            }
            if !can_shade {
                forced.unshade |= 1 << cell;
            }
            prefix = prefix.with_added(w, words);
        }
        Ok(forced)
    }

    /// How many ways the open cells can make up the need, counting at most to `cap`.
    /// A line without a clue counts as `cap` (it allows everything).
    pub fn ways(&self, cap: usize) -> Result<usize, Contradiction> {
        let Some(need) = self.need()? else {
            return Ok(cap);
        };
        let (cells, count) = self.open_cells();
        let cells = &cells[..count];
        let words = need as usize / 64 + 1;
        // reach[j]: the sums the open cells from the j-th on can make, so the count below
        // only walks branches that end in a way.
        let mut reach = [SumSet::EMPTY; MAX_LINE + 1];
        reach[count] = SumSet::single(0);
        for j in (0..count).rev() {
            let w = u32::from(cells[j]) + 1;
            reach[j] = reach[j + 1].with_added(w, words);
        }
        fn walk(
            cells: &[u8],
            reach: &[SumSet],
            j: usize,
            rest: u32,
            cap: usize,
            found: &mut usize,
        ) {
            if *found >= cap || !reach[j].contains(rest) {
                return;
            }
            if rest == 0 {
                *found += 1;
                return;
            }
            let w = u32::from(cells[j]) + 1;
            if w <= rest {
                walk(cells, reach, j + 1, rest - w, cap, found);
            }
            walk(cells, reach, j + 1, rest, cap, found);
        }
        let mut found = 0;
        walk(cells, &reach, 0, need, cap, &mut found);
        Ok(found)
    }

    /// Whether the open cells can still make up the need (always, without a clue).
    pub fn reachable(&self) -> bool {
        self.ways(1).is_ok_and(|ways| ways > 0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(len: usize, clue: u32) -> Line {
        Line::open_line(len, Some(clue))
    }

    /// Every subset of the open cells that makes up the need, by enumeration.
    fn brute_ways(line: &Line) -> Vec<u32> {
        let open = line.open();
        let need = line.clue.unwrap() as i64 - weight(line.shaded) as i64;
        (0u32..1 << line.len)
            .filter(|&subset| subset & !open == 0 && weight(subset) as i64 == need)
            .collect()
    }

    #[test]
    fn weights_count_positions_from_one() {
        assert_eq!(weight(0b101), 1 + 3);
        assert_eq!(weight(u32::MAX), MAX_LINE_WEIGHT);
    }

    #[test]
    fn settle_agrees_with_enumeration() {
        for len in 1..=7 {
            for shaded in 0u32..1 << len {
                for unshaded in [0u32, 0b1001, 0b100000] {
                    let unshaded = unshaded & full_mask(len) & !shaded;
                    for clue in 0..=30 {
                        let line = Line {
                            len,
                            clue: Some(clue),
                            shaded,
                            unshaded,
                        };
                        let ways = brute_ways(&line);
                        let settled = line.settle();
                        if ways.is_empty() {
                            assert_eq!(settled, Err(Contradiction), "{line:?}");
                            assert!(!line.reachable());
                            continue;
                        }
                        let always = ways.iter().fold(line.open(), |acc, &w| acc & w);
                        let never = ways.iter().fold(line.open(), |acc, &w| acc & !w);
                        assert_eq!(
                            settled,
                            Ok(Forced {
                                shade: always,
                                unshade: never
                            }),
                            "{line:?}"
                        );
                        assert_eq!(line.ways(100), Ok(ways.len()));
                    }
                }
            }
        }
    }

    #[test]
    fn long_lines_are_settled_without_enumerating() {
        // 32 cells, need 528 - 1: every cell but the first is shaded.
        let settled = line(32, MAX_LINE_WEIGHT - 1).settle().unwrap();
        assert_eq!(settled.shade, u32::MAX - 1);
        assert_eq!(settled.unshade, 1);
        // Need 300 in 32 cells: many ways, nothing decided.
        assert_eq!(line(32, 300).settle(), Ok(Forced::NONE));
        assert_eq!(line(32, 300).ways(5), Ok(5));
        assert_eq!(line(32, 529).settle(), Err(Contradiction));
    }

    #[test]
    fn absent_clues_allow_everything() {
        let free = Line::open_line(5, None);
        assert_eq!(free.settle(), Ok(Forced::NONE));
        assert!(free.reachable());
    }
}
