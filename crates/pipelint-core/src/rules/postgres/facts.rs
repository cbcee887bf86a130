//! What the Postgres rules share: the source object, its table mappings and settings, and
//! the replication slot name.

use serde_json::{Map, Value};

use crate::rule::Context;

use super::{SOURCE, TABLE_MAPPINGS};

/// The Postgres source object, when it is one.
pub(crate) fn source<'a>(cx: &Context<'a>) -> Option<&'a Map<String, Value>> {
    cx.get(SOURCE).and_then(Value::as_object)
}

/// `(pointer, mapping)` of each table mapping that is an object.
pub(crate) fn table_mappings<'a>(
    cx: &Context<'a>,
) -> impl Iterator<Item = (String, &'a Map<String, Value>)> {
    source(cx)
        .and_then(|s| s.get("tableMappings"))
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .enumerate()
        .filter_map(|(i, m)| Some((format!("{TABLE_MAPPINGS}/{i}"), m.as_object()?)))
}

/// The Postgres settings object, when it is one.
pub(crate) fn settings<'a>(cx: &Context<'a>) -> Option<&'a Map<String, Value>> {
    source(cx)
        .and_then(|s| s.get("settings"))
        .and_then(Value::as_object)
}

/// The replication slot name, when it is a non-empty string (an empty one is reported by
/// `empty-optional-string`).
pub(crate) fn slot_name<'a>(cx: &Context<'a>) -> Option<&'a str> {
    settings(cx)?
        .get("replicationSlotName")?
        .as_str()
        .filter(|s| !s.is_empty())
}
