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
    Change::added(&[Pipe, PipeResponse], at, What::Value(value), APR, row)
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
    Change::added(
        &[Pipe, PipeResponse],
        &["/scaling/replicas", "/result/scaling/replicas"],
        What::Raised {
            from: 10.0,
            to: 40.0,
        },
        APR,
        23,
    ),
    record_value(KAFKA_TYPE, "gcmk", 5),
    record_value(KAFKA_FORMAT, "Protobuf", 7),
    record_value(STORAGE_TYPE, "cloudflarer2", 10),
    record_value(STORAGE_TYPE, "ovhobjectstorage", 10),
    record_value(STORAGE_FORMAT, "TabSeparated", 11),
    record_value(STORAGE_FORMAT, "TabSeparatedWithNames", 11),
    record_value(STORAGE_COMPRESSION, "none", 12),
    record_value(STORAGE_AUTH, "SERVICE_ACCOUNT", 13),
    Change {
        instead: Some("at most 10 replicas"),
        ..Change::added(
            &[PipeScaling],
            &["/replicas"],
            What::Raised {
                from: 10.0,
                to: 40.0,
            },
            APR,
            23,
        )
    },
    Change::added(&[Service], &["/currentScaling"], What::Required, MAY, 27),
    Change::added(
        &[ServiceList],
        &["/result/*/currentScaling"],
        What::Required,
        MAY,
        27,
    ),
    Change::added(&[Service], &["/autoscalingMode"], What::Required, JUL, 28),
    Change::added(
        &[ServiceList],
        &["/result/*/autoscalingMode"],
        What::Required,
        JUL,
        28,
    ),
    // The records of the newer source kinds (row 26).
    Change::added(
        &[Pipe],
        &["/source/bigquery", "/source/mysql", "/source/mongodb"],
        What::Member,
        APR,
        26,
    ),
    Change::added(
        &[PipeResponse],
        &[
            "/result/source/bigquery",
            "/result/source/mysql",
            "/result/source/mongodb",
        ],
        What::Member,
        APR,
        26,
    ),
    Change::added(&[Pipe], &["/source/pubsub"], What::Member, MAY, 26),
    Change::added(
        &[PipeResponse],
        &["/result/source/pubsub"],
        What::Member,
        MAY,
        26,
    ),
    // The CDC scaling body (row 24): the kind itself from 2026-04, its bounds raised in
    // 2026-07.
    Change::added(&[CdcScaling], &[""], What::Document, APR, 24),
    Change {
        instead: Some("at most 24000 millicores"),
        ..Change::added(
            &[CdcScaling],
            &["/replicaCpuMillicores"],
            What::Raised {
                from: 24000.0,
                to: 32000.0,
            },
            JUL,
            24,
        )
    },
    Change {
        instead: Some("at most 96 GB"),
        ..Change::added(
            &[CdcScaling],
            &["/replicaMemoryGb"],
            What::Raised {
                from: 96.0,
                to: 128.0,
            },
            JUL,
            24,
        )
    },
];
