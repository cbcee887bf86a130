use crate::entries::declare_entry;

declare_entry! {
    /// ## What it checks
    /// Every member is one the interface defines for that object.
    ///
    /// ## Why it matters
    /// An unknown member is usually a typo (`consumergroup` for `consumerGroup`) that the
    /// server ignores, so the setting you meant silently does not apply. It is a warning,
    /// not an error, because the real API knows a few members the contract does not list.
    ///
    /// Members the real API documents but the contract omits are accepted without this
    /// warning: for example Kafka `exactlyOnce` and the credential shapes
    /// `certificate`/`privateKey`,
    /// `accessKeyId`/`secretKey` and `connectionString`; Postgres `type`, `authentication`,
    /// `iamRole`, `tlsHost`, `caCertificate`, `disableTls`, `skipCertVerification`,
    /// `deleteOnMerge`, `partitionKey`, `partitionByExpr`; object storage `skipInitialLoad`
    /// and `startAfter`; the service record's `provider`, `region`, `state`, `tags`, … ;
    /// the alerts' `scheduleOffsetMinutes` and `scheduleStartAt`. Keys that no version of
    /// the API has keep the warning and its did-you-mean hint.
    ///
    /// ## Example
    /// ```json bad kind:create-pipe at:/source/kafka
    /// {"consumergroup": "orders-ingest"}
    /// ```
    ///
    /// ## Fix
    /// Use the name the did-you-mean hint gives, or remove the member. A source kind written
    /// at the top level of a create body without `source` gets an unsafe fix that moves it
    /// under `source`; a scaling patch written as `{"scaling": {…}}` gets one that unwraps it.
    ///
    /// When the fix puts in place a member the object lacks (`source_field` renamed to the
    /// required `sourceField`, a source kind moved under the absent `source`), this finding is
    /// the one reported for the slip: the findings that exist only because that member is
    /// missing ("missing the required member", a column no mapping names) are shown as its
    /// secondary labels, and it takes the highest of their severities, as the server rejects
    /// the body until it is fixed.
    ///
    /// ```json good kind:create-pipe at:/source/kafka
    /// {"consumerGroup": "orders-ingest"}
    /// ```
    pub static RULE = {
        code: "PL014",
        name: "unknown-field",
        severity: Warning,
        kinds: [],
        summary: "A member is not defined by the interface (often a typo)",
        fix: SafeOrUnsafe,
    };
}
