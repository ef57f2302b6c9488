//! Many puzzles in one request: a genre, shape and level with a list of seeds (or a count
//! from a first seed), answered one line per seed, in seed order: the report `generate`
//! gives, or the problem of a seed whose generation failed.

use serde::de::{self, Deserializer, SeqAccess};
use serde::{Deserialize, Serialize};

use super::generate::{fresh_seed, GeneratePlan, GenerateReport};
use super::operation::MAX_BATCH;
use super::parameters::{GenerationOptions, GenerationRequest};
use super::wire::{optional_list, seed_in_range, BatchSize, ListItem, Seed, WholeNumber};
use super::{ProblemDetails, MAX_SEED};
use crate::core::{Error, InputError};

// Which seeds a batch or a book is made from: a batch's own fields are exactly this choice,
// and a booklet's hold it beside its layout (`BookletOptions::seed_choice`). The doc comment
// below is the document's description of a batch's parameters.
/// A batch of puzzles: the parameters of `/generate` and either `seeds` or `count` (with an
/// optional first `seed`). Query string or JSON body; the body's fields win.
#[cfg_attr(
    feature = "server",
    derive(utoipa::ToSchema, utoipa::IntoParams),
    schema(as = BatchParameters),
    into_params(parameter_in = Query)
)]
#[derive(Clone, Debug, Default, PartialEq, Eq, Deserialize)]
pub struct SeedChoice {
    /// The seeds, 1 to 100 of them, each 0 to 2^63-1: one puzzle per seed, in this order.
    /// In the query string, repeated (`seeds=1&seeds=2`, the document's `style: form` with
    /// `explode: true`), comma-separated (`seeds=1,2`) or repeated with brackets
    /// (`seeds[]=1&seeds[]=2`). Not with `count`.
    #[serde(default, deserialize_with = "seed_list")]
    #[cfg_attr(
        feature = "server",
        schema(schema_with = super::schema::seed_list_in_body),
        param(schema_with = super::schema::seed_list)
    )]
    pub seeds: Option<Vec<u64>>,
    /// How many puzzles, 1 to 100, from the seed `seed` on (`seed`, `seed`+1, ...). Not
    /// with `seeds`.
    pub count: Option<BatchSize>,
    /// With `count`: the first seed, 0 to 2^63-1; random (below 2^53) when absent.
    pub seed: Option<Seed>,
}

/// `/generate/batch`: the generation parameters and the seeds.
pub type BatchRequest = GenerationRequest<SeedChoice>;

impl SeedChoice {
    /// Whether any of the choice's fields is given.
    pub fn is_given(&self) -> bool {
        self.seeds.is_some() || self.count.is_some() || self.seed.is_some()
    }

    /// The seeds, in order: `seeds`, or `count` seeds from `seed` (drawn when absent).
    pub fn seed_list(&self) -> Result<Vec<u64>, Error> {
        match (&self.seeds, self.count) {
            (Some(_), Some(_)) => Err(Error::request("give `seeds` or `count`, not both")),
            (Some(_), None) if self.seed.is_some() => Err(Error::request(
                "`seed` is the first seed of a `count`; with `seeds`, list every seed",
            )),
            (None, None) => Err(Error::request(
                "give `seeds` (a list of seeds) or `count` (how many puzzles, 1 to 100)",
            )),
            (Some(seeds), None) => {
                seeds_size(seeds)?;
                Ok(seeds.clone())
            }
            (None, Some(count)) => {
                let count = count.count()?;
                let first = self.seed.map_or_else(fresh_seed, |seed| seed.0);
                let last = first
                    .checked_add(count as u64 - 1)
                    .filter(|&last| last <= MAX_SEED);
                if last.is_none() {
                    return Err(InputError::limits(format!(
                        "seeds {first} and the {} after it go past the largest seed, 2^63-1",
                        count - 1
                    ))
                    .into());
                }
                Ok((first..first + count as u64).collect())
            }
        }
    }
}

impl GenerationOptions for SeedChoice {
    const EXPECTING: &'static str = "a JSON object of batch parameters";

    /// Each field that is given, on its own (the seeds' choice is checked whole by
    /// [`SeedChoice::seed_list`]).
    fn check_given(&self) -> Result<(), Error> {
        if let Some(count) = self.count {
            count.count()?;
        }
        if let Some(seeds) = &self.seeds {
            seeds_size(seeds)?;
        }
        Ok(())
    }

    /// `seeds` and `count` (with `seed`) are one choice: a body that makes it makes it whole.
    fn or(self, fallback: SeedChoice) -> SeedChoice {
        if self.is_given() {
            self
        } else {
            fallback
        }
    }
}

impl BatchRequest {
    /// The batch read and checked: the generation of its parameters (checked once, here) and
    /// its seeds.
    pub fn plan(&self) -> Result<BatchPlan, Error> {
        let generation = self.parameters.plan(None)?;
        let seeds = self.options.seed_list()?;
        Ok(BatchPlan { generation, seeds })
    }
}

/// A batch read and checked: one generation, and the seeds to run it from, in order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BatchPlan {
    generation: GeneratePlan,
    seeds: Vec<u64>,
}

impl BatchPlan {
    /// The seeds, in order.
    pub fn seeds(&self) -> &[u64] {
        &self.seeds
    }

    /// The generation of `seed`: the batch's parameters with that seed.
    pub fn generation(&self, seed: u64) -> GeneratePlan {
        self.generation.with_seed(seed)
    }

    /// The generation of each seed, in order.
    pub fn generations(&self) -> impl Iterator<Item = GeneratePlan> + '_ {
        self.seeds.iter().map(|&seed| self.generation(seed))
    }
}

/// `seeds` when a batch may make that many puzzles (1 to [`MAX_BATCH`]); else a 422.
fn seeds_size(seeds: &[u64]) -> Result<(), Error> {
    if (1..=MAX_BATCH).contains(&seeds.len()) {
        return Ok(());
    }
    Err(InputError::limits(format!(
        "a batch has 1 to {MAX_BATCH} seeds, not {}",
        seeds.len()
    ))
    .into())
}

/// One line of a batch's answer: the puzzle, or the problem of its seed.
#[cfg_attr(feature = "server", derive(utoipa::ToSchema))]
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(untagged)]
pub enum BatchLine {
    /// The report `/generate` gives for the seed.
    Puzzle(Box<GenerateReport>),
    /// The seed's generation failed: its problem, as `/generate` would answer it, with the seed.
    Failed(BatchFailure),
}

/// A seed whose generation failed, and why.
#[cfg_attr(feature = "server", derive(utoipa::ToSchema))]
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct BatchFailure {
    /// The seed that failed.
    pub seed: u64,
    /// Why, as problem details.
    #[serde(flatten)]
    pub problem: ProblemDetails,
}

impl BatchLine {
    /// The line for `seed`: its report, or the problem of its failure.
    pub fn of(seed: u64, outcome: Result<GenerateReport, Error>) -> BatchLine {
        match outcome {
            Ok(report) => BatchLine::Puzzle(Box::new(report)),
            Err(error) => BatchLine::failed(seed, ProblemDetails::from(&error)),
        }
    }

    /// The line for a seed that failed with `problem`.
    pub fn failed(seed: u64, problem: ProblemDetails) -> BatchLine {
        BatchLine::Failed(BatchFailure { seed, problem })
    }

    /// The line as JSON, on one line.
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).expect("a batch line is plain JSON")
    }

    /// The line as one line of NDJSON, its newline included.
    pub fn to_ndjson(&self) -> String {
        let mut line = self.to_json();
        line.push('\n');
        line
    }
}

/// `seeds`: a JSON array of seeds, or in a query string one comma-separated string of them.
pub(super) fn seed_list<'de, D: Deserializer<'de>>(
    deserializer: D,
) -> Result<Option<Vec<u64>>, D::Error> {
    let seeds = optional_list::<D, ListedSeed>(deserializer)?;
    Ok(seeds.map(|seeds| seeds.into_iter().map(|seed| seed.0).collect()))
}

/// One seed of a list: a whole number, read with a message that names no Rust type.
struct ListedSeed(u64);

impl<'de> Deserialize<'de> for ListedSeed {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<ListedSeed, D::Error> {
        match Option::<WholeNumber>::deserialize(deserializer)? {
            Some(WholeNumber(seed)) => Ok(ListedSeed(seed)),
            None => Err(de::Error::custom("a seed is a whole number, not null")),
        }
    }
}

impl ListItem for ListedSeed {
    const EXPECTING: &'static str = "a list of seeds (whole numbers 0 to 2^63-1)";
    const MAX: usize = MAX_BATCH;

    fn too_many() -> String {
        format!("a batch has 1 to {MAX_BATCH} seeds")
    }

    fn from_text(part: &str) -> Result<ListedSeed, String> {
        let seed = part.trim().parse::<u64>().map_err(|_| {
            format!("seeds are whole numbers 0 to {MAX_SEED} separated by commas; found '{part}'")
        })?;
        seed_in_range(seed).map(ListedSeed)
    }

    fn next<'de, A: SeqAccess<'de>>(items: &mut A) -> Result<Option<ListedSeed>, A::Error> {
        match items.next_element::<ListedSeed>()? {
            Some(ListedSeed(seed)) => seed_in_range(seed)
                .map(|seed| Some(ListedSeed(seed)))
                .map_err(de::Error::custom),
            None => Ok(None),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::genres::GenreId;
    use crate::ops::{from_body_and_query, from_json, BodyOverQuery};

    fn batch(json: &str) -> Result<BatchRequest, Error> {
        from_json(json.as_bytes())
    }

    fn seeds(json: &str) -> Result<Vec<u64>, Error> {
        batch(json).unwrap().options.seed_list()
    }

    #[test]
    fn a_count_counts_up_from_its_first_seed() {
        assert_eq!(seeds(r#"{"count": 3, "seed": 41}"#).unwrap(), [41, 42, 43]);
        let drawn = seeds(r#"{"count": 2}"#).unwrap();
        assert_eq!(drawn[1], drawn[0] + 1);
        assert_eq!(seeds(r#"{"seeds": [5, 1, 5]}"#).unwrap(), [5, 1, 5]);
    }

    #[test]
    fn seeds_or_count_and_their_limits() {
        for (json, status) in [
            (r#"{"seeds": [1], "count": 1}"#, 400),
            (r#"{"seeds": [1], "seed": 1}"#, 400),
            (r#"{}"#, 400),
            (r#"{"count": 0}"#, 422),
            (r#"{"count": 101}"#, 422),
            (r#"{"seeds": []}"#, 422),
            (r#"{"count": 2, "seed": 9223372036854775807}"#, 422),
        ] {
            let error = seeds(json).unwrap_err();
            assert_eq!(
                ProblemDetails::from(&error).status,
                status,
                "{json}: {error}"
            );
        }
        for json in [
            r#"{"seeds": [9223372036854775808]}"#,
            r#"{"seeds": [-1]}"#,
            r#"{"seeds": [null]}"#,
            r#"{"seeds": "1,x"}"#,
        ] {
            let error = batch(json).unwrap_err();
            assert_eq!(ProblemDetails::from(&error).status, 400, "{json}: {error}");
        }
        let many = format!("{{\"seeds\": [{}]}}", ["1"; 101].join(","));
        assert!(batch(&many).is_err());
    }

    #[cfg(feature = "server")]
    #[test]
    fn a_query_string_lists_seeds_with_commas_a_body_in_an_array() {
        use axum::extract::Query;
        let query = |q: &str| {
            let uri: axum::http::Uri = format!("/generate/batch?{q}").parse().unwrap();
            Query::<BatchRequest>::try_from_uri(&uri).map(|Query(request)| request)
        };
        let listed = query("seeds=3,%201,2&count=&genre=kakuro");
        assert!(listed.is_err(), "an empty count is no number");
        let listed = query("seeds=3,%201,2&genre=kakuro&budget=7").unwrap();
        assert_eq!(listed.options.seeds, Some(vec![3, 1, 2]));
        assert_eq!(listed.parameters.budget, Some(crate::ops::StepBudget(7)));
        assert!(query("seeds=3,x").is_err());
        assert_eq!(batch(r#"{"seeds": null}"#).unwrap().options.seeds, None);
        let error = batch(r#"{"seeds": "3,1"}"#).unwrap_err();
        assert!(
            error.to_string().contains("expected a list of seeds"),
            "{error}"
        );
    }

    #[test]
    fn a_body_choosing_seeds_replaces_the_query_strings_choice() {
        let query = batch(r#"{"genre": "kakuro", "count": 5, "seed": 1}"#).unwrap();
        let body = batch(r#"{"seeds": [9]}"#).unwrap();
        let merged = body.or(query.clone());
        assert_eq!(merged.options.seed_list().unwrap(), [9]);
        assert_eq!(merged.parameters.genre, Some(GenreId::Kakuro.into()));
        let merged = batch(r#"{"level": "easy"}"#).unwrap().or(query);
        assert_eq!(merged.options.seed_list().unwrap(), [1, 2, 3, 4, 5]);
    }

    #[test]
    fn a_query_field_out_of_its_schema_is_refused_even_where_the_body_gives_it() {
        let body = batch(r#"{"genre": "kakuro", "seeds": [1, 2], "budget": 1000}"#).unwrap();
        for query in [
            r#"{"budget": 1000000000001}"#,
            r#"{"count": 101}"#,
            r#"{"count": 0}"#,
            r#"{"shape": "6x6x6"}"#,
        ] {
            let query = batch(query).unwrap();
            let refused = from_body_and_query(Some(body.clone()), query.clone());
            assert!(refused.is_err(), "{query:?}");
        }
        let merged = from_body_and_query(Some(body.clone()), BatchRequest::default());
        assert_eq!(merged.unwrap().options.seed_list().unwrap(), [1, 2]);
    }

    #[test]
    fn every_seed_gets_the_batchs_parameters() {
        let request = batch(&format!(
            r#"{{"genre": "{}", "level": "easy", "seeds": [2, 1], "solution": false}}"#,
            GenreId::DEFAULT
        ))
        .unwrap();
        let plan = request.plan().unwrap();
        let plans: Vec<GeneratePlan> = plan.generations().collect();
        assert_eq!(plans.len(), 2);
        assert_eq!((plans[0].seed(), plans[1].seed()), (Some(2), Some(1)));
        assert!(plans
            .iter()
            .all(|plan| plan.level().name() == "easy" && !plan.with_solution()));
        let mut unknown = request.clone();
        unknown.parameters.genre = batch(r#"{"genre": "sudoku"}"#).unwrap().parameters.genre;
        assert_eq!(
            ProblemDetails::from(&unknown.plan().unwrap_err()).status,
            422
        );
    }

    #[test]
    fn a_failed_line_is_its_problem_with_its_seed() {
        let line = BatchLine::of(7, Err(Error::request("no")));
        let json: serde_json::Value = serde_json::from_str(&line.to_ndjson()).unwrap();
        assert_eq!(json["seed"], 7);
        assert_eq!(json["status"], 400);
        assert_eq!(json["detail"], "no");
        assert!(line.to_ndjson().ends_with("}\n"));
    }
}
