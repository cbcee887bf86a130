//! Rules for MySQL and MariaDB sources (api-profiles.md row 2; api-version 2026-04).

super::rule_files! {
    duplicate_target_table,
    file_pos_on_mariadb,
}

/// Pointer of the MySQL source object and the members the rules read.
pub(crate) const MYSQL: &str = "/source/mysql";
pub(crate) const TYPE: &str = "/source/mysql/type";
pub(crate) const REPLICATION_MECHANISM: &str = "/source/mysql/settings/replicationMechanism";

/// The `type` values of MariaDB servers.
pub(crate) const MARIADB_TYPES: &[&str] = &["mariadb", "rdsmariadb"];

/// A create body with a MySQL source of the given `type` and settings members.
#[cfg(test)]
pub(crate) fn mysql(kind: &str, settings: &str) -> String {
    crate::rules::testing::body(&format!(
        r#"{{"mysql": {{"type": "{kind}", "host": "db.internal", "port": 3306, "settings": {{"replicationMode": "cdc"{settings}}}, "tableMappings": [{{"sourceSchemaName": "shop", "sourceTable": "orders", "targetTable": "shop_orders"}}]}}}}"#
    ))
}
