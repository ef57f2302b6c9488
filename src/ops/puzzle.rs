//! The operations on a puzzle: solve, rate, check, hint, render and format, each with its
//! report.

use serde::Serialize;

use super::rating::RateReport;
use super::request::{
    CheckOptions, CheckRequest, FormatOptions, FormatRequest, HintOptions, HintRequest,
    PuzzleRequest, RateOptions, RateRequest, RenderOptions, RenderRequest, SolveOptions,
    SolveRequest,
};
use super::source::PuzzleSource;
use super::wire::StepBudget;
use super::{Operation, Plan};
use crate::core::hint::Hint;
use crate::core::{Budget, Error, InputError, InputErrorKind, Location, Stage, Stop, Uniqueness};
use crate::genres::{
    dispatch, AnyPuzzleObject, AnySolutionExtra, AnyViolation, Genre, GenreId, GenreVisitor,
    Registered,
};

/// What each operation on a puzzle adds to the puzzle's source: its own fields, checked into
/// what its run takes, and the run on the puzzle read in its genre.
pub trait PuzzleOperation: Sized + 'static {
    /// What the operation answers.
    type Report: Send + 'static;
    /// The operation's own fields, read and checked: what its run takes.
    type Checked: Send + 'static;
    /// The step budget the request names, if it names one.
    fn requested_budget(&self) -> Option<StepBudget> {
        None
    }
    /// The operation's own fields, checked by the rules that need no search.
    fn check(&self) -> Result<Self::Checked, Error>;
    /// Runs the operation on `puzzle`, read in the genre `G`, under `budget`.
    fn run<G: Registered>(
        checked: &Self::Checked,
        puzzle: &G::Puzzle,
        budget: &mut Budget,
    ) -> Result<Self::Report, Error>;
}

/// A request on a puzzle read and checked: the puzzle's genre (read once, from the source),
/// the source, the operation's own fields checked and the budget asked for.
pub struct PuzzlePlan<T: PuzzleOperation> {
    genre: GenreId,
    source: PuzzleSource,
    checked: T::Checked,
    budget: Option<u64>,
}

impl<T: PuzzleOperation> PuzzlePlan<T> {
    /// The puzzle's genre.
    pub fn genre(&self) -> GenreId {
        self.genre
    }
}

/// The budget, the operation's own fields and the puzzle's genre, checked in that order.
impl<T: PuzzleOperation> Operation for PuzzleRequest<T> {
    type Plan = PuzzlePlan<T>;

    fn plan(&self) -> Result<PuzzlePlan<T>, Error> {
        let budget = self
            .options
            .requested_budget()
            .map(StepBudget::steps)
            .transpose()?;
        let checked = self.options.check()?;
        let genre = self.puzzle.genre()?;
        Ok(PuzzlePlan {
            genre,
            source: self.puzzle.clone(),
            checked,
            budget,
        })
    }
}

impl<T: PuzzleOperation> Plan for PuzzlePlan<T> {
    type Report = T::Report;

    fn requested_budget(&self) -> Option<u64> {
        self.budget
    }

    /// Reads the puzzle in its genre and runs the operation on it.
    fn run(&self, budget: &mut Budget) -> Result<T::Report, Error> {
        struct OnPuzzle<'a, T: PuzzleOperation> {
            plan: &'a PuzzlePlan<T>,
            budget: &'a mut Budget,
        }
        impl<T: PuzzleOperation> GenreVisitor for OnPuzzle<'_, T> {
            type Output = Result<T::Report, Error>;
            fn visit<G: Registered>(self) -> Self::Output {
                let puzzle = self.plan.source.parse::<G>()?;
                T::run::<G>(&self.plan.checked, &puzzle, self.budget)
            }
        }
        dispatch(self.genre, OnPuzzle { plan: self, budget }).map_err(|e| e.with_progress(budget))
    }
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
    request.plan()?.run(&mut Budget::unlimited())
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
    // Flattened, `None` writes no field: the schema is the fields' (each optional), which the
    // derived schema of an `Option` would make `null` or the fields, as if the report itself
    // could be `null`.
    #[serde(flatten)]
    #[cfg_attr(feature = "server", schema(value_type = AnySolutionExtra))]
    pub extra: Option<AnySolutionExtra>,
}

/// Solves a puzzle, looking for up to `limit` solutions.
pub fn solve(request: &SolveRequest, budget: &mut Budget) -> Result<SolveReport, Error> {
    request.plan()?.run(budget)
}

/// The genre's fields of `solution`, as the union the reports carry.
pub(super) fn solution_extra<G: Registered>(solution: &G::Solution) -> Option<AnySolutionExtra> {
    G::solution_extra(solution).map(G::any_solution_extra)
}

/// Rates a puzzle and checks whether it is unique ([`Genre::assess`]): a budget that runs out
/// is in the report (no level without a finished rating, uniqueness `unknown`); a cancelled
/// or timed-out run is an error.
pub fn rate(request: &RateRequest, budget: &mut Budget) -> Result<RateReport, Error> {
    request.plan()?.run(budget)
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
    request.plan()?.run(&mut Budget::unlimited())
}

/// A hint for a player's answer: the next deduction, the first wrong mark, `solved`, or the
/// value of the first open cell when the techniques cannot go on (`kind`).
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
    request.plan()?.run(budget)
}

/// What a drawing writes into the cells.
pub enum Fill {
    /// Nothing: the puzzle as it is printed for solving.
    Blank,
    /// A player's answer, checked, its violations highlighted.
    Answer {
        /// The answer's rows.
        rows: Vec<String>,
        /// Whether unmarked cells are made empty before checking.
        finish: bool,
    },
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

/// A drawing as JSON: what `/render` answers unless the request asks for the SVG document
/// itself (`Accept: image/svg+xml`).
#[cfg_attr(feature = "server", derive(utoipa::ToSchema))]
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct RenderReport {
    /// The SVG document, as `/render` sends it to `Accept: image/svg+xml`.
    pub svg: String,
}

/// Draws a puzzle as a printable SVG document: blank, or filled with an answer (checked as
/// [`check`] does, each violation highlighted) or with the solution (found under the budget;
/// a puzzle without exactly one solution is an error).
pub fn render(request: &RenderRequest, budget: &mut Budget) -> Result<String, Error> {
    request.plan()?.run(budget)
}

/// The puzzle's one solution; an error when the search stopped or found none or several.
pub(super) fn only_solution<G: Genre>(
    puzzle: &G::Puzzle,
    budget: &mut Budget,
) -> Result<G::Solution, Error> {
    budget.set_stage(Stage::FindingTheSolution);
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

impl PuzzleOperation for SolveOptions {
    type Report = SolveReport;
    /// How many solutions to look for: 2 by default.
    type Checked = usize;

    fn requested_budget(&self) -> Option<StepBudget> {
        self.budget
    }

    fn check(&self) -> Result<usize, Error> {
        Ok(self
            .limit
            .map(|limit| limit.limit())
            .transpose()?
            .unwrap_or(2))
    }

    fn run<G: Registered>(
        &limit: &usize,
        puzzle: &G::Puzzle,
        budget: &mut Budget,
    ) -> Result<SolveReport, Error> {
        budget.set_stage(Stage::Solving);
        let outcome = G::solve(puzzle, limit, budget);
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

/// Rates a puzzle and checks whether it is unique ([`Genre::assess`]): a budget that runs out
/// is in the report (no level without a finished rating, uniqueness `unknown`); a cancelled
/// or timed-out run is an error.
impl PuzzleOperation for RateOptions {
    type Report = RateReport;
    type Checked = ();

    fn requested_budget(&self) -> Option<StepBudget> {
        self.budget
    }

    fn check(&self) -> Result<(), Error> {
        Ok(())
    }

    fn run<G: Registered>(
        _: &(),
        puzzle: &G::Puzzle,
        budget: &mut Budget,
    ) -> Result<RateReport, Error> {
        let assessment = G::assess(puzzle, budget)?;
        // A puzzle the check refuted has nothing to rate: the 422 that `/hint` and `/render`
        // give it too, rather than a report whose every field is empty.
        if assessment.uniqueness == Uniqueness::NotUnique && assessment.solutions_found == 0 {
            return Err(no_solution());
        }
        Ok(RateReport::of::<G>(assessment))
    }
}

/// An answer to check, and whether unmarked cells are made empty first.
pub struct AnswerCheck {
    answer: Vec<String>,
    finish: bool,
}

impl PuzzleOperation for CheckOptions {
    type Report = CheckReport;
    type Checked = AnswerCheck;

    fn check(&self) -> Result<AnswerCheck, Error> {
        Ok(AnswerCheck {
            answer: self.answer.rows(),
            finish: self.finish.unwrap_or(false),
        })
    }

    fn run<G: Registered>(
        check: &AnswerCheck,
        puzzle: &G::Puzzle,
        _: &mut Budget,
    ) -> Result<CheckReport, Error> {
        let answer = G::parse_answer(puzzle, &check.answer)?;
        let violations = G::check(puzzle, &answer, check.finish)?;
        let solved = if check.finish {
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

impl PuzzleOperation for HintOptions {
    type Report = HintReport;
    /// The player's answer rows.
    type Checked = Vec<String>;

    fn requested_budget(&self) -> Option<StepBudget> {
        self.budget
    }

    fn check(&self) -> Result<Vec<String>, Error> {
        Ok(self.answer.rows())
    }

    fn run<G: Registered>(
        answer: &Vec<String>,
        puzzle: &G::Puzzle,
        budget: &mut Budget,
    ) -> Result<HintReport, Error> {
        let start = budget.used();
        let answer = G::parse_answer(puzzle, answer)?;
        let solution = only_solution::<G>(puzzle, budget)?;
        budget.set_stage(Stage::Hinting);
        let hint = G::hint(puzzle, &answer, &solution, budget)?;
        Ok(HintReport {
            genre: G::ID,
            hint,
            steps: budget.used() - start,
        })
    }
}

impl PuzzleOperation for RenderOptions {
    /// The SVG document.
    type Report = String;
    type Checked = Fill;

    fn requested_budget(&self) -> Option<StepBudget> {
        self.budget
    }

    fn check(&self) -> Result<Fill, Error> {
        render_fill(self)
    }

    fn run<G: Registered>(
        fill: &Fill,
        puzzle: &G::Puzzle,
        budget: &mut Budget,
    ) -> Result<String, Error> {
        match fill {
            Fill::Blank => Ok(G::render_svg(puzzle, None, &[])),
            Fill::Answer { rows, finish } => {
                let answer = G::parse_answer(puzzle, rows)?;
                let violations = G::check(puzzle, &answer, *finish)?;
                Ok(G::render_svg(puzzle, Some(&answer), &violations))
            }
            Fill::Solution => {
                let solution = only_solution::<G>(puzzle, budget)?;
                let answer = G::parse_answer(puzzle, &G::solution_rows(&solution))?;
                Ok(G::render_svg(puzzle, Some(&answer), &[]))
            }
        }
    }
}

impl PuzzleOperation for FormatOptions {
    type Report = PuzzleForms;
    type Checked = ();

    fn check(&self) -> Result<(), Error> {
        Ok(())
    }

    fn run<G: Registered>(
        _: &(),
        puzzle: &G::Puzzle,
        _: &mut Budget,
    ) -> Result<PuzzleForms, Error> {
        Ok(PuzzleForms::of::<G>(puzzle))
    }
}
