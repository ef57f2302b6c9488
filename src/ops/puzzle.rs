//! The operations on a puzzle: solve, rate, check, hint, render and format, each with its
//! report.

use serde::Serialize;

use super::rating::RateReport;
use super::request::check_budget;
use super::request::{
    CheckOptions, CheckRequest, FormatOptions, FormatRequest, HintOptions, HintRequest,
    PuzzleRequest, RateOptions, RateRequest, RenderOptions, RenderRequest, SolveOptions,
    SolveRequest,
};
use super::source::PuzzleSource;
use super::{Operation, MAX_LIMIT};
use crate::core::hint::Hint;
use crate::core::{Budget, Error, InputError, InputErrorKind, Location, Stop, Uniqueness};
use crate::genres::{
    dispatch, AnyPuzzleObject, AnySolutionExtra, AnyViolation, Genre, GenreId, GenreVisitor,
    Registered,
};

/// An operation's work on a puzzle read in its genre.
trait PuzzleWork {
    type Report;
    fn run<G: Registered>(self, puzzle: &G::Puzzle) -> Result<Self::Report, Error>;
}

/// Reads the puzzle of `source` in its genre and does `work` on it.
fn on_puzzle<W: PuzzleWork>(source: &PuzzleSource, work: W) -> Result<W::Report, Error> {
    struct OnPuzzle<'a, W> {
        source: &'a PuzzleSource,
        work: W,
    }
    impl<W: PuzzleWork> GenreVisitor for OnPuzzle<'_, W> {
        type Output = Result<W::Report, Error>;
        fn visit<G: Registered>(self) -> Self::Output {
            let puzzle = self.source.parse::<G>()?;
            self.work.run::<G>(&puzzle)
        }
    }
    dispatch(source.genre()?, OnPuzzle { source, work })
}

/// A puzzle in every format.
#[cfg_attr(feature = "server", derive(utoipa::ToSchema))]
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PuzzleForms {
    /// The puzzle's genre.
    pub genre: GenreId,
    /// The puzzle's ID.
    pub id: String,
    /// The genre's text format.
    pub text: String,
    /// The genre's JSON puzzle object.
    pub puzzle: AnyPuzzleObject,
    /// The puzz.link URL, for a genre puzz.link has and a puzzle it can show.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub url: Option<String>,
}

impl PuzzleForms {
    pub(super) fn of<G: Registered>(puzzle: &G::Puzzle) -> PuzzleForms {
        PuzzleForms {
            genre: G::ID,
            id: G::to_id(puzzle),
            text: G::to_text(puzzle),
            puzzle: G::any_puzzle_object(G::to_json(puzzle)),
            url: G::to_url(puzzle),
        }
    }
}

/// Reads a puzzle and writes it in every format.
pub fn format(request: &FormatRequest) -> Result<PuzzleForms, Error> {
    struct Format;
    impl PuzzleWork for Format {
        type Report = PuzzleForms;
        fn run<G: Registered>(self, puzzle: &G::Puzzle) -> Result<PuzzleForms, Error> {
            Ok(PuzzleForms::of::<G>(puzzle))
        }
    }
    on_puzzle(&request.puzzle, Format)
}

/// What the solver found.
#[cfg_attr(feature = "server", derive(utoipa::ToSchema))]
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SolveReport {
    /// The puzzle's genre.
    pub genre: GenreId,

    /// Solutions found, never more than the limit.
    pub count: usize,
    /// True when the puzzle is proven to have exactly one solution.
    pub unique: bool,
    /// False when the budget ran out before the search finished.
    pub complete: bool,
    /// The solutions found, as answer rows.
    pub solutions: Vec<Vec<String>>,
    /// Budget steps used.
    pub steps: u64,
    /// The genre's fields of the first solution, when it has any.
    #[serde(flatten)]
    #[cfg_attr(feature = "server", schema(value_type = AnySolutionExtra))]
    pub extra: Option<AnySolutionExtra>,
}

/// The solution limit a request asks for: 2 by default, at most [`MAX_LIMIT`].
fn solve_limit(limit: Option<usize>) -> Result<usize, Error> {
    match limit.unwrap_or(2) {
        limit @ 1..=MAX_LIMIT => Ok(limit),
        limit => {
            Err(InputError::limits(format!("`limit` must be 1 to {MAX_LIMIT}, not {limit}")).into())
        }
    }
}

/// Solves a puzzle, looking for up to `limit` solutions.
pub fn solve(request: &SolveRequest, budget: &mut Budget) -> Result<SolveReport, Error> {
    struct Solve<'a> {
        limit: usize,
        budget: &'a mut Budget,
    }
    impl PuzzleWork for Solve<'_> {
        type Report = SolveReport;
        fn run<G: Registered>(self, puzzle: &G::Puzzle) -> Result<SolveReport, Error> {
            self.budget.set_stage("solving");
            let outcome = G::solve(puzzle, self.limit, self.budget);
            match outcome.stopped {
                Some(stop @ (Stop::Cancelled | Stop::DeadlineExceeded)) => {
                    return Err(Error::Stopped(stop))
                }
                // Nothing found to report: the budget's running out is the answer.
                Some(Stop::Exhausted) if outcome.solutions.is_empty() => {
                    return Err(Error::Stopped(Stop::Exhausted))
                }
                _ => {}
            }
            Ok(SolveReport {
                genre: G::ID,
                count: outcome.count(),
                unique: outcome.unique(),
                complete: outcome.complete,
                solutions: outcome.solutions.iter().map(G::solution_rows).collect(),
                steps: outcome.steps,
                extra: outcome.solutions.first().and_then(solution_extra::<G>),
            })
        }
    }
    let limit = solve_limit(request.options.limit)?;
    on_puzzle(&request.puzzle, Solve { limit, budget })
}

/// The genre's fields of `solution`, as the union the reports carry.
pub(super) fn solution_extra<G: Registered>(solution: &G::Solution) -> Option<AnySolutionExtra> {
    G::solution_extra(solution).map(G::any_solution_extra)
}

/// Rates a puzzle and checks whether it is unique ([`Genre::assess`]): a budget that runs out
/// is in the report (no level without a finished rating, uniqueness `unknown`); a cancelled
/// or timed-out run is an error.
pub fn rate(request: &RateRequest, budget: &mut Budget) -> Result<RateReport, Error> {
    struct Rate<'a> {
        budget: &'a mut Budget,
    }
    impl PuzzleWork for Rate<'_> {
        type Report = RateReport;
        fn run<G: Registered>(self, puzzle: &G::Puzzle) -> Result<RateReport, Error> {
            let assessment = G::assess(puzzle, self.budget)?;
            // A puzzle the check refuted has nothing to rate: the 422 that `/hint` and
            // `/render` give it too, rather than a report whose every field is empty.
            if assessment.uniqueness == Uniqueness::NotUnique && assessment.solutions_found == 0 {
                return Err(no_solution());
            }
            Ok(RateReport::of::<G>(assessment))
        }
    }
    on_puzzle(&request.puzzle, Rate { budget })
}

/// The checker's verdict on an answer.
#[cfg_attr(feature = "server", derive(utoipa::ToSchema))]
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct CheckReport {
    /// The puzzle's genre.
    pub genre: GenreId,

    /// True when the answer is complete and breaks no rule.
    pub solved: bool,
    /// Every broken rule instance (with unmarked cells made empty first when `finish`).
    pub violations: Vec<AnyViolation>,
}

/// Checks an answer against a puzzle.
pub fn check(request: &CheckRequest) -> Result<CheckReport, Error> {
    struct Check {
        answer: Vec<String>,
        finish: bool,
    }
    impl PuzzleWork for Check {
        type Report = CheckReport;
        fn run<G: Registered>(self, puzzle: &G::Puzzle) -> Result<CheckReport, Error> {
            let answer = G::parse_answer(puzzle, &self.answer)?;
            let violations = G::check(puzzle, &answer, self.finish)?;
            let solved = if self.finish {
                violations.is_empty()
            } else {
                G::check(puzzle, &answer, true)?.is_empty()
            };
            Ok(CheckReport {
                genre: G::ID,
                solved,
                violations: violations.into_iter().map(G::any_violation).collect(),
            })
        }
    }
    let work = Check {
        answer: request.options.answer.rows(),
        finish: request.options.finish.unwrap_or(false),
    };
    on_puzzle(&request.puzzle, work)
}

/// A hint for a player's answer (see `crate::core::hint`).
#[cfg_attr(feature = "server", derive(utoipa::ToSchema))]
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct HintReport {
    /// The puzzle's genre.
    pub genre: GenreId,
    /// The hint.
    #[serde(flatten)]
    pub hint: Hint,
    /// Budget steps used (the uniqueness proof included).
    pub steps: u64,
}

/// The next hint for a player's answer: the first wrong mark, or the rater's next placement
/// from the position. The puzzle must have exactly one solution.
pub fn hint(request: &HintRequest, budget: &mut Budget) -> Result<HintReport, Error> {
    struct HintFor<'a> {
        answer: Vec<String>,
        budget: &'a mut Budget,
    }
    impl PuzzleWork for HintFor<'_> {
        type Report = HintReport;
        fn run<G: Registered>(self, puzzle: &G::Puzzle) -> Result<HintReport, Error> {
            let start = self.budget.used();
            let answer = G::parse_answer(puzzle, &self.answer)?;
            let solution = only_solution::<G>(puzzle, self.budget)?;
            self.budget.set_stage("hinting");
            let hint = G::hint(puzzle, &answer, &solution, self.budget)?;
            Ok(HintReport {
                genre: G::ID,
                hint,
                steps: self.budget.used() - start,
            })
        }
    }
    let answer = request.options.answer.rows();
    on_puzzle(&request.puzzle, HintFor { answer, budget })
}

/// What a drawing writes into the cells.
enum Fill {
    /// Nothing: the puzzle as it is printed for solving.
    Blank,
    /// A player's answer, checked, its violations highlighted.
    Answer { rows: Vec<String>, finish: bool },
    /// The puzzle's one solution.
    Solution,
}

/// What a render request asks to write in: an answer and the solution together do not fit.
fn render_fill(options: &RenderOptions) -> Result<Fill, Error> {
    match (&options.answer, options.solution.unwrap_or(false)) {
        (Some(_), true) => Err(Error::request(
            "give `answer` or `solution: true`, not both: a drawing shows one of them",
        )),
        (Some(answer), false) => Ok(Fill::Answer {
            rows: answer.rows(),
            finish: options.finish.unwrap_or(false),
        }),
        (None, true) => Ok(Fill::Solution),
        (None, false) => Ok(Fill::Blank),
    }
}

/// A drawing, for a client that reads JSON rather than an SVG document (`/render` with
/// `Accept: application/json`).
#[cfg_attr(feature = "server", derive(utoipa::ToSchema))]
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct RenderReport {
    /// The SVG document, as `/render` sends it as `image/svg+xml`.
    pub svg: String,
}

/// Draws a puzzle as a printable SVG document: blank, or filled with an answer (checked as
/// [`check`] does, each violation highlighted) or with the solution (found under the budget;
/// a puzzle without exactly one solution is an error).
pub fn render(request: &RenderRequest, budget: &mut Budget) -> Result<String, Error> {
    struct Render<'a> {
        fill: Fill,
        budget: &'a mut Budget,
    }
    impl PuzzleWork for Render<'_> {
        type Report = String;
        fn run<G: Registered>(self, puzzle: &G::Puzzle) -> Result<String, Error> {
            match self.fill {
                Fill::Blank => Ok(G::render_svg(puzzle, None, &[])),
                Fill::Answer { rows, finish } => {
                    let answer = G::parse_answer(puzzle, &rows)?;
                    let violations = G::check(puzzle, &answer, finish)?;
                    Ok(G::render_svg(puzzle, Some(&answer), &violations))
                }
                Fill::Solution => {
                    let solution = only_solution::<G>(puzzle, self.budget)?;
                    let answer = G::parse_answer(puzzle, &G::solution_rows(&solution))?;
                    Ok(G::render_svg(puzzle, Some(&answer), &[]))
                }
            }
        }
    }
    let fill = render_fill(&request.options)?;
    on_puzzle(&request.puzzle, Render { fill, budget })
}

/// The puzzle's one solution; an error when the search stopped or found none or several.
fn only_solution<G: Genre>(puzzle: &G::Puzzle, budget: &mut Budget) -> Result<G::Solution, Error> {
    budget.set_stage("finding the solution");
    let mut outcome = G::solve(puzzle, 2, budget);
    if !outcome.complete {
        return Err(Error::Stopped(outcome.stopped.unwrap_or(Stop::Exhausted)));
    }
    match outcome.solutions.len() {
        1 => Ok(outcome.solutions.remove(0)),
        0 => Err(no_solution()),
        _ => Err(not_unique(
            "the puzzle has more than one solution; drawing the solution and hints need exactly one (solving lists them)",
        )),
    }
}

fn not_unique(message: &str) -> Error {
    InputError::new(InputErrorKind::NotUnique, Location::Input, message).into()
}

/// The solver proved that the puzzle has no solution.
fn no_solution() -> Error {
    not_unique("the puzzle has no solution")
}

/// What each operation on a puzzle adds to [`Operation`]: its budget, its own precheck and its
/// run. The puzzle's genre is checked for every one of them alike.
pub trait PuzzleOperation: Sized + Send + 'static {
    /// What the operation answers.
    type Report: Send + 'static;
    /// The step budget the request names, if it names one.
    fn requested_budget(&self) -> Option<u64>;
    /// The checks of the operation's own fields that need no search; none by default.
    fn precheck(&self) -> Result<(), Error> {
        Ok(())
    }
    /// Runs the operation on `request` under `budget`.
    fn run(request: &PuzzleRequest<Self>, budget: &mut Budget) -> Result<Self::Report, Error>;
}

impl<T: PuzzleOperation> Operation for PuzzleRequest<T> {
    type Report = T::Report;

    fn requested_budget(&self) -> Option<u64> {
        self.options.requested_budget()
    }

    fn precheck(&self) -> Result<(), Error> {
        check_budget(self.options.requested_budget())?;
        self.options.precheck()?;
        self.puzzle.genre()?;
        Ok(())
    }

    fn run(&self, budget: &mut Budget) -> Result<T::Report, Error> {
        T::run(self, budget)
    }
}

impl PuzzleOperation for SolveOptions {
    type Report = SolveReport;
    fn requested_budget(&self) -> Option<u64> {
        self.budget
    }
    fn precheck(&self) -> Result<(), Error> {
        solve_limit(self.limit).map(drop)
    }
    fn run(request: &SolveRequest, budget: &mut Budget) -> Result<SolveReport, Error> {
        solve(request, budget)
    }
}

impl PuzzleOperation for RateOptions {
    type Report = RateReport;
    fn requested_budget(&self) -> Option<u64> {
        self.budget
    }
    fn run(request: &RateRequest, budget: &mut Budget) -> Result<RateReport, Error> {
        rate(request, budget)
    }
}

impl PuzzleOperation for CheckOptions {
    type Report = CheckReport;
    fn requested_budget(&self) -> Option<u64> {
        None
    }
    fn run(request: &CheckRequest, _budget: &mut Budget) -> Result<CheckReport, Error> {
        check(request)
    }
}

impl PuzzleOperation for HintOptions {
    type Report = HintReport;
    fn requested_budget(&self) -> Option<u64> {
        self.budget
    }
    fn run(request: &HintRequest, budget: &mut Budget) -> Result<HintReport, Error> {
        hint(request, budget)
    }
}

impl PuzzleOperation for RenderOptions {
    /// The SVG document.
    type Report = String;
    fn requested_budget(&self) -> Option<u64> {
        self.budget
    }
    fn precheck(&self) -> Result<(), Error> {
        render_fill(self).map(drop)
    }
    fn run(request: &RenderRequest, budget: &mut Budget) -> Result<String, Error> {
        render(request, budget)
    }
}

impl PuzzleOperation for FormatOptions {
    type Report = PuzzleForms;
    fn requested_budget(&self) -> Option<u64> {
        None
    }
    fn run(request: &FormatRequest, _budget: &mut Budget) -> Result<PuzzleForms, Error> {
        format(request)
    }
}
