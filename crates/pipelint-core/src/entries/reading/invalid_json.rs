use crate::entries::declare_entry;

declare_entry! {
    /// ## What it checks
    /// The file is strict JSON as the API accepts it: no comments, no trailing commas, no
    /// single quotes, nothing after the document, nothing missing at the end.
    ///
    /// ## Why it matters
    /// The API parses bodies as strict JSON and rejects the whole request on the first
    /// syntax error, so nothing else in the file can be checked until it parses.
    ///
    /// ## Example
    /// ```json bad kind:create-pipe
    /// {"name": "orders", "source": {"kafka": {"brokers": "b1:9092",}}}
    /// ```
    ///
    /// ## Fix
    /// Fix the syntax at the marked spot; here, remove the trailing comma.
    pub static RULE = {
        code: "PL001",
        name: "invalid-json",
        severity: Error,
        kinds: [],
        summary: "The file is not strict JSON (syntax error, comment, trailing comma, truncation)",
        policy: [not_checked],
    };
}
