//! Errors as RFC 9457 problem details (`application/problem+json`).
//!
//! One closed enum: an operation's own [`Error`], whose problem the operations layer gives
//! (every door sends the same), or one of the failures only HTTP has, each with its status.
//! Every failure the service can meet, axum's own rejections included, becomes one of them.
//! Internal causes are logged, never sent to the client.

use axum::extract::rejection::{BytesRejection, QueryRejection};
use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};

use super::limits::{MAX_BODY_PIECES, MAX_URI_BYTES, MIN_AVERAGE_PIECE};
use crate::core::{Error, InputError, Stop};
use crate::ops::ProblemDetails;

/// Every way a request can fail.
#[derive(Clone, Debug)]
pub enum ApiError {
    /// The operation failed, or the request does not fit it: 400, 422 (a budget that ran out
    /// says how far the search got), 499 (the client went away) or 504 (the deadline passed),
    /// as [`ProblemDetails::from`] says.
    Operation(Error),
    /// 401: the server requires an API key and the request has none.
    Unauthorized,
    /// 403: the request's API key is not one the server knows.
    Forbidden,
    /// 404: no such route.
    NotFound(String),
    /// 405: the route exists with other methods.
    MethodNotAllowed,
    /// 408: the body did not arrive within the body timeout.
    SlowBody,
    /// 400: the body came in too many small pieces (chunks, frames).
    FragmentedBody,
    /// 413: the body is larger than the limit.
    TooLarge(String),
    /// 414: the request target (path and query) is longer than the limit.
    UriTooLong,
    /// 415: the body is not JSON.
    UnsupportedMediaType,
    /// 415: the body comes compressed (`Content-Encoding`).
    EncodedBody,
    /// 429: the client used more worker time than its share; retry after the seconds.
    RateLimited { retry_after: u64 },
    /// 429: the address sent more unknown API keys than it may; retry after the seconds.
    KeyGuessing { retry_after: u64 },
    /// 429: the client has as many requests running and waiting as it may.
    ClientBusy { retry_after: u64 },
    /// 503: the worker pool and its queue are full; retry after the given seconds.
    Overloaded { retry_after: u64 },
    /// 503: the request waited for a worker until its deadline and was never worked on.
    ExpiredInQueue { retry_after: u64 },
    /// 503: the server has as many connections open as it may; this one is kept only for
    /// `/healthz` and `/readyz`.
    TooManyConnections,
    /// 503: the server is shutting down.
    ShuttingDown,
    /// 504: a book's puzzle did not finish within its deadline, or the book's deadline passed
    /// before it was started: the detail says which and names the puzzle.
    #[cfg(feature = "print")]
    BookDeadline(String),
    /// 500: a bug (a panic in a worker). The only 500 the service sends.
    Internal,
    /// Any other error status a layer answered without a body of its own (a 400, 404 or 405
    /// from a router or a library), given problem details here.
    Status(StatusCode),
}

impl ApiError {
    /// The problem details sent.
    pub fn body(&self) -> ProblemDetails {
        match self {
            ApiError::Operation(error) => ProblemDetails::from(error),
            ApiError::Unauthorized => ProblemDetails::new(
                "unauthorized",
                "An API key is required",
                401,
                "this server requires an API key: send it as `Authorization: Bearer <key>` or \
                 `X-API-Key: <key>`",
            ),
            ApiError::Forbidden => ProblemDetails::new(
                "forbidden",
                "Unknown API key",
                403,
                "the API key sent is not one this server knows (a generated client given no \
                 key may send a placeholder, such as openapi-python-generator's \
                 `Authorization: Bearer None`: give it the key, or send no key header)",
            ),
            ApiError::NotFound(detail) => {
                ProblemDetails::new("not-found", "No such resource", 404, detail.clone())
            }
            ApiError::MethodNotAllowed => ProblemDetails::new(
                "method-not-allowed",
                "Method not allowed on this resource",
                405,
                "this resource does not take that method; see /openapi.json",
            ),
            ApiError::SlowBody => ProblemDetails::new(
                "request-timeout",
                "The request took too long to arrive",
                408,
                "the request body did not arrive within the server's body timeout",
            ),
            ApiError::FragmentedBody => ProblemDetails::new(
                "fragmented-body",
                "The request body came in too many pieces",
                400,
                format!(
                    "the body came in more than {} pieces (chunks or frames) of under {} bytes \
                     on average; send it in larger pieces",
                    MAX_BODY_PIECES, MIN_AVERAGE_PIECE
                ),
            ),
            ApiError::TooLarge(detail) => ProblemDetails::new(
                "too-large",
                "The request body is too large",
                413,
                detail.clone(),
            ),
            ApiError::UriTooLong => ProblemDetails::new(
                "uri-too-long",
                "The request target is too long",
                414,
                format!(
                    "the path and query string may be at most {MAX_URI_BYTES} bytes; send long \
                     parameters in a JSON body"
                ),
            ),
            ApiError::UnsupportedMediaType => ProblemDetails::new(
                "unsupported-media-type",
                "The request body must be JSON",
                415,
                "send the body as JSON with `Content-Type: application/json`",
            ),
            ApiError::EncodedBody => ProblemDetails::new(
                "unsupported-media-type",
                "The request body must not be compressed",
                415,
                "send the body as plain JSON, without `Content-Encoding` (gzip and the like \
                 are not accepted)",
            ),
            ApiError::RateLimited { retry_after } => ProblemDetails::new(
                "rate-limited",
                "Too many requests",
                429,
                format!(
                    "this client used more of the workers' time than its share (each request \
                     counts a millisecond, each job the time it took); retry in {retry_after} s"
                ),
            ),
            ApiError::KeyGuessing { retry_after } => ProblemDetails::new(
                "rate-limited",
                "Too many unknown API keys",
                429,
                format!(
                    "this address sent more API keys this server does not know than it may; \
                     no key it sends is looked up for {retry_after} s"
                ),
            ),
            ApiError::ClientBusy { retry_after } => ProblemDetails::new(
                "client-busy",
                "Too many requests at once",
                429,
                format!(
                    "this client has as many requests running and waiting as it may; retry in \
                     {retry_after} s, or wait for an answer first"
                ),
            ),
            ApiError::Overloaded { retry_after } => ProblemDetails::new(
                "overloaded",
                "The server is busy",
                503,
                format!("every worker is busy and the queue is full; retry in {retry_after} s"),
            ),
            ApiError::ExpiredInQueue { retry_after } => ProblemDetails::new(
                "expired-in-queue",
                "The server was too busy to start the work",
                503,
                format!(
                    "the request waited for a worker until its deadline and was not worked on; \
                     retry in {retry_after} s"
                ),
            ),
            ApiError::TooManyConnections => ProblemDetails::new(
                "too-many-connections",
                "The server has too many connections",
                503,
                "the server has as many connections open as it may; retry on a new connection",
            ),
            ApiError::ShuttingDown => ProblemDetails::new(
                "shutting-down",
                "The server is shutting down",
                503,
                "the server is shutting down; retry on another instance",
            ),
            #[cfg(feature = "print")]
            ApiError::BookDeadline(detail) => ProblemDetails::new(
                "deadline-exceeded",
                "The work did not finish in time",
                504,
                detail.clone(),
            ),
            ApiError::Internal => ProblemDetails::new(
                "internal",
                "Internal error",
                500,
                "an internal error occurred; it has been logged",
            ),
            ApiError::Status(status) => status_problem(*status),
        }
    }

    /// Seconds a client is told to wait before it retries, when it is told.
    fn retry_after(&self) -> Option<u64> {
        match *self {
            ApiError::Overloaded { retry_after }
            | ApiError::ExpiredInQueue { retry_after }
            | ApiError::RateLimited { retry_after }
            | ApiError::KeyGuessing { retry_after }
            | ApiError::ClientBusy { retry_after } => Some(retry_after),
            ApiError::ShuttingDown | ApiError::TooManyConnections => Some(1),
            _ => None,
        }
    }
}

/// The problem details of a bare error status, as a router, a library or hyper itself gives
/// it (hyper for a request head it cannot read: 400, 408, 414, 431, 505).
pub fn status_problem(status: StatusCode) -> ProblemDetails {
    let code = status.as_u16();
    let (kind, title, detail) = match code {
        400 => (
            "malformed-request",
            "The request is malformed",
            "the request could not be read as HTTP (a malformed request line or header, or a \
             conflicting Content-Length)",
        ),
        404 => (
            "not-found",
            "No such resource",
            "no such resource; see /openapi.json and /docs/",
        ),
        405 => (
            "method-not-allowed",
            "Method not allowed on this resource",
            "this resource does not take that method; see /openapi.json",
        ),
        408 => (
            "request-timeout",
            "The request took too long to arrive",
            "the request head did not arrive within the server's header timeout",
        ),
        414 => (
            "uri-too-long",
            "The request target is too long",
            "the path and query string are longer than the server reads",
        ),
        431 => (
            "headers-too-large",
            "The request headers are too large",
            "the request has more or larger headers than the server reads",
        ),
        505 => (
            "version-not-supported",
            "HTTP version not supported",
            "the server speaks HTTP/1.0, HTTP/1.1 and HTTP/2",
        ),
        _ => (
            "http-error",
            status.canonical_reason().unwrap_or("HTTP error"),
            "the request failed",
        ),
    };
    ProblemDetails::new(kind, title, code, detail)
}

impl IntoResponse for ApiError {
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
        if matches!(self, ApiError::Unauthorized) {
            headers.insert(header::WWW_AUTHENTICATE, HeaderValue::from_static("Bearer"));
        }
        response
    }
}

impl From<Error> for ApiError {
    fn from(error: Error) -> ApiError {
        ApiError::Operation(error)
    }
}

impl From<InputError> for ApiError {
    fn from(error: InputError) -> ApiError {
        ApiError::Operation(Error::Input(error))
    }
}

impl From<Stop> for ApiError {
    fn from(stop: Stop) -> ApiError {
        ApiError::Operation(Error::Stopped(stop))
    }
}

impl From<BytesRejection> for ApiError {
    fn from(rejection: BytesRejection) -> ApiError {
        match rejection.status() {
            StatusCode::PAYLOAD_TOO_LARGE => ApiError::TooLarge(rejection.body_text()),
            _ => ApiError::Operation(Error::Request(rejection.body_text())),
        }
    }
}

impl From<QueryRejection> for ApiError {
    fn from(rejection: QueryRejection) -> ApiError {
        ApiError::Operation(Error::Request(rejection.body_text()))
    }
}
