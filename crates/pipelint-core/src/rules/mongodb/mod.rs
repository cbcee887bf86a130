//! Rules for MongoDB sources (api-profiles.md row 3; api-version 2026-04).

super::rule_files! {
    duplicate_target_table,
}

/// Pointer of the MongoDB source object.
pub(crate) const MONGODB: &str = "/source/mongodb";
