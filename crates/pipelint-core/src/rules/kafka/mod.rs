//! Rules for Kafka-type sources (spec 2.7 `kafka`), its schema registry, and the checks of
//! AWS role ARNs that every source kind shares.

use std::ops::Range;

use serde_json::{Map, Value};

use crate::diagnostic::Fix;
use crate::rule::{Context, Rule};
use crate::string_span::StringSpans;

pub mod auth_for_broker;
pub mod brokers_empty;
pub mod brokers_format;
pub mod credentials_for_auth;
pub mod iam_role_arn;
pub mod offset_timestamp_format;
pub mod offset_timestamp_ignored;
pub mod offset_timestamp_required;
pub mod pem_certificate;
pub mod private_endpoint_uuid;
pub mod schema_registry_https;
pub mod topics_empty;
pub mod topics_format;

pub static RULES: &[&Rule] = &[
    &auth_for_broker::RULE,
    &credentials_for_auth::RULE,
    &offset_timestamp_required::RULE,
    &offset_timestamp_format::RULE,
    &offset_timestamp_ignored::RULE,
    &brokers_format::RULE,
    &topics_format::RULE,
    &schema_registry_https::RULE,
    &pem_certificate::RULE,
    &private_endpoint_uuid::RULE,
    &iam_role_arn::RULE,
    &brokers_empty::RULE,
    &topics_empty::RULE,
];

/// Pointer of the Kafka source object.
pub(crate) const KAFKA: &str = "/source/kafka";

/// The Kafka source object, when it is set and is an object.
fn kafka<'a>(cx: &Context<'a>) -> Option<&'a Map<String, Value>> {
    cx.get(KAFKA).and_then(Value::as_object)
}

/// A fix that replaces `edit.at` of the decoded value of `literal` with `edit.replacement`:
/// only that part of the literal, so that many fixes in one long value stay cheap.
pub(crate) fn edit_fix(literal: &StringSpans, edit: Edit) -> Option<Fix> {
    let span = literal.part(edit.at)?;
    let quoted = Value::String(edit.replacement).to_string();
    let replacement = quoted
        .strip_prefix('"')
        .and_then(|q| q.strip_suffix('"'))
        .unwrap_or_default()
        .to_owned();
    // Brokers and topics fixes only re-separate or drop empty entries: safe.
    Some(Fix {
        title: edit.title,
        span,
        replacement,
        applicability: crate::Applicability::Safe,
    })
}

/// A repair inside a string value: replace the decoded bytes `at` with `replacement`.
#[derive(Debug)]
pub(crate) struct Edit {
    pub title: String,
    pub at: Range<usize>,
    pub replacement: String,
}

impl Edit {
    /// The whole value after the edit (for tests).
    #[cfg(test)]
    pub(crate) fn apply(&self, text: &str) -> String {
        format!(
            "{}{}{}",
            &text[..self.at.start],
            self.replacement,
            &text[self.at.end..]
        )
    }
}

/// Splits a comma-separated list into the byte ranges of its entries with surrounding
/// whitespace trimmed (an empty entry gives an empty range where it would be).
pub(crate) fn list_entries(text: &str) -> Vec<Range<usize>> {
    let mut entries = Vec::new();
    let mut start = 0;
    for piece in text.split(',') {
        let end = start + piece.len();
        let leading = piece.len() - piece.trim_start().len();
        let trimmed = piece.trim();
        let from = start + leading;
        entries.push(from..from + trimmed.len());
        start = end + 1;
    }
    entries
}

/// The byte range of the comma that makes entry `index` of a list empty: the one before
/// it, or the one after it for the first entry.
pub(crate) fn empty_entry_comma(
    text: &str,
    entries: &[Range<usize>],
    index: usize,
) -> Range<usize> {
    let at = if index == 0 {
        text.find(',').unwrap_or(0)
    } else {
        text[..entries[index].start].rfind(',').unwrap_or(0)
    };
    at..at + 1
}

#[cfg(test)]
pub(crate) mod testing {
    use crate::diagnostic::Diagnostic;
    use crate::rule::Rule;
    use crate::{DocumentKind, LintOptions, LintResult, lint};

    /// Lints `json` as a create-pipe body and keeps the findings of `rule`.
    pub(crate) fn findings(rule: &'static Rule, json: &str) -> (LintResult, Vec<Diagnostic>) {
        let result = lint(
            json.as_bytes(),
            &LintOptions {
                kind: Some(DocumentKind::CreatePipe),
                ..LintOptions::default()
            },
        );
        let mine = result
            .diagnostics
            .iter()
            .filter(|d| std::ptr::eq(d.rule, rule))
            .cloned()
            .collect();
        (result, mine)
    }

    /// The source text a diagnostic's primary span covers.
    pub(crate) fn spanned<'t>(result: &'t LintResult, diagnostic: &Diagnostic) -> &'t str {
        &result.text[diagnostic.primary.span.clone()]
    }

    /// A create body with the given `source` object (as JSON text).
    pub(crate) fn body(source: &str) -> String {
        format!(
            r#"{{"name": "t", "source": {source}, "destination": {{"database": "d", "table": "t", "managedTable": true, "columns": [{{"name": "a", "type": "String"}}]}}}}"#
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splits_lists_with_positions() {
        let text = "a:1, b:2,,c:3 ,";
        let entries = list_entries(text);
        let parts: Vec<&str> = entries.iter().map(|r| &text[r.clone()]).collect();
        assert_eq!(parts, ["a:1", "b:2", "", "c:3", ""]);
        assert_eq!(empty_entry_comma(text, &entries, 2), 8..9);
        assert_eq!(empty_entry_comma(text, &entries, 4), 14..15);
        let edit = Edit {
            title: String::new(),
            at: 14..15,
            replacement: String::new(),
        };
        assert_eq!(edit.apply(text), "a:1, b:2,,c:3 ");
    }
}
