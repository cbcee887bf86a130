//! What the scaling rules share: the source kind of the pipe a document configures (from the
//! document or the paired create body), where its scaling members live and which apply to
//! which source, and a removal fix that leaves no empty object.

use std::ops::Range;

use serde_json::Value;

use crate::api::sources::{SourceKind, single_source};
use crate::diagnostic::Fix;
use crate::kind::{DocumentKind, SCALING_MEMBERS};
use crate::rule::Context;

/// The source kind of the pipe a document configures, and where it is said.
#[derive(Clone, Debug)]
pub(crate) struct PipeSource {
    pub kind: SourceKind,
    /// Whether the source kind is said in this document; not when it comes from the create
    /// body given with `--pipe`.
    pub in_document: bool,
}

impl PipeSource {
    /// "a Kafka pipe", or "the paired pipe, a Kafka pipe" (given with `--pipe`, or the
    /// `NAME.pipe.json` beside the patch).
    pub fn describe(&self) -> String {
        let kind = match self.kind {
            SourceKind::Kafka => "a Kafka pipe",
            SourceKind::Kinesis => "a Kinesis pipe",
            SourceKind::ObjectStorage => "an object-storage pipe",
            SourceKind::Postgres => "a Postgres pipe",
            SourceKind::MySql => "a MySQL pipe",
            SourceKind::BigQuery => "a BigQuery pipe",
            SourceKind::MongoDb => "a MongoDB pipe",
            SourceKind::PubSub => "a Pub/Sub pipe",
        };
        if self.in_document {
            kind.to_owned()
        } else {
            format!("the paired pipe, {kind}")
        }
    }

    /// The span of the source kind's key when this document says it (looked up only for a
    /// finding: a position would index the spans).
    pub fn key_span(&self, cx: &Context) -> Option<Range<usize>> {
        self.in_document.then(|| cx.key_span(self.kind.pointer()))
    }

    /// The text of the secondary label on the source kind's key.
    pub fn label(&self) -> String {
        format!("the pipe reads from `{}`", self.kind.member())
    }
}

/// The source kind of the pipe: from a create body itself, or for a scaling patch from the
/// create body given with `--pipe`. `None` when it is unknown or ambiguous.
pub(crate) fn pipe_source(cx: &Context) -> Option<PipeSource> {
    match cx.kind {
        DocumentKind::CreatePipe => {
            let kind = single_source(cx.root())?;
            Some(PipeSource {
                kind,
                in_document: true,
            })
        }
        DocumentKind::PipeScaling => Some(PipeSource {
            kind: single_source(&cx.pipe?.value)?,
            in_document: false,
        }), // The scaling rules do not apply to the other kinds.
        _ => None,
    }
}

/// Where the scaling members live: `/scaling` in a create body, the root of a patch.
pub(crate) fn scaling_object(cx: &Context) -> &'static str {
    match cx.kind {
        DocumentKind::CreatePipe => "/scaling",
        DocumentKind::PipeScaling => "",
        // Pipe records keep their scaling where create bodies do.
        _ => "/scaling",
    }
}

/// `(member, pointer)` of each scaling member that is set (present and not null), in the
/// order of spec 2.5.
pub(crate) fn scaling_members(cx: &Context) -> Vec<(&'static str, String)> {
    let parent = scaling_object(cx);
    let Some(object) = cx.get(parent).and_then(Value::as_object) else {
        return Vec::new();
    };
    SCALING_MEMBERS
        .iter()
        .filter(|m| object.get(**m).is_some_and(|v| !v.is_null()))
        .map(|m| (*m, format!("{parent}/{m}")))
        .collect()
}

/// Whether a scaling member applies to a source kind (spec 2.5; real-API notes).
pub(crate) fn scaling_applies(member: &str, kind: SourceKind) -> bool {
    match member {
        // Kinesis pipes scale out with replicas too (the Kinesis docs, "Scaling"), and a
        // Pub/Sub pipe is a streaming pipe with the same members.
        "replicas" | "replicaCpuMillicores" | "replicaMemoryGb" => {
            kind.is_streaming() || kind == SourceKind::PubSub
        }
        "concurrency" => kind == SourceKind::ObjectStorage,
        _ => true,
    }
}

/// The pipes a scaling member applies to, for messages.
pub(crate) fn scaling_applies_to(member: &str) -> &'static str {
    match member {
        "concurrency" => "object-storage pipes",
        _ => "streaming (Kafka, Kinesis and Pub/Sub) pipes",
    }
}

/// A fix that removes the member at `pointer`; when it is the only member of its object
/// (and the object is not the document), the object's own member is removed instead.
pub(crate) fn remove_member_fix(cx: &Context, pointer: &str) -> Option<Fix> {
    let (parent, name) = crate::pointer::pointer_split(pointer)?;
    let siblings = cx.get(parent).and_then(Value::as_object)?.len();
    let (target, title) = match crate::pointer::pointer_split(parent) {
        Some((_, parent_name)) if siblings == 1 => {
            (parent.to_owned(), format!("Remove `{parent_name}`"))
        }
        _ if siblings == 1 => return None,
        _ => (pointer.to_owned(), format!("Remove `{name}`")),
    };
    Some(Fix {
        title,
        span: crate::rules::edit::removal_span(cx, &target),
        replacement: String::new(),
        applicability: crate::Applicability::Safe,
    })
}

#[cfg(test)]
mod tests {
    use crate::DocumentKind;
    use crate::rules::testing::lint_as;

    #[test]
    fn removal_keeps_the_object_valid() {
        for (text, pointer, expected) in [
            ("{\n  \"a\": 1,\n  \"b\": 2\n}", "/b", "{\n  \"a\": 1\n}"),
            ("{\n  \"a\": 1,\n  \"b\": 2\n}", "/a", "{\n  \"b\": 2\n}"),
            ("{ \"a\": 1 }", "/a", "{}"),
            ("{\"a\":1,\"b\":2,\"c\":3}", "/b", "{\"a\":1,\"c\":3}"),
        ] {
            let loaded = crate::load(text.as_bytes());
            let Some(document) = loaded.document else {
                panic!("{text} does not parse");
            };
            let cx = crate::rule::Context::new(
                &document,
                text,
                DocumentKind::PipeScaling,
                None,
                Default::default(),
            );
            let span = crate::rules::edit::removal_span(&cx, pointer);
            let mut out = text.to_owned();
            out.replace_range(span, "");
            assert_eq!(out, expected);
            assert!(serde_json::from_str::<serde_json::Value>(&out).is_ok());
        }
    }

    /// The real API's `clickhouse_` prefix gets a did-you-mean from the schema engine's
    /// `unknown-field`; no rule of this group repeats it.
    #[test]
    fn clickhouse_prefix_gets_the_db_hint_once() {
        let body = r#"{
  "name": "p",
  "source": {"kafka": {"type": "kafka", "format": "JSONEachRow", "authentication": "PLAIN",
    "brokers": "b:9092", "topics": "t", "credentials": {"username": "u", "password": "${P}"}}},
  "destination": {"database": "d", "table": "t", "managedTable": true,
    "columns": [{"name": "id", "type": "UInt64"}]},
  "settings": {"clickhouse_max_threads": 8}
}"#;
        let result = lint_as(body, DocumentKind::CreatePipe);
        let found: Vec<_> = result
            .diagnostics
            .iter()
            .filter(|d| d.pointer == "/settings/clickhouse_max_threads")
            .collect();
        assert_eq!(found.len(), 1, "{found:#?}");
        assert_eq!(found[0].name(), "unknown-field");
        assert!(
            found[0]
                .help
                .as_deref()
                .is_some_and(|h| h.contains("`db_max_threads`")),
            "{found:#?}"
        );
    }
}
