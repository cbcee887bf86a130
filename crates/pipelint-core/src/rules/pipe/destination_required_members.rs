use crate::rules::prelude::*;

declare_rule! {
    /// ## What it checks
    /// For every source kind except Postgres, `destination` has `table`, `managedTable` and
    /// `columns` (spec 2.3). A member set to `null` counts as missing (real-API notes,
    /// decision 9: `null` means absent).
    ///
    /// ## Why it matters
    /// A streaming or object-storage pipe writes into one table whose name, ownership and
    /// columns the API must know; without them the request is rejected. Postgres pipes
    /// create their tables from `tableMappings` instead.
    ///
    /// ## Example
    /// ```json bad kind:create-pipe
    /// {"name": "orders",
    ///  "source": {"kafka": {"type": "warpstream", "format": "JSONEachRow", "authentication": "PLAIN",
    ///    "brokers": "serverless.warpstream.com:9092", "topics": "orders",
    ///    "credentials": {"username": "${KAFKA_USERNAME}", "password": "${KAFKA_PASSWORD}"}}},
    ///  "destination": {"database": "default", "table": "orders"}}
    /// ```
    ///
    /// ## Fix
    /// Add the missing members; `managedTable: true` lets the pipe create the table.
    pub static RULE = {
        code: "PL101",
        name: "destination-required-members",
        severity: Error,
        kinds: [CreatePipe],
        summary: "The destination lacks table, managedTable or columns (needed for every source but Postgres)",
        check: Some(check),
    };
}

const REQUIRED: [&str; 3] = ["table", "managedTable", "columns"];

fn check(cx: &Context, out: &mut Vec<Diagnostic>) {
    let Some(destination) = cx
        .get("/destination")
        .and_then(serde_json::Value::as_object)
    else {
        return;
    };
    let Some(kind) = single_source(cx.root()) else {
        return;
    };
    if kind == SourceKind::Postgres {
        return;
    }
    // Null counts as missing (real-API notes, decision 9).
    for member in REQUIRED
        .iter()
        .filter(|m| destination.get(**m).is_none_or(serde_json::Value::is_null))
    {
        let pointer = format!("/destination/{member}");
        let (span, label) = if destination.contains_key(*member) {
            (cx.value_span(&pointer), format!("`{member}` is null"))
        } else {
            (
                cx.document.object_anchor("/destination"),
                format!("`{member}` missing here"),
            )
        };
        out.push(
            Diagnostic::new(
                &RULE,
                span,
                &pointer,
                format!(
                    "the destination of a `{}` pipe needs `{member}`",
                    kind.member()
                ),
            )
            .with_label(label)
            .with_secondary(
                cx.key_span(kind.pointer()),
                "required because of this source",
            )
            .with_help(format!(
                "add `\"{member}\"` to `destination`; only Postgres pipes may leave it out"
            )),
        );
    }
}
