//! Cryptic Kakuro (Project Euler 424): a Kakuro whose sums, and some white cells, are written
//! with the letters A-J, one secret bijection standing for the digits 0-9 across the puzzle.
//! Solving finds the grid and the mapping; the encrypted value is the digits of A to J written
//! together.
//!
//! The files follow the Kakuro genre's split and build on the sum-grid kit
//! (`crate::genres::sum_grid`) as Kakuro does: the run layout is the kit's (`model`), so are
//! the text and JSON readers and the ID's layout ([`format`](mod@format)), the answers (`answer`), the
//! combination tables the solver filters runs with ([`solve`]) and the drawing (`render`).
//! Once the letters are read, the grid is a sum grid like any other: the rating is the kit's
//! rater on the decoded layout ([`rate`]), and so is the hint. From Kakuro itself it takes
//! only a generated Kakuro to encrypt (`generate`).

pub(crate) mod answer;
pub mod batch;
pub(crate) mod check;
pub mod format;
pub(crate) mod generate;
pub(crate) mod model;
pub mod rate;
pub(crate) mod render;
pub mod solve;
pub(crate) mod wire;

use serde_json::Value;

use crate::core::hint::Hint;
use crate::core::{
    Budget, Error, GenerateParams, Generated, InputError, Rating, Shape, SolveOutcome,
};
use crate::genres::sum_grid::answer::{solution_grid, Answer};
use crate::genres::sum_grid::{hint, techniques};

use super::{BoardKind, Formats, Genre};

pub use answer::Solution;
pub use check::{Rule, Violation};
pub use model::{Cell, Clue, Letter, Puzzle, Structure, LETTERS, MAX_SIDE, MIN_SIDE};
pub use wire::{PuzzleObject, SolutionExtra};

/// The cryptic Kakuro genre.
pub struct KakuroCryptic;

/// Solves `puzzle`, returning up to `limit` solutions (mapping and grid), on the structure
/// its check built.
pub fn solve_puzzle(puzzle: &Puzzle, limit: usize, budget: &mut Budget) -> SolveOutcome<Solution> {
    solve_structure(puzzle.structure(), limit, budget)
}

/// Solves a puzzle's checked structure, returning up to `limit` solutions. The search is
/// [`solve::ADAPTIVE`], which has no heavy tail of slow puzzles; the generator and the rater
/// keep [`Strategy::FewestCandidates`](crate::Strategy::FewestCandidates), whose order and step counts they depend on.
pub fn solve_structure(
    structure: &Structure,
    limit: usize,
    budget: &mut Budget,
) -> SolveOutcome<Solution> {
    let solver = solve::Solver::new(structure);
    let outcome = solver.solve_with(solve::ADAPTIVE, solver.full_domains(), limit, budget);
    outcome.map(|found| solution(structure, &found))
}

/// A solver result as a solution.
fn solution(structure: &Structure, found: &solve::Found) -> Solution {
    Solution {
        mapping: found.mapping,
        grid: solution_grid(&structure.layout, &found.digits),
    }
}

impl Formats for KakuroCryptic {
    const NAME: &'static str = format::GENRE;

    type Puzzle = Puzzle;
    type PuzzleObject = wire::PuzzleObject;

    // The readers check the structure and the puzzle keeps what that built, so solving,
    // rating, checking and hints cannot meet a structure error (nor report one as no solution).
    fn parse_text(text: &str) -> Result<Puzzle, InputError> {
        format::parse_text(text)
    }

    fn parse_id(id: &str) -> Result<Puzzle, InputError> {
        format::parse_id(id)
    }

    fn parse_json(puzzle: &Value) -> Result<Puzzle, InputError> {
        format::parse_json(puzzle)
    }

    /// The Project Euler 424 line.
    fn to_text(puzzle: &Puzzle) -> String {
        format::to_line(puzzle)
    }

    fn to_id(puzzle: &Puzzle) -> String {
        format::to_id(puzzle)
    }

    fn to_json(puzzle: &Puzzle) -> wire::PuzzleObject {
        wire::PuzzleObject::of(puzzle)
    }
}

impl Genre for KakuroCryptic {
    const TITLE: &'static str = "Cryptic Kakuro";
    const RULES: &'static str = "Kakuro whose sums are written in letters: each letter stands \
        for one digit 0-9, different letters for different digits. A letter in a white cell is \
        that cell's digit.";
    const FORMATS: &'static str = "Cryptic Kakuro (`kakuro-cryptic`, Project Euler 424): the \
        text is one Project Euler 424 line (`6,X,X,(vCC),(vI),X,...`) or Kakuro's grid with \
        letters for the sums and for the white cells that show one; the puzzle object is that \
        grid (`{\"grid\": [...]}`); an ID is `kakuro-cryptic:<rows>x<cols>:<layout>/<sums>/<shown>`. \
        Solving and generating add `letters` and `encrypted` (the digits of A to J). Answers \
        are Kakuro answers, in digits.";
    const BOARD: BoardKind = BoardKind::SumGrid;
    const DEFAULT_SHAPE: Shape = Shape::new(7, 7);
    const SHAPE_LIMITS: (usize, usize) = (generate::MIN_SIDE, model::MAX_SIDE);
    const GENERATOR_VERSION: u32 = generate::GENERATOR_VERSION;
    /// The sum-grid kit's kakuro-human profile, as Kakuro's.
    const RATER_PROFILE: (&'static str, u32) = (techniques::PROFILE, techniques::PROFILE_VERSION);
    /// The rating is of the grid one letter mapping gives; another mapping may give a second
    /// solution.
    const SOLVED_PROVES_UNIQUE: bool = false;

    type Answer = Answer;
    type Solution = Solution;
    type Rule = Rule;
    type SolutionExtra = wire::SolutionExtra;

    fn parse_answer(puzzle: &Puzzle, rows: &[String]) -> Result<Answer, InputError> {
        answer::parse_answer(puzzle, rows)
    }

    fn solution_rows(solution: &Solution) -> Vec<String> {
        solution.rows()
    }

    /// `letters` (`{"A": 8, ...}`) and `encrypted` (the ten digits of A to J).
    fn solution_extra(solution: &Solution) -> Option<wire::SolutionExtra> {
        Some(wire::SolutionExtra::of(solution))
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

    /// The sum-grid hint on the decoded grid, as the rating is the decoded grid's; its words
    /// name each run's sum in its letters, as the board shows it, so that a hint about a run
    /// does not give its letters' values away, and its `explanation_values` the same words
    /// with the decoded sums, for a player who asks.
    fn hint(
        puzzle: &Puzzle,
        answer: &Answer,
        solution: &Solution,
        budget: &mut Budget,
    ) -> Result<Hint, Error> {
        let structure = puzzle.structure();
        let layout = structure.decoded(&solution.mapping);
        let sums: Vec<String> = structure.clues.iter().map(Clue::to_string).collect();
        let values: Vec<String> = layout.runs.iter().map(|run| run.sum.to_string()).collect();
        let hint = hint::hint_with_sums(&layout, answer, &solution.grid, &sums, budget)?;
        Ok(hint.with_values(|deduction| hint::explain(&layout, &values, deduction)))
    }

    fn generate(
        params: &GenerateParams,
        budget: &mut Budget,
    ) -> Result<Generated<Puzzle, Solution>, Error> {
        generate::generate(params, budget)
    }

    /// Project Euler 424's example (its encrypted value is 8426039571).
    const SAMPLE_ID: &'static str =
        "kakuro-cryptic:6x6:HbDdAbAbAdDbA/CC.I.H.CA.JE.D.FE.A.B.JC.JC.JE/B6I2H";

    fn empty_answer(puzzle: &Puzzle) -> Vec<String> {
        answer::empty_answer(puzzle)
    }

    fn wrong_answer(solution: &Solution) -> Vec<String> {
        solution.grid.wrong_rows()
    }
}
