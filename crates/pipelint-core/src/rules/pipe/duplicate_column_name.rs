use crate::rules::prelude::*;

declare_rule! {
    /// ## What it checks
    /// The names in `destination.columns` are unique.
    ///
    /// ## Why it matters
    /// A table cannot have two columns of the same name; the create request fails.
    ///
    /// ## Example
    /// ```json bad kind:create-pipe at:/destination
    /// {"columns": [{"name": "id", "type": "UInt64"}, {"name": "id", "type": "String"}]}
    /// ```
    ///
    /// ## Fix
    /// Rename or remove one of the two columns (and its field mapping).
    ///
    /// ```json good kind:create-pipe at:/destination
    /// {"columns": [{"name": "id", "type": "UInt64"}, {"name": "name", "type": "String"}]}
    /// ```
    pub static RULE = {
        code: "PL102",
        name: "duplicate-column-name",
        severity: Error,
        kinds: [CreatePipe],
        summary: "Two destination columns have the same name",
        check: Some(check),
    };
}

fn check(cx: &Context, out: &mut Vec<Diagnostic>) {
    let pointer = |index| format!("/destination/columns/{index}/name");
    for (index, first, name) in cx.pipe_index().column_repeats() {
        out.push(
            cx.at_value(
                &RULE,
                &pointer(index),
                format!("column `{name}` is defined twice"),
            )
            .with_label("defined again here")
            .with_secondary(cx.value_span(&pointer(first)), "first defined here")
            .with_help("column names must be unique: rename or remove one of them"),
        );
    }
}
