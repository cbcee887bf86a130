use crate::declare_rule;

declare_rule! {
    /// ## What it checks
    /// Each member has the JSON type the API defines (string, integer, number, boolean,
    /// object, array, or null where the member is nullable).
    ///
    /// ## Why it matters
    /// The API rejects a body whose member has the wrong type: `"3"` is not `3`, and
    /// `2.5` is not an integer.
    ///
    /// ## Example
    /// ```json
    /// {"scaling": {"replicas": "3"}}
    /// ```
    ///
    /// ## Fix
    /// Write the value with the expected type: `"replicas": 3`.
    pub static RULE = {
        code: "PL010",
        name: "wrong-type",
        severity: Error,
        kinds: [],
        summary: "A member has the wrong JSON type",
        check: None,
    };
}
