//! Where a streaming pipe starts reading (spec 2.7): a Kafka `offset.strategy` or a Kinesis
//! `iteratorType`. One choice reads from a point in time and needs the `timestamp` beside it;
//! the others start elsewhere and ignore it.

/// A start-position choice and the timestamp that goes with it.
pub(crate) struct StartPosition {
    /// Pointer of the object that holds the timestamp (where an absent one is reported).
    pub object: &'static str,
    /// Pointer of the choice.
    pub choice: &'static str,
    /// Pointer of the timestamp.
    pub timestamp: &'static str,
    /// The choice that reads from the timestamp.
    pub reads_time: &'static str,
    /// The choices that do not read the timestamp.
    pub ignoring: &'static [&'static str],
}

/// A Kafka `offset`: `strategy` `from_timestamp` reads `timestamp`, a UTC minute.
pub(crate) const KAFKA_OFFSET: StartPosition = StartPosition {
    object: "/source/kafka/offset",
    choice: "/source/kafka/offset/strategy",
    timestamp: "/source/kafka/offset/timestamp",
    reads_time: "from_timestamp",
    ignoring: &["from_beginning", "from_latest"],
};

/// A Kinesis source: `iteratorType` `AT_TIMESTAMP` reads `timestamp`, in Unix seconds.
pub(crate) const KINESIS_ITERATOR: StartPosition = StartPosition {
    object: "/source/kinesis",
    choice: "/source/kinesis/iteratorType",
    timestamp: "/source/kinesis/timestamp",
    reads_time: "AT_TIMESTAMP",
    ignoring: &["TRIM_HORIZON", "LATEST"],
};
