//! Secrets never leave pipelint: the values of secret members, and credentials embedded in
//! other values, are masked in the text that code frames show and in every message, label,
//! help and fix, whatever the output format.
//!
//! Secrets are found lexically ([`scan`], [`embedded`]), so masking also works on files that
//! do not parse. Each masked character is replaced by a mask character of the same UTF-8
//! length, so every byte offset and every character column stays where it was; the length of
//! a secret is the one thing the mask does not hide.

mod embedded;
mod names;
mod placeholder;
mod scan;

use std::ops::Range;

use aho_corasick::{AhoCorasick, MatchKind};

use crate::LintResult;

pub use embedded::connection_fields_literal;
pub use names::{SECRET_MEMBERS, is_secret_name};
pub use placeholder::is_whole_placeholder;

/// Secrets shorter than this are masked elsewhere only where they are a whole value
/// (`"abc"`), or every `a` in a file would go.
const MIN_MASKED_ANYWHERE: usize = 4;

/// Every secret range of `text`: secret members' values and embedded credentials, with
/// placeholders left readable.
pub fn secret_ranges(text: &str) -> Vec<Range<usize>> {
    let mut ranges: Vec<Range<usize>> = scan::secret_value_ranges(text)
        .into_iter()
        .filter(|r| !is_whole_placeholder(&text[r.clone()]))
        .collect();
    ranges.extend(embedded::embedded_ranges(text));
    ranges
}

/// Masks every secret in a lint result in place.
pub fn mask(result: &mut LintResult) {
    let ranges = secret_ranges(&result.text);
    if ranges.is_empty() {
        return;
    }
    let values = Values::of(&result.text, &ranges);
    let mut hidden = ranges.clone();
    hidden.extend(values.occurrences(&result.text));
    result.text = masked(&result.text, &hidden);

    for diagnostic in &mut result.diagnostics {
        values.hide(&mut diagnostic.message);
        if let Some(help) = &mut diagnostic.help {
            values.hide(help);
        }
        for label in std::iter::once(&mut diagnostic.primary).chain(&mut diagnostic.secondary) {
            if let Some(text) = &mut label.text {
                values.hide(text);
            }
        }
        let leaks = diagnostic.fix.as_ref().is_some_and(|fix| {
            values.appears_in(&fix.replacement)
                || values.appears_in(&fix.title)
                || hidden
                    .iter()
                    .any(|r| r.start < fix.span.end && fix.span.start < r.end)
        });
        if leaks {
            diagnostic.fix = None;
        }
    }
}

/// Hides secrets in a free text (a message built outside the core, a line of stderr):
/// embedded credentials only, since the text carries no member names.
pub fn mask_free_text(text: &str) -> String {
    masked(text, &embedded::embedded_ranges(text))
}

/// `text` with every character inside `ranges` replaced by a mask character of the same
/// UTF-8 length. Line breaks stay, so a masked multi-line value keeps its lines.
fn masked(text: &str, ranges: &[Range<usize>]) -> String {
    let mut sorted: Vec<Range<usize>> = ranges.to_vec();
    sorted.sort_by_key(|r| r.start);
    let mut out = String::with_capacity(text.len());
    let mut at = 0;
    for range in sorted {
        let start = floor_boundary(text, range.start.max(at));
        let end = ceil_boundary(text, range.end.min(text.len()));
        if start >= end {
            continue;
        }
        out.push_str(&text[at..start]);
        out.extend(text[start..end].chars().map(mask_char));
        at = end;
    }
    out.push_str(&text[at..]);
    out
}

/// A mask character with the same UTF-8 length as `c`.
fn mask_char(c: char) -> char {
    match c {
        '\n' | '\r' => c,
        _ => match c.len_utf8() {
            1 => '*',
            2 => '×',
            3 => '∗',
            _ => '🞱',
        },
    }
}

fn floor_boundary(text: &str, mut i: usize) -> usize {
    while i > 0 && !text.is_char_boundary(i) {
        i -= 1;
    }
    i
}

fn ceil_boundary(text: &str, mut i: usize) -> usize {
    while i < text.len() && !text.is_char_boundary(i) {
        i += 1;
    }
    i
}

/// The secret values of one document, as written and as decoded, ready to be found in other
/// members and in messages in one pass each.
struct Values {
    /// Long values, found anywhere.
    anywhere: Option<AhoCorasick>,
    /// Short values, found only as a whole quoted value (`"abc"`, `` `abc` ``).
    quoted: Option<AhoCorasick>,
}

impl Values {
    fn of(text: &str, ranges: &[Range<usize>]) -> Values {
        let mut long = Vec::new();
        let mut short = Vec::new();
        for range in ranges {
            let raw = &text[range.clone()];
            let decoded = serde_json::from_str::<String>(&format!("\"{raw}\"")).ok();
            // Each line of a multi-line value on its own, so a pasted PEM key is found line
            // by line wherever it was copied.
            for value in std::iter::once(raw.to_owned()).chain(decoded) {
                for line in value.lines().map(str::trim) {
                    if line.chars().count() >= MIN_MASKED_ANYWHERE {
                        long.push(line.to_owned());
                    } else if !line.is_empty() {
                        for quote in ['"', '\'', '`'] {
                            short.push(format!("{quote}{line}{quote}"));
                        }
                    }
                }
            }
        }
        let build = |patterns: Vec<String>| {
            (!patterns.is_empty()).then(|| {
                AhoCorasick::builder()
                    .match_kind(MatchKind::LeftmostLongest)
                    .build(patterns)
                    .ok()
            })?
        };
        Values {
            anywhere: build(long),
            quoted: build(short),
        }
    }

    /// Ranges where a value appears in `text` (short ones without their quotes).
    fn occurrences(&self, text: &str) -> Vec<Range<usize>> {
        let mut found = Vec::new();
        if let Some(anywhere) = &self.anywhere {
            found.extend(anywhere.find_iter(text).map(|m| m.range()));
        }
        if let Some(quoted) = &self.quoted {
            found.extend(quoted.find_iter(text).map(|m| m.start() + 1..m.end() - 1));
        }
        found
    }

    fn appears_in(&self, text: &str) -> bool {
        !self.occurrences(text).is_empty() || !embedded::embedded_ranges(text).is_empty()
    }

    /// Masks values and embedded credentials in a message.
    fn hide(&self, text: &mut String) {
        let mut ranges = self.occurrences(text);
        ranges.extend(embedded::embedded_ranges(text));
        if !ranges.is_empty() {
            *text = masked(text, &ranges);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn masks_keep_byte_length_and_character_count() {
        let text = r#"{"password": "pä∗🞱", "user": "x"}"#;
        let out = masked(text, &secret_ranges(text));
        assert_eq!(out.len(), text.len());
        assert_eq!(out.chars().count(), text.chars().count());
        assert!(!out.contains("pä"));
        assert!(out.ends_with(r#", "user": "x"}"#));
    }

    #[test]
    fn placeholders_stay_readable() {
        let text = r#"{"password": "${KAFKA_PASSWORD}"}"#;
        assert!(secret_ranges(text).is_empty());
        let partial = r#"{"connectionString": "AccountName=${ACCT};AccountKey=abc123"}"#;
        assert!(!masked(partial, &secret_ranges(partial)).contains("abc123"));
    }

    #[test]
    fn short_values_are_masked_only_as_whole_values() {
        let text = r#"{"password": "ab", "user": "ab", "name": "abc"}"#;
        let ranges = secret_ranges(text);
        let values = Values::of(text, &ranges);
        let mut hidden = ranges;
        hidden.extend(values.occurrences(text));
        let out = masked(text, &hidden);
        assert_eq!(out, r#"{"password": "**", "user": "**", "name": "abc"}"#);
    }
}
