use crate::declare_rule;

declare_rule! {
    /// ## What it checks
    /// The file is UTF-8 text. Reports the first byte that is not valid UTF-8, a UTF-16
    /// byte-order mark, or a binary file.
    ///
    /// ## Why it matters
    /// JSON exchanged with the API must be UTF-8; a Latin-1 or UTF-16 file is rejected or,
    /// worse, sent with mangled names.
    ///
    /// ## Example
    /// A `name` typed as `Caf\xE9` in a Latin-1 editor.
    ///
    /// ## Fix
    /// Re-encode the file as UTF-8 (most editors: "Save with encoding").
    pub static RULE = {
        code: "PL002",
        name: "invalid-utf8",
        severity: Error,
        kinds: [],
        summary: "The file is not UTF-8 (invalid byte, UTF-16 or binary)",
        check: None,
    };
}
