//! Secrets never leave pipelint: the values of secret members are masked in the text that
//! code frames show and in every message, label, help and fix, whatever the output format.
//!
//! Secret values are found lexically (a string member whose name is a secret member), so
//! masking also works on files that do not parse: a truncated file still hides its password.
//! The mask keeps the byte length, so every span stays valid; the length of a secret is the
//! one thing it does not hide.

use std::ops::Range;

use crate::LintResult;
use crate::rules::support::is_placeholder;

/// Member names whose string values are secrets (spec 2.7 create-only members and the
/// real-API members the notes list).
pub const SECRET_MEMBERS: &[&str] = &[
    "password",
    "secretKey",
    "connectionString",
    "privateKey",
    "serviceAccountKey",
];

/// Secrets shorter than this are masked only where they are a secret member's value.
const MIN_MASKED_ELSEWHERE: usize = 4;

/// What replaces a secret inside messages.
pub const MASK: &str = "********";

/// Byte ranges of the contents (between the quotes) of every secret member's string value.
/// An unterminated value runs to the end of its line.
pub fn secret_ranges(text: &str) -> Vec<Range<usize>> {
    let bytes = text.as_bytes();
    let mut ranges = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] != b'"' {
            i += 1;
            continue;
        }
        let (content, next) = string_at(bytes, i);
        i = next;
        if !SECRET_MEMBERS
            .iter()
            .any(|m| m.as_bytes() == &bytes[content.clone()])
        {
            continue;
        }
        // `"password"` followed by `:` and a string: that string is the secret.
        let mut j = skip_ws(bytes, next);
        if bytes.get(j) != Some(&b':') {
            continue;
        }
        j = skip_ws(bytes, j + 1);
        if bytes.get(j) != Some(&b'"') {
            continue;
        }
        let (value, after) = string_at(bytes, j);
        if !value.is_empty() {
            ranges.push(value);
        }
        i = after;
    }
    ranges
}

/// The content range of the string starting at the quote at `start`, and the offset after
/// it. Stops at an unescaped quote, a line break, or the end of the text.
fn string_at(bytes: &[u8], start: usize) -> (Range<usize>, usize) {
    let mut i = start + 1;
    while i < bytes.len() {
        match bytes[i] {
            b'\\' => i += 2,
            b'"' => return (start + 1..i, i + 1),
            b'\n' | b'\r' => return (start + 1..i, i),
            _ => i += 1,
        }
    }
    let end = bytes.len();
    (start + 1..end.min(i), end)
}

fn skip_ws(bytes: &[u8], mut i: usize) -> usize {
    while i < bytes.len() && matches!(bytes[i], b' ' | b'\t' | b'\n' | b'\r') {
        i += 1;
    }
    i
}

/// Masks every secret in a lint result in place. Placeholders (`${KAFKA_PASSWORD}`) are not
/// secrets and stay readable.
pub fn mask(result: &mut LintResult) {
    let ranges: Vec<Range<usize>> = secret_ranges(&result.text)
        .into_iter()
        .filter(|r| !is_placeholder(&result.text[r.clone()]))
        .collect();
    if ranges.is_empty() {
        return;
    }
    let values: Vec<String> = ranges
        .iter()
        .flat_map(|r| {
            let raw = &result.text[r.clone()];
            let decoded = serde_json::from_str::<String>(&format!("\"{raw}\"")).ok();
            std::iter::once(raw.to_owned()).chain(decoded)
        })
        .filter(|v| !v.is_empty())
        .collect();

    let mut text = std::mem::take(&mut result.text).into_bytes();
    for range in &ranges {
        text[range.clone()].fill(b'*');
    }
    // The same value may also sit in a member that is not secret (pasted into the wrong
    // field): mask it there too. Very short values are left, or every `a` would go.
    let mut elsewhere = Vec::new();
    for value in values.iter().filter(|v| v.len() >= MIN_MASKED_ELSEWHERE) {
        let haystack = String::from_utf8_lossy(&text).into_owned();
        elsewhere.extend(
            haystack
                .match_indices(value.as_str())
                .map(|(at, found)| at..at + found.len()),
        );
    }
    for range in elsewhere {
        text[range].fill(b'*');
    }
    // Only ASCII bytes inside a string were replaced by ASCII, or whole multi-byte
    // characters were: every replaced byte lies within one string's contents.
    result.text = String::from_utf8(text)
        .unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned());

    let hide = |s: &mut String| {
        for value in values.iter().filter(|v| v.len() >= MIN_MASKED_ELSEWHERE) {
            if s.contains(value.as_str()) {
                *s = s.replace(value.as_str(), MASK);
            }
        }
    };
    for diagnostic in &mut result.diagnostics {
        hide(&mut diagnostic.message);
        if let Some(help) = &mut diagnostic.help {
            hide(help);
        }
        for label in std::iter::once(&mut diagnostic.primary).chain(&mut diagnostic.secondary) {
            if let Some(text) = &mut label.text {
                hide(text);
            }
        }
        let leaks = diagnostic.fix.as_ref().is_some_and(|fix| {
            values
                .iter()
                .filter(|v| v.len() >= MIN_MASKED_ELSEWHERE)
                .any(|v| fix.replacement.contains(v.as_str()) || fix.title.contains(v.as_str()))
                || ranges
                    .iter()
                    .any(|r| r.start < fix.span.end && fix.span.start < r.end)
        });
        if leaks {
            diagnostic.fix = None;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_secret_values_even_in_broken_json() {
        let text = "{\"credentials\": {\"username\": \"bob\", \"password\" :\n \"hunter2\"}, \"secretKey\": \"abc\\\"d";
        let found: Vec<&str> = secret_ranges(text).into_iter().map(|r| &text[r]).collect();
        assert_eq!(found, vec!["hunter2", "abc\\\"d"]);
    }

    #[test]
    fn ignores_secret_names_used_as_values() {
        let text = r#"{"note": "password", "x": "secretKey"}"#;
        assert!(secret_ranges(text).is_empty());
    }
}
