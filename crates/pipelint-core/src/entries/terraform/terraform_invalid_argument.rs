use crate::entries::declare_entry;

declare_entry! {
    /// ## What it checks
    /// What `terraform validate` checks of a `clickhouse_clickpipe` resource against the
    /// provider's schema and its config validators, at the provider version in force:
    ///
    /// - a value of the wrong type where Terraform cannot convert it (`replicas = "two"`);
    /// - a `Required` argument left out (a Postgres source without `credentials`);
    /// - a read-only argument configured (`state`);
    /// - a value outside the provider's own list (`type = "dokafka"`, `compression = "gz"`),
    ///   bounds (`replicas` 1 to 10) or pattern (a Pub/Sub `topic` with `/`, a blank
    ///   `partition_by_expr`, a malformed `queue_url`);
    /// - arguments that conflict (`password` with `password_wo`) or need each other
    ///   (`password_wo` with `password_wo_version`);
    /// - the resource's config validators: a Pub/Sub `seek_timestamp` that does not match
    ///   `seek_type`, `scaling` on a Postgres, MySQL or MongoDB pipe.
    ///
    /// A value the provider rejects is not read by the API's rules: one mistake, one finding.
    ///
    /// ## Why it matters
    /// Terraform stops at `terraform validate`: nothing is planned or created.
    ///
    /// ## Example
    /// ```hcl
    /// scaling = {
    ///   replicas = 12
    /// }
    /// ```
    ///
    /// ## Fix
    /// Write a value the provider accepts; the help lists them. For a password, prefer
    /// `password_wo = var.kafka_password` with `password_wo_version = 1`.
    pub static RULE = {
        code: "PL027",
        name: "terraform-invalid-argument",
        severity: Error,
        kinds: [Terraform],
        summary: "A clickpipe argument's value, presence or combination that `terraform validate` rejects",
        fix: SafeOrUnsafe,
        policy: [kept_inside_newer],
    };
}
