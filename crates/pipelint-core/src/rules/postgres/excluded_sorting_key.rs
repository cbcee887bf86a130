use std::collections::HashMap;

use super::facts::table_mappings;
use crate::rules::prelude::*;

declare_rule! {
    /// ## What it checks
    /// No column of a Postgres table mapping's `sortingKeys` is also in its
    /// `excludedColumns`.
    ///
    /// ## Why it matters
    /// An excluded column does not exist in the destination table, so the table cannot be
    /// sorted by it and creating it fails.
    ///
    /// ## Example
    /// ```json bad kind:create-pipe at:/source/postgres/tableMappings/0
    /// {"excludedColumns": ["customer_id"], "useCustomSortingKey": true,
    ///  "sortingKeys": ["customer_id", "id"]}
    /// ```
    ///
    /// ## Fix
    /// Remove the column from `sortingKeys`, or stop excluding it.
    ///
    /// ```json good kind:create-pipe at:/source/postgres/tableMappings/0
    /// {"excludedColumns": ["internal_notes"], "useCustomSortingKey": true,
    ///  "sortingKeys": ["customer_id", "id"]}
    /// ```
    pub static RULE = {
        code: "PL403",
        name: "postgres-excluded-sorting-key",
        severity: Error,
        kinds: [CreatePipe],
        summary: "A Postgres sorting key column is also an excluded column",
        check: Some(check),
    };
}

fn check(cx: &Context, out: &mut Vec<Diagnostic>) {
    for (mapping_pointer, mapping) in table_mappings(cx) {
        // Each excluded name with the index it is first excluded at.
        let mut excluded: HashMap<&str, usize> = HashMap::new();
        for (index, name) in strings(mapping.get("excludedColumns")) {
            excluded.entry(name).or_insert(index);
        }
        if excluded.is_empty() {
            continue;
        }
        for (index, key) in strings(mapping.get("sortingKeys")) {
            let Some(excluded_index) = excluded.get(key) else {
                continue;
            };
            let pointer = format!("{mapping_pointer}/sortingKeys/{index}");
            let excluded_pointer = format!("{mapping_pointer}/excludedColumns/{excluded_index}");
            out.push(
                cx.at_value(
                    &RULE,
                    &pointer,
                    format!("`{key}` is excluded, so it cannot be part of the sorting key"),
                )
                .with_label("excluded column in the sorting key")
                .with_secondary(cx.value_span(&excluded_pointer), "excluded here")
                .with_help(format!(
                    "remove `{key}` from `sortingKeys`, or remove it from `excludedColumns`"
                )),
            );
        }
    }
}
