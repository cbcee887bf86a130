//! What changed in the analytics-stack bodies (api-profiles.md, rows 30–45, and rows 46–51 for the
//! checks of the newer dashboard members, added here after that table): the self-hosted
//! kinds by server release, the managed alert by cloud API snapshot.

use super::{Change, What};
use crate::api::profile::{ApiVersion, StackVersion, Version};
use crate::kind::DocumentKind::{
    self, ChartSeries, Dashboard, DashboardUpdate, ManagedStackAlert, StackAlert,
};

const S2_22: Version = Version::Stack(StackVersion::V2_22);
const S2_24: Version = Version::Stack(StackVersion::V2_24);
const S2_27: Version = Version::Stack(StackVersion::V2_27);
const S2_30: Version = Version::Stack(StackVersion::V2_30);
const S2_36: Version = Version::Stack(StackVersion::V2_36);
const APR: Version = Version::Api(ApiVersion::V2026_04);
const MAY: Version = Version::Api(ApiVersion::V2026_05);
/// The newest cloud snapshot. Members first seen in the managed spec published after
/// 2026-07-31 (`channels`, `interval: 30s`) are bundled with it, as nothing newer is.
const JUL: Version = Version::Api(ApiVersion::V2026_07);

const DASHBOARDS: &[DocumentKind] = &[Dashboard, DashboardUpdate];

/// Where a dashboard carries a `numberFormat.output`.
const NUMBER_OUTPUTS: &[&str] = &[
    "/tiles/*/config/numberFormat/output",
    "/tiles/*/config/select/*/numberFormat/output",
    "/tiles/*/config/formulas/*/numberFormat/output",
    "/tiles/*/series/*/numberFormat/output",
];

const THRESHOLD_TYPE: &[&str] = &["/thresholdType"];

/// Where a number tile takes a palette token (row 48).
const COLOURS: &[&str] = &[
    "/tiles/*/config/color",
    "/tiles/*/config/backgroundChart/color",
    "/tiles/*/config/colorRules/*/color",
];

const RULE_OPERATOR: &[&str] = &["/tiles/*/config/colorRules/*/operator"];
const BACKGROUND_TYPE: &[&str] = &["/tiles/*/config/backgroundChart/type"];

pub(super) static CHANGES: &[Change] = &[
    // Alert threshold types (row 30): `above` is `>=`, `above_exclusive` is `>`.
    Change::added(
        &[StackAlert],
        THRESHOLD_TYPE,
        What::Value("above_exclusive"),
        S2_24,
        30,
    ),
    Change::added(
        &[StackAlert],
        THRESHOLD_TYPE,
        What::Value("below_or_equal"),
        S2_24,
        30,
    ),
    Change::added(
        &[StackAlert],
        THRESHOLD_TYPE,
        What::Value("equal"),
        S2_24,
        30,
    ),
    Change::added(
        &[StackAlert],
        THRESHOLD_TYPE,
        What::Value("not_equal"),
        S2_24,
        30,
    ),
    Change::added(
        &[StackAlert],
        THRESHOLD_TYPE,
        What::Value("between"),
        S2_24,
        30,
    ),
    Change::added(
        &[StackAlert],
        THRESHOLD_TYPE,
        What::Value("not_between"),
        S2_24,
        30,
    ),
    Change::added(
        &[ManagedStackAlert],
        THRESHOLD_TYPE,
        What::Value("above_exclusive"),
        MAY,
        30,
    ),
    Change::added(
        &[ManagedStackAlert],
        THRESHOLD_TYPE,
        What::Value("below_or_equal"),
        MAY,
        30,
    ),
    Change::added(
        &[ManagedStackAlert],
        THRESHOLD_TYPE,
        What::Value("equal"),
        MAY,
        30,
    ),
    Change::added(
        &[ManagedStackAlert],
        THRESHOLD_TYPE,
        What::Value("not_equal"),
        MAY,
        30,
    ),
    Change::added(
        &[ManagedStackAlert],
        THRESHOLD_TYPE,
        What::Value("between"),
        MAY,
        30,
    ),
    Change::added(
        &[ManagedStackAlert],
        THRESHOLD_TYPE,
        What::Value("not_between"),
        MAY,
        30,
    ),
    Change::added(&[StackAlert], &["/thresholdMax"], What::Member, S2_24, 31),
    Change::added(
        &[ManagedStackAlert],
        &["/thresholdMax"],
        What::Member,
        MAY,
        31,
    ),
    Change::added(&[StackAlert], &["/note"], What::Member, S2_27, 32),
    Change::added(&[ManagedStackAlert], &["/note"], What::Member, MAY, 32),
    Change::added(
        &[StackAlert],
        &["/numConsecutiveWindows"],
        What::Member,
        S2_30,
        33,
    ),
    Change::added(
        &[ManagedStackAlert],
        &["/numConsecutiveWindows"],
        What::Member,
        JUL,
        33,
    ),
    Change::added(&[StackAlert], &["/channels"], What::Member, S2_36, 34),
    Change::added(&[ManagedStackAlert], &["/channels"], What::Member, JUL, 34),
    Change {
        preview: Some("the 30s alert interval must be enabled for your team"),
        instead: Some("`1m`, the shortest interval every team has"),
        ..Change::added(
            &[ManagedStackAlert],
            &["/interval"],
            What::Value("30s"),
            JUL,
            35,
        )
    },
    // The managed webhook channel's optional extras (row 36), on `channel` and on every item
    // of `channels`.
    Change::added(
        &[ManagedStackAlert],
        &[
            "/channel/webhookService",
            "/channel/slackChannelId",
            "/channel/severity",
            "/channels/*/webhookService",
            "/channels/*/slackChannelId",
            "/channels/*/severity",
        ],
        What::Member,
        APR,
        36,
    ),
    // Dashboard tiles (rows 37–45).
    Change {
        instead: Some("older servers have no such tile"),
        ..Change::added(
            DASHBOARDS,
            &["/tiles/*/config/displayType"],
            What::Value("heatmap"),
            S2_27,
            37,
        )
    },
    Change {
        instead: Some("`pie` or `table` show one value per group on older servers"),
        ..Change::added(
            DASHBOARDS,
            &["/tiles/*/config/displayType"],
            What::Value("bar"),
            S2_30,
            38,
        )
    },
    Change {
        instead: Some("older servers have no such tile"),
        ..Change::added(
            DASHBOARDS,
            &["/tiles/*/config/displayType"],
            What::Value("event_patterns"),
            S2_30,
            39,
        )
    },
    Change {
        instead: Some("use `byte` or `number`"),
        ..Change::added(
            DASHBOARDS,
            NUMBER_OUTPUTS,
            What::Value("data_rate"),
            S2_24,
            40,
        )
    },
    Change {
        instead: Some("use `byte` or `number`"),
        ..Change::added(
            DASHBOARDS,
            NUMBER_OUTPUTS,
            What::Value("throughput"),
            S2_24,
            40,
        )
    },
    Change {
        instead: Some("use `time`"),
        ..Change::added(
            DASHBOARDS,
            NUMBER_OUTPUTS,
            What::Value("duration"),
            S2_27,
            40,
        )
    },
    Change::added(DASHBOARDS, &["/containers"], What::Member, S2_27, 41),
    Change::added(
        DASHBOARDS,
        &["/tiles/*/containerId", "/tiles/*/tabId"],
        What::Member,
        S2_27,
        41,
    ),
    // Row 40 (2.23, first bundled in 2.24): a select item's own number format, and the unit
    // of a number format.
    Change::added(
        DASHBOARDS,
        &["/tiles/*/config/select/*/numberFormat"],
        What::Member,
        S2_24,
        40,
    ),
    Change::added(
        DASHBOARDS,
        &[
            "/tiles/*/config/numberFormat/numericUnit",
            "/tiles/*/config/select/*/numberFormat/numericUnit",
        ],
        What::Member,
        S2_24,
        40,
    ),
    // Table tile link-outs (row 42).
    Change::added(
        DASHBOARDS,
        &["/tiles/*/config/onClick"],
        What::Member,
        S2_27,
        42,
    ),
    // Number tile colours and background chart (row 43: 2.29, first bundled in 2.30).
    Change::added(
        DASHBOARDS,
        &[
            "/tiles/*/config/color",
            "/tiles/*/config/colorRules",
            "/tiles/*/config/backgroundChart",
        ],
        What::Member,
        S2_30,
        43,
    ),
    // Formulas over the select items (row 44).
    Change::added(
        DASHBOARDS,
        // `formulas` itself: the March 2026 server already takes a number tile with
        // formulas (real-api-notes, "Dashboard tiles"), so it is known under every profile.
        &["/tiles/*/config/showOperandSeries"],
        What::Member,
        S2_36,
        44,
    ),
    // `increase` (row 45), on a chart series and on a dashboard select item alike.
    Change::added(
        DASHBOARDS,
        &["/tiles/*/config/select/*/aggFn"],
        What::Value("increase"),
        S2_27,
        45,
    ),
    Change::added(
        &[ChartSeries],
        &["/series/*/aggFn"],
        What::Value("increase"),
        S2_27,
        45,
    ),
    // The checks of the newer dashboard members (rows 46–50), dated by the stack server's
    // history (`hyperdxio/hyperdx`, the first `@hyperdx/api` tag that has the commit).
    //
    // Row 46: a dashboard filter's `type` is `QUERY_EXPRESSION`, the one value, and the filter
    // object is strict. HDX d759d046f (#1724, filters in the external API) → 2.17.0
    // (2026-02-18): older than the contract's release, so in force under every profile.
    Change::added(
        DASHBOARDS,
        &["/filters/*/type"],
        What::Value("QUERY_EXPRESSION"),
        S2_22,
        46,
    ),
    // Row 47: a formula's own `numberFormat`, checked as a tile's. The server's history has
    // it in HDX 0ed72ddf4 (#2872, the formula model) → 2.35.0 (2026-08-14) and in the
    // external API with dc29d57f3 (#2952) → 2.36.0 (2026-08-21), but real-api-notes (which
    // wins) has the March 2026 server take a number tile with `formulas`; no earlier form of
    // a formula without `numberFormat` was found, so it stays in force under every profile.
    Change::added(
        DASHBOARDS,
        &["/tiles/*/config/formulas/*/numberFormat"],
        What::Member,
        S2_22,
        47,
    ),
    // Rows 48–50: a number tile's colours as the external API checks them: palette tokens
    // only (row 48), at most 10 colour rules with an operator and a value of its shape
    // (row 49), a background chart of type `line` or `area` (row 50). HDX f126d5b1d (#2428,
    // colours) and ba626ef96 (#2509, background chart) → 2.29.0 (2026-06-30), first
    // bundled in the 2.30 profile.
    Change::added(DASHBOARDS, COLOURS, What::Value("chart-blue"), S2_30, 48),
    Change::added(DASHBOARDS, COLOURS, What::Value("chart-orange"), S2_30, 48),
    Change::added(DASHBOARDS, COLOURS, What::Value("chart-red"), S2_30, 48),
    Change::added(DASHBOARDS, COLOURS, What::Value("chart-cyan"), S2_30, 48),
    Change::added(DASHBOARDS, COLOURS, What::Value("chart-green"), S2_30, 48),
    Change::added(DASHBOARDS, COLOURS, What::Value("chart-pink"), S2_30, 48),
    Change::added(DASHBOARDS, COLOURS, What::Value("chart-purple"), S2_30, 48),
    Change::added(
        DASHBOARDS,
        COLOURS,
        What::Value("chart-light-blue"),
        S2_30,
        48,
    ),
    Change::added(DASHBOARDS, COLOURS, What::Value("chart-brown"), S2_30, 48),
    Change::added(DASHBOARDS, COLOURS, What::Value("chart-gray"), S2_30, 48),
    Change::added(DASHBOARDS, COLOURS, What::Value("chart-success"), S2_30, 48),
    Change::added(DASHBOARDS, COLOURS, What::Value("chart-warning"), S2_30, 48),
    Change::added(DASHBOARDS, COLOURS, What::Value("chart-error"), S2_30, 48),
    Change::added(DASHBOARDS, RULE_OPERATOR, What::Value("gt"), S2_30, 49),
    Change::added(DASHBOARDS, RULE_OPERATOR, What::Value("gte"), S2_30, 49),
    Change::added(DASHBOARDS, RULE_OPERATOR, What::Value("lt"), S2_30, 49),
    Change::added(DASHBOARDS, RULE_OPERATOR, What::Value("lte"), S2_30, 49),
    Change::added(DASHBOARDS, RULE_OPERATOR, What::Value("between"), S2_30, 49),
    Change::added(DASHBOARDS, RULE_OPERATOR, What::Value("eq"), S2_30, 49),
    Change::added(DASHBOARDS, RULE_OPERATOR, What::Value("neq"), S2_30, 49),
    Change::added(DASHBOARDS, BACKGROUND_TYPE, What::Value("line"), S2_30, 50),
    Change::added(DASHBOARDS, BACKGROUND_TYPE, What::Value("area"), S2_30, 50),
    // Row 51: a table tile's link-out by id (`onClick.target.id` with `mode: id`) is an
    // object id (`objectIdSchema`). HDX 9d5f14f3b (#2156) → 2.27.0 (2026-05-19), with the
    // link-outs themselves (row 42).
    Change::added(
        DASHBOARDS,
        &["/tiles/*/config/onClick/target/id"],
        What::Member,
        S2_27,
        51,
    ),
];
