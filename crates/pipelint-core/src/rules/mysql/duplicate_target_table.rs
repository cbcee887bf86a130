use super::MYSQL;
use crate::rules::prelude::*;
use crate::rules::table_mappings::duplicate_target_tables;

declare_rule! {
    /// ## What it checks
    /// Each `targetTable` appears in at most one MySQL table mapping (api-version 2026-04).
    /// Names are compared exactly, as the destination database does.
    ///
    /// ## Why it matters
    /// Two source tables cannot be replicated into one destination table. It is usually a
    /// copy-paste slip: a mapping was duplicated and only the source table was changed.
    ///
    /// ## Example
    /// ```json bad kind:create-pipe at:/source/mysql api-version:latest
    /// {"tableMappings": [{"sourceSchemaName": "shop", "sourceTable": "orders", "targetTable": "orders"},
    ///                    {"sourceSchemaName": "archive", "sourceTable": "orders", "targetTable": "orders"}]}
    /// ```
    ///
    /// ## Fix
    /// Give every mapping its own `targetTable`, e.g. prefix it with the database name
    /// (`archive_orders`).
    ///
    /// ```json good kind:create-pipe at:/source/mysql api-version:latest
    /// {"tableMappings": [{"sourceSchemaName": "shop", "sourceTable": "orders", "targetTable": "orders"},
    ///                    {"sourceSchemaName": "archive", "sourceTable": "orders", "targetTable": "archive_orders"}]}
    /// ```
    pub static RULE = {
        code: "PL421",
        name: "mysql-duplicate-target-table",
        severity: Error,
        kinds: [CreatePipe],
        summary: "Two MySQL table mappings have the same targetTable",
        check: Some(check),
    };
}

fn check(cx: &Context, out: &mut Vec<Diagnostic>) {
    duplicate_target_tables(cx, &RULE, MYSQL, "sourceSchemaName", "sourceTable", out);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::testing::{body, findings, findings_latest, spanned};

    fn mysql(mappings: &str) -> String {
        body(&format!(
            r#"{{"mysql": {{"host": "h", "port": 3306, "settings": {{"replicationMode": "cdc"}}, "tableMappings": [{mappings}]}}}}"#
        ))
    }

    #[test]
    fn a_target_table_is_used_once() {
        let json = mysql(
            r#"{"sourceSchemaName": "shop", "sourceTable": "orders", "targetTable": "orders"},
               {"sourceSchemaName": "archive", "sourceTable": "orders", "targetTable": "orders"}"#,
        );
        let (result, found) = findings_latest(&RULE, &json);
        assert_eq!(found.len(), 1);
        assert_eq!(
            found[0].pointer,
            "/source/mysql/tableMappings/1/targetTable"
        );
        assert_eq!(spanned(&result, &found[0]), "\"orders\"");
        assert!(
            found[0]
                .help
                .as_deref()
                .unwrap()
                .contains("`archive_orders`")
        );
        // Under the default profile only the newer source is reported.
        assert!(findings(&RULE, &json).1.is_empty());
        let distinct = mysql(
            r#"{"sourceSchemaName": "shop", "sourceTable": "orders", "targetTable": "orders"},
               {"sourceSchemaName": "archive", "sourceTable": "orders", "targetTable": "Orders"}"#,
        );
        assert!(findings_latest(&RULE, &distinct).1.is_empty());
    }
}
