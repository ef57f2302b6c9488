//! Many puzzles in one request: a genre, shape and level with a list of seeds (or a count
//! from a first seed), answered one line per seed, in seed order: the report `generate`
//! gives, or the problem of a seed whose generation failed.

use std::fmt;

use serde::de::{self, Deserializer, SeqAccess, Visitor};
use serde::{Deserialize, Serialize};

use super::generate::{fresh_seed, GenerateReport, GenerateRequest};
use super::request::{in_range, seed_in_range, whole_number, BodyOverQuery};
use super::{Operation, Problem, MAX_SEED};
use crate::core::{Error, InputError, Score};

/// The most puzzles one batch makes.
pub const MAX_BATCH: usize = 100;

/// A batch of puzzles: the parameters of `/generate` and either `seeds` or `count` (with an
/// optional first `seed`). Query string or JSON body; the body's fields win.
#[cfg_attr(
    feature = "server",
    derive(utoipa::ToSchema, utoipa::IntoParams),
    schema(as = BatchParameters),
    into_params(parameter_in = Query)
)]
#[derive(Clone, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields, expecting = "a JSON object of batch parameters")]
pub struct BatchRequest {
    /// The genre. Required (in the query string or the body).
    #[cfg_attr(
        feature = "server",
        schema(value_type = Option<crate::genres::GenreId>),
        param(value_type = Option<crate::genres::GenreId>)
    )]
    pub genre: Option<String>,
    /// `<rows>x<cols>`; the genre's default when absent.
    #[cfg_attr(
        feature = "server",
        schema(pattern = "^[0-9]{1,3}x[0-9]{1,3}$", example = "8x8"),
        param(pattern = "^[0-9]{1,3}x[0-9]{1,3}$")
    )]
    pub shape: Option<String>,
    /// `easy`, `medium`, `hard`, `expert` or `any` (the default).
    #[cfg_attr(
        feature = "server",
        schema(value_type = Option<crate::core::TargetLevel>),
        param(value_type = Option<crate::core::TargetLevel>)
    )]
    pub level: Option<String>,
    /// The seeds, 1 to 100 of them, each 0 to 2^63-1: one puzzle per seed, in this order.
    /// In the query string, repeated (`seeds=1&seeds=2`) or comma-separated (`seeds=1,2`).
    /// Not with `count`.
    #[serde(default, deserialize_with = "seed_list")]
    #[cfg_attr(
        feature = "server",
        schema(schema_with = super::schema::seed_list_in_body),
        param(schema_with = super::schema::seed_list)
    )]
    pub seeds: Option<Vec<u64>>,
    /// How many puzzles, 1 to 100, from the seed `seed` on (`seed`, `seed`+1, ...). Not
    /// with `seeds`.
    #[serde(default, deserialize_with = "whole_number")]
    #[cfg_attr(
        feature = "server",
        schema(minimum = 1, maximum = 100),
        param(minimum = 1, maximum = 100)
    )]
    pub count: Option<u32>,
    /// With `count`: the first seed, 0 to 2^63-1; random (below 2^53) when absent.
    #[serde(default, deserialize_with = "seed_in_range")]
    #[cfg_attr(
        feature = "server",
        schema(minimum = 0, maximum = 9223372036854775807_i64),
        param(minimum = 0, maximum = 9223372036854775807_i64)
    )]
    pub seed: Option<u64>,
    /// Step budget of each puzzle, 1 to 10^12; the server caps it at its maximum.
    #[serde(default, deserialize_with = "whole_number")]
    #[cfg_attr(
        feature = "server",
        schema(minimum = 1, maximum = 1000000000000_i64),
        param(minimum = 1, maximum = 1000000000000_i64)
    )]
    pub budget: Option<u64>,
    /// Whether each report carries the solution (default true); see `/generate`.
    pub solution: Option<bool>,
    /// The lowest score of each puzzle, 1.0 to 10.0; see `/generate`.
    #[cfg_attr(
        feature = "server",
        schema(value_type = Option<f64>, minimum = 1.0, maximum = 10.0, example = 5.5),
        param(value_type = Option<f64>, minimum = 1.0, maximum = 10.0)
    )]
    pub score_min: Option<Score>,
    /// The highest score of each puzzle, 1.0 to 10.0; see `/generate`.
    #[cfg_attr(
        feature = "server",
        schema(value_type = Option<f64>, minimum = 1.0, maximum = 10.0, example = 6.9),
        param(value_type = Option<f64>, minimum = 1.0, maximum = 10.0)
    )]
    pub score_max: Option<Score>,
}

impl BatchRequest {
    /// The generation these parameters ask for, without its seed.
    fn template(&self) -> GenerateRequest {
        GenerateRequest {
            genre: self.genre.clone(),
            shape: self.shape.clone(),
            level: self.level.clone(),
            seed: None,
            budget: self.budget,
            solution: self.solution,
            score_min: self.score_min,
            score_max: self.score_max,
        }
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
                let count = count_size(count)?;
                let first = self.seed.unwrap_or_else(fresh_seed);
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

    /// The generation of each seed, in order. The parameters are checked once, here.
    pub fn requests(&self) -> Result<Vec<GenerateRequest>, Error> {
        let template = self.template();
        template.precheck()?;
        Ok(self
            .seed_list()?
            .into_iter()
            .map(|seed| GenerateRequest {
                seed: Some(seed),
                ..template.clone()
            })
            .collect())
    }
}

/// `seeds` and `count` (with `seed`) are one choice: a body that makes it makes it whole.
impl BodyOverQuery for BatchRequest {
    /// Each field that is given, on its own (the seeds' choice is checked whole by
    /// [`BatchRequest::seed_list`]).
    fn check_given(&self) -> Result<(), Error> {
        self.template().check_given()?;
        if let Some(count) = self.count {
            count_size(count)?;
        }
        if let Some(seeds) = &self.seeds {
            seeds_size(seeds)?;
        }
        Ok(())
    }

    /// These fields, with the ones absent taken from `fallback` (a body over its query
    /// string). `seeds` and `count` (with `seed`) are one choice: a body that makes it
    /// makes it whole.
    fn or(self, fallback: BatchRequest) -> BatchRequest {
        let chooses = self.seeds.is_some() || self.count.is_some() || self.seed.is_some();
        let (seeds, count, seed) = if chooses {
            (self.seeds, self.count, self.seed)
        } else {
            (fallback.seeds, fallback.count, fallback.seed)
        };
        BatchRequest {
            genre: self.genre.or(fallback.genre),
            shape: self.shape.or(fallback.shape),
            level: self.level.or(fallback.level),
            seeds,
            count,
            seed,
            budget: self.budget.or(fallback.budget),
            solution: self.solution.or(fallback.solution),
            score_min: self.score_min.or(fallback.score_min),
            score_max: self.score_max.or(fallback.score_max),
        }
    }
}

/// `count` when a batch may make that many puzzles (1 to [`MAX_BATCH`]); else a 422.
fn count_size(count: u32) -> Result<usize, Error> {
    let count = count as usize;
    if (1..=MAX_BATCH).contains(&count) {
        return Ok(count);
    }
    Err(InputError::limits(format!("`count` is 1 to {MAX_BATCH}, not {count}")).into())
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
    pub problem: Problem,
}

impl BatchLine {
    /// The line for `seed`: its report, or the problem of its failure.
    pub fn of(seed: u64, outcome: Result<GenerateReport, Error>) -> BatchLine {
        match outcome {
            Ok(report) => BatchLine::Puzzle(Box::new(report)),
            Err(error) => BatchLine::failed(seed, Problem::from(&error)),
        }
    }

    /// The line for a seed that failed with `problem`.
    pub fn failed(seed: u64, problem: Problem) -> BatchLine {
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
fn seed_list<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Option<Vec<u64>>, D::Error> {
    struct Seeds;

    fn checked<E: de::Error>(seed: u64) -> Result<u64, E> {
        in_range("seed", 0, MAX_SEED, seed).map_err(E::custom)
    }

    impl<'de> Visitor<'de> for Seeds {
        type Value = Option<Vec<u64>>;

        fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
            f.write_str("a list of seeds (whole numbers 0 to 2^63-1)")
        }

        fn visit_none<E: de::Error>(self) -> Result<Self::Value, E> {
            Ok(None)
        }

        fn visit_unit<E: de::Error>(self) -> Result<Self::Value, E> {
            Ok(None)
        }

        /// A JSON body's list is an array (a string there is refused); a query string's
        /// deserializer hands its comma-separated text over as a string whatever is asked.
        fn visit_some<D: Deserializer<'de>>(
            self,
            deserializer: D,
        ) -> Result<Self::Value, D::Error> {
            deserializer.deserialize_seq(Seeds)
        }

        fn visit_str<E: de::Error>(self, text: &str) -> Result<Self::Value, E> {
            let seeds = text
                .split(',')
                .map(|part| {
                    let seed = part.trim().parse::<u64>().map_err(|_| {
                        E::custom(format!(
                            "seeds are whole numbers 0 to {MAX_SEED} separated by commas; found '{part}'"
                        ))
                    })?;
                    checked(seed)
                })
                .collect::<Result<Vec<u64>, E>>()?;
            Ok(Some(seeds))
        }

        fn visit_seq<A: SeqAccess<'de>>(self, mut items: A) -> Result<Self::Value, A::Error> {
            let mut seeds = Vec::new();
            while let Some(seed) = items.next_element::<Seed>()? {
                seeds.push(checked(seed.0)?);
                if seeds.len() > MAX_BATCH {
                    return Err(de::Error::custom(format!(
                        "a batch has 1 to {MAX_BATCH} seeds"
                    )));
                }
            }
            Ok(Some(seeds))
        }
    }

    deserializer.deserialize_option(Seeds)
}

/// One seed of a list: a whole number, read with a message that names no Rust type.
struct Seed(u64);

impl<'de> Deserialize<'de> for Seed {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Seed, D::Error> {
        match whole_number::<D, u64>(deserializer)? {
            Some(seed) => Ok(Seed(seed)),
            None => Err(de::Error::custom("a seed is a whole number, not null")),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::genres::GenreId;
    use crate::ops::from_body_and_query;
    use crate::ops::from_json;

    fn batch(json: &str) -> Result<BatchRequest, Error> {
        from_json(json.as_bytes())
    }

    #[test]
    fn a_count_counts_up_from_its_first_seed() {
        let request = batch(r#"{"count": 3, "seed": 41}"#).unwrap();
        assert_eq!(request.seed_list().unwrap(), [41, 42, 43]);
        let drawn = batch(r#"{"count": 2}"#).unwrap().seed_list().unwrap();
        assert_eq!(drawn[1], drawn[0] + 1);
        let request = batch(r#"{"seeds": [5, 1, 5]}"#).unwrap();
        assert_eq!(request.seed_list().unwrap(), [5, 1, 5]);
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
            let error = batch(json).unwrap().seed_list().unwrap_err();
            assert_eq!(Problem::from(&error).status, status, "{json}: {error}");
        }
        for json in [
            r#"{"seeds": [9223372036854775808]}"#,
            r#"{"seeds": [-1]}"#,
            r#"{"seeds": "1,x"}"#,
        ] {
            let error = batch(json).unwrap_err();
            assert_eq!(Problem::from(&error).status, 400, "{json}: {error}");
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
        assert_eq!(query("seeds=3,%201,2").unwrap().seeds, Some(vec![3, 1, 2]));
        assert!(query("seeds=3,x").is_err());
        assert_eq!(batch(r#"{"seeds": null}"#).unwrap().seeds, None);
        let error = batch(r#"{"seeds": "3,1"}"#).unwrap_err();
        assert!(
            error.to_string().contains("expected a list of seeds"),
            "{error}"
        );
    }

    #[test]
    fn a_body_choosing_seeds_replaces_the_query_strings_choice() {
        let query = batch(r#"{"genre": "a", "count": 5, "seed": 1}"#).unwrap();
        let body = batch(r#"{"seeds": [9]}"#).unwrap();
        let merged = body.or(query.clone());
        assert_eq!(merged.seed_list().unwrap(), [9]);
        assert_eq!(merged.genre.as_deref(), Some("a"));
        let merged = batch(r#"{"level": "easy"}"#).unwrap().or(query);
        assert_eq!(merged.seed_list().unwrap(), [1, 2, 3, 4, 5]);
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
        assert_eq!(merged.unwrap().seed_list().unwrap(), [1, 2]);
    }

    #[test]
    fn every_seed_gets_the_batchs_parameters() {
        let request = BatchRequest {
            genre: Some(GenreId::DEFAULT.name().into()),
            level: Some("easy".into()),
            seeds: Some(vec![2, 1]),
            solution: Some(false),
            ..BatchRequest::default()
        };
        let requests = request.requests().unwrap();
        assert_eq!(requests.len(), 2);
        assert_eq!((requests[0].seed, requests[1].seed), (Some(2), Some(1)));
        assert!(requests
            .iter()
            .all(|r| r.level.as_deref() == Some("easy") && !r.with_solution()));
        let unknown = BatchRequest {
            genre: Some("sudoku".into()),
            ..request
        };
        assert_eq!(Problem::from(&unknown.requests().unwrap_err()).status, 422);
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
