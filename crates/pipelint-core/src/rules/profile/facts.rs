//! What the version rules share: the changes that apply to a document, and how a finding
//! names a change, where it points and which versions it names.

use serde_json::Value;

use crate::api::changes::{self, Change, What};
use crate::api::profile::{Axis, Version};
use crate::diagnostic::{Diagnostic, Versions};
use crate::rule::{Context, Rule};

/// The changes of the document's kind, each with the pointers where it applies, for the
/// changes `relevant` picks (so a clean document under the newest profile walks nothing).
pub(crate) fn matching<'a>(
    cx: &'a Context,
    relevant: impl Fn(&Change) -> bool + 'a,
) -> impl Iterator<Item = (&'static Change, String)> + 'a {
    changes::of_kind(cx.kind)
        .filter(move |c| relevant(c))
        .flat_map(move |c| c.matches(cx.root()).into_iter().map(move |p| (c, p)))
}

/// How a finding names what a change is about: "`gcmk`", "the member `thresholdMax`",
/// "`replicas` 25", "this kind of body".
pub(crate) fn subject(change: &Change, cx: &Context, pointer: &str) -> String {
    let member = crate::pointer::pointer_split(pointer)
        .map(|(_, token)| token)
        .unwrap_or_default();
    match change.what {
        What::Value(value) => format!("`{member}: {value}`"),
        What::ValueWith {
            value,
            member: other,
            is,
        } => format!("`{member}: {value}` with `{other}: {is}`"),
        What::Member | What::Required => format!("the member `{member}`"),
        What::Raised { .. } => {
            let shown = cx.get(pointer).map(Value::to_string).unwrap_or_default();
            format!("`{member}: {shown}`")
        }
        What::Document => format!("a {} body", cx.kind.name()),
    }
}

/// Where a finding about `change` at `pointer` points: a member's key, a value, or the
/// object that lacks a required member.
pub(crate) fn located(
    rule: &'static Rule,
    change: &Change,
    cx: &Context,
    pointer: &str,
    message: String,
) -> Diagnostic {
    match change.what {
        What::Member => cx.at_key(rule, pointer, message),
        What::Required => {
            let parent = crate::pointer::pointer_split(pointer).map_or("", |(parent, _)| parent);
            Diagnostic::new(rule, cx.document.object_anchor(parent), pointer, message)
        }
        What::Document => Diagnostic::new(rule, cx.document.object_anchor(""), "", message),
        What::Value(_) | What::ValueWith { .. } | What::Raised { .. } => {
            cx.at_value(rule, pointer, message)
        }
    }
}

/// Whether a pairing (`What::ValueWith`) is moot under the profile because the other
/// member's value is itself one the profile does not accept yet: that value's own finding
/// says it, once (P3).
pub(crate) fn pairing_moot(cx: &Context, change: &Change, pointer: &str) -> bool {
    let What::ValueWith { member, is, .. } = change.what else {
        return false;
    };
    let parent = crate::pointer::pointer_split(pointer).map_or("", |(parent, _)| parent);
    let other = crate::pointer::pointer_join(parent, member);
    !changes::value_accepted(cx.kind, &other, is, &cx.profile)
}

/// The versions a finding names, for `json` and `sarif`.
pub(crate) fn versions(cx: &Context, change: &Change) -> Versions {
    Versions {
        in_force: cx.profile.in_force(Axis::of(cx.kind)),
        accepted_from: Some(change.since),
        removed_in: change.until,
    }
}

/// "set `api-version = "2026-04"` (or `"latest"`) in pipelint.toml, or pass
/// `--api-version 2026-04`".
pub(crate) fn how_to_select(version: Version) -> String {
    let setting = version.axis().setting();
    format!(
        "if the server you send to is that new, set `{}` (or `\"latest\"`) in pipelint.toml, or pass `--{setting} {}`",
        version.config_line(),
        version.as_str()
    )
}
