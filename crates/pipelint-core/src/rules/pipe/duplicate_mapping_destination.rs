use crate::rules::prelude::*;

declare_rule! {
    /// ## What it checks
    /// Each destination column is the `destinationField` of at most one field mapping.
    ///
    /// ## Why it matters
    /// Two source fields cannot fill one column; the API rejects the mappings, and which
    /// field you meant is ambiguous.
    ///
    /// ## Example
    /// ```json bad kind:create-pipe at:/
    /// {"fieldMappings": [{"sourceField": "shipmentId", "destinationField": "shipment_id"},
    ///                    {"sourceField": "id", "destinationField": "shipment_id"},
    ///                    {"sourceField": "carrier", "destinationField": "carrier"},
    ///                    {"sourceField": "eventTime", "destinationField": "event_time"},
    ///                    {"sourceField": "status", "destinationField": "status"},
    ///                    {"sourceField": "weightKg", "destinationField": "weight_kg"}]}
    /// ```
    ///
    /// ## Fix
    /// Keep one mapping per destination column.
    pub static RULE = {
        code: "PL104",
        name: "duplicate-mapping-destination",
        severity: Error,
        kinds: [CreatePipe],
        summary: "Two field mappings target the same destination column",
        check: Some(check),
    };
}

fn check(cx: &Context, out: &mut Vec<Diagnostic>) {
    let pointer = |index| format!("/fieldMappings/{index}/destinationField");
    for (index, first, field) in cx.pipe_index().destination_repeats() {
        out.push(
            cx.at_value(
                &RULE,
                &pointer(index),
                format!("column `{field}` is mapped twice"),
            )
            .with_label("mapped again here")
            .with_secondary(cx.value_span(&pointer(first)), "first mapped here")
            .with_help("keep one mapping per destination column"),
        );
    }
}
