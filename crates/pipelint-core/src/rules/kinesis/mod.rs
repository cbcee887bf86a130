//! Rules for Kinesis sources (spec 2.7 `kinesis`).

super::rule_files! {
    credentials_for_auth,
    region_format,
    timestamp_ignored,
    timestamp_milliseconds,
    timestamp_required,
}

/// Pointer of the Kinesis source object.
pub(crate) const KINESIS: &str = "/source/kinesis";
