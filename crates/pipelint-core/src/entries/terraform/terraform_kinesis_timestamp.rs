use crate::entries::declare_entry;

declare_entry! {
    /// ## What it checks
    /// The `timestamp` of a Kinesis source in a `clickhouse_clickpipe` resource is a UTC
    /// time the provider documents (`2024-06-01T00:00`, with optional seconds and `Z`) or
    /// Unix seconds written as digits.
    ///
    /// ## Why it matters
    /// The provider passes the string on, and the API reads the Kinesis timestamp as Unix
    /// seconds: any other text is rejected when the pipe is created. pipelint converts the
    /// documented forms to seconds so that the Kinesis timestamp rules see the value.
    ///
    /// ## Example
    /// `timestamp = "June 1st 2024"`
    ///
    /// ## Fix
    /// Write `timestamp = "2024-06-01T00:00"` (UTC).
    pub static RULE = {
        code: "PL022",
        name: "terraform-kinesis-timestamp",
        severity: Error,
        kinds: [Terraform],
        summary: "A Kinesis timestamp in Terraform is neither a documented UTC time nor Unix seconds",
    };
}
