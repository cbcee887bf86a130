//! The sources of a pipe: which kinds there are, which ones a create body sets, and which
//! the profile in force accepts.

use serde_json::Value;

use crate::kind::DocumentKind;
use crate::rule::Context;

/// The source kinds of a pipe: the four of the contract (spec 2.7), in the order the spec
/// lists them, then the kinds newer API versions added (api-profiles.md rows 1-4). Which
/// version first accepts a newer kind is said once, in the table of `api::changes`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SourceKind {
    Kafka,
    Kinesis,
    ObjectStorage,
    Postgres,
    MySql,
    BigQuery,
    MongoDb,
    PubSub,
}

impl SourceKind {
    pub const ALL: [SourceKind; 8] = [
        SourceKind::Kafka,
        SourceKind::Kinesis,
        SourceKind::ObjectStorage,
        SourceKind::Postgres,
        SourceKind::MySql,
        SourceKind::BigQuery,
        SourceKind::MongoDb,
        SourceKind::PubSub,
    ];

    /// The member name under `source`.
    pub fn member(self) -> &'static str {
        match self {
            SourceKind::Kafka => "kafka",
            SourceKind::Kinesis => "kinesis",
            SourceKind::ObjectStorage => "objectStorage",
            SourceKind::Postgres => "postgres",
            SourceKind::MySql => "mysql",
            SourceKind::BigQuery => "bigquery",
            SourceKind::MongoDb => "mongodb",
            SourceKind::PubSub => "pubsub",
        }
    }

    /// The pointer of the source object, e.g. `/source/kafka`.
    pub fn pointer(self) -> &'static str {
        match self {
            SourceKind::Kafka => "/source/kafka",
            SourceKind::Kinesis => "/source/kinesis",
            SourceKind::ObjectStorage => "/source/objectStorage",
            SourceKind::Postgres => "/source/postgres",
            SourceKind::MySql => "/source/mysql",
            SourceKind::BigQuery => "/source/bigquery",
            SourceKind::MongoDb => "/source/mongodb",
            SourceKind::PubSub => "/source/pubsub",
        }
    }

    /// Streaming pipes read a stream continuously (Kafka-type and Kinesis).
    pub fn is_streaming(self) -> bool {
        matches!(self, SourceKind::Kafka | SourceKind::Kinesis)
    }

    /// Database pipes (Postgres, MySQL, MongoDB, BigQuery) create their destination tables
    /// from `tableMappings`: their destination names only the database.
    pub fn is_database(self) -> bool {
        matches!(
            self,
            SourceKind::Postgres | SourceKind::MySql | SourceKind::MongoDb | SourceKind::BigQuery
        )
    }
}

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
pub fn accepted_source_kinds(cx: &Context) -> Vec<SourceKind> {
    SourceKind::ALL
        .into_iter()
        .filter(|kind| {
            crate::api::changes::of_kind(DocumentKind::CreatePipe).all(|change| {
                change.what != crate::api::changes::What::Member
                    || !change.at.contains(&kind.pointer())
                    || change.accepted_by(&cx.profile)
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
pub(crate) fn unsupported_members<'a>(cx: &Context<'a>) -> Vec<&'a str> {
    let Some(source) = cx.get("/source").and_then(serde_json::Value::as_object) else {
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
