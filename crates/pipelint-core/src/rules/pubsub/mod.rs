//! Rules for Google Cloud Pub/Sub sources (api-profiles.md row 4; api-version 2026-05).

super::rule_files! {
    seek_timestamp_ignored,
    seek_timestamp_required,
}

/// Pointer of the Pub/Sub source object.
pub(crate) const PUBSUB: &str = "/source/pubsub";
pub(crate) const SEEK_TYPE: &str = "/source/pubsub/seekType";
pub(crate) const SEEK_TIMESTAMP: &str = "/source/pubsub/seekTimestamp";

/// Seek types that start elsewhere and do not read `seekTimestamp`.
pub(crate) const IGNORING: &[&str] = &["latest", "earliest", "snapshot"];
