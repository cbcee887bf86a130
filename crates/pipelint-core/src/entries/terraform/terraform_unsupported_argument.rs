use crate::entries::declare_entry;

declare_entry! {
    /// ## What it checks
    /// Every argument of a `clickhouse_clickpipe` resource, and of each object inside it, is
    /// one the provider's schema declares, at the provider version in force.
    ///
    /// ## Why it matters
    /// `terraform validate` stops on an argument the provider does not declare ("Unsupported
    /// argument"): nothing is planned or created until it is renamed or removed. A misspelt
    /// optional argument would otherwise be read as not set at all.
    ///
    /// ## Example
    /// ```hcl
    /// source = {
    ///   kafka = {
    ///     consumer_grup = "orders-readers"
    ///   }
    /// }
    /// ```
    ///
    /// ## Fix
    /// Rename it to the argument meant (`consumer_group`); `--fix` does so when one name is
    /// close. Remove an argument that belongs to another resource or provider version.
    pub static RULE = {
        code: "PL026",
        name: "terraform-unsupported-argument",
        severity: Error,
        kinds: [Terraform],
        summary: "A clickpipe argument the provider's schema does not declare, which `terraform validate` rejects",
        fix: Safe,
        supersedes: ["needs-newer-api"],
        policy: [kept_inside_newer],
    };
}
