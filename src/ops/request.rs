//! The requests on a puzzle and how a door reads a JSON body into one.
//!
//! A request on a puzzle is one JSON object: the puzzle's source (`genre`, `puzzle`, `id`,
//! `text`, `url`; see [`PuzzleSource`]) and the operation's own fields (`limit`, `answer`,
//! ...). [`PuzzleRequest`] reads the first and hands the rest to the operation's options
//! type, so that each operation declares only its own fields; a field neither knows is
//! refused with its name, as `deny_unknown_fields` would.

use std::fmt;
use std::marker::PhantomData;

use serde::de::{self, DeserializeOwned, Deserializer, MapAccess, Visitor};
use serde::Deserialize;
use serde_json::{Map, Value};

use super::bounded::BoundedValue;
use super::source::{PuzzleSource, SourceFields};
use super::wire::{SolutionLimit, StepBudget};
use crate::core::Error;

/// A request on a puzzle: where the puzzle is, and the operation's own fields `T`, read from
/// one JSON object such as `{"id": "kakuro:3x3:DbAb/4.6.3.7", "limit": 5}`.
#[derive(Clone, Debug, PartialEq)]
pub struct PuzzleRequest<T> {
    /// The puzzle.
    pub puzzle: PuzzleSource,
    /// The operation's own fields.
    pub options: T,
}

impl<T> PuzzleRequest<T> {
    /// A request on `puzzle` with the operation's `options`.
    pub fn new(puzzle: PuzzleSource, options: T) -> PuzzleRequest<T> {
        PuzzleRequest { puzzle, options }
    }
}

/// The puzzle with the operation's defaults.
impl<T: Default> From<PuzzleSource> for PuzzleRequest<T> {
    fn from(puzzle: PuzzleSource) -> PuzzleRequest<T> {
        PuzzleRequest::new(puzzle, T::default())
    }
}

/// A puzzle to solve, and how many solutions to look for.
#[cfg_attr(feature = "server", derive(utoipa::ToSchema), schema(as = SolveRequest))]
#[derive(Clone, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SolveOptions {
    /// Stop after this many solutions (default 2, at most 100).
    pub limit: Option<SolutionLimit>,
    /// Step budget, 1 to 10^12 (a 422 outside): a request may ask for less than the server's
    /// budget, never for more.
    pub budget: Option<StepBudget>,
}

/// A puzzle to rate.
#[cfg_attr(feature = "server", derive(utoipa::ToSchema), schema(as = RateRequest))]
#[derive(Clone, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RateOptions {
    /// Step budget, 1 to 10^12 (a 422 outside): a request may ask for less than the server's
    /// budget, never for more.
    pub budget: Option<StepBudget>,
}

/// A puzzle and an answer to check.
#[cfg_attr(feature = "server", derive(utoipa::ToSchema), schema(as = CheckRequest))]
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CheckOptions {
    /// One string per row, or one string with a row per line, one character per cell, in the
    /// genre's answer format (see `GET /genres` and the puzzle object schemas), such as
    /// `["###", "#12", "#34"]`. Blank rows are skipped: send a row with nothing entered as its
    /// cells' empty marks (`.` for digits).
    #[cfg_attr(feature = "server", schema(example = json!(["###", "#12", "#34"])))]
    pub answer: AnswerRows,
    /// Turn unmarked cells into empty (or unshaded) ones before checking (default false).
    pub finish: Option<bool>,
}

/// A puzzle with exactly one solution, and a player's (possibly partial) answer to hint from.
#[cfg_attr(feature = "server", derive(utoipa::ToSchema), schema(as = HintRequest))]
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HintOptions {
    /// The player's answer, in /check's format; all `.` for a fresh puzzle.
    #[cfg_attr(feature = "server", schema(example = json!(["###", "#..", "#.."])))]
    pub answer: AnswerRows,
    /// Step budget, 1 to 10^12 (a 422 outside): a request may ask for less than the server's
    /// budget, never for more.
    pub budget: Option<StepBudget>,
}

/// A puzzle to draw: blank, with an answer, or with its solution.
#[cfg_attr(feature = "server", derive(utoipa::ToSchema), schema(as = RenderRequest))]
#[derive(Clone, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RenderOptions {
    /// An answer to write into the cells, as `/check` takes it; every rule it breaks is
    /// highlighted (a run's sum and cells, an empty cell, a row's or column's clue).
    #[cfg_attr(feature = "server", schema(example = json!(["###", "#13", "#34"])))]
    pub answer: Option<AnswerRows>,
    /// Write the puzzle's solution into the cells (default false); not together with
    /// `answer`. A puzzle without exactly one solution is a 422.
    pub solution: Option<bool>,
    /// With `answer`: turn unmarked cells into empty (or unshaded) ones before checking
    /// (default false).
    pub finish: Option<bool>,
    /// Step budget for finding the solution, 1 to 10^12 (a 422 outside): a request may ask
    /// for less than the server's budget, never for more.
    pub budget: Option<StepBudget>,
}

/// A puzzle to write in every format.
#[cfg_attr(feature = "server", derive(utoipa::ToSchema), schema(as = FormatRequest))]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FormatOptions {}

/// `POST /solve`.
pub type SolveRequest = PuzzleRequest<SolveOptions>;
/// `POST /rate`.
pub type RateRequest = PuzzleRequest<RateOptions>;
/// `POST /check`.
pub type CheckRequest = PuzzleRequest<CheckOptions>;
/// `POST /hint`.
pub type HintRequest = PuzzleRequest<HintOptions>;
/// `POST /render`.
pub type RenderRequest = PuzzleRequest<RenderOptions>;
/// The CLI's `format`.
pub type FormatRequest = PuzzleRequest<FormatOptions>;

/// An answer: row strings, or one string with a row per line.
#[cfg_attr(feature = "server", derive(utoipa::ToSchema))]
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(
    untagged,
    expecting = "an answer: a list of row strings, or one string with a row per line"
)]
pub enum AnswerRows {
    /// One string per row.
    Rows(Vec<String>),
    /// One string, a row per line.
    Text(String),
}

impl AnswerRows {
    /// The rows.
    pub fn rows(&self) -> Vec<String> {
        match self {
            AnswerRows::Rows(rows) => rows.clone(),
            AnswerRows::Text(text) => text.lines().map(str::to_string).collect(),
        }
    }
}

impl From<Vec<String>> for AnswerRows {
    fn from(rows: Vec<String>) -> AnswerRows {
        AnswerRows::Rows(rows)
    }
}

impl<S: AsRef<str>> From<&[S]> for AnswerRows {
    fn from(rows: &[S]) -> AnswerRows {
        AnswerRows::Rows(rows.iter().map(|row| row.as_ref().to_string()).collect())
    }
}

impl<'de, T: DeserializeOwned> Deserialize<'de> for PuzzleRequest<T> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_map(RequestVisitor(PhantomData))
    }
}

/// A puzzle source alone: a request without fields of its own.
impl<'de> Deserialize<'de> for PuzzleSource {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        Ok(PuzzleRequest::<FormatOptions>::deserialize(deserializer)?.puzzle)
    }
}

struct RequestVisitor<T>(PhantomData<T>);

impl<'de, T: DeserializeOwned> Visitor<'de> for RequestVisitor<T> {
    type Value = PuzzleRequest<T>;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a JSON object naming a puzzle")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
        let own_fields = struct_fields::<T>();
        let mut source = SourceFields::default();
        let mut rest = Map::new();
        let mut seen: Vec<String> = Vec::new();
        while let Some(key) = map.next_key::<String>()? {
            if seen.contains(&key) {
                return Err(de::Error::custom(format_args!("duplicate field `{key}`")));
            }
            match key.as_str() {
                "genre" => source.genre = map.next_value()?,
                // `null` is no puzzle, as it is no `id`, `text` or `url`: a client that has
                // one class for the four forms sends the others as `null`.
                "puzzle" => {
                    let puzzle = map.next_value::<BoundedValue>()?.into_value();
                    source.puzzle = Some(puzzle).filter(|puzzle| !puzzle.is_null());
                }
                "id" => source.id = map.next_value()?,
                "text" => source.text = map.next_value()?,
                "url" => source.url = map.next_value()?,
                own if own_fields.contains(&own) => {
                    rest.insert(key.clone(), map.next_value::<BoundedValue>()?.into_value());
                }
                unknown => {
                    let expected: Vec<String> = SourceFields::NAMES
                        .iter()
                        .chain(own_fields)
                        .map(|name| format!("`{name}`"))
                        .collect();
                    return Err(de::Error::custom(format_args!(
                        "unknown field `{unknown}`, expected one of {}",
                        expected.join(", ")
                    )));
                }
            }
            seen.push(key);
        }
        let puzzle = source.source().map_err(de::Error::custom)?;
        let options =
            serde_path_to_error::deserialize(Value::Object(rest)).map_err(de::Error::custom)?;
        Ok(PuzzleRequest { puzzle, options })
    }
}

/// The field names of the struct `T` deserializes as: what its `#[derive(Deserialize)]` hands
/// the deserializer, asked for by a deserializer that only listens.
pub(super) fn struct_fields<T: DeserializeOwned>() -> &'static [&'static str] {
    struct Listener(&'static [&'static str]);

    impl<'de> Deserializer<'de> for &mut Listener {
        type Error = de::value::Error;

        fn deserialize_any<V: Visitor<'de>>(self, _visitor: V) -> Result<V::Value, Self::Error> {
            Err(de::Error::custom("only a struct lists its fields"))
        }

        fn deserialize_struct<V: Visitor<'de>>(
            self,
            _name: &'static str,
            fields: &'static [&'static str],
            _visitor: V,
        ) -> Result<V::Value, Self::Error> {
            self.0 = fields;
            Err(de::Error::custom("the fields are all that was asked for"))
        }

        serde::forward_to_deserialize_any! {
            bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string bytes
            byte_buf option unit unit_struct newtype_struct seq tuple tuple_struct map enum
            identifier ignored_any
        }
    }

    let mut listener = Listener(&[]);
    let _ = T::deserialize(&mut listener);
    listener.0
}

/// Reads a request from a JSON body, as every door does. The body is read once without
/// tracking where in it the reader is, which costs nothing; only a body that fails is read
/// again with its path tracked, so that the message names the field at fault.
pub fn from_json<T: DeserializeOwned>(body: &[u8]) -> Result<T, Error> {
    // Every request is one JSON object: a derived request type would also take its fields
    // positionally from an array, which the document does not allow.
    let first = body.iter().find(|byte| !byte.is_ascii_whitespace());
    if first.is_some_and(|&byte| byte != b'{') {
        return Err(Error::request(
            "the request body must be a JSON object, such as {\"id\": \"kakuro:3x3:DbAb/4.6.3.7\"}",
        ));
    }
    if let Ok(value) = serde_json::from_slice(body) {
        return Ok(value);
    }
    let mut deserializer = serde_json::Deserializer::from_slice(body);
    let value = serde_path_to_error::deserialize(&mut deserializer).map_err(|error| {
        let reason = match error.inner().classify() {
            serde_json::error::Category::Data => {
                "Failed to deserialize the JSON body into the target type"
            }
            _ => "Failed to parse the request body as JSON",
        };
        Error::request(format!(
            "{reason}: {error}{}",
            quoted_number_hint(&error.to_string())
        ))
    })?;
    deserializer.end().map_err(|error| {
        Error::request(format!("Failed to parse the request body as JSON: {error}"))
    })?;
    Ok(value)
}

/// How to send a number that came as a string (`{"seed": "1"}`, which HTTPie's `seed=1` sends;
/// its `seed:=1` sends the number), for the message of a field that refused it: the field's
/// name is the last of the message's path (`seed: invalid type: string "1", ...`).
fn quoted_number_hint(message: &str) -> String {
    let Some((path, rest)) = message.split_once(": invalid type: string \"") else {
        return String::new();
    };
    let Some((text, _)) = rest.split_once("\", expected a whole number") else {
        return String::new();
    };
    let field = path.rsplit(['.', ' ']).next().unwrap_or(path);
    format!(
        "; send the number without quotes (with HTTPie, `{field}:={text}` rather than `{field}={text}`)"
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn solve_request(json: &str) -> Result<SolveRequest, Error> {
        from_json(json.as_bytes())
    }

    #[test]
    fn the_source_and_the_options_come_from_one_object() {
        let request = solve_request(r#"{"limit": 5, "id": "x:1", "budget": 7}"#).unwrap();
        assert_eq!(request.puzzle, PuzzleSource::id("x:1"));
        assert_eq!(
            request.options,
            SolveOptions {
                limit: Some(SolutionLimit(5)),
                budget: Some(StepBudget(7))
            }
        );
    }

    #[test]
    fn unknown_and_repeated_fields_are_refused_by_name() {
        let error = solve_request(r#"{"id": "x:1", "idd": 1}"#).unwrap_err();
        assert!(
            error
                .to_string()
                .contains("unknown field `idd`, expected one of `genre`, `puzzle`, `id`, `text`, `url`, `limit`, `budget`"),
            "{error}"
        );
        let error = solve_request(r#"{"id": "x:1", "id": "x:2"}"#).unwrap_err();
        assert!(
            error.to_string().contains("duplicate field `id`"),
            "{error}"
        );
    }

    #[test]
    fn a_bad_field_is_named() {
        let error = solve_request(r#"{"id": 5}"#).unwrap_err();
        assert!(error.to_string().contains("id: invalid type"), "{error}");
        let error = solve_request(r#"{"id": "x:1", "limit": "many"}"#).unwrap_err();
        assert!(error.to_string().contains("limit: invalid type"), "{error}");
        for (json, message) in [
            (
                r#"{"id": "x:1", "limit": -1}"#,
                "invalid value: integer `-1`, expected a whole number",
            ),
            (
                r#"{"id": "x:1", "limit": 1.5}"#,
                "invalid type: floating point `1.5`, expected a whole number",
            ),
            (
                r#"{"id": "x:1", "budget": true}"#,
                "invalid type: boolean `true`, expected a whole number",
            ),
        ] {
            let error = solve_request(json).unwrap_err();
            assert!(error.to_string().contains(message), "{error}");
        }
        assert_eq!(
            solve_request(r#"{"id": "x:1", "limit": null}"#)
                .unwrap()
                .options
                .limit,
            None
        );
    }

    /// A client with one class for the four forms of a puzzle source (openapi-python-generator's)
    /// sends the fields it was not given as `null`: absent, as an absent field is.
    #[test]
    fn a_null_field_is_an_absent_one() {
        let request = solve_request(
            r#"{"genre": null, "puzzle": null, "id": "x:1", "text": null, "url": null, "limit": null, "budget": null}"#,
        )
        .unwrap();
        assert_eq!(request.puzzle, PuzzleSource::id("x:1"));
        assert_eq!(request.options, SolveOptions::default());
        let error = solve_request(r#"{"puzzle": null, "id": null}"#).unwrap_err();
        assert!(error.to_string().contains("exactly one of"), "{error}");
    }

    #[test]
    fn exactly_one_source_is_given() {
        for json in [r#"{}"#, r#"{"id": "x:1", "text": "y"}"#] {
            let error = solve_request(json).unwrap_err();
            assert!(error.to_string().contains("exactly one of"), "{error}");
        }
        let error = solve_request(r#"{"puzzle": {}}"#).unwrap_err();
        assert!(
            error.to_string().contains("\"genre\" is required"),
            "{error}"
        );
    }

    /// HTTPie's `limit=5` sends the string "5": the message says how to send the number.
    #[test]
    fn a_number_in_quotes_is_told_to_lose_them() {
        let error = solve_request(r#"{"id": "x:1", "limit": "5"}"#).unwrap_err();
        assert!(
            error.to_string().contains(
                "send the number without quotes (with HTTPie, `limit:=5` rather than `limit=5`)"
            ),
            "{error}"
        );
        let error = solve_request(r#"{"id": "x:1", "limit": true}"#).unwrap_err();
        assert!(!error.to_string().contains("HTTPie"), "{error}");
    }

    #[test]
    fn malformed_json_is_a_request_error() {
        for json in ["not json", "{\"id\": \"x:1\"} trailing", "{\"id\": "] {
            let error = solve_request(json).unwrap_err();
            assert!(matches!(error, Error::Request(_)), "{error:?}");
            assert!(error.to_string().contains("JSON"), "{error}");
        }
    }

    #[test]
    fn options_list_their_own_fields() {
        assert_eq!(struct_fields::<SolveOptions>(), ["limit", "budget"]);
        assert!(struct_fields::<FormatOptions>().is_empty());
    }
}
