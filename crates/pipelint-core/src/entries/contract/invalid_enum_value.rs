use crate::entries::declare_entry;

declare_entry! {
    /// ## What it checks
    /// Members with a closed set of values (broker type, format, authentication method,
    /// iterator type, engine, ...) hold one of them, with the exact case.
    ///
    /// ## Why it matters
    /// The API compares these values exactly: `scram-sha-512` is rejected where
    /// `SCRAM-SHA-512` is accepted, and values of newer API versions are not part of the
    /// contract pipelint checks against.
    ///
    /// ## Example
    /// ```json bad kind:create-pipe at:/source/kafka
    /// {"type": "kafka", "authentication": "scram-sha-512"}
    /// ```
    ///
    /// ## Fix
    /// Use one of the allowed values the help lists; a case slip gets an automatic fix.
    ///
    /// ```json good kind:create-pipe at:/source/kafka
    /// {"type": "kafka", "authentication": "SCRAM-SHA-512"}
    /// ```
    pub static RULE = {
        code: "PL011",
        name: "invalid-enum-value",
        severity: Error,
        kinds: [],
        summary: "A member holds a value outside its allowed set",
        fix: SafeOrUnsafe,
    };
}
