//! What changed in the create-pipe body (api-profiles.md, rows 1–22). Members the contract
//! profile already accepts (real-api-notes decision 11: `skipInitialLoad`, `startAfter`,
//! `exactlyOnce`, the Postgres extras) are known under every profile and have no row.

use super::{Change, What};
use crate::api::profile::{ApiVersion, Version};
use crate::kind::DocumentKind::CreatePipe;

const APR: Version = Version::Api(ApiVersion::V2026_04);
const MAY: Version = Version::Api(ApiVersion::V2026_05);
const JUL: Version = Version::Api(ApiVersion::V2026_07);

/// A change of the create-pipe body with no removal, preview or hint.
const fn added(at: &'static [&'static str], what: What, since: Version, row: u8) -> Change {
    Change::added(&[CreatePipe], at, what, since, row)
}

/// Where the Kafka authentication method is.
const KAFKA_AUTH: &str = "/source/kafka/authentication";

/// A Kafka authentication method paired with the broker type `gcmk`.
const fn gcmk(method: &'static str) -> What {
    What::ValueWith {
        value: method,
        member: "type",
        is: "gcmk",
    }
}

pub(super) static CHANGES: &[Change] = &[
    added(&["/source/bigquery"], What::Member, APR, 1),
    added(&["/source/mysql"], What::Member, APR, 2),
    added(&["/source/mysql/serverId"], What::Member, JUL, 2),
    Change {
        preview: Some(
            "MySQL `FILE_POS` replication is in private preview: ask support to enable it",
        ),
        ..added(
            &["/source/mysql/settings/replicationMechanism"],
            What::Value("FILE_POS"),
            APR,
            2,
        )
    },
    added(&["/source/mongodb"], What::Member, APR, 3),
    Change {
        preview: Some("Pub/Sub sources are in private preview: ask support to enable them"),
        ..added(&["/source/pubsub"], What::Member, MAY, 4)
    },
    Change {
        until: Some(JUL),
        ..added(
            &["/source/pubsub/seekType"],
            What::Value("snapshot"),
            MAY,
            4,
        )
    },
    added(&["/source/kafka/type"], What::Value("gcmk"), APR, 5),
    // gcmk's methods (row 6): the spec text named SCRAM until 2026-04-15 and PLAIN and
    // MUTUAL_TLS from 2026-05-07. `kafka-auth-for-broker` reads these rows.
    Change {
        until: Some(MAY),
        instead: Some("`PLAIN` or `MUTUAL_TLS` for `gcmk`"),
        ..added(&[KAFKA_AUTH], gcmk("SCRAM-SHA-256"), APR, 6)
    },
    Change {
        until: Some(MAY),
        instead: Some("`PLAIN` or `MUTUAL_TLS` for `gcmk`"),
        ..added(&[KAFKA_AUTH], gcmk("SCRAM-SHA-512"), APR, 6)
    },
    Change {
        instead: Some("`SCRAM-SHA-256` or `SCRAM-SHA-512` for `gcmk`"),
        ..added(&[KAFKA_AUTH], gcmk("PLAIN"), MAY, 6)
    },
    Change {
        instead: Some("`SCRAM-SHA-256` or `SCRAM-SHA-512` for `gcmk`"),
        ..added(&[KAFKA_AUTH], gcmk("MUTUAL_TLS"), MAY, 6)
    },
    added(&["/source/kafka/format"], What::Value("Protobuf"), APR, 7),
    added(
        &["/source/objectStorage/type"],
        What::Value("cloudflarer2"),
        APR,
        10,
    ),
    added(
        &["/source/objectStorage/type"],
        What::Value("ovhobjectstorage"),
        APR,
        10,
    ),
    added(
        &["/source/objectStorage/format"],
        What::Value("TabSeparated"),
        APR,
        11,
    ),
    added(
        &["/source/objectStorage/format"],
        What::Value("TabSeparatedWithNames"),
        APR,
        11,
    ),
    added(
        &["/source/objectStorage/compression"],
        What::Value("none"),
        APR,
        12,
    ),
    added(
        &["/source/objectStorage/authentication"],
        What::Value("SERVICE_ACCOUNT"),
        APR,
        13,
    ),
    added(
        &["/source/objectStorage/serviceAccountKey"],
        What::Member,
        APR,
        13,
    ),
    // The create body's `scaling` is the same object as the PATCH body's (row 23).
    Change {
        instead: Some("at most 10 replicas"),
        ..added(
            &["/scaling/replicas"],
            What::Raised {
                from: 10.0,
                to: 40.0,
            },
            APR,
            23,
        )
    },
    // The AWS Glue schema registry (row 52, after the api-profiles table): `type: glue` with
    // `glueRegion`, `glueRegistryName` and an optional `glueRoleArn`, and no `url`. Source:
    // the provider's `ClickPipeKafkaSchemaRegistry` JSON model and its `kafka_glue` example
    // ("requires the AWS Glue schema registry to be enabled for the organization"), commit
    // 004a87e of ClickHouse/terraform-provider-clickhouse. Its date could not be resolved
    // here: it is in no release up to v3.25.3 nor on main as of 2026-08-22, so it is later
    // than the newest snapshot and bundled with it, as nothing newer is.
    Change {
        instead: Some("a Confluent-compatible registry at an HTTPS `url`"),
        ..added(
            &["/source/kafka/schemaRegistry/type"],
            What::Value("glue"),
            JUL,
            52,
        )
    },
];
