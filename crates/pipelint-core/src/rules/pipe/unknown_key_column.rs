use crate::rules::prelude::*;

declare_rule! {
    /// ## What it checks
    /// The columns the table definition names — `engine.versionColumnId`, each of
    /// `engine.columnIds` and each `sortingKey` entry — are destination columns.
    ///
    /// ## Why it matters
    /// The table is created from these names; one that is not a column fails the create
    /// request.
    ///
    /// ## Example
    /// ```json bad kind:create-pipe at:/destination/tableDefinition
    /// {"sortingKey": ["carrier", "event_ts"]}
    /// ```
    ///
    /// ## Fix
    /// Use the exact column name (see the did-you-mean hint), or add the column.
    pub static RULE = {
        code: "PL112",
        name: "unknown-key-column",
        severity: Error,
        kinds: [CreatePipe],
        summary: "The table definition names a column the destination does not define",
        check: Some(check),
    };
}

const DEFINITION: &str = "/destination/tableDefinition";

fn check(cx: &Context, out: &mut Vec<Diagnostic>) {
    let pipe = cx.pipe_index();
    if !pipe.columns_given {
        return;
    }
    let mut named: Vec<(String, &str)> = Vec::new();
    if let Some(version) = cx.get_str(&format!("{DEFINITION}/engine/versionColumnId")) {
        named.push((format!("{DEFINITION}/engine/versionColumnId"), version));
    }
    for (i, id) in strings(cx.get(&format!("{DEFINITION}/engine/columnIds"))) {
        named.push((format!("{DEFINITION}/engine/columnIds/{i}"), id));
    }
    for (i, key) in strings(cx.get(&format!("{DEFINITION}/sortingKey"))) {
        named.push((format!("{DEFINITION}/sortingKey/{i}"), key));
    }
    // The similarity index is built only when a name is not a column.
    if named.iter().all(|&(_, name)| pipe.is_column(name)) {
        return;
    }
    let columns = Names::new(pipe.columns.iter().map(|&(_, name)| name));
    for (pointer, name) in named {
        if columns.contains(name) {
            continue;
        }
        let help = match columns.closest(name) {
            Some(guess) => format!("did you mean `{guess}`?"),
            None => "name one of the columns in `destination.columns`".to_owned(),
        };
        out.push(
            cx.at_value(
                &RULE,
                &pointer,
                format!("`{name}` is not a destination column"),
            )
            .with_label("no such column")
            .with_secondary(cx.key_span("/destination/columns"), "columns defined here")
            .with_help(help),
        );
    }
}
