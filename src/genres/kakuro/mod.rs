//! Kakuro (cross sums): fill the white cells with 1-9 so each run adds up to its sum without
//! repeating a digit. Spec: `kakuro.txt`.
//!
//! Kakuro is the plain sum grid: its layout, solver, techniques, rater, hint and descriptors
//! are the sum-grid kit's (`crate::genres::sum_grid`), with the sums in numbers. Its own
//! files are the puzzle ([`Puzzle`]), its formats ([`format`](mod@format), [`puzzlink`]), the checker, the
//! drawing and the generator ([`generate`]); [`solve`] and [`rate`] name the kit's solver and
//! rater as Kakuro's.

pub(crate) mod answer;
pub(crate) mod check;
pub mod format;
pub mod generate;
pub(crate) mod model;
pub mod puzzlink;
pub mod rate;
pub(crate) mod render;
pub mod solve;
pub(crate) mod wire;

/// The combination tables are the sum-grid kit's; Kakuro's modules name them as their own.
pub(crate) use crate::genres::sum_grid::combos;

use crate::core::hint::Hint;
use crate::core::{
    Budget, Error, GenerateParams, Generated, InputError, Rating, Shape, SolveOutcome, Strategy,
};
use crate::genres::sum_grid::{hint, techniques};

use super::{BoardKind, Formats, Genre, NoExtra};

pub use crate::genres::sum_grid::answer::solution_grid;
pub use answer::{Answer, Mark, Solution};
pub use check::{Rule, Violation};
pub use model::{Cell, Layout, Puzzle, Rules, Run, MAX_RUN};
pub use wire::PuzzleObject;

/// The Kakuro genre.
pub struct Kakuro;

/// Solves `puzzle` (relaxed rules), returning up to `limit` solutions. The search is
/// [`Strategy::ADAPTIVE`]: any grid, also a large one with many solutions.
pub fn solve_puzzle(puzzle: &Puzzle, limit: usize, budget: &mut Budget) -> SolveOutcome<Solution> {
    let layout = puzzle.relaxed_layout();
    let solver = solve::Solver::new(layout);
    let outcome = solver.solve_with(Strategy::ADAPTIVE, solver.full_candidates(), limit, budget);
    outcome.map(|digits| solution_grid(layout, &digits))
}

impl Formats for Kakuro {
    const NAME: &'static str = format::GENRE;

    type Puzzle = Puzzle;
    type PuzzleObject = wire::PuzzleObject;

    // The readers check the structure against the relaxed rules and the puzzle keeps the
    // layout that built, so solving, rating, checking and hints cannot meet a structure error.
    fn parse_text(text: &str) -> Result<Puzzle, InputError> {
        format::parse_text(text)
    }

    fn parse_id(id: &str) -> Result<Puzzle, InputError> {
        format::parse_id(id)
    }

    fn parse_json(puzzle: &serde_json::Value) -> Result<Puzzle, InputError> {
        format::parse_json(puzzle)
    }

    fn parse_url(url: &str) -> Result<Puzzle, InputError> {
        puzzlink::parse_url(url)
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

    fn to_url(puzzle: &Puzzle) -> Option<String> {
        puzzlink::to_url(puzzle).ok()
    }
}

impl Genre for Kakuro {
    const TITLE: &'static str = "Kakuro";
    const RULES: &'static str = "Write a digit 1-9 in every white cell so that each run adds \
        up to the sum in the block before it (down sums below the diagonal, across sums above \
        it), with no digit twice in a run.";
    const FORMATS: &'static str = "Kakuro (`kakuro`, cross sums): the puzzle object is \
        `{\"grid\": [row, ...]}`; the text is the same rows after optional `genre: kakuro` and \
        `grid:` lines; an ID is `kakuro:<rows>x<cols>:<layout>/<sums>`, such as \
        `kakuro:3x3:DbAb/4.6.3.7`; puzz.link URLs are read and written. Grids are read under \
        relaxed rules (runs of one cell, white cells in one run only, grids up to 160x160) so \
        that published puzzles can be solved and checked; generated ones obey the strict rules. \
        Answers: `#` block, `.` unmarked, `0` empty, `1`-`9` a digit.";
    const BOARD: BoardKind = BoardKind::SumGrid;
    const DEFAULT_SHAPE: Shape = Shape::new(10, 10);
    const SHAPE_LIMITS: (usize, usize) = (1, model::STRICT_MAX_SIDE);
    const GENERATOR_VERSION: u32 = generate::GENERATOR_VERSION;
    const RATER_PROFILE: (&'static str, u32) = (techniques::PROFILE, techniques::PROFILE_VERSION);
    /// Every deduction only removes digits that no solution has, so a grid the techniques
    /// fill is the only solution.
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
        Ok(hint::hint(
            puzzle.relaxed_layout(),
            answer,
            solution,
            budget,
        )?)
    }

    fn generate(
        params: &GenerateParams,
        budget: &mut Budget,
    ) -> Result<Generated<Puzzle, Solution>, Error> {
        generate::generate(params, budget)
    }

    const SAMPLE_ID: &'static str = "kakuro:3x3:DbAb/4.6.3.7";

    fn empty_answer(puzzle: &Puzzle) -> Vec<String> {
        answer::empty_answer(puzzle)
    }

    fn wrong_answer(solution: &Solution) -> Vec<String> {
        solution.wrong_rows()
    }
}
