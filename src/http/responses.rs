//! The failure statuses each endpoint documents, beside the ones every puzzle operation has
//! (`PuzzleErrors` in `problem.rs`): each with its problem details body, so that a generated
//! client reads every status it can meet as a `Problem`.

use crate::ops::Problem;

/// What any endpoint can answer.
///
/// The HTTP edge's own statuses (408, 414, 429, 431 and its 503s) are documented where the
/// edge makes them; add each here once it answers with a problem body.
#[derive(utoipa::IntoResponses)]
#[allow(dead_code)]
pub enum CommonErrors {
    /// No such resource: a mistyped path, or a server of another version.
    #[response(status = 404, content_type = "application/problem+json")]
    NotFound(Problem),
    /// The path exists with other methods.
    #[response(status = 405, content_type = "application/problem+json")]
    MethodNotAllowed(Problem),
    /// A bug (a panic, caught and logged); the request is safe to retry.
    #[response(status = 500, content_type = "application/problem+json")]
    Internal(Problem),
}

/// What an operation read from the query string alone (no body) can answer.
#[derive(utoipa::IntoResponses)]
#[allow(dead_code)]
pub enum QueryErrors {
    /// Malformed parameters (with the one at fault).
    #[response(status = 400, content_type = "application/problem+json")]
    BadRequest(Problem),
    /// Well-formed but impossible: a value outside its limits (genre, level, shape, date),
    /// or the step budget ran out.
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

/// The answer to a conditional GET of a deterministic answer (one with an `ETag`).
#[derive(utoipa::IntoResponses)]
#[allow(dead_code)]
pub enum CacheStatuses {
    /// A GET (or HEAD) whose `If-None-Match` names the answer's `ETag`: the client's copy is
    /// the answer; no body.
    #[response(status = 304)]
    NotModified,
}

/// What a readiness probe answers when the server is not ready.
#[derive(utoipa::IntoResponses)]
#[allow(dead_code)]
pub enum NotReady {
    /// The server is shutting down: load balancers stop sending requests first.
    #[response(
        status = 503,
        content_type = "application/problem+json",
        headers(("Retry-After" = u64, description = "Seconds to wait"))
    )]
    ShuttingDown(Problem),
}
