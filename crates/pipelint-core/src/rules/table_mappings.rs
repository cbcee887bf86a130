//! What the table mappings of the newer database sources (MySQL, MongoDB, BigQuery) share:
//! each maps one source table or collection to a `targetTable` that no other mapping uses.

use std::collections::HashMap;

use serde_json::Value;

use crate::diagnostic::Diagnostic;
use crate::rule::{Context, Rule};

/// Reports each mapping of `{source}/tableMappings` whose `targetTable` an earlier mapping
/// already uses. `scope` names the member that, joined to the source table with `_`, makes
/// a distinct name for the help (`sourceSchemaName`, `sourceDatabaseName`, ...), and `table`
/// the member of the source table (`sourceTable`, `sourceCollection`).
pub(crate) fn duplicate_target_tables(
    cx: &Context,
    rule: &'static Rule,
    source: &str,
    scope: &str,
    table: &str,
    out: &mut Vec<Diagnostic>,
) {
    let pointer = format!("{source}/tableMappings");
    let Some(mappings) = cx.get(&pointer).and_then(Value::as_array) else {
        return;
    };
    let mut first_seen: HashMap<&str, usize> = HashMap::new();
    for (index, mapping) in mappings.iter().enumerate() {
        let Some(target) = mapping.get("targetTable").and_then(Value::as_str) else {
            continue;
        };
        let Some(&first) = first_seen.get(target) else {
            first_seen.insert(target, index);
            continue;
        };
        let suggestion = mapping
            .get(scope)
            .and_then(Value::as_str)
            .zip(mapping.get(table).and_then(Value::as_str))
            .map(|(scope, table)| format!("{scope}_{table}"))
            .filter(|s| !first_seen.contains_key(s.as_str()) && s != target);
        let help = match suggestion {
            Some(name) => {
                format!("give each mapping its own `targetTable`, e.g. `{name}` for this one")
            }
            None => "give each mapping its own `targetTable`".to_owned(),
        };
        out.push(
            cx.at_value(
                rule,
                &format!("{pointer}/{index}/targetTable"),
                format!("two table mappings replicate into `{target}`"),
            )
            .with_label("target table used again here")
            .with_secondary(
                cx.value_span(&format!("{pointer}/{first}/targetTable")),
                "first used here",
            )
            .with_help(help),
        );
    }
}
