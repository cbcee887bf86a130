use crate::rules::prelude::*;

declare_rule! {
    /// ## What it checks
    /// Every other constraint of the document's schema (lengths, item counts, patterns).
    ///
    /// ## Why it matters
    /// The API rejects bodies that break them.
    ///
    /// ## Example
    /// An array with more items than the member allows.
    ///
    /// ## Fix
    /// Change the value as the message says.
    pub static RULE = {
        code: "PL016",
        name: "schema-violation",
        severity: Error,
        kinds: [],
        summary: "The document breaks another constraint of its schema",
        check: None,
    };
}
