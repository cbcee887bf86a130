use crate::entries::declare_entry;

declare_entry! {
    /// ## What it checks
    /// Members without which the body cannot work are present (for example `name`,
    /// `source` and `destination` of a create body, or `brokers` and `topics` of a Kafka
    /// source).
    ///
    /// ## Why it matters
    /// The API rejects the request, or creates a pipe that cannot start.
    ///
    /// ## Example
    /// ```json bad kind:create-pipe at:/destination
    /// {"columns": [{"name": "id"}]}
    /// ```
    ///
    /// ## Fix
    /// Add the member the message names. Where a misspelt key stands for it
    /// (`source_field` for `sourceField`), the `unknown-field` finding with its rename is
    /// reported instead, with this one as a label.
    ///
    /// ```json good kind:create-pipe at:/destination
    /// {"columns": [{"name": "id", "type": "UInt64"}]}
    /// ```
    pub static RULE = {
        code: "PL013",
        name: "missing-field",
        severity: Error,
        kinds: [],
        summary: "A required member is missing",
    };
}
