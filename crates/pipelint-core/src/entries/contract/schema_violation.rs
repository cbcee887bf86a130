use crate::entries::declare_entry;

declare_entry! {
    /// ## What it checks
    /// Every other constraint of the document's schema (lengths, item counts, patterns).
    ///
    /// ## Why it matters
    /// The API rejects bodies that break them.
    ///
    /// ## Example
    /// An empty `name` (the schema wants at least one character):
    /// ```json bad kind:create-pipe at:/
    /// {"name": ""}
    /// ```
    ///
    /// ## Fix
    /// Change the value as the message says.
    ///
    /// ```json good kind:create-pipe at:/
    /// {"name": "orders"}
    /// ```
    pub static RULE = {
        code: "PL016",
        name: "schema-violation",
        severity: Error,
        kinds: [],
        summary: "The document breaks another constraint of its schema",
    };
}
