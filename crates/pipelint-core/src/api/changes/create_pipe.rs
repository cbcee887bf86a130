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
    Change {
        kinds: &[CreatePipe],
        at,
        what,
        since,
        until: None,
        preview: None,
        instead: None,
        row,
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
];
