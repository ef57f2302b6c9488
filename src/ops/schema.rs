//! The OpenAPI schemas this layer builds rather than derives: a request on a puzzle, which is
//! one of the four forms of its puzzle source each joined with the operation's own fields; a
//! generation request, the generation parameters joined with the request's own fields; and
//! the schemas of the wire's values, their bounds read from the named constants.

use std::borrow::Cow;

use utoipa::openapi::path::{Parameter, ParameterIn};
use utoipa::openapi::schema::{
    AdditionalProperties, Array, ArrayBuilder, KnownFormat, Object, ObjectBuilder, OneOfBuilder,
    Schema, SchemaFormat, SchemaType, Type,
};
use utoipa::openapi::RefOr;
use utoipa::{IntoParams, PartialSchema, ToSchema};

use super::date::Date;
use super::parameters::{GenerationOptions, GenerationParameters, GenerationRequest};
use super::request::PuzzleRequest;
use super::source::{PuzzleJson, PuzzleSource};
use super::wire::{BatchSize, Parsed, Seed, SolutionLimit, StepBudget};
use super::{MAX_BATCH, MAX_LIMIT, MAX_SEED, MAX_WIRE_BUDGET};
use crate::core::{Level, Shape, TargetLevel};
use crate::genres::AnyPuzzleObject;

/// `oneOf` the puzzle source's forms, each with the operation's fields added and nothing else
/// allowed: the schema says "exactly one of `puzzle`, `id`, `text` or `url`", and that an
/// unknown field is refused.
impl<T: ToSchema> PartialSchema for PuzzleRequest<T> {
    fn schema() -> RefOr<Schema> {
        let RefOr::T(Schema::Object(options)) = T::schema() else {
            unreachable!("an operation's options are a struct");
        };
        let RefOr::T(Schema::OneOf(forms)) = PuzzleSource::schema() else {
            unreachable!("a puzzle source is an untagged enum");
        };
        let joined = forms.items.into_iter().map(|form| {
            let RefOr::T(Schema::Object(mut form)) = form else {
                unreachable!("each puzzle source form is an object");
            };
            form.properties.extend(options.properties.clone());
            form.required.extend(options.required.iter().cloned());
            form.additional_properties = Some(Box::new(AdditionalProperties::FreeForm(false)));
            form
        });
        joined
            .fold(OneOfBuilder::new(), OneOfBuilder::item)
            .description(options.description.clone())
            .into()
    }
}

impl<T: ToSchema> ToSchema for PuzzleRequest<T> {
    /// The options' name: each operation's options are named for its request.
    fn name() -> Cow<'static, str> {
        T::name()
    }

    fn schemas(schemas: &mut Vec<(String, RefOr<Schema>)>) {
        PuzzleSource::schemas(schemas);
        T::schemas(schemas);
    }
}

/// A generation request is one object: the parameters up to the level, the request's own
/// fields, the rest of the parameters (less those the request does not take), nothing else.
impl<T: ToSchema + GenerationOptions> PartialSchema for GenerationRequest<T> {
    fn schema() -> RefOr<Schema> {
        let parameters = object::<GenerationParameters>();
        let own = object::<T>();
        let mut joined = ObjectBuilder::new()
            .schema_type(SchemaType::Type(Type::Object))
            .description(own.description.clone())
            .additional_properties(Some(AdditionalProperties::<Schema>::FreeForm(false)))
            .build();
        for name in GenerationRequest::<T>::field_names() {
            let property = own
                .properties
                .get(name)
                .or_else(|| parameters.properties.get(name))
                .expect("every field of the request has its schema");
            joined.properties.insert(name.to_string(), property.clone());
        }
        RefOr::T(Schema::Object(joined))
    }
}

impl<T: ToSchema + GenerationOptions> ToSchema for GenerationRequest<T> {
    /// The own fields' name: each generation request's are named for it.
    fn name() -> Cow<'static, str> {
        T::name()
    }

    fn schemas(schemas: &mut Vec<(String, RefOr<Schema>)>) {
        GenerationParameters::schemas(schemas);
        T::schemas(schemas);
    }
}

/// The query parameters of a generation request, in the order of its schema's fields.
impl<T: IntoParams + GenerationOptions> IntoParams for GenerationRequest<T> {
    fn into_params(parameter_in: impl Fn() -> Option<ParameterIn>) -> Vec<Parameter> {
        let mut parameters = GenerationParameters::into_params(&parameter_in);
        parameters.extend(T::into_params(&parameter_in));
        GenerationRequest::<T>::field_names()
            .into_iter()
            .filter_map(|name| {
                let index = parameters.iter().position(|p| p.name == name)?;
                Some(parameters.remove(index))
            })
            .collect()
    }
}

/// The object schema a derived type gives.
fn object<T: PartialSchema>() -> Object {
    let RefOr::T(Schema::Object(object)) = T::schema() else {
        unreachable!("a request's fields are a struct");
    };
    object
}

/// A parsed value's schema is its type's: the text it is parsed from is what the type's
/// schema describes.
impl<T: ToSchema> PartialSchema for Parsed<T> {
    fn schema() -> RefOr<Schema> {
        T::schema()
    }
}

impl<T: ToSchema> ToSchema for Parsed<T> {
    fn name() -> Cow<'static, str> {
        T::name()
    }

    fn schemas(schemas: &mut Vec<(String, RefOr<Schema>)>) {
        T::schemas(schemas);
    }
}

/// The genre's puzzle object, as the union of every genre's describes it.
impl PartialSchema for PuzzleJson {
    fn schema() -> RefOr<Schema> {
        AnyPuzzleObject::schema()
    }
}

impl ToSchema for PuzzleJson {
    fn name() -> Cow<'static, str> {
        AnyPuzzleObject::name()
    }

    fn schemas(schemas: &mut Vec<(String, RefOr<Schema>)>) {
        AnyPuzzleObject::schemas(schemas);
    }
}

/// A shape as the wire takes it ([`Shape`]'s `FromWire`): 1 to 3 digits each side of a
/// lowercase x.
const SHAPE_PATTERN: &str = "^[0-9]{1,3}x[0-9]{1,3}$";

impl PartialSchema for Shape {
    fn schema() -> RefOr<Schema> {
        ObjectBuilder::new()
            .schema_type(SchemaType::Type(Type::String))
            .description(Some("A grid's rows and columns, `<rows>x<cols>`."))
            .pattern(Some(SHAPE_PATTERN))
            .examples(["8x8"])
            .into()
    }
}

impl ToSchema for Shape {}

impl PartialSchema for Date {
    fn schema() -> RefOr<Schema> {
        ObjectBuilder::new()
            .schema_type(SchemaType::Type(Type::String))
            .format(Some(SchemaFormat::KnownFormat(KnownFormat::Date)))
            .description(Some("A day, `YYYY-MM-DD`."))
            .examples(["2025-03-14"])
            .into()
    }
}

impl ToSchema for Date {}

/// A whole number from `min` to `max`.
fn bounded(min: u64, max: u64, format: KnownFormat, description: &str) -> RefOr<Schema> {
    ObjectBuilder::new()
        .schema_type(SchemaType::Type(Type::Integer))
        .format(Some(SchemaFormat::KnownFormat(format)))
        .minimum(Some(min as f64))
        .maximum(Some(max as f64))
        .description(Some(description))
        .into()
}

impl PartialSchema for StepBudget {
    fn schema() -> RefOr<Schema> {
        bounded(
            1,
            MAX_WIRE_BUDGET,
            KnownFormat::Int64,
            "A step budget: a request may ask for less than the server's, never for more.",
        )
    }
}

impl ToSchema for StepBudget {}

impl PartialSchema for SolutionLimit {
    fn schema() -> RefOr<Schema> {
        bounded(
            1,
            MAX_LIMIT as u64,
            KnownFormat::Int64,
            "How many solutions to look for.",
        )
    }
}

impl ToSchema for SolutionLimit {}

impl PartialSchema for BatchSize {
    fn schema() -> RefOr<Schema> {
        bounded(
            1,
            MAX_BATCH as u64,
            KnownFormat::Int32,
            "How many puzzles a batch makes.",
        )
    }
}

impl ToSchema for BatchSize {}

impl PartialSchema for Seed {
    fn schema() -> RefOr<Schema> {
        seed()
            .description(Some(
                "A seed, 0 to 2^63-1: with the genre, shape, level and generator version it makes \
                 a puzzle.",
            ))
            .into()
    }
}

impl ToSchema for Seed {}

/// A seed: 0 to [`MAX_SEED`].
fn seed() -> ObjectBuilder {
    ObjectBuilder::new()
        .schema_type(SchemaType::Type(Type::Integer))
        .format(Some(SchemaFormat::KnownFormat(KnownFormat::Int64)))
        .minimum(Some(0))
        .maximum(Some(MAX_SEED as f64))
}

/// `seeds` in a query string: an array of seeds (repeated, as `style: form` writes an array,
/// or comma-separated), 1 to [`MAX_BATCH`] of them, each 0 to [`MAX_SEED`].
pub(super) fn seed_list() -> Array {
    seeds(ArrayBuilder::new())
}

/// `seeds` in a JSON body: the same array, or `null` for none.
pub(super) fn seed_list_in_body() -> Array {
    seeds(ArrayBuilder::new().schema_type(SchemaType::from_iter([Type::Array, Type::Null])))
}

fn seeds(array: ArrayBuilder) -> Array {
    array
        .items(seed())
        .min_items(Some(1))
        .max_items(Some(MAX_BATCH))
        .description(Some(
            "The seeds, 1 to 100 of them, each 0 to 2^63-1: one puzzle per seed, in this \
             order. In the query string, repeated (`seeds=1&seeds=2`: `style: form`, \
             `explode: true`), comma-separated (`seeds=1,2`) or repeated with brackets \
             (`seeds[]=1&seeds[]=2`). Not with `count`.",
        ))
        .build()
}

/// A booklet's `puzzles` in a JSON body: 1 to [`crate::print::MAX_BOOK`] puzzles, each an ID
/// or a puzzle source object (the forms `/solve` takes), or `null` for none.
#[cfg(feature = "print")]
pub(super) fn book_puzzles_in_body() -> Array {
    let RefOr::T(Schema::OneOf(forms)) = PuzzleSource::schema() else {
        unreachable!("a puzzle source is an untagged enum");
    };
    let puzzle = forms.items.into_iter().fold(
        OneOfBuilder::new().item(book_puzzle_id()),
        OneOfBuilder::item,
    );
    ArrayBuilder::new()
        .schema_type(SchemaType::from_iter([Type::Array, Type::Null]))
        .items(puzzle)
        .min_items(Some(1))
        .max_items(Some(crate::print::MAX_BOOK))
        .description(Some(
            "The puzzles to print instead of making them, 1 to 100: each an ID or a puzzle \
             source object as `/solve` takes one, of any genres, each with exactly one \
             solution. Not with the generation's fields.",
        ))
        .build()
}

/// A booklet's `puzzles` in a query string: IDs, repeated or comma-separated.
#[cfg(feature = "print")]
pub(super) fn book_puzzle_ids() -> Array {
    ArrayBuilder::new()
        .items(book_puzzle_id())
        .min_items(Some(1))
        .max_items(Some(crate::print::MAX_BOOK))
        .description(Some(
            "The puzzles to print instead of making them, as IDs (repeated or \
             comma-separated), 1 to 100. Not with the generation's fields.",
        ))
        .build()
}

#[cfg(feature = "print")]
fn book_puzzle_id() -> ObjectBuilder {
    ObjectBuilder::new()
        .schema_type(SchemaType::Type(Type::String))
        .description(Some("A puzzle's ID; its prefix names the genre."))
        .examples(["kakuro:3x3:DbAb/4.6.3.7"])
}

impl PartialSchema for TargetLevel {
    fn schema() -> RefOr<Schema> {
        let names = Level::RATED.iter().map(|level| level.name()).chain(["any"]);
        ObjectBuilder::new()
            .schema_type(SchemaType::Type(Type::String))
            .description(Some("The level a generator is asked for."))
            .enum_values(Some(names))
            .into()
    }
}

impl ToSchema for TargetLevel {}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ops::SolveRequest;

    #[test]
    fn every_target_level_name_is_read() {
        let RefOr::T(Schema::Object(object)) = TargetLevel::schema() else {
            panic!("an object schema");
        };
        for name in object.enum_values.unwrap() {
            let name = name.as_str().unwrap();
            assert_eq!(name.parse::<TargetLevel>().unwrap().name(), name);
        }
    }

    #[test]
    fn a_request_is_one_form_of_its_source_with_its_own_fields() {
        let RefOr::T(Schema::OneOf(forms)) = SolveRequest::schema() else {
            panic!("a oneOf");
        };
        assert_eq!(forms.items.len(), 4);
        for form in forms.items {
            let RefOr::T(Schema::Object(form)) = form else {
                panic!("an object");
            };
            assert!(form.properties.contains_key("limit"));
            assert!(form.properties.contains_key("genre"));
            assert_eq!(
                form.required.len(),
                form.required.iter().filter(|r| *r != "limit").count()
            );
        }
    }
}
