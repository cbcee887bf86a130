use crate::rules::prelude::*;

declare_rule! {
    /// ## What it checks
    /// Numbers lie within the inclusive bounds of the interface (section 8 for scaling
    /// and settings, 1..65535 for ports).
    ///
    /// ## Why it matters
    /// The API rejects out-of-range values with a 400 error at deploy time.
    ///
    /// ## Example
    /// ```json bad kind:create-pipe at:/
    /// {"scaling": {"replicas": 11}}
    /// ```
    ///
    /// ## Fix
    /// Use a value in the range the message names (here 1 to 10).
    ///
    /// ```json good kind:create-pipe at:/scaling
    /// {"replicas": 10}
    /// ```
    pub static RULE = {
        code: "PL012",
        name: "out-of-range",
        severity: Error,
        kinds: [],
        summary: "A number lies outside its inclusive bounds",
        check: None,
    };
}
