//! Generating a puzzle: the request (a query string or a JSON body), the report, and the seed
//! a request without one gets.

use std::time::{Instant, SystemTime, UNIX_EPOCH};

use serde::{Deserialize, Serialize};

use super::puzzle::{solution_extra, PuzzleForms, RateReport};
use super::request::{check_budget, seed_in_range};
use super::source::wire_genre;
use super::{Operation, MAX_SEED};
use crate::core::{
    Budget, Error, GenerateParams, GenerationStats, InputError, Level, Shape, TargetLevel,
};
use crate::genres::{
    dispatch, AnyPuzzleObject, AnySolutionExtra, GenreId, GenreVisitor, Registered,
};

/// What to generate (query string or JSON body; the body's fields win).
#[cfg_attr(
    feature = "server",
    derive(utoipa::ToSchema, utoipa::IntoParams),
    schema(as = GenerateParameters),
    into_params(parameter_in = Query)
)]
#[derive(Clone, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GenerateRequest {
    /// The genre. Required (in the query string or the body).
    #[cfg_attr(
        feature = "server",
        schema(value_type = Option<GenreId>),
        param(value_type = Option<GenreId>)
    )]
    pub genre: Option<String>,
    /// `<rows>x<cols>`; the genre's default when absent. Each genre has its own limits (`GET
    /// /genres` lists both); a shape outside them is a 422.
    #[cfg_attr(
        feature = "server",
        schema(pattern = "^[0-9]{1,3}x[0-9]{1,3}$", example = "8x8"),
        param(pattern = "^[0-9]{1,3}x[0-9]{1,3}$")
    )]
    pub shape: Option<String>,
    /// `easy`, `medium`, `hard`, `expert` or `any` (the default). A shape too small for the
    /// level (a 4x4 grid cannot be hard) is a 422.
    #[cfg_attr(
        feature = "server",
        schema(value_type = Option<TargetLevel>, example = "expert"),
        param(value_type = Option<TargetLevel>)
    )]
    pub level: Option<String>,
    /// The seed, 0 to 2^63-1; random when absent. The same genre, shape, level, seed and
    /// generator version always give the same puzzle.
    #[serde(default, deserialize_with = "seed_in_range")]
    #[cfg_attr(
        feature = "server",
        schema(minimum = 0, maximum = 9223372036854775807_i64, example = 42),
        param(minimum = 0, maximum = 9223372036854775807_i64)
    )]
    pub seed: Option<u64>,
    /// Step budget, 1 to 10^12 (a 422 outside): a request may ask for less than the
    /// server's generation budget, never for more. Running out is a 422 saying how far it got.
    #[serde(default)]
    #[cfg_attr(
        feature = "server",
        schema(minimum = 1, maximum = 1000000000000_i64),
        param(minimum = 1, maximum = 1000000000000_i64)
    )]
    pub budget: Option<u64>,
}

impl GenerateRequest {
    /// A request for a puzzle of `genre` at `level` from `seed`, of `shape` or the genre's
    /// default shape.
    pub fn new(
        genre: GenreId,
        shape: Option<Shape>,
        level: TargetLevel,
        seed: u64,
    ) -> GenerateRequest {
        GenerateRequest {
            genre: Some(genre.name().to_string()),
            shape: shape.map(|shape| shape.to_string()),
            level: Some(level.name().to_string()),
            seed: Some(seed),
            budget: None,
        }
    }

    /// These fields, with the ones absent taken from `fallback` (a body over its query string).
    pub fn or(self, fallback: GenerateRequest) -> GenerateRequest {
        GenerateRequest {
            genre: self.genre.or(fallback.genre),
            shape: self.shape.or(fallback.shape),
            level: self.level.or(fallback.level),
            seed: self.seed.or(fallback.seed),
            budget: self.budget.or(fallback.budget),
        }
    }
}

/// A request's parameters, read: each name checked against what exists.
struct Parameters {
    genre: GenreId,
    shape: Option<Shape>,
    level: TargetLevel,
}

impl Parameters {
    fn of(request: &GenerateRequest) -> Result<Parameters, Error> {
        let genre = request
            .genre
            .as_deref()
            .ok_or_else(|| Error::request(format!("`genre` is required: {}", GenreId::names())))?;
        let shape = request.shape.as_deref().map(wire_shape).transpose()?;
        let level = wire_level(request.level.as_deref().unwrap_or("any"))?;
        Ok(Parameters {
            genre: wire_genre(genre)?,
            shape,
            level,
        })
    }
}

/// A shape as the document's pattern (`^[0-9]{1,3}x[0-9]{1,3}$`) allows it, nothing else:
/// the wire is strict where a text format may be lenient.
fn wire_shape(text: &str) -> Result<Shape, InputError> {
    let digits =
        |part: &str| (1..=3).contains(&part.len()) && part.bytes().all(|b| b.is_ascii_digit());
    match text.split_once('x') {
        Some((rows, cols)) if digits(rows) && digits(cols) => {
            text.parse::<Shape>().map_err(InputError::limits)
        }
        _ => Err(InputError::limits(format!(
            "shape '{text}' should be <rows>x<cols>: 1 to 3 digits each side of a lowercase x, \
             such as 8x8"
        ))),
    }
}

/// A level as the document's enum names it (lowercase).
fn wire_level(text: &str) -> Result<TargetLevel, InputError> {
    match text.parse::<TargetLevel>() {
        Ok(level) if level.name() == text => Ok(level),
        _ => Err(InputError::limits(format!(
            "unknown level '{text}': expected easy, medium, hard, expert or any (lowercase)"
        ))),
    }
}

/// A generated puzzle with its solution, rating and provenance.
#[cfg_attr(feature = "server", derive(utoipa::ToSchema))]
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct GenerateReport {
    /// The puzzle's genre.
    pub genre: GenreId,
    /// The puzzle's ID.
    pub id: String,
    /// The genre's JSON puzzle object.
    pub puzzle: AnyPuzzleObject,
    /// The genre's text format.
    pub text: String,
    /// The puzz.link URL, for a genre puzz.link has.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub url: Option<String>,
    /// The one solution, as answer rows.
    pub solution: Vec<String>,
    /// The level the rater finds (the level asked for, or one of them for `any`).
    pub level: Level,
    /// `<rows>x<cols>`.
    pub shape: String,
    /// The seed: with the genre, shape, level and generator version it makes this puzzle.
    pub seed: u64,
    /// The generator's version.
    pub generator_version: u32,
    /// The rating, as `/rate` gives it.
    pub rating: RateReport,
    /// How much work the generation took.
    pub stats: GenerationStats,
    /// The genre's fields of the solution, when it has any.
    #[serde(flatten)]
    #[cfg_attr(feature = "server", schema(value_type = AnySolutionExtra))]
    pub extra: Option<AnySolutionExtra>,
}

/// Generates a puzzle; a request without a seed gets a [`fresh_seed`].
pub fn generate(request: &GenerateRequest, budget: &mut Budget) -> Result<GenerateReport, Error> {
    struct Generate<'a> {
        shape: Option<Shape>,
        level: TargetLevel,
        seed: u64,
        budget: &'a mut Budget,
    }
    impl GenreVisitor for Generate<'_> {
        type Output = Result<GenerateReport, Error>;
        fn visit<G: Registered>(self) -> Self::Output {
            let shape = self.shape.unwrap_or(G::DEFAULT_SHAPE);
            let (min, max) = G::SHAPE_LIMITS;
            shape.check_within(min, max, G::NAME)?;
            let params = GenerateParams {
                shape,
                level: self.level,
                seed: self.seed,
            };
            let start = Instant::now();
            self.budget.set_stage("generating");
            let mut generated = G::generate(&params, self.budget)?;
            generated.stats.elapsed_ms = start.elapsed().as_millis() as u64;
            let forms = PuzzleForms::of::<G>(&generated.puzzle);
            Ok(GenerateReport {
                genre: G::ID,
                id: forms.id,
                puzzle: forms.puzzle,
                text: forms.text,
                url: forms.url,
                solution: G::solution_rows(&generated.solution),
                level: generated.rating.level,
                shape: shape.to_string(),
                seed: generated.seed,
                generator_version: generated.generator_version,
                extra: solution_extra::<G>(&generated.solution),
                rating: RateReport::of::<G>(generated.rating, true),
                stats: generated.stats,
            })
        }
    }
    let parameters = Parameters::of(request)?;
    let work = Generate {
        shape: parameters.shape,
        level: parameters.level,
        seed: request.seed.unwrap_or_else(fresh_seed),
        budget,
    };
    dispatch(parameters.genre, work)
}

/// Draws a seed for a request without one. It is not puzzle content, so the clock and a
/// counter do; it is at most [`MAX_SEED`], as a seed on the wire is.
pub fn fresh_seed() -> u64 {
    use std::sync::atomic::{AtomicU64, Ordering};
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let nanos = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64);
    let mut z = nanos ^ COUNTER.fetch_add(0x9E37_79B9_7F4A_7C15, Ordering::Relaxed);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (z ^ (z >> 31)) & MAX_SEED
}

impl Operation for GenerateRequest {
    type Report = GenerateReport;

    fn requested_budget(&self) -> Option<u64> {
        self.budget
    }

    fn generates(&self) -> bool {
        true
    }

    fn precheck(&self) -> Result<(), Error> {
        check_budget(self.budget)?;
        Parameters::of(self).map(drop)
    }

    fn run(&self, budget: &mut Budget) -> Result<GenerateReport, Error> {
        generate(self, budget)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_body_wins_over_its_query_string() {
        let query = GenerateRequest {
            genre: Some("a".into()),
            seed: Some(1),
            ..GenerateRequest::default()
        };
        let body = GenerateRequest {
            seed: Some(2),
            level: Some("easy".into()),
            ..GenerateRequest::default()
        };
        let merged = body.or(query);
        assert_eq!(merged.genre.as_deref(), Some("a"));
        assert_eq!(merged.seed, Some(2));
        assert_eq!(merged.level.as_deref(), Some("easy"));
    }

    #[test]
    fn a_request_without_a_genre_does_not_fit() {
        let error = generate(&GenerateRequest::default(), &mut Budget::new(1)).unwrap_err();
        assert!(matches!(error, Error::Request(_)), "{error:?}");
        assert!(error.to_string().contains(GenreId::DEFAULT.name()));
    }

    #[test]
    fn fresh_seeds_fit_the_wire() {
        assert!((0..100).map(|_| fresh_seed()).all(|seed| seed <= MAX_SEED));
    }
}
