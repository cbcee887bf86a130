//! Fixes that edit the structure of a document: removing a member, renaming a key.

use serde_json::Value;

use crate::diagnostic::Fix;
use crate::rule::{Context, pointer_split};

/// A fix that removes the member at `pointer` together with the comma that separates it
/// from its neighbour, so the object stays valid JSON.
pub fn remove_member(cx: &Context, pointer: &str) -> Fix {
    let name = pointer_split(pointer).map(|(_, t)| t).unwrap_or_default();
    let member = cx.member_span(pointer);
    let bytes = cx.text.as_bytes();
    let skip_ws = |mut i: usize| {
        while i < bytes.len() && bytes[i].is_ascii_whitespace() {
            i += 1;
        }
        i
    };
    let after = skip_ws(member.end);
    let span = if bytes.get(after) == Some(&b',') {
        // `"a": 1, "b": 2` -> `"b": 2`: up to the next member.
        member.start..skip_ws(after + 1)
    } else {
        // The last member: take the comma before it.
        let mut before = member.start;
        while before > 0 && bytes[before - 1].is_ascii_whitespace() {
            before -= 1;
        }
        if before > 0 && bytes[before - 1] == b',' {
            before - 1..member.end
        } else {
            member
        }
    };
    Fix {
        title: format!("Remove `{name}`"),
        span,
        replacement: String::new(),
    }
}

/// A fix that renames the key of the member at `pointer`.
pub fn rename_key(cx: &Context, pointer: &str, to: &str) -> Fix {
    Fix {
        title: format!("Rename to `{to}`"),
        span: cx.key_span(pointer),
        replacement: Value::String(to.to_owned()).to_string(),
    }
}

/// A fix that replaces the value at `pointer` with `value` (as JSON).
pub fn replace_value(cx: &Context, pointer: &str, value: &Value, title: String) -> Fix {
    Fix {
        title,
        span: cx.value_span(pointer),
        replacement: value.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::document::load;
    use crate::kind::DocumentKind;

    fn apply(text: &str, pointer: &str) -> String {
        let document = load(text.as_bytes())
            .document
            .unwrap_or_else(|| panic!("{text}"));
        let cx = Context {
            document: &document,
            text,
            kind: DocumentKind::StackAlert,
            pipe: None,
        };
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
