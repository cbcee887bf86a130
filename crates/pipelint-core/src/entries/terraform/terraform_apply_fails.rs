use crate::entries::declare_entry;

declare_entry! {
    /// ## What it checks
    /// What the provider's create step rejects before it sends the request, at the provider
    /// version in force: no source kind; a streaming or object-storage pipe without
    /// `destination.table` or `destination.columns`; a managed table (the default) without
    /// `table_definition`; a Kafka source with no complete set of `credentials` (unless
    /// `IAM_ROLE`); Azure Blob Storage with `url`, or without `azure_container_name` or
    /// `connection_string`; S3 or GCS without `url`; a Kinesis `IAM_USER` source without
    /// `access_key`; a Postgres or MySQL source with `basic` authentication and no password
    /// or with `iam_role`, or with `IAM_ROLE` and no `iam_role` or with a password.
    ///
    /// A value the provider rejects is not read by the API's rules: one mistake, one finding.
    ///
    /// ## Why it matters
    /// `terraform plan` passes and `terraform apply` fails when it comes to this resource,
    /// after the resources before it were created.
    ///
    /// ## Example
    /// ```hcl
    /// postgres = {
    ///   authentication = "IAM_ROLE"
    ///   credentials    = { username = "clickpipes" }
    /// }
    /// ```
    ///
    /// ## Fix
    /// The help says what to add or remove; here, `iam_role = "arn:aws:iam::<account-id>:role/<name>"`.
    pub static RULE = {
        code: "PL029",
        name: "terraform-apply-fails",
        severity: Error,
        kinds: [Terraform],
        summary: "A clickpipe resource the provider rejects at `terraform apply`, before it creates the pipe",
        policy: [kept_inside_newer],
    };
}
