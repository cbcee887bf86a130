use super::TABLE_MAPPINGS;
use super::facts::source;
use crate::rules::prelude::*;

declare_rule! {
    /// ## What it checks
    /// The Postgres source's `tableMappings` is not an empty list: the server rejects it. A missing
    /// `tableMappings` is reported by the schema.
    ///
    /// ## Why it matters
    /// The table mappings are the tables the pipe replicates; with none it has nothing to do
    /// and the API rejects the request.
    ///
    /// ## Example
    /// ```json bad kind:create-pipe at:/source/postgres
    /// {"tableMappings": []}
    /// ```
    ///
    /// ## Fix
    /// Add one mapping per table to replicate:
    /// `{"sourceSchemaName": "public", "sourceTable": "orders", "targetTable": "public_orders"}`.
    ///
    /// ```json good kind:create-pipe at:/source/postgres
    /// {"tableMappings": [{"sourceSchemaName": "public", "sourceTable": "orders", "targetTable": "public_orders"}]}
    /// ```
    pub static RULE = {
        code: "PL400",
        name: "postgres-table-mappings-empty",
        severity: Error,
        kinds: [CreatePipe],
        summary: "The Postgres source's tableMappings is empty",
        check: Some(check),
    };
}

fn check(cx: &Context, out: &mut Vec<Diagnostic>) {
    let empty = source(cx)
        .and_then(|s| s.get("tableMappings"))
        .and_then(serde_json::Value::as_array)
        .is_some_and(Vec::is_empty);
    if !empty {
        return;
    }
    out.push(
        cx.at_value(
            &RULE,
            TABLE_MAPPINGS,
            "`tableMappings` is empty: the pipe would replicate no table",
        )
        .with_label("no table mapping")
        .with_help(
            "add one mapping per table to replicate, e.g. `{\"sourceSchemaName\": \"public\", \
                 \"sourceTable\": \"orders\", \"targetTable\": \"public_orders\"}`",
        ),
    );
}
