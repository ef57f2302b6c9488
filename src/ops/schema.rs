//! The OpenAPI schemas this layer builds rather than derives: a request on a puzzle, which is
//! one of the four forms of its puzzle source each joined with the operation's own fields,
//! and the level a generator is asked for.

use std::borrow::Cow;

use utoipa::openapi::schema::{
    AdditionalProperties, Array, ArrayBuilder, KnownFormat, ObjectBuilder, OneOfBuilder, Schema,
    SchemaFormat, SchemaType, Type,
};
use utoipa::openapi::RefOr;
use utoipa::{PartialSchema, ToSchema};

use super::request::PuzzleRequest;
use super::source::PuzzleSource;
use super::{MAX_BATCH, MAX_SEED};
use crate::core::{Level, TargetLevel};

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
    let seed = ObjectBuilder::new()
        .schema_type(SchemaType::Type(Type::Integer))
        .format(Some(SchemaFormat::KnownFormat(KnownFormat::Int64)))
        .minimum(Some(0))
        .maximum(Some(MAX_SEED as f64));
    array
        .items(seed)
        .min_items(Some(1))
        .max_items(Some(MAX_BATCH))
        .description(Some(
            "The seeds, 1 to 100 of them, each 0 to 2^63-1: one puzzle per seed, in this \
             order. In the query string, repeated (`seeds=1&seeds=2`) or comma-separated \
             (`seeds=1,2`). Not with `count`.",
        ))
        .build()
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
