use crate::entries::declare_entry;

declare_entry! {
    /// ## What it checks
    /// The file holds a JSON value: it is neither empty nor whitespace only.
    ///
    /// ## Why it matters
    /// An empty body is rejected by the API; an empty file in the repository is usually a
    /// failed generation step or an unfinished edit.
    ///
    /// ## Example
    /// A zero-byte `orders.pipe.json`.
    ///
    /// ## Fix
    /// Write the body, or delete the file.
    pub static RULE = {
        code: "PL004",
        name: "empty-document",
        severity: Error,
        kinds: [],
        summary: "The file is empty or holds only whitespace",
        policy: [not_checked],
    };
}
