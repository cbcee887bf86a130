use std::collections::HashSet;

use crate::rules::prelude::*;

declare_rule! {
    /// ## What it checks
    /// When `fieldMappings` is present and not empty, every destination column has a
    /// mapping (spec 2.2: "all destination columns must be included in the mappings";
    /// real-API notes, decision 6). An absent or empty `fieldMappings` is not reported.
    ///
    /// ## Why it matters
    /// The API rejects mappings that leave a column out, so a column added to the table
    /// without a mapping breaks the next deploy.
    ///
    /// ## Example
    /// ```json bad kind:create-pipe at:/
    /// {"fieldMappings": [{"sourceField": "shipmentId", "destinationField": "shipment_id"},
    ///                    {"sourceField": "carrier", "destinationField": "carrier"},
    ///                    {"sourceField": "eventTime", "destinationField": "event_time"},
    ///                    {"sourceField": "status", "destinationField": "status"}]}
    /// ```
    ///
    /// ## Fix
    /// Add a mapping for the column, or remove the column.
    pub static RULE = {
        code: "PL106",
        name: "unmapped-column",
        severity: Error,
        kinds: [CreatePipe],
        summary: "A destination column has no field mapping although fieldMappings is given",
        check: Some(check),
    };
}

fn check(cx: &Context, out: &mut Vec<Diagnostic>) {
    let has_mappings = cx
        .get("/fieldMappings")
        .and_then(serde_json::Value::as_array)
        .is_some_and(|m| !m.is_empty());
    if !has_mappings {
        return;
    }
    let mapped: HashSet<&str> = super::mapping_destinations(cx).map(|(_, f)| f).collect();
    if super::column_names(cx).all(|(_, name)| mapped.contains(name)) {
        return;
    }
    let columns = Names::new(super::column_names(cx).map(|(_, name)| name));
    // A mapping with a misspelt destination is reported by `unknown-mapping-destination`,
    // which names the column meant; that column is not reported again here. (The order
    // of the mappings decides which ones get a similarity search, as in that rule.)
    let meant: HashSet<&str> = super::mapping_destinations(cx)
        .map(|(_, field)| field)
        .filter(|field| !columns.contains(field))
        .filter_map(|field| columns.closest(field))
        .collect();
    for (index, name) in super::column_names(cx) {
        if mapped.contains(name) || meant.contains(name) {
            continue;
        }
        let pointer = format!("/destination/columns/{index}/name");
        out.push(
            cx.at_value(&RULE, &pointer, format!("column `{name}` has no field mapping"))
                .with_label("not mapped")
                .with_secondary(cx.key_span("/fieldMappings"), "mappings given here")
                .with_help(format!(
                    "add `{{\"sourceField\": \"…\", \"destinationField\": \"{name}\"}}` to `fieldMappings`, or remove the column"
                )),
        );
    }
}
