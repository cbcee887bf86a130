//! The source kinds of a pipe, as names: vocabulary that the schema's findings (a source kind
//! written beside `source`) and the rules share. Which of them a body sets, and which the
//! profile in force accepts, is `api::sources`.

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
