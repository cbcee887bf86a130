use crate::rules::prelude::*;

declare_rule! {
    /// ## What it checks
    /// For every source kind except the database ones (Postgres; from api-version 2026-04
    /// also MySQL, MongoDB and BigQuery), `destination` has `table`, `managedTable` and
    /// `columns`, and with `managedTable: true` also `tableDefinition` (the engine and keys
    /// of the table the pipe creates). A member set to `null` counts as missing: the real
    /// clients and server treat `null` as an absent member.
    ///
    /// ## Why it matters
    /// A streaming or object-storage pipe writes into one table whose name, ownership and
    /// columns the API must know; without them the request is rejected. Database pipes
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
        summary: "The destination lacks table, managedTable or columns (needed for every source but the database ones), or tableDefinition with managedTable true",
        check: Some(check),
    };
}

const REQUIRED: [&str; 3] = ["table", "managedTable", "columns"];

fn check(cx: &Context, out: &mut Vec<Diagnostic>) {
    if !cx.get("/destination").is_some_and(Value::is_object) {
        return;
    }
    let Some(kind) = single_source(cx.root()) else {
        return;
    };
    if kind.is_database() {
        return;
    }
    for member in REQUIRED {
        let pointer = format!("/destination/{member}");
        let needed = Needed {
            object: "/destination",
            member: &pointer,
            cause: kind.pointer(),
            cause_label: "required because of this source",
            cause_at_key: true,
            only_empty_string_is_blank: false,
        };
        let message = || {
            format!(
                "the destination of a `{}` pipe needs `{member}`",
                kind.member()
            )
        };
        // Null counts as missing (real-API notes, decision 9); any other value, blank or
        // not, is for other rules to check.
        let diagnostic = match needed.lack(cx) {
            Some(Lack::Absent) => needed.absent(cx, &RULE, message()),
            Some(Lack::Null) => {
                needed.unusable(cx, &RULE, message(), format!("`{member}` is null"))
            }
            Some(Lack::Blank) | None => continue,
        };
        out.push(diagnostic.with_help(format!(
            "add `\"{member}\"` to `destination`; only database pipes (Postgres, MySQL, MongoDB, BigQuery) may leave it out"
        )));
    }
    // A table the pipe creates needs its definition.
    if cx.get("/destination/managedTable") == Some(&Value::Bool(true)) {
        let pointer = "/destination/tableDefinition";
        let needed = Needed {
            object: "/destination",
            member: pointer,
            cause: "/destination/managedTable",
            cause_label: "the pipe creates the table",
            cause_at_key: false,
            only_empty_string_is_blank: false,
        };
        let message = "`managedTable: true` needs a `tableDefinition`";
        let diagnostic = match needed.lack(cx) {
            Some(Lack::Absent) => needed.absent(cx, &RULE, message),
            Some(Lack::Null) => needed.unusable(cx, &RULE, message, "`tableDefinition` is null"),
            Some(Lack::Blank) | None => return,
        };
        out.push(diagnostic.with_help(
            "add `tableDefinition` to `destination` with the table's engine and sorting key (`{\"engine\": {\"type\": \"MergeTree\"}, \"sortingKey\": [\"id\"]}`), or set `managedTable: false` to write into a table that exists",
        ));
    }
}
