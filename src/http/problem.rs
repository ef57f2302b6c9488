//! Errors as RFC 9457 problem details (`application/problem+json`).
//!
//! One closed enum: every variant names its status, and every failure the service can meet,
//! axum's own rejections included, becomes one of them. Internal causes are logged, never
//! sent to the client.

use axum::extract::rejection::{JsonRejection, QueryRejection};
use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use serde::Serialize;

use crate::api::ApiError;
use crate::core::{InputError, InputErrorKind, Problem as InputProblem, Stop};

/// A problem details body.
#[derive(Clone, Debug, Serialize, utoipa::ToSchema)]
pub struct Problem {
    /// A URI reference naming the kind of problem.
    #[serde(rename = "type")]
    #[schema(example = "/problems/syntax")]
    pub kind: String,
    /// A short summary of the kind of problem.
    pub title: String,
    /// The HTTP status.
    pub status: u16,
    /// What is wrong with this request, with the place (line and column, ID or URL position, cell).
    pub detail: String,
    /// Each problem found in the input, with where it is.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    #[schema(value_type = Vec<Object>)]
    pub problems: Vec<InputProblem>,
}

/// Every way a request can fail.
#[derive(Debug)]
pub enum ApiProblem {
    /// 400: the input does not follow its format.
    Syntax(InputError),
    /// 400: a query string or JSON body that does not fit the request's fields.
    BadRequest(String),
    /// 404: no such route.
    NotFound(String),
    /// 405: the route exists with other methods.
    MethodNotAllowed,
    /// 413: the body is larger than the limit.
    TooLarge(String),
    /// 415: the body is not JSON.
    UnsupportedMediaType(String),
    /// 422: well-formed but impossible: structure rules, limits, unknown genre or level, an
    /// answer that does not fit its puzzle.
    Unprocessable(InputError),
    /// 422: the step budget ran out before the work finished.
    BudgetExhausted,
    /// 503: the worker pool and its queue are full; retry after the given seconds.
    Overloaded { retry_after: u64 },
    /// 503: the server is shutting down.
    ShuttingDown,
    /// 504: the work did not finish within the server's deadline.
    DeadlineExceeded,
    /// 499-like: the client went away; nobody reads this response.
    Cancelled,
    /// 500: a bug (a panic in a worker). The only 500 the service sends.
    Internal,
}

impl ApiProblem {
    pub fn status(&self) -> StatusCode {
        match self {
            ApiProblem::Syntax(_) | ApiProblem::BadRequest(_) => StatusCode::BAD_REQUEST,
            ApiProblem::NotFound(_) => StatusCode::NOT_FOUND,
            ApiProblem::MethodNotAllowed => StatusCode::METHOD_NOT_ALLOWED,
            ApiProblem::TooLarge(_) => StatusCode::PAYLOAD_TOO_LARGE,
            ApiProblem::UnsupportedMediaType(_) => StatusCode::UNSUPPORTED_MEDIA_TYPE,
            ApiProblem::Unprocessable(_) | ApiProblem::BudgetExhausted => {
                StatusCode::UNPROCESSABLE_ENTITY
            }
            ApiProblem::Overloaded { .. } | ApiProblem::ShuttingDown => {
                StatusCode::SERVICE_UNAVAILABLE
            }
            ApiProblem::DeadlineExceeded => StatusCode::GATEWAY_TIMEOUT,
            // Nobody reads it; a 5xx would count as a server failure in metrics and proxies.
            ApiProblem::Cancelled => StatusCode::from_u16(499).unwrap_or(StatusCode::BAD_REQUEST),
            ApiProblem::Internal => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }

    fn kind(&self) -> (&'static str, &'static str) {
        match self {
            ApiProblem::Syntax(_) => ("syntax", "The input does not follow its format"),
            ApiProblem::BadRequest(_) => ("bad-request", "The request does not fit the endpoint"),
            ApiProblem::NotFound(_) => ("not-found", "No such resource"),
            ApiProblem::MethodNotAllowed => {
                ("method-not-allowed", "Method not allowed on this resource")
            }
            ApiProblem::TooLarge(_) => ("too-large", "The request body is too large"),
            ApiProblem::UnsupportedMediaType(_) => {
                ("unsupported-media-type", "The request body must be JSON")
            }
            ApiProblem::Unprocessable(error) => match error.kind {
                InputErrorKind::Structure => ("structure", "The puzzle breaks the structure rules"),
                InputErrorKind::Answer => ("answer", "The answer does not fit the puzzle"),
                InputErrorKind::NotUnique => (
                    "not-unique",
                    "The puzzle does not have exactly one solution",
                ),
                _ => ("limits", "A value is outside its limits"),
            },
            ApiProblem::BudgetExhausted => ("budget-exhausted", "The step budget ran out"),
            ApiProblem::Overloaded { .. } => ("overloaded", "The server is busy"),
            ApiProblem::ShuttingDown => ("shutting-down", "The server is shutting down"),
            ApiProblem::DeadlineExceeded => {
                ("deadline-exceeded", "The work did not finish in time")
            }
            ApiProblem::Cancelled => ("cancelled", "The request was cancelled"),
            ApiProblem::Internal => ("internal", "Internal error"),
        }
    }

    fn detail(&self) -> String {
        match self {
            ApiProblem::Syntax(error) | ApiProblem::Unprocessable(error) => error.to_string(),
            ApiProblem::BadRequest(detail)
            | ApiProblem::NotFound(detail)
            | ApiProblem::TooLarge(detail)
            | ApiProblem::UnsupportedMediaType(detail) => detail.clone(),
            ApiProblem::MethodNotAllowed => "this resource does not take that method; see /openapi.json".into(),
            ApiProblem::BudgetExhausted => {
                "the search used its whole step budget before it finished; raise `budget` (up to the server's maximum) or ask for something smaller".into()
            }
            ApiProblem::Overloaded { retry_after } => {
                format!("every worker is busy and the queue is full; retry in {retry_after} s")
            }
            ApiProblem::ShuttingDown => "the server is shutting down; retry on another instance".into(),
            ApiProblem::DeadlineExceeded => {
                "the work did not finish within the server's deadline; ask for something smaller or retry".into()
            }
            ApiProblem::Cancelled => "the client went away".into(),
            ApiProblem::Internal => "an internal error occurred; it has been logged".into(),
        }
    }

    pub fn body(&self) -> Problem {
        let (kind, title) = self.kind();
        let problems = match self {
            ApiProblem::Syntax(error) | ApiProblem::Unprocessable(error) => error.problems.clone(),
            _ => Vec::new(),
        };
        Problem {
            kind: format!("/problems/{kind}"),
            title: title.into(),
            status: self.status().as_u16(),
            detail: self.detail(),
            problems,
        }
    }
}

impl IntoResponse for ApiProblem {
    fn into_response(self) -> Response {
        let status = self.status();
        let body = serde_json::to_vec(&self.body()).unwrap_or_default();
        let mut response = (status, body).into_response();
        let headers = response.headers_mut();
        headers.insert(
            header::CONTENT_TYPE,
            HeaderValue::from_static("application/problem+json"),
        );
        if let ApiProblem::Overloaded { retry_after } = self {
            headers.insert(header::RETRY_AFTER, HeaderValue::from(retry_after));
        }
        if let ApiProblem::ShuttingDown = self {
            headers.insert(header::RETRY_AFTER, HeaderValue::from(1u64));
        }
        response
    }
}

impl From<InputError> for ApiProblem {
    fn from(error: InputError) -> ApiProblem {
        match error.kind {
            InputErrorKind::Syntax => ApiProblem::Syntax(error),
            _ => ApiProblem::Unprocessable(error),
        }
    }
}

impl From<Stop> for ApiProblem {
    fn from(stop: Stop) -> ApiProblem {
        match stop {
            Stop::Exhausted => ApiProblem::BudgetExhausted,
            Stop::Cancelled => ApiProblem::Cancelled,
            Stop::DeadlineExceeded => ApiProblem::DeadlineExceeded,
        }
    }
}

impl From<ApiError> for ApiProblem {
    fn from(error: ApiError) -> ApiProblem {
        match error {
            ApiError::Input(error) => error.into(),
            ApiError::Stopped(stop) => stop.into(),
        }
    }
}

impl From<JsonRejection> for ApiProblem {
    fn from(rejection: JsonRejection) -> ApiProblem {
        let detail = rejection.body_text();
        match rejection.status() {
            StatusCode::PAYLOAD_TOO_LARGE => ApiProblem::TooLarge(detail),
            StatusCode::UNSUPPORTED_MEDIA_TYPE => ApiProblem::UnsupportedMediaType(
                "send the body as JSON with `Content-Type: application/json`".into(),
            ),
            _ => ApiProblem::BadRequest(detail),
        }
    }
}

impl From<QueryRejection> for ApiProblem {
    fn from(rejection: QueryRejection) -> ApiProblem {
        ApiProblem::BadRequest(rejection.body_text())
    }
}
