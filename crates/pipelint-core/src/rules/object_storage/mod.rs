//! Rules for object storage (see the group list in `rules/mod.rs`).
//!
//! The facts these rules share (which authentication each storage type takes and which
//! members a body's choices require) live in `rules::object_storage_requirements`, since
//! the scaling rules read them too.

use crate::rule::Rule;

pub(crate) use crate::rules::object_storage_requirements::{
    AUTHENTICATION, AZURE, Auth, Requirement, SOURCE, TYPE, auth_allowed, authentication,
    required_members, source, storage_type,
};

pub mod auth_for_type;
pub mod iam_role_outside_s3;
pub mod queue_url_applies;
pub mod queue_url_format;
pub mod required_members;

pub static RULES: &[&Rule] = &[
    &auth_for_type::RULE,
    &iam_role_outside_s3::RULE,
    &required_members::RULE,
    &queue_url_applies::RULE,
    &queue_url_format::RULE,
];
