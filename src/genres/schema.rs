//! The OpenAPI schemas of the registry's types, built from the registered genres' own: the
//! genre names, and the unions of their puzzle objects, violations and solution fields. A new
//! genre's schemas join these by its registry line alone.
//!
//! The unions are `anyOf`, not `oneOf`: two genres may send values of the same shape (a
//! Kakuro and a cryptic Kakuro empty-cell violation), and `oneOf` would then match none. The
//! report's `genre` says which genre's schema applies.
//!
//! A genre's violation schema is its rule's (`<Genre>Violation`, one object per rule), each
//! object with the [`Description`]'s fields added, since a [`Violation`] sends them side by
//! side in one object.

use std::borrow::Cow;

use utoipa::openapi::schema::{
    AllOfBuilder, AnyOfBuilder, ObjectBuilder, Schema, SchemaType, Type,
};
use utoipa::openapi::{Ref, RefOr};
use utoipa::{PartialSchema, ToSchema};

use super::{
    dispatch, AnyPuzzleObject, AnySolutionExtra, AnyViolation, Description, GenreId, GenreVisitor,
    Registered, Violation, ViolationKind,
};

/// Named schemas, as [`ToSchema::schemas`] collects them.
type Schemas = Vec<(String, RefOr<Schema>)>;

/// Which of a genre's wire types a union is made of.
#[derive(Clone, Copy)]
enum Part {
    PuzzleObject,
    Violation,
    SolutionExtra,
}

/// One genre's schema of a [`Part`]: its name, the schema, and the schemas it refers to.
struct PartSchema {
    name: Cow<'static, str>,
    schema: RefOr<Schema>,
    dependencies: Schemas,
}

impl PartSchema {
    fn of<T: ToSchema>() -> PartSchema {
        let mut dependencies = Vec::new();
        T::schemas(&mut dependencies);
        PartSchema {
            name: T::name(),
            schema: T::schema(),
            dependencies,
        }
    }
}

/// Reads the schema of one [`Part`] of a genre.
struct PartOf {
    part: Part,
}

impl GenreVisitor for PartOf {
    type Output = PartSchema;

    fn visit<G: Registered>(self) -> PartSchema {
        match self.part {
            Part::PuzzleObject => PartSchema::of::<G::PuzzleObject>(),
            Part::Violation => PartSchema::of::<Violation<G::Rule>>(),
            Part::SolutionExtra => PartSchema::of::<G::SolutionExtra>(),
        }
    }
}

/// Every registered genre's schema of `part`, in the registry's order.
fn parts(part: Part) -> impl Iterator<Item = PartSchema> {
    GenreId::ALL
        .iter()
        .map(move |&id| dispatch(id, PartOf { part }))
}

/// `anyOf` the genres' schemas of `part`, by reference.
fn any_of(part: Part, description: &str) -> RefOr<Schema> {
    parts(part)
        .fold(AnyOfBuilder::new(), |any_of, genre| {
            any_of.item(Ref::from_schema_name(genre.name))
        })
        .description(Some(description))
        .into()
}

/// The genres' schemas of `part` and what they refer to, for the document's components.
fn collect(part: Part, schemas: &mut Schemas) {
    for genre in parts(part) {
        schemas.push((genre.name.into_owned(), genre.schema));
        schemas.extend(genre.dependencies);
    }
}

impl PartialSchema for GenreId {
    fn schema() -> RefOr<Schema> {
        ObjectBuilder::new()
            .schema_type(SchemaType::Type(Type::String))
            .description(Some(
                "A registered genre (`GET /genres` describes each one).",
            ))
            .enum_values(Some(GenreId::ALL.iter().map(|id| id.name())))
            .into()
    }
}

impl ToSchema for GenreId {
    fn name() -> Cow<'static, str> {
        Cow::Borrowed("Genre")
    }
}

impl PartialSchema for AnyPuzzleObject {
    fn schema() -> RefOr<Schema> {
        any_of(
            Part::PuzzleObject,
            "The genre's JSON puzzle object (see each genre's schema).",
        )
    }
}

impl ToSchema for AnyPuzzleObject {
    fn name() -> Cow<'static, str> {
        Cow::Borrowed("PuzzleObject")
    }

    fn schemas(schemas: &mut Schemas) {
        collect(Part::PuzzleObject, schemas);
    }
}

impl PartialSchema for AnyViolation {
    fn schema() -> RefOr<Schema> {
        any_of(
            Part::Violation,
            "A broken rule instance: in the genre's own form, tagged by `rule` and placed by \
             zero-based `row` and `col`, and beside that what any client shows it by, \
             whatever the genre: a genre-neutral `kind`, a plain-words `message`, and the \
             `cells` and `clues` it is about.",
        )
    }
}

impl ToSchema for AnyViolation {
    fn name() -> Cow<'static, str> {
        Cow::Borrowed("Violation")
    }

    fn schemas(schemas: &mut Schemas) {
        collect(Part::Violation, schemas);
    }
}

/// The rule's schema with the description's fields added to each of its objects (to the one
/// object of a rule that is a struct, or to each of an enum's).
impl<R: ToSchema> PartialSchema for Violation<R> {
    fn schema() -> RefOr<Schema> {
        let RefOr::T(Schema::Object(description)) = Description::schema() else {
            unreachable!("a derived struct schema is an object")
        };
        let described = |object: &mut utoipa::openapi::schema::Object| {
            object.properties.extend(description.properties.clone());
            object.required.extend(description.required.clone());
        };
        match R::schema() {
            RefOr::T(Schema::Object(mut object)) => {
                described(&mut object);
                RefOr::T(Schema::Object(object))
            }
            RefOr::T(Schema::OneOf(mut one_of)) => {
                for item in &mut one_of.items {
                    match item {
                        RefOr::T(Schema::Object(object)) => described(object),
                        _ => unreachable!("a tagged enum's variants are objects"),
                    }
                }
                RefOr::T(Schema::OneOf(one_of))
            }
            other => AllOfBuilder::new()
                .item(other)
                .item(RefOr::T(Schema::Object(description)))
                .into(),
        }
    }
}

impl<R: ToSchema> ToSchema for Violation<R> {
    fn name() -> Cow<'static, str> {
        R::name()
    }

    fn schemas(schemas: &mut Schemas) {
        R::schemas(schemas);
        schemas.push((ViolationKind::name().into_owned(), ViolationKind::schema()));
    }
}

/// One object holding every genre's solution fields, each optional: a report carries those of
/// its genre only. (Two genres naming the same field would need one meaning for it; the
/// registry's test says they do not.)
impl PartialSchema for AnySolutionExtra {
    fn schema() -> RefOr<Schema> {
        let mut merged = ObjectBuilder::new()
            .description(Some(
                "Solution fields a genre adds beyond the rows (present for that genre only).",
            ))
            .build();
        for genre in parts(Part::SolutionExtra) {
            if let RefOr::T(Schema::Object(object)) = genre.schema {
                merged.properties.extend(object.properties);
            }
        }
        RefOr::T(Schema::Object(merged))
    }
}

impl ToSchema for AnySolutionExtra {
    fn name() -> Cow<'static, str> {
        Cow::Borrowed("SolutionExtra")
    }

    fn schemas(schemas: &mut Schemas) {
        for genre in parts(Part::SolutionExtra) {
            schemas.extend(genre.dependencies);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_two_genres_name_the_same_solution_field() {
        let mut seen = std::collections::BTreeSet::new();
        for genre in parts(Part::SolutionExtra) {
            let RefOr::T(Schema::Object(object)) = genre.schema else {
                panic!("{}: solution fields are an object", genre.name);
            };
            for field in object.properties.into_keys() {
                assert!(seen.insert(field.clone()), "two genres add `{field}`");
            }
        }
    }

    #[test]
    fn every_genre_has_its_own_schema_names() {
        for part in [Part::PuzzleObject, Part::Violation] {
            let names: std::collections::BTreeSet<_> = parts(part).map(|p| p.name).collect();
            assert_eq!(names.len(), GenreId::ALL.len());
        }
    }

    #[test]
    fn genre_names_are_the_registry_names() {
        let RefOr::T(Schema::Object(object)) = GenreId::schema() else {
            panic!("the genre schema is an object schema");
        };
        let names: Vec<_> = GenreId::ALL.iter().map(|id| id.name().into()).collect();
        assert_eq!(object.enum_values, Some(names));
    }
}
