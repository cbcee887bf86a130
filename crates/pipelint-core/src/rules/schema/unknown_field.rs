use crate::declare_rule;

declare_rule! {
    /// ## What it checks
    /// Every member is one the interface defines for that object.
    ///
    /// ## Why it matters
    /// An unknown member is usually a typo (`consumergroup` for `consumerGroup`) that the
    /// server ignores, so the setting you meant silently does not apply. It is a warning,
    /// not an error, because the real API knows a few members the contract does not list.
    ///
    /// ## Example
    /// ```json
    /// {"source": {"kafka": {"consumergroup": "orders-ingest"}}}
    /// ```
    ///
    /// ## Fix
    /// Use the name the did-you-mean hint gives, or remove the member.
    pub static RULE = {
        code: "PL014",
        name: "unknown-field",
        severity: Warning,
        kinds: [],
        summary: "A member is not defined by the interface (often a typo)",
        check: None,
    };
}
