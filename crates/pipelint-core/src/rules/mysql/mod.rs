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
