//! What changed in the scaling patch and the recorded pipe and service bodies
//! (api-profiles.md, rows 23–29).

use super::{Change, What};
use crate::api::profile::{ApiVersion, Version};
use crate::kind::DocumentKind::{Pipe, PipeResponse, PipeScaling, Service, ServiceList};

const APR: Version = Version::Api(ApiVersion::V2026_04);
const MAY: Version = Version::Api(ApiVersion::V2026_05);
const JUL: Version = Version::Api(ApiVersion::V2026_07);

pub(super) static CHANGES: &[Change] = &[
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
];
