//! What changed in the scaling patch and the recorded pipe and service bodies
//! (api-profiles.md, rows 23–29).

use super::{Change, What};
use crate::api::profile::{ApiVersion, Version};
use crate::kind::DocumentKind::{
    CdcScaling, Pipe, PipeResponse, PipeScaling, Service, ServiceList,
};

const APR: Version = Version::Api(ApiVersion::V2026_04);
const MAY: Version = Version::Api(ApiVersion::V2026_05);
const JUL: Version = Version::Api(ApiVersion::V2026_07);

/// A value of the pipe records' Kafka or object-storage source that the create body got in
/// 2026-04 too (rows 5, 7, 10–13): at `/source/…` of a record and `/result/source/…` of a
/// response.
const fn record_value(at: &'static [&'static str], value: &'static str, row: u8) -> Change {
    Change {
        kinds: &[Pipe, PipeResponse],
        at,
        what: What::Value(value),
        since: APR,
        until: None,
        preview: None,
        instead: None,
        row,
    }
}

const KAFKA_TYPE: &[&str] = &["/source/kafka/type", "/result/source/kafka/type"];
const KAFKA_FORMAT: &[&str] = &["/source/kafka/format", "/result/source/kafka/format"];
const STORAGE_TYPE: &[&str] = &[
    "/source/objectStorage/type",
    "/result/source/objectStorage/type",
];
const STORAGE_FORMAT: &[&str] = &[
    "/source/objectStorage/format",
    "/result/source/objectStorage/format",
];
const STORAGE_COMPRESSION: &[&str] = &[
    "/source/objectStorage/compression",
    "/result/source/objectStorage/compression",
];
const STORAGE_AUTH: &[&str] = &[
    "/source/objectStorage/authentication",
    "/result/source/objectStorage/authentication",
];

pub(super) static CHANGES: &[Change] = &[
    Change {
        kinds: &[Pipe, PipeResponse],
        at: &["/scaling/replicas", "/result/scaling/replicas"],
        what: What::Raised {
            from: 10.0,
            to: 40.0,
        },
        since: APR,
        until: None,
        preview: None,
        instead: None,
        row: 23,
    },
    record_value(KAFKA_TYPE, "gcmk", 5),
    record_value(KAFKA_FORMAT, "Protobuf", 7),
    record_value(STORAGE_TYPE, "cloudflarer2", 10),
    record_value(STORAGE_TYPE, "ovhobjectstorage", 10),
    record_value(STORAGE_FORMAT, "TabSeparated", 11),
    record_value(STORAGE_FORMAT, "TabSeparatedWithNames", 11),
    record_value(STORAGE_COMPRESSION, "none", 12),
    record_value(STORAGE_AUTH, "SERVICE_ACCOUNT", 13),
    Change {
        kinds: &[PipeScaling],
        at: &["/replicas"],
        what: What::Raised {
            from: 10.0,
            to: 40.0,
        },
        since: APR,
        until: None,
        preview: None,
        instead: Some("at most 10 replicas"),
        row: 23,
    },
    Change {
        kinds: &[Service],
        at: &["/currentScaling"],
        what: What::Required,
        since: MAY,
        until: None,
        preview: None,
        instead: None,
        row: 27,
    },
    Change {
        kinds: &[ServiceList],
        at: &["/result/*/currentScaling"],
        what: What::Required,
        since: MAY,
        until: None,
        preview: None,
        instead: None,
        row: 27,
    },
    Change {
        kinds: &[Service],
        at: &["/autoscalingMode"],
        what: What::Required,
        since: JUL,
        until: None,
        preview: None,
        instead: None,
        row: 28,
    },
    Change {
        kinds: &[ServiceList],
        at: &["/result/*/autoscalingMode"],
        what: What::Required,
        since: JUL,
        until: None,
        preview: None,
        instead: None,
        row: 28,
    },
    // The records of the newer source kinds (row 26).
    Change {
        kinds: &[Pipe],
        at: &["/source/bigquery", "/source/mysql", "/source/mongodb"],
        what: What::Member,
        since: APR,
        until: None,
        preview: None,
        instead: None,
        row: 26,
    },
    Change {
        kinds: &[PipeResponse],
        at: &[
            "/result/source/bigquery",
            "/result/source/mysql",
            "/result/source/mongodb",
        ],
        what: What::Member,
        since: APR,
        until: None,
        preview: None,
        instead: None,
        row: 26,
    },
    Change {
        kinds: &[Pipe],
        at: &["/source/pubsub"],
        what: What::Member,
        since: MAY,
        until: None,
        preview: None,
        instead: None,
        row: 26,
    },
    Change {
        kinds: &[PipeResponse],
        at: &["/result/source/pubsub"],
        what: What::Member,
        since: MAY,
        until: None,
        preview: None,
        instead: None,
        row: 26,
    },
    // The CDC scaling body (row 24): the kind itself from 2026-04, its bounds raised in
    // 2026-07.
    Change {
        kinds: &[CdcScaling],
        at: &[""],
        what: What::Document,
        since: APR,
        until: None,
        preview: None,
        instead: None,
        row: 24,
    },
    Change {
        kinds: &[CdcScaling],
        at: &["/replicaCpuMillicores"],
        what: What::Raised {
            from: 24000.0,
            to: 32000.0,
        },
        since: JUL,
        until: None,
        preview: None,
        instead: Some("at most 24000 millicores"),
        row: 24,
    },
    Change {
        kinds: &[CdcScaling],
        at: &["/replicaMemoryGb"],
        what: What::Raised {
            from: 96.0,
            to: 128.0,
        },
        since: JUL,
        until: None,
        preview: None,
        instead: Some("at most 96 GB"),
        row: 24,
    },
];
