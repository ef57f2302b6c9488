//! Generating a puzzle: the request (a query string or a JSON body), the report, and the seed
//! a request without one gets.

use serde::{Deserialize, Serialize};

use super::puzzle::{solution_extra, PuzzleForms};
use super::rating::RateReport;
use super::request::{check_budget, seed_in_range, whole_number, BodyOverQuery};
use super::source::wire_genre;
use super::{Operation, MAX_FRESH_SEED};
use crate::core::{
    generate_in_range, Assessment, Budget, Descriptors, Error, GenerateParams, GenerationStats,
    InputError, Level, Score, ScoreRange, Shape, TargetLevel, Uniqueness, SCORE_VERSION,
};
use crate::genres::{
    dispatch, AnyPuzzleObject, AnySolutionExtra, GenreId, GenreVisitor, Registered,
};

/// The budget's stage while a puzzle is generated: a budget problem at this stage advises
/// another seed, since a generation's cost depends on its seed far more than on its shape.
pub(crate) const GENERATING: &str = "generating";

/// What to generate (query string or JSON body; the body's fields win).
#[cfg_attr(
    feature = "server",
    derive(utoipa::ToSchema, utoipa::IntoParams),
    schema(as = GenerateParameters),
    into_params(parameter_in = Query)
)]
#[derive(Clone, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(
    deny_unknown_fields,
    expecting = "a JSON object of generation parameters"
)]
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
    /// The seed, 0 to 2^63-1; random (and below 2^53, so that a JavaScript number holds it)
    /// when absent. The same genre, shape, level, seed and generator version always give the
    /// same puzzle. Seeds above 2^53 lose precision as JavaScript numbers: send them in the
    /// query string.
    #[serde(default, deserialize_with = "seed_in_range")]
    #[cfg_attr(
        feature = "server",
        schema(minimum = 0, maximum = 9223372036854775807_i64, example = 42),
        param(minimum = 0, maximum = 9223372036854775807_i64)
    )]
    pub seed: Option<u64>,
    /// Step budget, 1 to 10^12 (a 422 outside): a request may ask for less than the
    /// server's generation budget, never for more. Running out is a 422 saying how far it got.
    #[serde(default, deserialize_with = "whole_number")]
    #[cfg_attr(
        feature = "server",
        schema(minimum = 1, maximum = 1000000000000_i64),
        param(minimum = 1, maximum = 1000000000000_i64)
    )]
    pub budget: Option<u64>,
    /// The lowest score the puzzle may have, 1.0 to 10.0 with at most one decimal (scores are
    /// tenths: 5.25 is a 400, 2.3000000000000003 as a client computes 23 * 0.1 is 2.3); with
    /// `score_max`, a range that must meet the level's band (easy 1.0-2.9, medium 3.0-4.9,
    /// hard 5.0-6.9, expert 7.0-10.0) or the request is a 422. Candidates are generated in a
    /// fixed order from the seed and the first in range is the puzzle; none of 256 in range
    /// is a 422.
    // No `multipleOf: 0.1` in the schema: JSON Schema validators test it in binary floats,
    // where 2.3 / 0.1 is 22.999999999999996, and so refuse tenths the service takes (Python's
    // jsonschema does; schemathesis read the service's 200 for 2.3 as a forbidden value
    // accepted).
    #[cfg_attr(
        feature = "server",
        schema(value_type = Option<f64>, minimum = 1.0, maximum = 10.0, example = 5.5),
        param(value_type = Option<f64>, minimum = 1.0, maximum = 10.0)
    )]
    pub score_min: Option<Score>,
    /// The highest score the puzzle may have, 1.0 to 10.0 (one decimal); see `score_min`.
    #[cfg_attr(
        feature = "server",
        schema(value_type = Option<f64>, minimum = 1.0, maximum = 10.0, example = 6.9),
        param(value_type = Option<f64>, minimum = 1.0, maximum = 10.0)
    )]
    pub score_max: Option<Score>,
    /// Whether the report carries the solution (default true). With `false` it leaves out
    /// everything that gives the solution away: `solution`, the genre's solution fields
    /// (cryptic Kakuro's `letters` and `encrypted`) and the rating's `deductions` (their
    /// placements are the solution), which is then empty; the level and the technique counts
    /// stay. For a site that sends the report to its players.
    pub solution: Option<bool>,
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
            ..GenerateRequest::default()
        }
    }

    /// Whether the report is to carry the solution (the default).
    pub fn with_solution(&self) -> bool {
        self.solution.unwrap_or(true)
    }

    /// What the report of a seeded request depends on, as one string: the parameters
    /// resolved (the genre's default shape, level `any`), the seed, whether the solution is
    /// included, the generator's and rater profile's versions and this crate's version. Two
    /// requests with the same fingerprint get the same report, but for `stats.elapsed_ms`
    /// (so a cache validator made of it is a weak one). None for a request without a seed
    /// (its seed is drawn) or one that does not fit.
    pub fn fingerprint(&self) -> Option<String> {
        struct Fingerprint<'a>(&'a Parameters, u64, bool);
        impl GenreVisitor for Fingerprint<'_> {
            type Output = String;
            fn visit<G: Registered>(self) -> String {
                let Fingerprint(parameters, seed, with_solution) = self;
                // A score range picks another candidate: it is part of the key, with the
                // score's version that placed the candidates in it.
                let range = parameters
                    .range
                    .map_or_else(String::new, |range| format!("-r{range}"));
                format!(
                    "{}-{}-{}{range}-{seed}-{}-g{}-{}.{}-s{}-v{}",
                    G::NAME,
                    parameters.shape.unwrap_or(G::DEFAULT_SHAPE),
                    parameters.level.name(),
                    if with_solution { "s" } else { "p" },
                    G::GENERATOR_VERSION,
                    G::RATER_PROFILE.0,
                    G::RATER_PROFILE.1,
                    SCORE_VERSION,
                    env!("CARGO_PKG_VERSION"),
                )
            }
        }
        let seed = self.seed?;
        let parameters = Parameters::of(self).ok()?;
        Some(dispatch(
            parameters.genre,
            Fingerprint(&parameters, seed, self.with_solution()),
        ))
    }
}

/// A request's parameters, read: each name checked against what exists.
struct Parameters {
    genre: GenreId,
    shape: Option<Shape>,
    level: TargetLevel,
    range: Option<ScoreRange>,
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
            range: ScoreRange::for_level(request.score_min, request.score_max, level)?,
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

impl BodyOverQuery for GenerateRequest {
    fn check_given(&self) -> Result<(), Error> {
        check_budget(self.budget)?;
        if let Some(genre) = &self.genre {
            wire_genre(genre)?;
        }
        if let Some(shape) = &self.shape {
            wire_shape(shape)?;
        }
        if let Some(level) = &self.level {
            wire_level(level)?;
        }
        Ok(())
    }

    fn or(self, fallback: GenerateRequest) -> GenerateRequest {
        GenerateRequest {
            genre: self.genre.or(fallback.genre),
            shape: self.shape.or(fallback.shape),
            level: self.level.or(fallback.level),
            seed: self.seed.or(fallback.seed),
            budget: self.budget.or(fallback.budget),
            score_min: self.score_min.or(fallback.score_min),
            score_max: self.score_max.or(fallback.score_max),
            solution: self.solution.or(fallback.solution),
        }
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
    /// The one solution, as answer rows; absent when the request said `solution=false`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub solution: Option<Vec<String>>,
    /// The level the rater finds (the level asked for, or one of them for `any`).
    pub level: Level,
    /// The score, 1.0 to 10.0 within the level's band (as in `rating`).
    #[cfg_attr(
        feature = "server",
        schema(value_type = f64, minimum = 1.0, maximum = 10.0, example = 5.3)
    )]
    pub score: Score,
    /// The puzzle's size and openness (as in `rating`).
    pub descriptors: Descriptors,
    /// `<rows>x<cols>`.
    pub shape: String,
    /// The seed: with the genre, shape, level and generator version it makes this puzzle,
    /// without a score range.
    pub seed: u64,
    /// The seed of the request (drawn when it named none): with the same parameters and score
    /// range it makes this puzzle again. Without a score range it is `seed`; with one, `seed`
    /// is the candidate that scored in range.
    pub requested_seed: u64,
    /// The generator's version.
    pub generator_version: u32,
    /// The rating, as `/rate` gives it.
    pub rating: RateReport,
    /// How much work the generation took.
    pub stats: GenerationStats,
    /// The genre's fields of the solution, when it has any (and the solution is included).
    #[serde(flatten)]
    #[cfg_attr(feature = "server", schema(value_type = AnySolutionExtra))]
    pub extra: Option<AnySolutionExtra>,
}

impl GenerateReport {
    /// The report a request with `solution=false` gets: without what gives the solution away
    /// (`solution`, the genre's solution fields and the rating's deductions, whose placements
    /// are the solution); the level and the technique counts stay.
    pub fn without_solution(mut self) -> GenerateReport {
        self.solution = None;
        self.extra = None;
        self.rating.deductions.clear();
        self
    }
}

/// Generates a puzzle; a request without a seed gets a [`fresh_seed`].
pub fn generate(request: &GenerateRequest, budget: &mut Budget) -> Result<GenerateReport, Error> {
    struct Generate<'a> {
        shape: Option<Shape>,
        level: TargetLevel,
        range: Option<ScoreRange>,
        seed: u64,
        with_solution: bool,
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
            let start = crate::core::Stopwatch::start();
            self.budget.set_stage(GENERATING);
            let mut generated = match self.range {
                None => G::generate(&params, self.budget)?,
                Some(range) => {
                    generate_in_range(&params, range, self.budget, G::generate)?.generated
                }
            };
            generated.stats.elapsed_ms = start.elapsed_ms();
            // The generators keep only puzzles their rater finished at a level easy to
            // expert, and each of those has a score.
            let (level, score) = generated
                .rating
                .level()
                .zip(generated.rating.score())
                .expect("a generated puzzle is rated");
            let forms = PuzzleForms::of::<G>(&generated.puzzle);
            let descriptors = generated.rating.descriptors;
            let rating = RateReport::of::<G>(Assessment {
                steps: generated.rating.steps,
                rating: generated.rating,
                // The generators prove it.
                uniqueness: Uniqueness::Unique,
                solutions_found: 1,
            });
            let report = GenerateReport {
                genre: G::ID,
                id: forms.id,
                puzzle: forms.puzzle,
                text: forms.text,
                url: forms.url,
                solution: Some(G::solution_rows(&generated.solution)),
                level,
                score,
                descriptors,
                shape: shape.to_string(),
                seed: generated.seed,
                requested_seed: self.seed,
                generator_version: generated.generator_version,
                extra: solution_extra::<G>(&generated.solution),
                rating,
                stats: generated.stats,
            };
            Ok(if self.with_solution {
                report
            } else {
                report.without_solution()
            })
        }
    }
    let parameters = Parameters::of(request)?;
    let work = Generate {
        shape: parameters.shape,
        level: parameters.level,
        range: parameters.range,
        seed: request.seed.unwrap_or_else(fresh_seed),
        with_solution: request.with_solution(),
        budget,
    };
    dispatch(parameters.genre, work)
}

/// Draws a seed for a request without one. It is not puzzle content, so the clock and a
/// counter do; it is at most [`MAX_FRESH_SEED`] (below 2^53), so that every seed the service
/// hands out survives a JavaScript number (a seed a request names may go up to `MAX_SEED`).
pub fn fresh_seed() -> u64 {
    use std::sync::atomic::{AtomicU64, Ordering};
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let mut z = crate::core::clock::seed_noise()
        ^ COUNTER.fetch_add(0x9E37_79B9_7F4A_7C15, Ordering::Relaxed);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (z ^ (z >> 31)) & MAX_FRESH_SEED
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
    use crate::ops::from_body_and_query;

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
    fn a_field_out_of_its_schema_is_refused_even_where_the_other_source_gives_it() {
        let good = GenerateRequest {
            genre: Some(GenreId::DEFAULT.name().into()),
            shape: Some("6x6".into()),
            budget: Some(1_000),
            ..GenerateRequest::default()
        };
        let broken = [
            GenerateRequest {
                budget: Some(super::super::MAX_WIRE_BUDGET + 1),
                ..good.clone()
            },
            GenerateRequest {
                shape: Some("6 by 6".into()),
                ..good.clone()
            },
            GenerateRequest {
                genre: Some("Kakuro!".into()),
                ..good.clone()
            },
            GenerateRequest {
                level: Some("EASY".into()),
                ..good.clone()
            },
        ];
        for broken in broken {
            let as_query = from_body_and_query(Some(good.clone()), broken.clone());
            let as_body = from_body_and_query(Some(broken.clone()), good.clone());
            assert!(as_query.is_err() && as_body.is_err(), "{broken:?}");
        }
        let merged = from_body_and_query(None, good.clone()).unwrap();
        assert_eq!(merged, good);
    }

    #[test]
    fn a_request_without_a_genre_does_not_fit() {
        let error = generate(&GenerateRequest::default(), &mut Budget::new(1)).unwrap_err();
        assert!(matches!(error, Error::Request(_)), "{error:?}");
        assert!(error.to_string().contains(GenreId::DEFAULT.name()));
    }

    #[test]
    fn fresh_seeds_survive_a_javascript_number() {
        // A JavaScript number holds every integer up to 2^53 exactly.
        assert_eq!(MAX_FRESH_SEED, (1 << 53) - 1);
        let seeds: Vec<u64> = (0..1000).map(|_| fresh_seed()).collect();
        assert!(seeds.iter().all(|&seed| seed <= MAX_FRESH_SEED));
        assert!(seeds.iter().all(|&seed| (seed as f64) as u64 == seed));
        // Still spread over the range, not stuck in a corner of it.
        assert!(seeds.iter().any(|&seed| seed > MAX_FRESH_SEED / 2));
    }

    #[test]
    fn without_the_solution_nothing_gives_it_away() {
        let genre = GenreId::DEFAULT;
        let mut request = GenerateRequest::new(genre, None, TargetLevel::Any, 3);
        request.shape = Some("6x6".into());
        let full = generate(&request, &mut Budget::new(u64::MAX)).unwrap();
        request.solution = Some(false);
        let bare = generate(&request, &mut Budget::new(u64::MAX)).unwrap();
        assert!(full.solution.is_some() && !full.rating.deductions.is_empty());
        assert_eq!(bare.solution, None);
        assert!(bare.rating.deductions.is_empty());
        assert_eq!(bare.extra, None);
        assert_eq!(
            (bare.id, bare.rating.techniques),
            (full.id, full.rating.techniques)
        );
    }

    #[test]
    fn a_fingerprint_names_what_the_report_depends_on() {
        let genre = GenreId::DEFAULT;
        let request = GenerateRequest::new(genre, None, TargetLevel::Any, 7);
        let fingerprint = request.fingerprint().unwrap();
        assert!(
            fingerprint.starts_with(&format!("{genre}-")),
            "{fingerprint}"
        );
        let mut other_seed = request.clone();
        other_seed.seed = Some(8);
        let mut bare = request.clone();
        bare.solution = Some(false);
        let mut budget = request.clone();
        budget.budget = Some(5);
        assert_ne!(other_seed.fingerprint().unwrap(), fingerprint);
        assert_ne!(bare.fingerprint().unwrap(), fingerprint);
        let mut ranged = request.clone();
        ranged.score_min = Some("5.0".parse().unwrap());
        assert_ne!(ranged.fingerprint().unwrap(), fingerprint);
        // The budget changes whether a puzzle comes out, never which one.
        assert_eq!(budget.fingerprint().unwrap(), fingerprint);
        // The default shape written out is the same request.
        let mut shaped = request.clone();
        shaped.shape = Some(format!("{}", dispatch(genre, DefaultShape)));
        assert_eq!(shaped.fingerprint().unwrap(), fingerprint);
        let unseeded = GenerateRequest {
            seed: None,
            ..request
        };
        assert_eq!(unseeded.fingerprint(), None);
    }

    struct DefaultShape;
    impl GenreVisitor for DefaultShape {
        type Output = Shape;
        fn visit<G: Registered>(self) -> Shape {
            G::DEFAULT_SHAPE
        }
    }
}
