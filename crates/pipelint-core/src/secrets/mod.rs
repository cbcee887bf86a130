//! Secrets never leave pipelint: the values of secret members, and credentials embedded in
//! other values, are masked in the text that code frames show and in every message, label,
//! help, kind explanation and fix, whatever the output format.
//!
//! Secrets are found lexically ([`scan`], [`embedded`]), so masking also works on files that
//! do not parse. Each masked character is replaced by a mask character of the same UTF-8
//! length (and so the same UTF-16 length), so every byte offset and every character column
//! stays where it was; the length of a secret is the one thing the mask does not hide.
//!
//! Everything here is linear in the size of the text: one scan for the secret values, one
//! Aho-Corasick automaton to find all their copies at once (in the text as written and, when
//! it has escapes, in the text with its escapes decoded), one sorted pass to mask.
//!
//! After fixing, the text is masked with the secrets of the text before too: a fix that
//! deletes a secret member (`leaked-secret`) must not unmask the copies of its value.

mod decoded;
mod embedded;
mod names;
mod plan;
mod scan;
mod terraform;

use std::borrow::Cow;
use std::collections::HashSet;
use std::ops::Range;

use aho_corasick::{AhoCorasick, MatchKind};

use crate::diagnostic::Diagnostic;

pub use embedded::connection_fields_literal;
pub use names::{is_secret_name, is_secret_scalar_name};
pub use terraform::expression_holds_literal;

/// Secrets shorter than this (in characters) are masked elsewhere only where they stand
/// alone between quotes or backticks (`"abc"`, `` `abc` ``), or every `a` in a file would go.
pub const MIN_MASKED_ANYWHERE: usize = 4;

/// Every secret range of `text`: secret members' values and embedded credentials, with
/// whole placeholders left readable.
pub fn secret_ranges(text: &str) -> Vec<Range<usize>> {
    let mut ranges = scan::secret_value_ranges(text);
    ranges.extend(embedded::embedded_ranges(text));
    ranges.extend(lone_string(text));
    // A Terraform plan's sensitive values, whatever their names.
    ranges.extend(plan::sensitive_ranges(text));
    // Terraform: where the text parses, the parse finds the secret literals, and the
    // lexical guesses inside its expressions (but outside their literals) go.
    // Where it does not, a lexical scan in HCL's terms adds what the JSON one cannot see.
    if terraform::looks_like_hcl(text) {
        match terraform::parse(text) {
            Some(parsed) => {
                ranges = terraform::subtract(&merged(ranges), &parsed.code);
                ranges.extend(parsed.secrets);
            }
            None => ranges.extend(terraform::lexical_ranges(text)),
        }
    }
    ranges
}

/// The content of a document that is one string and nothing else (a token pasted as the
/// whole file): every API body is an object, so such a string is no body's member, and
/// nothing tells a token from anything else written there.
fn lone_string(text: &str) -> Option<Range<usize>> {
    let trimmed = text.trim();
    if !trimmed.starts_with('"') || serde_json::from_str::<String>(trimmed).is_err() {
        return None;
    }
    let start = text.len() - text.trim_start().len() + 1;
    let end = start - 1 + trimmed.len() - 1;
    (start < end && !crate::literal::is_whole_placeholder(&text[start..end])).then_some(start..end)
}

/// The secret values of `text` (and of `before`, the text before fixing), and every range
/// of `text` to hide: its secret members and each other place the same values stand.
/// `None` when neither text holds a secret.
fn find(text: &str, before: Option<&str>) -> Option<(Values, Vec<Range<usize>>)> {
    let ranges = secret_ranges(text);
    // The first pass of fixing lints the text it was given: nothing to add then.
    let earlier = before
        .filter(|before| *before != text)
        .map(|before| (before, secret_ranges(before)));
    let mut sources = vec![(text, ranges.as_slice())];
    sources.extend(earlier.iter().map(|(t, r)| (*t, r.as_slice())));
    if sources.iter().all(|(_, r)| r.is_empty()) {
        return None;
    }
    let values = Values::of(&sources);
    let mut hidden = ranges.clone();
    hidden.extend(values.occurrences(text));
    Some((values, merged(hidden)))
}

/// `text` with every secret masked as [`mask_with`] masks a result's text.
pub fn mask_text(text: &str) -> String {
    mask_text_with(text, None)
}

/// [`mask_text`], also masking the values of the secrets of `before` (the text before
/// fixing) wherever they stand in `text`.
pub fn mask_text_with(text: &str, before: Option<&str>) -> String {
    match find(text, before) {
        Some((_, hidden)) => masked(text, &hidden),
        None => text.to_owned(),
    }
}

/// Masks every secret of a lint result in place (its text, the reason for its kind and its
/// findings), also the values of the secrets of `before` (the text before fixing) wherever
/// they stand.
pub fn mask_with(
    text: &mut String,
    kind_reason: Option<&mut String>,
    diagnostics: &mut [Diagnostic],
    before: Option<&str>,
) {
    let Some((values, hidden)) = find(text, before) else {
        return;
    };
    let unmasked = std::mem::take(text);
    *text = masked(&unmasked, &hidden);

    if let Some(reason) = kind_reason {
        values.hide(reason);
    }
    for diagnostic in diagnostics {
        // The secret text under the finding: a part of it that a message names (`contains
        // `🌙``) goes too.
        let under = secret_text_under(&unmasked, &hidden, diagnostic);
        let texts = std::iter::once(&mut diagnostic.message)
            .chain(&mut diagnostic.help)
            .chain(
                std::iter::once(&mut diagnostic.primary)
                    .chain(&mut diagnostic.secondary)
                    .filter_map(|label| label.text.as_mut()),
            );
        for text in texts {
            values.hide(text);
            hide_named_parts(text, &under, &diagnostic.pointer);
        }
        // A fix is dropped when it would write a secret, or when it rewrites a secret's text
        // (its replacement may hold a short secret that no pattern finds). A fix that only
        // deletes (removing a leaked member) writes nothing and stays.
        let leaks = diagnostic.fix.as_ref().is_some_and(|fix| {
            values.appears_in(&fix.replacement)
                || values.appears_in(&fix.title)
                || (!fix.replacement.trim().is_empty() && overlaps(&hidden, &fix.span))
        });
        if leaks {
            diagnostic.fix = None;
        }
    }
}

/// The hidden text under a finding's places (as written, and decoded when it has escapes).
/// Each finding looks only at the hidden ranges its own places overlap (found by bisection).
fn secret_text_under<'t>(
    text: &'t str,
    hidden: &[Range<usize>],
    diagnostic: &Diagnostic,
) -> Vec<Cow<'t, str>> {
    let mut under = Vec::new();
    let spans = std::iter::once(&diagnostic.primary.span)
        .chain(diagnostic.secondary.iter().map(|l| &l.span));
    for span in spans {
        let first = hidden.partition_point(|r| r.end <= span.start);
        for range in hidden[first..].iter().take_while(|r| r.start < span.end) {
            let start = floor_boundary(text, range.start.max(span.start));
            let end = ceil_boundary(text, range.end.min(span.end).min(text.len()));
            if start < end {
                let part = &text[start..end];
                if let Some(decoded) = decoded::Decoded::of(part) {
                    under.push(Cow::Owned(decoded.text));
                }
                under.push(Cow::Borrowed(part));
            }
        }
    }
    under
}

/// Masks each code span (`` `x` ``) of a message whose text is a part of `under`, except the
/// names of the members on the finding's `pointer` (member names are never masked: the
/// message of a `password` whose value holds `password` still names it).
fn hide_named_parts(message: &mut String, under: &[Cow<str>], pointer: &str) {
    if under.is_empty() || !message.contains('`') {
        return;
    }
    let is_member_name = |inner: &str| {
        pointer
            .split('/')
            .any(|token| token.replace("~1", "/").replace("~0", "~") == inner)
    };
    let mut ranges = Vec::new();
    let mut spans = message.match_indices('`').map(|(at, _)| at);
    while let (Some(open), Some(close)) = (spans.next(), spans.next()) {
        let inner = &message[open + 1..close];
        if !inner.is_empty()
            && !is_member_name(inner)
            && under.iter().any(|part| part.contains(inner))
        {
            ranges.push(open + 1..close);
        }
    }
    if !ranges.is_empty() {
        *message = masked(message, &ranges);
    }
}

/// How many credentials are embedded in a (decoded) string value: URL passwords, query
/// signatures, connection-string keys, private keys.
pub fn embedded_secret_count(value: &str) -> usize {
    embedded::embedded_ranges(value).len()
}

/// The ranges sorted by start, with overlapping and touching ones joined.
fn merged(mut ranges: Vec<Range<usize>>) -> Vec<Range<usize>> {
    ranges.sort_unstable_by_key(|r| r.start);
    let mut out: Vec<Range<usize>> = Vec::with_capacity(ranges.len());
    for range in ranges.into_iter().filter(|r| !r.is_empty()) {
        match out.last_mut() {
            Some(last) if range.start <= last.end => last.end = last.end.max(range.end),
            _ => out.push(range),
        }
    }
    out
}

/// Whether `span` shares a byte with one of the sorted, disjoint `ranges`.
fn overlaps(ranges: &[Range<usize>], span: &Range<usize>) -> bool {
    let first_ending_after = ranges.partition_point(|r| r.end <= span.start);
    ranges
        .get(first_ending_after)
        .is_some_and(|r| r.start < span.end)
}

/// `text` with every character inside the sorted, disjoint `ranges` replaced by a mask
/// character of the same UTF-8 length. Line breaks stay, so a masked multi-line value keeps
/// its lines.
fn masked(text: &str, ranges: &[Range<usize>]) -> String {
    let mut out = String::with_capacity(text.len());
    let mut at = 0;
    for range in ranges {
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

/// A mask character with the same UTF-8 length as `c` (and so the same number of UTF-16
/// units: only 4-byte characters take two).
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

/// The secret values of one document in every form a message may quote them (as written,
/// decoded, re-encoded as JSON, Rust-escaped), ready to be found in other members and in
/// messages in one pass each.
struct Values {
    /// Values of at least [`MIN_MASKED_ANYWHERE`] characters, found anywhere.
    anywhere: Option<AhoCorasick>,
    /// Shorter values, found only between quotes or backticks.
    quoted: Option<AhoCorasick>,
    /// Lines of long multi-line values past [`AUTOMATON_BUDGET`], found where they stand
    /// whole: as a line, or between quotes.
    whole: HashSet<String>,
}

/// Bytes of patterns the automaton takes at most from the lines of multi-line values (a
/// pasted key of thousands of lines): an automaton costs many times its patterns' bytes,
/// while a set of whole lines costs about their bytes and is looked up in one pass.
const AUTOMATON_BUDGET: usize = 64 * 1024;

impl Values {
    /// The values at `ranges` of each text.
    fn of(sources: &[(&str, &[Range<usize>])]) -> Values {
        let mut forms: HashSet<&str> = HashSet::new();
        let mut owned: HashSet<String> = HashSet::new();
        let mut whole: HashSet<String> = HashSet::new();
        let mut budget = AUTOMATON_BUDGET;
        for (text, range) in sources
            .iter()
            .flat_map(|(text, ranges)| ranges.iter().map(move |r| (*text, r)))
        {
            // Each line of a multi-line value on its own, so a pasted PEM key is found line
            // by line wherever it was copied.
            let value = &text[range.clone()];
            let multi_line = value.contains('\n');
            for line in value.lines().map(str::trim) {
                if line.is_empty() {
                    continue;
                }
                if multi_line {
                    if budget < line.len() {
                        whole.insert(line.to_owned());
                        continue;
                    }
                    budget -= line.len();
                }
                forms.insert(line);
                if let Ok(decoded) = serde_json::from_str::<String>(&format!("\"{line}\"")) {
                    let json = serde_json::to_string(&decoded).unwrap_or_default();
                    let debug = format!("{decoded:?}");
                    for form in [json, debug] {
                        if let Some(inner) = form.get(1..form.len().saturating_sub(1))
                            && inner != line
                        {
                            owned.insert(inner.to_owned());
                        }
                    }
                    if decoded != line {
                        owned.insert(decoded);
                    }
                }
            }
        }
        let mut long = Vec::new();
        let mut short = Vec::new();
        for form in forms.into_iter().chain(owned.iter().map(String::as_str)) {
            let form = form.trim();
            if form.chars().count() >= MIN_MASKED_ANYWHERE {
                long.push(form.to_owned());
            } else if !form.is_empty() {
                for quote in ['"', '\'', '`'] {
                    short.push(format!("{quote}{form}{quote}"));
                }
            }
        }
        Values {
            anywhere: automaton(long, MatchKind::LeftmostLongest),
            quoted: automaton(short, MatchKind::Standard),
            whole,
        }
    }

    /// Ranges where a value appears in `text` (short ones without their quotes), as written
    /// or once its escapes are decoded (`Quas\u0061r9` is a copy of `Quasar9`).
    fn occurrences(&self, text: &str) -> Vec<Range<usize>> {
        let mut found = self.occurrences_as_written(text);
        if let Some(decoded) = decoded::Decoded::of(text) {
            found.extend(
                self.occurrences_as_written(&decoded.text)
                    .into_iter()
                    .map(|range| decoded.raw_range(range)),
            );
        }
        found
    }

    fn occurrences_as_written(&self, text: &str) -> Vec<Range<usize>> {
        let mut found = Vec::new();
        if let Some(anywhere) = &self.anywhere {
            found.extend(anywhere.find_iter(text).map(|m| m.range()));
        }
        if let Some(quoted) = &self.quoted {
            // Overlapping, so neighbours sharing a quote (`"a"b"`) are both found. Linear: a
            // pattern is at most 5 bytes, so few can end at one position.
            found.extend(
                quoted
                    .find_overlapping_iter(text)
                    .map(|m| m.start() + 1..m.end() - 1),
            );
        }
        if !self.whole.is_empty() {
            found.extend(
                whole_pieces(text).filter(|piece| self.whole.contains(&text[piece.clone()])),
            );
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
            *text = masked(text, &merged(ranges));
        }
    }
}

/// The pieces of `text` between line breaks and quotes, trimmed: where a line of a long
/// multi-line secret stands when it was copied whole (a line of its own, a member's value).
/// Each byte is in one piece.
fn whole_pieces(text: &str) -> impl Iterator<Item = Range<usize>> + '_ {
    text.split(['\n', '\r', '"', '\'', '`'])
        .scan(0, |at, piece| {
            let start = *at;
            *at += piece.len() + 1;
            let trimmed = piece.trim_start();
            let lead = piece.len() - trimmed.len();
            Some(start + lead..start + lead + trimmed.trim_end().len())
        })
        .filter(|range| !range.is_empty())
}

/// One automaton for all patterns (none when there are none). The long values are searched
/// leftmost-longest, so a value that contains another is masked whole and the search stays
/// linear however many values there are.
fn automaton(patterns: Vec<String>, kind: MatchKind) -> Option<AhoCorasick> {
    if patterns.is_empty() {
        return None;
    }
    AhoCorasick::builder().match_kind(kind).build(patterns).ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::LintResult;

    fn mask_all(text: &str) -> String {
        mask_text(text)
    }

    #[test]
    fn masks_keep_byte_length_and_character_count() {
        let text = r#"{"password": "pä∗🞱中", "user": "x"}"#;
        let out = mask_all(text);
        assert_eq!(out.len(), text.len());
        assert_eq!(out.chars().count(), text.chars().count());
        assert_eq!(
            out.encode_utf16().count(),
            text.encode_utf16().count(),
            "LSP columns are UTF-16"
        );
        assert!(!out.contains("pä"));
        assert!(out.ends_with(r#", "user": "x"}"#));
    }

    /// A pasted key of many random lines: past the automaton's budget, its lines are found
    /// where they were copied whole, and the automaton stays within its budget's cost.
    #[test]
    fn a_long_key_s_lines_are_found_whole_and_the_automaton_stays_small() {
        let heredoc = |lines: usize| {
            let mut x: u64 = 0x9e37_79b9_7f4a_7c15;
            let alphabet = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
            let key: Vec<String> = (0..lines)
                .map(|_| {
                    (0..64)
                        .map(|_| {
                            x ^= x << 13;
                            x ^= x >> 7;
                            x ^= x << 17;
                            char::from(alphabet[(x % 64) as usize])
                        })
                        .collect()
                })
                .collect();
            let text = format!(
                "private_key = <<EOT\n{}\nEOT\nname = \"{}\"\nnote = \"x {} y\"\n",
                key.join("\n"),
                key[lines - 1],
                key[0],
            );
            (text, key)
        };
        let mut sizes = Vec::new();
        for lines in [2_000, 20_000] {
            let (text, key) = heredoc(lines);
            let (values, _) = find(&text, None).unwrap();
            let masked = mask_text(&text);
            // The copy standing whole is masked, in the text and in a message.
            assert!(!masked.contains(&key[lines - 1]), "the whole copy shows");
            let mut message = format!("`{}` is odd", key[lines - 1]);
            values.hide(&mut message);
            assert!(!message.contains(&key[lines - 1]), "{message}");
            sizes.push((
                text.len(),
                values
                    .anywhere
                    .as_ref()
                    .map_or(0, AhoCorasick::memory_usage),
            ));
        }
        // The automaton's cost does not grow with the key (before: 15 times the text).
        let [(_, small), (large_text, large)] = sizes[..] else {
            unreachable!()
        };
        assert!(large <= small + small / 10, "{small} bytes, then {large}");
        assert!(
            large <= large_text,
            "{large} bytes for {large_text} bytes of text"
        );
    }

    #[test]
    fn a_document_that_is_one_string_is_masked() {
        assert_eq!(mask_all(" \"sk-live-51Hb\"\n"), " \"************\"\n");
        assert_eq!(mask_all("\"${TOKEN}\""), "\"${TOKEN}\"");
        assert_eq!(mask_all("\"a\" \"b\""), "\"a\" \"b\"");
        assert_eq!(mask_all("\"open"), "\"open");
    }

    #[test]
    fn placeholders_stay_readable() {
        let text = r#"{"password": "${KAFKA_PASSWORD}"}"#;
        assert!(secret_ranges(text).is_empty());
        let partial = r#"{"connectionString": "AccountName=${ACCT};AccountKey=abc123"}"#;
        assert!(!mask_all(partial).contains("abc123"));
        // Inside a member that is not secret, only the credential goes.
        let embedded = r#"{"note": "AccountName=${ACCT};AccountKey=abc123"}"#;
        assert_eq!(
            mask_all(embedded),
            r#"{"note": "AccountName=${ACCT};AccountKey=******"}"#
        );
    }

    #[test]
    fn short_values_are_masked_only_as_whole_values() {
        let text = r#"{"password": "ab", "user": "ab", "name": "abc", "x": ["ab","ab"]}"#;
        assert_eq!(
            mask_all(text),
            r#"{"password": "**", "user": "**", "name": "abc", "x": ["**","**"]}"#
        );
    }

    #[test]
    fn values_are_found_in_every_quoted_form() {
        let text = r#"{"password": "caf\u00e9-\"q\"", "note": "café-\"q\""}"#;
        let ranges = secret_ranges(text);
        let values = Values::of(&[(text, &ranges)]);
        for message in [
            "`café-\"q\"` is wrong".to_owned(),
            format!("{:?} is wrong", "café-\"q\""),
            r#"value "caf\u00e9-\"q\"""#.to_owned(),
        ] {
            let mut hidden = message.clone();
            values.hide(&mut hidden);
            assert!(!hidden.contains("caf"), "{message} -> {hidden}");
        }
        assert!(!mask_all(text).contains("caf"));
    }

    #[test]
    fn copies_written_with_other_escapes_are_found_by_their_decoded_value() {
        let text = r#"{"password": "Quasar9", "name": "Quas\u0061r9", "t": "Q\u0075asar9\/x"}"#;
        let out = mask_all(text);
        assert!(!out.contains("Quas") && !out.contains("asar9"), "{out}");
        assert_eq!(out.len(), text.len());
        assert!(out.contains(r#"\/x"#), "only the copy goes: {out}");
        // And the other way round, in a message.
        let (values, _) = find(r#"{"password": "Quas\u0061r9"}"#, None).unwrap();
        let mut message = r#"`Quas\u0061r9` and `Quasar9`"#.to_owned();
        values.hide(&mut message);
        assert!(!message.contains("Quas"), "{message}");
    }

    #[test]
    fn secrets_of_the_text_before_fixing_stay_masked_after() {
        let before = r#"{"credentials": {"password": "Nebula-77"}, "name": "Nebula-77"}"#;
        let after = r#"{"name": "Nebula-77"}"#;
        assert_eq!(mask_text(after), after, "no secret member left");
        assert_eq!(
            mask_text_with(after, Some(before)),
            r#"{"name": "*********"}"#
        );
        let rule = crate::find_rule("invalid-enum-value").unwrap();
        let at = after.find("Nebula").unwrap();
        let mut result = LintResult {
            text: after.to_owned(),
            kind: None,
            kind_reason: None,
            diagnostics: vec![Diagnostic::new(
                rule,
                at..at + 9,
                "/name",
                "`Nebula-77` is odd",
            )],
            overrides_used: Vec::new(),
        };
        mask_with(
            &mut result.text,
            None,
            &mut result.diagnostics,
            Some(before),
        );
        assert_eq!(result.text, r#"{"name": "*********"}"#);
        assert_eq!(result.diagnostics[0].message, "`*********` is odd");
    }

    #[test]
    fn a_part_of_a_secret_named_in_a_message_is_masked() {
        let text = r#"{"password": "M🌙on-Pass1", "name": "M🌙on-Pass1", "x": "🌙"}"#;
        let at = text.find(r#""name": ""#).unwrap() + 9;
        let rule = crate::find_rule("invalid-enum-value").unwrap();
        let diagnostic = Diagnostic::new(
            rule,
            at..at + "M🌙on-Pass1".len(),
            "/name",
            "`name` contains `🌙`",
        )
        .with_help("remove `🌙` and `-`; `name` is fine")
        .with_label("`🌙` here");
        let elsewhere = text.rfind('🌙').unwrap();
        let unrelated = Diagnostic::new(rule, elsewhere..elsewhere + 4, "/x", "`x` is `🌙`");
        let mut result = LintResult {
            text: text.to_owned(),
            kind: None,
            kind_reason: None,
            diagnostics: vec![diagnostic, unrelated],
            overrides_used: Vec::new(),
        };
        mask_with(&mut result.text, None, &mut result.diagnostics, None);
        let d = &result.diagnostics[0];
        assert_eq!(d.message, "`name` contains `🞱`");
        assert_eq!(
            d.help.as_deref(),
            Some("remove `🞱` and `*`; `name` is fine")
        );
        assert_eq!(d.primary.text.as_deref(), Some("`🞱` here"));
        // A finding away from the secret keeps its words.
        assert_eq!(result.diagnostics[1].message, "`x` is `🌙`");
    }

    #[test]
    fn finds_a_fix_overlapping_a_secret_by_bisection() {
        let ranges = merged(vec![10..20, 30..40, 15..25, 50..50]);
        assert_eq!(ranges, [10..25, 30..40]);
        assert!(overlaps(&ranges, &(24..26)));
        assert!(!overlaps(&ranges, &(25..30)));
        assert!(overlaps(&ranges, &(0..11)));
        assert!(!overlaps(&ranges, &(40..100)));
    }

    proptest::proptest! {
        /// Any text, however broken: no panic, and the mask keeps every offset and column.
        #[test]
        fn masking_any_text_keeps_its_shape(
            text in r#"([{}\[\]:,"'\\/*\n =]|password|token|é|中|😀|://|u:p@h|AccountKey=|\$\{X\}|\$\{X:-|[a-z0-9]|\\u00e9|\\ud83d\\ude00|\\u0061|Bearer |hooks\.slack\.com/services/|-----BEGIN PRIVATE KEY-----|credentials|\?key=){0,60}"#
        ) {
            let out = mask_all(&text);
            proptest::prop_assert_eq!(out.len(), text.len());
            proptest::prop_assert_eq!(out.chars().count(), text.chars().count());
            proptest::prop_assert_eq!(out.lines().count(), text.lines().count());
        }
    }
}
