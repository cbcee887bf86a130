//! Rules for Kafka-type sources (spec 2.7 `kafka`) and its schema registry.

use std::ops::Range;

use serde_json::{Map, Value};

use crate::diagnostic::Fix;
use crate::rule::{Context, Rule};

pub mod auth_for_broker;
pub mod brokers_empty;
pub mod brokers_format;
pub mod credentials_for_auth;
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
    &brokers_empty::RULE,
    &topics_empty::RULE,
];

/// Pointer of the Kafka source object.
pub(crate) const KAFKA: &str = "/source/kafka";

/// The Kafka source object, when it is set and is an object.
fn kafka<'a>(cx: &Context<'a>) -> Option<&'a Map<String, Value>> {
    cx.get(KAFKA).and_then(Value::as_object)
}

/// The span of `inner` (a byte range of the decoded string at `pointer`) in the source
/// text, also when the literal contains escapes such as `\n` (PEM certificates always do).
/// Falls back to the whole literal when the literal cannot be mapped.
pub(crate) fn decoded_part_span(cx: &Context, pointer: &str, inner: Range<usize>) -> Range<usize> {
    let literal = Literal::new(cx, pointer);
    literal.part(inner).unwrap_or(literal.span)
}

/// A string literal with the raw offset of each byte of its decoded value, computed once
/// for all the parts a rule reports in it (a long list may have thousands).
pub(crate) struct Literal {
    /// The whole literal, quotes included.
    pub span: Range<usize>,
    /// See `offsets`; `None` when the literal could not be mapped.
    starts: Option<Vec<usize>>,
}

impl Literal {
    pub(crate) fn new(cx: &Context, pointer: &str) -> Self {
        let span = cx.value_span(pointer);
        let starts = cx.get_str(pointer).and_then(|decoded| {
            let raw = cx.text.get(span.start + 1..span.end.saturating_sub(1))?;
            offsets(raw, decoded)
        });
        Literal { span, starts }
    }

    /// The span in the source text of `inner`, a byte range of the decoded value.
    pub(crate) fn part(&self, inner: Range<usize>) -> Option<Range<usize>> {
        let starts = self.starts.as_ref()?;
        let decoded_len = starts.len().checked_sub(1)?;
        if inner.start > inner.end || inner.end > decoded_len {
            return None;
        }
        let start = starts[inner.start];
        let end = if inner.end == inner.start {
            start
        } else {
            // The end of the raw text that produced the last decoded byte of `inner`:
            // the next larger start (a few entries on at most).
            let last = starts[inner.end - 1];
            starts[inner.end..]
                .iter()
                .copied()
                .find(|&s| s > last)
                .unwrap_or(starts[decoded_len])
        };
        let raw_start = self.span.start + 1;
        Some(raw_start + start..raw_start + end)
    }

    /// A fix that replaces `edit.at` of the decoded value with `edit.replacement`: only
    /// that part of the literal, so that many fixes in one long value stay cheap.
    pub(crate) fn fix(&self, edit: Edit) -> Option<Fix> {
        let span = self.part(edit.at)?;
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

/// For each byte of the decoded string, the offset in `raw` where the character or escape
/// producing it starts; one more entry holds `raw.len()`. `None` when `raw` does not decode
/// to `decoded`.
fn offsets(raw: &str, decoded: &str) -> Option<Vec<usize>> {
    let bytes = raw.as_bytes();
    let mut starts = Vec::with_capacity(decoded.len() + 1);
    let mut out = String::with_capacity(decoded.len());
    let mut at = 0;
    while at < bytes.len() {
        let start = at;
        if bytes[at] == b'\\' {
            let escape = *bytes.get(at + 1)?;
            let c = match escape {
                b'"' => '"',
                b'\\' => '\\',
                b'/' => '/',
                b'b' => '\u{8}',
                b'f' => '\u{c}',
                b'n' => '\n',
                b'r' => '\r',
                b't' => '\t',
                b'u' => {
                    let high = hex4(raw.get(at + 2..at + 6)?)?;
                    at += 6;
                    if (0xD800..0xDC00).contains(&high) {
                        let low = raw
                            .get(at..at + 2)
                            .filter(|p| *p == "\\u")
                            .and_then(|_| hex4(raw.get(at + 2..at + 6)?))?;
                        at += 6;
                        char::from_u32(
                            0x10000 + ((high - 0xD800) << 10) + (low.wrapping_sub(0xDC00)),
                        )?
                    } else {
                        char::from_u32(high)?
                    }
                }
                _ => return None,
            };
            if escape != b'u' {
                at += 2;
            }
            for _ in 0..c.len_utf8() {
                starts.push(start);
            }
            out.push(c);
        } else {
            let c = raw[at..].chars().next()?;
            for i in 0..c.len_utf8() {
                starts.push(start + i);
            }
            out.push(c);
            at += c.len_utf8();
        }
    }
    starts.push(raw.len());
    (out == decoded).then_some(starts)
}

fn hex4(text: &str) -> Option<u32> {
    if text.len() == 4 && text.bytes().all(|b| b.is_ascii_hexdigit()) {
        u32::from_str_radix(text, 16).ok()
    } else {
        None
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
    fn maps_decoded_offsets_through_escapes() {
        let raw = r#"a\nb\u00e9c\ud83d\ude00d"#;
        let decoded = "a\nbéc😀d";
        let starts = offsets(raw, decoded).unwrap_or_default();
        assert_eq!(starts.len(), decoded.len() + 1);
        assert_eq!(starts[1], 1); // `\n`
        assert_eq!(starts[2], 3); // `b`
        assert_eq!(starts[3], 4); // first byte of é from `\u00e9`
        assert_eq!(starts[4], 4);
        assert_eq!(starts[5], 10); // `c`
        assert_eq!(starts[6], 11); // 😀 from a surrogate pair
        assert_eq!(starts[10], 23); // `d`
        assert!(offsets(raw, "other").is_none());
    }

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
