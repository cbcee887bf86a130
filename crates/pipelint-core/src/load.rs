//! Bytes to a [`Document`], or to the findings that say why the bytes are not one.
//!
//! One strict pass with serde_json builds the value and decides whether the text is JSON as
//! the API accepts it (see [`reader`]). Most files have no finding and never need a
//! position, so the span index (JSON pointer to key and value ranges) is built from
//! `jsonc-parser`'s syntax tree on the first span query only.
//!
//! The few files the one pass cannot settle alone (a syntax error, a duplicate key, a number
//! that does not fit) take the careful path: the strict gate for the exact syntax error,
//! then the syntax tree for value, spans and findings at once.

use std::borrow::Cow;
use std::collections::HashMap;
use std::ops::Range;
use std::sync::OnceLock;

use jsonc_parser::ast;
use serde_json::{Map, Number, Value};

use crate::diagnostic::Diagnostic;
use crate::document::{Document, prop_name_range, syntax_tree};
use crate::entries::reading::{
    byte_order_mark, duplicate_key, empty_document, file_too_large, invalid_json, invalid_utf8,
    nesting_too_deep, number_out_of_range,
};
use crate::kind::{DocumentKind, KindChoice};
use crate::line_index::floor_char_boundary;
use crate::pointer::pointer_join;

mod reader;

/// The UTF-8 byte-order mark (the bytes `EF BB BF`).
const BOM: char = '\u{FEFF}';

/// How many leading bytes are searched for a NUL to tell a binary file.
const BINARY_SNIFF: usize = 8192;

/// Deepest nesting of arrays and objects accepted (serde_json's own limit as well).
pub(crate) const MAX_DEPTH: usize = 128;

/// What loading produced: the text, the document when it parsed, and findings. Nothing here
/// is masked (the text, the values and the messages may hold secrets): pass the document on
/// as [`LintOptions::pipe`](crate::LintOptions::pipe), and print only what [`lint`](crate::lint)
/// returns.
#[derive(Debug)]
#[non_exhaustive]
pub struct Loaded {
    /// The text positions refer to: the file's text (a byte-order mark kept, invalid UTF-8
    /// replaced), or empty for UTF-16 and binary files, which no frame may show.
    pub text: String,
    /// The document, when the text is JSON the API accepts.
    pub document: Option<Document>,
    /// What loading found (syntax errors, duplicate keys, a byte-order mark, …), unsorted,
    /// before any settings.
    pub diagnostics: Vec<Diagnostic>,
}

impl Diagnostic {
    /// The finding for a document a caller did not read because it is over the caller's
    /// size limit (rule `file-too-large`), about the whole document. Pass it to
    /// [`crate::unread`] to get a result with the settings applied.
    pub fn file_too_large(message: impl Into<String>) -> Self {
        Diagnostic::new(&file_too_large::RULE, 0..0, "", message)
    }
}

/// Loads bytes as strict JSON. Never panics; every problem becomes a diagnostic. Unlike
/// [`lint`](crate::lint), it masks nothing: never print what it returns.
pub fn load(bytes: &[u8]) -> Loaded {
    let (text, mut diagnostics) = match decode(bytes) {
        Ok(decoded) => decoded,
        Err(unread) => return *unread,
    };
    let (document, found) = parse(&parser_text(&text));
    diagnostics.extend(found);
    Loaded {
        text,
        document,
        diagnostics,
    }
}

/// The text a parser reads: the result keeps the byte-order mark (the line index gives it
/// no column), the parsers read a copy with it blanked out, so that offsets stay the same.
pub(crate) fn parser_text(text: &str) -> Cow<'_, str> {
    match text.strip_prefix(BOM) {
        Some(rest) => Cow::Owned(format!("{:width$}{rest}", "", width = BOM.len_utf8())),
        None => Cow::Borrowed(text),
    }
}

/// The text of bytes that are UTF-8 text, with the byte-order-mark finding when it starts
/// with one; or, for UTF-16, binary or invalid UTF-8, the result with that finding and
/// nothing to parse. Shared by the JSON and the Terraform readers.
pub(crate) fn decode(bytes: &[u8]) -> Result<(String, Vec<Diagnostic>), Box<Loaded>> {
    let mut diagnostics = Vec::new();

    if let Some(unreadable) = unreadable(bytes) {
        diagnostics.push(unreadable);
        // Such a file's text would not be masked (its secrets are not written as UTF-8
        // JSON), so no frame may show it: the result has no text at all.
        return Err(Box::new(Loaded {
            text: String::new(),
            document: None,
            diagnostics,
        }));
    }

    let text = match std::str::from_utf8(bytes) {
        Ok(text) => text.to_owned(),
        Err(error) => {
            let text = String::from_utf8_lossy(bytes).into_owned();
            let at = error.valid_up_to();
            diagnostics.push(
                Diagnostic::new(
                    &invalid_utf8::RULE,
                    at..at + '\u{FFFD}'.len_utf8(),
                    "",
                    format!(
                        "invalid UTF-8: byte 0x{:02X} at offset {at} is not valid here",
                        bytes[at]
                    ),
                )
                .with_label("not UTF-8")
                .with_help("the API accepts UTF-8 JSON only: re-encode the file as UTF-8"),
            );
            return Err(Box::new(Loaded {
                text,
                document: None,
                diagnostics,
            }));
        }
    };
    if text.starts_with(BOM) {
        diagnostics.push(
            Diagnostic::new(&byte_order_mark::RULE, 0..BOM.len_utf8(), "", "the file starts with a UTF-8 byte-order mark")
                .with_label("byte-order mark")
                .with_help("JSON text must not begin with a byte-order mark; save the file as UTF-8 without BOM"),
        );
    }
    Ok((text, diagnostics))
}

/// The finding for a file that is not text pipelint can show: UTF-16 (with or without a
/// byte-order mark) or binary (a NUL byte early on). Its span is empty at the start.
fn unreadable(bytes: &[u8]) -> Option<Diagnostic> {
    let not_shown = "the file's text is not shown, since secrets in it could not be masked";
    if let Some(encoding) = utf16(bytes) {
        return Some(
            Diagnostic::new(
                &invalid_utf8::RULE,
                0..0,
                "",
                format!("the file is encoded as {encoding}, not UTF-8"),
            )
            .with_label("UTF-16 text (not shown)")
            .with_help(format!(
                "the API accepts UTF-8 JSON only: save the file as UTF-8 ({not_shown})"
            )),
        );
    }
    let sniffed = &bytes[..bytes.len().min(BINARY_SNIFF)];
    // `contains` on bytes is a memchr; text files (nearly all) stop here.
    if !sniffed.contains(&0) {
        return None;
    }
    let nul = sniffed.iter().position(|&b| b == 0)?;
    Some(
        Diagnostic::new(
            &invalid_utf8::RULE,
            0..0,
            "",
            format!("this is a binary file, not JSON text (a NUL byte at offset {nul})"),
        )
        .with_label("binary file (not shown)")
        .with_help(format!(
            "pipelint checks JSON text files; exclude this file from the run ({not_shown})"
        )),
    )
}

/// Whether the bytes are UTF-16, and in which byte order: by its byte-order mark, or,
/// without one, by the NUL half of each code unit that ASCII text (all of JSON's syntax)
/// has in UTF-16. A pair of NULs means binary (or UTF-32), not UTF-16 text.
fn utf16(bytes: &[u8]) -> Option<&'static str> {
    match bytes {
        [0xFF, 0xFE, ..] => return Some("UTF-16 little-endian"),
        [0xFE, 0xFF, ..] => return Some("UTF-16 big-endian"),
        _ => {}
    }
    let units = bytes.chunks_exact(2).take(BINARY_SNIFF / 2);
    if units.clone().any(|unit| unit == [0, 0]) {
        return None;
    }
    let ascii = |b: u8| b != 0 && b.is_ascii();
    let half_zero = |zero_at: usize| {
        let zero = units.clone().filter(|unit| unit[zero_at] == 0).count();
        zero * 2 >= units.len()
    };
    match bytes {
        [first, 0, ..] if ascii(*first) && half_zero(1) => {
            Some("UTF-16 little-endian without a byte-order mark")
        }
        [0, first, ..] if ascii(*first) && half_zero(0) => {
            Some("UTF-16 big-endian without a byte-order mark")
        }
        _ => None,
    }
}

/// The strict parse of text that is valid UTF-8 without a byte-order mark.
fn parse(text: &str) -> (Option<Document>, Vec<Diagnostic>) {
    let mut diagnostics = Vec::new();
    if text.trim().is_empty() {
        let message = if text.is_empty() {
            "the file is empty"
        } else {
            "the file holds only whitespace"
        };
        diagnostics.push(
            Diagnostic::new(&empty_document::RULE, 0..text.len(), "", message)
                .with_help("a request body is one JSON object, e.g. `{\"name\": ...}`"),
        );
        return (None, diagnostics);
    }

    match reader::read(text).and_then(|read| settle_whole_floats(text, read)) {
        Some(document) => (Some(document), diagnostics),
        None => parse_with_syntax_tree(text, diagnostics),
    }
}

/// The document of a file the one pass read, with each whole float it noted told apart by
/// its literal: `10.0` or `1e1` is a fractional integer; an integer literal (`-0`, or one
/// too large for 64 bits) needs the careful path, so `None`.
fn settle_whole_floats(text: &str, read: reader::Read) -> Option<Document> {
    let mut document = Document {
        value: read.value,
        source: text.to_owned(),
        spans: OnceLock::new(),
        unrepresentable: Vec::new(),
        fractional_integers: Vec::new(),
        unknown: Vec::new(),
        accepted: Vec::new(),
    };
    for pointer in read.whole_floats {
        let span = document.spans(&pointer)?.value.clone();
        if !text.get(span)?.contains(['.', 'e', 'E']) {
            return None;
        }
        document.fractional_integers.push(pointer);
    }
    Some(document)
}

/// The careful path: the strict gate says exactly where a syntax error is; text it accepts
/// is read from the syntax tree, which gives the value, every span and the findings that
/// need positions of their own (both keys of a duplicate, an unrepresentable number).
fn parse_with_syntax_tree(
    text: &str,
    mut diagnostics: Vec<Diagnostic>,
) -> (Option<Document>, Vec<Diagnostic>) {
    // Checked here, not before the one pass: serde_json's own depth limit makes that pass
    // give up on such text, so clean files skip this scan.
    if let Some(at) = too_deep(text) {
        diagnostics.push(
            Diagnostic::new(
                &nesting_too_deep::RULE,
                at..at + 1,
                "",
                format!("arrays and objects are nested more than {MAX_DEPTH} levels deep"),
            )
            .with_label("too deep from here on")
            .with_help("no API body nests this deep; check for a generated or corrupted file"),
        );
        return (None, diagnostics);
    }

    if let Err(error) = serde_json::from_str::<serde::de::IgnoredAny>(text) {
        diagnostics.push(syntax_error(text, &error));
        return (None, diagnostics);
    }

    let root = match syntax_tree(text) {
        Ok(Some(root)) => root,
        Ok(None) => {
            diagnostics.push(Diagnostic::new(
                &empty_document::RULE,
                0..text.len(),
                "",
                "the file holds no JSON value",
            ));
            return (None, diagnostics);
        }
        Err(error) => {
            // The strict pass accepted the text, so this means the two parsers disagree.
            let range = error.range();
            diagnostics.push(
                Diagnostic::new(
                    &invalid_json::RULE,
                    range.start..range.end,
                    "",
                    error.kind().to_string(),
                )
                .with_label("here"),
            );
            return (None, diagnostics);
        }
    };

    let mut builder = Builder {
        unrepresentable: Vec::new(),
        fractional_integers: Vec::new(),
        diagnostics: &mut diagnostics,
    };
    let value = builder.build(&root, String::new());
    let document = Document {
        value,
        source: text.to_owned(),
        spans: OnceLock::new(),
        unrepresentable: builder.unrepresentable,
        fractional_integers: builder.fractional_integers,
        unknown: Vec::new(),
        accepted: Vec::new(),
    };
    (Some(document), diagnostics)
}

/// Offset of the first `[` or `{` that opens level `MAX_DEPTH + 1`, found without recursion.
fn too_deep(text: &str) -> Option<usize> {
    let mut depth = 0usize;
    let mut in_string = false;
    let mut escaped = false;
    for (i, b) in text.bytes().enumerate() {
        if in_string {
            match b {
                _ if escaped => escaped = false,
                b'\\' => escaped = true,
                b'"' => in_string = false,
                _ => {}
            }
            continue;
        }
        match b {
            b'"' => in_string = true,
            b'[' | b'{' => {
                depth += 1;
                if depth > MAX_DEPTH {
                    return Some(i);
                }
            }
            b']' | b'}' => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    None
}

/// Turns a strict-pass error into a diagnostic at the exact spot, with our own wording.
fn syntax_error(text: &str, error: &serde_json::Error) -> Diagnostic {
    let reason = error.to_string();
    let offset = floor_char_boundary(text, serde_offset(text, error, &reason));
    let reason = reason
        .split(" at line ")
        .next()
        .unwrap_or(&reason)
        .to_owned();
    let rest = &text[offset..];
    let next = rest.chars().next();
    let mut span = offset..offset + next.map_or(0, char::len_utf8);
    let mut label = "here";

    let before = text[..offset].trim_end();
    // The last character before the error (skipping white space): the comma of a trailing
    // comma, the end of the value a comma should follow.
    let last_before = before
        .chars()
        .next_back()
        .map(|c| before.len() - c.len_utf8()..before.len());
    let (message, help) = if error.is_eof() {
        (
            format!("the document ends too early: {reason}"),
            "the file looks truncated: close every open `{` and `[`".to_owned(),
        )
    } else if rest.starts_with("//") || rest.starts_with("/*") {
        (
            "comments are not allowed in JSON".to_owned(),
            "the API rejects comments: remove it (use `[[overrides]]` in the config to silence a rule for one place)".to_owned(),
        )
    } else if reason == "trailing comma"
        || (before.ends_with(',') && (rest.starts_with('}') || rest.starts_with(']')))
    {
        if let Some(comma) = last_before.filter(|_| before.ends_with(',')) {
            span = comma;
            label = "this comma";
        }
        (
            "trailing comma before the closing bracket".to_owned(),
            "the API rejects trailing commas: remove the last `,`".to_owned(),
        )
    } else if reason == "trailing characters" {
        (
            "unexpected data after the end of the document".to_owned(),
            "a body is exactly one JSON value: remove what follows it".to_owned(),
        )
    } else if let Some(end_of_value) = last_before.filter(|_| is_missing_comma(&reason, before)) {
        // serde_json stops at the next member or item; the comma belongs after the value.
        span = end_of_value;
        label = "a `,` is missing after this";
        (
            format!("missing comma: {reason}"),
            "separate members and items with `,`".to_owned(),
        )
    } else if next == Some('\'') {
        (
            "strings must use double quotes".to_owned(),
            "replace the single quotes with `\"`".to_owned(),
        )
    } else {
        (
            format!("invalid JSON: {reason}"),
            "fix the syntax at the marked spot".to_owned(),
        )
    };
    if error.is_eof() {
        label = "the text ends here";
    }
    Diagnostic::new(&invalid_json::RULE, span, "", message)
        .with_label(label)
        .with_help(help)
}

/// Whether serde_json stopped where a `,` was wanted after a complete value (not after an
/// opening bracket, a `:` or another `,`, where the mistake is something else).
fn is_missing_comma(reason: &str, before: &str) -> bool {
    (reason == "expected `,` or `}`" || reason == "expected `,` or `]`")
        && !before.ends_with(['{', '[', ':', ','])
}

/// The byte offset a serde_json error points at.
///
/// serde_json counts lines by `\n` only and columns in bytes. For most errors the column is
/// the 1-based column of the offending byte; for a control character inside a string (a
/// raw line break, a tab) it is the count of bytes before it, one less.
fn serde_offset(text: &str, error: &serde_json::Error, reason: &str) -> usize {
    let line_start = match error.line().checked_sub(2) {
        None => 0,
        Some(breaks_before) => text
            .bytes()
            .enumerate()
            .filter(|&(_, b)| b == b'\n')
            .nth(breaks_before)
            .map_or(text.len(), |(at, _)| at + 1),
    };
    let column = if reason.starts_with("control character") {
        error.column() + 1
    } else {
        error.column()
    };
    // Column 0 means "before the line's first byte".
    line_start + column.saturating_sub(1)
}

/// Builds the value from the syntax tree, with the findings that need the literal's text.
struct Builder<'d> {
    unrepresentable: Vec<String>,
    fractional_integers: Vec<String>,
    diagnostics: &'d mut Vec<Diagnostic>,
}

impl Builder<'_> {
    fn build(&mut self, node: &ast::Value, pointer: String) -> Value {
        match node {
            ast::Value::StringLit(s) => Value::String(s.value.to_string()),
            ast::Value::NumberLit(n) => self.number(n, &pointer),
            ast::Value::BooleanLit(b) => Value::Bool(b.value),
            ast::Value::NullKeyword(_) => Value::Null,
            ast::Value::Array(array) => Value::Array(
                array
                    .elements
                    .iter()
                    .enumerate()
                    .map(|(i, item)| self.build(item, pointer_join(&pointer, &i.to_string())))
                    .collect(),
            ),
            ast::Value::Object(object) => self.object(object, &pointer),
        }
    }

    fn object(&mut self, object: &ast::Object, pointer: &str) -> Value {
        let mut map = Map::new();
        let mut first_keys: HashMap<&str, Range<usize>> = HashMap::new();
        for property in &object.properties {
            let name = property.name.as_str();
            let key_range = prop_name_range(&property.name);
            let member = pointer_join(pointer, name);
            if let Some(first) = first_keys.get(name) {
                self.diagnostics.push(
                    Diagnostic::new(
                        &duplicate_key::RULE,
                        key_range.clone(),
                        member.clone(),
                        format!("`{name}` is given twice in the same object"),
                    )
                    .with_label("given again here")
                    .with_secondary(first.clone(), "first given here")
                    .with_help("keep one of them: the API would silently use only the last one"),
                );
            } else {
                first_keys.insert(name, key_range.clone());
            }
            let value = self.build(&property.value, member);
            map.insert(name.to_owned(), value);
        }
        Value::Object(map)
    }

    fn number(&mut self, literal: &ast::NumberLit, pointer: &str) -> Value {
        let text = literal.value;
        let is_integer = !text.contains(['.', 'e', 'E']);
        let number = if is_integer {
            text.parse::<i64>()
                .map(Number::from)
                .or_else(|_| text.parse::<u64>().map(Number::from))
                .ok()
        } else {
            text.parse::<f64>().ok().and_then(Number::from_f64)
        };
        if !is_integer
            && number
                .as_ref()
                .and_then(Number::as_f64)
                .is_some_and(|f| f.fract() == 0.0)
        {
            self.fractional_integers.push(pointer.to_owned());
        }
        match number {
            Some(number) => Value::Number(number),
            None => {
                let (message, help) = if is_integer {
                    (
                        format!("the integer {text} does not fit in 64 bits"),
                        "no member of the API takes integers this large; check the value",
                    )
                } else {
                    (
                        format!("the number {text} is too large to represent"),
                        "it overflows a 64-bit float; check the value",
                    )
                };
                self.diagnostics.push(
                    Diagnostic::new(
                        &number_out_of_range::RULE,
                        literal.range.start..literal.range.end,
                        pointer,
                        message,
                    )
                    .with_label("out of range")
                    .with_help(help),
                );
                self.unrepresentable.push(pointer.to_owned());
                Value::Null
            }
        }
    }
}

impl Diagnostic {
    /// Whether this is the finding that the document's kind could not be told (the CLI
    /// exits 2 for it).
    pub fn is_kind_unknown(&self) -> bool {
        std::ptr::eq(self.rule, &crate::entries::reading::unknown_kind::RULE)
    }
}

/// The finding that the document's kind could not be told (none or several candidates).
pub(crate) fn kind_not_told(document: &Document, choice: &KindChoice) -> Diagnostic {
    let (message, label, kinds) = match choice.candidates.as_slice() {
        [] => (
            format!(
                "cannot tell which kind of document this is: {}",
                choice.reason
            ),
            "kind unknown",
            DocumentKind::ALL,
        ),
        candidates => {
            let names: Vec<&str> = candidates.iter().map(|k| k.name()).collect();
            (
                format!(
                    "cannot tell which kind of document this is ({}): {}",
                    or_list(&names),
                    choice.reason
                ),
                "kind ambiguous",
                candidates,
            )
        }
    };
    let names: Vec<&str> = kinds.iter().map(|k| k.name()).collect();
    let suffixes: Vec<String> = kinds
        .iter()
        .filter_map(|k| k.suffixes().next())
        .map(|s| format!("*{s}"))
        .collect();
    let suffixes: Vec<&str> = suffixes.iter().map(String::as_str).collect();
    let help = if kinds.len() == DocumentKind::ALL.len() {
        format!(
            "pass `--kind <KIND>` (one of {}) or name the file after its kind (e.g. `*.pipe.json`, `*.alert.json`); `pipelint check --explain-kind` shows how kinds are told",
            crate::suggest::list_code(&names)
        )
    } else {
        format!(
            "pass `--kind <KIND>` (one of {}) or name the file {}",
            crate::suggest::list_code(&names),
            crate::suggest::list_code(&suffixes)
        )
    };
    Diagnostic::new(
        &crate::entries::reading::unknown_kind::RULE,
        document.object_anchor(""),
        "",
        message,
    )
    .with_label(label)
    .with_help(help)
}

/// "`a`, `b` or `c`".
fn or_list(names: &[&str]) -> String {
    match names {
        [] => String::new(),
        [one] => format!("`{one}`"),
        [init @ .., last] => format!("{} or `{last}`", crate::suggest::list_code(init)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// Value, number lists, findings and every span, as one comparable text.
    fn outcome((document, diagnostics): (Option<Document>, Vec<Diagnostic>)) -> String {
        let Some(document) = document else {
            return format!("no document: {diagnostics:?}");
        };
        let mut spans: Vec<_> = document
            .span_index()
            .entries(&document.source)
            .into_iter()
            .collect();
        spans.sort_by(|a, b| a.0.cmp(&b.0));
        format!(
            "{:?}\nunrepresentable {:?}\nfractional {:?}\n{diagnostics:?}\n{spans:?}",
            document.value, document.unrepresentable, document.fractional_integers
        )
    }

    /// The one pass (with its fall-backs) gives exactly what the syntax tree alone gives.
    /// (Blank text never reaches either: `parse` reports it first.)
    fn assert_same_as_syntax_tree(text: &str) {
        if text.trim().is_empty() {
            return;
        }
        assert_eq!(
            outcome(parse(text)),
            outcome(parse_with_syntax_tree(text, Vec::new())),
            "{text}"
        );
    }

    #[test]
    fn numbers_read_as_the_syntax_tree_reads_them() {
        for number in [
            "0",
            "-0",
            "-0.0",
            "10.0",
            "1e1",
            "1E+2",
            "0e400",
            "1e400",
            "-1e400",
            "1e-400",
            "0.1",
            "-12.5e-3",
            "18446744073709551615",
            "18446744073709551616",
            "-9223372036854775808",
            "-9223372036854775809",
            "123456789012345678901234567890",
            "1.7976931348623157e308",
            "2.2250738585072014e-308",
            "4.9e-324",
            "0.30000000000000004",
            "9007199254740993.0",
        ] {
            assert_same_as_syntax_tree(&format!(
                "{{\"a\": [{number}], \"b/~\": {{\"c\": {number}}}}}"
            ));
        }
    }

    #[test]
    fn duplicates_strings_and_nesting_read_as_the_syntax_tree_reads_them() {
        for text in [
            r#"{"a": 1, "a": 2}"#,
            r#"{"x": {"a": [1, {"b": 1, "b": {"c": 1.0}}], "a": 3}}"#,
            r#"{"s": "\u00e9\ud83d\ude00\n\"", "t": "é", "": [], "~1": {}}"#,
            r#"[[[]], {}, null, true, false, "x"]"#,
            r#"{"a": 1} x"#,
            r#"{"a": 1,}"#,
            "{\"lone\": \"\\ud800\"}",
            " \t\n{\"a\"\n:\r\n1 } \n",
        ] {
            assert_same_as_syntax_tree(text);
        }
    }

    #[test]
    fn deep_nesting_reads_as_the_syntax_tree_reads_it() {
        for depth in [127, 128, 129, 300] {
            let text = format!("{}{}", "[".repeat(depth), "]".repeat(depth));
            assert_same_as_syntax_tree(&text);
            let wrapped = format!("{{\"a\": {}1{}}}", "[".repeat(depth), "]".repeat(depth));
            assert_same_as_syntax_tree(&wrapped);
        }
        let (document, diagnostics) = parse(&format!("{}{}", "[".repeat(129), "]".repeat(129)));
        assert!(document.is_none());
        assert_eq!(diagnostics[0].rule.name, "nesting-too-deep");
    }

    #[test]
    fn a_clean_file_builds_no_span_index_until_asked() {
        let (document, diagnostics) = parse(r#"{"a": {"b": [1, 2.5, "x"]}}"#);
        let Some(document) = document else {
            panic!("did not parse: {diagnostics:?}");
        };
        assert!(diagnostics.is_empty());
        assert!(!document.has_span_index());
        assert_eq!(document.value_span("/a/b/1"), 16..19);
        assert!(document.has_span_index());
    }

    #[test]
    fn a_whole_float_is_told_apart_by_its_literal() {
        let (document, _) = parse(r#"{"a": 10.0, "b": 10, "c": 1e1, "d": [0.5]}"#);
        let fractional = document.map(|d| d.fractional_integers);
        assert_eq!(fractional, Some(vec!["/a".to_owned(), "/c".to_owned()]));
        let (document, diagnostics) = parse(r#"{"big": 18446744073709551616}"#);
        assert_eq!(
            document.map(|d| d.unrepresentable),
            Some(vec!["/big".to_owned()])
        );
        assert_eq!(diagnostics.len(), 1);
    }

    proptest! {
        #[test]
        fn any_number_literal_reads_as_the_syntax_tree_reads_it(
            number in r"-?(0|[1-9][0-9]{0,24})(\.[0-9]{1,24})?([eE][+-]?[0-9]{1,3})?"
        ) {
            assert_same_as_syntax_tree(&format!("{{\"n\": {number}}}"));
        }

        #[test]
        fn any_small_document_reads_as_the_syntax_tree_reads_it(
            text in r#"[\[\]{}",:0-9a-c.eE\- \\u~/]{0,40}"#
        ) {
            assert_same_as_syntax_tree(&text);
        }
    }
}
