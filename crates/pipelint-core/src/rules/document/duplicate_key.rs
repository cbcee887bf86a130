use crate::rules::prelude::*;

declare_rule! {
    /// ## What it checks
    /// No object gives the same member twice, at any depth.
    ///
    /// ## Why it matters
    /// JSON parsers keep only one of the two values (the API keeps the last), so one of
    /// them is silently lost, and a reviewer reading the first one is misled.
    ///
    /// ## Example
    /// ```json bad kind:create-pipe
    /// {"kafka": {"topics": "orders", "brokers": "b1:9092", "topics": "payments"}}
    /// ```
    ///
    /// ## Fix
    /// Keep one of the two members.
    ///
    /// ```json good kind:create-pipe at:/source/kafka
    /// {"topics": "orders", "brokers": "b1:9092"}
    /// ```
    pub static RULE = {
        code: "PL005",
        name: "duplicate-key",
        severity: Error,
        kinds: [],
        summary: "An object gives the same member twice",
        check: None,
    };
}
