//! The work of a book, job by job: where each puzzle is in it ([`Place`]), the job that makes
//! (from a seed) or reads (a given puzzle: solved, exactly one solution, and rated) it, and
//! the printing of the book as a job of its own. A door runs the jobs; `booklet.rs` plans them.

use std::collections::HashMap;
use std::fmt;

use super::puzzle::{only_solution, PuzzleOperation, PuzzlePlan};
use super::wire::StepBudget;
use super::{GeneratePlan, GenerateReport, Plan};
use crate::core::{Budget, Error, InputError, Location, Stage, Verdict};
use crate::genres::Registered;
use crate::print::{BookPuzzle, Layout};
/// Where a puzzle is in the book: its number, and the seed it is made from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Place {
    /// Its number in the book, from 1.
    pub number: usize,
    /// The seed it is made from, for a made puzzle.
    pub seed: Option<u64>,
}

impl fmt::Display for Place {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.seed {
            Some(seed) => write!(f, "puzzle {} (seed {seed})", self.number),
            None => write!(f, "puzzle {}", self.number),
        }
    }
}

impl Place {
    /// `error` saying which puzzle it is about (the request's and the input's errors; a
    /// stopped or exhausted search keeps its own problem, which says how far it got).
    pub fn of(&self, error: Error) -> Error {
        match error {
            Error::Request(message) => Error::Request(format!("{self}: {message}")),
            Error::Input(input) => {
                InputError::new(input.kind, Location::Input, format!("{self}: {input}")).into()
            }
            other => other,
        }
    }
}

/// The work that makes or reads one puzzle of a book.
#[derive(Debug)]
pub struct BookJob {
    /// Which puzzle of the book it is.
    pub place: Place,
    pub(super) work: Work,
}

/// Making a puzzle from a seed, or reading a given one.
pub(super) enum Work {
    Generate(GeneratePlan),
    Read(PuzzlePlan<ForTheBook>),
}

impl fmt::Debug for Work {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Work::Generate(plan) => f.debug_tuple("Generate").field(plan).finish(),
            Work::Read(plan) => f.debug_tuple("Read").field(&plan.genre()).finish(),
        }
    }
}

impl BookJob {
    /// The generation that makes it, for a puzzle made from a seed (a given puzzle is read).
    pub fn generation(&self) -> Option<&GeneratePlan> {
        match &self.work {
            Work::Generate(plan) => Some(plan),
            Work::Read(_) => None,
        }
    }
}

impl Plan for BookJob {
    type Report = BookPuzzle;

    fn requested_budget(&self) -> Option<u64> {
        match &self.work {
            Work::Generate(plan) => plan.requested_budget(),
            Work::Read(plan) => plan.requested_budget(),
        }
    }

    /// A made puzzle has a generation's budget, a given one an operation on a puzzle's.
    fn generates(&self) -> bool {
        matches!(self.work, Work::Generate(_))
    }

    fn run(&self, budget: &mut Budget) -> Result<BookPuzzle, Error> {
        let puzzle = match &self.work {
            Work::Generate(plan) => plan.run(budget).map(|report| BookPuzzle::from(&report)),
            Work::Read(plan) => plan.run(budget),
        };
        puzzle.map_err(|error| self.place.of(error))
    }
}

impl From<&GenerateReport> for BookPuzzle {
    fn from(report: &GenerateReport) -> BookPuzzle {
        BookPuzzle {
            genre: report.genre,
            id: report.id.clone(),
            shape: report.shape.clone(),
            level: report.level,
            score: Some(report.score),
            attempts: report.stats.attempts,
            solution: report
                .solution
                .clone()
                .expect("a book's puzzles are made with their solutions"),
        }
    }
}

/// Reading a given puzzle for a book: its one solution (the exact solver: none or several
/// is a 422) and its human-technique rating.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct ForTheBook {
    pub(super) budget: Option<StepBudget>,
}

impl PuzzleOperation for ForTheBook {
    type Report = BookPuzzle;
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
    ) -> Result<BookPuzzle, Error> {
        let solution = G::solution_rows(&only_solution::<G>(puzzle, budget)?);
        budget.set_stage(Stage::Rating);
        let rating = G::rate(puzzle, budget);
        if let Verdict::Unrated(stop) = rating.verdict {
            return Err(Error::Stopped(stop));
        }
        let columns = solution.first().map_or(0, |row| row.chars().count());
        Ok(BookPuzzle {
            genre: G::ID,
            id: G::to_id(puzzle),
            shape: format!("{}x{columns}", solution.len()),
            level: rating.level().expect("a finished rating has a level"),
            score: rating.score(),
            solution,
            attempts: 0,
        })
    }
}

/// The printing of a book, as a job of its own (it runs on a worker, and stops between
/// pages when its flag is raised).
pub struct BookPrint {
    pub(super) layout: Layout,
    pub(super) puzzles: Vec<BookPuzzle>,
}

impl Plan for BookPrint {
    /// The PDF's bytes.
    type Report = Vec<u8>;

    fn requested_budget(&self) -> Option<u64> {
        None
    }

    /// The book (or its cover) as PDF bytes; a 422 when the layout cannot keep the print
    /// minimums.
    fn run(&self, budget: &mut Budget) -> Result<Vec<u8>, Error> {
        crate::print::print(&self.layout, &self.puzzles, budget)
    }
}

/// A PDF document (`/booklet`'s answer), for the OpenAPI document: its schema says binary.
#[cfg_attr(
    feature = "server",
    derive(utoipa::ToSchema),
    schema(
        value_type = String,
        format = Binary,
        content_media_type = "application/pdf",
        description = "A PDF document."
    )
)]
pub struct PdfDocument(pub Vec<u8>);

/// For each job of a book, the index of the first job that makes the same puzzle (itself, but
/// for a seed listed again): a batch's rule, a seed made once.
pub fn first_places(jobs: &[BookJob]) -> Vec<usize> {
    let mut first: HashMap<u64, usize> = HashMap::new();
    jobs.iter()
        .enumerate()
        .map(|(index, job)| match job.place.seed {
            Some(seed) => *first.entry(seed).or_insert(index),
            None => index,
        })
        .collect()
}
