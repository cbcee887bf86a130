//! Rules for postgres (see the group list in `rules/mod.rs`).

use serde_json::{Map, Value};

use crate::rule::Context;

super::rule_files! {
    duplicate_target_table,
    excluded_sorting_key,
    failover_slot_name,
    setting_minimum,
    slot_name_mode,
    sorting_keys_without_custom,
    table_mappings_empty,
}

const SOURCE: &str = "/source/postgres";
const TABLE_MAPPINGS: &str = "/source/postgres/tableMappings";
const SETTINGS: &str = "/source/postgres/settings";

/// The Postgres source object, when it is one.
fn source<'a>(cx: &Context<'a>) -> Option<&'a Map<String, Value>> {
    cx.get(SOURCE).and_then(Value::as_object)
}

/// `(pointer, mapping)` of each table mapping that is an object.
fn table_mappings<'a>(cx: &Context<'a>) -> impl Iterator<Item = (String, &'a Map<String, Value>)> {
    source(cx)
        .and_then(|s| s.get("tableMappings"))
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .enumerate()
        .filter_map(|(i, m)| Some((format!("{TABLE_MAPPINGS}/{i}"), m.as_object()?)))
}

/// The Postgres settings object, when it is one.
fn settings<'a>(cx: &Context<'a>) -> Option<&'a Map<String, Value>> {
    source(cx)
        .and_then(|s| s.get("settings"))
        .and_then(Value::as_object)
}

/// The replication slot name, when it is a non-empty string (an empty one is reported by
/// `empty-optional-string`).
fn slot_name<'a>(cx: &Context<'a>) -> Option<&'a str> {
    settings(cx)?
        .get("replicationSlotName")?
        .as_str()
        .filter(|s| !s.is_empty())
}
