use crate::rules::prelude::*;

declare_rule! {
    /// ## What it checks
    /// `tableDefinition.engine.versionColumnId` is set exactly when the engine `type` is
    /// `ReplacingMergeTree`. Silent when the engine type is not
    /// given.
    ///
    /// ## Why it matters
    /// The version column decides which row a ReplacingMergeTree keeps; the API requires it
    /// there and rejects it for other engines, where it would mean nothing.
    ///
    /// ## Example
    /// ```json bad kind:create-pipe at:/destination/tableDefinition
    /// {"engine": {"type": "MergeTree", "versionColumnId": "event_time"}}
    /// ```
    ///
    /// ## Fix
    /// Use `ReplacingMergeTree` with a version column, or remove `versionColumnId`.
    pub static RULE = {
        code: "PL110",
        name: "version-column-engine",
        severity: Error,
        kinds: [CreatePipe],
        summary: "versionColumnId is missing on ReplacingMergeTree, or set on another engine",
        check: Some(check),
    };
}

const ENGINE: &str = "/destination/tableDefinition/engine";
const TYPE: &str = "/destination/tableDefinition/engine/type";
const VERSION: &str = "/destination/tableDefinition/engine/versionColumnId";

fn check(cx: &Context, out: &mut Vec<Diagnostic>) {
    let Some(engine) = super::facts::engine_type(cx) else {
        return;
    };
    let version_set = cx.get(VERSION).is_some_and(|v| !v.is_null());
    if engine == "ReplacingMergeTree" && !version_set {
        let needed = Needed {
            object: ENGINE,
            member: VERSION,
            cause: TYPE,
            cause_label: "engine set here",
            cause_at_key: false,
            only_empty_string_is_blank: false,
        };
        // A null `versionColumnId` is reported as missing, at the engine.
        out.push(
            needed
                .absent(
                    cx,
                    &RULE,
                    "a `ReplacingMergeTree` engine needs `versionColumnId`",
                )
                .with_help(
                    "set `versionColumnId` to the column that orders row versions, e.g. `updated_at`",
                ),
        );
    } else if engine != "ReplacingMergeTree" && version_set {
        out.push(
            cx.at_key(
                &RULE,
                VERSION,
                format!("`versionColumnId` only applies to `ReplacingMergeTree`, not `{engine}`"),
            )
            .with_label("not used by this engine")
            .with_secondary(cx.value_span(TYPE), "engine set here")
            .with_help("remove `versionColumnId`, or use the `ReplacingMergeTree` engine"),
        );
    }
}
