//! The one table of what changed between API versions (`shared` spec: api-profiles.md): every
//! enum value, member, bound and required member that a version added or removed, with the
//! first version that has it. The schemas accept the union of all versions; the rules of the
//! `profile` group, the did-you-mean candidates, the rule pages and `pipelint profiles` read
//! this table to tell what the profile in force accepts.

use serde_json::Value;

use super::profile::{Profile, Version};
use crate::kind::DocumentKind;
use crate::pointer::{Step, path_pointer, pointer_join};

mod create_pipe;
mod records;
mod stack;

/// One difference between versions.
#[derive(Debug)]
#[non_exhaustive]
pub struct Change {
    /// The kinds it concerns (all on one axis).
    pub kinds: &'static [DocumentKind],
    /// Where: JSON pointer patterns in which `*` stands for any member name or array index.
    /// For [`What::Member`] and [`What::Required`] the last token names the member.
    pub at: &'static [&'static str],
    /// What changed there.
    pub what: What,
    /// The first version that accepts it.
    pub since: Version,
    /// The first version that no longer accepts it, if one removed it.
    pub until: Option<Version>,
    /// Why it needs more than the version: a private preview or a feature flag, even on the
    /// newest version (`preview-feature` reports it).
    pub preview: Option<&'static str>,
    /// What to use on an older server instead, for the help of `needs-newer-api`.
    pub instead: Option<&'static str>,
    /// The row of the differences table in api-profiles.md (0: a member the contract omits).
    pub row: u8,
}

/// What a [`Change`] is about.
#[derive(Clone, Copy, Debug, PartialEq)]
#[non_exhaustive]
pub enum What {
    /// The string value at `at`.
    Value(&'static str),
    /// The string value at `at` while another member of the same object has a given value:
    /// a pairing that a version allows or forbids (Kafka `gcmk` with `PLAIN`). The value
    /// itself stays in the enum of every version.
    ValueWith {
        /// The value at `at`.
        value: &'static str,
        /// The other member of the same object.
        member: &'static str,
        /// Its value.
        is: &'static str,
    },
    /// The member at `at` being present (a newer member, or a newer source kind).
    Member,
    /// A number at `at` above `from` (the maximum before `since`) and at most `to` (the
    /// maximum since): larger numbers no version accepts, which the schema reports.
    Raised {
        /// The maximum before `since`.
        from: f64,
        /// The maximum from `since` on.
        to: f64,
    },
    /// The member at `at` being absent from its (present) parent: required from `since`.
    Required,
    /// The whole document: a kind the older versions do not have.
    Document,
}

/// Every change, in the order of the differences table.
pub fn all() -> impl Iterator<Item = &'static Change> {
    create_pipe::CHANGES
        .iter()
        .chain(records::CHANGES)
        .chain(stack::CHANGES)
}

/// The changes that concern a kind.
pub fn of_kind(kind: DocumentKind) -> impl Iterator<Item = &'static Change> {
    all().filter(move |c| c.kinds.contains(&kind))
}

impl Change {
    /// A change that adds `what` at `at` from `since`, with no removal, preview or hint
    /// (the table's rows set those with struct update syntax).
    pub(crate) const fn added(
        kinds: &'static [DocumentKind],
        at: &'static [&'static str],
        what: What,
        since: Version,
        row: u8,
    ) -> Change {
        Change {
            kinds,
            at,
            what,
            since,
            until: None,
            preview: None,
            instead: None,
            row,
        }
    }

    /// Whether the profile accepts what the change added (or still has what it removes).
    pub fn accepted_by(&self, profile: &Profile) -> bool {
        profile.accepts(self.since, self.until)
    }

    /// The pointers in `root` where this change applies, built only for a match.
    pub fn matches(&self, root: &Value) -> Vec<String> {
        let mut found = Vec::new();
        for pattern in self.at {
            match self.what {
                What::Document => found.push(String::new()),
                What::Required => {
                    if let Some((parent, member)) = pattern.rsplit_once('/') {
                        walk(root, parent, &mut Vec::new(), &mut |path, value| {
                            if value.as_object().is_some_and(|o| !o.contains_key(member)) {
                                found.push(pointer_join(&path_pointer(path), member));
                            }
                        });
                    }
                }
                // A pattern without `*` (or escapes) is one place: found as the rules find
                // a member, and the pointer is the pattern itself.
                _ if !pattern.contains(['*', '~']) => {
                    if let Some(value) = crate::pointer::resolve(root, pattern)
                        && self.value_hit(value)
                        && self.pairing_hit(root, pattern)
                    {
                        found.push((*pattern).to_owned());
                    }
                }
                _ => walk(root, pattern, &mut Vec::new(), &mut |path, value| {
                    if self.value_hit(value) {
                        let pointer = path_pointer(path);
                        if self.pairing_hit(root, &pointer) {
                            found.push(pointer);
                        }
                    }
                }),
            }
        }
        found
    }

    /// Whether a value at a place the pattern leads to is what the change is about.
    fn value_hit(&self, value: &Value) -> bool {
        match self.what {
            What::Value(expected)
            | What::ValueWith {
                value: expected, ..
            } => value.as_str() == Some(expected),
            What::Member => true,
            What::Raised { from, to } => value.as_f64().is_some_and(|n| n > from && n <= to),
            What::Required | What::Document => false,
        }
    }

    /// For a pairing, whether the other member of the object holding `pointer` has its value.
    fn pairing_hit(&self, root: &Value, pointer: &str) -> bool {
        match self.what {
            What::ValueWith { member, is, .. } => {
                sibling(root, pointer, member).and_then(Value::as_str) == Some(is)
            }
            _ => true,
        }
    }

    /// Whether the value at `pointer` of a document of `kind` is what this change is about,
    /// judged by place and value alone (for enum lists and did-you-mean candidates).
    pub fn is_value_at(&self, kind: DocumentKind, pointer: &str, value: &str) -> bool {
        self.kinds.contains(&kind)
            && matches!(self.what, What::Value(v) if v == value)
            && self
                .at
                .iter()
                .any(|pattern| pattern_matches(pattern, pointer))
    }
}

/// The member `name` of the object that holds the value at `pointer`.
fn sibling<'a>(root: &'a Value, pointer: &str, name: &str) -> Option<&'a Value> {
    let (parent, _) = crate::pointer::pointer_split(pointer)?;
    root.pointer(parent)?.get(name)
}

/// Whether a concrete pointer matches a pattern (`*` matches one token).
pub fn pattern_matches(pattern: &str, pointer: &str) -> bool {
    let mut pattern = pattern.split('/');
    let mut pointer = pointer.split('/');
    loop {
        match (pattern.next(), pointer.next()) {
            (None, None) => return true,
            (Some(p), Some(t)) if p == "*" || p == t => {}
            _ => return false,
        }
    }
}

/// Calls `found` with the path and value of every place the pattern (`/a/*/b`) leads to.
/// The path is a list of steps; a pointer string is made only for a match.
fn walk<'a>(
    value: &'a Value,
    pattern: &'a str,
    path: &mut Vec<Step<&'a str>>,
    found: &mut impl FnMut(&[Step<&'a str>], &'a Value),
) {
    // The pattern is read a token at a time, never split into a list.
    let Some(tokens) = pattern.strip_prefix('/') else {
        found(path, value);
        return;
    };
    let (first, rest) = tokens
        .find('/')
        .map_or((tokens, ""), |end| (&tokens[..end], &tokens[end..]));
    let mut descend = |step: Step<&'a str>, child: &'a Value, path: &mut Vec<Step<&'a str>>| {
        path.push(step);
        walk(child, rest, path, found);
        path.pop();
    };
    match (value, first) {
        (Value::Object(members), "*") => {
            for (key, child) in members {
                descend(Step::Member(key), child, path);
            }
        }
        (Value::Array(items), "*") => {
            for (i, child) in items.iter().enumerate() {
                descend(Step::Item(i), child, path);
            }
        }
        (Value::Object(members), name) => {
            if let Some(child) = members.get(name) {
                descend(Step::Member(name), child, path);
            }
        }
        (Value::Array(items), index) => {
            if let Some(child) = index.parse::<usize>().ok().and_then(|i| items.get(i)) {
                descend(Step::Member(index), child, path);
            }
        }
        _ => {}
    }
}

/// Whether the profile accepts `value` at `pointer` of a `kind` document: `false` only when
/// the table says a version added or removed it and the profile is not among those that
/// accept it. Values the table does not mention are left to the schema.
pub fn value_accepted(kind: DocumentKind, pointer: &str, value: &str, profile: &Profile) -> bool {
    of_kind(kind)
        .filter(|c| c.is_value_at(kind, pointer, value))
        .all(|c| c.accepted_by(profile))
}

/// The maximum before a raise the profile does not reach yet, for a number at `pointer` of a
/// `kind` document: what an out-of-range finding names under an older profile.
pub fn older_maximum(kind: DocumentKind, pointer: &str, profile: &Profile) -> Option<f64> {
    of_kind(kind)
        .filter(|c| !profile.reaches(c.since))
        .filter(|c| c.at.iter().any(|pattern| pattern_matches(pattern, pointer)))
        .find_map(|c| match c.what {
            What::Raised { from, .. } => Some(from),
            _ => None,
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::profile::Axis;

    #[test]
    fn every_change_is_on_the_axis_of_its_kinds() {
        for change in all() {
            for kind in change.kinds {
                assert_eq!(Axis::of(*kind), change.since.axis(), "{change:?}");
            }
            if let Some(until) = change.until {
                assert_eq!(until.axis(), change.since.axis(), "{change:?}");
            }
            assert!(!change.at.is_empty(), "{change:?}");
            for pattern in change.at {
                assert!(pattern.is_empty() || pattern.starts_with('/'), "{change:?}");
            }
        }
    }

    #[test]
    fn patterns_match_any_token_at_a_star() {
        assert!(pattern_matches(
            "/tiles/*/config/displayType",
            "/tiles/3/config/displayType"
        ));
        assert!(!pattern_matches(
            "/tiles/*/config/displayType",
            "/tiles/3/config"
        ));
        assert!(!pattern_matches("/a/*", "/a/b/c"));
    }

    #[test]
    fn matches_finds_values_members_bounds_and_missing_members() {
        let doc: Value = serde_json::from_str(
            r#"{"tiles": [{"config": {"displayType": "bar"}}, {"config": {"displayType": "line"}}], "replicas": 25}"#,
        )
        .unwrap();
        let change = |what, at| Change {
            kinds: &[DocumentKind::Dashboard],
            at,
            what,
            since: Version::Stack(crate::api::profile::StackVersion::V2_30),
            until: None,
            preview: None,
            instead: None,
            row: 0,
        };
        assert_eq!(
            change(What::Value("bar"), &["/tiles/*/config/displayType"]).matches(&doc),
            ["/tiles/0/config/displayType"]
        );
        assert_eq!(
            change(
                What::Raised {
                    from: 10.0,
                    to: 40.0
                },
                &["/replicas"]
            )
            .matches(&doc),
            ["/replicas"]
        );
        assert!(
            change(
                What::Raised {
                    from: 40.0,
                    to: 50.0
                },
                &["/replicas"]
            )
            .matches(&doc)
            .is_empty()
        );
        assert_eq!(
            change(What::Required, &["/tiles/*/config/note"]).matches(&doc),
            ["/tiles/0/config/note", "/tiles/1/config/note"]
        );
        assert_eq!(
            change(What::Member, &["/replicas"]).matches(&doc),
            ["/replicas"]
        );
        let with = |is| What::ValueWith {
            value: "bar",
            member: "kind",
            is,
        };
        let paired: Value = serde_json::from_str(
            r#"{"tiles": [{"kind": "x", "type": "bar"}, {"kind": "y", "type": "bar"}]}"#,
        )
        .unwrap();
        assert_eq!(
            change(with("y"), &["/tiles/*/type"]).matches(&paired),
            ["/tiles/1/type"]
        );
        assert!(
            change(with("z"), &["/tiles/*/type"])
                .matches(&paired)
                .is_empty()
        );
    }
}
