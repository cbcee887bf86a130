//! Rules for Kinesis sources (spec 2.7 `kinesis`).

use crate::rule::Rule;

pub mod aws_region_format;
pub mod credentials_for_auth;
pub mod timestamp_ignored;
pub mod timestamp_milliseconds;
pub mod timestamp_required;

pub static RULES: &[&Rule] = &[
    &credentials_for_auth::RULE,
    &timestamp_required::RULE,
    &timestamp_milliseconds::RULE,
    &timestamp_ignored::RULE,
    &aws_region_format::RULE,
];

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
