//! The provider's checks of a `clickhouse_clickpipe` resource, in one table: what
//! `terraform validate` rejects (the schema, read from `provider_schema`, and the config
//! validators), what `ModifyPlan` rejects (or warns about) at `terraform plan`, and what
//! `Create` rejects at `terraform apply` before it sends the request. Each row names the fixtures that show it
//! (`fixtures/terraform/invalid/<rule>--<id>.tf` and `fixtures/terraform/valid/<id>.tf`);
//! a test fails when one is missing. The cross-field checks run here, on the values as
//! written (converted to their types), before the rules see the body: a value the provider
//! rejects becomes unknown to the rules, so the API's rule that reads it stays quiet (one
//! mistake, one finding).

use std::ops::Range;

use serde_json::{Map, Value};

use super::convert::{Builder, snake_case, stand_in};
use crate::api::provider::ProviderVersion;
use crate::diagnostic::Diagnostic;
use crate::entries::terraform::{
    terraform_apply_fails, terraform_block_form, terraform_invalid_argument, terraform_plan_fails,
    terraform_plan_warns, terraform_unsupported_argument,
};
use crate::pointer::{pointer_join, pointer_split, resolve};
use crate::rule::Rule;

/// Where Terraform stops on a check.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Stage {
    /// `terraform validate`: the schema and the config validators, offline.
    Validate,
    /// `terraform plan`: the resource's `ModifyPlan`.
    Plan,
    /// `terraform apply`: `Create`, before the request is sent.
    Apply,
    /// `terraform plan` warns (`ModifyPlan`) and goes on.
    PlanWarning,
}

impl Stage {
    /// The rule whose findings say Terraform stops here.
    pub(crate) fn rule(self) -> &'static Rule {
        match self {
            Stage::Validate => &terraform_invalid_argument::RULE,
            Stage::Plan => &terraform_plan_fails::RULE,
            Stage::Apply => &terraform_apply_fails::RULE,
            Stage::PlanWarning => &terraform_plan_warns::RULE,
        }
    }

    /// `validate`, `plan` or `apply`; `plan-warning` for a warning of `terraform plan`.
    pub(crate) fn name(self) -> &'static str {
        match self {
            Stage::Validate => "validate",
            Stage::Plan => "plan",
            Stage::Apply => "apply",
            Stage::PlanWarning => "plan-warning",
        }
    }

    fn words(self) -> &'static str {
        match self {
            Stage::Validate => "`terraform validate` fails",
            Stage::Plan => "`terraform plan` fails",
            Stage::Apply => "`terraform apply` fails before creating the pipe",
            Stage::PlanWarning => "`terraform plan` warns",
        }
    }
}

/// Who reports a check.
pub(crate) enum By {
    /// The reader's schema check (`provider_schema`), by the rule given.
    Schema(&'static Rule),
    /// A cross-field check of this file.
    Check(fn(&mut Run)),
}

/// One check of the provider.
pub(crate) struct ProviderCheck {
    /// The fixtures' name.
    pub(crate) id: &'static str,
    pub(crate) stage: Stage,
    /// The first bundled provider release that makes the check (per the release's source).
    pub(crate) since: ProviderVersion,
    pub(crate) by: By,
    /// Words of its finding's message, which its invalid fixture must show.
    pub(crate) says: &'static str,
}

impl ProviderCheck {
    /// The rule of its findings.
    pub(crate) fn rule(&self) -> &'static Rule {
        match self.by {
            By::Schema(rule) => rule,
            By::Check(_) => self.stage.rule(),
        }
    }
}

const fn schema(id: &'static str, rule: &'static Rule, says: &'static str) -> ProviderCheck {
    ProviderCheck {
        id,
        stage: Stage::Validate,
        since: ProviderVersion::V3_14_0,
        by: By::Schema(rule),
        says,
    }
}

const fn check(
    id: &'static str,
    stage: Stage,
    says: &'static str,
    run: fn(&mut Run),
) -> ProviderCheck {
    ProviderCheck {
        id,
        stage,
        since: ProviderVersion::V3_14_0,
        by: By::Check(run),
        says,
    }
}

/// The same check, made from a later release on.
const fn since(version: ProviderVersion, check: ProviderCheck) -> ProviderCheck {
    ProviderCheck {
        since: version,
        ..check
    }
}

/// Every check of the provider's clickpipe resource that pipelint makes.
pub(crate) static CHECKS: &[ProviderCheck] = &[
    // `terraform validate`: the schema.
    schema(
        "unsupported-argument",
        &terraform_unsupported_argument::RULE,
        "Unsupported argument",
    ),
    schema(
        "block-form",
        &terraform_block_form::RULE,
        "Unsupported block type",
    ),
    schema(
        "required-argument",
        &terraform_invalid_argument::RULE,
        "is required, but no definition was found",
    ),
    schema(
        "read-only-argument",
        &terraform_invalid_argument::RULE,
        "Read-Only Attribute",
    ),
    schema(
        "wrong-type",
        &terraform_invalid_argument::RULE,
        "inappropriate value",
    ),
    schema(
        "kafka-type-list",
        &terraform_invalid_argument::RULE,
        "`dokafka`, which is not one of the provider's values",
    ),
    schema(
        "object-storage-type-list",
        &terraform_invalid_argument::RULE,
        "`dospaces`, which is not one of the provider's values",
    ),
    schema(
        "compression-list",
        &terraform_invalid_argument::RULE,
        "`gz`, which is not one of the provider's values",
    ),
    schema(
        "replicas-bounds",
        &terraform_invalid_argument::RULE,
        "the provider accepts 1 to 10",
    ),
    schema(
        "setting-at-least",
        &terraform_invalid_argument::RULE,
        "the provider accepts at least 1",
    ),
    since(
        ProviderVersion::V3_16_0,
        schema(
            "pubsub-topic-pattern",
            &terraform_invalid_argument::RULE,
            "the topic's name alone",
        ),
    ),
    since(
        ProviderVersion::V3_16_0,
        schema(
            "pubsub-project-id-pattern",
            &terraform_invalid_argument::RULE,
            "is not a GCP project ID",
        ),
    ),
    since(
        ProviderVersion::V3_16_0,
        schema(
            "pubsub-filter-length",
            &terraform_invalid_argument::RULE,
            "at most 256",
        ),
    ),
    schema(
        "queue-url-pattern",
        &terraform_invalid_argument::RULE,
        "is not an SQS queue URL",
    ),
    since(
        ProviderVersion::V3_23_1,
        schema(
            "partition-by-expr-blank",
            &terraform_invalid_argument::RULE,
            "is blank",
        ),
    ),
    since(
        ProviderVersion::V3_16_0,
        schema(
            "password-conflicts",
            &terraform_invalid_argument::RULE,
            "cannot be set together with `password_wo`",
        ),
    ),
    since(
        ProviderVersion::V3_16_0,
        schema(
            "password-wo-needs-version",
            &terraform_invalid_argument::RULE,
            "needs `password_wo_version` beside it",
        ),
    ),
    // Before 3.16.0 `password` itself was Required (the schema test has that check).
    since(
        ProviderVersion::V3_16_0,
        schema(
            "schema-registry-password-required",
            &terraform_invalid_argument::RULE,
            "or `password_wo` must be set",
        ),
    ),
    // `terraform validate`: the config validators.
    since(
        ProviderVersion::V3_16_0,
        check(
            "pubsub-seek-timestamp-not-allowed",
            Stage::Validate,
            "must not be set when `seek_type` is",
            pubsub_seek_timestamp_not_allowed,
        ),
    ),
    since(
        ProviderVersion::V3_16_0,
        check(
            "pubsub-seek-timestamp-required",
            Stage::Validate,
            "is required when `seek_type` is",
            pubsub_seek_timestamp_required,
        ),
    ),
    since(
        ProviderVersion::V3_18_0,
        check(
            "cdc-scaling",
            Stage::Validate,
            "`scaling` cannot be configured",
            cdc_scaling,
        ),
    ),
    // `terraform plan`: ModifyPlan.
    since(
        ProviderVersion::V3_16_0,
        check(
            "stopped-at-create",
            Stage::Plan,
            "cannot be created stopped",
            stopped_at_create,
        ),
    ),
    check(
        "version-column-required",
        Stage::Plan,
        "`version_column_id` is required for ReplacingMergeTree",
        version_column_required,
    ),
    check(
        "version-column-only-replacing",
        Stage::Plan,
        "`version_column_id` can only be used with ReplacingMergeTree",
        version_column_only_replacing,
    ),
    check(
        "column-ids-only-summing",
        Stage::Plan,
        "`column_ids` can only be used with SummingMergeTree",
        column_ids_only_summing,
    ),
    check(
        "sorting-key-required",
        Stage::Plan,
        "`sorting_key` is required for ReplacingMergeTree",
        sorting_key_required,
    ),
    check(
        "version-column-not-a-column",
        Stage::Plan,
        "must exist in destination columns",
        version_column_not_a_column,
    ),
    check(
        "column-ids-not-columns",
        Stage::Plan,
        "`column_ids` must exist in destination columns",
        column_ids_not_columns,
    ),
    check(
        "queue-url-needs-continuous",
        Stage::Plan,
        "only when `is_continuous` is true",
        queue_url_needs_continuous,
    ),
    check(
        "queue-url-storage-type",
        Stage::Plan,
        "`queue_url` is only supported for S3 and GCS",
        queue_url_storage_type,
    ),
    check(
        "queue-url-s3-auth",
        Stage::Plan,
        "`queue_url` with S3 requires",
        queue_url_s3_auth,
    ),
    check(
        "queue-url-gcs-auth",
        Stage::Plan,
        "`queue_url` with GCS requires",
        queue_url_gcs_auth,
    ),
    since(
        ProviderVersion::V3_18_0,
        check(
            "skip-initial-load-needs-queue-url",
            Stage::Plan,
            "`queue_url` is required when `skip_initial_load` is true",
            skip_initial_load_needs_queue_url,
        ),
    ),
    since(
        ProviderVersion::V3_18_0,
        check(
            "start-after-with-skip-initial-load",
            Stage::Plan,
            "`start_after` cannot be provided when `skip_initial_load` is true",
            start_after_with_skip_initial_load,
        ),
    ),
    check(
        "gcs-iam-role",
        Stage::Plan,
        "IAM_ROLE authentication is not supported for GCS",
        gcs_iam_role,
    ),
    check(
        "service-account-gcs-only",
        Stage::Plan,
        "SERVICE_ACCOUNT authentication is only supported for GCS",
        service_account_gcs_only,
    ),
    check(
        "service-account-key-required",
        Stage::Plan,
        "`service_account_key` is required when `authentication` is SERVICE_ACCOUNT",
        service_account_key_required,
    ),
    check(
        "service-account-key-needs-service-account",
        Stage::Plan,
        "`service_account_key` can only be used with SERVICE_ACCOUNT",
        service_account_key_needs_service_account,
    ),
    check(
        "duplicate-target-table",
        Stage::Plan,
        "is used by multiple source tables",
        duplicate_target_table,
    ),
    since(
        ProviderVersion::V3_18_0,
        check(
            "mariadb-gtid-only",
            Stage::Plan,
            "only supports the GTID replication mechanism",
            mariadb_gtid_only,
        ),
    ),
    since(
        ProviderVersion::V3_17_2,
        check(
            "table-definition-on-cdc",
            Stage::Plan,
            "`table_definition` is not supported for database (CDC) pipes",
            table_definition_on_cdc,
        ),
    ),
    // `terraform plan`: ModifyPlan's warnings (Terraform goes on).
    since(
        ProviderVersion::V3_17_1,
        check(
            "managed-table-on-cdc",
            Stage::PlanWarning,
            "`managed_table` has no effect on a database (CDC) pipe",
            managed_table_on_cdc,
        ),
    ),
    // `terraform apply`: Create, before the request.
    check(
        "source-required",
        Stage::Apply,
        "requires at least one source",
        source_required,
    ),
    check(
        "destination-table-required",
        Stage::Apply,
        "`destination.table` is required",
        destination_table_required,
    ),
    check(
        "destination-columns-required",
        Stage::Apply,
        "`destination.columns` is required",
        destination_columns_required,
    ),
    check(
        "managed-table-needs-definition",
        Stage::Apply,
        "a managed table requires `table_definition`",
        managed_table_needs_definition,
    ),
    check(
        "kafka-credentials-required",
        Stage::Apply,
        "the Kafka source requires credentials",
        kafka_credentials_required,
    ),
    check(
        "azure-url",
        Stage::Apply,
        "`url` should not be used with Azure Blob Storage",
        azure_url,
    ),
    check(
        "azure-container-required",
        Stage::Apply,
        "`azure_container_name` is required",
        azure_container_required,
    ),
    check(
        "azure-connection-string-required",
        Stage::Apply,
        "`connection_string` is required",
        azure_connection_string_required,
    ),
    check(
        "url-required",
        Stage::Apply,
        "`url` is required",
        url_required,
    ),
    check(
        "kinesis-access-key-required",
        Stage::Apply,
        "IAM_USER authentication requires `access_key`",
        kinesis_access_key_required,
    ),
    check(
        "database-basic-needs-password",
        Stage::Apply,
        "a password is required when `authentication` is `basic`",
        database_basic_needs_password,
    ),
    check(
        "database-basic-with-iam-role",
        Stage::Apply,
        "`iam_role` should not be set when `authentication` is `basic`",
        database_basic_with_iam_role,
    ),
    check(
        "database-iam-role-needs-role",
        Stage::Apply,
        "`iam_role` is required when `authentication` is",
        database_iam_role_needs_role,
    ),
    check(
        "database-iam-role-with-password",
        Stage::Apply,
        "a password should not be set when `authentication` is",
        database_iam_role_with_password,
    ),
];

/// Runs the cross-field checks on a resource's body as written.
pub(super) fn run(body: &mut Value, builder: &mut Builder, version: ProviderVersion) {
    let mut run = Run {
        body,
        builder,
        settle: Vec::new(),
        stage: Stage::Validate,
    };
    for row in CHECKS.iter().filter(|row| row.since <= version) {
        if let By::Check(check) = row.by {
            run.stage = row.stage;
            check(&mut run);
        }
    }
    // What the provider rejects is unknown to the rules, present or not.
    let Run {
        body,
        builder,
        settle,
        ..
    } = run;
    for pointer in settle {
        set_unknown(body, &pointer, version);
        builder.rejected.push(pointer);
    }
}

/// Puts the stand-in of an unknown value at `pointer` (creating the member). A member not
/// written takes the stand-in of the type the provider declares for it: an absent
/// `credentials` object must not read as an empty one, whose members a rule would miss.
fn set_unknown(body: &mut Value, pointer: &str, version: ProviderVersion) {
    let Some((parent, name)) = pointer_split(pointer) else {
        return;
    };
    if let Some(Value::Object(map)) = body.pointer_mut(parent) {
        let collection = match map.get(&name) {
            Some(value) => value.is_object() || value.is_array(),
            None => super::provider_schema::kind_at(version, &schema_path(pointer))
                .is_some_and(super::provider_schema::Type::is_collection),
        };
        let kind = collection.then_some(super::provider_schema::Type::Object);
        map.insert(name, stand_in(kind));
    }
}

/// The schema's path of a body's pointer (`/source/objectStorage/url` ->
/// `source.object_storage.url`; item indexes skipped).
fn schema_path(pointer: &str) -> String {
    let names: Vec<String> = pointer
        .split('/')
        .skip(1)
        .filter(|token| !token.bytes().all(|b| b.is_ascii_digit()))
        .map(snake_case)
        .collect();
    names.join(".")
}

/// What a check sees and reports into.
pub(crate) struct Run<'a> {
    body: &'a mut Value,
    builder: &'a mut Builder,
    /// Pointers of the values the provider rejects, made unknown after the checks.
    settle: Vec<String>,
    stage: Stage,
}

/// A member as a check reads it.
#[derive(Clone, Copy, Debug)]
enum Read<'v> {
    Absent,
    /// An expression, or a value rejected already.
    Unknown,
    Known(&'v Value),
}

impl Run<'_> {
    fn read(&self, pointer: &str) -> Read<'_> {
        if self.builder_unknown(pointer) {
            return Read::Unknown;
        }
        match resolve(self.body, pointer) {
            None => Read::Absent,
            Some(value) => Read::Known(value),
        }
    }

    fn builder_unknown(&self, pointer: &str) -> bool {
        let at_or_above = |u: &str| {
            pointer == u || (pointer.starts_with(u) && pointer[u.len()..].starts_with('/'))
        };
        self.builder.unknown.iter().any(|(u, ..)| at_or_above(u))
            || self.builder.rejected.iter().any(|u| at_or_above(u))
            || self.settle.iter().any(|u| at_or_above(u))
    }

    /// The string at `pointer`, `default` when absent; `None` when unknown or not a string.
    fn text<'s>(&'s self, pointer: &str, default: &'s str) -> Option<&'s str> {
        match self.read(pointer) {
            Read::Absent => Some(default),
            Read::Known(Value::String(text)) => Some(text),
            _ => None,
        }
    }

    /// Whether the member is set: `Some(false)` when absent or `""` (the provider reads an
    /// empty string as unset where the check says so), `Some(true)` when set or an
    /// expression (given the benefit of the doubt).
    fn set(&self, pointer: &str, empty_is_unset: bool) -> bool {
        match self.read(pointer) {
            Read::Absent => false,
            Read::Unknown => true,
            Read::Known(Value::String(text)) if empty_is_unset => !text.is_empty(),
            Read::Known(Value::Null) => false,
            Read::Known(_) => true,
        }
    }

    fn flag(&self, pointer: &str, default: bool) -> Option<bool> {
        match self.read(pointer) {
            Read::Absent => Some(default),
            Read::Known(Value::Bool(flag)) => Some(*flag),
            _ => None,
        }
    }

    /// The first source kind written, as the provider picks it, with its pointer.
    fn source(&self) -> Option<&'static str> {
        const ORDER: &[&str] = &[
            "kafka",
            "objectStorage",
            "kinesis",
            "pubsub",
            "postgres",
            "mysql",
            "bigquery",
            "mongodb",
        ];
        let source = self.body.get("source")?.as_object()?;
        ORDER
            .iter()
            .copied()
            .find(|kind| source.contains_key(*kind))
    }

    fn is_cdc(&self) -> Option<bool> {
        self.source()
            .map(|kind| matches!(kind, "postgres" | "mysql" | "bigquery" | "mongodb"))
    }

    /// The span of a member's key (or the nearest written member above it).
    fn key_span(&self, pointer: &str) -> Range<usize> {
        let mut at = pointer;
        loop {
            if let Some(spans) = self.builder.spans.get(at) {
                return spans.key.clone().unwrap_or(spans.value.clone());
            }
            match pointer_split(at) {
                Some((parent, _)) => at = parent,
                None => return 0..0,
            }
        }
    }

    fn value_span(&self, pointer: &str) -> Range<usize> {
        match self.builder.spans.get(pointer) {
            Some(spans) => spans.value.clone(),
            None => self.key_span(pointer),
        }
    }

    /// Reports a finding at `span` about `pointer`, and makes the values in `settle`
    /// unknown to the rules.
    fn report(
        &mut self,
        span: Range<usize>,
        pointer: &str,
        message: String,
        label: &str,
        help: &str,
        settle: &[&str],
    ) {
        let finding = Diagnostic::new(
            self.stage.rule(),
            span,
            pointer,
            format!("{}: {message}", self.stage.words()),
        )
        .with_label(label)
        .with_help(help);
        self.builder.findings.push(finding);
        self.settle.extend(settle.iter().map(|p| (*p).to_owned()));
    }

    fn object(&self, pointer: &str) -> Option<&Map<String, Value>> {
        match self.read(pointer) {
            Read::Known(Value::Object(map)) => Some(map),
            _ => None,
        }
    }

    /// The strings of a list known whole (`None` when it or an item is unknown).
    fn strings(&self, pointer: &str) -> Option<Vec<String>> {
        match self.read(pointer) {
            Read::Absent => Some(Vec::new()),
            Read::Known(Value::Array(items)) => items
                .iter()
                .map(|i| i.as_str().map(str::to_owned))
                .collect(),
            _ => None,
        }
    }
}

const PUBSUB: &str = "/source/pubsub";
const OBJECT_STORAGE: &str = "/source/objectStorage";
const ENGINE: &str = "/destination/tableDefinition/engine";

fn pubsub_seek_timestamp_not_allowed(run: &mut Run) {
    let timestamp = "/source/pubsub/seekTimestamp";
    let Some(seek) = run.text("/source/pubsub/seekType", "") else {
        return;
    };
    if matches!(seek, "latest" | "earliest") && run.set(timestamp, false) {
        let seek = seek.to_owned();
        run.report(
            run.key_span(timestamp),
            timestamp,
            format!("`seek_timestamp` must not be set when `seek_type` is `{seek}` (\"Invalid Pub/Sub seek configuration\")"),
            "not with this seek type",
            "remove `seek_timestamp`, or set `seek_type = \"timestamp\"` to start from it",
            // The pair is rejected: the API's rule on an ignored timestamp reads neither.
            &[timestamp, "/source/pubsub/seekType"],
        );
    }
}

fn pubsub_seek_timestamp_required(run: &mut Run) {
    let timestamp = "/source/pubsub/seekTimestamp";
    if run.text("/source/pubsub/seekType", "") == Some("timestamp") && !run.set(timestamp, false) {
        run.report(
            run.key_span("/source/pubsub/seekType"),
            timestamp,
            "`seek_timestamp` is required when `seek_type` is `timestamp` (\"Invalid Pub/Sub seek configuration\")".to_owned(),
            "`seek_timestamp` missing",
            "add `seek_timestamp = \"2024-06-01T00:00:00Z\"` (RFC 3339)",
            &[timestamp],
        );
    }
    let _ = PUBSUB;
}

fn cdc_scaling(run: &mut Run) {
    let cdc = matches!(run.source(), Some("postgres" | "mysql" | "mongodb"));
    if cdc && run.set("/scaling", false) {
        run.report(
            run.key_span("/scaling"),
            "/scaling",
            "`scaling` cannot be configured on a Postgres, MySQL or MongoDB pipe (\"Invalid CDC ClickPipe scaling configuration\")".to_owned(),
            "not on a CDC pipe",
            "remove `scaling`; size CDC pipes with the `clickhouse_clickpipe_cdc_infrastructure` resource",
            &["/scaling"],
        );
    }
}

fn stopped_at_create(run: &mut Run) {
    let Some((value, key)) = run.builder.not_in_body.get("stopped").cloned() else {
        return;
    };
    let stopped = match value {
        Some(Value::Bool(flag)) => flag,
        // An expression is rejected too: the provider needs a known `false` at create.
        None => true,
        Some(_) => false,
    };
    if stopped {
        run.report(
            key,
            "/stopped",
            "a pipe cannot be created stopped: `stopped` must be a known `false` when the pipe is created (\"Cannot create a ClickPipe in a stopped state\")".to_owned(),
            "stopped at create",
            "create the pipe with `stopped = false` (or without `stopped`), then set `stopped = true` in a later apply",
            &[],
        );
    }
}

fn engine_type(run: &Run) -> Option<String> {
    run.object(ENGINE)?;
    run.text("/destination/tableDefinition/engine/type", "")
        .map(str::to_owned)
}

fn version_column_required(run: &mut Run) {
    let version = "/destination/tableDefinition/engine/versionColumnId";
    if engine_type(run).as_deref() == Some("ReplacingMergeTree") && !run.set(version, false) {
        run.report(
            run.key_span(ENGINE),
            version,
            "`version_column_id` is required for ReplacingMergeTree (\"Invalid Configuration\")"
                .to_owned(),
            "`version_column_id` missing",
            "add `version_column_id = \"<a column that grows with each version>\"` to the engine",
            &[version],
        );
    }
}

fn version_column_only_replacing(run: &mut Run) {
    let version = "/destination/tableDefinition/engine/versionColumnId";
    let Some(engine) = engine_type(run) else {
        return;
    };
    if engine != "ReplacingMergeTree" && run.set(version, false) {
        run.report(
            run.key_span(version),
            version,
            format!("`version_column_id` can only be used with ReplacingMergeTree, and the engine is `{engine}` (\"Invalid Configuration\")"),
            "not with this engine",
            "remove `version_column_id`, or use `type = \"ReplacingMergeTree\"`",
            &["/destination/tableDefinition/engine/type"],
        );
    }
}

fn column_ids_only_summing(run: &mut Run) {
    let ids = "/destination/tableDefinition/engine/columnIds";
    let Some(engine) = engine_type(run) else {
        return;
    };
    let non_empty = match run.read(ids) {
        Read::Known(Value::Array(items)) => !items.is_empty(),
        Read::Unknown => true,
        _ => false,
    };
    if engine != "SummingMergeTree" && non_empty {
        run.report(
            run.key_span(ids),
            ids,
            format!("`column_ids` can only be used with SummingMergeTree, and the engine is `{engine}` (\"Invalid Configuration\")"),
            "not with this engine",
            "remove `column_ids`, or use `type = \"SummingMergeTree\"`",
            &["/destination/tableDefinition/engine/type"],
        );
    }
}

fn sorting_key_required(run: &mut Run) {
    let key = "/destination/tableDefinition/sortingKey";
    if engine_type(run).as_deref() != Some("ReplacingMergeTree") {
        return;
    }
    let empty = match run.read(key) {
        Read::Absent => true,
        Read::Known(Value::Array(items)) => items.is_empty(),
        _ => false,
    };
    if empty {
        run.report(
            run.key_span("/destination/tableDefinition"),
            key,
            "`sorting_key` is required for ReplacingMergeTree (\"Invalid Configuration\")"
                .to_owned(),
            "`sorting_key` missing or empty",
            "add `sorting_key = [\"<the columns that identify a row>\"]`",
            &[key],
        );
    }
}

/// The destination's column names, when all are known.
fn column_names(run: &Run) -> Option<Vec<String>> {
    match run.read("/destination/columns") {
        Read::Known(Value::Array(columns)) if !columns.is_empty() => columns
            .iter()
            .map(|c| c.get("name").and_then(Value::as_str).map(str::to_owned))
            .collect(),
        _ => None,
    }
}

fn version_column_not_a_column(run: &mut Run) {
    let version = "/destination/tableDefinition/engine/versionColumnId";
    if engine_type(run).is_none() {
        return;
    }
    let (Some(columns), Read::Known(Value::String(name))) = (column_names(run), run.read(version))
    else {
        return;
    };
    if !columns.contains(name) {
        let name = name.clone();
        run.report(
            run.value_span(version),
            version,
            format!("`version_column_id` `{name}` must exist in destination columns (\"Invalid Configuration\")"),
            "not a column",
            "name one of `destination.columns`, or add the column",
            &[version],
        );
    }
}

fn column_ids_not_columns(run: &mut Run) {
    let ids = "/destination/tableDefinition/engine/columnIds";
    if engine_type(run).is_none() {
        return;
    }
    let (Some(columns), Some(named)) = (column_names(run), run.strings(ids)) else {
        return;
    };
    let missing: Vec<String> = named.into_iter().filter(|n| !columns.contains(n)).collect();
    if !missing.is_empty() {
        run.report(
            run.value_span(ids),
            ids,
            format!("`column_ids` must exist in destination columns; missing: {} (\"Invalid Configuration\")", missing.join(", ")),
            "not columns",
            "name columns of `destination.columns`, or add them",
            &[ids],
        );
    }
}

/// The object storage's `queue_url`, when one is written and not empty.
fn queue_url(run: &Run) -> bool {
    run.object(OBJECT_STORAGE).is_some() && run.set("/source/objectStorage/queueUrl", true)
}

fn queue_url_needs_continuous(run: &mut Run) {
    let queue = "/source/objectStorage/queueUrl";
    if queue_url(run) && run.flag("/source/objectStorage/isContinuous", false) == Some(false) {
        run.report(
            run.key_span(queue),
            queue,
            "`queue_url` can be provided only when `is_continuous` is true (\"Invalid Configuration\")".to_owned(),
            "needs `is_continuous = true`",
            "add `is_continuous = true`, or remove `queue_url`",
            &[queue],
        );
    }
}

fn queue_url_storage_type(run: &mut Run) {
    let queue = "/source/objectStorage/queueUrl";
    let Some(kind) = run.text("/source/objectStorage/type", "s3") else {
        return;
    };
    if queue_url(run) && !matches!(kind, "s3" | "gcs") {
        let kind = kind.to_owned();
        run.report(
            run.key_span(queue),
            queue,
            format!("`queue_url` is only supported for S3 and GCS object storage, not `{kind}` (\"Invalid Configuration\")"),
            "not on this storage",
            "remove `queue_url`",
            &[queue],
        );
    }
}

fn queue_url_auth(run: &mut Run, kind: &str, allowed: [&str; 2], name: &str) {
    let queue = "/source/objectStorage/queueUrl";
    let auth = "/source/objectStorage/authentication";
    if !queue_url(run) || run.text("/source/objectStorage/type", "s3") != Some(kind) {
        return;
    }
    let Some(method) = run.text(auth, "") else {
        return;
    };
    if !allowed.contains(&method) {
        let shown = if method.is_empty() {
            "not set".to_owned()
        } else {
            format!("`{method}`")
        };
        run.report(
            run.key_span(if method.is_empty() { queue } else { auth }),
            auth,
            format!("`queue_url` with {name} requires `authentication` to be `{}` or `{}`, and it is {shown} (\"Invalid Configuration\")", allowed[0], allowed[1]),
            "authentication for a queue",
            &format!("set `authentication = \"{}\"` (or `\"{}\"`)", allowed[0], allowed[1]),
            &[auth],
        );
    }
}

fn queue_url_s3_auth(run: &mut Run) {
    queue_url_auth(run, "s3", ["IAM_USER", "IAM_ROLE"], "S3");
}

fn queue_url_gcs_auth(run: &mut Run) {
    queue_url_auth(run, "gcs", ["IAM_USER", "SERVICE_ACCOUNT"], "GCS");
}

fn skip_initial_load_needs_queue_url(run: &mut Run) {
    let skip = "/source/objectStorage/skipInitialLoad";
    if run.flag(skip, false) == Some(true) && !run.set("/source/objectStorage/queueUrl", true) {
        run.report(
            run.key_span(skip),
            skip,
            "`queue_url` is required when `skip_initial_load` is true (\"Invalid Configuration\")"
                .to_owned(),
            "needs `queue_url`",
            "add the event queue's `queue_url`, or remove `skip_initial_load`",
            &[skip],
        );
    }
}

fn start_after_with_skip_initial_load(run: &mut Run) {
    let start = "/source/objectStorage/startAfter";
    if run.flag("/source/objectStorage/skipInitialLoad", false) == Some(true)
        && run.set(start, true)
    {
        run.report(
            run.key_span(start),
            start,
            "`start_after` cannot be provided when `skip_initial_load` is true (\"Invalid Configuration\")".to_owned(),
            "not with `skip_initial_load`",
            "remove `start_after`, or `skip_initial_load`",
            &[start],
        );
    }
}

fn storage_auth(run: &Run) -> Option<(String, String)> {
    run.object(OBJECT_STORAGE)?;
    let kind = run.text("/source/objectStorage/type", "s3")?;
    let auth = run.text("/source/objectStorage/authentication", "")?;
    Some((kind.to_owned(), auth.to_owned()))
}

fn gcs_iam_role(run: &mut Run) {
    let auth = "/source/objectStorage/authentication";
    if storage_auth(run).is_some_and(|(kind, method)| kind == "gcs" && method == "IAM_ROLE") {
        run.report(
            run.value_span(auth),
            auth,
            "IAM_ROLE authentication is not supported for GCS object storage (\"Invalid Configuration\")".to_owned(),
            "not on GCS",
            "use `authentication = \"SERVICE_ACCOUNT\"` with `service_account_key`, or `\"IAM_USER\"` with an HMAC `access_key`",
            &[auth],
        );
    }
}

fn service_account_gcs_only(run: &mut Run) {
    let auth = "/source/objectStorage/authentication";
    if let Some((kind, method)) = storage_auth(run)
        && method == "SERVICE_ACCOUNT"
        && kind != "gcs"
    {
        run.report(
            run.value_span(auth),
            auth,
            format!("SERVICE_ACCOUNT authentication is only supported for GCS object storage, not `{kind}` (\"Invalid Configuration\")"),
            "GCS only",
            "use an authentication method of this storage type",
            &[auth],
        );
    }
}

fn service_account_key_required(run: &mut Run) {
    let key = "/source/objectStorage/serviceAccountKey";
    if storage_auth(run).is_some_and(|(_, method)| method == "SERVICE_ACCOUNT")
        && !run.set(key, true)
    {
        run.report(
            run.key_span("/source/objectStorage/authentication"),
            key,
            "`service_account_key` is required when `authentication` is SERVICE_ACCOUNT (\"Invalid Configuration\")".to_owned(),
            "`service_account_key` missing",
            "add `service_account_key = var.gcs_service_account_key` (the key file, base64-encoded)",
            &[key],
        );
    }
}

fn service_account_key_needs_service_account(run: &mut Run) {
    let key = "/source/objectStorage/serviceAccountKey";
    if run.object(OBJECT_STORAGE).is_none() || !run.set(key, true) {
        return;
    }
    let Some(method) = run.text("/source/objectStorage/authentication", "") else {
        return;
    };
    if method != "SERVICE_ACCOUNT" {
        run.report(
            run.key_span(key),
            key,
            "`service_account_key` can only be used with SERVICE_ACCOUNT authentication (\"Invalid Configuration\")".to_owned(),
            "needs SERVICE_ACCOUNT",
            "set `authentication = \"SERVICE_ACCOUNT\"` (GCS), or remove `service_account_key`",
            &[key],
        );
    }
}

fn duplicate_target_table(run: &mut Run) {
    for kind in ["postgres", "mysql"] {
        let mappings = format!("/source/{kind}/tableMappings");
        let Read::Known(Value::Array(items)) = run.read(&mappings) else {
            continue;
        };
        let mut seen: Vec<(String, String)> = Vec::new();
        let mut found = Vec::new();
        for (index, item) in items.iter().enumerate() {
            let (Some(target), Some(schema), Some(table)) = (
                item.get("targetTable").and_then(Value::as_str),
                item.get("sourceSchemaName").and_then(Value::as_str),
                item.get("sourceTable").and_then(Value::as_str),
            ) else {
                continue;
            };
            let source = format!("{schema}.{table}");
            match seen.iter().find(|(t, _)| t == target) {
                Some((_, first)) => found.push((index, target.to_owned(), first.clone(), source)),
                None => seen.push((target.to_owned(), source)),
            }
        }
        for (index, target, first, source) in found {
            let pointer = format!("{mappings}/{index}/targetTable");
            run.report(
                run.value_span(&pointer),
                &pointer,
                format!("target table `{target}` is used by multiple source tables: {first} and {source}; each `target_table` must be unique (\"Invalid table_mappings configuration\")"),
                "target table used twice",
                "give each mapping its own `target_table`",
                &[&pointer],
            );
        }
    }
}

fn mariadb_gtid_only(run: &mut Run) {
    let mechanism = "/source/mysql/settings/replicationMechanism";
    let Some(kind) = run.text("/source/mysql/type", "mysql") else {
        return;
    };
    if !matches!(kind, "mariadb" | "rdsmariadb") || run.object("/source/mysql/settings").is_none() {
        return;
    }
    if let Read::Known(Value::String(value)) = run.read(mechanism)
        && value != "GTID"
    {
        let kind = kind.to_owned();
        run.report(
            run.value_span(mechanism),
            mechanism,
            format!("source type `{kind}` only supports the GTID replication mechanism (\"Invalid MySQL replication configuration\")"),
            "GTID only",
            "set `replication_mechanism = \"GTID\"`, or leave it out (GTID is the default)",
            &[mechanism],
        );
    }
}

fn table_definition_on_cdc(run: &mut Run) {
    let definition = "/destination/tableDefinition";
    if run.is_cdc() == Some(true) && run.set(definition, false) {
        run.report(
            run.key_span(definition),
            definition,
            "`table_definition` is not supported for database (CDC) pipes (\"table_definition is not supported for database (CDC) pipes\")".to_owned(),
            "not on a CDC pipe",
            "remove `destination.table_definition`; each table is defined by its `table_mappings` entry (`target_table`, `table_engine`, `sorting_keys`)",
            &[definition],
        );
    }
}

fn managed_table_on_cdc(run: &mut Run) {
    let managed = "/destination/managedTable";
    // Any value but null is "set", an expression too (the provider reads the configuration).
    if run.is_cdc() == Some(true) && run.set(managed, false) {
        let kind = run
            .source()
            .map(super::convert::snake_case)
            .unwrap_or_default();
        run.report(
            run.key_span(managed),
            managed,
            format!("`managed_table` has no effect on a database (CDC) pipe: the provider ignores it for a `{kind}` source and does not send it (\"managed_table has no effect for database (CDC) pipes\")"),
            "ignored on a database pipe",
            "remove `managed_table`; each table of a database pipe is created from its `table_mappings` entry",
            // Never sent: the API's rules do not read it.
            &[managed],
        );
    }
}

fn source_required(run: &mut Run) {
    if run.object("/source").is_some() && run.source().is_none() {
        run.report(
            run.key_span("/source"),
            "/source",
            "the pipe requires at least one source configuration (\"Error Creating ClickPipe\")"
                .to_owned(),
            "no source kind",
            "add one source kind: `kafka = { … }`, `object_storage = { … }`, `kinesis = { … }`, …",
            &["/source"],
        );
    }
}

fn destination_required(run: &mut Run, member: &str, name: &str) {
    let pointer = pointer_join("/destination", member);
    if run.is_cdc() != Some(false) || run.object("/destination").is_none() {
        return;
    }
    let missing = match run.read(&pointer) {
        Read::Absent => true,
        Read::Known(Value::String(text)) => text.is_empty(),
        Read::Known(Value::Array(items)) => items.is_empty(),
        _ => false,
    };
    if missing {
        let kind = run
            .source()
            .map(super::convert::snake_case)
            .unwrap_or_default();
        run.report(
            run.key_span("/destination"),
            &pointer,
            format!("`destination.{name}` is required for a `{kind}` source (\"Error Creating ClickPipe\")"),
            &format!("`{name}` missing"),
            if name == "table" {
                "add `table = \"<the table to write to>\"`"
            } else {
                "add `columns = [{ name = \"…\", type = \"…\" }]`, one per column of the table"
            },
            &[&pointer],
        );
    }
}

fn destination_table_required(run: &mut Run) {
    destination_required(run, "table", "table");
}

fn destination_columns_required(run: &mut Run) {
    destination_required(run, "columns", "columns");
}

fn managed_table_needs_definition(run: &mut Run) {
    let definition = "/destination/tableDefinition";
    if run.is_cdc() != Some(false) || run.object("/destination").is_none() {
        return;
    }
    if run.flag("/destination/managedTable", true) == Some(true) && !run.set(definition, false) {
        run.report(
            run.key_span("/destination"),
            definition,
            "a managed table requires `table_definition` (`managed_table` is true by default) (\"Error Creating ClickPipe\")".to_owned(),
            "`table_definition` missing",
            "add `table_definition = { engine = { type = \"MergeTree\" } }`, or set `managed_table = false` to write to a table that exists",
            &[definition],
        );
    }
}

fn kafka_credentials_required(run: &mut Run) {
    let credentials = "/source/kafka/credentials";
    if run.object("/source/kafka").is_none() {
        return;
    }
    let Some(method) = run.text("/source/kafka/authentication", "PLAIN") else {
        return;
    };
    if method == "IAM_ROLE" {
        return;
    }
    let complete = match run.read(credentials) {
        Read::Absent => false,
        Read::Unknown => true,
        Read::Known(_) => {
            let has = |m: &str| run.set(&pointer_join(credentials, m), false);
            (has("username") && has("password"))
                || (has("accessKeyId") && has("secretKey"))
                || has("connectionString")
                || (has("certificate") && has("privateKey"))
        }
    };
    if !complete {
        let at = if run.set(credentials, false) {
            credentials
        } else {
            "/source/kafka"
        };
        run.report(
            run.key_span(at),
            credentials,
            format!("the Kafka source requires credentials: with `authentication = \"{method}\"` no complete set is given (\"Error Creating ClickPipe\")"),
            "no complete credentials",
            "add `credentials = { username = var.kafka_username, password_wo = var.kafka_password, password_wo_version = 1 }` (or `certificate` with `private_key` for MUTUAL_TLS, `access_key_id` with `secret_key` for IAM_USER)",
            &[credentials],
        );
    }
}

/// The object storage type, when the source is object storage and the type is known.
fn storage_type(run: &Run) -> Option<String> {
    run.object(OBJECT_STORAGE)?;
    run.text("/source/objectStorage/type", "s3")
        .map(str::to_owned)
}

fn azure_url(run: &mut Run) {
    let url = "/source/objectStorage/url";
    if storage_type(run).as_deref() == Some("azureblobstorage") && run.set(url, true) {
        run.report(
            run.key_span(url),
            url,
            "`url` should not be used with Azure Blob Storage; use `path` and `azure_container_name` (\"Error Creating ClickPipe\")".to_owned(),
            "not on Azure",
            "remove `url`; name the container with `azure_container_name` and the files with `path`",
            &[url],
        );
    }
}

fn azure_required(run: &mut Run, member: &str, name: &str, help: &str) {
    let pointer = pointer_join(OBJECT_STORAGE, member);
    // The provider stops at the first missing member, after a `url`.
    if storage_type(run).as_deref() == Some("azureblobstorage")
        && !run.set("/source/objectStorage/url", true)
        && !run.set(&pointer, true)
    {
        if name == "connection_string" && !run.set("/source/objectStorage/azureContainerName", true)
        {
            return;
        }
        run.report(
            run.key_span(OBJECT_STORAGE),
            &pointer,
            format!(
                "`{name}` is required when using Azure Blob Storage (\"Error Creating ClickPipe\")"
            ),
            &format!("`{name}` missing"),
            help,
            &[&pointer],
        );
    }
}

fn azure_container_required(run: &mut Run) {
    azure_required(
        run,
        "azureContainerName",
        "azure_container_name",
        "add `azure_container_name = \"<container>\"`",
    );
}

fn azure_connection_string_required(run: &mut Run) {
    azure_required(
        run,
        "connectionString",
        "connection_string",
        "add `connection_string = var.azure_connection_string` and `authentication = \"CONNECTION_STRING\"`",
    );
}

fn url_required(run: &mut Run) {
    let url = "/source/objectStorage/url";
    let Some(kind) = storage_type(run) else {
        return;
    };
    if kind != "azureblobstorage" && !run.set(url, true) {
        run.report(
            run.key_span(OBJECT_STORAGE),
            url,
            format!("`url` is required when using `{kind}` storage (\"Error Creating ClickPipe\")"),
            "`url` missing",
            "add `url = \"https://<bucket>.s3.amazonaws.com/<path>/*.json\"` (or the GCS URL)",
            &[url],
        );
    }
}

fn kinesis_access_key_required(run: &mut Run) {
    let key = "/source/kinesis/accessKey";
    if run.text("/source/kinesis/authentication", "") == Some("IAM_USER")
        && run.object("/source/kinesis").is_some()
        && !run.set(key, false)
    {
        run.report(
            run.key_span("/source/kinesis/authentication"),
            key,
            "the Kinesis source with IAM_USER authentication requires `access_key` (\"Error Creating ClickPipe\")".to_owned(),
            "`access_key` missing",
            "add `access_key = { access_key_id = var.aws_access_key_id, secret_key = var.aws_secret_key }`",
            &[key],
        );
    }
}

/// The Postgres or MySQL source and its authentication method, when known: `IAM_ROLE` for
/// the IAM method however the release spells it, and the method as written.
fn database_auth(run: &Run) -> Option<(&'static str, String, String)> {
    for kind in ["postgres", "mysql"] {
        let source = format!("/source/{kind}");
        if run.object(&source).is_some() {
            let written = run.text(&format!("{source}/authentication"), "basic")?;
            // Postgres spelt the IAM method `iam_role` before 3.22.1.
            let method = if written == "iam_role" {
                "IAM_ROLE"
            } else {
                written
            };
            return Some((kind, method.to_owned(), written.to_owned()));
        }
    }
    None
}

/// Whether the credentials object is known (the provider checks a password only then).
fn credentials_known(run: &Run, kind: &str) -> bool {
    run.object(&format!("/source/{kind}/credentials")).is_some()
}

fn database_basic_needs_password(run: &mut Run) {
    let Some((kind, method, _)) = database_auth(run) else {
        return;
    };
    let password = format!("/source/{kind}/credentials/password");
    if method == "basic" && credentials_known(run, kind) && !run.set(&password, false) {
        run.report(
            run.key_span(&format!("/source/{kind}/credentials")),
            &password,
            "a password is required when `authentication` is `basic` (\"Missing required attribute\")".to_owned(),
            "password missing",
            "add `password_wo = var.db_password` with `password_wo_version = 1` (or `password = var.db_password`)",
            &[&password],
        );
    }
}

fn database_basic_with_iam_role(run: &mut Run) {
    let Some((kind, method, _)) = database_auth(run) else {
        return;
    };
    let role = format!("/source/{kind}/iamRole");
    if method == "basic" && run.set(&role, false) {
        run.report(
            run.key_span(&role),
            &role,
            "`iam_role` should not be set when `authentication` is `basic` (\"Invalid attribute combination\")".to_owned(),
            "not with `basic`",
            "remove `iam_role`, or set `authentication = \"IAM_ROLE\"` (and no password)",
            &[&role],
        );
    }
}

fn database_iam_role_needs_role(run: &mut Run) {
    let Some((kind, method, written)) = database_auth(run) else {
        return;
    };
    let role = format!("/source/{kind}/iamRole");
    if method == "IAM_ROLE" && !run.set(&role, false) {
        run.report(
            run.key_span(&format!("/source/{kind}/authentication")),
            &role,
            format!("`iam_role` is required when `authentication` is `{written}` (\"Missing required attribute\")"),
            "`iam_role` missing",
            "add `iam_role = \"arn:aws:iam::<account-id>:role/<name>\"`",
            &[&role],
        );
    }
}

fn database_iam_role_with_password(run: &mut Run) {
    let Some((kind, method, written)) = database_auth(run) else {
        return;
    };
    let password = format!("/source/{kind}/credentials/password");
    if method == "IAM_ROLE" && credentials_known(run, kind) && run.set(&password, false) {
        run.report(
            run.key_span(&password),
            &password,
            format!("a password should not be set when `authentication` is `{written}` (\"Invalid attribute combination\")"),
            "not with `IAM_ROLE`",
            "remove `password` (or `password_wo`): the pipe logs in with the IAM role",
            &[&password],
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_check_has_its_own_fixture_name() {
        let mut ids: Vec<&str> = CHECKS.iter().map(|c| c.id).collect();
        ids.sort_unstable();
        let before = ids.len();
        ids.dedup();
        assert_eq!(ids.len(), before, "two checks share a fixture name");
    }
}
