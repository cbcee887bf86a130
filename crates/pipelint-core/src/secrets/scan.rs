//! Finds the values of secret members lexically, so that masking holds on files that do not
//! parse: comments around the colon, single quotes, unquoted keys, a key missing its closing
//! quote, values with raw line breaks, and values that are numbers, arrays or objects.
//!
//! Keys are looked for without trusting the quotes: a raw line break or a lost quote earlier
//! in the file flips which parts look like strings, so every name-like word is a candidate
//! key, inside a string or not, and a closing quote may stand between it and its colon
//! (`password": "x"` is what a key looks like once the quotes are out of step). This errs on
//! the side of hiding: `token: x` inside a description is masked too.
//!
//! One pass over the bytes: the scan only moves forward, and every value is skipped once.
//! Comments are looked up for every word, so their ends are remembered ([`CommentEnds`]):
//! otherwise `a/*a/*a/*…` without a `*/`, or `x//x//x//…` on one line, would be scanned
//! to its end once per word. The end of a quoted key is remembered too ([`QuotedEnds`]): a
//! line of `\"` that never closes would be scanned to its end once per quote.

use std::ops::Range;

use super::names::{is_secret_name, is_secret_scalar_name};
use crate::literal::is_whole_placeholder;

/// Byte ranges of the secret values in `text`: string contents without their quotes, bare
/// numbers and words, and inside an array or object every scalar that is not a key. Whole
/// placeholders (`${KAFKA_PASSWORD}`) are left out. A range may span lines.
pub fn secret_value_ranges(text: &str) -> Vec<Range<usize>> {
    scan(text, &mut CommentEnds::default())
}

fn scan(text: &str, comments: &mut CommentEnds) -> Vec<Range<usize>> {
    let bytes = text.as_bytes();
    let mut ranges = Vec::new();
    let mut quoted = QuotedEnds::default();
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        if b == b'"' || b == b'\'' {
            // A quoted key on one line (`"api key"`, `"\u0070assword"`).
            // The colon is looked for before the name is checked: most strings are values.
            let end = quoted.end(bytes, i, b);
            if bytes.get(end) == Some(&b)
                && let Some(start) = value_start(bytes, end + 1, comments)
                && names_a_secret(&text[i + 1..end], bytes.get(start))
            {
                i = take_value(text, start, &mut ranges, comments);
                continue;
            }
            // Not a key: go on inside it, its words are candidates too.
            i += 1;
        } else if is_name_byte(b) {
            let end = name_end(bytes, i);
            // The key's closing quote may stand before the colon, escaped when the JSON sits
            // inside a string (`"{\"password\": \"x\"}"`). The colon is looked for before
            // the name is checked: most words are not keys.
            let after = past_closing_quote(bytes, end);
            if let Some(start) = value_start(bytes, after, comments)
                && names_a_secret(&text[i..end], bytes.get(start))
            {
                i = take_value(text, start, &mut ranges, comments);
                continue;
            }
            i = end.max(i + 1);
        } else {
            i += 1;
        }
    }
    ranges
}

/// Whether a key names a secret whose value starts with `first`: a secret name, or one
/// that is secret only as a string or a number (`credentials`).
fn names_a_secret(name: &str, first: Option<&u8>) -> bool {
    is_secret_name(name) || (!matches!(first, Some(b'[' | b'{')) && is_secret_scalar_name(name))
}

/// Where the value begins, when a colon follows `after` (comments and line breaks allowed
/// around it), or an `=` and a quoted value (`"password" = "x"`, as TOML and HCL write it).
fn value_start(bytes: &[u8], after: usize, comments: &mut CommentEnds) -> Option<usize> {
    let colon = skip_trivia(bytes, after, comments);
    match bytes.get(colon) {
        Some(b':') => Some(skip_trivia(bytes, colon + 1, comments)),
        Some(b'=') => {
            let start = skip_trivia(bytes, colon + 1, comments);
            (starts_quoted(bytes, start) || bytes[start..].starts_with(b"<<")).then_some(start)
        }
        _ => None,
    }
}

/// Whether a quote, or a run of backslashes and a quote, stands at `at`.
fn starts_quoted(bytes: &[u8], at: usize) -> bool {
    let run = backslash_run_end(bytes, at);
    matches!(bytes.get(run), Some(b'"' | b'\''))
}

/// Where the run of backslashes starting at `at` ends (`at` when there is none).
fn backslash_run_end(bytes: &[u8], mut at: usize) -> usize {
    while bytes.get(at) == Some(&b'\\') {
        at += 1;
    }
    at
}

/// After a name ending at `end`: past its closing quote when one follows, escaped any
/// number of times (JSON inside a string inside a string writes `\\\"`), else `end`.
fn past_closing_quote(bytes: &[u8], end: usize) -> usize {
    let run = backslash_run_end(bytes, end);
    if matches!(bytes.get(run), Some(b'"' | b'\'')) {
        run + 1
    } else {
        end
    }
}

/// Records the ranges of the value at `start` and returns where scanning goes on (always
/// past `start`, or at the end of the text).
fn take_value(
    text: &str,
    start: usize,
    ranges: &mut Vec<Range<usize>>,
    comments: &mut CommentEnds,
) -> usize {
    let bytes = text.as_bytes();
    match bytes.get(start) {
        Some(b'\\') if starts_quoted(bytes, start) => {
            // JSON inside a string (inside a string…): the value ends at the next quote
            // escaped as often as its opening one.
            let depth = backslash_run_end(bytes, start) - start;
            let end = until_escaped_quote(bytes, start + depth + 1, depth);
            // The closing run: what of it is a backslash of the value stays in the value.
            let close = backslash_run_end(bytes, end);
            let value_end = close.saturating_sub(depth).max(end);
            push_scalar(text, start + depth + 1..value_end, ranges);
            (close + 1).min(bytes.len())
        }
        Some(&quote @ (b'"' | b'\'')) => {
            // A secret value may run over lines (a pasted PEM key): up to its closing quote.
            let end = until_quote(bytes, start + 1, quote);
            push_scalar(text, start + 1..end, ranges);
            (end + 1).min(bytes.len()).max(start + 1)
        }
        Some(b'<') if bytes[start..].starts_with(b"<<") => {
            // A heredoc (`<<EOT` or `<<-EOT`, as HCL writes a pasted key): its lines up to
            // the one holding only the delimiter.
            let (content, end) = heredoc(bytes, start);
            push_scalar(text, content, ranges);
            end.max(start + 1)
        }
        Some(b'[' | b'{') => {
            let end = balanced_end(bytes, start);
            push_scalars_inside(text, start + 1..end, ranges, comments);
            (end + 1).min(bytes.len())
        }
        Some(_) => {
            let end = bare_end(bytes, start);
            push_scalar(text, start..end, ranges);
            end.max(start + 1)
        }
        None => bytes.len(),
    }
}

/// Records a scalar value unless it is empty, a JSON literal or a whole placeholder.
fn push_scalar(text: &str, range: Range<usize>, ranges: &mut Vec<Range<usize>>) {
    let value = &text[range.clone()];
    if !value.is_empty()
        && !matches!(value, "null" | "true" | "false")
        && !is_whole_placeholder(value)
    {
        ranges.push(range);
    }
}

/// Records every scalar inside an array or object (its members' values, not their keys).
fn push_scalars_inside(
    text: &str,
    inside: Range<usize>,
    ranges: &mut Vec<Range<usize>>,
    comments: &mut CommentEnds,
) {
    let bytes = text.as_bytes();
    let mut i = inside.start;
    while i < inside.end {
        match bytes[i] {
            quote @ (b'"' | b'\'') => {
                let end = until_quote(bytes, i + 1, quote).min(inside.end);
                let after = (end + 1).min(inside.end);
                let is_key = bytes.get(skip_trivia(bytes, after, comments)) == Some(&b':');
                if !is_key {
                    push_scalar(text, i + 1..end, ranges);
                }
                i = after.max(i + 1);
            }
            b'[' | b']' | b'{' | b'}' | b',' | b':' => i += 1,
            b if b.is_ascii_whitespace() => i += 1,
            b'/' if matches!(bytes.get(i + 1), Some(b'/' | b'*')) => {
                i = comments.skip(bytes, i).min(inside.end).max(i + 1);
            }
            _ => {
                let end = bare_end(bytes, i).min(inside.end).max(i + 1);
                let end = next_char_boundary(text, end);
                push_scalar(text, i..end, ranges);
                i = end;
            }
        }
    }
}

/// `end`, moved forward to a character boundary.
fn next_char_boundary(text: &str, mut end: usize) -> usize {
    while end < text.len() && !text.is_char_boundary(end) {
        end += 1;
    }
    end
}

/// The last look for the end of a quoted key, per quote: where it started and ended.
#[derive(Default)]
struct QuotedEnds {
    double: Option<(usize, usize)>,
    single: Option<(usize, usize)>,
    /// Bytes the searches looked at (tests hold it linear in the text).
    #[cfg(test)]
    examined: usize,
}

impl QuotedEnds {
    /// `until_quote_or_line_end` after the quote at `at`, remembered: otherwise every `\"` of
    /// a line without a closing quote would scan to the line's end again. A search that
    /// starts after a quote inside the last one's stretch ends where it ended: the byte after
    /// such a quote is one the last search stepped on (a quote it stepped on was of the other
    /// kind, one it skipped was the escaped half of a pair), and from there both searches take
    /// the same steps.
    fn end(&mut self, bytes: &[u8], at: usize, quote: u8) -> usize {
        let last = if quote == b'"' {
            &mut self.double
        } else {
            &mut self.single
        };
        let from = at + 1;
        if let Some((start, end)) = *last
            && start <= from
            && from <= end
        {
            return end;
        }
        let end = until_quote_or_line_end(bytes, from, quote);
        *last = Some((from, end));
        #[cfg(test)]
        {
            self.examined += end.saturating_sub(from);
        }
        end
    }
}

/// The content of the heredoc opening at `start` (`<<DELIM` or `<<-DELIM`) and where it
/// ends: from the line after the opener to the line that holds only the delimiter, or to
/// the end of the text when none does. Each byte is looked at once.
pub(super) fn heredoc_at(bytes: &[u8], start: usize) -> (Range<usize>, usize) {
    heredoc(bytes, start)
}

fn heredoc(bytes: &[u8], start: usize) -> (Range<usize>, usize) {
    let mut i = start + 2;
    if bytes.get(i) == Some(&b'-') {
        i += 1;
    }
    let delimiter_start = i;
    while bytes
        .get(i)
        .is_some_and(|b| b.is_ascii_alphanumeric() || *b == b'_')
    {
        i += 1;
    }
    let delimiter = &bytes[delimiter_start..i];
    let Some(newline) = bytes[i..].iter().position(|&b| b == b'\n') else {
        return (i..i, bytes.len());
    };
    let content_start = i + newline + 1;
    let mut line_start = content_start;
    while line_start < bytes.len() {
        let line_end = bytes[line_start..]
            .iter()
            .position(|&b| b == b'\n')
            .map_or(bytes.len(), |at| line_start + at);
        if !delimiter.is_empty() && bytes[line_start..line_end].trim_ascii() == delimiter {
            return (content_start..line_start, line_end);
        }
        line_start = line_end + 1;
    }
    (content_start..bytes.len(), bytes.len())
}

fn until_quote_or_line_end(bytes: &[u8], mut i: usize, quote: u8) -> usize {
    while i < bytes.len() {
        match bytes[i] {
            b'\\' => i += 2,
            b'\n' | b'\r' => return i,
            b if b == quote => return i,
            _ => i += 1,
        }
    }
    bytes.len()
}

/// The offset of the run of backslashes before the quote that closes a value opened by a
/// quote after `opening` backslashes (or the end of the text). One string deep a value
/// opens with `\"`; inside it, a quote is `\\\"` and a backslash `\\\\`, so the closing
/// run has 1, 5, 9… backslashes. `n` strings deep it opens with 2ⁿ−1 and closes with a
/// run of the same length modulo 2ⁿ⁺¹.
fn until_escaped_quote(bytes: &[u8], mut i: usize, opening: usize) -> usize {
    let period = 2 * (opening + 1);
    while i < bytes.len() {
        if bytes[i] == b'\\' {
            let run = backslash_run_end(bytes, i);
            let length = run - i;
            if length >= opening
                && (length - opening).is_multiple_of(period)
                && matches!(bytes.get(run), Some(b'"' | b'\''))
            {
                return i;
            }
            i = run + 1;
        } else {
            i += 1;
        }
    }
    bytes.len()
}

fn until_quote(bytes: &[u8], mut i: usize, quote: u8) -> usize {
    while i < bytes.len() {
        match bytes[i] {
            b'\\' => i += 2,
            b if b == quote => return i,
            _ => i += 1,
        }
    }
    bytes.len()
}

/// The offset of the bracket that closes the one at `start` (or the end of the text). Each
/// byte is looked at once: strings inside are skipped by [`until_quote`].
fn balanced_end(bytes: &[u8], start: usize) -> usize {
    let mut depth = 0usize;
    let mut i = start;
    while i < bytes.len() {
        match bytes[i] {
            b'[' | b'{' => depth += 1,
            b']' | b'}' => {
                depth = depth.saturating_sub(1);
                if depth == 0 {
                    return i;
                }
            }
            quote @ (b'"' | b'\'') => i = until_quote(bytes, i + 1, quote),
            _ => {}
        }
        i += 1;
    }
    bytes.len()
}

/// The end of an unquoted value: the next `,`, `}`, `]`, quote or line break, without the
/// white space before it (`password: hunter 2` hides `hunter 2`).
fn bare_end(bytes: &[u8], start: usize) -> usize {
    let mut end = start;
    while end < bytes.len()
        && !matches!(
            bytes[end],
            b',' | b'}' | b']' | b'"' | b'\'' | b'\n' | b'\r'
        )
    {
        end += 1;
    }
    while end > start && matches!(bytes[end - 1], b' ' | b'\t') {
        end -= 1;
    }
    end
}

/// Bytes of a name as written, escapes included (`\u0070assword`, `sasl.password`).
fn is_name_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || matches!(b, b'_' | b'$' | b'.' | b'-' | b'\\')
}

/// The end of the name starting at `i`; an escaped quote (escaped any number of times)
/// ends it.
fn name_end(bytes: &[u8], mut i: usize) -> usize {
    while i < bytes.len() && is_name_byte(bytes[i]) {
        if bytes[i] == b'\\' {
            let run = backslash_run_end(bytes, i);
            if matches!(bytes.get(run), Some(b'"' | b'\'')) {
                break;
            }
            i = run;
        } else {
            i += 1;
        }
    }
    i
}

/// Skips whitespace and comments. A run that comes to where the last run stood after one
/// of its comments ends where that one ended (`x // a⏎// a⏎// a⏎…`: each word's run would
/// otherwise go over every comment line below it).
fn skip_trivia(bytes: &[u8], mut i: usize, comments: &mut CommentEnds) -> usize {
    let mut after_comments = Vec::new();
    loop {
        while i < bytes.len() && bytes[i].is_ascii_whitespace() {
            i += 1;
        }
        if bytes.get(i) != Some(&b'/') || !matches!(bytes.get(i + 1), Some(b'/' | b'*')) {
            comments.last_run.record(after_comments, i);
            return i;
        }
        i = comments.skip(bytes, i);
        if let Some(end) = comments.last_run.joined_at(i, &after_comments) {
            return end;
        }
        after_comments.push(i);
    }
}

/// The last run of [`skip_trivia`] that went over comments: the offsets where it stood after
/// each of them (largest first) and where it ended.
#[derive(Default)]
struct TriviaRun {
    after_comments: Vec<usize>,
    end: usize,
}

impl TriviaRun {
    /// Where a run ends that stands at `i` after its comments `before` (all before `i`), if
    /// the last run stood there too; the new run's offsets are then remembered with it.
    fn joined_at(&mut self, i: usize, before: &[usize]) -> Option<usize> {
        let at = self.after_comments.binary_search_by(|x| i.cmp(x)).ok()?;
        self.after_comments.truncate(at + 1);
        self.after_comments.extend(before.iter().rev());
        Some(self.end)
    }

    /// Remembers a run that ended at `end` without joining the last one.
    fn record(&mut self, mut after_comments: Vec<usize>, end: usize) {
        if !after_comments.is_empty() {
            after_comments.reverse();
            *self = TriviaRun {
                after_comments,
                end,
            };
        }
    }
}

/// Finds where comments end, remembering the last search of each kind: many words can start
/// comments that end at the same `*/` or line break (or at no `*/` at all), and each stretch
/// between those is then scanned once per scan, not once per word.
#[derive(Default)]
struct CommentEnds {
    block_close: Stretch,
    line_break: Stretch,
    last_run: TriviaRun,
}

impl CommentEnds {
    /// The offset after the comment starting at `i` (`//` to the line end, `/*` to `*/`).
    fn skip(&mut self, bytes: &[u8], i: usize) -> usize {
        let body = (i + 2).min(bytes.len());
        if bytes.get(i + 1) == Some(&b'/') {
            self.line_break
                .first_match(bytes, body, |p| matches!(bytes[p], b'\n' | b'\r'))
        } else {
            let close = self.block_close.first_match(bytes, body, |p| {
                bytes[p] == b'*' && bytes.get(p + 1) == Some(&b'/')
            });
            (close + 2).min(bytes.len())
        }
    }
}

/// The last search for one kind of comment end: no match lies in `from..found`, and `found`
/// is a match or the end of the text.
#[derive(Default)]
struct Stretch {
    known: Option<(usize, usize)>,
    /// Bytes looked at, for the test that the scan stays linear.
    #[cfg(test)]
    examined: usize,
}

impl Stretch {
    /// The first offset at or after `start` where `is_match` holds, or the end of the text.
    fn first_match(
        &mut self,
        bytes: &[u8],
        start: usize,
        is_match: impl Fn(usize) -> bool,
    ) -> usize {
        if let Some((from, found)) = self.known
            && (from..=found).contains(&start)
        {
            return found;
        }
        // A search that starts before the known stretch stops where that one began.
        let stop = match self.known {
            Some((from, _)) if from > start => from,
            _ => bytes.len(),
        };
        let mut p = start;
        while p < stop && !is_match(p) {
            p += 1;
        }
        #[cfg(test)]
        {
            self.examined += p - start;
        }
        let found = match self.known {
            Some((from, found)) if p == from => found,
            _ => p,
        };
        self.known = Some((start, found));
        found
    }
}

#[cfg(test)]
mod tests {
    use super::{CommentEnds, QuotedEnds, scan, secret_value_ranges};

    fn found(text: &str) -> Vec<&str> {
        secret_value_ranges(text)
            .into_iter()
            .map(|r| &text[r])
            .collect()
    }

    #[test]
    fn finds_values_in_valid_json() {
        assert_eq!(
            found(r#"{"user": "bob", "password": "hunter2"}"#),
            ["hunter2"]
        );
        assert_eq!(found(r#"{"password": "a\"b"}"#), [r#"a\"b"#]);
        assert_eq!(found(r#"{"api key": "k1"}"#), ["k1"]);
        assert_eq!(found(r#"{"\u0070assword": "k2"}"#), ["k2"]);
        assert_eq!(found(r#"{"config": "{\"password\": \"k3\"}"}"#), ["k3"]);
    }

    #[test]
    fn finds_values_around_broken_syntax() {
        assert_eq!(found(r#"{"password" /* c */ : "a1"}"#), ["a1"]);
        assert_eq!(found("{\"password\": // c\n \"a2\"}"), ["a2"]);
        assert_eq!(found("{'password': 'a3'}"), ["a3"]);
        assert_eq!(found("{password: \"a4\"}"), ["a4"]);
        assert_eq!(found("{\"password: \"a5\"}"), ["a5"]);
        assert_eq!(found("{\"password\": \"a6"), ["a6"]);
        assert_eq!(found("{password: hunter 7}"), ["hunter 7"]);
    }

    #[test]
    fn finds_values_after_quotes_went_out_of_step() {
        // A raw line break in an earlier value flips which parts look like strings.
        let text = "{\"note\": \"line one\nline two\", \"password\": \"b1\", \"user\": \"bob\"}";
        assert_eq!(found(text), ["b1"]);
        let text = "{\"note\": \"it's\nthere\", \"password\": \"b2\"}";
        assert_eq!(found(text), ["b2"]);
    }

    #[test]
    fn finds_multi_line_and_non_string_values() {
        assert_eq!(
            found("{\"privateKey\": \"-----BEGIN KEY-----\nMIIE\n-----END KEY-----\"}"),
            ["-----BEGIN KEY-----\nMIIE\n-----END KEY-----"]
        );
        assert_eq!(found(r#"{"password": 123456}"#), ["123456"]);
        assert_eq!(found(r#"{"password": ["a", "b", 7]}"#), ["a", "b", "7"]);
        assert_eq!(
            found(r#"{"token": {"v": "x", "w": [true, "y"]}}"#),
            ["x", "y"]
        );
        assert!(found(r#"{"password": null}"#).is_empty());
        assert!(found(r#"{"password": "${KAFKA_PASSWORD}"}"#).is_empty());
        assert_eq!(found(r#"{"password": "${USER}x"}"#), ["${USER}x"]);
    }

    #[test]
    fn finds_values_of_plural_names_equals_signs_and_deeper_json() {
        assert_eq!(
            found(r#"{"passwords": ["c1", "c2"], "tokens": "c3", "secrets": {"a": "c4"}}"#),
            ["c1", "c2", "c3", "c4"]
        );
        // `credentials` is secret when it holds a string; as an object, its user name stays.
        assert_eq!(found(r#"{"credentials": "bob:c5"}"#), ["bob:c5"]);
        assert_eq!(
            found(r#"{"credentials": {"username": "bob", "password": "c6"}}"#),
            ["c6"]
        );
        assert_eq!(found(r#"{"password" = "c7", "token"= 'c8'}"#), ["c7", "c8"]);
        assert_eq!(found(r#"password = "c9""#), ["c9"]);
        // JSON inside a string inside a string.
        assert_eq!(
            found(r#"{"a": "{\"b\": \"{\\\"password\\\": \\\"c10\\\"}\"}"}"#),
            ["c10"]
        );
        assert_eq!(
            found(r#"{"a": "{\"password\": \"c\\\"11\"}"}"#),
            [r#"c\\\"11"#]
        );
        // A private key's body without its header.
        assert_eq!(found(r#"{"privateKeyPem": "MIIEc12"}"#), ["MIIEc12"]);
    }

    #[test]
    fn ignores_secret_names_used_as_values_and_ordinary_names() {
        assert!(found(r#"{"note": "password", "x": "secretKey"}"#).is_empty());
        assert!(
            found(
                r#"{"username": "u", "tokenizer": "t", "accessKeyId": "AKIA", "secretName": "s"}"#
            )
            .is_empty()
        );
    }

    #[test]
    fn every_step_moves_forward() {
        // Inputs that end right after a key, a colon or an opening bracket.
        for text in [
            "password",
            "password:",
            "\"password\":",
            "password: [",
            "password: {\"a\": ",
            "password: '",
            "'password':\"",
            "\\",
            "password\\",
        ] {
            let _ = found(text);
        }
    }

    /// Bytes the comment searches looked at while scanning `text`.
    fn comment_bytes_examined(text: &str) -> usize {
        let mut comments = CommentEnds::default();
        let _ = scan(text, &mut comments);
        comments.block_close.examined + comments.line_break.examined
    }

    #[test]
    fn comment_searches_stay_linear() {
        // Every word starts a comment search here; before, each ran to the end of the text
        // (or line, or over every comment line below it): 4·10⁸ bytes and more for n = 20,000.
        let n = 20_000;
        for text in [
            format!(r#"{{"d": "{}"}}"#, "a/*".repeat(n)),
            format!(r#"{{"d": "{}*/"}}"#, "a/*".repeat(n)),
            "x//".repeat(n),
            format!("{}\n", "x//".repeat(n)),
            format!("{{{}}}", "\"password\": [/*], ".repeat(n)),
            format!("x{}", "// a\n".repeat(n)),
            format!("x{}", "/* a */ // a\r\n".repeat(n)),
        ] {
            let examined = comment_bytes_examined(&text);
            assert!(
                examined <= 2 * text.len(),
                "{examined} bytes examined for {} bytes of text",
                text.len()
            );
        }
    }

    #[test]
    fn quoted_key_searches_stay_linear() {
        // Every quote starts a search for the key's closing quote; on a line of escaped
        // quotes that never closes, each ran to the line's end: O(n²) before.
        let n = 20_000;
        for text in [
            format!(r#"{{"d": "{}"#, r#"\""#.repeat(n)),
            format!("{{'d': '{}", r"\'".repeat(n)),
            format!(r#"{{"d": "{}"#, r#"\"'\'"#.repeat(n)),
        ] {
            let mut quoted = QuotedEnds::default();
            let bytes = text.as_bytes();
            for (at, &b) in bytes.iter().enumerate() {
                if b == b'"' || b == b'\'' {
                    quoted.end(bytes, at, b);
                }
            }
            assert!(
                quoted.examined <= 2 * text.len(),
                "{} bytes examined for {} bytes of text",
                quoted.examined,
                text.len()
            );
        }
    }

    /// The scan as it was before the comment ends were remembered: the reference that the
    /// new one must agree with.
    mod before {
        use std::ops::Range;

        use super::super::{
            backslash_run_end, balanced_end, bare_end, is_name_byte, name_end, names_a_secret,
            next_char_boundary, past_closing_quote, push_scalar, starts_quoted,
            until_escaped_quote, until_quote, until_quote_or_line_end,
        };

        pub fn secret_value_ranges(text: &str) -> Vec<Range<usize>> {
            let bytes = text.as_bytes();
            let mut ranges = Vec::new();
            let mut i = 0;
            while i < bytes.len() {
                let b = bytes[i];
                if b == b'"' || b == b'\'' {
                    let end = until_quote_or_line_end(bytes, i + 1, b);
                    if bytes.get(end) == Some(&b)
                        && let Some(start) = value_start(bytes, end + 1)
                        && names_a_secret(&text[i + 1..end], bytes.get(start))
                    {
                        i = take_value(text, start, &mut ranges);
                        continue;
                    }
                    i += 1;
                } else if is_name_byte(b) {
                    let end = name_end(bytes, i);
                    let after = past_closing_quote(bytes, end);
                    if let Some(start) = value_start(bytes, after)
                        && names_a_secret(&text[i..end], bytes.get(start))
                    {
                        i = take_value(text, start, &mut ranges);
                        continue;
                    }
                    i = end.max(i + 1);
                } else {
                    i += 1;
                }
            }
            ranges
        }

        fn value_start(bytes: &[u8], after: usize) -> Option<usize> {
            let colon = skip_trivia(bytes, after);
            match bytes.get(colon) {
                Some(b':') => Some(skip_trivia(bytes, colon + 1)),
                Some(b'=') => {
                    let start = skip_trivia(bytes, colon + 1);
                    starts_quoted(bytes, start).then_some(start)
                }
                _ => None,
            }
        }

        fn take_value(text: &str, start: usize, ranges: &mut Vec<Range<usize>>) -> usize {
            let bytes = text.as_bytes();
            match bytes.get(start) {
                Some(b'\\') if starts_quoted(bytes, start) => {
                    let depth = backslash_run_end(bytes, start) - start;
                    let end = until_escaped_quote(bytes, start + depth + 1, depth);
                    let close = backslash_run_end(bytes, end);
                    let value_end = close.saturating_sub(depth).max(end);
                    push_scalar(text, start + depth + 1..value_end, ranges);
                    (close + 1).min(bytes.len())
                }
                Some(&quote @ (b'"' | b'\'')) => {
                    let end = until_quote(bytes, start + 1, quote);
                    push_scalar(text, start + 1..end, ranges);
                    (end + 1).min(bytes.len()).max(start + 1)
                }
                Some(b'[' | b'{') => {
                    let end = balanced_end(bytes, start);
                    push_scalars_inside(text, start + 1..end, ranges);
                    (end + 1).min(bytes.len())
                }
                Some(_) => {
                    let end = bare_end(bytes, start);
                    push_scalar(text, start..end, ranges);
                    end.max(start + 1)
                }
                None => bytes.len(),
            }
        }

        fn push_scalars_inside(text: &str, inside: Range<usize>, ranges: &mut Vec<Range<usize>>) {
            let bytes = text.as_bytes();
            let mut i = inside.start;
            while i < inside.end {
                match bytes[i] {
                    quote @ (b'"' | b'\'') => {
                        let end = until_quote(bytes, i + 1, quote).min(inside.end);
                        let after = (end + 1).min(inside.end);
                        let is_key = bytes.get(skip_trivia(bytes, after)) == Some(&b':');
                        if !is_key {
                            push_scalar(text, i + 1..end, ranges);
                        }
                        i = after.max(i + 1);
                    }
                    b'[' | b']' | b'{' | b'}' | b',' | b':' => i += 1,
                    b if b.is_ascii_whitespace() => i += 1,
                    b'/' if matches!(bytes.get(i + 1), Some(b'/' | b'*')) => {
                        i = skip_comment(bytes, i).min(inside.end).max(i + 1);
                    }
                    _ => {
                        let end = bare_end(bytes, i).min(inside.end).max(i + 1);
                        let end = next_char_boundary(text, end);
                        push_scalar(text, i..end, ranges);
                        i = end;
                    }
                }
            }
        }

        fn skip_trivia(bytes: &[u8], mut i: usize) -> usize {
            loop {
                while i < bytes.len() && bytes[i].is_ascii_whitespace() {
                    i += 1;
                }
                if bytes.get(i) == Some(&b'/') && matches!(bytes.get(i + 1), Some(b'/' | b'*')) {
                    i = skip_comment(bytes, i);
                } else {
                    return i;
                }
            }
        }

        fn skip_comment(bytes: &[u8], i: usize) -> usize {
            if bytes.get(i + 1) == Some(&b'/') {
                let mut j = i + 2;
                while j < bytes.len() && !matches!(bytes[j], b'\n' | b'\r') {
                    j += 1;
                }
                j
            } else {
                let mut j = i + 2;
                while j + 1 < bytes.len() && !(bytes[j] == b'*' && bytes[j + 1] == b'/') {
                    j += 1;
                }
                (j + 2).min(bytes.len())
            }
        }
    }

    #[test]
    fn agrees_with_the_scan_before_on_every_short_text() {
        // Every text of up to five of these pieces: comments opened, closed and nested in
        // every order around keys, colons, strings and brackets.
        let pieces = [
            "/", "*", "\n", "a", ":", "\"", "'", "\\", "[", "]", " ", "password",
        ];
        let mut texts = vec![String::new()];
        for _ in 0..5 {
            let longer: Vec<String> = texts
                .iter()
                .flat_map(|text| pieces.iter().map(move |piece| format!("{text}{piece}")))
                .collect();
            for text in &longer {
                assert_eq!(
                    secret_value_ranges(text),
                    before::secret_value_ranges(text),
                    "{text:?}"
                );
            }
            texts = longer;
        }
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(2_000))]
        /// Any text, however broken: the same ranges as the scan before.
        #[test]
        fn agrees_with_the_scan_before(
            text in r#"([{}\[\]:,"'\\/*\n\r ]|/\*|\*/|//|password|token|é|\$\{X\}|[a-z0-9]){0,60}"#
        ) {
            proptest::prop_assert_eq!(
                secret_value_ranges(&text),
                before::secret_value_ranges(&text)
            );
        }

        /// Texts made mostly of comments, line breaks and words, where runs of comments meet.
        #[test]
        fn agrees_with_the_scan_before_among_comments(
            text in r#"(//|/\*|\*/|[\n\r :"]|a|token){0,40}"#
        ) {
            proptest::prop_assert_eq!(
                secret_value_ranges(&text),
                before::secret_value_ranges(&text)
            );
        }
    }
}
