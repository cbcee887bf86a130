use std::collections::HashMap;

use crate::declare_rule;
use crate::diagnostic::Diagnostic;
use crate::rule::Context;

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
    /// {"fieldMappings": [{"sourceField": "id", "destinationField": "order_id"},
    ///                    {"sourceField": "orderId", "destinationField": "order_id"}]}
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
    // The first index of each; pointers are built only for a finding.
    let mut first_seen: HashMap<&str, usize> = HashMap::new();
    for (index, field) in super::mapping_destinations(cx) {
        let pointer = |index| format!("/fieldMappings/{index}/destinationField");
        match first_seen.get(field) {
            Some(first) => out.push(
                cx.at_value(
                    &RULE,
                    &pointer(index),
                    format!("column `{field}` is mapped twice"),
                )
                .with_label("mapped again here")
                .with_secondary(cx.value_span(&pointer(*first)), "first mapped here")
                .with_help("keep one mapping per destination column"),
            ),
            None => {
                first_seen.insert(field, index);
            }
        }
    }
}
