//! Kakurasu (index sums): shade cells so each row clue is the sum of the column numbers of its
//! shaded cells and each column clue the sum of the row numbers of its shaded cells.
//! Spec: `kakurasu.txt`.

pub mod answer;
pub mod check;
pub mod format;
pub mod generate;
pub mod hint;
pub mod line;
pub mod model;
pub mod rate;
pub mod render;
pub mod solve;
pub mod swap;
pub mod techniques;

use crate::core::hint::Hint;
use crate::core::{
    Budget, GenerateError, GenerateParams, Generated, InputError, Rating, Shape, SolveOutcome,
};

use super::Genre;

pub use answer::{Answer, Mark, Solution};
pub use check::{Rule, Violation};
pub use model::{Board, Puzzle};

/// The Kakurasu genre.
pub struct Kakurasu;

/// Solves `puzzle`, returning up to `limit` solutions.
pub fn solve(puzzle: &Puzzle, limit: usize, budget: &mut Budget) -> SolveOutcome<Solution> {
    solve::solve_board(&Board::new(puzzle), limit, budget).map(|shaded| Solution { shaded })
}

impl Genre for Kakurasu {
    const NAME: &'static str = format::GENRE;
    const DEFAULT_SHAPE: Shape = model::DEFAULT_SHAPE;
    const SHAPE_LIMITS: (usize, usize) = (1, model::MAX_SIDE);
    const GENERATOR_VERSION: u32 = generate::GENERATOR_VERSION;
    const RATER_PROFILE: (&'static str, u32) = (techniques::PROFILE, techniques::PROFILE_VERSION);

    type Puzzle = Puzzle;
    type Answer = Answer;
    type Solution = Solution;
    type Violation = Violation;

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

    fn to_json(puzzle: &Puzzle) -> serde_json::Value {
        format::to_json(puzzle)
    }

    fn parse_answer(puzzle: &Puzzle, rows: &[String]) -> Result<Answer, InputError> {
        answer::parse_answer(puzzle, rows)
    }

    fn solution_rows(solution: &Solution) -> Vec<String> {
        solution.rows()
    }

    fn solve(puzzle: &Puzzle, limit: usize, budget: &mut Budget) -> SolveOutcome<Solution> {
        solve(puzzle, limit, budget)
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
    ) -> Result<Hint, GenerateError> {
        Ok(hint::hint(puzzle, answer, solution, budget)?)
    }

    fn generate(
        params: &GenerateParams,
        budget: &mut Budget,
    ) -> Result<Generated<Puzzle, Solution>, GenerateError> {
        generate::generate(params, budget)
    }
}
