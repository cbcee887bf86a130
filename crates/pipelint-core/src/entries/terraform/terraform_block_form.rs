use crate::entries::declare_entry;

declare_entry! {
    /// ## What it checks
    /// A nested member of a `clickhouse_clickpipe` resource written as a block
    /// (`scaling { … }`, repeated `columns { … }`) instead of as an attribute
    /// (`scaling = { … }`, `columns = [{ … }, …]`).
    ///
    /// ## Why it matters
    /// The provider declares every nested member as a nested attribute, and
    /// `terraform validate` rejects the block form with "Unsupported block type": nothing is
    /// planned until it is rewritten. The provider's own documentation page and several of
    /// its examples show the block form, so it is often copied. pipelint reads both forms
    /// alike and checks the rest of the resource.
    ///
    /// ## Example
    /// `scaling { replicas = 2 }`
    ///
    /// ## Fix
    /// Write `scaling = { replicas = 2 }`; for a list, `columns = [{ … }, { … }]`.
    pub static RULE = {
        code: "PL020",
        name: "terraform-block-form",
        severity: Error,
        kinds: [Terraform],
        summary: "A nested clickpipe member is written as a block, which Terraform rejects",
        policy: [kept_inside_newer],
    };
}
