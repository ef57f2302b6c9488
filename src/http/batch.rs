//! `/generate/batch`: one puzzle per seed, streamed in seed order as each is made, each seed
//! made once however often it is listed, and the whole batch under one deadline; and the
//! query strings of list parameters, which a booklet reads too.

use std::collections::HashMap;
use std::convert::Infallible;
use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::body::Body;
use axum::extract::{Query, RawQuery, State};
use axum::http::header::{CONTENT_TYPE, VARY};
use axum::http::{HeaderMap, Uri};
use axum::response::{IntoResponse, Response};

use super::answers::{self, Keep};
use super::extract::{wants, OptionalJson};
use super::pool::Entry;
use super::problem::ApiError;
use super::responses::{CommonErrors, PuzzleErrors};
use super::state::Admitted;
use super::AppState;
use crate::core::Error;
use crate::ops::{self, BatchLine, BatchRequest, GeneratePlan, ProblemDetails};

/// Generate a batch: one puzzle per seed, streamed in seed order.
///
/// The parameters of `/generate` (query string or JSON body, the body's fields win) with
/// either `seeds` (1 to 100 of them) or `count` (1 to 100) and an optional first `seed` (then
/// the seeds are `seed`, `seed`+1, ...; drawn when absent). The answer is one JSON array, one
/// element per seed, in order, each written as soon as its puzzle is made: the object
/// `/generate` answers, or for a seed whose generation failed its problem details with its
/// `seed` (the elements after it go on). A client that asks for `application/x-ndjson` gets
/// the same elements as NDJSON, one a line. A batch is one request of its client for its
/// whole life: it holds one of the client's slots until its last element is sent (a client
/// over its slots gets 429 with `Retry-After`), and each puzzle runs under the client's
/// budget (an API key's allowance). Each puzzle is one job on the worker pool, started only
/// when a worker is free behind the requests already waiting. The whole batch has one
/// deadline: the request deadline plus a tenth of it per puzzle (30 s + 3 s a puzzle by
/// default), each puzzle at most the request deadline; a seed not started by then, or after
/// the server began shutting down, gets its problem (504 `deadline-exceeded`, 503
/// `shutting-down`) as its element, so the answer always ends complete. A seed listed twice is
/// made once and its element written at each place. A client that disconnects stops the work.
/// **Each puzzle includes its solution** unless `solution=false`.
#[utoipa::path(
    post,
    path = "/generate/batch",
    tag = "puzzles",
    params(BatchRequest),
    request_body(content = Option<BatchRequest>, description = "Optional JSON body; its fields win over the query string (`seeds`, `count` and `seed` as one choice). Each of the two is checked on its own: a query parameter outside its schema is refused even where the body gives the field too. An empty body (whatever its content type) or `null` is no body."),
    responses(
        (status = 200, description = "One `BatchLine` per seed, in seed order: the puzzle as `/generate` answers it, or the seed's problem. A JSON array of them, streamed; with `Accept: application/x-ndjson`, NDJSON (one JSON object a line)",
            headers(("Vary" = String, description = "`Accept`: the representation depends on it")),
            content(
                (Vec<BatchLine> = "application/json"),
                (String = NDJSON),
            )
        ),
        PuzzleErrors,
        CommonErrors,
    )
)]
pub async fn batch(
    State(state): State<Arc<AppState>>,
    headers: HeaderMap,
    RawQuery(query): RawQuery,
    OptionalJson(body): OptionalJson<BatchRequest>,
) -> Result<Response, ApiError> {
    if state.shutting_down() {
        return Err(ApiError::ShuttingDown);
    }
    let query = batch_query(query.as_deref().unwrap_or(""))?;
    let plans: Vec<GeneratePlan> = ops::from_body_and_query(body, query)?
        .plan()?
        .generations()
        .collect();
    let array = !wants(&headers, NDJSON);
    let limit = batch_deadline(state.config.deadline, plans.len());
    let until = Instant::now() + limit;
    // The client's allowance (its key's budget) for every puzzle, made after this returns.
    let admitted = Admitted::current().unwrap_or_else(|| Admitted {
        allowance: state.clients.anonymous(),
        account: None,
        until,
    });
    let mut lines = BatchLines::new(plans, array);
    // The stream drives the work: when the client goes away the body, and with it the job
    // under way, is dropped, which cancels the job (see `Pool::run`).
    let stream = futures_util::stream::unfold(
        (state, lines.next_plan(), lines),
        move |(state, next, mut lines)| {
            let admitted = admitted.clone();
            async move {
                let (index, plan) = next?;
                let seed = plan.seed().unwrap_or_default();
                let line = match lines.made(seed) {
                    Some(line) => line,
                    None => make_line(&state, plan, &admitted, until, limit).await,
                };
                let text = lines.write(index, seed, line);
                let next = lines.next_plan();
                Some((Ok::<_, Infallible>(text), (state, next, lines)))
            }
        },
    );
    let content_type = if array { "application/json" } else { NDJSON };
    Ok((
        [(CONTENT_TYPE, content_type), (VARY, "accept")],
        Body::from_stream(stream),
    )
        .into_response())
}

/// How long a whole batch of `count` puzzles may take: the request deadline, and a tenth of it
/// more per puzzle (30 s + 3 s a puzzle by default: 5.5 min for 100). Each puzzle also has at
/// most the request deadline.
pub(crate) fn batch_deadline(deadline: Duration, count: usize) -> Duration {
    deadline + deadline / 10 * u32::try_from(count).unwrap_or(u32::MAX)
}

/// A deadline as a problem's detail names it: whole seconds as "11 s", less than a second as
/// "110 ms" (a server configured with a short deadline is told its own figure, not "0 s").
pub(crate) fn deadline_text(deadline: Duration) -> String {
    if deadline >= Duration::from_secs(1) && deadline.subsec_millis() == 0 {
        format!("{} s", deadline.as_secs())
    } else if deadline < Duration::from_secs(1) {
        format!("{} ms", deadline.as_millis())
    } else {
        format!("{:.1} s", deadline.as_secs_f64())
    }
}

/// One seed's line: made in turn behind other requests, under the client's allowance and
/// the earlier of the request deadline and the batch's; a seed the batch has no time left for
/// (or that a shutdown reached first) is not started, and its line says why.
async fn make_line(
    state: &Arc<AppState>,
    plan: GeneratePlan,
    admitted: &Admitted,
    until: Instant,
    limit: Duration,
) -> String {
    let seed = plan.seed().unwrap_or_default();
    let now = Instant::now();
    // A seed a shutdown reached first: its line says so, and which part of it.
    let shutting_down = |detail: &str| {
        failed(
            seed,
            ProblemDetails::new("shutting-down", "The server is shutting down", 503, detail),
        )
    };
    if state.shutting_down() {
        return shutting_down(
            "the server began shutting down before this seed was started; ask another instance \
             for it",
        );
    }
    if now >= until {
        return failed(
            seed,
            ProblemDetails::new(
                "deadline-exceeded",
                "The work did not finish in time",
                504,
                format!(
                    "the batch's deadline ({} for its puzzles) passed before this seed was \
                     started; ask for fewer puzzles or retry this seed",
                    deadline_text(limit)
                ),
            ),
        );
    }
    let line = admitted.until((now + state.config.deadline).min(until));
    // Shared with `/generate` and the daily puzzle (see `answers.rs`); a batch whose client
    // left stops its work, so its fill goes on only while someone waits for it. At the end of
    // the grace period the puzzle under way is given up (dropping the wait cancels a fill only
    // this batch waits for), so that the answer still ends complete.
    let made = tokio::select! {
        made = answers::answer(state, &plan, Some(line), Entry::InTurn, Keep::WhileWaitedFor) => made,
        () = state.grace_ended() => {
            return shutting_down(
                "the server's grace period for shutting down ended before this seed was made; \
                 ask another instance for it",
            );
        }
    };
    match made {
        Ok((answer, _)) => String::from_utf8_lossy(&answer.json(plan.with_solution())).into(),
        Err(problem) => failed(seed, problem.body()),
    }
}

/// The line of a seed that failed with `problem`.
fn failed(seed: u64, problem: ProblemDetails) -> String {
    BatchLine::failed(seed, problem).to_json()
}

/// A batch's plans in order and the lines it wrote: a seed listed again is made once, its line
/// kept until its last place.
struct BatchLines {
    plans: std::iter::Enumerate<std::vec::IntoIter<GeneratePlan>>,
    last: usize,
    /// Each seed's last place in the batch.
    last_place: HashMap<u64, usize>,
    /// Lines of seeds that come again.
    kept: HashMap<u64, String>,
    array: bool,
}

impl BatchLines {
    fn new(plans: Vec<GeneratePlan>, array: bool) -> BatchLines {
        let last_place = plans
            .iter()
            .enumerate()
            .map(|(index, plan)| (plan.seed().unwrap_or_default(), index))
            .collect();
        BatchLines {
            last: plans.len() - 1,
            plans: plans.into_iter().enumerate(),
            last_place,
            kept: HashMap::new(),
            array,
        }
    }

    fn next_plan(&mut self) -> Option<(usize, GeneratePlan)> {
        self.plans.next()
    }

    /// The line already made for `seed`, if it came before.
    fn made(&self, seed: u64) -> Option<String> {
        self.kept.get(&seed).cloned()
    }

    /// The text of the line at `index`, keeping it while its seed comes again.
    fn write(&mut self, index: usize, seed: u64, line: String) -> String {
        let text = if self.array {
            let open = if index == 0 { "[" } else { "," };
            let close = if index == self.last { "]\n" } else { "\n" };
            format!("{open}{line}{close}")
        } else {
            format!("{line}\n")
        };
        if self.last_place.get(&seed).is_some_and(|&last| last > index) {
            self.kept.insert(seed, line);
        } else {
            self.kept.remove(&seed);
        }
        text
    }
}

/// A batch's query string: see [`list_query`].
fn batch_query(query: &str) -> Result<BatchRequest, ApiError> {
    list_query(query, &["seeds"])
}

/// A generation request's query string whose fields `lists` are lists (a batch's `seeds`, a
/// booklet's `seeds` and `puzzles`). Each list is read in the three ways clients write an
/// array: repeated (`seeds=1&seeds=2`, the document's `style: form, explode: true`),
/// comma-separated (`seeds=1,2`) and repeated with brackets (`seeds[]=1&seeds[]=2`, as `qs`
/// and axios write it, the brackets plain or percent-encoded): the repetitions are joined
/// with commas first.
pub(crate) fn list_query<R: serde::de::DeserializeOwned>(
    query: &str,
    lists: &[&str],
) -> Result<R, ApiError> {
    let list_of = |pair: &str| {
        let name = pair.split('=').next().unwrap_or("");
        lists.iter().copied().find(|list| {
            let bracketed = format!("{list}%5b%5d");
            name == *list || name == format!("{list}[]") || name.eq_ignore_ascii_case(&bracketed)
        })
    };
    let mut pairs: Vec<String> = Vec::new();
    let mut joined: Vec<(&str, Vec<&str>)> = Vec::new();
    for pair in query.split('&').filter(|pair| !pair.is_empty()) {
        match list_of(pair) {
            Some(list) => {
                let value = pair.split_once('=').map_or("", |(_, value)| value);
                match joined.iter_mut().find(|(name, _)| *name == list) {
                    Some((_, values)) => values.push(value),
                    None => joined.push((list, vec![value])),
                }
            }
            None => pairs.push(pair.to_string()),
        }
    }
    pairs.extend(
        joined
            .into_iter()
            .map(|(list, values)| format!("{list}={}", values.join(","))),
    );
    let uri: Uri = format!("/?{}", pairs.join("&"))
        .parse()
        .map_err(|_| Error::request("the query string is not a valid URI query"))?;
    let Query(request) = Query::<R>::try_from_uri(&uri)?;
    Ok(request)
}

/// Newline-delimited JSON: one JSON object per line.
const NDJSON: &str = "application/x-ndjson";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn repeated_seeds_in_a_query_string_are_one_list() {
        let request = batch_query("genre=kakuro&seeds=3&count=&seeds=1%2C2&seeds=5").unwrap_err();
        assert!(matches!(request, ApiError::Operation(_)));
        let request = batch_query("seeds=3&genre=kakuro&seeds=1%2C2&seeds=5").unwrap();
        assert_eq!(request.options.seeds, Some(vec![3, 1, 2, 5]));
        assert_eq!(
            request.parameters.genre,
            Some(crate::genres::GenreId::Kakuro.into())
        );
        assert_eq!(batch_query("").unwrap(), BatchRequest::default());
        assert!(batch_query("seeds=1&seeds=x").is_err());
        for brackets in [
            "seeds[]=4&seeds[]=2",
            "seeds%5B%5D=4&seeds%5b%5d=2",
            "seeds[]=4,2",
        ] {
            assert_eq!(
                batch_query(brackets).unwrap().options.seeds,
                Some(vec![4, 2])
            );
        }
    }
}
