use crate::entries::declare_entry;

declare_entry! {
    /// ## What it checks
    /// The file is UTF-8 text. Reports the first byte that is not valid UTF-8, a UTF-16
    /// file (with a byte-order mark, or without one, told by the NUL byte beside each ASCII
    /// character), or a binary file (a NUL byte in the first 8 KiB). The text of a UTF-16 or
    /// binary file is never shown, since secrets in it could not be masked.
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
        policy: [not_checked],
    };
}
