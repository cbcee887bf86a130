use crate::entries::declare_entry;

declare_entry! {
    /// ## What it checks
    /// Each member has the JSON type the API defines (string, integer, number, boolean,
    /// object, array, or null where the member is nullable).
    ///
    /// In the cloud API's bodies and records (pipes, scaling patches, services), `null` for
    /// an optional member means the member is absent, as the real clients and server treat
    /// it: `"credentials": null` is not a wrong type. A rule
    /// that needs the member reports it as missing, and required members (`name`,
    /// `source`, `destination`, …) still reject `null`. The analytics-stack bodies accept
    /// `null` only where their server does.
    ///
    /// ## Why it matters
    /// The API rejects a body whose member has the wrong type: `"3"` is not `3`, and
    /// `2.5` is not an integer.
    ///
    /// ## Example
    /// ```json bad kind:create-pipe at:/
    /// {"scaling": {"replicas": "3"}}
    /// ```
    ///
    /// ## Fix
    /// Write the value with the expected type: `"replicas": 3`. An integer written as a
    /// string gets a safe fix that removes the quotes when the string is exactly a whole
    /// number (no sign but `-`, no leading zeros, spaces, fraction or exponent) within the
    /// member's bounds; a whole number written with a fraction (`3.0`) gets one too.
    ///
    /// ```json good kind:create-pipe at:/scaling
    /// {"replicas": 3}
    /// ```
    pub static RULE = {
        code: "PL010",
        name: "wrong-type",
        severity: Error,
        kinds: [],
        summary: "A member has the wrong JSON type",
        fix: Safe,
        policy: [sole_at_its_member],
    };
}
