use crate::entries::declare_entry;

declare_entry! {
    /// ## What it checks
    /// What the provider's plan step (`ModifyPlan`) rejects in a new `clickhouse_clickpipe`
    /// resource, at the provider version in force: `stopped = true` (or an expression) at
    /// create; a ReplacingMergeTree table without `version_column_id` or `sorting_key`;
    /// `version_column_id` or `column_ids` with another engine, or naming no column;
    /// `queue_url` without `is_continuous`, outside S3 and GCS, or with an authentication the
    /// queue cannot use; `skip_initial_load` without `queue_url`, or with `start_after`;
    /// GCS with `IAM_ROLE`; `SERVICE_ACCOUNT` outside GCS, without `service_account_key`, or
    /// a key without it; two table mappings with one target table; a MariaDB source with a
    /// replication mechanism other than GTID; `table_definition` on a database (CDC) pipe.
    ///
    /// A value the provider rejects is not read by the API's rules: one mistake, one finding.
    ///
    /// ## Why it matters
    /// `terraform plan` fails (it needs `terraform init` and a configured provider, so the
    /// mistake is often found late, in CI). pipelint finds it offline.
    ///
    /// ## Example
    /// ```hcl
    /// object_storage = {
    ///   type           = "gcs"
    ///   authentication = "IAM_ROLE"
    /// }
    /// ```
    ///
    /// ## Fix
    /// The help says what the provider accepts. For GCS, use `SERVICE_ACCOUNT` with
    /// `service_account_key = var.gcs_key`, or `IAM_USER` with an HMAC `access_key`.
    pub static RULE = {
        code: "PL028",
        name: "terraform-plan-fails",
        severity: Error,
        kinds: [Terraform],
        summary: "A clickpipe resource the provider rejects at `terraform plan`",
        policy: [kept_inside_newer],
    };
}
