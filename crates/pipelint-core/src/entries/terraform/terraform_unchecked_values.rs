use crate::entries::declare_entry;

declare_entry! {
    /// ## What it checks
    /// Counts the values of a `clickhouse_clickpipe` resource that are Terraform expressions
    /// (`var.…`, `local.…`, references, function calls, templates, `dynamic` blocks), which
    /// pipelint cannot know offline. At most one finding per resource.
    ///
    /// ## Why it matters
    /// A rule that needs such a value stays quiet rather than guess; a rule that needs only
    /// its presence counts it as present. This finding says how much of the resource was
    /// left to `terraform plan`. Variable defaults, locals and `.tfvars` are not evaluated.
    ///
    /// ## Example
    /// `authentication = var.kafka_authentication`
    ///
    /// ## Fix
    /// Nothing to repair. Write literal values where they are known to have them checked,
    /// or turn the rule off in `pipelint.toml`.
    pub static RULE = {
        code: "PL021",
        name: "terraform-unchecked-values",
        severity: Info,
        kinds: [Terraform],
        summary: "Values of a clickpipe resource that are Terraform expressions were not checked",
    };
}
