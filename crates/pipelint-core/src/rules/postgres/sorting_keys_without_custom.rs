use crate::rules::prelude::*;

use super::facts::table_mappings;

declare_rule! {
    /// ## What it checks
    /// A Postgres table mapping gives `sortingKeys` only together with
    /// `"useCustomSortingKey": true`. An empty `sortingKeys` list is not
    /// reported; nor is a `useCustomSortingKey` of the wrong type (the schema reports that).
    ///
    /// ## Why it matters
    /// The API accepts `sortingKeys` only with `useCustomSortingKey: true`; without it the
    /// request is refused, and the destination table would not be sorted by the columns you
    /// listed anyway.
    ///
    /// ## Example
    /// ```json bad kind:create-pipe at:/source/postgres/tableMappings/1
    /// {"sourceSchemaName": "public", "sourceTable": "orders", "targetTable": "orders",
    ///  "sortingKeys": ["customer_id", "id"]}
    /// ```
    ///
    /// ## Fix
    /// Add `"useCustomSortingKey": true`, or remove `sortingKeys`.
    ///
    /// ```json good kind:create-pipe at:/source/postgres/tableMappings/1
    /// {"sourceSchemaName": "public", "sourceTable": "orders", "targetTable": "orders",
    ///  "useCustomSortingKey": true, "sortingKeys": ["customer_id", "id"]}
    /// ```
    pub static RULE = {
        code: "PL402",
        name: "postgres-sorting-keys-without-custom",
        severity: Error,
        kinds: [CreatePipe],
        summary: "A Postgres table mapping sets sortingKeys without useCustomSortingKey: true",
        check: Some(check),
    };
}

fn check(cx: &Context, out: &mut Vec<Diagnostic>) {
    for (mapping_pointer, mapping) in table_mappings(cx) {
        let has_keys = mapping
            .get("sortingKeys")
            .and_then(Value::as_array)
            .is_some_and(|keys| !keys.is_empty());
        if !has_keys {
            continue;
        }
        let custom = format!("{mapping_pointer}/useCustomSortingKey");
        let keys = format!("{mapping_pointer}/sortingKeys");
        let diagnostic = match mapping.get("useCustomSortingKey") {
            Some(Value::Bool(true)) => continue,
            Some(Value::Bool(false)) => cx
                .at_key(
                    &RULE,
                    &keys,
                    "`sortingKeys` is given but `useCustomSortingKey` is `false`",
                )
                .with_label("custom sorting key not enabled")
                .with_secondary(cx.value_span(&custom), "custom sorting key turned off here"),
            None => cx
                .at_key(
                    &RULE,
                    &keys,
                    "`sortingKeys` is given without `\"useCustomSortingKey\": true`",
                )
                .with_label("custom sorting key not enabled"),
            // A type the schema reports.
            Some(_) => continue,
        };
        out.push(diagnostic.with_help(
            "set `\"useCustomSortingKey\": true` to sort the destination table by these columns, \
             or remove `sortingKeys`",
        ));
    }
}
