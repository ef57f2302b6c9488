//! The service's operations, independent of HTTP: read a puzzle in any of its formats, then
//! solve, rate, check, generate or convert it. Each returns a plain serializable report; the
//! CLI prints them and the HTTP layer sends them.

use std::collections::BTreeMap;
use std::fmt;

use serde::Serialize;
use serde_json::Value;

use crate::core::hint::Hint;
use crate::core::puzzlink;
use crate::core::{
    Budget, Deduction, GenerateError, GenerateParams, GenerationStats, InputError, Level, Location,
    Rating, Shape, Stop, TargetLevel,
};
use crate::genres::{dispatch, Genre, GenreId, GenreVisitor};

/// Where a puzzle comes from.
#[derive(Clone, Copy, Debug)]
pub enum PuzzleSource<'a> {
    /// The genre's JSON puzzle object (`{"grid": [...]}` for Kakuro).
    Json { genre: GenreId, puzzle: &'a Value },
    /// An ID such as `kakuro:3x3:DbAb/4.6.3.7`; the genre is its prefix.
    Id(&'a str),
    /// The genre's text format; the genre comes from the argument, else from a `genre:` line,
    /// else it is Kakuro.
    Text {
        genre: Option<GenreId>,
        text: &'a str,
    },
    /// A puzz.link URL such as `https://puzz.link/p?kakuro/6/5/...`; the genre is in it.
    Url(&'a str),
}

/// Why an operation gave no report.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ApiError {
    /// The input is malformed, breaks the structure rules or is outside the limits.
    Input(InputError),
    /// The step budget ran out, or the work was cancelled or timed out.
    Stopped(Stop),
}

impl fmt::Display for ApiError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ApiError::Input(error) => write!(f, "{error}"),
            ApiError::Stopped(stop) => write!(f, "{stop}"),
        }
    }
}

impl std::error::Error for ApiError {}

impl From<InputError> for ApiError {
    fn from(error: InputError) -> ApiError {
        ApiError::Input(error)
    }
}

impl From<GenerateError> for ApiError {
    fn from(error: GenerateError) -> ApiError {
        match error {
            GenerateError::Input(error) => ApiError::Input(error),
            GenerateError::Stopped(stop) => ApiError::Stopped(stop),
        }
    }
}

/// Reads a genre name, as an input error.
pub fn genre_named(name: &str) -> Result<GenreId, InputError> {
    name.parse().map_err(|message: String| {
        InputError::new(
            crate::core::InputErrorKind::Limits,
            Location::Input,
            message,
        )
    })
}

/// The genre a source is in.
pub fn genre_of(source: &PuzzleSource) -> Result<GenreId, InputError> {
    match *source {
        PuzzleSource::Json { genre, .. }
        | PuzzleSource::Text {
            genre: Some(genre), ..
        } => Ok(genre),
        PuzzleSource::Id(id) => {
            let prefix = id.trim().split(':').next().unwrap_or("");
            genre_named(prefix).map_err(|_| {
                InputError::syntax(
                    Location::Id { position: 1 },
                    format!(
                        "an ID starts with its genre and ':', such as 'kakuro:'; found '{prefix}'"
                    ),
                )
            })
        }
        PuzzleSource::Url(url) => {
            let parts = puzzlink::split(url)?;
            parts.genre.parse().map_err(|message: String| {
                InputError::new(
                    crate::core::InputErrorKind::Limits,
                    parts.genre_at(),
                    message,
                )
            })
        }
        PuzzleSource::Text { genre: None, text } => {
            for line in text.lines() {
                let line = line.trim();
                if line.is_empty() {
                    continue;
                }
                if let Some((key, value)) = line.split_once(':') {
                    if key.trim().eq_ignore_ascii_case("genre") {
                        return genre_named(value.trim());
                    }
                }
                break;
            }
            Ok(GenreId::Kakuro)
        }
    }
}

fn parse<G: Genre>(source: &PuzzleSource) -> Result<G::Puzzle, InputError> {
    match *source {
        PuzzleSource::Json { puzzle, .. } => G::parse_json(puzzle),
        PuzzleSource::Id(id) => G::parse_id(id),
        PuzzleSource::Text { text, .. } => G::parse_text(text),
        PuzzleSource::Url(url) => G::parse_url(url),
    }
}

/// A puzzle in every format.
#[cfg_attr(feature = "server", derive(utoipa::ToSchema))]
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PuzzleForms {
    pub genre: &'static str,
    pub id: String,
    pub text: String,
    #[cfg_attr(feature = "server", schema(value_type = crate::http::routes::PuzzleObjectSchema))]
    pub puzzle: Value,
    /// The puzz.link URL, for a genre puzz.link has and a puzzle it can show (Kakuro whose
    /// first row and column hold only blocks).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub url: Option<String>,
}

fn forms<G: Genre>(puzzle: &G::Puzzle) -> PuzzleForms {
    PuzzleForms {
        genre: G::NAME,
        id: G::to_id(puzzle),
        text: G::to_text(puzzle),
        puzzle: G::to_json(puzzle),
        url: G::to_url(puzzle),
    }
}

/// Reads a puzzle and writes it in every format.
pub fn convert(source: &PuzzleSource) -> Result<PuzzleForms, ApiError> {
    struct Convert<'a>(&'a PuzzleSource<'a>);
    impl GenreVisitor for Convert<'_> {
        type Output = Result<PuzzleForms, ApiError>;
        fn visit<G: Genre>(self) -> Self::Output {
            Ok(forms::<G>(&parse::<G>(self.0)?))
        }
    }
    dispatch(genre_of(source)?, Convert(source))
}

/// The letter mapping among a genre's solution fields (cryptic Kakuro).
fn letters_field(fields: &serde_json::Map<String, Value>) -> Option<BTreeMap<String, u8>> {
    fields
        .get("letters")
        .and_then(|v| serde_json::from_value(v.clone()).ok())
}

/// The encrypted value among a genre's solution fields (cryptic Kakuro).
fn encrypted_field(fields: &serde_json::Map<String, Value>) -> Option<String> {
    fields
        .get("encrypted")
        .and_then(Value::as_str)
        .map(str::to_string)
}

/// What the solver found.
#[cfg_attr(feature = "server", derive(utoipa::ToSchema))]
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SolveReport {
    pub genre: &'static str,
    /// Solutions found, never more than the limit.
    pub count: usize,
    /// True when the puzzle is proven to have exactly one solution.
    pub unique: bool,
    /// False when the budget ran out before the search finished.
    pub complete: bool,
    /// The solutions found, as answer rows.
    pub solutions: Vec<Vec<String>>,
    /// Budget steps used.
    pub steps: u64,
    /// Cryptic Kakuro: the digit of each letter A-J in the first solution.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub letters: Option<BTreeMap<String, u8>>,
    /// Cryptic Kakuro: the digits of A to J in the first solution, as a string of ten digits.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "server", schema(example = "8426039571"))]
    pub encrypted: Option<String>,
}

/// Solves a puzzle, looking for up to `limit` solutions.
pub fn solve(
    source: &PuzzleSource,
    limit: usize,
    budget: &mut Budget,
) -> Result<SolveReport, ApiError> {
    struct Solve<'a, 'b>(&'a PuzzleSource<'a>, usize, &'b mut Budget);
    impl GenreVisitor for Solve<'_, '_> {
        type Output = Result<SolveReport, ApiError>;
        fn visit<G: Genre>(self) -> Self::Output {
            let puzzle = parse::<G>(self.0)?;
            let outcome = G::solve(&puzzle, self.1, self.2);
            if let Some(stop @ (Stop::Cancelled | Stop::DeadlineExceeded)) = outcome.stopped {
                return Err(ApiError::Stopped(stop));
            }
            let fields = outcome
                .solutions
                .first()
                .map(G::solution_fields)
                .unwrap_or_default();
            Ok(SolveReport {
                genre: G::NAME,
                count: outcome.count(),
                unique: outcome.unique(),
                complete: outcome.complete,
                solutions: outcome.solutions.iter().map(G::solution_rows).collect(),
                steps: outcome.steps,
                letters: letters_field(&fields),
                encrypted: encrypted_field(&fields),
            })
        }
    }
    dispatch(genre_of(source)?, Solve(source, limit.max(1), budget))
}

/// A human-technique rating.
#[cfg_attr(feature = "server", derive(utoipa::ToSchema))]
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct RateReport {
    pub genre: &'static str,
    /// The hardest level needed, or `beyond_expert` when the techniques could not finish.
    pub level: Level,
    /// True when the puzzle has exactly one solution (checked by the exact solver).
    pub unique: bool,
    /// False when the budget ran out; `level` is then only the hardest level seen so far.
    pub complete: bool,
    /// True when the techniques filled every cell.
    pub solved: bool,
    /// How often each technique was used.
    pub techniques: BTreeMap<&'static str, u32>,
    /// Every deduction in order.
    pub deductions: Vec<Deduction>,
    pub profile: &'static str,
    pub profile_version: u32,
    pub steps: u64,
}

fn rate_report<G: Genre>(rating: Rating, unique: bool) -> RateReport {
    RateReport {
        genre: G::NAME,
        // Interim, until the report carries an unknown level: an unfinished rating has none.
        level: rating.level().unwrap_or(Level::BeyondExpert),
        unique,
        complete: rating.complete(),
        solved: rating.solved,
        techniques: rating.techniques,
        deductions: rating.deductions,
        profile: G::RATER_PROFILE.0,
        profile_version: G::RATER_PROFILE.1,
        steps: rating.steps,
    }
}

/// Rates a puzzle, and proves whether it is unique.
pub fn rate(source: &PuzzleSource, budget: &mut Budget) -> Result<RateReport, ApiError> {
    struct Rate<'a, 'b>(&'a PuzzleSource<'a>, &'b mut Budget);
    impl GenreVisitor for Rate<'_, '_> {
        type Output = Result<RateReport, ApiError>;
        fn visit<G: Genre>(self) -> Self::Output {
            let puzzle = parse::<G>(self.0)?;
            let outcome = G::solve(&puzzle, 2, self.1);
            let rating = G::rate(&puzzle, self.1);
            self.1.check_cancelled().map_err(ApiError::Stopped)?;
            Ok(rate_report::<G>(rating, outcome.unique()))
        }
    }
    dispatch(genre_of(source)?, Rate(source, budget))
}

/// The checker's verdict on an answer.
#[cfg_attr(feature = "server", derive(utoipa::ToSchema))]
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct CheckReport {
    pub genre: &'static str,
    /// True when the answer is complete and breaks no rule.
    pub solved: bool,
    /// Every broken rule instance (with unmarked cells made empty first when `finish`).
    #[cfg_attr(feature = "server", schema(value_type = Vec<crate::http::routes::ViolationSchema>))]
    pub violations: Vec<Value>,
}

/// Checks an answer (rows of the answer format) against a puzzle.
pub fn check(
    source: &PuzzleSource,
    answer: &[String],
    finish: bool,
) -> Result<CheckReport, ApiError> {
    struct Check<'a>(&'a PuzzleSource<'a>, &'a [String], bool);
    impl GenreVisitor for Check<'_> {
        type Output = Result<CheckReport, ApiError>;
        fn visit<G: Genre>(self) -> Self::Output {
            let puzzle = parse::<G>(self.0)?;
            let answer = G::parse_answer(&puzzle, self.1)?;
            let violations = G::check(&puzzle, &answer, self.2)?;
            let solved = if self.2 {
                violations.is_empty()
            } else {
                G::check(&puzzle, &answer, true)?.is_empty()
            };
            Ok(CheckReport {
                genre: G::NAME,
                solved,
                violations: violations
                    .iter()
                    .map(|v| serde_json::to_value(v).unwrap_or(Value::Null))
                    .collect(),
            })
        }
    }
    dispatch(genre_of(source)?, Check(source, answer, finish))
}

/// A hint for a player's answer (see [`crate::core::hint`]).
#[cfg_attr(feature = "server", derive(utoipa::ToSchema))]
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct HintReport {
    pub genre: &'static str,
    #[serde(flatten)]
    pub hint: Hint,
    /// Budget steps used (the uniqueness proof included).
    pub steps: u64,
}

/// The next hint for a player's answer (rows of the answer format): the first wrong mark, or
/// the rater's next placement from the position. The puzzle must have exactly one solution.
pub fn hint(
    source: &PuzzleSource,
    answer: &[String],
    budget: &mut Budget,
) -> Result<HintReport, ApiError> {
    struct HintFor<'a, 'b>(&'a PuzzleSource<'a>, &'a [String], &'b mut Budget);
    impl GenreVisitor for HintFor<'_, '_> {
        type Output = Result<HintReport, ApiError>;
        fn visit<G: Genre>(self) -> Self::Output {
            let start = self.2.used();
            let puzzle = parse::<G>(self.0)?;
            let answer = G::parse_answer(&puzzle, self.1)?;
            let solution = only_solution::<G>(&puzzle, self.2)?;
            let hint = G::hint(&puzzle, &answer, &solution, self.2)?;
            Ok(HintReport {
                genre: G::NAME,
                hint,
                steps: self.2.used() - start,
            })
        }
    }
    dispatch(genre_of(source)?, HintFor(source, answer, budget))
}

/// What a drawing of a puzzle writes into its cells.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RenderFill<'a> {
    /// Nothing: the puzzle as it is printed for solving.
    Blank,
    /// A player's answer (rows of the answer format), checked, its violations highlighted.
    Answer(&'a [String]),
    /// The puzzle's one solution.
    Solution,
}

impl<'a> RenderFill<'a> {
    /// The answer when there is one, else the solution when asked for, else nothing. Callers
    /// refuse an answer together with a request for the solution before they get here.
    pub fn new(answer: Option<&'a [String]>, solution: bool) -> RenderFill<'a> {
        match (answer, solution) {
            (Some(rows), _) => RenderFill::Answer(rows),
            (None, true) => RenderFill::Solution,
            (None, false) => RenderFill::Blank,
        }
    }
}

/// Draws a puzzle as a printable SVG document: blank, or filled with an answer (checked as
/// [`check`] does with `finish`, each violation highlighted) or with the solution (found under
/// the budget; a puzzle without exactly one solution is an error).
pub fn render(
    source: &PuzzleSource,
    fill: RenderFill,
    finish: bool,
    budget: &mut Budget,
) -> Result<String, ApiError> {
    struct Render<'a, 'b>(&'a PuzzleSource<'a>, RenderFill<'a>, bool, &'b mut Budget);
    impl GenreVisitor for Render<'_, '_> {
        type Output = Result<String, ApiError>;
        fn visit<G: Genre>(self) -> Self::Output {
            let Render(source, fill, finish, budget) = self;
            let puzzle = parse::<G>(source)?;
            match fill {
                RenderFill::Blank => Ok(G::render_svg(&puzzle, None, &[])),
                RenderFill::Answer(rows) => {
                    let answer = G::parse_answer(&puzzle, rows)?;
                    let violations = G::check(&puzzle, &answer, finish)?;
                    Ok(G::render_svg(&puzzle, Some(&answer), &violations))
                }
                RenderFill::Solution => {
                    let solution = only_solution::<G>(&puzzle, budget)?;
                    let answer = G::parse_answer(&puzzle, &G::solution_rows(&solution))?;
                    Ok(G::render_svg(&puzzle, Some(&answer), &[]))
                }
            }
        }
    }
    dispatch(genre_of(source)?, Render(source, fill, finish, budget))
}

/// The puzzle's one solution; an error when the search stopped or found none or several.
fn only_solution<G: Genre>(
    puzzle: &G::Puzzle,
    budget: &mut Budget,
) -> Result<G::Solution, ApiError> {
    let mut outcome = G::solve(puzzle, 2, budget);
    if !outcome.complete {
        return Err(ApiError::Stopped(
            outcome.stopped.unwrap_or(Stop::Exhausted),
        ));
    }
    let not_unique = |message: &str| {
        InputError::new(
            crate::core::InputErrorKind::NotUnique,
            Location::Input,
            message,
        )
    };
    match outcome.solutions.len() {
        1 => Ok(outcome.solutions.remove(0)),
        0 => Err(not_unique("the puzzle has no solution").into()),
        _ => Err(not_unique(
            "the puzzle has more than one solution; drawing the solution and hints need exactly one (solving lists them)",
        )
        .into()),
    }
}

/// A generated puzzle with its solution, rating and provenance.
#[cfg_attr(feature = "server", derive(utoipa::ToSchema))]
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct GenerateReport {
    pub genre: &'static str,
    pub id: String,
    #[cfg_attr(feature = "server", schema(value_type = crate::http::routes::PuzzleObjectSchema))]
    pub puzzle: Value,
    pub text: String,
    /// The puzz.link URL (Kakuro).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub url: Option<String>,
    pub solution: Vec<String>,
    pub level: Level,
    pub shape: String,
    pub seed: u64,
    pub generator_version: u32,
    pub rating: RateReport,
    pub stats: GenerationStats,
    /// Cryptic Kakuro: the secret digit of each letter A-J.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub letters: Option<BTreeMap<String, u8>>,
    /// Cryptic Kakuro: the digits of A to J as a string of ten digits.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub encrypted: Option<String>,
}

/// What to generate; the shape defaults per genre.
#[derive(Clone, Copy, Debug)]
pub struct GenerateRequest {
    pub genre: GenreId,
    pub shape: Option<Shape>,
    pub level: TargetLevel,
    pub seed: u64,
}

/// Generates a puzzle.
pub fn generate(
    request: &GenerateRequest,
    budget: &mut Budget,
) -> Result<GenerateReport, ApiError> {
    struct Generate<'a, 'b>(&'a GenerateRequest, &'b mut Budget);
    impl GenreVisitor for Generate<'_, '_> {
        type Output = Result<GenerateReport, ApiError>;
        fn visit<G: Genre>(self) -> Self::Output {
            let shape = self.0.shape.unwrap_or(G::DEFAULT_SHAPE);
            let (min, max) = G::SHAPE_LIMITS;
            shape.check_within(min, max, G::NAME)?;
            let params = GenerateParams {
                shape,
                level: self.0.level,
                seed: self.0.seed,
            };
            let start = std::time::Instant::now();
            let mut generated = G::generate(&params, self.1)?;
            generated.stats.elapsed_ms = start.elapsed().as_millis() as u64;
            let forms = forms::<G>(&generated.puzzle);
            let fields = G::solution_fields(&generated.solution);
            Ok(GenerateReport {
                genre: G::NAME,
                id: forms.id,
                puzzle: forms.puzzle,
                text: forms.text,
                url: forms.url,
                solution: G::solution_rows(&generated.solution),
                level: generated.rating.level().unwrap_or(Level::BeyondExpert),
                shape: shape.to_string(),
                seed: generated.seed,
                generator_version: generated.generator_version,
                rating: rate_report::<G>(generated.rating, true),
                stats: generated.stats,
                letters: letters_field(&fields),
                encrypted: encrypted_field(&fields),
            })
        }
    }
    dispatch(request.genre, Generate(request, budget))
}

/// Names and defaults of the registered genres.
#[cfg_attr(feature = "server", derive(utoipa::ToSchema))]
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct GenreInfo {
    pub name: &'static str,
    pub default_shape: String,
    pub min_side: usize,
    pub max_side: usize,
    pub generator_version: u32,
    pub profile: &'static str,
}

pub fn genres() -> Vec<GenreInfo> {
    struct Info;
    impl GenreVisitor for Info {
        type Output = GenreInfo;
        fn visit<G: Genre>(self) -> GenreInfo {
            GenreInfo {
                name: G::NAME,
                default_shape: G::DEFAULT_SHAPE.to_string(),
                min_side: G::SHAPE_LIMITS.0,
                max_side: G::SHAPE_LIMITS.1,
                generator_version: G::GENERATOR_VERSION,
                profile: G::RATER_PROFILE.0,
            }
        }
    }
    GenreId::ALL.iter().map(|&id| dispatch(id, Info)).collect()
}

/// A request body or file that names a puzzle: `{"genre": ..., "puzzle": {...}}`,
/// `{"id": "kakuro:..."}`, `{"genre": ..., "text": "..."}` or `{"url": "https://puzz.link/..."}`.
#[derive(Clone, Debug, Default, PartialEq, serde::Deserialize)]
pub struct PuzzleBody {
    pub genre: Option<String>,
    pub puzzle: Option<Value>,
    pub id: Option<String>,
    pub text: Option<String>,
    pub url: Option<String>,
}

/// `source` when it is in `genre` (or no genre is named); an ID or URL names its own.
fn in_genre<'a>(
    source: PuzzleSource<'a>,
    genre: Option<GenreId>,
    what: &str,
    at: Location,
) -> Result<PuzzleSource<'a>, InputError> {
    match genre {
        Some(genre) if genre_of(&source)? != genre => Err(InputError::syntax(
            at,
            format!("the {what} is not a {genre} {what}"),
        )),
        _ => Ok(source),
    }
}

impl PuzzleBody {
    /// Where the puzzle is; exactly one of `puzzle`, `id`, `text` and `url` must be given.
    pub fn source(&self) -> Result<PuzzleSource<'_>, InputError> {
        let genre = self.genre.as_deref().map(genre_named).transpose()?;
        match (&self.puzzle, &self.id, &self.text, &self.url) {
            (Some(puzzle), None, None, None) => {
                let genre = genre.ok_or_else(|| {
                    InputError::syntax(Location::Input, "\"genre\" is required with \"puzzle\"")
                })?;
                Ok(PuzzleSource::Json { genre, puzzle })
            }
            (None, Some(id), None, None) => {
                in_genre(PuzzleSource::Id(id), genre, "ID", Location::Id { position: 1 })
            }
            (None, None, Some(text), None) => Ok(PuzzleSource::Text { genre, text }),
            (None, None, None, Some(url)) => {
                let at = puzzlink::split(url)?.genre_at();
                in_genre(PuzzleSource::Url(url), genre, "URL", at)
            }
            _ => Err(InputError::syntax(
                Location::Input,
                "give the puzzle as exactly one of \"puzzle\" (with \"genre\"), \"id\", \"text\" or \"url\"",
            )),
        }
    }
}

/// Reads a puzzle from a file's content: a JSON body (see [`PuzzleBody`]), a puzz.link URL, an
/// ID, or text.
pub fn source_from_content<'a>(
    content: &'a str,
    genre: Option<GenreId>,
    body: &'a mut Option<PuzzleBody>,
) -> Result<PuzzleSource<'a>, InputError> {
    let trimmed = content.trim();
    if trimmed.starts_with('{') {
        let parsed: PuzzleBody = serde_json::from_str(trimmed).map_err(|e| {
            InputError::syntax(
                Location::Text {
                    line: e.line(),
                    column: e.column(),
                },
                format!("not a puzzle JSON document: {e}"),
            )
        })?;
        let parsed = body.insert(parsed);
        if parsed.genre.is_none() {
            if let Some(genre) = genre {
                parsed.genre = Some(genre.name().to_string());
            }
        }
        return parsed.source();
    }
    if puzzlink::is_url(trimmed) {
        return Ok(PuzzleSource::Url(trimmed));
    }
    let first = trimmed.lines().next().unwrap_or("");
    if let Some((prefix, _)) = first.split_once(':') {
        if !first.contains(char::is_whitespace) && genre_named(prefix).is_ok() {
            return Ok(PuzzleSource::Id(trimmed));
        }
    }
    Ok(PuzzleSource::Text {
        genre,
        text: content,
    })
}
