//! The reasoning across runs on grids small enough to follow by hand.

use super::*;
use crate::genres::sum_grid::layout::Rules;
use crate::genres::sum_grid::solve::Solver;
use crate::genres::sum_grid::testing;

/// An NxN block of white cells under `down` and right of `across`, as text.
fn dense_block(down: &[u16], across: &[u16]) -> String {
    let mut text = String::from("#");
    for sum in down {
        text += &format!(" {sum}/");
    }
    for sum in across {
        text += &format!("\n/{sum}");
        text += &" .".repeat(down.len());
    }
    text
}

fn layout(text: &str) -> Layout {
    testing::layout(text, Rules::Relaxed)
}

/// Candidates after filtering every run to its fixpoint (None when that fails).
fn filtered(layout: &Layout) -> Option<Vec<DigitSet>> {
    let solver = Solver::new(layout);
    let mut cands = solver.full_candidates();
    let mut queue = solver.all_runs();
    solver
        .propagate(&mut cands, &mut queue, &mut Budget::unlimited())
        .ok()
        .map(|()| cands)
}

/// Runs [`Regions::narrow`] once from `cands`, returning the result, the cells it noted
/// and the steps it took.
fn narrow_once(layout: &Layout, cands: &mut [DigitSet]) -> (Result<bool, Halt>, Vec<u32>, u64) {
    let mut regions = Regions::new(layout);
    let mut budget = Budget::unlimited();
    let mut noted = Vec::new();
    let result = regions.narrow(cands, 0, &mut budget, &mut |cell, _| noted.push(cell));
    (result, noted, budget.used())
}

const ISSUE_DOWN: [u16; 8] = [44, 43, 42, 41, 40, 39, 38, 36];
const ISSUE_ACROSS: [u16; 8] = [44, 43, 42, 41, 40, 39, 38, 37];

#[test]
fn parts_are_the_connected_pieces_of_the_grid() {
    // Two 2x2 blocks that touch nowhere, and the runs of each numbered together.
    let layout = layout("# 3/ 4/ # #\n/3 . . # #\n/4 . . 3/ 4/\n# # /3 . .\n# # /4 . .");
    let part_of = parts(&layout);
    for (run, &part) in layout.runs.iter().zip(&part_of) {
        assert_eq!(
            part,
            usize::from(run.clue.0 >= 2 && run.clue.1 >= 2),
            "{run:?}"
        );
    }
}

#[test]
fn the_issue_block_breaks_the_totals_at_once() {
    // Across 324, down 323: no candidates need reading.
    let layout = layout(&dense_block(&ISSUE_DOWN, &ISSUE_ACROSS));
    let mut cands = vec![DigitSet::ALL; layout.white_count()];
    let (result, noted, steps) = narrow_once(&layout, &mut cands);
    assert_eq!(result, Err(Halt::Contradiction));
    assert!(noted.is_empty());
    assert!(steps <= 2, "{steps} steps");
}

#[test]
fn equal_totals_with_different_digits_break_the_counts() {
    // Both sides add up to 324, but two down runs lack a 1 and only one across run does:
    // the digits 1 fill seven rows and six columns.
    let down = [44, 44, 42, 41, 40, 39, 38, 36];
    let layout = layout(&dense_block(&down, &ISSUE_ACROSS));
    let mut cands = filtered(&layout).expect("each run alone can be filled");
    let (result, _, steps) = narrow_once(&layout, &mut cands);
    assert_eq!(result, Err(Halt::Contradiction));
    assert!(steps <= 3, "{steps} steps");
}

#[test]
fn a_tight_count_takes_a_digit_out_and_puts_one_in() {
    // A 3x3 block: the first two across runs (24 = 7 + 8 + 9) hold a 9 each, so the 9s
    // fill two columns. With 9 gone from the third column by hand, the first two columns
    // must hold one 9 each (across: at most two; down: at most two), and the third row,
    // which need not hold a 9, cannot.
    let layout = layout(&dense_block(&[20, 20, 20], &[24, 24, 12]));
    let mut cands = vec![DigitSet::ALL; layout.white_count()];
    for row in 0..3 {
        cands[row * 3 + 2].remove(9);
    }
    let (result, noted, _) = narrow_once(&layout, &mut cands);
    assert_eq!(result, Ok(true));
    for col in 0..3 {
        assert!(!cands[6 + col].contains(9), "row 3, column {}", col + 1);
    }
    assert!(noted.contains(&6) && noted.contains(&7));
    // The first two rows and columns keep their 9s: each could be anywhere of them.
    assert!(cands[0].contains(9) && cands[4].contains(9));
}

#[test]
fn a_count_with_one_place_left_puts_the_digit_there() {
    // The same block, with 9 also gone from the first column but for row 2: the first
    // column must hold a 9, and only (2, 1) can.
    let layout = layout(&dense_block(&[20, 20, 20], &[24, 24, 12]));
    let mut cands = vec![DigitSet::ALL; layout.white_count()];
    for cell in [2, 5, 8, 0, 6] {
        cands[cell].remove(9);
    }
    let (result, _, _) = narrow_once(&layout, &mut cands);
    assert_eq!(result, Ok(true));
    assert_eq!(cands[3], DigitSet::single(9));
    // With the second column's 9s gone too, the 9s of the first two rows fit in one
    // column: a contradiction.
    for cell in [1, 4, 7] {
        cands[cell].remove(9);
    }
    let (result, _, _) = narrow_once(&layout, &mut cands);
    assert_eq!(result, Err(Halt::Contradiction));
}

#[test]
fn lone_cells_carry_the_difference_of_the_totals() {
    // Across 3 + 9 = 12, down 4 + 6 = 10: the lone cells (in one run only) must make up the
    // difference. Row 1: cells (1,1) (1,2); row 2: (2,1) (2,2) (2,3), where (2,3) has no
    // down run. Down: columns 1 and 2. So (2,3) = 12 - 10 = 2.
    let layout = layout("# 4/ 6/ #\n/3 . . #\n/9 . . .");
    let lone = layout.white_at(2, 3).unwrap();
    let mut cands = vec![DigitSet::ALL; layout.white_count()];
    let (result, noted, _) = narrow_once(&layout, &mut cands);
    assert_eq!(result, Ok(true));
    assert_eq!(noted, vec![lone as u32]);
    assert_eq!(cands[lone], DigitSet::single(2));
}

#[test]
fn the_counts_are_not_read_while_their_slack_lasts() {
    // A feasible 6x6 block: read once, then a call after no change reads nothing, and one
    // after enough changes to use up the slack reads the counts again.
    let across = [30, 31, 29, 28, 32, 30];
    let layout = layout(&dense_block(&[31, 29, 30, 30, 28, 32], &across));
    let mut cands = filtered(&layout).unwrap();
    let mut regions = Regions::new(&layout);
    let mut budget = Budget::unlimited();
    let mut note = |_: u32, _: DigitSet| {};
    assert_eq!(
        regions.narrow(&mut cands, 0, &mut budget, &mut note),
        Ok(false)
    );
    let slack = regions.parts[0].credit;
    assert!(slack > 0, "slack {slack}");
    let first = budget.used();
    assert_eq!(
        regions.narrow(&mut cands, 0, &mut budget, &mut note),
        Ok(false)
    );
    assert_eq!(budget.used(), first, "looked again without a change");
    let changes = slack as u64;
    assert_eq!(
        regions.narrow(&mut cands, changes, &mut budget, &mut note),
        Ok(false)
    );
    assert!(budget.used() > first);
}
