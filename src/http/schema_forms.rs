//! The document's schemas in forms every client generator reads.
//!
//! utoipa writes each schema as JSON Schema says it best: a bounded number or a patterned string
//! as a named component, a flattened struct as an `allOf`, an enum of objects as a `oneOf`, an
//! optional field as `type: [T, "null"]`. The generators CI runs read most of that, but
//! openapi-python-generator models a component only when it is an enum or an object with
//! `properties`: any other component becomes an empty pydantic class, which drops every field
//! of an answer and sends `{}` for a request, and of a type list it reads only the first type
//! (a nullable score becomes a plain `float`, which a `null` fails). So the served document says
//! the same things in forms every generator reads, without taking a union from those that read
//! unions:
//!
//! - a component that is neither an object, an enum nor a union of objects (a shape, a seed, a
//!   budget, an answer's rows) is written out where it is used;
//! - an `allOf` of objects is the one object it describes;
//! - `type: [T, "null"]` is `oneOf: [{"type": "null"}, T]`, which every generator reads;
//! - a union of objects that a field, a body or an answer names directly (a puzzle object, a
//!   violation, a batch line, a request's four puzzle sources) keeps its alternatives and lists
//!   beside them, as `properties`, every field they have, each as the alternatives allow it.
//!   A generator that reads unions keeps the union (TypeScript's types intersect it with those
//!   optional fields); one that reads only properties gets a class with every field. Such a
//!   class sends the fields it was not given as `null`, which the service reads as absent
//!   (see `PuzzleSource` and `puzzle_object_keys`);
//! - a component nothing names any more (the parts of a joined `allOf`) is dropped.

use serde_json::{Map, Value};

/// Where the document's schemas are, as a `$ref` names them.
const SCHEMAS: &str = "#/components/schemas/";

/// `document` (the OpenAPI document as utoipa writes it) in forms every generator reads.
pub(super) fn for_every_generator(mut document: Value) -> Value {
    write_out_plain_components(&mut document);
    join_all_of(&mut document);
    nullable_as_one_of(&mut document);
    list_union_properties(&mut document);
    drop_unused_components(&mut document);
    rewrite_objects(&mut document, &mut |fields| {
        fields.remove(MERGED);
    });
    document
}

/// The document's schemas (a copy, to resolve references while the document changes).
fn schemas(document: &Value) -> Map<String, Value> {
    document["components"]["schemas"]
        .as_object()
        .cloned()
        .unwrap_or_default()
}

/// The name a `$ref` to one of the document's schemas gives.
fn referenced(schema: &Value) -> Option<&str> {
    schema.get("$ref")?.as_str()?.strip_prefix(SCHEMAS)
}

/// `schema`, its references followed.
fn resolve<'a>(schemas: &'a Map<String, Value>, mut schema: &'a Value) -> &'a Value {
    // A chain of references ends within as many steps as there are schemas.
    for _ in 0..=schemas.len() {
        match referenced(schema).and_then(|name| schemas.get(name)) {
            Some(target) => schema = target,
            None => break,
        }
    }
    schema
}

/// The alternatives of a `oneOf` or `anyOf`.
fn alternatives(schema: &Value) -> Option<&Vec<Value>> {
    schema
        .get("oneOf")
        .or_else(|| schema.get("anyOf"))
        .and_then(Value::as_array)
}

/// Whether `schema` describes objects: an object, an `allOf` of objects, or a union of them.
fn is_object(schemas: &Map<String, Value>, schema: &Value) -> bool {
    let schema = resolve(schemas, schema);
    if let Some(parts) = schema.get("allOf").and_then(Value::as_array) {
        return parts.iter().all(|part| is_object(schemas, part));
    }
    if let Some(alternatives) = alternatives(schema) {
        return alternatives.iter().all(|a| is_object(schemas, a));
    }
    schema.get("type").and_then(Value::as_str) == Some("object")
        || schema.get("properties").is_some()
}

/// Every object of `value`, the innermost first, handed to `rewrite`.
fn rewrite_objects(value: &mut Value, rewrite: &mut impl FnMut(&mut Map<String, Value>)) {
    match value {
        Value::Object(fields) => {
            for field in fields.values_mut() {
                rewrite_objects(field, rewrite);
            }
            rewrite(fields);
        }
        Value::Array(items) => {
            for item in items {
                rewrite_objects(item, rewrite);
            }
        }
        _ => {}
    }
}

/// Writes out, where each is named, the components that are neither objects, enums nor unions
/// of objects, and drops them. The keys beside a `$ref` (its description) stay.
fn write_out_plain_components(document: &mut Value) {
    let schemas = schemas(document);
    let plain: Map<String, Value> = schemas
        .iter()
        .filter(|(_, schema)| schema.get("enum").is_none() && !is_object(&schemas, schema))
        .map(|(name, schema)| (name.clone(), schema.clone()))
        .collect();
    // A plain component may name another (none does today); each pass writes out one level.
    for _ in 0..=plain.len() {
        let mut wrote = false;
        rewrite_objects(document, &mut |fields| {
            let Some(schema) = fields
                .get("$ref")
                .and_then(Value::as_str)
                .and_then(|r| r.strip_prefix(SCHEMAS))
                .and_then(|name| plain.get(name))
            else {
                return;
            };
            let mut written = schema.as_object().cloned().unwrap_or_default();
            fields.remove("$ref");
            written.append(fields);
            *fields = written;
            wrote = true;
        });
        if !wrote {
            break;
        }
    }
    if let Some(components) = document["components"]["schemas"].as_object_mut() {
        components.retain(|name, _| !plain.contains_key(name));
    }
}

/// The fields of the objects `schema` describes, in order, and those it requires: its own, its
/// `allOf` parts' (all required), or its alternatives' (merged by [`merge`], none required).
fn fields_of(schemas: &Map<String, Value>, schema: &Value) -> (Map<String, Value>, Vec<Value>) {
    let schema = resolve(schemas, schema);
    if let Some(parts) = schema.get("allOf").and_then(Value::as_array) {
        let (mut fields, mut required) = (Map::new(), Vec::new());
        for part in parts {
            let (more, also) = fields_of(schemas, part);
            fields.extend(more);
            for name in also {
                if !required.contains(&name) {
                    required.push(name);
                }
            }
        }
        return (fields, required);
    }
    if let Some(alternatives) = alternatives(schema) {
        let mut fields = Map::new();
        for alternative in alternatives {
            for (name, field) in fields_of(schemas, alternative).0 {
                let merged = match fields.remove(&name) {
                    Some(seen) => merge(seen, field),
                    None => field,
                };
                fields.insert(name, merged);
            }
        }
        return (fields, Vec::new());
    }
    let fields = schema.get("properties").and_then(Value::as_object);
    let required = schema.get("required").and_then(Value::as_array);
    (
        fields.cloned().unwrap_or_default(),
        required.cloned().unwrap_or_default(),
    )
}

/// Joins every `allOf` of objects into the one object it describes: the parts' fields in order,
/// all their required fields, and the `allOf`'s own description.
fn join_all_of(document: &mut Value) {
    let schemas = schemas(document);
    rewrite_objects(document, &mut |fields| {
        let Some(parts) = fields.get("allOf") else {
            return;
        };
        if !parts
            .as_array()
            .is_some_and(|parts| parts.iter().all(|part| is_object(&schemas, part)))
        {
            return;
        }
        let (properties, required) = fields_of(&schemas, &Value::Object(fields.clone()));
        let mut joined = Map::new();
        joined.insert("type".into(), "object".into());
        if !required.is_empty() {
            joined.insert("required".into(), Value::Array(required));
        }
        joined.insert("properties".into(), Value::Object(properties));
        fields.remove("allOf");
        joined.append(fields);
        *fields = joined;
    });
}

/// The keys that say what a schema means rather than what it allows.
const NOTES: [&str; 4] = ["description", "example", "examples", "default"];

/// `schema` without its notes, to compare what two schemas allow.
fn allowed(schema: &Value) -> Value {
    match schema {
        Value::Object(fields) => Value::Object(
            fields
                .iter()
                .filter(|(key, _)| !NOTES.contains(&key.as_str()))
                .map(|(key, value)| (key.clone(), value.clone()))
                .collect(),
        ),
        other => other.clone(),
    }
}

/// `type: [T, "null"]` as `oneOf: [{"type": "null"}, {"type": T, ...}]`, the notes outside.
fn nullable_as_one_of(document: &mut Value) {
    rewrite_objects(document, &mut |fields| {
        let Some(types) = fields.get("type").and_then(Value::as_array) else {
            return;
        };
        let others: Vec<&Value> = types.iter().filter(|t| *t != "null").collect();
        if types.len() != 2 || others.len() != 1 {
            return;
        }
        let kind = others[0].clone();
        let (notes, mut inner): (Map<String, Value>, Map<String, Value>) = std::mem::take(fields)
            .into_iter()
            .partition(|(key, _)| NOTES.contains(&key.as_str()));
        inner.insert("type".into(), kind);
        fields.insert(
            "oneOf".into(),
            Value::Array(vec![
                serde_json::json!({"type": "null"}),
                Value::Object(inner),
            ]),
        );
        fields.extend(notes);
    });
}

/// The schema of `oneOf: [{"type": "null"}, schema]`, when `nullable` is one.
fn non_null(nullable: &Value) -> Option<&Value> {
    match nullable.get("oneOf").and_then(Value::as_array)?.as_slice() {
        [null, schema] if *null == serde_json::json!({"type": "null"}) => Some(schema),
        _ => None,
    }
}

/// One field's schema for every alternative that has it: the same schema once; the nullable
/// one of a schema and its nullable form; the values of both of two string enums (a
/// violation's `rule`); else `anyOf` the distinct schemas.
fn merge(seen: Value, field: Value) -> Value {
    if allowed(&seen) == allowed(&field) {
        return seen;
    }
    if non_null(&seen).is_some_and(|inner| allowed(inner) == allowed(&field)) {
        return seen;
    }
    if non_null(&field).is_some_and(|inner| allowed(inner) == allowed(&seen)) {
        return field;
    }
    let values = |schema: &Value| -> Option<Vec<Value>> {
        let is_string = schema.get("type").and_then(Value::as_str) == Some("string");
        is_string.then(|| schema.get("enum")?.as_array().cloned())?
    };
    if let (Some(mut both), Some(more)) = (values(&seen), values(&field)) {
        for value in more {
            if !both.contains(&value) {
                both.push(value);
            }
        }
        return serde_json::json!({"type": "string", "enum": both});
    }
    let mut choices = match seen.get("anyOf").and_then(Value::as_array) {
        Some(choices) if seen.get(MERGED).is_some() => choices.clone(),
        _ => vec![seen],
    };
    if !choices
        .iter()
        .any(|choice| allowed(choice) == allowed(&field))
    {
        choices.push(field);
    }
    serde_json::json!({"anyOf": choices, MERGED: true})
}

/// Marks an `anyOf` [`merge`] made, so that a third schema joins it rather than nests it;
/// removed at the end of [`for_every_generator`].
const MERGED: &str = "x-merged";

/// The names of the schemas that something names other than as an alternative of a union: a
/// field, an array's items, a body, an answer, a parameter.
fn named_directly(value: &Value, found: &mut Vec<String>, as_alternative: bool) {
    match value {
        Value::Object(fields) => {
            if let Some(name) = referenced(value) {
                if !as_alternative && !found.iter().any(|seen| seen == name) {
                    found.push(name.to_string());
                }
            }
            for (key, field) in fields {
                named_directly(field, found, key == "oneOf" || key == "anyOf");
            }
        }
        Value::Array(items) => {
            for item in items {
                named_directly(item, found, as_alternative);
            }
        }
        _ => {}
    }
}

/// Gives every union of objects that something names directly the fields of its alternatives
/// as `properties`, beside the union.
fn list_union_properties(document: &mut Value) {
    let schemas = schemas(document);
    let mut direct = Vec::new();
    named_directly(document, &mut direct, false);
    let Some(components) = document["components"]["schemas"].as_object_mut() else {
        return;
    };
    for (name, schema) in components.iter_mut() {
        let union = alternatives(schema).is_some() && is_object(&schemas, schema);
        if !union || !direct.contains(name) {
            continue;
        }
        let (properties, _) = fields_of(&schemas, schema);
        let Value::Object(old) = std::mem::take(schema) else {
            continue;
        };
        let mut listed = Map::new();
        listed.insert("type".into(), "object".into());
        listed.insert("properties".into(), Value::Object(properties));
        listed.extend(old);
        *schema = Value::Object(listed);
    }
}

/// Drops the components that nothing outside them names, directly or through other components.
fn drop_unused_components(document: &mut Value) {
    let schemas = schemas(document);
    let mut outside = document.clone();
    if let Some(components) = outside["components"].as_object_mut() {
        components.remove("schemas");
    }
    let mut used = Vec::new();
    let mut reached = vec![outside];
    while let Some(value) = reached.pop() {
        let mut names = Vec::new();
        every_reference(&value, &mut names);
        for name in names {
            if !used.contains(&name) {
                if let Some(schema) = schemas.get(&name) {
                    reached.push(schema.clone());
                }
                used.push(name);
            }
        }
    }
    if let Some(components) = document["components"]["schemas"].as_object_mut() {
        components.retain(|name, _| used.contains(name));
    }
}

/// The names of every schema `value` references.
fn every_reference(value: &Value, found: &mut Vec<String>) {
    match value {
        Value::Object(fields) => {
            if let Some(name) = referenced(value) {
                found.push(name.to_string());
            }
            fields
                .values()
                .for_each(|field| every_reference(field, found));
        }
        Value::Array(items) => items.iter().for_each(|item| every_reference(item, found)),
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn document(schemas: Value, uses: Value) -> Value {
        json!({"paths": {"/x": {"post": {"requestBody": {"content": {"application/json": {"schema": uses}}}}}},
               "components": {"schemas": schemas}})
    }

    #[test]
    fn plain_components_are_written_where_they_are_used() {
        let shaped = for_every_generator(document(
            json!({
                "Shape": {"type": "string", "pattern": "^x$"},
                "Genre": {"type": "string", "enum": ["a"]},
                "Request": {"type": "object", "properties": {
                    "shape": {"$ref": "#/components/schemas/Shape", "description": "The shape."},
                    "genre": {"$ref": "#/components/schemas/Genre"}}}
            }),
            json!({"$ref": "#/components/schemas/Request"}),
        ));
        let schemas = &shaped["components"]["schemas"];
        assert!(schemas.get("Shape").is_none());
        assert_eq!(
            schemas["Request"]["properties"]["shape"],
            json!({"type": "string", "pattern": "^x$", "description": "The shape."})
        );
        assert_eq!(
            schemas["Request"]["properties"]["genre"],
            json!({"$ref": "#/components/schemas/Genre"})
        );
    }

    #[test]
    fn an_all_of_is_one_object_and_its_parts_go() {
        let shaped = for_every_generator(document(
            json!({
                "Extra": {"type": "object", "properties": {"letters": {"type": "string"}}},
                "Report": {"description": "A report.", "allOf": [
                    {"$ref": "#/components/schemas/Extra"},
                    {"type": "object", "required": ["id"], "properties": {"id": {"type": "string"}}}]}
            }),
            json!({"$ref": "#/components/schemas/Report"}),
        ));
        let schemas = &shaped["components"]["schemas"];
        assert_eq!(
            schemas["Report"],
            json!({"type": "object", "required": ["id"],
                   "properties": {"letters": {"type": "string"}, "id": {"type": "string"}},
                   "description": "A report."})
        );
        assert!(schemas.get("Extra").is_none());
    }

    #[test]
    fn a_nullable_type_is_a_one_of_with_null() {
        let shaped = for_every_generator(document(
            json!({"Report": {"type": "object", "properties": {
                "score": {"type": ["number", "null"], "minimum": 1, "description": "The score."}}}}),
            json!({"$ref": "#/components/schemas/Report"}),
        ));
        assert_eq!(
            shaped["components"]["schemas"]["Report"]["properties"]["score"],
            json!({"oneOf": [{"type": "null"}, {"type": "number", "minimum": 1}], "description": "The score."})
        );
    }

    #[test]
    fn a_union_named_directly_lists_its_alternatives_fields() {
        let shaped = for_every_generator(document(
            json!({
                "Run": {"type": "object", "required": ["rule", "sum"], "properties": {
                    "rule": {"type": "string", "enum": ["R1"]}, "sum": {"type": "integer"}}},
                "Letters": {"type": "object", "required": ["rule", "sum"], "properties": {
                    "rule": {"type": "string", "enum": ["R3"]}, "sum": {"type": ["string", "null"]}}},
                "Empty": {"type": "object", "required": ["rule"], "properties": {
                    "rule": {"type": "string", "enum": ["R2"]}, "sum": {"type": "boolean"}}},
                "Kakuro": {"oneOf": [{"$ref": "#/components/schemas/Run"}, {"$ref": "#/components/schemas/Empty"}]},
                "Violation": {"anyOf": [{"$ref": "#/components/schemas/Kakuro"}, {"$ref": "#/components/schemas/Letters"}]}
            }),
            json!({"type": "array", "items": {"$ref": "#/components/schemas/Violation"}}),
        ));
        let schemas = &shaped["components"]["schemas"];
        assert_eq!(
            schemas["Violation"]["properties"],
            json!({
                "rule": {"type": "string", "enum": ["R1", "R2", "R3"]},
                "sum": {"anyOf": [{"type": "integer"}, {"type": "boolean"},
                                  {"oneOf": [{"type": "null"}, {"type": "string"}]}]}
            })
        );
        assert_eq!(schemas["Violation"]["type"], "object");
        assert_eq!(schemas["Violation"]["anyOf"].as_array().unwrap().len(), 2);
        // Named only as an alternative: a union as it was.
        assert!(schemas["Kakuro"].get("properties").is_none());
    }

    /// A value an alternative allows is allowed by the fields listed beside the union.
    #[test]
    fn nullable_and_plain_forms_merge_into_the_nullable_one() {
        let nullable = json!({"oneOf": [{"type": "null"}, {"$ref": "#/components/schemas/Genre"}]});
        let plain = json!({"$ref": "#/components/schemas/Genre", "description": "The genre."});
        assert_eq!(merge(plain.clone(), nullable.clone()), nullable);
        assert_eq!(merge(nullable.clone(), plain), nullable);
    }
}
