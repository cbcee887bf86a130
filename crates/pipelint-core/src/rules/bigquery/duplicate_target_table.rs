use super::BIGQUERY;
use crate::rules::prelude::*;
use crate::rules::table_mappings::duplicate_target_tables;

declare_rule! {
    /// ## What it checks
    /// Each `targetTable` appears in at most one BigQuery table mapping (api-version
    /// 2026-04). Names are compared exactly, as the destination database does.
    ///
    /// ## Why it matters
    /// Two source tables cannot be copied into one destination table. It is usually a
    /// copy-paste slip: a mapping was duplicated and only the source table was changed.
    ///
    /// ## Example
    /// ```json bad kind:create-pipe api-version:latest
    /// {"name": "marketing-snapshot",
    ///  "source": {"bigquery": {"snapshotStagingPath": "gs://acme-staging/marketing/",
    ///    "credentials": {"serviceAccountFile": "${BIGQUERY_SERVICE_ACCOUNT_FILE}"},
    ///    "settings": {"replicationMode": "snapshot"},
    ///    "tableMappings": [
    ///      {"sourceDatasetName": "marketing", "sourceTable": "campaigns", "targetTable": "campaigns"},
    ///      {"sourceDatasetName": "archive", "sourceTable": "campaigns", "targetTable": "campaigns"}]}},
    ///  "destination": {"database": "marketing"}}
    /// ```
    ///
    /// ## Fix
    /// Give every mapping its own `targetTable`, e.g. prefix it with the dataset name
    /// (`archive_campaigns`).
    ///
    /// ```json good kind:create-pipe api-version:latest
    /// {"name": "marketing-snapshot",
    ///  "source": {"bigquery": {"snapshotStagingPath": "gs://acme-staging/marketing/",
    ///    "credentials": {"serviceAccountFile": "${BIGQUERY_SERVICE_ACCOUNT_FILE}"},
    ///    "settings": {"replicationMode": "snapshot"},
    ///    "tableMappings": [
    ///      {"sourceDatasetName": "marketing", "sourceTable": "campaigns", "targetTable": "campaigns"},
    ///      {"sourceDatasetName": "archive", "sourceTable": "campaigns", "targetTable": "archive_campaigns"}]}},
    ///  "destination": {"database": "marketing"}}
    /// ```
    pub static RULE = {
        code: "PL460",
        name: "bigquery-duplicate-target-table",
        severity: Error,
        kinds: [CreatePipe],
        summary: "Two BigQuery table mappings have the same targetTable",
        check: Some(check),
    };
}

fn check(cx: &Context, out: &mut Vec<Diagnostic>) {
    duplicate_target_tables(cx, &RULE, BIGQUERY, "sourceDatasetName", "sourceTable", out);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::testing::{body, findings_latest};

    #[test]
    fn a_target_table_is_used_once() {
        let json = body(
            r#"{"bigquery": {"snapshotStagingPath": "gs://b/p/", "credentials": {"serviceAccountFile": "${F}"}, "settings": {"replicationMode": "snapshot"}, "tableMappings": [
                {"sourceDatasetName": "a", "sourceTable": "t", "targetTable": "x"},
                {"sourceDatasetName": "b", "sourceTable": "t", "targetTable": "x"}]}}"#,
        );
        let found = findings_latest(&RULE, &json).1;
        assert_eq!(found.len(), 1);
        assert_eq!(
            found[0].pointer,
            "/source/bigquery/tableMappings/1/targetTable"
        );
        assert!(found[0].help.as_deref().unwrap().contains("`b_t`"));
    }
}
