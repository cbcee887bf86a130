//! The sources of a pipe: which kinds there are, which ones a create body sets, and which
//! the profile in force accepts.

use serde_json::Value;

use crate::api::profile::Profile;
use crate::document::Document;
use crate::kind::DocumentKind;

pub use super::source_kind::SourceKind;

/// The source kinds set (present and not null) in a create body, in spec order.
pub fn present_sources(root: &Value) -> Vec<SourceKind> {
    let Some(source) = root.get("source").and_then(Value::as_object) else {
        return Vec::new();
    };
    SourceKind::ALL
        .into_iter()
        .filter(|k| source.get(k.member()).is_some_and(|v| !v.is_null()))
        .collect()
}

/// The source kinds the profile in force accepts: every kind of [`SourceKind::ALL`] but
/// those that a row of the version table (`api::changes`) adds after that profile.
pub fn accepted_source_kinds(profile: &Profile) -> Vec<SourceKind> {
    SourceKind::ALL
        .into_iter()
        .filter(|kind| {
            crate::api::changes::of_kind(DocumentKind::CreatePipe).all(|change| {
                change.what != crate::api::changes::What::Member
                    || !change.at.contains(&kind.pointer())
                    || change.accepted_by(profile)
            })
        })
        .collect()
}

/// The one source kind of a create body; `None` when there is none or more than one.
pub fn single_source(root: &Value) -> Option<SourceKind> {
    match present_sources(root).as_slice() {
        [one] => Some(*one),
        _ => None,
    }
}

/// Members of `source` besides the source kinds.
const OTHER_MEMBERS: &[&str] = &["validateSamples"];

/// The members of `source` that are neither a source kind nor another known member: a
/// source kind pipelint does not know.
pub(crate) fn unsupported_members(document: &Document) -> Vec<&str> {
    let Some(source) = document
        .get("/source")
        .and_then(serde_json::Value::as_object)
    else {
        return Vec::new();
    };
    source
        .keys()
        .map(String::as_str)
        .filter(|k| !OTHER_MEMBERS.contains(k) && !SourceKind::ALL.iter().any(|s| s.member() == *k))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_the_single_source() {
        let body = serde_json::json!({"source": {"kafka": {}, "kinesis": null}});
        assert_eq!(single_source(&body), Some(SourceKind::Kafka));
        let two = serde_json::json!({"source": {"kafka": {}, "postgres": {}}});
        assert_eq!(single_source(&two), None);
        assert_eq!(present_sources(&two).len(), 2);
    }
}
