//! Finds the values of secret members lexically, so that masking holds on files that do not
//! parse: comments around the colon, single quotes, unquoted keys, a key missing its closing
//! quote, values with raw line breaks, and values that are numbers, arrays or objects.
//!
//! One pass over the bytes; every value is skipped over once.

use std::ops::Range;

use super::names::is_secret_name;

/// Byte ranges of secret values (string contents without their quotes; numbers, bare words,
/// and the insides of arrays and objects whole). A range may span lines.
pub fn secret_value_ranges(text: &str) -> Vec<Range<usize>> {
    let bytes = text.as_bytes();
    let mut ranges = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        if b == b'/' && matches!(bytes.get(i + 1), Some(b'/' | b'*')) {
            i = skip_comment(bytes, i);
            continue;
        }
        let (name, after) = match b {
            b'"' | b'\'' => {
                let (content, after) = single_line_string(bytes, i);
                (content, after)
            }
            _ if is_word_byte(b) => {
                let end = word_end(bytes, i);
                (i..end, end)
            }
            _ => {
                i += 1;
                continue;
            }
        };
        let key = &text[name.clone()];
        i = after;
        // A key that lost its closing quote swallows the colon: `"password: "hunter2"`.
        if let Some(stripped) = key.trim_end().strip_suffix(':')
            && matches!(b, b'"' | b'\'')
            && is_secret_name(stripped.trim())
        {
            let end = until_quote_or_line_end(bytes, after, b);
            push(&mut ranges, after..end);
            i = end;
            continue;
        }
        if !is_secret_name(key) {
            continue;
        }
        let colon = skip_trivia(bytes, after);
        if bytes.get(colon) != Some(&b':') {
            continue;
        }
        let start = skip_trivia(bytes, colon + 1);
        let (value, next) = value_at(bytes, start);
        push(&mut ranges, value);
        i = next;
    }
    ranges
}

fn push(ranges: &mut Vec<Range<usize>>, range: Range<usize>) {
    if !range.is_empty() {
        ranges.push(range);
    }
}

/// The range to hide for the value starting at `start`, and where scanning goes on.
fn value_at(bytes: &[u8], start: usize) -> (Range<usize>, usize) {
    match bytes.get(start) {
        Some(&quote @ (b'"' | b'\'')) => {
            // A secret value may run over lines (a pasted PEM key): up to its closing quote.
            let end = until_quote(bytes, start + 1, quote);
            (start + 1..end, (end + 1).min(bytes.len()))
        }
        Some(b'[' | b'{') => {
            let end = balanced_end(bytes, start);
            (start + 1..end, end)
        }
        Some(_) => {
            let end = bare_end(bytes, start);
            let word = &bytes[start..end];
            if word == b"null" || word == b"true" || word == b"false" {
                (start..start, end)
            } else {
                (start..end, end)
            }
        }
        None => (start..start, start),
    }
}

/// Content range of a string that ends at its closing quote or at the end of its line.
fn single_line_string(bytes: &[u8], start: usize) -> (Range<usize>, usize) {
    let quote = bytes[start];
    let end = until_quote_or_line_end(bytes, start + 1, quote);
    let after = if bytes.get(end) == Some(&quote) {
        end + 1
    } else {
        end
    };
    (start + 1..end, after)
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

/// The offset of the bracket that closes the one at `start` (or the end of the text).
fn balanced_end(bytes: &[u8], start: usize) -> usize {
    let mut depth = 0usize;
    let mut i = start;
    while i < bytes.len() {
        match bytes[i] {
            b'[' | b'{' => depth += 1,
            b']' | b'}' => {
                depth -= 1;
                if depth == 0 {
                    return i;
                }
            }
            quote @ (b'"' | b'\'') => {
                i = until_quote(bytes, i + 1, quote);
            }
            _ => {}
        }
        i += 1;
    }
    bytes.len()
}

fn bare_end(bytes: &[u8], mut i: usize) -> usize {
    while i < bytes.len() && !matches!(bytes[i], b',' | b'}' | b']' | b'\n' | b'\r' | b' ' | b'\t')
    {
        i += 1;
    }
    i
}

fn is_word_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || matches!(b, b'_' | b'$' | b'.' | b'-')
}

fn word_end(bytes: &[u8], mut i: usize) -> usize {
    while i < bytes.len() && is_word_byte(bytes[i]) {
        i += 1;
    }
    i
}

/// Skips whitespace and comments.
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

/// The offset after the comment starting at `i` (`//` to the line end, `/*` to `*/`).
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

#[cfg(test)]
mod tests {
    use super::secret_value_ranges;

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
    }

    #[test]
    fn finds_values_around_broken_syntax() {
        assert_eq!(found(r#"{"password" /* c */ : "a1"}"#), ["a1"]);
        assert_eq!(found("{\"password\": // c\n \"a2\"}"), ["a2"]);
        assert_eq!(found("{'password': 'a3'}"), ["a3"]);
        assert_eq!(found("{password: \"a4\"}"), ["a4"]);
        assert_eq!(found("{\"password: \"a5\"}"), ["a5"]);
        assert_eq!(found("{\"password\": \"a6"), ["a6"]);
    }

    #[test]
    fn finds_multi_line_and_non_string_values() {
        assert_eq!(
            found("{\"privateKey\": \"-----BEGIN KEY-----\nMIIE\n-----END KEY-----\"}"),
            ["-----BEGIN KEY-----\nMIIE\n-----END KEY-----"]
        );
        assert_eq!(found(r#"{"password": 123456}"#), ["123456"]);
        assert_eq!(found(r#"{"password": ["a", "b"]}"#), [r#""a", "b""#]);
        assert_eq!(found(r#"{"token": {"v": "x"}}"#), [r#""v": "x""#]);
        assert!(found(r#"{"password": null}"#).is_empty());
    }

    #[test]
    fn ignores_secret_names_used_as_values() {
        assert!(found(r#"{"note": "password", "x": "secretKey"}"#).is_empty());
    }
}
