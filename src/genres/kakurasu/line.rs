//! One row or column: its weights, its need, and the subset-sum analysis every algorithm
//! (solver, checker, techniques, generator) shares.
//!
//! A line of `len` cells is two bit masks, bit `i` for the cell worth `i + 1` (a row's cells
//! are worth their column numbers, a column's cells their row numbers). A line has at most 32
//! cells, so a mask is a `u32`, but its subsets are far too many to enumerate (2^32). Instead
//! the analysis keeps sets of reachable sums as bitsets (`SumSet`): the sums the open cells
//! before a cell can make, and the sums that the open cells after it can complete to the
//! need. A cell can be shaded when some prefix sum plus its weight meets a completable value,
//! and unshaded when a prefix sum meets one directly. That costs a few word operations per
//! cell. The analysis looks for the cells that make up the need or for those left out, which
//! make up the rest, whichever sum is smaller: at most half of 1 + 2 + ... + 32 = 528, five
//! words.

/// Longest line: the largest side of a grid.
pub const MAX_LINE: usize = 32;
/// The largest weight a line can hold: 1 + 2 + ... + 32.
pub const MAX_LINE_WEIGHT: u32 = (MAX_LINE * (MAX_LINE + 1) / 2) as u32;

/// A broken rule: a line whose shaded cells exceed its clue, or whose open cells cannot make
/// up the rest.
pub(crate) use crate::core::Contradiction;

/// A set of sums `0..64 * N`, as a bitset of `N` words.
///
/// The analysis looks for the open cells that make up the need or, when that is more than
/// half their weight, for the ones left out, which make up the rest; either way the sums go up
/// to half of 528, so 5 words are enough, and a line of up to 16 cells (weight 136) needs one
/// or two. The word count is a constant so that each size compiles to straight-line code.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct SumSet<const N: usize>([u64; N]);

impl<const N: usize> SumSet<N> {
    const EMPTY: SumSet<N> = SumSet([0; N]);

    fn single(value: u32) -> SumSet<N> {
        let mut set = SumSet::EMPTY;
        set.0[value as usize / 64] |= 1 << (value % 64);
        set
    }

    fn contains(&self, value: u32) -> bool {
        (value as usize) < 64 * N && self.0[value as usize / 64] & (1 << (value % 64)) != 0
    }

    /// `self | (self << by)` (sums beyond the set's range are dropped).
    fn with_added(&self, by: u32) -> SumSet<N> {
        let mut out = *self;
        let (word_shift, bit_shift) = (by as usize / 64, by % 64);
        for i in word_shift..N {
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
    fn lowered(&self, by: u32) -> SumSet<N> {
        let mut out = SumSet::EMPTY;
        let (word_shift, bit_shift) = (by as usize / 64, by % 64);
        for i in 0..N.saturating_sub(word_shift) {
            let from = i + word_shift;
            let mut moved = self.0[from] >> bit_shift;
            if bit_shift > 0 && from + 1 < N {
                moved |= self.0[from + 1] << (64 - bit_shift);
            }
            out.0[i] = moved;
        }
        out
    }

    fn union(&self, other: &SumSet<N>) -> SumSet<N> {
        let mut out = *self;
        for i in 0..N {
            out.0[i] |= other.0[i];
        }
        out
    }

    fn meets(&self, other: &SumSet<N>) -> bool {
        (0..N).any(|i| self.0[i] & other.0[i] != 0)
    }
}

/// Calls `$f::<N>` with the word count `N` that holds sums up to `$target` (at most
/// 264, see [`SumSet`]).
macro_rules! with_words {
    ($target:expr, $f:ident ( $($arg:expr),* )) => {
        match $target / 64 {
            0 => $f::<1>($($arg),*),
            1 => $f::<2>($($arg),*),
            2 => $f::<3>($($arg),*),
            3 => $f::<4>($($arg),*),
            _ => $f::<5>($($arg),*),
        }
    };
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
    /// The cells to shade.
    pub shade: u32,
    /// The cells to unshade.
    pub unshade: u32,
}

impl Forced {
    /// Nothing decided.
    pub const NONE: Forced = Forced {
        shade: 0,
        unshade: 0,
    };

    /// Whether nothing is decided.
    pub fn is_empty(self) -> bool {
        self.shade == 0 && self.unshade == 0
    }
}

/// The state of one line: its clue (`None`: absent, no constraint) and which cells are shaded
/// and unshaded; the others are open.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Line {
    /// Its cells, at most 32 (a cell's mask bit is its position from 0; its weight is the
    /// position from 1).
    pub len: usize,
    /// The clue: the weights of its shaded cells add up to it.
    pub clue: Option<u32>,
    /// The shaded cells.
    pub shaded: u32,
    /// The cells known to be unshaded.
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

    /// The open cells (neither shaded nor unshaded).
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
        // The cells left out make up the rest: whichever target is smaller is cheaper, and a
        // cell shaded in every way of one is left out in every way of the other.
        let rest = open_weight - need;
        if rest < need {
            let forced = with_words!(rest, settle_sums(cells, rest))?;
            Ok(Forced {
                shade: forced.unshade,
                unshade: forced.shade,
            })
        } else {
            with_words!(need, settle_sums(cells, need))
        }
    }

    /// How many ways the open cells can make up the need, counting at most to `cap`.
    /// A line without a clue counts as `cap` (it allows everything).
    pub fn ways(&self, cap: usize) -> Result<usize, Contradiction> {
        let Some(need) = self.need()? else {
            return Ok(cap);
        };
        let open_weight = weight(self.open());
        if need > open_weight {
            return Ok(0);
        }
        let (cells, count) = self.open_cells();
        // As many ways leave out cells worth the rest as shade cells worth the need.
        let target = need.min(open_weight - need);
        let cells = &cells[..count];
        if cap <= usize::from(DP_CAP) {
            let cap = cap as u16;
            // Half the weight of a line of 16 cells is 68; of 23 cells, 138.
            Ok(match target {
                0..72 => count_ways_table::<72>(cells, target, cap),
                72..144 => count_ways_table::<144>(cells, target, cap),
                _ => count_ways_table::<{ MAX_LINE_WEIGHT as usize / 2 + 1 }>(cells, target, cap),
            })
        } else {
            Ok(with_words!(target, count_ways(cells, target, cap)))
        }
    }

    /// Whether the open cells can still make up the need (always, without a clue).
    pub fn reachable(&self) -> bool {
        self.ways(1).is_ok_and(|ways| ways > 0)
    }
}

/// [`Line::settle`] for open cells at positions `cells` (lowest first) and a need of
/// 1 to `64 * N - 1`: which cells every way of making up the need shades or leaves out.
fn settle_sums<const N: usize>(cells: &[u8], need: u32) -> Result<Forced, Contradiction> {
    let count = cells.len();
    // back[j]: the values a prefix must reach for the cells from the j-th on to complete it.
    let mut back = [SumSet::<N>::EMPTY; MAX_LINE + 1];
    back[count] = SumSet::single(need);
    for j in (0..count).rev() {
        let w = u32::from(cells[j]) + 1;
        back[j] = back[j + 1].union(&back[j + 1].lowered(w));
    }
    if !back[0].contains(0) {
        return Err(Contradiction);
    }
    let mut prefix = SumSet::<N>::single(0);
    let mut forced = Forced::NONE;
    for (j, &cell) in cells.iter().enumerate() {
        let w = u32::from(cell) + 1;
        let can_unshade = prefix.meets(&back[j + 1]);
        let can_shade = w <= need && prefix.meets(&back[j + 1].lowered(w));
        if !can_unshade {
            forced.shade |= 1 << cell;
        }
        if !can_shade {
            forced.unshade |= 1 << cell;
        }
        prefix = prefix.with_added(w);
    }
    Ok(forced)
}

/// The largest cap [`count_ways_table`] counts to: two counts up to it add up without
/// overflow.
const DP_CAP: u16 = u16::MAX / 2;

/// How many subsets of the cells at positions `cells` weigh `target` (below `S`), counting
/// at most to `cap`: a table of counts by sum, each held at `cap`, one pass per cell of weight
/// `w`, each sum adding the count the sum `w` below it had before the cell. The passes are
/// plain array arithmetic the compiler vectorizes: cheaper than listing up to `cap` ways one
/// by one. `S` is a constant so that a short line's table is small and copied in registers.
fn count_ways_table<const S: usize>(cells: &[u8], target: u32, cap: u16) -> usize {
    if cap == 0 {
        return 0;
    }
    let target = target as usize;
    let mut counts = [0u16; S];
    counts[0] = 1;
    for &cell in cells {
        let w = usize::from(cell) + 1;
        if w > target {
            break;
        }
        let before = counts;
        for (count, &from) in counts[w..=target].iter_mut().zip(&before[..=target - w]) {
            *count = (*count + from).min(cap);
        }
    }
    usize::from(counts[target])
}

/// How many subsets of the cells at positions `cells` weigh `target` (below `64 * N`),
/// counting at most to `cap`, by listing them.
fn count_ways<const N: usize>(cells: &[u8], target: u32, cap: usize) -> usize {
    let count = cells.len();
    // reach[j]: the sums the cells from the j-th on can make, so the count below only walks
    // branches that end in a way.
    let mut reach = [SumSet::<N>::EMPTY; MAX_LINE + 1];
    reach[count] = SumSet::single(0);
    for j in (0..count).rev() {
        let w = u32::from(cells[j]) + 1;
        reach[j] = reach[j + 1].with_added(w);
    }
    fn walk<const N: usize>(
        cells: &[u8],
        reach: &[SumSet<N>],
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
    walk(cells, &reach, 0, target, cap, &mut found);
    found
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
                        // Counted with the table, and by listing for a cap beyond it.
                        assert_eq!(line.ways(100), Ok(ways.len()));
                        assert_eq!(line.ways(2), Ok(ways.len().min(2)));
                        assert_eq!(line.ways(usize::MAX), Ok(ways.len()));
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
    fn long_lines_agree_with_trying_each_cell() {
        // Lines of 17 to 32 cells, whose sums take up to five words: a cell is shaded in every
        // way when the line cannot be completed with it unshaded, and the other way round.
        let mut state = 0x2545_F491_4F6C_DD1Du64;
        let mut next = move |below: u64| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            (state % below) as u32
        };
        for _ in 0..300 {
            let len = 17 + next(16) as usize;
            let shaded = next(1 << 16) << next(16) & full_mask(len);
            let unshaded = next(1 << 16) << next(16) & full_mask(len) & !shaded;
            let open_weight = weight(full_mask(len) & !shaded & !unshaded);
            let clue = weight(shaded) + next(u64::from(open_weight) + 2);
            let line = Line {
                len,
                clue: Some(clue),
                shaded,
                unshaded,
            };
            let Ok(forced) = line.settle() else {
                assert!(!line.reachable(), "{line:?}");
                continue;
            };
            for index in 0..len {
                if line.open() & 1 << index == 0 {
                    continue;
                }
                let with = Line {
                    shaded: shaded | 1 << index,
                    ..line
                };
                let without = Line {
                    unshaded: unshaded | 1 << index,
                    ..line
                };
                assert_eq!(
                    forced.shade & 1 << index != 0,
                    !without.reachable(),
                    "{line:?}"
                );
                assert_eq!(
                    forced.unshade & 1 << index != 0,
                    !with.reachable(),
                    "{line:?}"
                );
            }
        }
    }

    #[test]
    fn absent_clues_allow_everything() {
        let free = Line::open_line(5, None);
        assert_eq!(free.settle(), Ok(Forced::NONE));
        assert!(free.reachable());
    }
}
