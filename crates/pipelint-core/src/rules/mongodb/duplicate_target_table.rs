use super::MONGODB;
use crate::rules::prelude::*;
use crate::rules::table_mappings::duplicate_target_tables;

declare_rule! {
    /// ## What it checks
    /// Each `targetTable` appears in at most one MongoDB table mapping (api-version 2026-04).
    /// Names are compared exactly, as the destination database does.
    ///
    /// ## Why it matters
    /// Two collections cannot be replicated into one destination table. It is usually a
    /// copy-paste slip: a mapping was duplicated and only the collection was changed.
    ///
    /// ## Example
    /// ```json bad kind:create-pipe api-version:latest
    /// {"name": "catalog-cdc",
    ///  "source": {"mongodb": {"uri": "mongodb+srv://catalog.x7k2p.mongodb.net/",
    ///    "readPreference": "secondaryPreferred", "settings": {"replicationMode": "cdc"},
    ///    "tableMappings": [
    ///      {"sourceDatabaseName": "catalog", "sourceCollection": "products", "targetTable": "products"},
    ///      {"sourceDatabaseName": "archive", "sourceCollection": "products", "targetTable": "products"}]}},
    ///  "destination": {"database": "catalog_replica"}}
    /// ```
    ///
    /// ## Fix
    /// Give every mapping its own `targetTable`, e.g. prefix it with the database name
    /// (`archive_products`).
    ///
    /// ```json good kind:create-pipe api-version:latest
    /// {"name": "catalog-cdc",
    ///  "source": {"mongodb": {"uri": "mongodb+srv://catalog.x7k2p.mongodb.net/",
    ///    "readPreference": "secondaryPreferred", "settings": {"replicationMode": "cdc"},
    ///    "tableMappings": [
    ///      {"sourceDatabaseName": "catalog", "sourceCollection": "products", "targetTable": "products"},
    ///      {"sourceDatabaseName": "archive", "sourceCollection": "products", "targetTable": "archive_products"}]}},
    ///  "destination": {"database": "catalog_replica"}}
    /// ```
    pub static RULE = {
        code: "PL440",
        name: "mongodb-duplicate-target-table",
        severity: Error,
        kinds: [CreatePipe],
        summary: "Two MongoDB table mappings have the same targetTable",
        check: Some(check),
    };
}

fn check(cx: &Context, out: &mut Vec<Diagnostic>) {
    duplicate_target_tables(
        cx,
        &RULE,
        MONGODB,
        "sourceDatabaseName",
        "sourceCollection",
        out,
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::testing::{body, findings_latest};

    #[test]
    fn a_target_table_is_used_once() {
        let json = body(
            r#"{"mongodb": {"uri": "mongodb://m", "readPreference": "primary", "settings": {"replicationMode": "cdc"}, "tableMappings": [
                {"sourceDatabaseName": "a", "sourceCollection": "c", "targetTable": "t"},
                {"sourceDatabaseName": "b", "sourceCollection": "c", "targetTable": "t"},
                {"sourceDatabaseName": "b", "sourceCollection": "d", "targetTable": "u"}]}}"#,
        );
        let found = findings_latest(&RULE, &json).1;
        assert_eq!(found.len(), 1);
        assert_eq!(
            found[0].pointer,
            "/source/mongodb/tableMappings/1/targetTable"
        );
        assert!(found[0].help.as_deref().unwrap().contains("`b_c`"));
    }
}
