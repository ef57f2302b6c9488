//! The parameters every generation takes, declared once: [`GenerationParameters`], and
//! [`GenerationRequest`], which joins them with a request's own fields (`/generate`'s seed, a
//! batch's seeds, the daily puzzle's date) into one flat object or query string.
//!
//! A request is read in one pass over its fields: each name is routed to the parameters or to
//! the request's own fields, each read by its derived reader, and a name neither has is
//! refused by name, as `deny_unknown_fields` would (which serde cannot combine with
//! `flatten`; nor can a flattened struct read a query string's numbers).

use std::fmt;
use std::marker::PhantomData;

use serde::de::value::MapAccessDeserializer;
use serde::de::{self, DeserializeOwned, DeserializeSeed, IntoDeserializer, MapAccess, Visitor};
use serde::{Deserialize, Deserializer};

use super::request::struct_fields;
use super::wire::{ParsedGenre, ParsedLevel, ParsedShape, StepBudget};
use crate::core::{Error, Score};

/// What every generation takes (the query string or the JSON body of `/generate`,
/// `/generate/batch` and `/daily`).
#[cfg_attr(
    feature = "server",
    derive(utoipa::ToSchema, utoipa::IntoParams),
    into_params(parameter_in = Query)
)]
#[derive(Clone, Debug, Default, PartialEq, Eq, Deserialize)]
pub struct GenerationParameters {
    /// The genre. Required (in the query string or the body).
    pub genre: Option<ParsedGenre>,
    /// `<rows>x<cols>`; the genre's default when absent. Each genre has its own limits (`GET
    /// /genres` lists both); a shape outside them is a 422.
    pub shape: Option<ParsedShape>,
    /// `easy`, `medium`, `hard`, `expert` or `any` (the default). A shape too small for the
    /// level (a 4x4 grid cannot be hard) is a 422.
    pub level: Option<ParsedLevel>,
    /// Step budget (of each puzzle, in a batch), 1 to 10^12 (a 422 outside): a request may ask
    /// for less than the server's generation budget, never for more. Running out is a 422
    /// saying how far it got.
    pub budget: Option<StepBudget>,
    /// The lowest score the puzzle may have, 1.0 to 10.0 with at most one decimal (scores are
    /// tenths: 5.25 is a 400, 2.3000000000000003 as a client computes 23 * 0.1 is 2.3); with
    /// `score_max`, a range that must meet the level's band (easy 1.0-2.9, medium 3.0-4.9,
    /// hard 5.0-6.9, expert 7.0-10.0) or the request is a 422. Candidates are generated in a
    /// fixed order from the seed and the first in range is the puzzle; none of 256 in range
    /// is a 422.
    pub score_min: Option<Score>,
    /// The highest score the puzzle may have, 1.0 to 10.0 (one decimal); see `score_min`.
    pub score_max: Option<Score>,
    /// Whether the report carries the solution (default true). With `false` it leaves out
    /// everything that gives the solution away: `solution`, the genre's solution fields
    /// (cryptic Kakuro's `letters` and `encrypted`) and the rating's `deductions` (their
    /// placements are the solution), which is then empty; the level and the technique counts
    /// stay. For a site that sends the report to its players.
    pub solution: Option<bool>,
}

impl GenerationParameters {
    /// Each field that is given, on its own: what the document's schema says of that field.
    fn check_given(&self) -> Result<(), Error> {
        if let Some(budget) = self.budget {
            budget.steps()?;
        }
        if let Some(genre) = &self.genre {
            genre.check()?;
        }
        if let Some(shape) = &self.shape {
            shape.check()?;
        }
        if let Some(level) = &self.level {
            level.check()?;
        }
        Ok(())
    }

    /// These fields, with the ones absent taken from `fallback`.
    fn or(self, fallback: GenerationParameters) -> GenerationParameters {
        GenerationParameters {
            genre: self.genre.or(fallback.genre),
            shape: self.shape.or(fallback.shape),
            level: self.level.or(fallback.level),
            budget: self.budget.or(fallback.budget),
            score_min: self.score_min.or(fallback.score_min),
            score_max: self.score_max.or(fallback.score_max),
            solution: self.solution.or(fallback.solution),
        }
    }
}

/// A generation request: the [`GenerationParameters`] and the request's own fields `T`, read
/// from one flat JSON object or query string such as `genre=kakuro&level=easy&seed=7`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GenerationRequest<T> {
    /// What every generation takes.
    pub parameters: GenerationParameters,
    /// The request's own fields.
    pub options: T,
}

/// The own fields of a generation request (`/generate`'s, a batch's, the daily puzzle's).
pub trait GenerationOptions: DeserializeOwned + Default {
    /// What the request is, for the message of a request that is no object.
    const EXPECTING: &'static str;
    /// The [`GenerationParameters`] this request does not take: they are unknown fields of it.
    const NOT_TAKEN: &'static [&'static str] = &[];

    /// Each own field that is given, on its own: what the document's schema says of it.
    fn check_given(&self) -> Result<(), Error> {
        Ok(())
    }

    /// These fields, with the ones absent taken from `fallback` (a body over its query string).
    fn or(self, fallback: Self) -> Self;
}

impl<T: GenerationOptions> GenerationRequest<T> {
    /// The names of the request's fields, in the document's order: the parameters up to the
    /// level, the request's own fields, then the rest of the parameters.
    pub(super) fn field_names() -> Vec<&'static str> {
        let taken = |name: &&str| !T::NOT_TAKEN.contains(name);
        let shared = struct_fields::<GenerationParameters>();
        let split = shared
            .iter()
            .position(|&name| name == OWN_FIELDS_AFTER)
            .map_or(shared.len(), |level| level + 1);
        let (before, after) = shared.split_at(split);
        before
            .iter()
            .chain(struct_fields::<T>())
            .chain(after)
            .copied()
            .filter(taken)
            .collect()
    }
}

/// The parameter the request's own fields follow in the document (and in a message listing
/// the fields).
pub(super) const OWN_FIELDS_AFTER: &str = "level";

/// Parameters that come in a query string and, for a POST, in an optional JSON body whose
/// fields win (`/generate`, `/generate/batch`).
pub trait BodyOverQuery: Default + Sized {
    /// Each field that is given, on its own: what the document's schema says of that field
    /// (what fits together, such as a score range within the level's band, is checked when
    /// the request is planned).
    fn check_given(&self) -> Result<(), Error>;

    /// These fields, with the ones absent taken from `fallback`.
    fn or(self, fallback: Self) -> Self;
}

impl<T: GenerationOptions> BodyOverQuery for GenerationRequest<T> {
    fn check_given(&self) -> Result<(), Error> {
        self.parameters.check_given()?;
        self.options.check_given()
    }

    fn or(self, fallback: Self) -> Self {
        GenerationRequest {
            parameters: self.parameters.or(fallback.parameters),
            options: self.options.or(fallback.options),
        }
    }
}

/// The parameters given both ways: each source is checked on its own first, so a field that
/// breaks its schema is refused even where the other source gives it too; then the body's
/// fields win. Nothing is parsed here: the fields were parsed when each source was read.
pub fn from_body_and_query<R: BodyOverQuery>(body: Option<R>, query: R) -> Result<R, Error> {
    query.check_given()?;
    let body = body.unwrap_or_default();
    body.check_given()?;
    Ok(body.or(query))
}

impl<'de, T: GenerationOptions> Deserialize<'de> for GenerationRequest<T> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_map(RequestVisitor(PhantomData))
    }
}

struct RequestVisitor<T>(PhantomData<T>);

impl<'de, T: GenerationOptions> Visitor<'de> for RequestVisitor<T> {
    type Value = GenerationRequest<T>;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str(T::EXPECTING)
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
        let mut parameters = GenerationParameters::default();
        let route = Route::<A, T> {
            map: &mut map,
            parameters: &mut parameters,
            seen: Vec::new(),
            own: PhantomData,
        };
        let options = T::deserialize(MapAccessDeserializer::new(route))?;
        Ok(GenerationRequest {
            parameters,
            options,
        })
    }
}

/// The request's fields as its own fields' reader sees them: only its own names come through;
/// each parameter is read into `parameters` on the way, and any other name is refused.
struct Route<'a, A, T> {
    map: &'a mut A,
    parameters: &'a mut GenerationParameters,
    seen: Vec<String>,
    own: PhantomData<T>,
}

impl<'de, A: MapAccess<'de>, T: GenerationOptions> MapAccess<'de> for Route<'_, A, T> {
    type Error = A::Error;

    fn next_key_seed<K: DeserializeSeed<'de>>(
        &mut self,
        seed: K,
    ) -> Result<Option<K::Value>, A::Error> {
        while let Some(key) = self.map.next_key::<String>()? {
            if self.seen.contains(&key) {
                return Err(de::Error::custom(format_args!("duplicate field `{key}`")));
            }
            self.seen.push(key.clone());
            if struct_fields::<T>().contains(&key.as_str()) {
                return seed.deserialize(key.into_deserializer()).map(Some);
            }
            let parameter = struct_fields::<GenerationParameters>().contains(&key.as_str());
            if !parameter || T::NOT_TAKEN.contains(&key.as_str()) {
                let expected: Vec<String> = GenerationRequest::<T>::field_names()
                    .iter()
                    .map(|name| format!("`{name}`"))
                    .collect();
                return Err(de::Error::custom(format_args!(
                    "unknown field `{key}`, expected one of {}",
                    expected.join(", ")
                )));
            }
            let field = OneField {
                key: Some(key),
                map: &mut *self.map,
            };
            let read = GenerationParameters::deserialize(MapAccessDeserializer::new(field))?;
            *self.parameters = std::mem::take(self.parameters).or(read);
        }
        Ok(None)
    }

    fn next_value_seed<V: DeserializeSeed<'de>>(&mut self, seed: V) -> Result<V::Value, A::Error> {
        self.map.next_value_seed(seed)
    }
}

/// One field of the request, as the parameters' reader sees it: its name, then its value read
/// from the request.
struct OneField<'a, A> {
    key: Option<String>,
    map: &'a mut A,
}

impl<'de, A: MapAccess<'de>> MapAccess<'de> for OneField<'_, A> {
    type Error = A::Error;

    fn next_key_seed<K: DeserializeSeed<'de>>(
        &mut self,
        seed: K,
    ) -> Result<Option<K::Value>, A::Error> {
        self.key
            .take()
            .map(|key| seed.deserialize(key.into_deserializer()))
            .transpose()
    }

    fn next_value_seed<V: DeserializeSeed<'de>>(&mut self, seed: V) -> Result<V::Value, A::Error> {
        self.map.next_value_seed(seed)
    }
}
