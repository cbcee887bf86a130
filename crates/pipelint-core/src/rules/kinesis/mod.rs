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
pub(crate) const ITERATOR_TYPE: &str = "/source/kinesis/iteratorType";
pub(crate) const TIMESTAMP: &str = "/source/kinesis/timestamp";

/// Iterator types that do not read `timestamp` (spec 2.7).
pub(crate) const IGNORING: &[&str] = &["TRIM_HORIZON", "LATEST"];

#[cfg(test)]
pub(crate) fn kinesis(members: &str) -> String {
    crate::rules::testing::body(&format!(
        r#"{{"kinesis": {{"format": "JSONEachRow", "streamName": "s", {members}}}}}"#
    ))
}
