//! The values a request's fields hold, each read from the wire (a JSON body or a query string)
//! by its own type, once, when the request is read: a genre, a shape, a level or a date is
//! parsed into a [`Parsed`] value; a number is read as a whole number into a type whose bounds
//! are named constants ([`StepBudget`], [`SolutionLimit`], [`BatchSize`], [`Seed`]). With the
//! `server` feature each type carries its OpenAPI schema (`schema.rs`), so a field's schema is
//! its type's.
//!
//! A value outside its limits is kept and refused when the request is planned, as the limits
//! error (422) the document promises for it: an unknown genre, a shape such as `6 by 6`, a
//! budget of 0. What is not even of the field's type (a number for a genre, a string for a
//! budget) is a malformed request (400) at once, as is a seed outside 0 to 2^63-1.

use std::fmt;

use serde::de::{self, Deserializer, SeqAccess, Visitor};
use serde::{Deserialize, Serialize, Serializer};

use super::date::Date;
use super::{MAX_BATCH, MAX_LIMIT, MAX_SEED, MAX_WIRE_BUDGET};
use crate::core::{InputError, Location, Shape, TargetLevel};
use crate::genres::GenreId;

/// A type a field's text is parsed into, by the wire's rule (which may be stricter than a text
/// format's: a genre's name exactly, a level in lowercase).
pub trait FromWire: Sized {
    /// The value `text` names; what is wrong with it otherwise.
    fn from_wire(text: &str) -> Result<Self, InputError>;
}

/// A field's value, parsed when the request is read: the value, or the error its text gave,
/// kept with the text. The request is read once; the plan made of it reports the error.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Parsed<T>(Result<T, Unparsed>);

/// A field's text that did not parse, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Unparsed {
    text: String,
    error: InputError,
}

/// A genre as a request names it.
pub type ParsedGenre = Parsed<GenreId>;
/// A shape as a request gives it, `<rows>x<cols>`.
pub type ParsedShape = Parsed<Shape>;
/// A level as a request asks for it.
pub type ParsedLevel = Parsed<TargetLevel>;
/// A date as a request gives it, `YYYY-MM-DD`.
pub type ParsedDate = Parsed<Date>;

impl<T> Parsed<T> {
    /// The value, or what is wrong with the text the field gave.
    pub fn value(&self) -> Result<&T, &InputError> {
        self.0.as_ref().map_err(|unparsed| &unparsed.error)
    }

    /// The value, or the error of its text, for a plan to report.
    pub(crate) fn read(&self) -> Result<T, InputError>
    where
        T: Clone,
    {
        self.value().cloned().map_err(InputError::clone)
    }

    /// The error of a text that did not parse.
    pub(crate) fn check(&self) -> Result<(), InputError> {
        self.value().map(drop).map_err(InputError::clone)
    }
}

impl<T> From<T> for Parsed<T> {
    fn from(value: T) -> Parsed<T> {
        Parsed(Ok(value))
    }
}

impl<T: FromWire> Parsed<T> {
    /// `text` parsed by the wire's rule: a door that reads the field's text itself (the CLI's
    /// flags) parses it so, once.
    pub fn of(text: impl Into<String>) -> Parsed<T> {
        let text = text.into();
        #[cfg(test)]
        counting::parsed();
        Parsed(T::from_wire(&text).map_err(|error| Unparsed { text, error }))
    }
}

impl<'de, T: FromWire> Deserialize<'de> for Parsed<T> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        String::deserialize(deserializer).map(Parsed::of)
    }
}

/// The value as the wire writes it, or the text as it was given.
impl<T: Serialize> Serialize for Parsed<T> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match &self.0 {
            Ok(value) => value.serialize(serializer),
            Err(unparsed) => serializer.serialize_str(&unparsed.text),
        }
    }
}

/// A genre as the document's enum lists it: exactly a registered name (a text's `genre:`
/// line and an ID's prefix may be in any case).
impl FromWire for GenreId {
    fn from_wire(name: &str) -> Result<GenreId, InputError> {
        let genre: GenreId = name.parse()?;
        if genre.name() == name {
            Ok(genre)
        } else {
            Err(InputError::limits(format!(
                "unknown genre '{name}': genre names are exact and lowercase, such as '{}'",
                genre.name()
            )))
        }
    }
}

/// A shape as the document's pattern allows it (1 to 3 digits each side of a lowercase x),
/// nothing else: the wire is strict where a text format may be lenient (`8X8`, ` 8x8`). A
/// shape off the pattern is malformed (400, as a malformed date is); one on it but outside
/// its genre's limits is refused when the request is planned (422).
impl FromWire for Shape {
    fn from_wire(text: &str) -> Result<Shape, InputError> {
        let digits =
            |part: &str| (1..=3).contains(&part.len()) && part.bytes().all(|b| b.is_ascii_digit());
        match text.split_once('x') {
            Some((rows, cols)) if digits(rows) && digits(cols) => {
                text.parse::<Shape>().map_err(InputError::limits)
            }
            _ => Err(InputError::syntax(
                Location::Input,
                format!(
                    "shape '{text}' should be <rows>x<cols>: 1 to 3 digits each side of a \
                     lowercase x, such as 8x8"
                ),
            )),
        }
    }
}

/// A level as the document's enum names it (lowercase).
impl FromWire for TargetLevel {
    fn from_wire(text: &str) -> Result<TargetLevel, InputError> {
        match text.parse::<TargetLevel>() {
            Ok(level) if level.name() == text => Ok(level),
            _ => Err(InputError::limits(format!(
                "unknown level '{text}': expected easy, medium, hard, expert or any (lowercase)"
            ))),
        }
    }
}

/// A date, `YYYY-MM-DD`: malformed is a syntax error, a day the calendar lacks is outside the
/// limits.
impl FromWire for Date {
    fn from_wire(text: &str) -> Result<Date, InputError> {
        text.parse()
    }
}

/// A request's `budget`: a whole number, within 1 to [`MAX_WIRE_BUDGET`] steps (a 422
/// outside, when the request is planned). A request may ask for less than the door's budget,
/// never for more.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StepBudget(pub u64);

impl StepBudget {
    /// The steps, when they are within the bounds.
    pub fn steps(self) -> Result<u64, InputError> {
        within("budget", 1, MAX_WIRE_BUDGET, self.0)
    }
}

/// A solve's `limit`: how many solutions to look for, 1 to [`MAX_LIMIT`] (a 422 outside).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SolutionLimit(pub usize);

impl SolutionLimit {
    /// The limit, when it is within the bounds.
    pub fn limit(self) -> Result<usize, InputError> {
        within("limit", 1, MAX_LIMIT as u64, self.0 as u64).map(|limit| limit as usize)
    }
}

/// A batch's `count`: how many puzzles, 1 to [`MAX_BATCH`] (a 422 outside).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BatchSize(pub u32);

impl BatchSize {
    /// The count, when it is within the bounds.
    pub fn count(self) -> Result<usize, InputError> {
        let count = self.0 as usize;
        if (1..=MAX_BATCH).contains(&count) {
            return Ok(count);
        }
        Err(InputError::limits(format!(
            "`count` is 1 to {MAX_BATCH}, not {count}"
        )))
    }
}

/// A seed as a request names it: 0 to [`MAX_SEED`], so that every JSON and OpenAPI client
/// (int64) can carry it; a seed outside is a malformed request (400). The generators take any
/// `u64`: the bound is the wire's.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Seed(pub u64);

/// `value` when it lies in `min..=max`; else the limits error of the field `name`.
fn within(name: &str, min: u64, max: u64, value: u64) -> Result<u64, InputError> {
    if value < min || value > max {
        return Err(InputError::limits(format!(
            "`{name}` must be {min} to {max}, not {value}"
        )));
    }
    Ok(value)
}

impl<'de> Deserialize<'de> for StepBudget {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        whole(deserializer).map(StepBudget)
    }
}

impl<'de> Deserialize<'de> for SolutionLimit {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        whole(deserializer).map(SolutionLimit)
    }
}

impl<'de> Deserialize<'de> for BatchSize {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        whole(deserializer).map(BatchSize)
    }
}

impl<'de> Deserialize<'de> for Seed {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let seed = whole(deserializer)?;
        seed_in_range(seed).map(Seed).map_err(de::Error::custom)
    }
}

/// `seed` when it is one the wire carries (0 to [`MAX_SEED`]).
pub(super) fn seed_in_range(seed: u64) -> Result<u64, String> {
    if seed > MAX_SEED {
        return Err(format!("seed must be 0 to {MAX_SEED}, not {seed}"));
    }
    Ok(seed)
}

/// Reads a whole number, with messages that name no Rust type ("expected a whole number"
/// rather than "expected u64").
struct Whole;

impl Visitor<'_> for Whole {
    type Value = u64;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a whole number")
    }

    fn visit_u64<E: de::Error>(self, value: u64) -> Result<u64, E> {
        Ok(value)
    }

    fn visit_i64<E: de::Error>(self, value: i64) -> Result<u64, E> {
        u64::try_from(value).map_err(|_| E::invalid_value(de::Unexpected::Signed(value), &self))
    }
}

/// A whole number that `T` holds; a larger one is "too large".
pub(super) fn whole<'de, D, T>(deserializer: D) -> Result<T, D::Error>
where
    D: Deserializer<'de>,
    T: TryFrom<u64>,
{
    let value = deserializer.deserialize_u64(Whole)?;
    T::try_from(value).map_err(|_| de::Error::custom(format!("{value} is too large")))
}

/// A whole number on its own.
pub(super) struct WholeNumber(pub(super) u64);

impl<'de> Deserialize<'de> for WholeNumber {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        whole(deserializer).map(WholeNumber)
    }
}

/// How many fields' texts were parsed and how many generations planned on this thread, for
/// the tests that show a request is parsed and planned once.
#[cfg(test)]
pub(crate) mod counting {
    use std::cell::Cell;

    thread_local! {
        static PARSED: Cell<usize> = const { Cell::new(0) };
        static PLANNED: Cell<usize> = const { Cell::new(0) };
    }

    pub(super) fn parsed() {
        PARSED.set(PARSED.get() + 1);
    }

    pub(in crate::ops) fn planned() {
        PLANNED.set(PLANNED.get() + 1);
    }

    /// The fields' texts parsed and the generations planned on this thread so far.
    pub(crate) fn counts() -> (usize, usize) {
        (PARSED.get(), PLANNED.get())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn genre(json: &str) -> Result<ParsedGenre, serde_json::Error> {
        serde_json::from_str(json)
    }

    #[test]
    fn a_text_that_does_not_parse_is_kept_with_its_error() {
        let unknown = genre(r#""sudoku""#).unwrap();
        let error = unknown.value().unwrap_err();
        assert!(
            error.to_string().contains("unknown genre 'sudoku'"),
            "{error}"
        );
        assert_eq!(serde_json::to_string(&unknown).unwrap(), r#""sudoku""#);
        let capitals = genre(r#""KAKURO""#).unwrap();
        assert!(capitals
            .value()
            .unwrap_err()
            .to_string()
            .contains("exact and lowercase"));
        assert_eq!(
            genre(&format!("\"{}\"", GenreId::DEFAULT)).unwrap(),
            Parsed::from(GenreId::DEFAULT)
        );
        // Not a string at all: malformed, at once.
        let error = genre("5").unwrap_err();
        assert!(error.to_string().contains("expected a string"), "{error}");
    }

    #[test]
    fn shapes_and_levels_follow_the_documents_pattern_and_enum() {
        for bad in ["6 by 6", "8X8", " 8x8", "1234x1", "x8"] {
            assert!(Shape::from_wire(bad).is_err(), "{bad}");
        }
        assert_eq!(Shape::from_wire("08x12"), Ok(Shape::new(8, 12)));
        assert!(TargetLevel::from_wire("EASY").is_err());
        assert_eq!(TargetLevel::from_wire("any"), Ok(TargetLevel::Any));
    }

    #[test]
    fn numbers_are_whole_and_checked_against_their_bounds() {
        let budget: StepBudget = serde_json::from_str("0").unwrap();
        let error = budget.steps().unwrap_err();
        assert!(
            error.to_string().contains("`budget` must be 1 to"),
            "{error}"
        );
        assert_eq!(StepBudget(MAX_WIRE_BUDGET).steps(), Ok(MAX_WIRE_BUDGET));
        assert!(SolutionLimit(MAX_LIMIT + 1).limit().is_err());
        assert!(BatchSize(0).count().is_err());
        for (json, message) in [
            ("-1", "invalid value: integer `-1`, expected a whole number"),
            (
                "1.5",
                "invalid type: floating point `1.5`, expected a whole number",
            ),
            (
                "true",
                "invalid type: boolean `true`, expected a whole number",
            ),
        ] {
            let error = serde_json::from_str::<StepBudget>(json).unwrap_err();
            assert!(error.to_string().contains(message), "{error}");
        }
        let error = serde_json::from_str::<BatchSize>("4294967296").unwrap_err();
        assert!(error.to_string().contains("is too large"), "{error}");
        let error = serde_json::from_str::<Seed>("9223372036854775808").unwrap_err();
        assert!(error.to_string().contains("seed must be 0 to"), "{error}");
    }
}

/// An item of a list field that a JSON body gives as an array and a query string as text
/// separated by commas (`seeds`, a book's `puzzles`): read by [`optional_list`].
pub(super) trait ListItem: Sized {
    /// What the list is, for a malformed request's message.
    const EXPECTING: &'static str;
    /// The most items an array may list: reading stops with [`ListItem::too_many`] past it.
    const MAX: usize;
    /// What an array longer than [`ListItem::MAX`] is told.
    fn too_many() -> String;
    /// One comma-separated part of a query string's text.
    fn from_text(part: &str) -> Result<Self, String>;
    /// The next element of an array.
    fn next<'de, A: SeqAccess<'de>>(items: &mut A) -> Result<Option<Self>, A::Error>;
}

/// A list field: absent or `null` is `None`; a JSON body's list is an array (a string there is
/// refused); a query string's deserializer hands its comma-separated text over as a string
/// whatever is asked.
pub(super) fn optional_list<'de, D: Deserializer<'de>, T: ListItem>(
    deserializer: D,
) -> Result<Option<Vec<T>>, D::Error> {
    struct List<T>(std::marker::PhantomData<T>);

    impl<'de, T: ListItem> Visitor<'de> for List<T> {
        type Value = Option<Vec<T>>;

        fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
            f.write_str(T::EXPECTING)
        }

        fn visit_none<E: de::Error>(self) -> Result<Self::Value, E> {
            Ok(None)
        }

        fn visit_unit<E: de::Error>(self) -> Result<Self::Value, E> {
            Ok(None)
        }

        fn visit_some<D: Deserializer<'de>>(
            self,
            deserializer: D,
        ) -> Result<Self::Value, D::Error> {
            deserializer.deserialize_seq(List(std::marker::PhantomData))
        }

        fn visit_str<E: de::Error>(self, text: &str) -> Result<Self::Value, E> {
            let items = text
                .split(',')
                .map(|part| T::from_text(part).map_err(E::custom))
                .collect::<Result<Vec<T>, E>>()?;
            Ok(Some(items))
        }

        fn visit_seq<A: SeqAccess<'de>>(self, mut items: A) -> Result<Self::Value, A::Error> {
            let mut list = Vec::new();
            while let Some(item) = T::next(&mut items)? {
                list.push(item);
                if list.len() > T::MAX {
                    return Err(de::Error::custom(T::too_many()));
                }
            }
            Ok(Some(list))
        }
    }

    deserializer.deserialize_option(List(std::marker::PhantomData))
}
