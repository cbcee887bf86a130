use crate::entries::declare_entry;

declare_entry! {
    /// ## What it checks
    /// No object gives the same member twice, at any depth.
    ///
    /// ## Why it matters
    /// JSON parsers keep only one of the two values (the API keeps the last), so one of
    /// them is silently lost, and a reviewer reading the first one is misled.
    ///
    /// ## Example
    /// ```json bad kind:create-pipe
    /// {"name": "orders",
    ///  "source": {"kafka": {"type": "warpstream", "format": "JSONEachRow", "authentication": "PLAIN",
    ///    "brokers": "serverless.warpstream.com:9092", "topics": "orders", "topics": "payments",
    ///    "credentials": {"username": "${KAFKA_USERNAME}", "password": "${KAFKA_PASSWORD}"}}},
    ///  "destination": {"database": "default", "table": "orders", "managedTable": false,
    ///    "columns": [{"name": "id", "type": "UInt64"}]}}
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
        policy: [about_the_key],
    };
}
