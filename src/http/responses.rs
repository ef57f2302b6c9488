//! The failure statuses each endpoint documents, each with its problem details body, so that a
//! generated client reads every status it can meet as a `Problem`: [`PuzzleErrors`] for the
//! operations (on a puzzle, and generation), [`ServiceErrors`] for the service endpoints, and
//! [`CommonErrors`] for every endpoint.

use crate::ops::ProblemDetails;

/// What any endpoint can answer.
#[derive(utoipa::IntoResponses)]
#[allow(dead_code)]
pub enum CommonErrors {
    /// No such resource: a mistyped path, or a server of another version.
    #[response(status = 404, content_type = "application/problem+json")]
    NotFound(ProblemDetails),
    /// The path exists with other methods.
    #[response(status = 405, content_type = "application/problem+json")]
    MethodNotAllowed(ProblemDetails),
    /// A bug (a panic, caught and logged); the request is safe to retry.
    #[response(status = 500, content_type = "application/problem+json")]
    Internal(ProblemDetails),
}

/// The answer to a conditional GET of a deterministic answer (one with an `ETag`).
#[derive(utoipa::IntoResponses)]
#[allow(dead_code)]
pub enum CacheStatuses {
    /// A GET (or HEAD) whose `If-None-Match` names the answer's `ETag`: the client's copy is
    /// the answer; no body.
    #[response(status = 304)]
    NotModified,
}

/// The errors every puzzle operation can answer, for the OpenAPI document.
#[derive(utoipa::IntoResponses)]
#[allow(dead_code)]
pub enum PuzzleErrors {
    /// Malformed parameters, JSON or puzzle (with the position), unknown or repeated fields
    /// (in the request and in the puzzle object), a body that is not a JSON object, or a
    /// request head HTTP cannot read (a malformed request line or header, conflicting
    /// `Content-Length`s).
    #[response(status = 400, content_type = "application/problem+json")]
    BadRequest(ProblemDetails),
    /// The server requires API keys and the request has none (`Authorization: Bearer <key>`
    /// or `X-API-Key`).
    #[response(
        status = 401,
        content_type = "application/problem+json",
        headers(("WWW-Authenticate" = String, description = "`Bearer`"))
    )]
    Unauthorized(ProblemDetails),
    /// The API key is not one the server knows.
    #[response(status = 403, content_type = "application/problem+json")]
    Forbidden(ProblemDetails),
    /// The request head or body did not arrive within the server's timeouts (10 s each by
    /// default).
    #[response(status = 408, content_type = "application/problem+json")]
    RequestTimeout(ProblemDetails),
    /// The body is larger than the limit (1 MiB by default); a `Content-Length` over it is
    /// refused before the body is read.
    #[response(status = 413, content_type = "application/problem+json")]
    TooLarge(ProblemDetails),
    /// The path and query string are longer than 8 KiB.
    #[response(status = 414, content_type = "application/problem+json")]
    UriTooLong(ProblemDetails),
    /// The body is not JSON, or comes compressed (`Content-Encoding`).
    #[response(status = 415, content_type = "application/problem+json")]
    UnsupportedMediaType(ProblemDetails),
    /// Well-formed but impossible: the puzzle breaks the structure rules, a value is outside
    /// its limits (genre, level, shape, limit, budget), the answer does not fit the puzzle,
    /// the puzzle has not exactly one solution (`/hint`, `/render` with the solution) or none
    /// (`/rate`), or the step budget ran out (`/problems/budget-exhausted`, with `steps`,
    /// `budget` and `stage`: how far the search got).
    #[response(status = 422, content_type = "application/problem+json")]
    Unprocessable(ProblemDetails),
    /// The client sent more requests than its rate allows, or has as many requests running
    /// and waiting as it may: retry after `Retry-After` seconds.
    #[response(
        status = 429,
        content_type = "application/problem+json",
        headers(("Retry-After" = u64, description = "Seconds to wait"))
    )]
    TooManyRequests(ProblemDetails),
    /// The request headers are larger than the server reads (64 KiB, 100 headers).
    #[response(status = 431, content_type = "application/problem+json")]
    HeadersTooLarge(ProblemDetails),
    /// Every worker is busy and the queue is full, the request waited for a worker until its
    /// deadline and was not worked on, the server has too many connections, or it is
    /// shutting down: retry after `Retry-After` seconds; any request is safe to retry.
    #[response(
        status = 503,
        content_type = "application/problem+json",
        headers(("Retry-After" = u64, description = "Seconds to wait"))
    )]
    Busy(ProblemDetails),
    /// The work did not finish within the server's deadline.
    #[response(status = 504, content_type = "application/problem+json")]
    DeadlineExceeded(ProblemDetails),
}

/// The errors the service endpoints can answer, for the OpenAPI document.
#[derive(utoipa::IntoResponses)]
#[allow(dead_code)]
pub enum ServiceErrors {
    /// A request head HTTP cannot read (a malformed request line or header).
    #[response(status = 400, content_type = "application/problem+json")]
    BadRequest(ProblemDetails),
    /// The request head did not arrive within the server's header timeout.
    #[response(status = 408, content_type = "application/problem+json")]
    RequestTimeout(ProblemDetails),
    /// The path and query string are longer than 8 KiB.
    #[response(status = 414, content_type = "application/problem+json")]
    UriTooLong(ProblemDetails),
    /// The client sent more requests than its rate allows (never for `/healthz` and
    /// `/readyz`): retry after `Retry-After` seconds.
    #[response(
        status = 429,
        content_type = "application/problem+json",
        headers(("Retry-After" = u64, description = "Seconds to wait"))
    )]
    TooManyRequests(ProblemDetails),
    /// The request headers are larger than the server reads.
    #[response(status = 431, content_type = "application/problem+json")]
    HeadersTooLarge(ProblemDetails),
    /// The server is shutting down (`/readyz`), or has too many connections (not for
    /// `/healthz` and `/readyz`, which a reserve of connections keeps answering).
    #[response(
        status = 503,
        content_type = "application/problem+json",
        headers(("Retry-After" = u64, description = "Seconds to wait"))
    )]
    Busy(ProblemDetails),
}
