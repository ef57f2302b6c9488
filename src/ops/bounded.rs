//! The JSON values a request holds before its genre reads them (the `puzzle` object, an
//! operation's own fields), read with limits: at most [`MAX_NESTED_VALUES`] values, and no
//! key twice in an object.
//!
//! Read into a plain `serde_json::Value`, a body of a million small values (`[0,0,0,...]`)
//! costs about forty times its size in memory before anything looks at it, and an object's
//! repeated key silently keeps its last value. Counting while reading stops such a body at
//! the limit, so a request never holds more than a few hundred kilobytes of values, and a
//! repeated key is refused by name.

use std::fmt;

use serde::de::{self, Deserialize, DeserializeSeed, Deserializer, MapAccess, SeqAccess, Visitor};
use serde_json::{Map, Number, Value};

/// The most JSON values (objects, arrays, strings, numbers, ...) one field of a request may
/// hold. A Kakuro grid of the largest shape, 160 row strings, is 162 values; a 32x32
/// Kakurasu, 67.
pub const MAX_NESTED_VALUES: usize = 8192;

/// A JSON value read within the limits.
pub(super) struct BoundedValue(Value);

impl BoundedValue {
    pub(super) fn into_value(self) -> Value {
        self.0
    }
}

impl<'de> Deserialize<'de> for BoundedValue {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let mut left = MAX_NESTED_VALUES;
        Counted { left: &mut left }
            .deserialize(deserializer)
            .map(BoundedValue)
    }
}

/// Reads one value, counting it and everything in it against `left`.
struct Counted<'a> {
    left: &'a mut usize,
}

impl Counted<'_> {
    fn take<E: de::Error>(&mut self) -> Result<(), E> {
        if *self.left == 0 {
            return Err(E::custom(format_args!(
                "more than {MAX_NESTED_VALUES} JSON values in one field; no puzzle needs that many"
            )));
        }
        *self.left -= 1;
        Ok(())
    }
}

impl<'de> DeserializeSeed<'de> for Counted<'_> {
    type Value = Value;

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<Value, D::Error> {
        deserializer.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for Counted<'_> {
    type Value = Value;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("any JSON value")
    }

    fn visit_bool<E: de::Error>(mut self, value: bool) -> Result<Value, E> {
        self.take()?;
        Ok(Value::Bool(value))
    }

    fn visit_i64<E: de::Error>(mut self, value: i64) -> Result<Value, E> {
        self.take()?;
        Ok(Value::Number(value.into()))
    }

    fn visit_u64<E: de::Error>(mut self, value: u64) -> Result<Value, E> {
        self.take()?;
        Ok(Value::Number(value.into()))
    }

    fn visit_f64<E: de::Error>(mut self, value: f64) -> Result<Value, E> {
        self.take()?;
        Ok(Number::from_f64(value).map_or(Value::Null, Value::Number))
    }

    fn visit_str<E: de::Error>(mut self, value: &str) -> Result<Value, E> {
        self.take()?;
        Ok(Value::String(value.to_string()))
    }

    fn visit_string<E: de::Error>(mut self, value: String) -> Result<Value, E> {
        self.take()?;
        Ok(Value::String(value))
    }

    fn visit_unit<E: de::Error>(mut self) -> Result<Value, E> {
        self.take()?;
        Ok(Value::Null)
    }

    fn visit_none<E: de::Error>(self) -> Result<Value, E> {
        self.visit_unit()
    }

    fn visit_some<D: Deserializer<'de>>(self, deserializer: D) -> Result<Value, D::Error> {
        self.deserialize(deserializer)
    }

    fn visit_seq<A: SeqAccess<'de>>(mut self, mut seq: A) -> Result<Value, A::Error> {
        self.take()?;
        let mut items = Vec::new();
        while let Some(item) = seq.next_element_seed(Counted {
            left: &mut *self.left,
        })? {
            items.push(item);
        }
        Ok(Value::Array(items))
    }

    fn visit_map<A: MapAccess<'de>>(mut self, mut map: A) -> Result<Value, A::Error> {
        self.take()?;
        let mut object = Map::new();
        while let Some(key) = map.next_key::<String>()? {
            self.take()?;
            if object.contains_key(&key) {
                return Err(de::Error::custom(format_args!("duplicate key `{key}`")));
            }
            let value = map.next_value_seed(Counted {
                left: &mut *self.left,
            })?;
            object.insert(key, value);
        }
        Ok(Value::Object(object))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(json: &str) -> Result<Value, serde_json::Error> {
        serde_json::from_str::<BoundedValue>(json).map(BoundedValue::into_value)
    }

    #[test]
    fn values_within_the_limit_read_as_serde_json_reads_them() {
        let json = r##"{"grid": ["# 4/ 6/", "/3 . ."], "n": [1, -2, 2.5, null, true]}"##;
        assert_eq!(
            read(json).unwrap(),
            serde_json::from_str::<Value>(json).unwrap()
        );
    }

    #[test]
    fn a_repeated_key_is_refused_by_name() {
        let error = read(r#"{"row_clues": [1], "col_clues": [1], "row_clues": [0]}"#).unwrap_err();
        assert!(
            error.to_string().contains("duplicate key `row_clues`"),
            "{error}"
        );
    }

    #[test]
    fn too_many_values_stop_the_reading() {
        let many = format!("[{}0]", "0,".repeat(MAX_NESTED_VALUES));
        let error = read(&many).unwrap_err();
        assert!(
            error.to_string().contains("more than 8192 JSON values"),
            "{error}"
        );
        let enough = format!("[{}0]", "0,".repeat(MAX_NESTED_VALUES - 2));
        assert!(read(&enough).is_ok());
    }
}
