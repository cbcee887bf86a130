//! Fixes that edit the structure of a document: removing a member, renaming a key.

use std::ops::Range;

use serde_json::Value;

use crate::diagnostic::Fix;
use crate::pointer::pointer_split;
use crate::rule::Context;

/// A fix that removes the member at `pointer` together with one comma next to it, so the
/// object stays valid JSON.
pub fn remove_member(cx: &Context, pointer: &str) -> Fix {
    let name = pointer_split(pointer).map(|(_, t)| t).unwrap_or_default();
    Fix {
        title: format!("Remove `{name}`"),
        span: removal_span(cx, pointer),
        replacement: String::new(),
        applicability: crate::Applicability::Safe,
    }
}

/// The span that removes the member at `pointer` and one comma next to it, so that the
/// object stays valid JSON (strict JSON has no comments to keep).
pub fn removal_span(cx: &Context, pointer: &str) -> Range<usize> {
    let member = cx.member_span(pointer);
    let bytes = cx.text.as_bytes();
    let mut before = member.start;
    while before > 0 && bytes[before - 1].is_ascii_whitespace() {
        before -= 1;
    }
    if before > 0 && bytes[before - 1] == b',' {
        return before - 1..member.end;
    }
    let mut after = member.end;
    while after < bytes.len() && bytes[after].is_ascii_whitespace() {
        after += 1;
    }
    if after < bytes.len() && bytes[after] == b',' {
        after += 1;
        while after < bytes.len() && bytes[after].is_ascii_whitespace() {
            after += 1;
        }
        return member.start..after;
    }
    // The only member: leave `{}`.
    before..after
}

/// A fix that renames the key of the member at `pointer`.
pub fn rename_key(cx: &Context, pointer: &str, to: &str) -> Fix {
    Fix {
        title: format!("Rename to `{to}`"),
        span: cx.key_span(pointer),
        replacement: Value::String(to.to_owned()).to_string(),
        applicability: crate::Applicability::Safe,
    }
}

/// A fix that replaces the value at `pointer` with the string `text`.
pub fn replace_string(cx: &Context, pointer: &str, title: String, text: String) -> Fix {
    replace_value(cx, pointer, &Value::String(text), title)
}

/// A fix that writes the string `text` as the value at `pointer` (the corrected form of
/// what is there), titled "Write `text`".
pub(crate) fn write_corrected(cx: &Context, pointer: &str, text: String) -> Fix {
    replace_string(cx, pointer, format!("Write `{text}`"), text)
}

/// A fix that replaces the string `written` at `pointer` with `meant`, the closest known
/// value: safe when only the spelling differs (case, separators), unsafe when it is a guess.
pub fn replace_with_guess(cx: &Context, pointer: &str, written: &str, meant: &str) -> Fix {
    replace_string(
        cx,
        pointer,
        format!("Replace with `{meant}`"),
        meant.to_owned(),
    )
    .with_applicability(crate::suggest::applicability(written, meant))
}

/// A fix that replaces the value at `pointer` with `value` (as JSON).
pub fn replace_value(cx: &Context, pointer: &str, value: &Value, title: String) -> Fix {
    Fix {
        title,
        span: cx.value_span(pointer),
        replacement: value.to_string(),
        applicability: crate::Applicability::Safe,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kind::DocumentKind;
    use crate::load;

    fn apply(text: &str, pointer: &str) -> String {
        let document = load(text.as_bytes())
            .document
            .unwrap_or_else(|| panic!("{text}"));
        let cx = Context::new(
            &document,
            text,
            DocumentKind::StackAlert,
            None,
            Default::default(),
        );
        let fix = remove_member(&cx, pointer);
        let mut out = text.to_owned();
        out.replace_range(fix.span, &fix.replacement);
        out
    }

    #[test]
    fn removes_a_member_and_its_comma() {
        let text = "{\n  \"a\": 1,\n  \"b\": [2],\n  \"c\": 3\n}";
        assert_eq!(apply(text, "/a"), "{\n  \"b\": [2],\n  \"c\": 3\n}");
        assert_eq!(apply(text, "/b"), "{\n  \"a\": 1,\n  \"c\": 3\n}");
        assert_eq!(apply(text, "/c"), "{\n  \"a\": 1,\n  \"b\": [2]\n}");
        for pointer in ["/a", "/b", "/c"] {
            let out = apply(text, pointer);
            assert!(serde_json::from_str::<Value>(&out).is_ok(), "{out}");
        }
        assert_eq!(apply("{\"only\": 1}", "/only"), "{}");
    }
}
