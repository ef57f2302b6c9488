//! Errors as RFC 9457 problem details (`application/problem+json`).
//!
//! One closed enum: an operation's own [`Error`], whose problem the operations layer gives
//! (every door sends the same), or one of the failures only HTTP has, each with its status.
//! Every failure the service can meet, axum's own rejections included, becomes one of them.
//! Internal causes are logged, never sent to the client.

use axum::extract::rejection::{BytesRejection, QueryRejection};
use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};

use crate::core::{Error, InputError, Stop};
use crate::ops::Problem;

/// Every way a request can fail.
#[derive(Debug)]
pub enum ApiProblem {
    /// The operation failed, or the request does not fit it: 400, 422, 499 (the client went
    /// away) or 504 (the deadline passed), as [`Problem::from`] says.
    Operation(Error),
    /// 404: no such route.
    NotFound(String),
    /// 405: the route exists with other methods.
    MethodNotAllowed,
    /// 413: the body is larger than the limit.
    TooLarge(String),
    /// 415: the body is not JSON.
    UnsupportedMediaType,
    /// 503: the worker pool and its queue are full; retry after the given seconds.
    Overloaded { retry_after: u64 },
    /// 503: the server is shutting down.
    ShuttingDown,
    /// 500: a bug (a panic in a worker). The only 500 the service sends.
    Internal,
}

impl ApiProblem {
    /// The problem details sent.
    pub fn body(&self) -> Problem {
        match self {
            ApiProblem::Operation(error) => Problem::from(error),
            ApiProblem::NotFound(detail) => {
                Problem::new("not-found", "No such resource", 404, detail.clone())
            }
            ApiProblem::MethodNotAllowed => Problem::new(
                "method-not-allowed",
                "Method not allowed on this resource",
                405,
                "this resource does not take that method; see /openapi.json",
            ),
            ApiProblem::TooLarge(detail) => Problem::new(
                "too-large",
                "The request body is too large",
                413,
                detail.clone(),
            ),
            ApiProblem::UnsupportedMediaType => Problem::new(
                "unsupported-media-type",
                "The request body must be JSON",
                415,
                "send the body as JSON with `Content-Type: application/json`",
            ),
            ApiProblem::Overloaded { retry_after } => Problem::new(
                "overloaded",
                "The server is busy",
                503,
                format!("every worker is busy and the queue is full; retry in {retry_after} s"),
            ),
            ApiProblem::ShuttingDown => Problem::new(
                "shutting-down",
                "The server is shutting down",
                503,
                "the server is shutting down; retry on another instance",
            ),
            ApiProblem::Internal => Problem::new(
                "internal",
                "Internal error",
                500,
                "an internal error occurred; it has been logged",
            ),
        }
    }

    /// Seconds a client is told to wait before it retries, when it is told.
    fn retry_after(&self) -> Option<u64> {
        match *self {
            ApiProblem::Overloaded { retry_after } => Some(retry_after),
            ApiProblem::ShuttingDown => Some(1),
            _ => None,
        }
    }
}

impl IntoResponse for ApiProblem {
    fn into_response(self) -> Response {
        let body = self.body();
        let status = StatusCode::from_u16(body.status).unwrap_or(StatusCode::BAD_REQUEST);
        let mut response = (status, serde_json::to_vec(&body).unwrap_or_default()).into_response();
        let headers = response.headers_mut();
        headers.insert(
            header::CONTENT_TYPE,
            HeaderValue::from_static("application/problem+json"),
        );
        if let Some(seconds) = self.retry_after() {
            headers.insert(header::RETRY_AFTER, HeaderValue::from(seconds));
        }
        response
    }
}

impl From<Error> for ApiProblem {
    fn from(error: Error) -> ApiProblem {
        ApiProblem::Operation(error)
    }
}

impl From<InputError> for ApiProblem {
    fn from(error: InputError) -> ApiProblem {
        ApiProblem::Operation(Error::Input(error))
    }
}

impl From<Stop> for ApiProblem {
    fn from(stop: Stop) -> ApiProblem {
        ApiProblem::Operation(Error::Stopped(stop))
    }
}

impl From<BytesRejection> for ApiProblem {
    fn from(rejection: BytesRejection) -> ApiProblem {
        match rejection.status() {
            StatusCode::PAYLOAD_TOO_LARGE => ApiProblem::TooLarge(rejection.body_text()),
            _ => ApiProblem::Operation(Error::Request(rejection.body_text())),
        }
    }
}

impl From<QueryRejection> for ApiProblem {
    fn from(rejection: QueryRejection) -> ApiProblem {
        ApiProblem::Operation(Error::Request(rejection.body_text()))
    }
}

/// The errors every puzzle operation can answer, for the OpenAPI document.
#[derive(utoipa::IntoResponses)]
#[allow(dead_code)]
pub enum PuzzleErrors {
    /// Malformed parameters, JSON or puzzle (with the position), or unknown fields.
    #[response(status = 400, content_type = "application/problem+json")]
    BadRequest(Problem),
    /// The body is larger than the limit (1 MiB by default).
    #[response(status = 413, content_type = "application/problem+json")]
    TooLarge(Problem),
    /// The body is not JSON.
    #[response(status = 415, content_type = "application/problem+json")]
    UnsupportedMediaType(Problem),
    /// Well-formed but impossible: the puzzle breaks the structure rules, a value is outside
    /// its limits (genre, level, shape, limit), the answer does not fit the puzzle, the puzzle
    /// has not exactly one solution to draw (`/render`), or the step budget ran out.
    #[response(status = 422, content_type = "application/problem+json")]
    Unprocessable(Problem),
    /// Every worker is busy and the queue is full (or the server is shutting down): retry
    /// after `Retry-After` seconds; any request is safe to retry.
    #[response(
        status = 503,
        content_type = "application/problem+json",
        headers(("Retry-After" = u64, description = "Seconds to wait"))
    )]
    Busy(Problem),
    /// The work did not finish within the server's deadline.
    #[response(status = 504, content_type = "application/problem+json")]
    DeadlineExceeded(Problem),
}
