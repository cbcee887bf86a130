//! JSON pointers (RFC 6901): resolving one in a value, and building and splitting them
//! token by token. Pointers name every finding, so these are shared by the loader, the
//! schema check, the rules and the settings.

use serde_json::Value;

/// The value at an RFC 6901 pointer, as `Value::pointer` finds it, without allocating: a
/// token is unescaped into a new string only when it has a `~`.
pub(crate) fn resolve<'v>(value: &'v Value, pointer: &str) -> Option<&'v Value> {
    if pointer.is_empty() {
        return Some(value);
    }
    let mut value = value;
    let mut rest = pointer.strip_prefix('/')?;
    loop {
        // Tokens are a few bytes long: one plain loop finds the next `/` and any `~` for
        // less than the memchr-based searches of `split` and `contains` (rules resolve
        // pointers hundreds of times per document).
        let bytes = rest.as_bytes();
        let (mut end, mut escaped) = (0, false);
        while end < bytes.len() && bytes[end] != b'/' {
            escaped |= bytes[end] == b'~';
            end += 1;
        }
        let token = &rest[..end];
        let unescaped;
        let token = if escaped {
            unescaped = unescape(token);
            unescaped.as_str()
        } else {
            token
        };
        value = match value {
            Value::Object(map) => map.get(token)?,
            Value::Array(items) => items.get(array_index(token)?)?,
            _ => return None,
        };
        if end == rest.len() {
            return Some(value);
        }
        rest = &rest[end + 1..];
    }
}

/// An array index token: digits without a leading zero (or a `+`), as RFC 6901 has them.
pub(crate) fn array_index(token: &str) -> Option<usize> {
    if token.starts_with('+') || (token.starts_with('0') && token.len() != 1) {
        return None;
    }
    token.parse().ok()
}

/// Appends one escaped reference token to a JSON pointer.
pub fn pointer_join(base: &str, token: &str) -> String {
    let mut out = String::with_capacity(base.len() + token.len() + 1);
    out.push_str(base);
    out.push('/');
    for c in token.chars() {
        match c {
            '~' => out.push_str("~0"),
            '/' => out.push_str("~1"),
            c => out.push(c),
        }
    }
    out
}

/// One step of a path from the root: a member name or an item index. Walks keep a path of
/// steps and build the pointer string only for a finding.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Step<S> {
    Member(S),
    Item(usize),
}

/// The pointer of a path of steps.
pub(crate) fn path_pointer<S: AsRef<str>>(path: &[Step<S>]) -> String {
    path.iter().fold(String::new(), |pointer, step| match step {
        Step::Member(name) => pointer_join(&pointer, name.as_ref()),
        Step::Item(index) => pointer_join(&pointer, &index.to_string()),
    })
}

/// The parent pointer and the unescaped last token (`None` for the root).
pub(crate) fn pointer_split(pointer: &str) -> Option<(&str, String)> {
    let cut = pointer.rfind('/')?;
    Some((&pointer[..cut], unescape(&pointer[cut + 1..])))
}

/// The unescaped tokens of a pointer.
pub(crate) fn pointer_tokens(pointer: &str) -> impl Iterator<Item = String> + '_ {
    pointer.split('/').skip(1).map(unescape)
}

/// One reference token without its `~1` and `~0` escapes (most tokens have none).
pub(crate) fn unescape(token: &str) -> String {
    if token.contains('~') {
        token.replace("~1", "/").replace("~0", "~")
    } else {
        token.to_owned()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_build_escaped_pointers() {
        let path = [Step::Member("a/b"), Step::Item(3), Step::Member("c~d")];
        assert_eq!(path_pointer(&path), "/a~1b/3/c~0d");
        assert_eq!(path_pointer::<&str>(&[]), "");
        assert_eq!(
            pointer_split("/a~1b/3/c~0d"),
            Some(("/a~1b/3", "c~d".to_owned()))
        );
        let tokens: Vec<String> = pointer_tokens("/a~1b/3").collect();
        assert_eq!(tokens, ["a/b", "3"]);
    }

    #[test]
    fn resolve_finds_what_value_pointer_finds() {
        let value = serde_json::json!({
            "a": {"b/c": [10, {"d~e": true}], "": {"": 1}, "0": "zero"},
            "list": [[0], [1, 2]]
        });
        for pointer in [
            "",
            "/",
            "/a",
            "/a/b~1c",
            "/a/b~1c/0",
            "/a/b~1c/1/d~0e",
            "/a/b~1c/01",
            "/a/b~1c/+1",
            "/a/b~1c/2",
            "/a/b~1c/-1",
            "/a//",
            "/a/0",
            "/list/1/1",
            "/list/1/1/x",
            "a",
            "/a~",
            "/a/b~01c",
            "/list/18446744073709551616",
        ] {
            assert_eq!(
                resolve(&value, pointer),
                value.pointer(pointer),
                "{pointer:?}"
            );
        }
    }
}
