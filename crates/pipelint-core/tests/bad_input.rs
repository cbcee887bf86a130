//! The bad-input table of the user guide (`docs/bad-input.md`), for the inputs the core sees: each gets a clear
//! diagnostic at a position, never a panic.

use pipelint_core::{DocumentKind, LintOptions, LintResult, lint};

fn lint_as_create(bytes: &[u8]) -> LintResult {
    lint(bytes, &LintOptions::new().kind(DocumentKind::CreatePipe))
}

/// Asserts a finding of `rule` at the 1-based line and column whose message says `message_part`.
fn expect(bytes: &[u8], rule: &str, line: usize, column: usize, message_part: &str) {
    let result = lint_as_create(bytes);
    let index = pipelint_core::LineIndex::new(&result.text);
    let found = result.diagnostics.iter().find(|d| d.name() == rule);
    let Some(d) = found else {
        panic!("no `{rule}` in {:#?}", result.diagnostics);
    };
    let at = index.line_col(&result.text, d.primary.span.start);
    assert_eq!(
        (at.line, at.column),
        (line, column),
        "{rule}: {}",
        d.message
    );
    assert!(
        d.message.contains(message_part),
        "`{}` lacks `{message_part}`",
        d.message
    );
}

#[test]
fn empty_and_whitespace_files() {
    expect(b"", "empty-document", 1, 1, "empty");
    expect(b"  \n\t\n", "empty-document", 1, 1, "only whitespace");
}

#[test]
fn encodings() {
    expect(
        b"{\"name\": \"caf\xe9\"}",
        "invalid-utf8",
        1,
        14,
        "byte 0xE9 at offset 13",
    );
    expect(
        b"\xff\xfe{\x00}\x00",
        "invalid-utf8",
        1,
        1,
        "UTF-16 little-endian",
    );
    expect(b"\x00\x01\x02binary", "invalid-utf8", 1, 1, "binary file");
    let bom = lint_as_create(b"\xef\xbb\xbf{\"name\": \"x\"}");
    assert_eq!(bom.diagnostics[0].name(), "byte-order-mark");
    assert!(
        bom.diagnostics.iter().any(|d| d.name() == "missing-field"),
        "the rest is still checked"
    );
}

#[test]
fn top_level_array_or_scalar() {
    expect(b"[1, 2]", "wrong-type", 1, 1, "must be an object");
    expect(b"42", "wrong-type", 1, 1, "must be an object");
    let detected = lint(b"[1, 2]", &LintOptions::default());
    assert_eq!(detected.diagnostics[0].name(), "unknown-kind");
    assert!(detected.diagnostics[0].message.contains("an array"));
}

#[test]
fn syntax_errors() {
    expect(
        b"{\"name\": \"x\",\n \"source\": {",
        "invalid-json",
        2,
        12,
        "ends too early",
    );
    expect(
        b"{\"name\": \"x\"} {}",
        "invalid-json",
        1,
        15,
        "after the end of the document",
    );
    expect(
        b"{\"name\": \"x\",\n // note\n \"source\": {}}",
        "invalid-json",
        2,
        2,
        "comments are not allowed",
    );
    expect(b"{'name': 'x'}", "invalid-json", 1, 2, "double quotes");
}

#[test]
fn a_trailing_comma_is_reported_at_the_comma() {
    expect(
        b"{\"name\": \"x\",}",
        "invalid-json",
        1,
        13,
        "trailing comma",
    );
    // Across lines and in an array: the comma, not the closing bracket on the next line.
    expect(
        b"{\"name\": \"x\",\n \"tags\": [1, 2 ,\n ]\n}",
        "invalid-json",
        2,
        16,
        "trailing comma",
    );
}

#[test]
fn a_missing_comma_is_reported_at_the_end_of_the_previous_value() {
    // serde_json stops at `"source"` on line 3; the comma belongs after `"x"` on line 2.
    expect(
        b"{\n  \"name\": \"x\"\n  \"source\": {}\n}",
        "invalid-json",
        2,
        13,
        "missing comma",
    );
    expect(
        b"{\"name\": \"x\", \"tags\": [\"a\" \"b\"]}",
        "invalid-json",
        1,
        26,
        "missing comma",
    );
    // After an object value, and with a multi-byte character just before the gap.
    expect(
        "{\"source\": {\"name\": \"caf\u{e9}\"}\n\"name\": \"x\"}".as_bytes(),
        "invalid-json",
        1,
        27,
        "missing comma",
    );
}

#[test]
fn duplicate_keys_at_any_depth() {
    expect(
        b"{\"a\": {\"b\": {\"c\": 1, \"c\": 2}}}",
        "duplicate-key",
        1,
        22,
        "`c` is given twice",
    );
}

#[test]
fn nesting_ten_thousand_deep() {
    let deep = format!("{{\"name\": {}{}}}", "[".repeat(10_000), "]".repeat(10_000));
    expect(
        deep.as_bytes(),
        "nesting-too-deep",
        1,
        137,
        "more than 128 levels",
    );
}

#[test]
fn numbers() {
    expect(
        b"{\"scaling\": {\"replicas\": 1e400}}",
        "number-out-of-range",
        1,
        26,
        "too large",
    );
    expect(
        b"{\"scaling\": {\"replicas\": 18446744073709551616}}",
        "number-out-of-range",
        1,
        26,
        "64 bits",
    );
    let fraction = lint_as_create(b"{\"scaling\": {\"replicas\": 10.0}}");
    let finding = fraction
        .diagnostics
        .iter()
        .find(|d| d.pointer == "/scaling/replicas");
    assert!(finding.is_some_and(
        |d| d.name() == "wrong-type" && d.fix.as_ref().is_some_and(|f| f.replacement == "10")
    ));
    // A patch whose only member is out of range is not also "empty".
    let patch = lint(
        b"{\"replicas\": 18446744073709551616}",
        &LintOptions::default(),
    );
    let names: Vec<&str> = patch.diagnostics.iter().map(|d| d.name()).collect();
    assert_eq!(names, ["number-out-of-range"]);
    // `-0` is zero: below the minimum of replicas, nothing more.
    let zero = lint_as_create(b"{\"scaling\": {\"replicas\": -0}}");
    assert!(
        zero.diagnostics
            .iter()
            .any(|d| d.pointer == "/scaling/replicas" && d.name() == "out-of-range")
    );
}

#[test]
fn very_long_strings_are_checked() {
    let long = format!(
        "{{\"name\": \"{}\", \"scaling\": {{\"replicas\": 41}}}}",
        "n".repeat(1_000_000)
    );
    let result = lint_as_create(long.as_bytes());
    assert!(
        result
            .diagnostics
            .iter()
            .any(|d| d.name() == "out-of-range")
    );
}

#[test]
fn a_control_character_in_a_string_is_reported_at_its_own_column() {
    // serde_json's column for this error is one less than for the others.
    expect(
        b"{\"name\": \"ab\x01c\"}",
        "invalid-json",
        1,
        13,
        "control character",
    );
    expect(
        b"{\"name\":\n  \"a\tb\"}",
        "invalid-json",
        2,
        5,
        "control character",
    );
    // A raw line break is the last character of its line.
    expect(
        b"{\"x\": 1,\n \"name\": \"ab\ncd\"}",
        "invalid-json",
        2,
        13,
        "control character",
    );
    let result = lint_as_create(b"{\"name\": \"ab\ncd\"}");
    let span = &result.diagnostics[0].primary.span;
    assert_eq!(&result.text[span.clone()], "\n");
}

/// The UTF-16 encoding of ASCII text, low byte first or high byte first.
fn utf16(text: &str, little_endian: bool) -> Vec<u8> {
    text.encode_utf16()
        .flat_map(|unit| {
            if little_endian {
                unit.to_le_bytes()
            } else {
                unit.to_be_bytes()
            }
        })
        .collect()
}

#[test]
fn utf16_without_a_byte_order_mark_is_recognised_and_never_shown() {
    let body = "{\n  \"name\": \"orders\",\n  \"password\": \"Xk9#pQ2!vR7m\"\n}\n";
    for (little_endian, order) in [(true, "little-endian"), (false, "big-endian")] {
        let bytes = utf16(body, little_endian);
        let result = lint_as_create(&bytes);
        let [finding] = result.diagnostics.as_slice() else {
            panic!("one finding expected: {:#?}", result.diagnostics);
        };
        assert_eq!(finding.name(), "invalid-utf8");
        assert!(
            finding
                .message
                .contains(&format!("UTF-16 {order} without a byte-order mark")),
            "{}",
            finding.message
        );
        // No frame can show what is not in the text.
        assert_eq!(result.text, "");
        assert_eq!(finding.primary.span, 0..0);
    }
}

#[test]
fn utf16_with_a_byte_order_mark_and_binary_files_are_never_shown() {
    let mut with_mark = vec![0xFF, 0xFE];
    with_mark.extend(utf16("{\"password\": \"Xk9#pQ2!vR7m\"}", true));
    let utf32: Vec<u8> = "{\"password\": \"Xk9#pQ2!vR7m\"}"
        .chars()
        .flat_map(|c| u32::from(c).to_le_bytes())
        .collect();
    let nul_in_json = b"{\"password\": \"Xk9#pQ2!vR7m\",\x00 \"name\": \"x\"}".to_vec();
    for (bytes, message) in [
        (with_mark, "UTF-16 little-endian, not UTF-8"),
        (utf32, "binary file"),
        (
            nul_in_json,
            "binary file, not JSON text (a NUL byte at offset 28)",
        ),
    ] {
        let result = lint_as_create(&bytes);
        let [finding] = result.diagnostics.as_slice() else {
            panic!("one finding expected: {:#?}", result.diagnostics);
        };
        assert!(finding.message.contains(message), "{}", finding.message);
        assert_eq!(result.text, "");
        assert_eq!(finding.primary.span, 0..0);
    }
}

#[test]
fn ascii_text_with_nul_free_pairs_is_not_taken_for_utf16() {
    // Every other byte is a letter, none is NUL: plain UTF-8.
    let result = lint_as_create(b"{\"name\": \"orders\"}");
    assert!(
        result
            .diagnostics
            .iter()
            .all(|d| d.name() != "invalid-utf8")
    );
}

#[test]
fn a_byte_order_mark_adds_no_column_on_line_one() {
    let plain = lint_as_create(b"{\"name\": 1, \"scaling\": {\"replicas\": 41}}");
    let marked = lint_as_create(b"\xef\xbb\xbf{\"name\": 1, \"scaling\": {\"replicas\": 41}}");
    let positions = |result: &LintResult| {
        let index = pipelint_core::LineIndex::new(&result.text);
        result
            .diagnostics
            .iter()
            .filter(|d| d.name() != "byte-order-mark")
            .map(|d| {
                let at = index.line_col(&result.text, d.primary.span.start);
                (d.name(), at.line, at.column)
            })
            .collect::<Vec<_>>()
    };
    assert!(positions(&plain).contains(&("wrong-type", 1, 10)));
    assert_eq!(positions(&marked), positions(&plain));
    // The mark is still reported, at the start.
    expect(
        b"\xef\xbb\xbf{\"name\": 1}",
        "byte-order-mark",
        1,
        1,
        "byte-order mark",
    );
}

#[test]
fn a_lone_carriage_return_ends_a_line() {
    expect(
        b"{\r  \"name\": 1,\r\n  \"scaling\": {\"replicas\": 41}\r}",
        "out-of-range",
        3,
        27,
        "",
    );
    expect(b"{\r  \"name\": 1\r}", "wrong-type", 2, 11, "");
}

#[test]
fn a_duplicate_key_is_reported_whatever_its_value() {
    for (body, value_finding) in [
        (&b"{\"name\": \"a\", \"name\": 1}"[..], "wrong-type"),
        (
            b"{\"scaling\": {\"replicas\": 2, \"replicas\": 1e400}}",
            "number-out-of-range",
        ),
        (
            b"{\"scaling\": {\"replicas\": 2, \"replicas\": 41}}",
            "out-of-range",
        ),
    ] {
        let result = lint_as_create(body);
        let names: Vec<&str> = result.diagnostics.iter().map(|d| d.name()).collect();
        assert!(names.contains(&"duplicate-key"), "{names:?}");
        assert!(names.contains(&value_finding), "{names:?}");
    }
}
