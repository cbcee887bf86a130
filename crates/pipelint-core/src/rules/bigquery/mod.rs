//! Rules for BigQuery sources (api-profiles.md row 1; api-version 2026-04).

super::rule_files! {
    duplicate_target_table,
}

/// Pointer of the BigQuery source object.
pub(crate) const BIGQUERY: &str = "/source/bigquery";
