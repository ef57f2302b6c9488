use std::collections::BTreeSet;

use super::*;
use crate::genres::killer_sudoku::generate::screen::filled_grids;
use crate::genres::killer_sudoku::rate::rate;

/// Every layout of the first grid of each of the 27 kinds, rated: a kind holds expert layouts
/// exactly when [`EXPERT_KINDS`] lists it (about 7 s of CPU in a release build).
#[test]
fn the_expert_kinds_are_those_holding_expert_layouts() {
    let kinds: BTreeSet<SmallGrid> = filled_grids().iter().map(kind_of).collect();
    assert_eq!(kinds.len(), 27);
    for kind in &kinds {
        assert!(filled_grids().contains(kind));
        let found = rate_layouts(kind, rate);
        let experts = found.levels.get(&Level::Expert).copied().unwrap_or(0);
        assert_eq!(
            experts > 0,
            EXPERT_KINDS.contains(kind),
            "kind {kind:?}: {found:?}"
        );
        // Nothing of 4x4 is hard or beyond expert (`generate::levels`).
        assert!(!found.levels.contains_key(&Level::Hard));
        assert!(!found.levels.contains_key(&Level::BeyondExpert));
    }
}

/// The moves keep a kind: every image of a grid is a filled grid of the same kind, and the
/// grids of the expert kinds are 80 of the 288.
#[test]
fn a_kind_is_closed_under_its_moves() {
    for grid in filled_grids() {
        for image in images(grid) {
            assert!(filled_grids().contains(&image));
            assert_eq!(kind_of(&image), kind_of(grid));
        }
    }
    let expert = filled_grids()
        .iter()
        .filter(|grid| holds_expert(&grid[..]))
        .count();
    assert_eq!(expert, 80);
    assert!(!holds_expert(&[1, 2, 3]));
}

/// The generator's fill (step 1) makes 96 of the 288 filled 4x4 grids, 32 of them of the
/// expert kinds; a 4x4 expert is drawn from those 32 only.
#[test]
fn the_fill_makes_a_third_of_the_grids() {
    use crate::core::{GenerateParams, Shape, TargetLevel};
    use crate::genres::killer_sudoku::generate::Generator;

    let params = |level| GenerateParams {
        shape: Shape::new(4, 4),
        level: TargetLevel::Exactly(level),
        seed: 7,
    };
    let mut generator = Generator::new(&params(Level::Easy));
    let made: BTreeSet<SmallGrid> = (0..5_000)
        .map(|_| SmallGrid::try_from(&generator.fill().digits[..]).expect("a 4x4 grid"))
        .collect();
    assert_eq!(made.len(), 96);
    assert_eq!(
        made.iter().filter(|grid| holds_expert(&grid[..])).count(),
        32
    );

    let mut generator = Generator::new(&params(Level::Expert));
    let mut budget = Budget::new(10_000_000);
    for _ in 0..50 {
        let (_, solution) = generator.unique_puzzle(&mut budget).expect("budget");
        assert!(holds_expert(&solution.digits));
    }
}
