use crate::declare_rule;

declare_rule! {
    /// ## What it checks
    /// Strings that have a defined text form in the schema (`format`) have it.
    ///
    /// ## Why it matters
    /// The API rejects malformed identifiers and dates.
    ///
    /// ## Example
    /// A `uuid` member holding `1234`.
    ///
    /// ## Fix
    /// Write the value in the form the message names.
    pub static RULE = {
        code: "PL015",
        name: "invalid-format",
        severity: Error,
        kinds: [],
        summary: "A string does not have the text form its member requires",
        check: None,
    };
}
