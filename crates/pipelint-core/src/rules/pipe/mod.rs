//! Rules for sources, destination, columns, field mappings and the table definition.

use crate::rule::{Context, Rule};

pub mod destination_required_members;
pub mod duplicate_column_name;
pub mod duplicate_mapping_destination;
pub mod exactly_one_source;
pub mod iam_role_arn;
pub mod invalid_column_type;
pub mod primary_key_prefix;
pub mod replacing_needs_sorting_key;
pub mod sum_columns_engine;
pub mod unknown_key_column;
pub mod unknown_mapping_destination;
pub mod unmapped_column;
pub mod unsupported_source_kind;
pub mod version_column_engine;

pub static RULES: &[&Rule] = &[
    &exactly_one_source::RULE,
    &destination_required_members::RULE,
    &duplicate_column_name::RULE,
    &unknown_mapping_destination::RULE,
    &duplicate_mapping_destination::RULE,
    &invalid_column_type::RULE,
    &unmapped_column::RULE,
    &unsupported_source_kind::RULE,
    &version_column_engine::RULE,
    &sum_columns_engine::RULE,
    &unknown_key_column::RULE,
    &replacing_needs_sorting_key::RULE,
    &primary_key_prefix::RULE,
    &iam_role_arn::RULE,
];

/// `(index, name)` of each destination column that has a string name.
fn column_names<'a>(cx: &Context<'a>) -> impl Iterator<Item = (usize, &'a str)> {
    cx.get("/destination/columns")
        .and_then(serde_json::Value::as_array)
        .into_iter()
        .flatten()
        .enumerate()
        .filter_map(|(i, c)| c.get("name")?.as_str().map(|n| (i, n)))
}

/// Whether every one of `names` is the name of a destination column.
fn all_columns<'a>(cx: &Context<'a>, mut names: impl Iterator<Item = &'a str>) -> bool {
    let columns: std::collections::HashSet<&str> = column_names(cx).map(|(_, name)| name).collect();
    names.all(|name| columns.contains(name))
}

/// `(index, destinationField)` of each field mapping that has a string destination.
fn mapping_destinations<'a>(cx: &Context<'a>) -> impl Iterator<Item = (usize, &'a str)> {
    cx.get("/fieldMappings")
        .and_then(serde_json::Value::as_array)
        .into_iter()
        .flatten()
        .enumerate()
        .filter_map(|(i, m)| m.get("destinationField")?.as_str().map(|f| (i, f)))
}

/// The table engine, when given as one of the known engine names.
fn engine_type<'a>(cx: &Context<'a>) -> Option<&'a str> {
    let engine = cx.get_str("/destination/tableDefinition/engine/type")?;
    [
        "MergeTree",
        "ReplacingMergeTree",
        "SummingMergeTree",
        "Null",
    ]
    .contains(&engine)
    .then_some(engine)
}
