//! The rule catalog: one file per rule, grouped by topic. Each group lists its rules in its
//! own `RULES`; this module joins them.

use std::sync::LazyLock;

use crate::rule::Rule;

pub mod document;
pub mod edit;
#[cfg(test)]
mod group_imports;
pub mod kafka;
pub mod kinesis;
pub mod object_storage;
pub(crate) mod object_storage_requirements;
pub mod pipe;
pub mod postgres;
pub(crate) mod prelude;
pub(crate) mod requirement;
pub mod response;
pub mod scaling;
pub mod schema;
pub mod security;
pub mod service;
pub mod stack;
pub mod support;
#[cfg(test)]
pub(crate) mod testing;
pub(crate) mod walk;

/// Every rule pipelint knows, sorted by code. Codes are stable and never reused.
pub static ALL: LazyLock<Vec<&'static Rule>> = LazyLock::new(|| {
    let groups: &[&[&Rule]] = &[
        document::RULES,
        schema::RULES,
        pipe::RULES,
        kafka::RULES,
        kinesis::RULES,
        object_storage::RULES,
        postgres::RULES,
        scaling::RULES,
        security::RULES,
        response::RULES,
        service::RULES,
        stack::RULES,
    ];
    let mut all: Vec<&Rule> = groups.iter().flat_map(|g| g.iter().copied()).collect();
    all.sort_by_key(|r| r.code);
    all
});

/// Finds a rule by its code (`PL011`) or its name (`invalid-enum-value`), ignoring case.
pub fn find(code_or_name: &str) -> Option<&'static Rule> {
    ALL.iter().copied().find(|r| {
        r.code.eq_ignore_ascii_case(code_or_name) || r.name.eq_ignore_ascii_case(code_or_name)
    })
}
