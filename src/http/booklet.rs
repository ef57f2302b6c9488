//! `/booklet`: a book of puzzles (or a sheet, or a book's cover) as a print-ready PDF. Its
//! puzzles are made under a batch's rules, since a book is one request of its client for its
//! whole life: it holds one of the client's slots until its PDF is made (its work is done
//! before the answer starts, so the admission holds the slot until the handler returns), each
//! puzzle runs under the client's allowance, in turn behind other clients' requests (a made
//! puzzle is a seeded generation, shared with the answers kept: see `answers.rs`), and the
//! book has one deadline that grows with its count. The printing is a job on the worker pool
//! too. A client that goes away drops the handler, which cancels the job under way and starts
//! no other.

use std::sync::Arc;
use std::time::Instant;

use axum::extract::{RawQuery, State};
use axum::http::header::{CONTENT_DISPOSITION, CONTENT_TYPE};
use axum::response::{IntoResponse, Response};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::answers::{self, Keep};
use super::batch::{batch_deadline, deadline_text, list_query};
use super::extract::OptionalJson;
use super::metrics;
use super::pool::Entry;
use super::problem::ApiError;
use super::responses::{CommonErrors, PuzzleErrors};
use super::state::Admitted;
use super::AppState;
use crate::core::{Error, Stop};
use crate::ops::{self, first_places, BookletPlan, BookletRequest};
use crate::print::BookPuzzle;

/// The path, whose handler keeps its own deadline (see `server.rs`'s overall deadline).
pub(crate) const PATH: &str = "/booklet";

/// `/booklet`.
pub fn router() -> OpenApiRouter<Arc<AppState>> {
    OpenApiRouter::new().routes(routes!(booklet))
}

/// `/booklet`'s answer: a PDF document.
#[derive(utoipa::IntoResponses)]
#[allow(dead_code)]
enum Printed {
    /// The book (or sheet, or cover) as PDF/A-1b: gray only, DejaVu Sans embedded as subsets,
    /// a trim box on every page, a fixed date (the same request gives the same bytes).
    #[response(
        status = 200,
        content_type = "application/pdf",
        headers(("Content-Disposition" = String, description = "`inline; filename=\"booklet.pdf\"` (`cover.pdf` for a cover)"))
    )]
    Pdf(#[to_schema] ops::PdfDocument),
}

/// Print a puzzle book (or a sheet of puzzles, or a book's cover) as a print-ready PDF.
///
/// The puzzles are made as `/generate/batch` makes them (`genre`, `shape`, `level` or a score
/// range, and `seeds` or `count` from a first `seed`), or given (`puzzles`: IDs or puzzle
/// source objects, of any genres, each with exactly one solution). Query string, or a JSON
/// body whose fields win. `format=book` (the default) gives a title page, a copyright page,
/// a how-to-play page per genre, the puzzles numbered (each with its level, score and ID),
/// the solutions at the back and numbered Notes pages up to 24 pages, with KDP's paperback
/// rules kept (margins, the gutter by page count, text at least 7 pt, 16 pt in
/// `large_print`, lines at least 0.75 pt, no bleed); `format=sheet` the puzzles alone on as
/// few pages as fit. `cover=true` gives the book's cover instead: back, spine and front on one
/// page with 0.125 in bleed, the spine's width from the page count (KDP: white paper 0.002252
/// in a page, cream 0.0025). At most 100 puzzles. A book is one request of its client for its
/// whole life: it holds one of the client's slots until its PDF is made (a client over its
/// slots gets 429), each puzzle runs under the client's budget (an API key's allowance), in
/// turn behind other requests, and the book has one deadline, the request deadline plus a
/// tenth of it per puzzle (30 s + 3 s a puzzle by default). A puzzle that fails (its budget,
/// the deadline, a given puzzle without exactly one solution) fails the book with its
/// problem, whose detail names the puzzle. A layout that cannot keep the print minimums is a
/// 422 naming the limit and the largest `per_page` that fits. A client that disconnects
/// stops the work.
#[utoipa::path(
    post,
    path = "/booklet",
    tag = "puzzles",
    params(BookletRequest),
    request_body(content = Option<BookletRequest>, description = "Optional JSON body; its fields win over the query string (`seeds`, `count`, `seed` and `puzzles` as one choice). Each of the two is checked on its own. An empty body (whatever its content type) or `null` is no body."),
    responses(Printed, PuzzleErrors, CommonErrors)
)]
pub async fn booklet(
    State(state): State<Arc<AppState>>,
    RawQuery(query): RawQuery,
    OptionalJson(body): OptionalJson<BookletRequest>,
) -> Result<Response, ApiError> {
    if state.shutting_down() {
        return Err(ApiError::ShuttingDown);
    }
    let query: BookletRequest = list_query(query.as_deref().unwrap_or(""), &["seeds", "puzzles"])?;
    let plan: BookletPlan = ops::from_body_and_query(body, query)?.plan()?;
    let limit = batch_deadline(state.config.deadline, plan.count());
    let until = Instant::now() + limit;
    let admitted = Admitted::current().unwrap_or_else(|| Admitted {
        allowance: state.clients.anonymous(),
        account: None,
        until,
    });
    let layout = plan.layout.clone();
    let jobs = plan.jobs();
    let first = first_places(&jobs);
    let mut puzzles: Vec<BookPuzzle> = Vec::with_capacity(jobs.len());
    for (index, job) in jobs.into_iter().enumerate() {
        if first[index] < index {
            puzzles.push(puzzles[first[index]].clone());
            continue;
        }
        let now = Instant::now();
        if state.shutting_down() {
            return Err(ApiError::ShuttingDown);
        }
        if now >= until {
            return Err(ApiError::BookDeadline(format!(
                "the book's deadline ({} for its {} puzzles) passed before {} was started; \
                 ask for fewer puzzles, or easier ones",
                deadline_text(limit),
                first.len(),
                job.place
            )));
        }
        let place = job.place;
        let puzzle = admitted.until((now + state.config.deadline).min(until));
        // A made puzzle is a seeded generation: shared with `/generate`, `/daily` and batch
        // lines through the answers kept (see `answers.rs`); as a batch's line, its fill goes
        // on only while someone waits for it.
        let made = match job.generation() {
            Some(plan) => answers::answer(
                &state,
                plan,
                Some(puzzle),
                Entry::InTurn,
                Keep::WhileWaitedFor,
            )
            .await
            .map(|(answer, _)| answer.printed().clone())
            .map_err(|error| match error {
                ApiError::Operation(error) => ApiError::Operation(place.of(error)),
                other => other,
            }),
            None => state.run_in_turn(job, &puzzle).await.inspect(|made| {
                ::metrics::counter!(metrics::GENERATION_ATTEMPTS).increment(made.attempts);
            }),
        };
        let made = match made {
            Err(ApiError::Operation(Error::Stopped(Stop::DeadlineExceeded))) => {
                return Err(ApiError::BookDeadline(format!(
                    "{place} did not finish within its deadline (at most {} a puzzle, {} for \
                     the book); ask for easier puzzles",
                    deadline_text(state.config.deadline),
                    deadline_text(limit)
                )))
            }
            made => made?,
        };
        puzzles.push(made);
    }
    let cover = layout.cover;
    let printing = BookletPlan::printing(layout, puzzles);
    let pdf = state
        .run_in_turn(
            printing,
            &admitted.until(until.max(Instant::now() + state.config.deadline)),
        )
        .await?;
    let name = if cover { "cover.pdf" } else { "booklet.pdf" };
    Ok((
        [
            (CONTENT_TYPE, "application/pdf".to_string()),
            (CONTENT_DISPOSITION, format!("inline; filename=\"{name}\"")),
        ],
        pdf,
    )
        .into_response())
}
