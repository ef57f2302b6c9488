//! Kakurasu (index sums): shade cells so each row clue is the sum of the column numbers of its
//! shaded cells and each column clue the sum of the row numbers of its shaded cells.
//! Spec: `kakurasu.txt`.

pub(crate) mod answer;
pub(crate) mod check;
pub(crate) mod describe;
pub mod format;
pub mod generate;
pub(crate) mod hint;
pub(crate) mod line;
pub(crate) mod model;
pub mod rate;
pub(crate) mod render;
pub mod solve;
pub mod swap;
pub mod techniques;
pub(crate) mod wire;

use crate::core::hint::Hint;
use crate::core::{
    Budget, Error, GenerateParams, Generated, InputError, Level, Rating, Shape, SolveOutcome,
};

use super::{BoardKind, Formats, Genre, NoExtra};

pub use answer::{Answer, Mark, Solution};
pub use check::{Rule, Violation};
pub use model::{Board, Puzzle};
pub use wire::PuzzleObject;

/// The Kakurasu genre.
pub struct Kakurasu;

/// Solves `puzzle`, returning up to `limit` solutions.
pub fn solve_puzzle(puzzle: &Puzzle, limit: usize, budget: &mut Budget) -> SolveOutcome<Solution> {
    solve::solve_board(&Board::new(puzzle), limit, budget).map(|shaded| Solution { shaded })
}

impl Formats for Kakurasu {
    const NAME: &'static str = model::GENRE;

    type Puzzle = Puzzle;
    type PuzzleObject = wire::PuzzleObject;

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

    fn to_json(puzzle: &Puzzle) -> wire::PuzzleObject {
        wire::PuzzleObject::of(puzzle)
    }
}

impl Genre for Kakurasu {
    const TITLE: &'static str = "Kakurasu";
    const RULES: &'static str = "Shade cells so that each row's shaded cells, counted by their \
        column numbers, add up to the clue on the right, and each column's, counted by their row \
        numbers, to the clue below.";
    const FORMATS: &'static str = "Kakurasu (`kakurasu`, index sums): the puzzle object is \
        `{\"row_clues\": [...], \"col_clues\": [...]}` (`null` for an absent clue); the text is \
        `genre: kakurasu` / `rows: 8 12 3` / `cols: 0 0 6 2 3` (`-` for an absent clue); an ID \
        is `kakurasu:3x5:8.12.3/0.0.6.2.3`. Answers: `#` shaded, `-` unshaded, `.` unmarked.";
    const BOARD: BoardKind = BoardKind::Shading;
    const DEFAULT_SHAPE: Shape = model::DEFAULT_SHAPE;
    const SHAPE_LIMITS: (usize, usize) = (1, model::MAX_SIDE);
    const GENERATOR_VERSION: u32 = generate::GENERATOR_VERSION;
    const RATER_PROFILE: (&'static str, u32) = (techniques::PROFILE, techniques::PROFILE_VERSION);
    /// Every deduction only decides what every solution has, so a board the techniques
    /// decide is the only solution.
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
        Ok(hint::hint(puzzle, answer, solution, budget)?)
    }

    /// The levels up to the hardest the shape can hold (a small shape holds only the easier
    /// ones).
    fn levels(shape: Shape) -> &'static [Level] {
        let rated: &'static [Level] = &Level::RATED;
        let hardest = generate::max_level(shape);
        let held = rated.iter().take_while(|&&level| level <= hardest).count();
        &rated[..held]
    }

    fn generate(
        params: &GenerateParams,
        budget: &mut Budget,
    ) -> Result<Generated<Puzzle, Solution>, Error> {
        generate::generate(params, budget)
    }

    /// The spec's example (kakurasu.txt).
    const SAMPLE_ID: &'static str = "kakurasu:3x5:8.12.3/0.0.6.2.3";

    fn empty_answer(puzzle: &Puzzle) -> Vec<String> {
        let shape = puzzle.shape();
        vec![".".repeat(shape.cols); shape.rows]
    }

    fn wrong_answer(solution: &Solution) -> Vec<String> {
        solution.wrong_rows()
    }
}
