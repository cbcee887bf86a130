//! Rules for object storage (see the group list in `rules/mod.rs`).
//!
//! The facts these rules share (which authentication each storage type takes and which
//! members a body's choices require) live in `api::object_storage`, since the scaling rules
//! read them too.

super::rule_files! {
    auth_for_type,
    iam_role_outside_s3,
    queue_url_applies,
    queue_url_format,
    required_members,
    skip_initial_load_needs_queue_url,
    start_after_with_skip_initial_load,
}
