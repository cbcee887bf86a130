use crate::rules::prelude::*;

declare_rule! {
    /// ## What it checks
    /// Every `fieldMappings[].destinationField` names a column of `destination.columns`.
    ///
    /// ## Why it matters
    /// A mapping into a column that does not exist is rejected by the API; it is usually a
    /// typo or a column renamed in one place only.
    ///
    /// ## Example
    /// ```json bad kind:create-pipe at:/
    /// {"fieldMappings": [{"sourceField": "shipmentId", "destinationField": "shipmentid"},
    ///                    {"sourceField": "carrier", "destinationField": "carrier"},
    ///                    {"sourceField": "eventTime", "destinationField": "event_time"},
    ///                    {"sourceField": "status", "destinationField": "status"},
    ///                    {"sourceField": "weightKg", "destinationField": "weight_kg"}]}
    /// ```
    ///
    /// ## Fix
    /// Use the column's exact name (the did-you-mean hint), or add the column.
    pub static RULE = {
        code: "PL103",
        name: "unknown-mapping-destination",
        severity: Error,
        kinds: [CreatePipe],
        summary: "A field mapping targets a column the destination does not define",
        check: Some(check),
    };
}

fn check(cx: &Context, out: &mut Vec<Diagnostic>) {
    let pipe = cx.pipe_index();
    if !pipe.columns_given {
        return;
    }
    // The similarity index is built only when a destination is not a column.
    if pipe
        .destinations
        .iter()
        .all(|&(_, field)| pipe.is_column(field))
    {
        return;
    }
    let columns = Names::new(pipe.columns.iter().map(|&(_, name)| name));
    for &(index, field) in &pipe.destinations {
        if columns.contains(field) {
            continue;
        }
        let pointer = format!("/fieldMappings/{index}/destinationField");
        let help = match columns.closest(field) {
            Some(guess) => format!("did you mean `{guess}`?"),
            None => {
                "map to one of the columns in `destination.columns`, or add the column".to_owned()
            }
        };
        out.push(
            cx.at_value(
                &RULE,
                &pointer,
                format!("`{field}` is not a destination column"),
            )
            .with_label("no such column")
            .with_secondary(cx.key_span("/destination/columns"), "columns defined here")
            .with_help(help),
        );
    }
}
