//! Generating a puzzle: the request (a query string or a JSON body), the plan it is read into,
//! the report, and the seed a request without one gets.

use serde::{Deserialize, Serialize};

use super::parameters::{GenerationOptions, GenerationParameters, GenerationRequest};
use super::puzzle::{solution_extra, PuzzleForms};
use super::rating::RateReport;
use super::wire::Seed;
use super::{Operation, Plan, MAX_FRESH_SEED};
use crate::core::{
    generate_in_range, Assessment, Budget, Descriptors, Error, GenerateParams, GenerationStats,
    InputError, Level, Score, ScoreRange, Shape, Stage, TargetLevel, Uniqueness, SCORE_VERSION,
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
pub struct GenerateOptions {
    /// The seed, 0 to 2^63-1; random (and below 2^53, so that a JavaScript number holds it)
    /// when absent. The same genre, shape, level, seed and generator version always give the
    /// same puzzle. Seeds above 2^53 lose precision as JavaScript numbers: send them in the
    /// query string.
    pub seed: Option<Seed>,
}

impl GenerationOptions for GenerateOptions {
    const EXPECTING: &'static str = "a JSON object of generation parameters";

    fn or(self, fallback: GenerateOptions) -> GenerateOptions {
        GenerateOptions {
            seed: self.seed.or(fallback.seed),
        }
    }
}

/// `/generate`: the generation parameters and a seed.
pub type GenerateRequest = GenerationRequest<GenerateOptions>;

impl GenerationRequest<GenerateOptions> {
    /// A request for a puzzle of `genre` at `level` from `seed`, of `shape` or the genre's
    /// default shape.
    pub fn new(
        genre: GenreId,
        shape: Option<Shape>,
        level: TargetLevel,
        seed: u64,
    ) -> GenerateRequest {
        GenerationRequest {
            parameters: GenerationParameters {
                genre: Some(genre.into()),
                shape: shape.map(Into::into),
                level: Some(level.into()),
                ..GenerationParameters::default()
            },
            options: GenerateOptions {
                seed: Some(Seed(seed)),
            },
        }
    }
}

impl Operation for GenerateRequest {
    type Plan = GeneratePlan;

    fn plan(&self) -> Result<GeneratePlan, Error> {
        self.parameters.plan(self.options.seed.map(|seed| seed.0))
    }
}

/// A generation read and checked: the genre, the shape (the genre's default written in), the
/// level, the score range, the seed, whether the solution is reported and the budget asked
/// for. It is what the cache validator, the pool of pregenerated puzzles and the run each
/// read, and only this module makes one, from a request ([`Operation::plan`]), a batch's
/// ([`super::BatchPlan::generation`]) or the daily puzzle's ([`super::DailyPlan`]).
///
/// ```compile_fail
/// // Its fields are its own: a door cannot make a plan that skipped the checks.
/// let plan = sumpuzzles::ops::GeneratePlan { genre: sumpuzzles::genres::GenreId::DEFAULT };
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GeneratePlan {
    genre: GenreId,
    shape: Shape,
    level: TargetLevel,
    range: Option<ScoreRange>,
    seed: Option<u64>,
    with_solution: bool,
    budget: Option<u64>,
}

impl GenerationParameters {
    /// The plan of a generation with these parameters from `seed` (drawn when the plan runs,
    /// when absent). The request's own rules, in order: the budget within its bounds, the
    /// genre named, the shape, level and genre as the document names them, the score range
    /// within the level's band. The shape's fit within the genre's limits is the generator's
    /// to say, when the plan runs ([`GeneratePlan::check_shape`]): a batch answers it for
    /// each seed, in the seed's line.
    pub(super) fn plan(&self, seed: Option<u64>) -> Result<GeneratePlan, Error> {
        #[cfg(test)]
        super::wire::counting::planned();
        let budget = self.budget.map(|budget| budget.steps()).transpose()?;
        let genre = self
            .genre
            .as_ref()
            .ok_or_else(|| Error::request(format!("`genre` is required: {}", GenreId::names())))?;
        let shape = self.shape.as_ref().map(|shape| shape.read()).transpose()?;
        let level = match &self.level {
            Some(level) => level.read()?,
            None => TargetLevel::Any,
        };
        let genre = genre.read()?;
        let range = ScoreRange::for_level(self.score_min, self.score_max, level)?;
        let shape = shape.unwrap_or_else(|| dispatch(genre, DefaultShape));
        Ok(GeneratePlan {
            genre,
            shape,
            level,
            range,
            seed,
            with_solution: self.solution.unwrap_or(true),
            budget,
        })
    }
}

/// The genre's default shape.
struct DefaultShape;

impl GenreVisitor for DefaultShape {
    type Output = Shape;
    fn visit<G: Registered>(self) -> Shape {
        G::DEFAULT_SHAPE
    }
}

impl GeneratePlan {
    /// The genre.
    pub fn genre(&self) -> GenreId {
        self.genre
    }

    /// The shape: the one asked for, or the genre's default.
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// The level asked for (`any` when the request named none).
    pub fn level(&self) -> TargetLevel {
        self.level
    }

    /// The score range asked for, if any.
    pub fn score_range(&self) -> Option<ScoreRange> {
        self.range
    }

    /// The seed named; none for a generation whose seed is drawn when it runs.
    pub fn seed(&self) -> Option<u64> {
        self.seed
    }

    /// Whether the report carries the solution (the default).
    pub fn with_solution(&self) -> bool {
        self.with_solution
    }

    /// Whether the shape is within its genre's limits (what a run checks first).
    pub fn check_shape(&self) -> Result<(), Error> {
        struct Limits;
        impl GenreVisitor for Limits {
            type Output = (usize, usize, Option<&'static [Shape]>, &'static str);
            fn visit<G: Registered>(self) -> Self::Output {
                (G::SHAPE_LIMITS.0, G::SHAPE_LIMITS.1, G::SHAPES, G::NAME)
            }
        }
        let (min, max, shapes, genre) = dispatch(self.genre, Limits);
        self.shape.check_within(min, max, genre)?;
        match shapes {
            Some(shapes) if !shapes.contains(&self.shape) => {
                let names: Vec<String> = shapes.iter().map(ToString::to_string).collect();
                Err(InputError::limits(format!(
                    "shape {} is not one {genre} makes: expected one of {}",
                    self.shape,
                    names.join(", ")
                ))
                .into())
            }
            _ => Ok(()),
        }
    }

    /// The same generation with the solution reported: its report is the one this plan's
    /// would be before [`GenerateReport::without_solution`], so one run gives both forms (what
    /// the pools and the HTTP door's answer cache keep).
    pub fn with_solution_reported(&self) -> GeneratePlan {
        GeneratePlan {
            with_solution: true,
            ..self.clone()
        }
    }

    /// This generation from `seed`.
    pub(super) fn with_seed(&self, seed: u64) -> GeneratePlan {
        GeneratePlan {
            seed: Some(seed),
            ..self.clone()
        }
    }

    /// What the report of a seeded generation depends on, as one string: the genre, shape,
    /// level and score range, the seed, whether the solution is included, the generator's and
    /// rater profile's versions and this crate's version. Two plans with the same fingerprint
    /// get the same report, but for `stats.elapsed_ms` (so a cache validator made of it is a
    /// weak one). None for a plan without a seed (its seed is drawn).
    pub fn fingerprint(&self) -> Option<String> {
        struct Fingerprint<'a>(&'a GeneratePlan, u64);
        impl GenreVisitor for Fingerprint<'_> {
            type Output = String;
            fn visit<G: Registered>(self) -> String {
                let Fingerprint(plan, seed) = self;
                // A score range picks another candidate: it is part of the key, with the
                // score's version that placed the candidates in it.
                let range = plan
                    .range
                    .map_or_else(String::new, |range| format!("-r{range}"));
                format!(
                    "{}-{}-{}{range}-{seed}-{}-g{}-{}.{}-s{}-v{}",
                    G::NAME,
                    plan.shape,
                    plan.level.name(),
                    if plan.with_solution { "s" } else { "p" },
                    G::GENERATOR_VERSION,
                    G::RATER_PROFILE.0,
                    G::RATER_PROFILE.1,
                    SCORE_VERSION,
                    env!("CARGO_PKG_VERSION"),
                )
            }
        }
        let seed = self.seed?;
        Some(dispatch(self.genre, Fingerprint(self, seed)))
    }
}

impl Plan for GeneratePlan {
    type Report = GenerateReport;

    fn requested_budget(&self) -> Option<u64> {
        self.budget
    }

    fn generates(&self) -> bool {
        true
    }

    /// Generates the puzzle; a plan without a seed gets a [`fresh_seed`].
    fn run(&self, budget: &mut Budget) -> Result<GenerateReport, Error> {
        let work = Generate {
            plan: self,
            seed: self.seed.unwrap_or_else(fresh_seed),
            budget,
        };
        dispatch(self.genre, work).map_err(|error| error.with_progress(budget))
    }
}

/// The generation of a plan, from a seed, under a budget.
struct Generate<'a> {
    plan: &'a GeneratePlan,
    seed: u64,
    budget: &'a mut Budget,
}

impl GenreVisitor for Generate<'_> {
    type Output = Result<GenerateReport, Error>;
    fn visit<G: Registered>(self) -> Self::Output {
        let plan = self.plan;
        plan.check_shape()?;
        let params = GenerateParams {
            shape: plan.shape,
            level: plan.level,
            seed: self.seed,
        };
        let start = crate::core::Stopwatch::start();
        self.budget.set_stage(Stage::Generating);
        let mut generated = match plan.range {
            None => G::generate(&params, self.budget)?,
            Some(range) => generate_in_range(&params, range, self.budget, G::generate)?.generated,
        };
        generated.stats.elapsed_ms = start.elapsed_ms();
        // The generators keep only puzzles their rater finished at a level easy to expert,
        // and each of those has a score.
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
            shape: plan.shape.to_string(),
            seed: generated.seed,
            requested_seed: self.seed,
            generator_version: generated.generator_version,
            extra: solution_extra::<G>(&generated.solution),
            rating,
            stats: generated.stats,
        };
        Ok(if plan.with_solution {
            report
        } else {
            report.without_solution()
        })
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
    // Flattened, `None` writes no field: the schema is the fields' (each optional), which the
    // derived schema of an `Option` would make `null` or the fields, as if the report itself
    // could be `null`.
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
    request.plan()?.run(budget)
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

#[cfg(test)]
mod tests;
