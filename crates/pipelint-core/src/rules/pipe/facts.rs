//! What the pipe rules share: the destination columns, the field mappings and the table
//! engine of a create body.

use crate::rule::Context;

/// `(index, name)` of each destination column that has a string name.
pub(crate) fn column_names<'a>(cx: &Context<'a>) -> impl Iterator<Item = (usize, &'a str)> {
    cx.get("/destination/columns")
        .and_then(serde_json::Value::as_array)
        .into_iter()
        .flatten()
        .enumerate()
        .filter_map(|(i, c)| c.get("name")?.as_str().map(|n| (i, n)))
}

/// Whether every one of `names` is the name of a destination column.
pub(crate) fn all_columns<'a>(cx: &Context<'a>, mut names: impl Iterator<Item = &'a str>) -> bool {
    let columns: std::collections::HashSet<&str> = column_names(cx).map(|(_, name)| name).collect();
    names.all(|name| columns.contains(name))
}

/// `(index, destinationField)` of each field mapping that has a string destination.
pub(crate) fn mapping_destinations<'a>(cx: &Context<'a>) -> impl Iterator<Item = (usize, &'a str)> {
    cx.get("/fieldMappings")
        .and_then(serde_json::Value::as_array)
        .into_iter()
        .flatten()
        .enumerate()
        .filter_map(|(i, m)| m.get("destinationField")?.as_str().map(|f| (i, f)))
}

/// The table engine, when given as one of the known engine names.
pub(crate) fn engine_type<'a>(cx: &Context<'a>) -> Option<&'a str> {
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
