//! The rule catalog: one file per rule, grouped by topic. Each group names its rule files in
//! one `rule_files!` list (its `RULES`); this module joins the groups.

use std::sync::LazyLock;

use crate::rule::{Check, Rule};

pub mod bigquery;
pub mod edit;
#[cfg(test)]
mod group_imports;
pub mod kafka;
pub mod kinesis;
pub mod mongodb;
pub mod mysql;
pub mod object_storage;
pub mod pipe;
pub mod postgres;
pub(crate) mod prelude;
pub mod profile;
pub mod pubsub;
pub(crate) mod requirement;
pub mod response;
pub mod scaling;
pub mod security;
pub mod service;
pub mod stack;
pub(crate) mod streaming;
pub mod support;
pub(crate) mod table_mappings;
#[cfg(test)]
pub(crate) mod testing;
pub(crate) mod walk;

/// Declares a group's rule files as modules and lists their `RULE`s as the group's `RULES`,
/// so that registering a new rule is one line: its file name in the group's list.
macro_rules! rule_files {
    ($($file:ident),+ $(,)?) => {
        $(pub mod $file;)+

        /// The group's rules, one per file, with their checks.
        pub(crate) static RULES: &[(&crate::rule::Rule, Option<crate::rule::Check>)] =
            &[$((&$file::RULE, $file::CHECK)),+];
    };
}
use rule_files;

/// Every group's rules with their checks.
static GROUPS: &[&[(&Rule, Option<Check>)]] = &[
    pipe::RULES,
    kafka::RULES,
    kinesis::RULES,
    object_storage::RULES,
    postgres::RULES,
    mysql::RULES,
    mongodb::RULES,
    bigquery::RULES,
    profile::RULES,
    pubsub::RULES,
    scaling::RULES,
    security::RULES,
    response::RULES,
    service::RULES,
    stack::RULES,
];

/// Every rule with its check, sorted by code once for both lists below (a run that checks
/// one file spends a noticeable share of its start-up sorting).
static SORTED: LazyLock<Vec<(&'static Rule, Option<Check>)>> = LazyLock::new(|| {
    let entries = crate::entries::ALL
        .iter()
        .flat_map(|e| e.iter().map(|&rule| (rule, None)));
    let mut sorted: Vec<(&Rule, Option<Check>)> = GROUPS
        .iter()
        .flat_map(|g| g.iter().copied())
        .chain(entries)
        .collect();
    sorted.sort_by_cached_key(|(rule, _)| code_number(rule.code));
    sorted
});

/// A rule's code as a number (`PL019` is 19). Codes are `PL` and three digits (the catalog
/// test holds them to it), so the numbers sort as the codes do, without string comparisons.
fn code_number(code: &str) -> u32 {
    code.bytes()
        .filter(u8::is_ascii_digit)
        .fold(0, |number, digit| number * 10 + u32::from(digit - b'0'))
}

/// Every rule pipelint knows, sorted by code. Codes are stable and never reused.
pub static ALL: LazyLock<Vec<&'static Rule>> =
    LazyLock::new(|| SORTED.iter().map(|(rule, _)| *rule).collect());

/// The rules that have a check, with it, sorted by code: what `lint` runs.
pub(crate) static CHECKS: LazyLock<Vec<(&'static Rule, Check)>> = LazyLock::new(|| {
    SORTED
        .iter()
        .filter_map(|&(rule, check)| Some((rule, check?)))
        .collect()
});

/// Rules that were renamed: `(old name, current name)`. The old names keep working wherever
/// a rule is named (config, `--select`, `pipelint rule`), because old configs, suppressions
/// and links use them. Never remove an entry; never reuse an old name for another rule.
pub const RENAMED: &[(&str, &str)] = &[
    // Rules of a source group carry the source as a prefix (issue 15).
    ("pem-certificate", "kafka-pem-certificate"),
    ("private-endpoint-uuid", "kafka-private-endpoint-uuid"),
    ("schema-registry-https", "kafka-schema-registry-https"),
    ("aws-region-format", "kinesis-region-format"),
    ("queue-url-applies", "object-storage-queue-url-applies"),
    ("queue-url-format", "object-storage-queue-url-format"),
    // Generalised from the dashboard values to every newer value of any kind (issue 23).
    ("needs-newer-server", "needs-newer-api"),
];

/// Finds a rule by its code (`PL011`), its name (`invalid-enum-value`) or an old name it
/// was renamed from ([`RENAMED`]), ignoring case.
pub fn find(code_or_name: &str) -> Option<&'static Rule> {
    find_current(code_or_name).or_else(|| renamed_to(code_or_name).and_then(find_current))
}

/// The current name of a rule that `old_name` used to name, ignoring case; `None` for a
/// name that was never renamed.
pub fn renamed_to(old_name: &str) -> Option<&'static str> {
    RENAMED
        .iter()
        .find(|(old, _)| old.eq_ignore_ascii_case(old_name))
        .map(|&(_, new)| new)
}

fn find_current(code_or_name: &str) -> Option<&'static Rule> {
    ALL.iter().copied().find(|r| {
        r.code.eq_ignore_ascii_case(code_or_name) || r.name.eq_ignore_ascii_case(code_or_name)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_old_name_finds_its_renamed_rule() {
        for &(old, new) in RENAMED {
            let rule = find(old).unwrap_or_else(|| panic!("`{old}` finds no rule"));
            assert_eq!(rule.name, new, "`{old}`");
            assert_eq!(find(&old.to_ascii_uppercase()), Some(rule), "`{old}`");
        }
    }

    #[test]
    fn no_old_name_is_a_current_name_or_renamed_twice() {
        let mut olds: Vec<&str> = RENAMED.iter().map(|&(old, _)| old).collect();
        olds.sort_unstable();
        olds.dedup();
        assert_eq!(olds.len(), RENAMED.len(), "an old name is listed twice");
        for old in olds {
            assert!(
                find_current(old).is_none(),
                "`{old}` is both an old name and a current name or code"
            );
            assert_eq!(
                renamed_to(old).and_then(renamed_to),
                None,
                "`{old}`: a chain"
            );
        }
        assert_eq!(renamed_to("unknown-field"), None);
    }
}
