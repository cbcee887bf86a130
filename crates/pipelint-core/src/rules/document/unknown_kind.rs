use crate::declare_rule;

declare_rule! {
    /// ## What it checks
    /// pipelint can tell which API body the file is: from `--kind`, the file name
    /// (`*.pipe.json`, `*.scaling.json`) or the content (a body with `source` or
    /// `destination` is a create-pipe body; one with only scaling members is a scaling patch).
    ///
    /// ## Why it matters
    /// Without a kind nothing can be checked, and a silent pass would hide every mistake.
    ///
    /// ## Example
    /// ```json
    /// {"hello": "world"}
    /// ```
    ///
    /// ## Fix
    /// Pass `--kind create-pipe` (or another kind), or name the file `*.pipe.json`.
    pub static RULE = {
        code: "PL008",
        name: "unknown-kind",
        severity: Error,
        kinds: [],
        summary: "The kind of document cannot be told; use --kind",
        check: None,
    };
}
