//! The one pass over the bytes of a clean file: serde_json's strict parser builds the value
//! directly, and the visitor notes what the loader must look at more closely.
//!
//! The path is kept as a stack of tokens only so that a rare case can be named; no pointer
//! string is built for an ordinary node.

use std::fmt;

use serde::de::{self, DeserializeSeed, MapAccess, SeqAccess, Visitor};
use serde_json::{Map, Number, Value};

use crate::pointer::{Step, path_pointer};

/// What one strict pass produced.
pub(super) struct Read {
    pub value: Value,
    /// Pointers of numbers serde_json read as whole floats: `10.0` and `1e1` (fractional
    /// integers), but also `-0` and integers too large for 64 bits, which only the literal's
    /// text tells apart.
    pub whole_floats: Vec<String>,
}

/// Reads strict JSON into a value, or gives up (`None`) on the first thing it cannot settle
/// alone: a syntax error, a number out of range, or a key given twice in one object (whose
/// finding needs both keys' positions). The loader then takes the careful path.
pub(super) fn read(text: &str) -> Option<Read> {
    let mut state = State::default();
    let mut deserializer = serde_json::Deserializer::from_str(text);
    let value = (Node { state: &mut state })
        .deserialize(&mut deserializer)
        .ok()?;
    // What follows the value must be white space only.
    deserializer.end().ok()?;
    Some(Read {
        value,
        whole_floats: state.whole_floats,
    })
}

#[derive(Default)]
struct State {
    /// Where the visitor is: the member names and item indexes from the root.
    path: Vec<Step<String>>,
    whole_floats: Vec<String>,
}

impl State {
    fn pointer(&self) -> String {
        path_pointer(&self.path)
    }
}

/// One value to read at the state's path.
struct Node<'s> {
    state: &'s mut State,
}

impl<'de> DeserializeSeed<'de> for Node<'_> {
    type Value = Value;

    fn deserialize<D: de::Deserializer<'de>>(self, deserializer: D) -> Result<Value, D::Error> {
        deserializer.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for Node<'_> {
    type Value = Value;

    fn expecting(&self, formatter: &mut fmt::Formatter) -> fmt::Result {
        formatter.write_str("a JSON value")
    }

    fn visit_unit<E>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }

    fn visit_bool<E>(self, value: bool) -> Result<Value, E> {
        Ok(Value::Bool(value))
    }

    fn visit_i64<E>(self, value: i64) -> Result<Value, E> {
        Ok(Value::Number(value.into()))
    }

    fn visit_u64<E>(self, value: u64) -> Result<Value, E> {
        Ok(Value::Number(value.into()))
    }

    fn visit_f64<E: de::Error>(self, value: f64) -> Result<Value, E> {
        if value.fract() == 0.0 {
            self.state.whole_floats.push(self.state.pointer());
        }
        match Number::from_f64(value) {
            Some(number) => Ok(Value::Number(number)),
            None => Err(E::custom("not a finite number")),
        }
    }

    fn visit_str<E>(self, value: &str) -> Result<Value, E> {
        Ok(Value::String(value.to_owned()))
    }

    fn visit_string<E>(self, value: String) -> Result<Value, E> {
        Ok(Value::String(value))
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Value, A::Error> {
        let mut items = Vec::new();
        loop {
            self.state.path.push(Step::Item(items.len()));
            let item = seq.next_element_seed(Node {
                state: &mut *self.state,
            });
            self.state.path.pop();
            match item? {
                Some(item) => items.push(item),
                None => return Ok(Value::Array(items)),
            }
        }
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Value, A::Error> {
        let mut object = Map::new();
        while let Some(key) = map.next_key::<String>()? {
            self.state.path.push(Step::Member(key));
            let value = map.next_value_seed(Node {
                state: &mut *self.state,
            });
            let key = match self.state.path.pop() {
                Some(Step::Member(key)) => key,
                _ => return Err(de::Error::custom("the path is out of step")),
            };
            if object.insert(key, value?).is_some() {
                return Err(de::Error::custom("duplicate key"));
            }
        }
        Ok(Value::Object(object))
    }
}
