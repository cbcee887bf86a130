use crate::entries::declare_entry;

declare_entry! {
    /// ## What it checks
    /// What the provider's plan step (`ModifyPlan`) warns about in a `clickhouse_clickpipe`
    /// resource, at the provider version in force: from 3.17.1, `destination.managed_table`
    /// set on a database pipe (Postgres, MySQL, BigQuery, MongoDB), where the provider
    /// ignores it and never sends it.
    ///
    /// The provider does not send the value, so the API's rules do not read it either: one
    /// setting, one finding.
    ///
    /// ## Why it matters
    /// `terraform plan` goes on, but prints the warning on every plan; the setting suggests
    /// a choice that has no effect (each table of a database pipe is created from its
    /// `table_mappings` entry).
    ///
    /// ## Example
    /// ```hcl
    /// source = {
    ///   postgres = { … }
    /// }
    /// destination = {
    ///   database      = "shop"
    ///   managed_table = false
    /// }
    /// ```
    ///
    /// ## Fix
    /// Remove `managed_table` from the destination of a database pipe.
    pub static RULE = {
        code: "PL025",
        name: "terraform-plan-warns",
        severity: Warning,
        kinds: [Terraform],
        summary: "A clickpipe resource setting the provider warns about at `terraform plan`",
        policy: [kept_inside_newer],
    };
}
