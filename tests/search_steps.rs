//! The step counts and the order of solutions of every genre's exact search, pinned for a few
//! puzzles per genre and strategy. The generators and the raters depend on the plain search's
//! order and step counts (a generated puzzle is whatever the search finds first within its
//! limits), so a change to a search must leave these as they are; the adaptive strategies are
//! pinned too, since the API reports their step counts.
//!
//! The figures were recorded with the searches as they were before the shared engine
//! (`core::search`) replaced the three copies, and the engine gives the same. The adaptive
//! Kakuro and cryptic figures include the reasoning across runs (issue 19: region totals and
//! digit counts, which spend steps of their own); the regions branch's own searches, before
//! the engine, gave the same counts, and the same solutions in the same order as without it.
//! The adaptive Kakuro figures moved again with the Luby restarts, phase saving and
//! most-combinations-first digit order of issue 19's open grids (expert-16x16-seed2 796 ->
//! 797 steps, random 24x24 1636 -> 1587 with its 25 solutions in another order; the plain
//! search's figures did not move).

use sumpuzzles::genres::kakurasu::{self, solve as kakurasu_solve, Board};
use sumpuzzles::genres::kakuro::generate::random_grid::{random_filled_grid, RandomGridStyle};
use sumpuzzles::genres::kakuro::solve::Solver;
use sumpuzzles::genres::kakuro::{self, Rules};
use sumpuzzles::genres::kakuro_cryptic::{self as cryptic, solve as cryptic_solve};
use sumpuzzles::SolveOutcome;
use sumpuzzles::Strategy;
use sumpuzzles::{Budget, Grid, SeededRng, Shape};

/// What one search gave: solutions found, whether it finished, steps, and a digest of the
/// solutions in the order found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Pinned {
    count: usize,
    complete: bool,
    steps: u64,
    digest: u64,
}

/// FNV-1a over the values of every solution in order, a separator between solutions.
fn digest<S>(solutions: &[S], values: impl Fn(&S) -> Vec<u8>) -> u64 {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for solution in solutions {
        for byte in values(solution).into_iter().chain([0xff]) {
            hash = (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3);
        }
    }
    hash
}

fn pinned<S>(outcome: &SolveOutcome<S>, values: impl Fn(&S) -> Vec<u8>) -> Pinned {
    Pinned {
        count: outcome.count(),
        complete: outcome.complete,
        steps: outcome.steps,
        digest: digest(&outcome.solutions, values),
    }
}

/// Compares every case and lists all that differ at once.
fn check(cases: Vec<(String, Pinned, Pinned)>) {
    let differing: Vec<String> = cases
        .iter()
        .filter(|(_, got, want)| got != want)
        .map(|(name, got, want)| format!("{name}: got {got:?}, pinned {want:?}"))
        .collect();
    assert!(differing.is_empty(), "{}", differing.join("\n"));
}

fn corpus_id(genre: &str, file: &str) -> String {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("corpus")
        .join(genre)
        .join(file);
    let record: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    record["id"].as_str().unwrap().to_string()
}

const PLAIN: Strategy = Strategy::FewestCandidates;
const RESTART_EACH_FAILURE: Strategy = Strategy::Adaptive { first_restart: 1 };

const fn pin(count: usize, complete: bool, steps: u64, digest: u64) -> Pinned {
    Pinned {
        count,
        complete,
        steps,
        digest,
    }
}

#[test]
fn kakuro_searches_keep_their_steps_and_order() {
    let corpus = |file: &str| {
        kakuro::format::parse_id(&corpus_id("kakuro", file))
            .unwrap()
            .layout(Rules::Relaxed)
            .unwrap()
    };
    // A random fill's sums on a 24x24 grid under the relaxed rules: many solutions.
    let random = {
        let style = RandomGridStyle {
            run_limit: 5,
            block_percent: 26,
            noise: 7,
        };
        let mut rng = SeededRng::new(0, 24);
        let (puzzle, _) = random_filled_grid(Shape::new(24, 24), style, &mut rng).unwrap();
        puzzle.layout(Rules::Relaxed).unwrap()
    };
    let layouts = [
        ("expert-16x16-seed2", corpus("expert-16x16-seed2.json"), 2),
        ("hard-12x12-seed1", corpus("hard-12x12-seed1.json"), 2),
        ("random 24x24", random, 25),
    ];
    let expected = [
        [
            pin(1, true, 3782, 0xc4ab76a4b444e57c),
            pin(1, true, 797, 0xc4ab76a4b444e57c),
            pin(1, true, 4856, 0xc4ab76a4b444e57c),
        ],
        [
            pin(1, true, 259, 0x75013fb36535d892),
            pin(1, true, 247, 0x75013fb36535d892),
            pin(1, true, 390, 0x75013fb36535d892),
        ],
        [
            pin(25, true, 1488, 0x8e543d3126379773),
            pin(25, true, 1587, 0x32adc466c3733871),
            pin(25, true, 2543, 0x91483aa5d3a4ba8d),
        ],
    ];
    let mut cases = Vec::new();
    for ((name, layout, limit), want) in layouts.iter().zip(expected) {
        let solver = Solver::new(layout);
        for (strategy, want) in [PLAIN, Strategy::ADAPTIVE, RESTART_EACH_FAILURE]
            .into_iter()
            .zip(want)
        {
            let outcome = solver.solve_with(
                strategy,
                solver.full_candidates(),
                *limit,
                &mut Budget::new(2_000_000),
            );
            let got = pinned(&outcome, |digits| digits.clone());
            cases.push((format!("{name} {strategy:?}"), got, want));
        }
    }
    check(cases);
}

#[test]
fn kakurasu_searches_keep_their_steps_and_order() {
    let shading = |(rows, cols): (usize, usize), seed: u64| {
        let shape = Shape::new(rows, cols);
        let mut rng = SeededRng::new(seed, rows as u64);
        let cells: Vec<bool> = (0..shape.cells()).map(|_| rng.chance(1, 2)).collect();
        Grid::from_cells(shape, cells).unwrap()
    };
    let rows = |grid: &Grid<bool>| {
        grid.cells()
            .iter()
            .map(|&shaded| u8::from(shaded))
            .collect()
    };
    let expert =
        kakurasu::format::parse_id(&corpus_id("kakurasu", "expert-16x16-seed0.json")).unwrap();
    // Half the cells of an 8x9 grid shaded at random: 17 solutions.
    let many = shading((8, 9), 1);
    let many_puzzle = kakurasu::Puzzle::from_shading(&many).unwrap();
    let mut cases = Vec::new();
    for (name, puzzle, limit, want) in [
        (
            "expert-16x16-seed0",
            &expert,
            2,
            pin(1, true, 1125, 0x911ddcf5575ff196),
        ),
        (
            "random 8x9",
            &many_puzzle,
            40,
            pin(17, true, 792, 0x86c164be6261986c),
        ),
    ] {
        let outcome =
            kakurasu_solve::solve_board(&Board::new(puzzle), limit, &mut Budget::new(2_000_000));
        cases.push((name.to_string(), pinned(&outcome, rows), want));
    }
    // The generator's question: another solution than the one known, known state first.
    let board = Board::new(&many_puzzle);
    let other = kakurasu_solve::other_solution(&board, &many, &mut Budget::new(2_000_000));
    cases.push((
        "random 8x9, another solution".to_string(),
        pinned(&other, rows),
        pin(1, true, 40, 0x20650f48459e4ded),
    ));
    check(cases);
}

#[test]
fn cryptic_searches_keep_their_steps_and_order() {
    let corpus =
        |file: &str| cryptic::format::parse_id(&corpus_id("kakuro_cryptic", file)).unwrap();
    // Without its shown letters a puzzle may have several solutions.
    let hidden = |puzzle: cryptic::Puzzle| {
        let mut grid = puzzle.grid().clone();
        for cell in grid.cells_mut() {
            if let cryptic::Cell::White(Some(_)) = cell {
                *cell = cryptic::Cell::White(None);
            }
        }
        cryptic::Puzzle::new(grid).unwrap()
    };
    let puzzles = [
        ("expert-12x12-seed0", corpus("expert-12x12-seed0.json")),
        (
            "hard-7x7-seed1 hidden",
            hidden(corpus("hard-7x7-seed1.json")),
        ),
        (
            "easy-6x9-seed1 hidden",
            hidden(corpus("easy-6x9-seed1.json")),
        ),
        (
            "easy-5x5-seed1 hidden",
            hidden(corpus("easy-5x5-seed1.json")),
        ),
    ];
    let expected = [
        [
            pin(1, true, 355, 0xa6fdf98c4b947a32),
            pin(1, true, 257, 0xa6fdf98c4b947a32),
            pin(1, true, 295, 0xa6fdf98c4b947a32),
        ],
        [
            pin(1, true, 1114, 0xa3a844bc65c8bab9),
            pin(1, true, 144, 0xa3a844bc65c8bab9),
            pin(1, true, 501, 0xa3a844bc65c8bab9),
        ],
        [
            pin(6, true, 468, 0xa358ac2e4e9275fd),
            pin(6, true, 175, 0xa358ac2e4e9275fd),
            pin(6, true, 323, 0xa358ac2e4e9275fd),
        ],
        [
            pin(20, true, 251, 0xbd0551eaae7639f7),
            pin(20, true, 277, 0x2c6f43b3c0fe25f),
            pin(20, true, 597, 0xbe4e16cd670c23f9),
        ],
    ];
    let mut cases = Vec::new();
    for ((name, puzzle), want) in puzzles.iter().zip(expected) {
        let structure = puzzle.structure();
        let solver = cryptic_solve::Solver::new(structure);
        for (strategy, want) in [PLAIN, cryptic_solve::ADAPTIVE, RESTART_EACH_FAILURE]
            .into_iter()
            .zip(want)
        {
            let outcome = solver.solve_with(
                strategy,
                solver.full_domains(),
                20,
                &mut Budget::new(3_000_000),
            );
            let got = pinned(&outcome, |found| {
                found.mapping.iter().chain(&found.digits).copied().collect()
            });
            cases.push((format!("{name} {strategy:?}"), got, want));
        }
    }
    check(cases);
}
