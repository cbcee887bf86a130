//! Rules for sources, destination, columns, field mappings and the table definition.

use crate::rule::Context;

super::rule_files! {
    destination_required_members,
    duplicate_column_name,
    duplicate_mapping_destination,
    exactly_one_source,
    iam_role_arn,
    invalid_column_type,
    primary_key_prefix,
    replacing_needs_sorting_key,
    sum_columns_engine,
    unknown_key_column,
    unknown_mapping_destination,
    unmapped_column,
    unsupported_source_kind,
    version_column_engine,
}

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
