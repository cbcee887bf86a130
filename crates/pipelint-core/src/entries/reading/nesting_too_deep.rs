use crate::entries::declare_entry;

declare_entry! {
    /// ## What it checks
    /// Arrays and objects are nested at most 128 levels deep.
    ///
    /// ## Why it matters
    /// No API body nests more than a handful of levels; deeper input is a generated or
    /// corrupted file, and unbounded nesting is how parsers are made to crash.
    ///
    /// ## Example
    /// `{"name": [[[[ ... 200 levels ... ]]]]}`
    ///
    /// ## Fix
    /// Regenerate or repair the file.
    pub static RULE = {
        code: "PL006",
        name: "nesting-too-deep",
        severity: Error,
        kinds: [],
        summary: "Arrays and objects nest more than 128 levels deep",
        policy: [not_checked],
    };
}
