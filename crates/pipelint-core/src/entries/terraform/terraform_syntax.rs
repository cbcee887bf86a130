use crate::entries::declare_entry;

declare_entry! {
    /// ## What it checks
    /// A `.tf` file is valid HCL, the syntax Terraform reads.
    ///
    /// ## Why it matters
    /// `terraform validate` and `terraform plan` stop at the first syntax error; no
    /// `clickhouse_clickpipe` resource in the file can be checked until it is mended.
    ///
    /// ## Example
    /// `name = "orders` (the closing quote is missing), or a block whose `}` is missing.
    ///
    /// ## Fix
    /// Mend the syntax at the position shown; `terraform fmt` also points at it.
    pub static RULE = {
        code: "PL019",
        name: "terraform-syntax",
        severity: Error,
        kinds: [Terraform],
        summary: "A Terraform file is not valid HCL",
    };
}
