use crate::entries::declare_entry;

declare_entry! {
    /// ## What it checks
    /// Every number can be represented: integers fit in 64 bits and other numbers in a
    /// 64-bit float.
    ///
    /// ## Why it matters
    /// The API's parser rejects `1e400` and silently rounds integers beyond 2^64, so the
    /// value that arrives is not the value in the file.
    ///
    /// ## Example
    /// ```json bad kind:create-pipe
    /// {"name": "orders",
    ///  "source": {"kafka": {"type": "warpstream", "format": "JSONEachRow", "authentication": "PLAIN",
    ///    "brokers": "serverless.warpstream.com:9092", "topics": "orders",
    ///    "credentials": {"username": "${KAFKA_USERNAME}", "password": "${KAFKA_PASSWORD}"}}},
    ///  "destination": {"database": "default", "table": "orders", "managedTable": false,
    ///    "columns": [{"name": "id", "type": "UInt64"}]},
    ///  "scaling": {"replicas": 1e400}}
    /// ```
    ///
    /// ## Fix
    /// Use a value in the member's documented range.
    ///
    /// ```json good kind:create-pipe at:/scaling
    /// {"replicas": 3}
    /// ```
    pub static RULE = {
        code: "PL007",
        name: "number-out-of-range",
        severity: Error,
        kinds: [],
        summary: "A number is too large to represent (integer beyond 64 bits, float overflow)",
        policy: [sole_at_unrepresentable],
    };
}
