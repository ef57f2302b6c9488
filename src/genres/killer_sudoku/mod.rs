//! Killer Sudoku: fill an N x N grid so that every row, column and box holds 1..N once, and
//! the digits of each cage (a group of cells) differ and add up to its sum.
//!
//! Its own files are the puzzle ([`Puzzle`]), its formats ([`format`](mod@format)), the
//! exact solver ([`solve_puzzle`]), the checker, the drawing, the rater ([`rate`](mod@rate)),
//! the hint and the generator ([`generate`](mod@generate)); the rest of the crate takes it
//! through [`KillerSudoku`], its [`Genre`].

pub(crate) mod answer;
pub(crate) mod check;
pub(crate) mod combos;
pub mod format;
pub mod generate;
pub(crate) mod hint;
pub(crate) mod model;
pub mod rate;
pub(crate) mod render;
pub(crate) mod solve;
pub(crate) mod wire;

use crate::core::hint::Hint;
use crate::core::{
    Budget, Error, GenerateParams, Generated, InputError, Level, Rating, Shape, SolveOutcome,
};

use super::{BoardKind, Formats, Genre, NoExtra};

pub use answer::Answer;
pub use check::{Rule, Violation};
pub use model::{char_digit, default_box, sum_bounds, Cage, Puzzle};
pub use solve::{solve_counted, solve_puzzle, Solution};
pub use wire::PuzzleObject;

/// The Killer Sudoku genre.
pub struct KillerSudoku;

impl Formats for KillerSudoku {
    const NAME: &'static str = model::GENRE;

    type Puzzle = Puzzle;
    type PuzzleObject = PuzzleObject;

    fn parse_text(text: &str) -> Result<Puzzle, InputError> {
        format::parse_text(text)
    }

    fn parse_id(id: &str) -> Result<Puzzle, InputError> {
        format::parse_id(id)
    }

    fn parse_json(puzzle: &serde_json::Value) -> Result<Puzzle, InputError> {
        format::parse_json(puzzle)
    }

    fn to_text(puzzle: &Puzzle) -> String {
        format::to_text(puzzle)
    }

    fn to_id(puzzle: &Puzzle) -> String {
        format::to_id(puzzle)
    }

    fn to_json(puzzle: &Puzzle) -> PuzzleObject {
        format::to_json(puzzle)
    }
}

impl Genre for KillerSudoku {
    const TITLE: &'static str = "Killer Sudoku";
    const RULES: &'static str = "Write a digit in every cell so that each row, column and box \
        holds every digit from 1 to the grid's side once (10 to 16 as A to G), and the digits \
        of each dashed cage differ and add up to the sum in its corner.";
    const FORMATS: &'static str = "Killer Sudoku (`killer-sudoku`): the puzzle object is \
        `{\"cages\": [{\"sum\": 11, \"cells\": [[0, 0], [1, 0]]}, ...]}` (rows and columns from \
        0, every cell in one cage), with optional `givens` (row strings, `.` for empty) and \
        `box` (`[rows, cols]`, by default 2x2, 2x3, 3x3, 3x4, 4x4 for sides 4, 6, 9, 12, 16); \
        the text is a grid of cage labels (separated by spaces, or a character each in a row \
        written without them) with `label=sum` words (`box: 2x3` and `givens:` lines \
        optional); an ID is `killer-sudoku:4x4:0011233124552466/3.9.9.5.4.7.3` (each \
        cell's cage, then the sums); SudoCue's `3x3::k:` form is read too. Answers: one \
        character a cell, `1`-`9`, `A`-`G` for 10-16, `.` for empty.";
    const BOARD: BoardKind = BoardKind::Caged;
    const DEFAULT_SHAPE: Shape = model::DEFAULT_SHAPE;
    const SHAPE_LIMITS: (usize, usize) = (model::SIZES[0], model::MAX_SIDE);
    const SHAPES: Option<&'static [Shape]> = Some(&generate::SHAPES);
    const GENERATOR_VERSION: u32 = generate::GENERATOR_VERSION;
    const RATER_PROFILE: (&'static str, u32) = (rate::PROFILE, rate::PROFILE_VERSION);
    /// The rater's deductions remove only what no solution has (its what-ifs end in
    /// contradictions), so a grid it fills is the only solution.
    const SOLVED_PROVES_UNIQUE: bool = true;

    type Answer = Answer;
    type Solution = Solution;
    type Rule = Rule;
    type SolutionExtra = NoExtra;

    fn parse_answer(puzzle: &Puzzle, rows: &[String]) -> Result<Answer, InputError> {
        answer::parse_answer(puzzle, rows)
    }

    fn solution_rows(solution: &Solution) -> Vec<String> {
        solution.rows()
    }

    fn solve(puzzle: &Puzzle, limit: usize, budget: &mut Budget) -> SolveOutcome<Solution> {
        solve_puzzle(puzzle, limit, budget)
    }

    fn check(puzzle: &Puzzle, answer: &Answer, finish: bool) -> Result<Vec<Violation>, InputError> {
        check::check(puzzle, answer, finish)
    }

    fn render_svg(puzzle: &Puzzle, fill: Option<&Answer>, violations: &[Violation]) -> String {
        render::render_svg(puzzle, fill, violations)
    }

    fn rate(puzzle: &Puzzle, budget: &mut Budget) -> Rating {
        rate::rate(puzzle, budget)
    }

    fn hint(
        puzzle: &Puzzle,
        answer: &Answer,
        solution: &Solution,
        budget: &mut Budget,
    ) -> Result<Hint, Error> {
        hint::hint(puzzle, answer, solution, budget)
    }

    /// 4x4 holds no hard puzzle.
    fn levels(shape: Shape) -> &'static [Level] {
        generate::levels(shape)
    }

    fn generate(
        params: &GenerateParams,
        budget: &mut Budget,
    ) -> Result<Generated<Puzzle, Solution>, Error> {
        generate::generate(params, budget, rate::rate)
    }

    /// A unique 4x4 of seven cages (generated: 4x4, easy, seed 0; the text form's example in
    /// `format` has two solutions).
    const SAMPLE_ID: &'static str = "killer-sudoku:4x4:0011222344554665/5.5.6.4.7.8.5";

    fn empty_answer(puzzle: &Puzzle) -> Vec<String> {
        let side = puzzle.side();
        vec![".".repeat(side); side]
    }

    fn wrong_answer(solution: &Solution) -> Vec<String> {
        solution.wrong_rows()
    }
}
