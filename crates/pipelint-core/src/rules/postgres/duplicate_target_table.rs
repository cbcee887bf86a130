use std::collections::HashMap;

use super::facts::table_mappings;
use crate::rules::prelude::*;

declare_rule! {
    /// ## What it checks
    /// Each `targetTable` appears in at most one Postgres table mapping.
    /// Names are compared exactly, as the destination database does.
    ///
    /// ## Why it matters
    /// Two source tables cannot be replicated into one destination table; the API rejects
    /// the mappings. It is usually a copy-paste slip: a mapping was duplicated and only the
    /// source table was changed.
    ///
    /// ## Example
    /// ```json bad kind:create-pipe at:/source/postgres
    /// {"tableMappings": [{"sourceSchemaName": "public", "sourceTable": "orders", "targetTable": "orders"},
    ///                    {"sourceSchemaName": "archive", "sourceTable": "orders", "targetTable": "orders"}]}
    /// ```
    ///
    /// ## Fix
    /// Give every mapping its own `targetTable`, e.g. prefix it with the schema name
    /// (`archive_orders`).
    ///
    /// ```json good kind:create-pipe at:/source/postgres
    /// {"tableMappings": [{"sourceSchemaName": "public", "sourceTable": "orders", "targetTable": "orders"},
    ///                    {"sourceSchemaName": "archive", "sourceTable": "orders", "targetTable": "archive_orders"}]}
    /// ```
    pub static RULE = {
        code: "PL401",
        name: "postgres-duplicate-target-table",
        severity: Error,
        kinds: [CreatePipe],
        summary: "Two Postgres table mappings have the same targetTable",
        check: Some(check),
    };
}

fn check(cx: &Context, out: &mut Vec<Diagnostic>) {
    let mut first_seen: HashMap<&str, String> = HashMap::new();
    for (mapping_pointer, mapping) in table_mappings(cx) {
        let Some(target) = mapping
            .get("targetTable")
            .and_then(serde_json::Value::as_str)
        else {
            continue;
        };
        let pointer = format!("{mapping_pointer}/targetTable");
        match first_seen.get(target) {
            Some(first) => {
                let suggestion = mapping
                    .get("sourceSchemaName")
                    .and_then(serde_json::Value::as_str)
                    .zip(
                        mapping
                            .get("sourceTable")
                            .and_then(serde_json::Value::as_str),
                    )
                    .map(|(schema, table)| format!("{schema}_{table}"))
                    .filter(|s| !first_seen.contains_key(s.as_str()) && s != target);
                let help = match suggestion {
                    Some(name) => format!(
                        "give each mapping its own `targetTable`, e.g. `{name}` for this one"
                    ),
                    None => "give each mapping its own `targetTable`".to_owned(),
                };
                out.push(
                    cx.at_value(
                        &RULE,
                        &pointer,
                        format!("two table mappings replicate into `{target}`"),
                    )
                    .with_label("target table used again here")
                    .with_secondary(cx.value_span(first), "first used here")
                    .with_help(help),
                );
            }
            None => {
                first_seen.insert(target, pointer);
            }
        }
    }
}
