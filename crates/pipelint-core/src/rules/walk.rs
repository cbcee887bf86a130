//! One walk over every value of a document, for the rules that look everywhere (secrets,
//! documentation placeholders). The walk keeps a path of steps; a rule builds the pointer
//! string (`path_pointer`) only for a finding, so clean files build no pointer strings.

use serde_json::Value;

use crate::pointer::Step;

/// The path of a value: member names and item indexes from the root.
pub(crate) type Path<'v> = [Step<&'v str>];

/// Whether the walk goes on into a value's members or items.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Walk {
    Descend,
    /// The rule is done with this value (it reported it, say): its contents are skipped.
    Skip,
}

/// Calls `visit` on `root` and every value inside it, depth first in document order, each
/// before its contents.
pub(crate) fn walk<'v, F>(root: &'v Value, visit: &mut F)
where
    F: FnMut(&'v Value, &Path<'v>) -> Walk,
{
    walk_at(root, &mut Vec::new(), visit);
}

fn walk_at<'v, F>(value: &'v Value, path: &mut Vec<Step<&'v str>>, visit: &mut F)
where
    F: FnMut(&'v Value, &Path<'v>) -> Walk,
{
    if visit(value, path) == Walk::Skip {
        return;
    }
    match value {
        Value::Object(members) => {
            for (name, member) in members {
                path.push(Step::Member(name));
                walk_at(member, path, visit);
                path.pop();
            }
        }
        Value::Array(items) => {
            for (index, item) in items.iter().enumerate() {
                path.push(Step::Item(index));
                walk_at(item, path, visit);
                path.pop();
            }
        }
        _ => {}
    }
}

/// The name of the member a value is, `None` for the root and array items.
pub(crate) fn member_name<'v>(path: &Path<'v>) -> Option<&'v str> {
    match path.last()? {
        Step::Member(name) => Some(name),
        Step::Item(_) => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pointer::path_pointer;

    #[test]
    fn visits_in_document_order_and_skips_what_it_is_told() {
        let value: Value =
            serde_json::from_str(r#"{"a": {"b": [1, {"c": 2}], "s": {"hidden": 1}}, "d/e": null}"#)
                .unwrap();
        let mut seen = Vec::new();
        walk(&value, &mut |_, path| {
            seen.push(path_pointer(path));
            if member_name(path) == Some("s") {
                Walk::Skip
            } else {
                Walk::Descend
            }
        });
        assert_eq!(
            seen,
            [
                "", "/a", "/a/b", "/a/b/0", "/a/b/1", "/a/b/1/c", "/a/s", "/d~1e"
            ]
        );
    }
}
