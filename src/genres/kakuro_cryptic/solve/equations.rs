//! The adaptive search's equations: one per connected part of the grid, its across sums adding
//! up to the same as its down sums (both are the sum of its cells), and the bounds reasoning on
//! them.

use crate::core::{Contradiction, DigitSet};
use crate::genres::kakuro_cryptic::model::{Structure, LETTERS};
use crate::genres::sum_grid::regions::parts;

use super::letters::{bits, LetterSet};

/// A connected part of the grid, as an equation: its across sums less its down sums, less its
/// cells in an across run, plus its cells in a down run, make 0. A cell in both cancels out,
/// so under the strict rules (every cell in two runs) only letters are left; `cells` holds the
/// cells in one run only, which the relaxed rules allow.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Equation {
    /// Each letter's coefficient: 10 per across clue it is the tens of, 1 per across clue it is
    /// the units of, negative for down clues.
    letters: [i32; LETTERS],
    cells: Vec<(u32, i32)>,
}

/// The least and greatest values of `a * x` for `x` in the digits `bits` (bit `d` for digit
/// `d`); (0, 0) when `a` is 0 or `bits` empty.
fn term_range(a: i32, bits: u16) -> (i32, i32) {
    if a == 0 || bits == 0 {
        return (0, 0);
    }
    let least = bits.trailing_zeros() as i32;
    let greatest = 15 - bits.leading_zeros() as i32;
    if a > 0 {
        (a * least, a * greatest)
    } else {
        (a * greatest, a * least)
    }
}

/// The equations of a structure, one per connected part of the grid (runs joined by the cells
/// they cross), those with no term left out.
pub(super) fn equations(structure: &Structure) -> Vec<Equation> {
    let layout = &structure.layout;
    let part_of = parts(layout);
    let count = part_of.iter().max().map_or(0, |&last| last + 1);
    let mut equations = vec![
        Equation {
            letters: [0; LETTERS],
            cells: Vec::new(),
        };
        count
    ];
    for (run, (cells, clue)) in layout.runs.iter().zip(&structure.clues).enumerate() {
        let (down, cells) = (cells.down, &cells.cells);
        let equation = &mut equations[part_of[run]];
        let sign = if down { -1 } else { 1 };
        if let Some(tens) = clue.tens {
            equation.letters[tens.index()] += 10 * sign;
        }
        equation.letters[clue.units.index()] += sign;
        for &cell in cells {
            if layout.runs_of(cell as usize).count() == 1 {
                equation.cells.push((cell, -sign));
            }
        }
    }
    equations
        .retain(|equation| equation.letters.iter().any(|&a| a != 0) || !equation.cells.is_empty());
    equations
}

/// The variables an equation's bounds reasoning reads and narrows: the search model's domains,
/// with whatever a narrowing sets off there (runs to filter again, letters changed).
pub(super) trait EquationVars {
    /// The digits letter `letter` may stand for.
    fn letter(&self, letter: usize) -> LetterSet;
    /// Narrows letter `letter` to `kept`, a non-empty part of its digits.
    fn narrow_letter(&mut self, letter: usize, kept: LetterSet);
    /// The digits white cell `cell` may hold.
    fn cell(&self, cell: usize) -> DigitSet;
    /// Narrows white cell `cell` to `kept`, a non-empty part of its digits; a contradiction
    /// when what it sets off leaves a variable no digit.
    fn narrow_cell(&mut self, cell: usize, kept: DigitSet) -> Result<(), Contradiction>;
}

/// Bounds reasoning on the equations: each variable keeps the values the ranges of the others
/// can balance, until nothing changes.
pub(super) fn balance(
    equations: &[Equation],
    vars: &mut impl EquationVars,
) -> Result<(), Contradiction> {
    for equation in equations {
        loop {
            // The least and greatest values of the whole left side.
            let mut low = 0;
            let mut high = 0;
            for (letter, &a) in equation.letters.iter().enumerate() {
                let (l, h) = term_range(a, vars.letter(letter).bits());
                low += l;
                high += h;
            }
            for &(cell, a) in &equation.cells {
                let (l, h) = term_range(a, vars.cell(cell as usize).bits() << 1);
                low += l;
                high += h;
            }
            if low > 0 || high < 0 {
                return Err(Contradiction);
            }
            // Value v of a term a * x stays when a * v and the other terms can make 0.
            let keep = |a: i32, set: u16| -> u16 {
                let (l, h) = term_range(a, set);
                let (others_low, others_high) = (low - l, high - h);
                let mut kept = 0;
                for v in bits(set) {
                    let t = a * v as i32;
                    if t + others_low <= 0 && t + others_high >= 0 {
                        kept |= 1 << v;
                    }
                }
                kept
            };
            let mut changed = false;
            for (letter, &a) in equation.letters.iter().enumerate() {
                if a == 0 {
                    continue;
                }
                let set = vars.letter(letter);
                let kept = LetterSet::from_bits(keep(a, set.bits()));
                if kept != set {
                    if kept.is_empty() {
                        return Err(Contradiction);
                    }
                    vars.narrow_letter(letter, kept);
                    changed = true;
                }
            }
            for &(cell, a) in &equation.cells {
                let cell = cell as usize;
                let set = vars.cell(cell);
                let kept = DigitSet::from_bits(keep(a, set.bits() << 1) >> 1);
                if kept == set {
                    continue;
                }
                if kept.is_empty() {
                    return Err(Contradiction);
                }
                vars.narrow_cell(cell, kept)?;
                changed = true;
            }
            // The ranges were read before the narrowing: go again until it holds.
            if !changed {
                break;
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::genres::kakuro_cryptic::solve::DomainModel;
    use crate::genres::kakuro_cryptic::solve::{Domains, Solver};

    /// A model of `domains` with nothing queued or changed, as after a propagation.
    fn settled<'s, 'a>(solver: &'s Solver<'a>, domains: Domains) -> DomainModel<'s, 'a, true> {
        let mut model = DomainModel::new(solver, domains);
        model.queue.clear();
        model.dirty = 0;
        model
    }

    /// The Project Euler example (line 1), whose mapping is 8426039571.
    const EXAMPLE: &str = "6,X,X,(vCC),(vI),X,X,X,(hH),B,O,(vCA),(vJE),X,(hFE,vD),O,O,O,O,(hA),O,I,(hJC,vB),O,O,(hJC),H,O,O,O,X,X,X,(hJE),O,O,X";
    const EXAMPLE_MAPPING: [u8; LETTERS] = [8, 4, 2, 6, 0, 3, 9, 5, 7, 1];

    #[test]
    fn the_across_sums_balance_the_down_sums() {
        let puzzle = crate::genres::kakuro_cryptic::format::parse_line(EXAMPLE).unwrap();
        let solver = Solver::new(puzzle.structure());
        assert_eq!(solver.equations.len(), 1);
        let equation = &solver.equations[0];
        assert!(equation.cells.is_empty());
        let total: i32 = equation
            .letters
            .iter()
            .zip(EXAMPLE_MAPPING)
            .map(|(&a, digit)| a * i32::from(digit))
            .sum();
        assert_eq!(total, 0);
        // With every other letter of the equation fixed, the equation fixes the last one.
        for last in (0..LETTERS).filter(|&letter| equation.letters[letter] != 0) {
            let mut domains = solver.full_domains();
            for (letter, &digit) in EXAMPLE_MAPPING.iter().enumerate() {
                if letter != last && equation.letters[letter] != 0 {
                    domains.letters[letter] = LetterSet::single(digit);
                }
            }
            let mut model = settled(&solver, domains);
            model.balance().unwrap();
            assert_eq!(
                model.domains.letters[last],
                LetterSet::single(EXAMPLE_MAPPING[last]),
                "letter {last}"
            );
            assert_eq!(model.dirty, 1 << last);
        }
    }

    /// Cells in one run only (the relaxed rules) stay in the equation: here the across sum B
    /// covers cells 0 and 1, the down sum A cells 0 and 2, so B - A - cell 1 + cell 2 = 0.
    #[test]
    fn cells_in_one_run_stay_in_the_equation() {
        let puzzle =
            crate::genres::kakuro_cryptic::format::parse_line("3,X,(vA),X,(hB),O,O,X,O,X").unwrap();
        let solver = Solver::new(puzzle.structure());
        let [equation] = &solver.equations[..] else {
            panic!("{:?}", solver.equations)
        };
        assert_eq!(equation.letters, [-1, 1, 0, 0, 0, 0, 0, 0, 0, 0]);
        let mut cells = equation.cells.clone();
        cells.sort();
        assert_eq!(cells, vec![(1, -1), (2, 1)]);
        let mut domains = solver.full_domains();
        domains.letters[0] = LetterSet::single(9);
        domains.letters[1] = LetterSet::single(3);
        domains.cells[2] = DigitSet::from_iter([1, 2, 3]);
        // 3 - 9 - cell 1 + cell 2 = 0: cell 2 is at least 7, so no digit is left it.
        assert_eq!(settled(&solver, domains).balance(), Err(Contradiction));
        let mut domains = solver.full_domains();
        domains.letters[0] = LetterSet::single(3);
        domains.letters[1] = LetterSet::single(9);
        // 9 - 3 - cell 1 + cell 2 = 0: cell 1 is 7 to 9, cell 2 1 to 3.
        let mut model = settled(&solver, domains);
        model.balance().unwrap();
        assert_eq!(model.domains.cells[1], DigitSet::from_iter([7, 8, 9]));
        assert_eq!(model.domains.cells[2], DigitSet::from_iter([1, 2, 3]));
        // Both runs are queued to filter the narrowed cells.
        assert!(model.queue.pop().is_some() && model.queue.pop().is_some());
    }
}
