//! What the pipe rules share: the table engine of a create body. (The destination columns
//! and field mappings are indexed once per document: `Context::pipe_index`.)

use crate::rule::Context;

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
