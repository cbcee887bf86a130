use crate::rules::prelude::*;

declare_rule! {
    /// ## What it checks
    /// A table definition with the `ReplacingMergeTree` engine has a non-empty
    /// `sortingKey`.
    ///
    /// ## Why it matters
    /// ReplacingMergeTree removes duplicates by sorting key; without one there is nothing
    /// to deduplicate by, and the API rejects the definition.
    ///
    /// ## Example
    /// ```json bad kind:create-pipe at:/destination
    /// {"tableDefinition": {"engine": {"type": "ReplacingMergeTree", "versionColumnId": "event_time"}}}
    /// ```
    ///
    /// ## Fix
    /// Add `"sortingKey": ["id"]` with the columns that identify a row.
    pub static RULE = {
        code: "PL113",
        name: "replacing-needs-sorting-key",
        severity: Error,
        kinds: [CreatePipe],
        summary: "A ReplacingMergeTree table definition has no sortingKey",
        check: Some(check),
    };
}

const DEFINITION: &str = "/destination/tableDefinition";

fn check(cx: &Context, out: &mut Vec<Diagnostic>) {
    if super::facts::engine_type(cx) != Some("ReplacingMergeTree") {
        return;
    }
    let has_key = match cx.get("/destination/tableDefinition/sortingKey") {
        None | Some(serde_json::Value::Null) => false,
        Some(serde_json::Value::Array(key)) => !key.is_empty(),
        // Another type is the schema's finding (or a value not known yet).
        Some(_) => return,
    };
    if !has_key {
        out.push(
            Diagnostic::new(
                &RULE,
                cx.document.object_anchor(DEFINITION),
                format!("{DEFINITION}/sortingKey"),
                "a `ReplacingMergeTree` table needs a `sortingKey`",
            )
            .with_label("`sortingKey` missing or empty")
            .with_secondary(
                cx.value_span(&format!("{DEFINITION}/engine/type")),
                "engine set here",
            )
            .with_help("add `\"sortingKey\": [...]` with the columns that identify a row"),
        );
    }
}
