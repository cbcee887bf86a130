use crate::entries::declare_entry;

declare_entry! {
    /// ## What it checks
    /// An inline ignore comment in a `.tf` file (`# pipelint-ignore: RULE[, RULE…] reason`)
    /// that silenced no finding of a rule it names: the finding was fixed, the comment is not
    /// on the line above (or at the end of the line of) an attribute or block that has one,
    /// or it names a rule that does not exist.
    ///
    /// ## Why it matters
    /// A stale ignore hides nothing today and will hide a new finding tomorrow without anyone
    /// deciding it should; a misspelt rule name never silences what was meant.
    ///
    /// ## Example
    /// `# pipelint-ignore: PL011 legacy broker` above `authentication = "PLAIN"`, a valid
    /// value.
    ///
    /// ## Fix
    /// Remove the comment, or correct its rule names and move it above the attribute or
    /// block whose finding it should silence.
    pub static RULE = {
        code: "PL900",
        name: "unused-ignore",
        severity: Warning,
        kinds: [Terraform],
        summary: "An inline ignore comment silenced nothing",
    };
}
