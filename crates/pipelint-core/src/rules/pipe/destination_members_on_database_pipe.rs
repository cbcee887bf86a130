use crate::Severity;
use crate::api::profile::ApiVersion;
use crate::rules::prelude::*;

declare_rule! {
    /// ## What it checks
    /// The destination of a database pipe (Postgres, MySQL, MongoDB, BigQuery) names only
    /// its database: the streaming-pipe members `table`, `managedTable`, `columns` and
    /// `tableDefinition` are reported, as a warning under api-version `2025-11` and as an
    /// error from `2026-04`.
    ///
    /// ## Why it matters
    /// A database pipe creates one table per entry of `tableMappings`; a single destination
    /// table, its columns and its engine mean nothing to it. They come from copying a Kafka
    /// template or re-posting a recorded response, and the newer clients refuse them.
    ///
    /// ## Decision and sources
    /// - The interface description lists `table`, `managedTable` and `columns` as optional
    ///   for Postgres and says nothing of them for the other database sources.
    /// - The official command-line client's request builder refuses them for database pipes.
    /// - The Terraform provider refuses `table_definition` on a database pipe at plan time.
    ///
    /// The contract (`2025-11`) accepts the members, so the body is not known to fail there:
    /// a warning. The clients that build bodies for the `2026-04` API and later refuse them:
    /// an error from that version on.
    ///
    /// ## Example
    /// ```json bad kind:create-pipe
    /// {"name": "orders-cdc",
    ///  "source": {"postgres": {"host": "db.example.com", "port": 5432, "database": "shop",
    ///    "credentials": {"username": "clickpipes", "password": "${PG_PASSWORD}"},
    ///    "tableMappings": [{"sourceSchemaName": "public", "sourceTable": "orders", "targetTable": "orders"}]}},
    ///  "destination": {"database": "shop_replica", "table": "orders", "managedTable": false,
    ///    "columns": [{"name": "id", "type": "UInt64"}]}}
    /// ```
    ///
    /// ## Fix
    /// Remove the members; the tables are named in `source.postgres.tableMappings`.
    ///
    /// ```json good kind:create-pipe
    /// {"name": "orders-cdc",
    ///  "source": {"postgres": {"host": "db.example.com", "port": 5432, "database": "shop",
    ///    "credentials": {"username": "clickpipes", "password": "${PG_PASSWORD}"},
    ///    "tableMappings": [{"sourceSchemaName": "public", "sourceTable": "orders", "targetTable": "orders"}]}},
    ///  "destination": {"database": "shop_replica"}}
    /// ```
    pub static RULE = {
        code: "PL115",
        name: "destination-members-on-database-pipe",
        severity: Warning,
        kinds: [CreatePipe],
        summary: "A database pipe's destination has streaming-pipe members (table, managedTable, columns, tableDefinition)",
        check: Some(check),
        fix: Unsafe,
    };
}

/// The destination members of a streaming or object-storage pipe.
const STREAMING_MEMBERS: [&str; 4] = ["table", "managedTable", "columns", "tableDefinition"];

/// The first API version whose clients refuse the members.
const REFUSED_FROM: ApiVersion = ApiVersion::V2026_04;

fn check(cx: &Context, out: &mut Vec<Diagnostic>) {
    let Some(destination) = cx.get("/destination").and_then(Value::as_object) else {
        return;
    };
    let Some(kind) = single_source(cx.root()).filter(|kind| kind.is_database()) else {
        return;
    };
    let severity = if cx.profile.api >= REFUSED_FROM {
        Severity::Error
    } else {
        Severity::Warning
    };
    for member in STREAMING_MEMBERS {
        // Null counts as absent, as everywhere in the API.
        if destination.get(member).is_none_or(Value::is_null) {
            continue;
        }
        let pointer = format!("/destination/{member}");
        let mut diagnostic = cx
            .at_key(
                &RULE,
                &pointer,
                format!(
                    "`{member}` is a streaming-pipe destination member; a `{}` pipe creates its tables from `tableMappings`",
                    kind.member()
                ),
            )
            .with_label("not for a database pipe")
            .with_help(format!(
                "remove `{member}`: the destination of a database pipe names only its `database`"
            ))
            .with_fix(remove_member(cx, &pointer).unsafe_fix());
        diagnostic.severity = severity;
        if let Some(source) = cx.get(kind.pointer()).map(|_| cx.key_span(kind.pointer())) {
            diagnostic = diagnostic.with_secondary(source, "a database source");
        }
        out.push(diagnostic);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::profile::Profile;
    use crate::rules::testing::findings_as_under;

    const POSTGRES: &str = r#""postgres": {"host": "db.example.com", "port": 5432, "database": "app", "credentials": {"username": "u", "password": "${P}"}, "tableMappings": [{"sourceSchemaName": "public", "sourceTable": "t", "targetTable": "t"}]}"#;

    fn body(destination: &str) -> String {
        format!(r#"{{"name": "p", "source": {{{POSTGRES}}}, "destination": {destination}}}"#)
    }

    #[test]
    fn a_warning_on_the_contract_and_an_error_from_2026_04() {
        let copied =
            body(r#"{"database": "d", "table": "t", "managedTable": true, "columns": null}"#);
        for (api, severity) in [
            (ApiVersion::V2025_11, Severity::Warning),
            (ApiVersion::V2026_04, Severity::Error),
        ] {
            let found = findings_as_under(
                &RULE,
                DocumentKind::CreatePipe,
                &copied,
                Profile::default().with_api(api),
            );
            let pointers: Vec<&str> = found.iter().map(|d| d.pointer.as_str()).collect();
            assert_eq!(
                pointers,
                ["/destination/table", "/destination/managedTable"]
            );
            assert!(found.iter().all(|d| d.severity == severity), "{found:?}");
        }
        let clean = body(r#"{"database": "d"}"#);
        assert!(
            findings_as_under(&RULE, DocumentKind::CreatePipe, &clean, Profile::default())
                .is_empty()
        );
    }
}
