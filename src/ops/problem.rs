//! Failures as RFC 9457 problem details: the object every door sends (or throws) for an
//! [`Error`], so that a failure reads the same over HTTP, from the CLI or in a browser.

use serde::Serialize;

use crate::core::{Error, InputErrorKind, Problem as InputProblem, Stop};

/// A problem details body.
#[cfg_attr(feature = "server", derive(utoipa::ToSchema))]
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Problem {
    /// A URI reference naming the kind of problem.
    #[serde(rename = "type")]
    #[cfg_attr(feature = "server", schema(example = "/problems/syntax"))]
    pub kind: String,
    /// A short summary of the kind of problem.
    pub title: String,
    /// The HTTP status.
    pub status: u16,
    /// What is wrong with this request, with the place (line and column, ID or URL position, cell).
    pub detail: String,
    /// Each problem found in the input, with where it is.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub problems: Vec<InputProblem>,
    /// When the step budget ran out: the steps spent.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub steps: Option<u64>,
    /// When the step budget ran out: the budget the request had.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub budget: Option<u64>,
    /// When the step budget ran out: what was being done (`solving`, `proving uniqueness`,
    /// `rating`, `finding the solution`, `hinting`, `generating`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stage: Option<String>,
}

/// How far a search got before its budget ran out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Progress {
    /// Steps spent.
    pub steps: u64,
    /// The budget it had.
    pub budget: u64,
    /// What it was doing (see [`crate::core::Budget::stage`]).
    pub stage: &'static str,
}

impl Progress {
    /// How far `budget`, which started with `steps`, got.
    pub fn of(budget: &crate::core::Budget, steps: u64) -> Progress {
        Progress {
            steps: budget.used(),
            budget: steps,
            stage: budget.stage(),
        }
    }
}

impl Problem {
    /// A problem of type `/problems/<kind>`, with no list of input problems.
    pub fn new(kind: &str, title: &str, status: u16, detail: impl Into<String>) -> Problem {
        Problem {
            kind: format!("/problems/{kind}"),
            title: title.into(),
            status,
            detail: detail.into(),
            problems: Vec::new(),
            steps: None,
            budget: None,
            stage: None,
        }
    }

    /// The problem of a search whose budget ran out, saying how far it got.
    pub fn exhausted(progress: &Progress) -> Problem {
        Problem {
            steps: Some(progress.steps),
            budget: Some(progress.budget),
            stage: Some(progress.stage.to_string()),
            ..Problem::new(
                "budget-exhausted",
                "The step budget ran out",
                422,
                format!(
                    "the step budget of {} steps ran out after {} steps, while {}; a request \
                     may ask for a smaller budget, not a larger one (larger budgets are the \
                     server's setting or an API key's allowance): {}",
                    progress.budget,
                    progress.steps,
                    progress.stage,
                    if progress.stage == super::generate::GENERATING {
                        "try another seed (a request without one draws a new one; the cost of \
                         a generation varies with its seed), a smaller shape or an easier level"
                    } else {
                        "try a smaller puzzle or shape, or an easier level"
                    }
                ),
            )
        }
    }
}

impl From<&Error> for Problem {
    fn from(error: &Error) -> Problem {
        match error {
            Error::Request(detail) => Problem::new(
                "bad-request",
                "The request does not fit the endpoint",
                400,
                detail.clone(),
            ),
            Error::Input(input) => {
                let (kind, title, status) = match input.kind {
                    InputErrorKind::Syntax => {
                        ("syntax", "The input does not follow its format", 400)
                    }
                    InputErrorKind::Structure => {
                        ("structure", "The puzzle breaks the structure rules", 422)
                    }
                    InputErrorKind::Answer => ("answer", "The answer does not fit the puzzle", 422),
                    InputErrorKind::NotUnique => (
                        "not-unique",
                        "The puzzle does not have exactly one solution",
                        422,
                    ),
                    _ => ("limits", "A value is outside its limits", 422),
                };
                Problem {
                    problems: input.problems.clone(),
                    ..Problem::new(kind, title, status, input.to_string())
                }
            }
            Error::Stopped(Stop::Exhausted) => Problem::new(
                "budget-exhausted",
                "The step budget ran out",
                422,
                "the search used its whole step budget before it finished; ask for something \
                 smaller",
            ),
            // Nobody reads it; a 5xx would count as a server failure in metrics and proxies.
            Error::Stopped(Stop::Cancelled) => Problem::new(
                "cancelled",
                "The request was cancelled",
                499,
                "the client went away",
            ),
            Error::Stopped(Stop::DeadlineExceeded) => Problem::new(
                "deadline-exceeded",
                "The work did not finish in time",
                504,
                "the work did not finish within the server's deadline; ask for something \
                 smaller or retry",
            ),
        }
    }
}
