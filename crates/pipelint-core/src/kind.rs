//! Document kinds and how a document's kind is told from its name or content.
//!
//! The kind comes from, in this order: `--kind`, the file name's suffix (see
//! [`DocumentKind::from_file_name`]), then the content. Content detection is a fixed decision
//! list (see [`detect`]): the first step that matches decides, and every outcome carries the
//! reason it was chosen, which `pipelint check --explain-kind` prints. Content that matches no
//! step, or a step that cannot choose between kinds, yields no kind and the candidates.

use std::fmt;

use serde_json::{Map, Value};

/// The kinds of document pipelint knows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum DocumentKind {
    /// Body of `POST .../pipes` (spec 4.1).
    CreatePipe,
    /// Body of `PATCH .../pipes/{pipeId}/scaling` (spec 4.2).
    PipeScaling,
    /// Body of `PATCH .../services/{serviceId}/clickpipesCdcScaling`: the resources of the
    /// service's database (CDC) pipes (api-version 2026-04).
    CdcScaling,
    /// A pipe record as the API returns it (spec 2.2).
    Pipe,
    /// The 200 response of a pipe operation: `{requestId, result: Pipe, status}` (spec 2.1).
    PipeResponse,
    /// One service record (spec 2.8).
    Service,
    /// The 200 response of the service list: `{requestId, result: [Service], status}` (spec 4.3).
    ServiceList,
    /// The 400 response body `{error, status}` of the cloud API (spec 7).
    Error,
    /// Alert create body of the self-hosted analytics stack (spec 2.9, 4.5).
    StackAlert,
    /// Alert create body of the managed analytics stack, which also allows email channels (4.4).
    ManagedStackAlert,
    /// Chart series query body of the self-hosted analytics stack (spec 2.9, 4.5).
    ChartSeries,
    /// Dashboard create body of the analytics stack.
    Dashboard,
    /// Dashboard update body of the analytics stack.
    DashboardUpdate,
    /// A Terraform file (`.tf`): each `clickhouse_clickpipe` resource in it is checked as a
    /// create-pipe body. Not a JSON kind, so not in [`DocumentKind::ALL`].
    Terraform,
    /// A Terraform plan (`terraform show -json`): each `clickhouse_clickpipe` it creates or
    /// updates is checked from its planned values. Not an API body, so not in `ALL`.
    TerraformPlan,
}

/// Members of a scaling patch (spec 4.2).
pub const SCALING_MEMBERS: &[&str] = &[
    "replicas",
    "replicaCpuMillicores",
    "replicaMemoryGb",
    "concurrency",
];

/// Members only a pipe record has, never a create body (spec 2.2).
pub const PIPE_RECORD_MEMBERS: &[&str] = &["id", "serviceId", "state", "createdAt", "updatedAt"];

/// Members that only a service record has (spec 2.8).
pub const SERVICE_MEMBERS: &[&str] = &[
    "clickhouseVersion",
    "numReplicas",
    "minReplicaMemoryGb",
    "maxReplicaMemoryGb",
    "minTotalMemoryGb",
    "maxTotalMemoryGb",
    "idleScaling",
    "idleTimeoutMinutes",
    "isPrimary",
    "isReadonly",
    "hasTransparentDataEncryption",
    "transparentDataEncryptionKeyId",
    "encryptionKey",
    "encryptionAssumedRoleIdentifier",
    "encryptionRoleId",
    "byocId",
    "dataWarehouseId",
    "availablePrivateEndpointIds",
    "privateEndpointIds",
    "endpoints",
    "ipAccessList",
];

/// Members that only an alert body has (spec 2.9; real-API notes, including the keys of
/// the older API version).
pub const ALERT_MEMBERS: &[&str] = &[
    "threshold",
    "thresholdType",
    "threshold_type",
    "interval",
    "channel",
    "savedSearchId",
    "tileId",
    "dashboardId",
    "chartId",
];

/// Members that only a chart series query has (spec 2.9).
pub const CHART_SERIES_MEMBERS: &[&str] = &["startTime", "endTime", "granularity"];

/// File name suffixes and the kind each one names. Suffixes are matched without regard to
/// case; none is a suffix of another, so the order does not matter.
pub const FILE_SUFFIXES: &[(&str, DocumentKind)] = &[
    (".pipe.json", DocumentKind::CreatePipe),
    (".create-pipe.json", DocumentKind::CreatePipe),
    (".scaling.json", DocumentKind::PipeScaling),
    (".pipe-scaling.json", DocumentKind::PipeScaling),
    (".cdc-scaling.json", DocumentKind::CdcScaling),
    (".pipe-record.json", DocumentKind::Pipe),
    (".pipe-response.json", DocumentKind::PipeResponse),
    (".service.json", DocumentKind::Service),
    (".service-list.json", DocumentKind::ServiceList),
    (".error.json", DocumentKind::Error),
    (".alert.json", DocumentKind::StackAlert),
    (".stack-alert.json", DocumentKind::StackAlert),
    (".managed-alert.json", DocumentKind::ManagedStackAlert),
    (".managed-stack-alert.json", DocumentKind::ManagedStackAlert),
    (".chart-series.json", DocumentKind::ChartSeries),
    (".dashboard.json", DocumentKind::Dashboard),
    (".dashboard-update.json", DocumentKind::DashboardUpdate),
    (".tf", DocumentKind::Terraform),
    (".tf.json", DocumentKind::Terraform),
];

/// The outcome of telling a document's kind, with the reason (for `--explain-kind`).
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct KindChoice {
    /// The kind chosen; `None` when the kind is unknown or ambiguous.
    pub kind: Option<DocumentKind>,
    /// Why this kind was chosen, or why none could be (one sentence, Markdown code spans).
    pub reason: String,
    /// When no kind was chosen: the kinds the content could be (empty when it fits none).
    pub candidates: Vec<DocumentKind>,
}

impl KindChoice {
    fn chosen(kind: DocumentKind, reason: impl Into<String>) -> Self {
        KindChoice {
            kind: Some(kind),
            reason: reason.into(),
            candidates: Vec::new(),
        }
    }

    fn open(reason: impl Into<String>, candidates: &[DocumentKind]) -> Self {
        KindChoice {
            kind: None,
            reason: reason.into(),
            candidates: candidates.to_vec(),
        }
    }

    /// Tells the kind: the given kind first, then the file name, then the content.
    pub fn decide(
        given: Option<DocumentKind>,
        file_name: Option<&str>,
        value: &Value,
    ) -> KindChoice {
        if let Some(kind) = given {
            return KindChoice::chosen(kind, format!("given with `--kind {kind}`"));
        }
        if let Some(name) = file_name
            && let Some((suffix, kind)) = DocumentKind::file_suffix(name)
        {
            let reason = match response_hint(kind, value).or_else(|| cdc_scaling_hint(kind, value))
            {
                Some(hint) => format!("the file name ends with `{suffix}`; {hint}"),
                None => format!("the file name ends with `{suffix}`"),
            };
            return KindChoice::chosen(kind, reason);
        }
        detect(value)
    }
}

/// The hint for a response envelope checked as something else, for instance a pipe response
/// saved as `orders.pipe.json`: `None` unless the content is a response (steps 2 and 3 of
/// [`detect`]) and `kind` is not.
pub fn response_hint(kind: DocumentKind, value: &Value) -> Option<String> {
    if kind.is_envelope() {
        return None;
    }
    let detected = envelope_kind(value.as_object()?)?;
    let suffix = detected.suffixes().next().unwrap_or(".json");
    Some(format!(
        "this looks like a saved `{detected}` (a response, not a request body), checked as \
         `{kind}`: name it `*{suffix}` or pass `--kind {detected}`"
    ))
}

/// The kind of response envelope an object is (steps 2 and 3 of [`detect`], which adds the
/// reasons; [`response_hint`] asks only this): `None` when it is none, or when its `result`
/// is neither an object nor an array.
fn envelope_kind(object: &Map<String, Value>) -> Option<DocumentKind> {
    match object.get("result") {
        Some(Value::Array(_)) => Some(DocumentKind::ServiceList),
        Some(Value::Object(_)) => Some(DocumentKind::PipeResponse),
        Some(_) => None,
        None => object.contains_key("error").then_some(DocumentKind::Error),
    }
}

/// The CDC scaling members and the bounds and steps a CDC scaling body gives them (the
/// newest; api-profiles.md row 24): `(member, minimum, maximum, step)`.
const CDC_SCALING_BOUNDS: &[(&str, f64, f64, f64)] = &[
    ("replicaCpuMillicores", 1000.0, 32000.0, 1000.0),
    ("replicaMemoryGb", 4.0, 128.0, 4.0),
];

/// The maxima the pipe scaling patch gives the same members (spec 4.2).
const PIPE_SCALING_MAXIMA: &[(&str, f64)] =
    &[("replicaCpuMillicores", 2000.0), ("replicaMemoryGb", 8.0)];

/// Whether a body with only `replicaCpuMillicores` and `replicaMemoryGb` is a CDC scaling
/// body rather than a pipe scaling patch: every value fits the CDC bounds and steps, and one
/// lies above what a pipe replica can have. (Values that fit both are a pipe patch.)
fn looks_like_cdc_scaling(object: &Map<String, Value>) -> bool {
    let fits = |name: &str, n: f64| {
        CDC_SCALING_BOUNDS.iter().any(|(member, min, max, step)| {
            *member == name && n >= *min && n <= *max && n % step == 0.0
        })
    };
    let above_pipe = |name: &str, n: f64| {
        PIPE_SCALING_MAXIMA
            .iter()
            .any(|(member, max)| *member == name && n > *max)
    };
    !object.is_empty()
        && object.iter().all(|(name, value)| match value.as_f64() {
            Some(n) => fits(name, n),
            None => value.is_null() && CDC_SCALING_BOUNDS.iter().any(|(m, ..)| m == name),
        })
        && object
            .iter()
            .any(|(name, value)| value.as_f64().is_some_and(|n| above_pipe(name, n)))
}

/// The hint for a CDC scaling body checked as a pipe scaling patch (for instance saved as
/// `cdc.scaling.json`): its bounds are not the pipe's, so the patch's findings mislead.
pub fn cdc_scaling_hint(kind: DocumentKind, value: &Value) -> Option<String> {
    let object = value.as_object()?;
    (kind == DocumentKind::PipeScaling && looks_like_cdc_scaling(object)).then(|| {
        "this looks like a CDC scaling body (`PATCH …/clickpipesCdcScaling`, whose bounds are not \
         a pipe's), checked as `pipe-scaling`: name it `*.cdc-scaling.json` or pass `--kind cdc-scaling`"
            .to_owned()
    })
}

impl DocumentKind {
    /// Every kind, in the order `pipelint` lists them.
    pub const ALL: &'static [DocumentKind] = &[
        DocumentKind::CreatePipe,
        DocumentKind::PipeScaling,
        DocumentKind::CdcScaling,
        DocumentKind::Pipe,
        DocumentKind::PipeResponse,
        DocumentKind::Service,
        DocumentKind::ServiceList,
        DocumentKind::Error,
        DocumentKind::StackAlert,
        DocumentKind::ManagedStackAlert,
        DocumentKind::ChartSeries,
        DocumentKind::Dashboard,
        DocumentKind::DashboardUpdate,
    ];

    /// Every kind `--kind`, `kind=` and a config's `[kinds]` take: the JSON kinds and
    /// `terraform`.
    pub fn selectable() -> impl Iterator<Item = DocumentKind> + Clone {
        Self::ALL
            .iter()
            .copied()
            .chain([DocumentKind::Terraform, DocumentKind::TerraformPlan])
    }

    /// The kebab-case name used by `--kind` and in config files.
    pub fn name(self) -> &'static str {
        match self {
            DocumentKind::CreatePipe => "create-pipe",
            DocumentKind::PipeScaling => "pipe-scaling",
            DocumentKind::CdcScaling => "cdc-scaling",
            DocumentKind::Pipe => "pipe",
            DocumentKind::PipeResponse => "pipe-response",
            DocumentKind::Service => "service",
            DocumentKind::ServiceList => "service-list",
            DocumentKind::Error => "error",
            DocumentKind::StackAlert => "stack-alert",
            DocumentKind::ManagedStackAlert => "managed-stack-alert",
            DocumentKind::ChartSeries => "chart-series",
            DocumentKind::Dashboard => "dashboard",
            DocumentKind::DashboardUpdate => "dashboard-update",
            DocumentKind::Terraform => "terraform",
            DocumentKind::TerraformPlan => "terraform-plan",
        }
    }

    /// The kind of a [`name`](DocumentKind::name) (`create-pipe`, …).
    pub fn from_name(name: &str) -> Option<DocumentKind> {
        Self::selectable().find(|k| k.name() == name)
    }

    /// Tells the kind from the content alone; `None` when it cannot be told.
    pub fn detect(value: &Value) -> Option<DocumentKind> {
        detect(value).kind
    }

    /// Tells the kind from a file name suffix such as `orders.pipe.json`.
    pub fn from_file_name(file_name: &str) -> Option<DocumentKind> {
        Self::file_suffix(file_name).map(|(_, kind)| kind)
    }

    /// The known suffix the file name ends with (`.pipe.json`, …, any case), and its kind.
    pub fn file_suffix(file_name: &str) -> Option<(&'static str, DocumentKind)> {
        let lower = file_name.to_ascii_lowercase();
        FILE_SUFFIXES
            .iter()
            .copied()
            .find(|(suffix, _)| lower.ends_with(suffix))
    }

    /// The file name suffixes that name this kind.
    pub fn suffixes(self) -> impl Iterator<Item = &'static str> {
        FILE_SUFFIXES
            .iter()
            .filter(move |(_, kind)| *kind == self)
            .map(|(suffix, _)| *suffix)
    }

    /// Whether the document is a response envelope whose records sit under `result`.
    pub fn is_envelope(self) -> bool {
        matches!(
            self,
            DocumentKind::PipeResponse | DocumentKind::ServiceList | DocumentKind::Error
        )
    }
}

impl fmt::Display for DocumentKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Whether a JSON object is a Terraform plan (`terraform show -json`): `format_version`,
/// `terraform_version`, and `resource_changes` or `planned_values` (no API body has these).
pub(crate) fn is_plan(object: &Map<String, Value>) -> bool {
    object.contains_key("format_version")
        && object.contains_key("terraform_version")
        && (object.contains_key("resource_changes") || object.contains_key("planned_values"))
}

/// The members of `object` among `names`, as code spans: "`id`", "`state`".
fn present(object: &Map<String, Value>, names: &[&str]) -> Vec<String> {
    names
        .iter()
        .filter(|n| object.contains_key(**n))
        .map(|n| format!("`{n}`"))
        .collect()
}

/// "`a`", "`a` and `b`", "`a`, `b` and `c`".
fn and_list(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}

/// Tells the kind from the content: the decision list. The first step that applies decides.
///
/// 1. Not an object: unknown (every body is an object).
/// 2. `result` (a success envelope): an array makes a `service-list`, an object a
///    `pipe-response`; anything else is ambiguous between the two.
/// 3. `error`: an `error` body.
/// 4. `requestId` without `result` or `error`: ambiguous between the three envelopes.
/// 5. `tiles`: a dashboard; an `update` when a filter carries an `id`, else a create body.
/// 6. `startTime`, `endTime` or `granularity`: a `chart-series` query.
/// 7. An alert member (`threshold`, `thresholdType`, `interval`, `channel`, `savedSearchId`,
///    `tileId`, `dashboardId`, or an older-version key) or `source` set to `tile` or
///    `saved_search`: an alert; `managed-stack-alert` when the channel is an email channel,
///    else `stack-alert` (the stricter form; webhook channels are the same in both).
/// 8. `source` or `destination`: a pipe; a `pipe` record when it also has a member only
///    records have (`id`, `serviceId`, `state`, `createdAt`, `updatedAt`), else `create-pipe`.
/// 9. A member only service records have (`clickhouseVersion`, `numReplicas`, `endpoints`,
///    …): a `service`.
/// 10. A scaling member (`replicas`, `replicaCpuMillicores`, `replicaMemoryGb`,
///     `concurrency`) and none of `state`, `id` or `createdAt`: `pipe-scaling`, whatever
///     else it has (a misspelled member is then reported as unknown, with a did-you-mean);
///     but `cdc-scaling` when it has only `replicaCpuMillicores` and `replicaMemoryGb`, every
///     value fits a CDC replica's bounds and steps, and one lies above a pipe replica's
///     (`{"replicaCpuMillicores": 4000, "replicaMemoryGb": 16}`).
/// 11. `state`: a `pipe` record; `id` or `createdAt` alone: ambiguous between `pipe` and
///     `service`.
/// 12. Anything else: unknown.
///
/// Before step 2, a Terraform plan ([`is_plan`]) is a `terraform-plan`.
pub fn detect(value: &Value) -> KindChoice {
    let object = match value {
        Value::Object(object) => object,
        Value::Array(_) => {
            return KindChoice::open(
                "the document is an array; every API body is a JSON object",
                &[],
            );
        }
        _ => {
            return KindChoice::open(
                "the document is a single value; every API body is a JSON object",
                &[],
            );
        }
    };

    // A Terraform plan (`terraform show -json`) before any body: no body has these members.
    if is_plan(object) {
        return KindChoice::chosen(
            DocumentKind::TerraformPlan,
            "it has `format_version`, `terraform_version` and `resource_changes` or `planned_values`: a Terraform plan (`terraform show -json`)",
        );
    }
    envelope(object)
        .or_else(|| stack_body(object))
        .or_else(|| pipe_or_service(object))
        .or_else(|| scaling_patch(object))
        .or_else(|| bare_record(object))
        .unwrap_or_else(|| {
            KindChoice::open(
                if object.is_empty() {
                    "the object is empty"
                } else {
                    "the object has none of the members that identify a body"
                },
                &[],
            )
        })
}

/// Steps 2 to 4: response envelopes, told by `result`, `error` and `requestId`.
fn envelope(object: &Map<String, Value>) -> Option<KindChoice> {
    use DocumentKind as K;
    // 2. and 3. Response envelopes: success bodies by their `result`, error bodies by their
    // `error` (the hint for a response checked as something else asks the same question).
    if let Some(envelope) = envelope_kind(object) {
        let reason = match envelope {
            K::ServiceList => "`result` is an array: the response envelope of the service list",
            K::PipeResponse => "`result` is an object: the response envelope of a pipe operation",
            _ => "it has `error`: an error response body",
        };
        return Some(KindChoice::chosen(envelope, reason));
    }
    if object.contains_key("result") {
        return Some(KindChoice::open(
            "`result` is neither an object (a pipe response) nor an array (a service list)",
            &[K::PipeResponse, K::ServiceList],
        ));
    }
    // 4. An envelope without its payload.
    if object.contains_key("requestId") {
        return Some(KindChoice::open(
            "`requestId` marks a response envelope, but it has neither `result` nor `error`",
            &[K::PipeResponse, K::ServiceList, K::Error],
        ));
    }
    None
}

/// Steps 5 to 7: the analytics stack's dashboards, chart series queries and alerts.
fn stack_body(object: &Map<String, Value>) -> Option<KindChoice> {
    use DocumentKind as K;
    // 5. Dashboards.
    if object.contains_key("tiles") {
        let filter_with_id = object
            .get("filters")
            .and_then(Value::as_array)
            .is_some_and(|filters| filters.iter().any(|f| f.get("id").is_some()));
        return Some(if filter_with_id {
            KindChoice::chosen(
                K::DashboardUpdate,
                "it has `tiles` and a filter with an `id`: only update bodies name existing filters",
            )
        } else {
            KindChoice::chosen(
                K::Dashboard,
                "it has `tiles` and no filter with an `id`: a create body (the filters of an update body carry their `id`)",
            )
        });
    }
    // 6. Chart series queries.
    let chart = present(object, CHART_SERIES_MEMBERS);
    if !chart.is_empty() {
        return Some(KindChoice::chosen(
            K::ChartSeries,
            format!("it has {}: a chart series query", and_list(&chart)),
        ));
    }
    // 7. Alerts.
    let mut alert = present(object, ALERT_MEMBERS);
    if let Some(source @ ("tile" | "saved_search")) = object.get("source").and_then(Value::as_str) {
        alert.push(format!("`source: \"{source}\"`"));
    }
    if !alert.is_empty() {
        let channel = object.get("channel");
        let email = channel.and_then(|c| c.get("type")).and_then(Value::as_str) == Some("email")
            || channel.is_some_and(|c| c.get("emailRecipients").is_some());
        return Some(if email {
            KindChoice::chosen(
                K::ManagedStackAlert,
                format!(
                    "it has {} and an email channel, which only the managed form accepts",
                    and_list(&alert)
                ),
            )
        } else {
            KindChoice::chosen(
                K::StackAlert,
                format!(
                    "it has {}: an alert, checked as the self-hosted form (its channels are a subset of the managed form's; pass `--kind managed-stack-alert` or name the file `*.managed-alert.json` for the managed form)",
                    and_list(&alert)
                ),
            )
        });
    }
    None
}

/// Steps 8 and 9: pipe bodies and records, service records.
fn pipe_or_service(object: &Map<String, Value>) -> Option<KindChoice> {
    use DocumentKind as K;
    // 8. Pipes: create bodies and records.
    let pipe = present(object, &["source", "destination"]);
    if !pipe.is_empty() {
        let record = present(object, PIPE_RECORD_MEMBERS);
        return Some(if record.is_empty() {
            KindChoice::chosen(
                K::CreatePipe,
                format!(
                    "it has {} and none of the members only pipe records have: a create-pipe body",
                    and_list(&pipe)
                ),
            )
        } else {
            KindChoice::chosen(
                K::Pipe,
                format!(
                    "it has {} and {}, which only pipe records have: a pipe record",
                    and_list(&pipe),
                    and_list(&record)
                ),
            )
        });
    }
    // 9. Services.
    let service = present(object, SERVICE_MEMBERS);
    if !service.is_empty() {
        return Some(KindChoice::chosen(
            K::Service,
            format!(
                "it has {}, which only service records have",
                and_list(&service)
            ),
        ));
    }
    None
}

/// Step 10: scaling patches, also with misspelled or stray members.
fn scaling_patch(object: &Map<String, Value>) -> Option<KindChoice> {
    use DocumentKind as K;
    // 10. Scaling patches, also with misspelled or stray members: nothing above matched,
    // so a scaling member is the best clue there is, and checking the document as a patch
    // reports the other members as unknown (with a did-you-mean) instead of giving up.
    let scaling = present(object, SCALING_MEMBERS);
    let record = present(object, &["state", "id", "createdAt"]);
    if !scaling.is_empty() && record.is_empty() {
        if looks_like_cdc_scaling(object) {
            return Some(KindChoice::chosen(
                K::CdcScaling,
                format!(
                    "it has only {}, with a value above what a pipe replica can have that fits the CDC scaling bounds: a CDC scaling body (`PATCH …/clickpipesCdcScaling`)",
                    and_list(&scaling)
                ),
            ));
        }
        let others: Vec<String> = object
            .keys()
            .filter(|k| !SCALING_MEMBERS.contains(&k.as_str()))
            .map(|k| format!("`{k}`"))
            .collect();
        return Some(if others.is_empty() {
            KindChoice::chosen(
                K::PipeScaling,
                "it has only scaling members: a scaling patch",
            )
        } else {
            KindChoice::chosen(
                K::PipeScaling,
                format!(
                    "it has {} and nothing that identifies another body: a scaling patch; {} {} not a scaling member",
                    and_list(&scaling),
                    and_list(&others),
                    if others.len() == 1 { "is" } else { "are" }
                ),
            )
        });
    }
    None
}

/// Step 11: records with too little to go on.
fn bare_record(object: &Map<String, Value>) -> Option<KindChoice> {
    use DocumentKind as K;
    // 11. Records with too little to go on.
    if object.contains_key("state") {
        return Some(KindChoice::chosen(
            K::Pipe,
            "it has `state`, which of the records only pipes have",
        ));
    }
    let record = present(object, &["id", "createdAt"]);
    if !record.is_empty() {
        return Some(KindChoice::open(
            format!(
                "it has {}, which pipe and service records both have, and nothing that tells them apart",
                and_list(&record)
            ),
            &[K::Pipe, K::Service],
        ));
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn kind(value: Value) -> Option<DocumentKind> {
        detect(&value).kind
    }

    #[test]
    fn tells_every_kind_from_content() {
        use DocumentKind as K;
        let cases = [
            (json!({"name": "p", "source": {"kafka": {}}}), K::CreatePipe),
            (json!({"replicas": 2}), K::PipeScaling),
            (
                json!({"replicaCpuMillicores": 4000, "replicaMemoryGb": 16}),
                K::CdcScaling,
            ),
            (
                json!({"id": "x", "source": {}, "state": "Running"}),
                K::Pipe,
            ),
            (json!({"id": "x", "name": "p", "state": "Running"}), K::Pipe),
            (
                json!({"requestId": "r", "result": {}, "status": 200}),
                K::PipeResponse,
            ),
            (
                json!({"requestId": "r", "result": [], "status": 200}),
                K::ServiceList,
            ),
            (json!({"id": "x", "clickhouseVersion": "24.8"}), K::Service),
            (json!({"error": "bad", "status": 400}), K::Error),
            (json!({"source": "tile", "threshold": 1}), K::StackAlert),
            (
                json!({"threshold": 1, "channel": {"type": "email", "emailRecipients": []}}),
                K::ManagedStackAlert,
            ),
            (json!({"startTime": 1, "series": []}), K::ChartSeries),
            (json!({"name": "d", "tiles": []}), K::Dashboard),
            (
                json!({"name": "d", "tiles": [], "filters": [{"id": "f"}]}),
                K::DashboardUpdate,
            ),
        ];
        for (value, expected) in cases {
            assert_eq!(kind(value.clone()), Some(expected), "{value}");
        }
    }

    #[test]
    fn the_envelope_shortcut_agrees_with_detect() {
        let cases = [
            json!({"result": {}}),
            json!({"result": []}),
            json!({"result": 1, "error": "e"}),
            json!({"error": "e", "tiles": []}),
            json!({"requestId": "r"}),
            json!({"name": "p", "source": {"kafka": {}}}),
            json!({"tiles": [], "result": null}),
        ];
        for value in cases {
            let detected = kind(value.clone()).filter(|k| k.is_envelope());
            assert_eq!(
                envelope_kind(value.as_object().unwrap()),
                detected,
                "{value}"
            );
        }
    }

    #[test]
    fn a_cdc_scaling_body_is_told_from_a_pipe_patch_by_its_bounds() {
        // Fits a pipe replica: a pipe patch.
        assert_eq!(
            kind(json!({"replicaCpuMillicores": 2000, "replicaMemoryGb": 8})),
            Some(DocumentKind::PipeScaling)
        );
        // Off the CDC steps, or with a pipe-only member: a pipe patch (its bounds report it).
        assert_eq!(
            kind(json!({"replicaCpuMillicores": 4500})),
            Some(DocumentKind::PipeScaling)
        );
        assert_eq!(
            kind(json!({"replicas": 2, "replicaMemoryGb": 16})),
            Some(DocumentKind::PipeScaling)
        );
        assert_eq!(
            kind(json!({"replicaMemoryGb": 32})),
            Some(DocumentKind::CdcScaling)
        );
        // Named as a pipe patch, it says what it looks like.
        let body = json!({"replicaCpuMillicores": 8000});
        let named = KindChoice::decide(None, Some("cdc.scaling.json"), &body);
        assert_eq!(named.kind, Some(DocumentKind::PipeScaling));
        assert!(
            named.reason.contains("--kind cdc-scaling"),
            "{}",
            named.reason
        );
        assert!(cdc_scaling_hint(DocumentKind::CdcScaling, &body).is_none());
    }

    #[test]
    fn names_the_candidates_when_ambiguous() {
        let choice = detect(&json!({"id": "x", "name": "n"}));
        assert_eq!(choice.kind, None);
        assert_eq!(
            choice.candidates,
            vec![DocumentKind::Pipe, DocumentKind::Service]
        );
        let envelope = detect(&json!({"requestId": "r", "status": 200}));
        assert_eq!(envelope.candidates.len(), 3);
        assert!(detect(&json!({"hello": "world"})).candidates.is_empty());
        assert_eq!(kind(json!([1])), None);
        assert_eq!(kind(json!({})), None);
    }

    #[test]
    fn file_suffixes_are_unambiguous() {
        for (a, _) in FILE_SUFFIXES {
            for (b, _) in FILE_SUFFIXES {
                assert!(a == b || !a.ends_with(b), "{a} ends with {b}");
            }
        }
        assert_eq!(
            DocumentKind::from_file_name("orders.managed-alert.json"),
            Some(DocumentKind::ManagedStackAlert)
        );
        assert_eq!(
            DocumentKind::from_file_name("Orders.PIPE.json"),
            Some(DocumentKind::CreatePipe)
        );
        assert_eq!(DocumentKind::from_file_name("orders.json"), None);
        for kind in DocumentKind::ALL {
            assert!(kind.suffixes().next().is_some(), "{kind} has no suffix");
        }
    }

    #[test]
    fn the_given_kind_wins_then_the_file_name() {
        let body = json!({"replicas": 2});
        let given = KindChoice::decide(Some(DocumentKind::Pipe), Some("a.alert.json"), &body);
        assert_eq!(given.kind, Some(DocumentKind::Pipe));
        let named = KindChoice::decide(None, Some("a.alert.json"), &body);
        assert_eq!(named.kind, Some(DocumentKind::StackAlert));
        assert!(named.reason.contains("`.alert.json`"));
        let content = KindChoice::decide(None, Some("a.json"), &body);
        assert_eq!(content.kind, Some(DocumentKind::PipeScaling));
    }
}
