//! The cryptic Kakuro solver on the Project Euler 424 example and data, hand-made puzzles
//! with several mappings, and against a brute force on small grids.

mod common;

use common::{fill_run_total, testdata};
use proptest::prelude::*;
use sumpuzzles::genres::kakuro_cryptic::{self, batch, format, Cell, Clue, Letter, Puzzle};
use sumpuzzles::Stop;
use sumpuzzles::{Budget, Grid, Shape};

/// The example of the issue (line 1 of the Project Euler file); its encrypted value is
/// 8426039571.
const EXAMPLE: &str = "6,X,X,(vCC),(vI),X,X,X,(hH),B,O,(vCA),(vJE),X,(hFE,vD),O,O,O,O,(hA),O,I,(hJC,vB),O,O,(hJC),H,O,O,O,X,X,X,(hJE),O,O,X";
const EXAMPLE_ENCRYPTED: &str = "8426039571";
/// The example's grid, as the solution rows.
const EXAMPLE_ROWS: [&str; 6] = ["######", "##41##", "##9687", "#17#93", "#5214#", "###37#"];

/// The example with the H of cell 25 hidden: G appears nowhere, and without the H, A and G
/// can swap 8 and 9.
const EXAMPLE_WITHOUT_H: &str = "6,X,X,(vCC),(vI),X,X,X,(hH),B,O,(vCA),(vJE),X,(hFE,vD),O,O,O,O,(hA),O,I,(hJC,vB),O,O,(hJC),O,O,O,O,X,X,X,(hJE),O,O,X";

/// Two two-cell runs each way with one-letter sums: eight letters appear nowhere.
const TINY_OPEN: &str = "3,X,(vA),(vB),(hA),O,O,(hB),O,O";

fn solve(line: &str, limit: usize) -> sumpuzzles::SolveOutcome<kakuro_cryptic::Solution> {
    let puzzle = format::parse_line(line).unwrap();
    kakuro_cryptic::solve_puzzle(&puzzle, limit, &mut Budget::unlimited())
}

#[test]
fn the_example_gives_its_encrypted_value() {
    let outcome = solve(EXAMPLE, 2);
    assert!(outcome.unique(), "{outcome:?}");
    let solution = &outcome.solutions[0];
    assert_eq!(solution.encrypted(), EXAMPLE_ENCRYPTED);
    assert_eq!(solution.encrypted_value(), 8_426_039_571);
    assert_eq!(solution.rows(), EXAMPLE_ROWS);
    assert!(is_solution(&format::parse_line(EXAMPLE).unwrap(), solution));
    assert_eq!(solution.letters()[&'A'], 8);
    assert_eq!(solution.letters()[&'E'], 0);
}

#[test]
fn the_example_without_its_shown_h_has_two_mappings() {
    let outcome = solve(EXAMPLE_WITHOUT_H, 10);
    assert!(outcome.complete);
    assert_eq!(outcome.count(), 2);
    assert!(!outcome.unique());
    let mut values: Vec<String> = outcome.solutions.iter().map(|s| s.encrypted()).collect();
    values.sort();
    assert_eq!(values, ["8426039571", "9426038571"]);
    for solution in &outcome.solutions {
        assert!(is_solution(
            &format::parse_line(EXAMPLE_WITHOUT_H).unwrap(),
            solution
        ));
    }
}

#[test]
fn letters_that_appear_nowhere_make_many_mappings() {
    let outcome = solve(TINY_OPEN, 2);
    assert!(outcome.complete);
    assert_eq!(outcome.count(), 2);
    assert!(!outcome.unique());
}

#[test]
fn a_tiny_budget_reports_an_incomplete_search() {
    let puzzle = format::parse_line(EXAMPLE).unwrap();
    let outcome = kakuro_cryptic::solve_puzzle(&puzzle, 2, &mut Budget::new(3));
    assert!(!outcome.complete);
    assert_eq!(outcome.stopped, Some(Stop::Exhausted));
}

#[test]
fn a_cancelled_search_stops() {
    let puzzle = format::parse_line(TINY_OPEN).unwrap();
    let flag = sumpuzzles::CancelFlag::new();
    flag.cancel();
    let mut budget = Budget::with_flag(u64::MAX / 2, flag);
    let outcome = kakuro_cryptic::solve_puzzle(&puzzle, 1_000_000, &mut budget);
    assert_eq!(outcome.stopped, Some(Stop::Cancelled));
    assert!(outcome.steps <= sumpuzzles::CHECK_INTERVAL + 100);
}

/// The first ten lines give the published per-line answers and their sum.
#[test]
fn the_first_ten_lines_give_the_published_answers() {
    let Some(dir) = testdata() else { return };
    let text = std::fs::read_to_string(dir.join("pe424/p424_kakuro200.txt")).unwrap();
    let answers = std::fs::read_to_string(dir.join("pe424/karandit-first10-answers.csv")).unwrap();
    let expected: Vec<(usize, String)> = answers
        .lines()
        .filter(|line| !line.starts_with('#') && !line.starts_with("line"))
        .filter(|line| !line.trim().is_empty())
        .map(|line| {
            let (number, answer) = line.split_once(',').unwrap();
            (number.parse().unwrap(), answer.trim().to_string())
        })
        .collect();
    assert_eq!(expected.len(), 10);
    let first_ten: String = text.split_inclusive('\n').take(10).collect();
    let results = batch::solve_lines(&first_ten, 10_000_000);
    for (result, (line, answer)) in results.iter().zip(&expected) {
        assert_eq!(result.line, *line);
        let solution = result.encrypted().unwrap_or_else(|| panic!("{result}"));
        assert_eq!(&solution.encrypted(), answer, "line {line}");
    }
    assert_eq!(batch::encrypted_sum(&results), 64_414_157_580);
}

/// All 200 lines: each proven unique, and the Project Euler 424 answer.
#[test]
fn all_200_lines_are_unique_and_add_up() {
    let Some(dir) = testdata() else { return };
    let text = std::fs::read_to_string(dir.join("pe424/p424_kakuro200.txt")).unwrap();
    let results = batch::solve_lines(&text, 10_000_000);
    assert_eq!(results.len(), 200);
    for result in &results {
        assert!(result.encrypted().is_some(), "{result}");
        let puzzle = format::parse_line(text.lines().nth(result.line - 1).unwrap()).unwrap();
        let solution = result.encrypted().unwrap();
        assert!(is_solution(&puzzle, solution), "line {}", result.line);
    }
    assert_eq!(batch::encrypted_sum(&results), 1_059_760_019_628);
}

/// Whether `solution` obeys every rule of `puzzle`: different digits adding up to the sum
/// read through the mapping in every run, shown letters matching, the mapping a bijection.
fn is_solution(puzzle: &Puzzle, solution: &kakuro_cryptic::Solution) -> bool {
    let structure = puzzle.structure();
    let mut digits_used = [false; 10];
    for &digit in &solution.mapping {
        if std::mem::replace(&mut digits_used[usize::from(digit)], true) {
            return false;
        }
    }
    let layout = structure.decoded(&solution.mapping);
    let digit_of = |cell: u32| solution.grid.digits[layout.whites[cell as usize]];
    let runs_ok = layout.runs.iter().all(|run| {
        let mut seen = 0u16;
        let mut total = 0u16;
        for &cell in &run.cells {
            let digit = digit_of(cell);
            if !(1..=9).contains(&digit) || seen & 1 << digit != 0 {
                return false;
            }
            seen |= 1 << digit;
            total += u16::from(digit);
        }
        total == run.sum
    });
    let two_letter_sums_ok = structure.clues.iter().all(|clue| {
        clue.tens
            .is_none_or(|tens| solution.mapping[tens.index()] != 0)
    });
    let shown_ok = structure.shown.iter().enumerate().all(|(cell, letter)| {
        letter.is_none_or(|l| solution.mapping[l.index()] == digit_of(cell as u32))
    });
    runs_ok && two_letter_sums_ok && shown_ok
}

/// A plain brute force: every filling of the cells with different digits in each run, then
/// every letter mapping the filled runs and shown letters allow. Returns up to `limit`
/// solutions as (encrypted value, rows).
fn brute_force(puzzle: &Puzzle, limit: usize) -> Vec<(String, Vec<String>)> {
    let structure = puzzle.structure();
    let layout = &structure.layout;
    let mut digits = vec![0u8; layout.white_count()];
    let mut found = Vec::new();

    fn fill(
        structure: &kakuro_cryptic::Structure,
        digits: &mut Vec<u8>,
        cell: usize,
        limit: usize,
        found: &mut Vec<(String, Vec<String>)>,
    ) {
        let layout = &structure.layout;
        if found.len() >= limit {
            return;
        }
        if cell == digits.len() {
            mappings(structure, digits, limit, found);
            return;
        }
        for digit in 1..=9 {
            let clash = layout.runs_of(cell).any(|run| {
                layout.runs[run]
                    .cells
                    .iter()
                    .any(|&other| other as usize != cell && digits[other as usize] == digit)
            });
            if !clash {
                digits[cell] = digit;
                fill(structure, digits, cell + 1, limit, found);
            }
        }
        digits[cell] = 0;
    }

    fn mappings(
        structure: &kakuro_cryptic::Structure,
        digits: &[u8],
        limit: usize,
        found: &mut Vec<(String, Vec<String>)>,
    ) {
        // Read each letter's digit off the filled runs and the shown cells.
        let mut mapping: [Option<u8>; 10] = [None; 10];
        let mut read = |letter: Letter, digit: u8| match mapping[letter.index()] {
            Some(d) => d == digit,
            None => {
                mapping[letter.index()] = Some(digit);
                true
            }
        };
        for (run, clue) in structure.layout.runs.iter().zip(&structure.clues) {
            let total: u16 = run
                .cells
                .iter()
                .map(|&c| u16::from(digits[c as usize]))
                .sum();
            let consistent = match *clue {
                Clue { tens: None, units } => total <= 9 && read(units, total as u8),
                Clue {
                    tens: Some(tens),
                    units,
                } => {
                    (10..=99).contains(&total)
                        && read(tens, (total / 10) as u8)
                        && read(units, (total % 10) as u8)
                }
            };
            if !consistent {
                return;
            }
        }
        for (cell, letter) in structure.shown.iter().enumerate() {
            if let Some(letter) = *letter {
                if !read(letter, digits[cell]) {
                    return;
                }
            }
        }
        let mut used = [false; 10];
        for digit in mapping.iter().flatten() {
            if std::mem::replace(&mut used[usize::from(*digit)], true) {
                return;
            }
        }
        // Every way to give the unread letters the unused digits.
        let free: Vec<usize> = (0..10).filter(|&l| mapping[l].is_none()).collect();
        let unused: Vec<u8> = (0..10).filter(|&d| !used[usize::from(d)]).collect();
        let rows = sumpuzzles::genres::kakuro::solution_grid(&structure.layout, digits).rows();
        permute(&free, &unused, &mut mapping, &rows, limit, found);
    }

    fn permute(
        free: &[usize],
        unused: &[u8],
        mapping: &mut [Option<u8>; 10],
        rows: &[String],
        limit: usize,
        found: &mut Vec<(String, Vec<String>)>,
    ) {
        if found.len() >= limit {
            return;
        }
        let Some((&letter, rest)) = free.split_first() else {
            let value = mapping
                .iter()
                .map(|d| char::from(b'0' + d.unwrap_or(0)))
                .collect();
            found.push((value, rows.to_vec()));
            return;
        };
        for (i, &digit) in unused.iter().enumerate() {
            let mut others = unused.to_vec();
            others.remove(i);
            mapping[letter] = Some(digit);
            permute(rest, &others, mapping, rows, limit, found);
        }
        mapping[letter] = None;
    }

    fill(structure, &mut digits, 0, limit, &mut found);
    found
}

/// Small random grids: a random block pattern, clues written from a random filling through
/// a random mapping (so at least one solution, unless the filling repeats a digit) or random
/// letters, and a few shown letters.
fn small_puzzle() -> impl Strategy<Value = Puzzle> {
    (3usize..=4, 3usize..=4)
        .prop_flat_map(|(rows, cols)| {
            (
                Just((rows, cols)),
                proptest::collection::vec(prop::bool::weighted(0.3), rows * cols),
                proptest::collection::vec(1u8..=9, rows * cols),
                Just((0..10u8).collect::<Vec<u8>>()).prop_shuffle(),
                proptest::collection::vec((0u8..10, 0u8..10, prop::bool::ANY), rows * cols * 2),
                proptest::collection::vec(prop::bool::weighted(0.25), rows * cols),
                prop::bool::weighted(0.8),
            )
        })
        .prop_filter_map(
            "a structurally sound grid",
            |((rows, cols), blocks, fill, letter_of, random, show, from_fill)| {
                let letter =
                    |digit: u8| Letter::new(usize::from(letter_of[usize::from(digit)])).unwrap();
                let white = |r: usize, c: usize| r > 0 && c > 0 && !blocks[r * cols + c];
                let mut cells = Vec::new();
                for r in 0..rows {
                    for c in 0..cols {
                        let i = r * cols + c;
                        if white(r, c) {
                            let shown = show[i].then(|| letter(fill[i]));
                            cells.push(Cell::White(shown));
                            continue;
                        }
                        let clue = |dr: usize, dc: usize, slot: usize| {
                            fill_run_total((rows, cols), white, &fill, (r, c), (dr, dc)).map(
                                |total| {
                                    if from_fill {
                                        let tens =
                                            (total >= 10).then(|| letter((total / 10) as u8));
                                        Clue {
                                            tens,
                                            units: letter((total % 10) as u8),
                                        }
                                    } else {
                                        let (t, u, two) = random[slot];
                                        let tens =
                                            two.then(|| Letter::new(usize::from(t)).unwrap());
                                        Clue {
                                            tens,
                                            units: Letter::new(usize::from(u)).unwrap(),
                                        }
                                    }
                                },
                            )
                        };
                        cells.push(Cell::Block {
                            down: clue(1, 0, 2 * i),
                            across: clue(0, 1, 2 * i + 1),
                        });
                    }
                }
                Puzzle::new(Grid::from_cells(Shape::new(rows, cols), cells).unwrap()).ok()
            },
        )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(250))]
    /// The solver finds the brute force's solutions: as many up to the limit, and the same
    /// ones when there are fewer.
    #[test]
    fn solver_matches_brute_force(puzzle in small_puzzle()) {
        let limit = 30;
        let expected = brute_force(&puzzle, limit);
        let outcome = kakuro_cryptic::solve_puzzle(&puzzle, limit, &mut Budget::unlimited());
        prop_assert!(outcome.complete);
        for solution in &outcome.solutions {
            prop_assert!(is_solution(&puzzle, solution));
        }
        let mut found: Vec<(String, Vec<String>)> = outcome
            .solutions
            .iter()
            .map(|s| (s.encrypted(), s.rows()))
            .collect();
        prop_assert_eq!(found.len(), expected.len(), "{}", format::to_line(&puzzle));
        if expected.len() < limit {
            let mut expected = expected;
            found.sort();
            expected.sort();
            prop_assert_eq!(found, expected);
        }
    }
}
