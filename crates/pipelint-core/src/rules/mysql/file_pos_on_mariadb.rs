use super::{MARIADB_TYPES, REPLICATION_MECHANISM, TYPE};
use crate::rules::prelude::*;

declare_rule! {
    /// ## What it checks
    /// A MariaDB source (`type` `mariadb` or `rdsmariadb`) does not set
    /// `settings.replicationMechanism` to `FILE_POS` (api-version 2026-04: "MariaDB supports
    /// GTID only").
    ///
    /// ## Why it matters
    /// The pipe follows a MariaDB server's binary log by global transaction ids only; a pipe
    /// asked to follow file and position is rejected or never replicates.
    ///
    /// ## Example
    /// ```json bad kind:create-pipe at:/source/mysql api-version:latest
    /// {"type": "mariadb", "host": "mariadb.shop.internal", "port": 3306,
    ///  "credentials": {"username": "clickpipes", "password": "${MYSQL_PASSWORD}"},
    ///  "settings": {"replicationMode": "cdc", "replicationMechanism": "FILE_POS"},
    ///  "tableMappings": [{"sourceSchemaName": "shop", "sourceTable": "orders", "targetTable": "shop_orders"}]}
    /// ```
    ///
    /// ## Fix
    /// Use `GTID` (the default: leave `replicationMechanism` out), and enable GTIDs on the
    /// server.
    ///
    /// ```json good kind:create-pipe at:/source/mysql api-version:latest
    /// {"type": "mariadb", "host": "mariadb.shop.internal", "port": 3306,
    ///  "credentials": {"username": "clickpipes", "password": "${MYSQL_PASSWORD}"},
    ///  "settings": {"replicationMode": "cdc", "replicationMechanism": "GTID"},
    ///  "tableMappings": [{"sourceSchemaName": "shop", "sourceTable": "orders", "targetTable": "shop_orders"}]}
    /// ```
    pub static RULE = {
        code: "PL420",
        name: "mysql-file-pos-on-mariadb",
        severity: Error,
        kinds: [CreatePipe],
        summary: "A MariaDB source asks for FILE_POS replication, which MariaDB does not support",
        check: Some(check),
    };
}

fn check(cx: &Context, out: &mut Vec<Diagnostic>) {
    let Some(kind) = cx.get_str(TYPE).filter(|t| MARIADB_TYPES.contains(t)) else {
        return;
    };
    if cx.get_str(REPLICATION_MECHANISM) != Some("FILE_POS") {
        return;
    }
    out.push(
        cx.at_value(
            &RULE,
            REPLICATION_MECHANISM,
            format!("a `{kind}` source cannot replicate with `FILE_POS`"),
        )
        .with_label("MariaDB supports GTID only")
        .with_secondary(cx.value_span(TYPE), "MariaDB server")
        .with_help("use `\"GTID\"` (the default: leave `replicationMechanism` out)"),
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::testing::mysql;
    use crate::rules::testing::{findings_latest, spanned};

    #[test]
    fn mariadb_cannot_use_file_pos() {
        for kind in MARIADB_TYPES {
            let json = mysql(kind, r#", "replicationMechanism": "FILE_POS""#);
            let (result, found) = findings_latest(&RULE, &json);
            assert_eq!(found.len(), 1, "{kind}");
            assert_eq!(spanned(&result, &found[0]), "\"FILE_POS\"");
        }
        for (kind, settings) in [
            ("mariadb", r#", "replicationMechanism": "GTID""#),
            ("mariadb", ""),
            ("mysql", r#", "replicationMechanism": "FILE_POS""#),
            ("auroramysql", r#", "replicationMechanism": "FILE_POS""#),
        ] {
            let json = mysql(kind, settings);
            assert!(
                findings_latest(&RULE, &json).1.is_empty(),
                "{kind}{settings}"
            );
        }
    }
}
