//! The reasoning across runs (issue 19) in the solvers' adaptive search: the dense grids it
//! refutes at once, and counts that agree with brute force and with the plain search on grids
//! made for it (dense blocks, changed sums, published puzzles with changed sums).

mod common;

use common::*;
use proptest::prelude::*;
use sumpuzzles::genres::kakuro::generate::adversarial::{
    change_sums, dense_block, filled_block, SumChange,
};
use sumpuzzles::genres::kakuro::generate::random_grid::{random_filled_grid, RandomGridStyle};
use sumpuzzles::genres::kakuro::solve::Solver;
use sumpuzzles::genres::kakuro::{self, format, Puzzle, Rules};
use sumpuzzles::genres::kakuro_cryptic;
use sumpuzzles::Strategy as Search;
use sumpuzzles::{Budget, DigitSet, SeededRng, Shape};

/// The 8x8 block of issues 18 and 19, in a 9x9 grid: across sums 324 in all, down sums 323.
const ISSUE_DOWN: [u16; 8] = [44, 43, 42, 41, 40, 39, 38, 36];
const ISSUE_ACROSS: [u16; 8] = [44, 43, 42, 41, 40, 39, 38, 37];
/// The same grid in cryptic letters, each digit its letter (A = 0, B = 1, ...).
const ISSUE_CRYPTIC: &str = "\
# EE/ ED/ EC/ EB/ EA/ DJ/ DI/ DG/
/EE . . . . . . . .
/ED . . . . . . . .
/EC . . . . . . . .
/EB . . . . . . . .
/EA . . . . . . . .
/DJ . . . . . . . .
/DI . . . . . . . .
/DH . . . . . . . .";

fn adaptive(
    puzzle: &Puzzle,
    limit: usize,
    steps: u64,
) -> sumpuzzles::SolveOutcome<kakuro::Solution> {
    kakuro::solve_puzzle(puzzle, limit, &mut Budget::new(steps))
}

/// The plain search (no reasoning across runs), within `steps`.
fn plain(puzzle: &Puzzle, limit: usize, steps: u64) -> sumpuzzles::SolveOutcome<Vec<u8>> {
    let layout = puzzle.layout(Rules::Relaxed).unwrap();
    let solver = Solver::new(&layout);
    solver.solve_with(
        Search::FewestCandidates,
        solver.full_candidates(),
        limit,
        &mut Budget::new(steps),
    )
}

/// The adaptive search's solutions as sorted rows.
fn rows(outcome: &sumpuzzles::SolveOutcome<kakuro::Solution>) -> Vec<Vec<String>> {
    let mut rows: Vec<Vec<String>> = outcome.solutions.iter().map(|s| s.rows()).collect();
    rows.sort();
    rows
}

#[test]
fn the_dense_grid_of_issue_19_is_refuted_in_a_few_steps() {
    // Filtering every run once, then the totals: 74 steps (it ran past 20 s before).
    let outcome = adaptive(&dense_block(&ISSUE_DOWN, &ISSUE_ACROSS).unwrap(), 2, 1_000);
    assert!(outcome.complete);
    assert_eq!(outcome.count(), 0);
    assert!(outcome.steps <= 100, "{} steps", outcome.steps);
}

#[test]
fn equal_totals_with_different_digits_are_refuted_in_a_few_steps() {
    // Both sides 324: an across sum and a down sum of the issue's block each raised by one
    // (37 + 1, 36 + 1 -> the down sums 44 ... 38 37 37 against the across sums 44 ... 38 38).
    let down = [44, 43, 42, 41, 40, 39, 37, 37];
    let across = [44, 43, 42, 41, 40, 39, 38, 38];
    let outcome = adaptive(&dense_block(&down, &across).unwrap(), 2, 1_000);
    assert!(outcome.complete);
    assert_eq!(outcome.count(), 0);
    assert!(outcome.steps <= 100, "{} steps", outcome.steps);
}

#[test]
fn the_dense_grid_in_letters_is_refuted() {
    let puzzle = kakuro_cryptic::format::parse_text(ISSUE_CRYPTIC).unwrap();
    let outcome = kakuro_cryptic::solve_puzzle(&puzzle, 2, &mut Budget::new(100_000));
    assert!(outcome.complete, "{} steps", outcome.steps);
    assert_eq!(outcome.count(), 0);
    // Its letter equation says H = G, which the bounds on the sums cannot refute alone.
    assert!(outcome.steps <= 5_000, "{} steps", outcome.steps);
}

#[test]
fn the_article_hard_grid_still_has_its_one_solution() {
    let puzzle = format::parse_text(ARTICLE_HARD).unwrap();
    let outcome = adaptive(&puzzle, 2, 1_000_000);
    assert!(outcome.unique());
    assert_eq!(outcome.solutions[0].rows(), ARTICLE_HARD_SOLUTION);
}

/// A dense block of `side`, its sums changed as `change` says, from `seed`.
fn block(side: usize, change: SumChange, seed: u64) -> Puzzle {
    let mut rng = SeededRng::new(seed, side as u64);
    let (puzzle, _) = filled_block(side, &mut rng);
    change_sums(&puzzle, change, &mut rng).unwrap()
}

fn change_strategy() -> impl Strategy<Value = SumChange> {
    prop::sample::select(SumChange::ALL.to_vec())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]
    /// Small dense blocks, their sums as filled or changed: the same solutions as brute force.
    #[test]
    fn small_dense_blocks_match_brute_force(
        side in 2usize..=3,
        change in change_strategy(),
        seed in any::<u64>(),
    ) {
        let puzzle = block(side, change, seed);
        let limit = 20;
        let mut expected = kakuro_brute_force(&puzzle, limit);
        let outcome = adaptive(&puzzle, limit, u64::MAX / 2);
        prop_assert!(outcome.complete);
        prop_assert_eq!(outcome.count(), expected.len(), "{}", format::to_text(&puzzle));
        if expected.len() < limit {
            expected.sort();
            prop_assert_eq!(rows(&outcome), expected);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]
    /// Dense blocks of 3 and 4 from a random filling, searched from candidates with random
    /// digits taken out (states where the digit counts are tight, which full candidates rarely
    /// are): the adaptive search finds exactly the block's solutions that fit the candidates.
    #[test]
    fn narrowed_dense_blocks_keep_exactly_their_solutions(
        side in 3usize..=4,
        seed in any::<u64>(),
        cut in proptest::collection::vec((0u16..512, 0u16..512, 0u16..512), 16),
    ) {
        let puzzle = block(side, SumChange::None, seed);
        let layout = puzzle.layout(Rules::Relaxed).unwrap();
        let solver = Solver::new(&layout);
        // Blocks with very many solutions are left to the other tests.
        let every = solver.solve(solver.full_candidates(), 2_000, &mut Budget::unlimited());
        prop_assume!(every.count() < 2_000);
        // Each digit goes with chance 1/8.
        let cands: Vec<DigitSet> = cut[..layout.white_count()]
            .iter()
            .map(|&(a, b, c)| !DigitSet::from_bits(a & b & c))
            .collect();
        let mut expected: Vec<Vec<u8>> = every
            .solutions
            .into_iter()
            .filter(|digits| digits.iter().zip(&cands).all(|(&d, set)| set.contains(d)))
            .collect();
        expected.sort();
        let outcome = solver.solve_with(Search::ADAPTIVE, cands, usize::MAX, &mut Budget::unlimited());
        prop_assert!(outcome.complete);
        let mut found = outcome.solutions;
        found.sort();
        prop_assert_eq!(found, expected, "{}", format::to_text(&puzzle));
    }
}

/// The adaptive search found what the plain search found (`reference`, complete): as many
/// solutions, and the same ones when they are fewer than `limit`.
fn assert_same_solutions(
    puzzle: &Puzzle,
    reference: &sumpuzzles::SolveOutcome<Vec<u8>>,
    outcome: &sumpuzzles::SolveOutcome<kakuro::Solution>,
    limit: usize,
) {
    let text = format::to_text(puzzle);
    let layout = puzzle.layout(Rules::Relaxed).unwrap();
    let mut expected: Vec<Vec<String>> = reference
        .solutions
        .iter()
        .map(|digits| kakuro::solution_grid(&layout, digits).rows())
        .collect();
    expected.sort();
    assert_eq!(outcome.count(), expected.len(), "{text}");
    if expected.len() < limit {
        assert_eq!(rows(outcome), expected, "{text}");
    }
}

/// Dense blocks of 4 to 6, their sums as filled or changed: the same solutions as the plain
/// search, wherever the plain search finishes within its budget (it cannot refute most changed
/// blocks of 6 or more, which is why the reasoning across runs exists).
#[test]
fn dense_blocks_match_the_plain_search() {
    let limit = 200;
    let mut compared = 0;
    for side in 4..=6 {
        for change in SumChange::ALL {
            for seed in 0..8 {
                let puzzle = block(side, change, seed);
                let reference = plain(&puzzle, limit, 300_000);
                let outcome = adaptive(&puzzle, limit, 50_000_000);
                let text = format::to_text(&puzzle);
                assert!(outcome.complete, "{text}");
                if !reference.complete {
                    continue;
                }
                compared += 1;
                assert_same_solutions(&puzzle, &reference, &outcome, limit);
            }
        }
    }
    assert!(compared >= 70, "only {compared} blocks compared");
}

/// Every published puzzle with a known count, each sum change applied in turn: the adaptive
/// search counts what the plain search counts (where it finishes), and the unchanged puzzles
/// keep their known count.
#[test]
fn published_puzzles_with_changed_sums_match_the_plain_search() {
    let Some(dir) = testdata() else { return };
    let mut rng = SeededRng::new(0, 19);
    let mut compared = 0;
    for record in json_lines(&dir.join("kakuro.jsonl")) {
        let (Some(text), Some(_)) = (record["text"].as_str(), record["count"].as_u64()) else {
            continue;
        };
        let Ok(puzzle) = format::parse_text(text) else {
            continue;
        };
        for change in SumChange::ALL {
            let changed = change_sums(&puzzle, change, &mut rng).unwrap();
            let reference = plain(&changed, 2, 5_000_000);
            if !reference.complete {
                continue;
            }
            let outcome = adaptive(&changed, 2, 50_000_000);
            assert!(outcome.complete);
            assert_eq!(
                outcome.count(),
                reference.count(),
                "{} {change:?}",
                record["name"]
            );
            compared += 1;
        }
    }
    assert!(compared > 600, "only {compared} puzzles compared");
}

/// Small dense blocks written in letters, sums as filled or changed: the cryptic solver's
/// adaptive search (with the digit counts) counts what its plain search counts.
#[test]
fn cryptic_dense_blocks_match_the_plain_search() {
    use sumpuzzles::genres::kakuro_cryptic::solve::Solver as CrypticSolver;
    let mut compared = 0;
    for side in 3..=4 {
        for change in SumChange::ALL {
            for seed in 0..4 {
                let puzzle = block(side, change, seed);
                let text = letters(&puzzle);
                let cryptic = kakuro_cryptic::format::parse_text(&text).unwrap();
                let structure = cryptic.structure();
                let solver = CrypticSolver::new(structure);
                let reference = solver.solve(solver.full_domains(), 10, &mut Budget::new(300_000));
                if !reference.complete {
                    continue;
                }
                let outcome =
                    kakuro_cryptic::solve_structure(structure, 10, &mut Budget::new(50_000_000));
                assert!(outcome.complete, "{text}");
                assert_eq!(outcome.count(), reference.count(), "{text}");
                compared += 1;
            }
        }
    }
    assert!(compared >= 24, "only {compared} blocks compared");
}

/// A Kakuro grid's text with each sum's digits as letters (A = 0, B = 1, ...).
fn letters(puzzle: &Puzzle) -> String {
    let text = format::to_text(puzzle);
    let grid = text
        .lines()
        .skip_while(|l| !l.starts_with('#') && !l.starts_with('/'));
    grid.map(|line| {
        line.chars()
            .map(|c| match c.to_digit(10) {
                Some(d) => char::from(b'A' + d as u8),
                None => c,
            })
            .collect::<String>()
    })
    .collect::<Vec<_>>()
    .join("\n")
}

/// The open random grids of the comparison with CP-SAT (`examples/solver_compare`, class
/// `adversarial open NxN`): runs of up to 9 cells, 10% blocks, the sums of a random fill,
/// every other seed with an across and a down sum raised by one.
const OPEN_STYLE: RandomGridStyle = RandomGridStyle {
    run_limit: 9,
    block_percent: 10,
    noise: 7,
};
const STREAM_OPEN: u64 = 0xD3;

fn open_grid(side: usize, seed: u64) -> Puzzle {
    let mut rng = SeededRng::new(seed, STREAM_OPEN ^ ((side as u64) << 8));
    let (puzzle, _) = random_filled_grid(Shape::new(side, side), OPEN_STYLE, &mut rng).unwrap();
    let change = if seed % 2 == 0 {
        SumChange::None
    } else {
        SumChange::Raised
    };
    change_sums(&puzzle, change, &mut rng).unwrap()
}

/// Two open 24x24 grids that the adaptive search with geometric restarts (before the Luby
/// schedule, phase saving and the digit order) had not solved in 3,000,000 steps: it now finds
/// two solutions of each in well under a million (385,877 and 447,542 when written).
#[test]
fn open_grids_that_thrashed_find_two_solutions() {
    for seed in [1, 4] {
        let puzzle = open_grid(24, seed);
        let outcome = adaptive(&puzzle, 2, 1_000_000);
        assert!(
            outcome.complete,
            "open 24x24 seed {seed}: {} steps",
            outcome.steps
        );
        assert_eq!(outcome.count(), 2, "open 24x24 seed {seed}");
        assert_ne!(outcome.solutions[0].rows(), outcome.solutions[1].rows());
    }
}

/// Small open grids (runs up to 9 cells, 10% blocks), their sums as filled or raised: the
/// adaptive search (restarts, phase saving, its own digit order) finds exactly the plain
/// search's solutions.
#[test]
fn small_open_grids_match_the_plain_search() {
    let limit = 300;
    let mut compared = 0;
    for side in 4..=7 {
        for seed in 0..12 {
            let puzzle = open_grid(side, seed);
            let reference = plain(&puzzle, limit, 2_000_000);
            if !reference.complete {
                continue;
            }
            let outcome = adaptive(&puzzle, limit, 50_000_000);
            let text = format::to_text(&puzzle);
            assert!(outcome.complete, "{text}");
            compared += 1;
            assert_same_solutions(&puzzle, &reference, &outcome, limit);
        }
    }
    assert!(compared >= 40, "only {compared} grids compared");
}
