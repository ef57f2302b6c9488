//! Failures as RFC 9457 problem details: the object every door sends (or throws, or prints)
//! for an [`Error`], so that a failure reads the same over HTTP, from the CLI or in a
//! browser.

use serde::Serialize;

use crate::core::{escaped_except, Error, InputErrorKind, InputProblem, Progress, Stage, Stop};

/// A problem details body (RFC 9457): the object a failure is sent as.
#[cfg_attr(feature = "server", derive(utoipa::ToSchema), schema(as = Problem))]
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ProblemDetails {
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
    /// `rating`, `finding the solution`, `hinting`, `generating`, `generating the daily
    /// puzzle`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stage: Option<String>,
}

impl ProblemDetails {
    /// A problem of type `/problems/<kind>`, with no list of input problems.
    pub fn new(kind: &str, title: &str, status: u16, detail: impl Into<String>) -> ProblemDetails {
        ProblemDetails {
            kind: format!("/problems/{kind}"),
            title: title.into(),
            status,
            detail: printable(detail.into()),
            problems: Vec::new(),
            steps: None,
            budget: None,
            stage: None,
        }
    }

    /// The problem of a search whose budget ran out, saying how far it got.
    fn exhausted(progress: &Progress) -> ProblemDetails {
        ProblemDetails {
            steps: Some(progress.steps),
            budget: Some(progress.budget),
            stage: Some(progress.stage.name().to_string()),
            ..ProblemDetails::new(
                "budget-exhausted",
                "The step budget ran out",
                422,
                format!(
                    "the step budget of {} steps ran out after {} steps, while {}; a request \
                     to the service may ask for a smaller budget, not a larger one (larger \
                     budgets are the server's setting or an API key's allowance; the CLI's \
                     `--budget` and the WebAssembly package's `budget` take any): {}",
                    progress.budget,
                    progress.steps,
                    progress.stage,
                    match progress.stage {
                        Stage::Generating => {
                            "try another seed (a request without one draws a new one; the cost \
                             of a generation varies with its seed), a smaller shape or an easier \
                             level"
                        }
                        // The same puzzle for every player: there is no other seed to try.
                        Stage::GeneratingDaily => {
                            "a date has one daily puzzle for each genre, shape and level, so \
                             try a smaller shape or an easier level (each has its own daily \
                             puzzle)"
                        }
                        // The client's own puzzle: a smaller one is no answer to it.
                        _ => {
                            "this puzzle needs more search than that, and a larger budget may \
                             decide it"
                        }
                    }
                ),
            )
        }
    }
}

/// `text` with its control characters (a NUL, an escape, a line break an input carried into
/// a message that quotes it) written as their code points (`\u{0}`), so that a detail never
/// puts them into a client's log or terminal.
fn printable(text: String) -> String {
    if text.chars().any(char::is_control) {
        escaped_except(&text, |c| !c.is_control())
    } else {
        text
    }
}

/// The one mapping from an engine error to the object every door sends: HTTP's body, the
/// WebAssembly package's thrown error, the CLI's standard error.
impl From<&Error> for ProblemDetails {
    fn from(error: &Error) -> ProblemDetails {
        match error {
            Error::Request(detail) => ProblemDetails::new(
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
                    InputErrorKind::Limits => ("limits", "A value is outside its limits", 422),
                };
                ProblemDetails {
                    problems: input
                        .problems
                        .iter()
                        .map(|problem| InputProblem {
                            at: problem.at.clone(),
                            message: printable(problem.message.clone()),
                        })
                        .collect(),
                    ..ProblemDetails::new(kind, title, status, input.to_string())
                }
            }
            Error::Exhausted(progress) => ProblemDetails::exhausted(progress),
            Error::Stopped(Stop::Exhausted) => ProblemDetails::new(
                "budget-exhausted",
                "The step budget ran out",
                422,
                "the search used its whole step budget before it finished; ask for something \
                 smaller",
            ),
            // Nobody reads it; a 5xx would count as a server failure in metrics and proxies.
            Error::Stopped(Stop::Cancelled) => ProblemDetails::new(
                "cancelled",
                "The request was cancelled",
                499,
                "the client went away",
            ),
            Error::Stopped(Stop::DeadlineExceeded) => ProblemDetails::new(
                "deadline-exceeded",
                "The work did not finish in time",
                504,
                "the work did not finish within the server's deadline; ask for something \
                 smaller or retry",
            ),
        }
    }
}

impl From<Error> for ProblemDetails {
    fn from(error: Error) -> ProblemDetails {
        ProblemDetails::from(&error)
    }
}
