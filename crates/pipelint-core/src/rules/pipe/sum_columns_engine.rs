use crate::rules::prelude::*;

declare_rule! {
    /// ## What it checks
    /// `tableDefinition.engine.columnIds` (the columns to sum) is given only with the
    /// `SummingMergeTree` engine. Silent when the engine type is not given.
    ///
    /// ## Why it matters
    /// Only SummingMergeTree sums columns; with any other engine the list is rejected or
    /// silently means nothing.
    ///
    /// ## Example
    /// ```json bad kind:create-pipe at:/destination/tableDefinition
    /// {"engine": {"type": "MergeTree", "columnIds": ["weight_kg"]}}
    /// ```
    ///
    /// ## Fix
    /// Use `SummingMergeTree`, or remove `columnIds`.
    pub static RULE = {
        code: "PL111",
        name: "sum-columns-engine",
        severity: Error,
        kinds: [CreatePipe],
        summary: "columnIds is given for an engine other than SummingMergeTree",
        check: Some(check),
    };
}

const TYPE: &str = "/destination/tableDefinition/engine/type";
const COLUMN_IDS: &str = "/destination/tableDefinition/engine/columnIds";

fn check(cx: &Context, out: &mut Vec<Diagnostic>) {
    let Some(engine) = super::facts::engine_type(cx) else {
        return;
    };
    let given = cx
        .get(COLUMN_IDS)
        .and_then(serde_json::Value::as_array)
        .is_some_and(|ids| !ids.is_empty());
    if given && engine != "SummingMergeTree" {
        out.push(
            cx.at_key(
                &RULE,
                COLUMN_IDS,
                format!("`columnIds` only applies to `SummingMergeTree`, not `{engine}`"),
            )
            .with_label("not used by this engine")
            .with_secondary(cx.value_span(TYPE), "engine set here")
            .with_help("remove `columnIds`, or use the `SummingMergeTree` engine"),
        );
    }
}
