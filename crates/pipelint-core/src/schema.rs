//! The embedded JSON Schemas, with validators generated at build time, and the mapping of
//! their errors to diagnostics with friendly wording.

use std::collections::HashSet;
use std::sync::{LazyLock, OnceLock};

use jsonschema::error::{TypeKind, ValidationErrorKind};
use jsonschema::{JsonType, ValidationError};
use serde_json::Value;

use crate::api::changes;
use crate::api::profile::Profile;
use crate::diagnostic::{Diagnostic, Fix};
use crate::document::Document;
use crate::entries::contract::{
    invalid_enum_value, missing_field, out_of_range, schema_violation, unknown_field, wrong_type,
};
use crate::kind::DocumentKind;
use crate::pointer::{pointer_join, pointer_split, pointer_tokens};
use crate::suggest::{Names, closest, list_code};

impl DocumentKind {
    /// The JSON Schema (draft 2020-12) documents of this kind are validated against, as
    /// shipped in `schemas/` (`pipelint schema <KIND>` prints it).
    pub fn schema_text(self) -> &'static str {
        schema_text(self)
    }

    /// The schema's `description` of the member at an instance pointer (for an editor's
    /// hover); `None` where the schema has none.
    ///
    /// ```
    /// use pipelint_core::DocumentKind;
    ///
    /// let text = DocumentKind::CreatePipe.describe("/source/kafka/brokers");
    /// assert!(text.is_some_and(|t| !t.is_empty()));
    /// ```
    pub fn describe(self, pointer: &str) -> Option<&'static str> {
        description(self, pointer)
    }
}

/// The schema text of a kind, as shipped in `schemas/`.
pub fn schema_text(kind: DocumentKind) -> &'static str {
    match kind {
        DocumentKind::CreatePipe => include_str!("../schemas/create-pipe.schema.json"),
        DocumentKind::PipeScaling => include_str!("../schemas/pipe-scaling.schema.json"),
        DocumentKind::CdcScaling => include_str!("../schemas/cdc-scaling.schema.json"),
        DocumentKind::Pipe => include_str!("../schemas/pipe.schema.json"),
        DocumentKind::PipeResponse => include_str!("../schemas/pipe-response.schema.json"),
        DocumentKind::Service => include_str!("../schemas/service.schema.json"),
        DocumentKind::ServiceList => include_str!("../schemas/service-list.schema.json"),
        DocumentKind::Error => include_str!("../schemas/error.schema.json"),
        DocumentKind::StackAlert => include_str!("../schemas/stack-alert.schema.json"),
        DocumentKind::ManagedStackAlert => {
            include_str!("../schemas/managed-stack-alert.schema.json")
        }
        DocumentKind::ChartSeries => include_str!("../schemas/chart-series.schema.json"),
        DocumentKind::Dashboard => include_str!("../schemas/dashboard.schema.json"),
        DocumentKind::DashboardUpdate => {
            include_str!("../schemas/dashboard-update.schema.json")
        }
        // A Terraform file's resources are checked as create-pipe bodies.
        DocumentKind::Terraform | DocumentKind::TerraformPlan => {
            include_str!("../schemas/create-pipe.schema.json")
        }
    }
}

/// The validators of the embedded schemas, generated at build time by jsonschema's
/// `validator` macro: a run neither compiles a schema nor builds the meta-schema validator
/// that checks one (that check is the test `schemas_are_valid_closed_and_described`). The
/// options are those of [`runtime_options`], which a test compares them with.
mod generated {
    #[jsonschema::validator(path = "schemas/create-pipe.schema.json", draft = Draft202012, validate_formats = true, ignore_unknown_formats = false, methods = { is_valid = false, validate = false })]
    pub struct CreatePipe;
    #[jsonschema::validator(path = "schemas/pipe-scaling.schema.json", draft = Draft202012, validate_formats = true, ignore_unknown_formats = false, methods = { is_valid = false, validate = false })]
    pub struct PipeScaling;
    #[jsonschema::validator(path = "schemas/cdc-scaling.schema.json", draft = Draft202012, validate_formats = true, ignore_unknown_formats = false, methods = { is_valid = false, validate = false })]
    pub struct CdcScaling;
    #[jsonschema::validator(path = "schemas/pipe.schema.json", draft = Draft202012, validate_formats = true, ignore_unknown_formats = false, methods = { is_valid = false, validate = false })]
    pub struct Pipe;
    #[jsonschema::validator(path = "schemas/pipe-response.schema.json", draft = Draft202012, validate_formats = true, ignore_unknown_formats = false, methods = { is_valid = false, validate = false })]
    pub struct PipeResponse;
    #[jsonschema::validator(path = "schemas/service.schema.json", draft = Draft202012, validate_formats = true, ignore_unknown_formats = false, methods = { is_valid = false, validate = false })]
    pub struct Service;
    #[jsonschema::validator(path = "schemas/service-list.schema.json", draft = Draft202012, validate_formats = true, ignore_unknown_formats = false, methods = { is_valid = false, validate = false })]
    pub struct ServiceList;
    #[jsonschema::validator(path = "schemas/error.schema.json", draft = Draft202012, validate_formats = true, ignore_unknown_formats = false, methods = { is_valid = false, validate = false })]
    pub struct Error;
    #[jsonschema::validator(path = "schemas/stack-alert.schema.json", draft = Draft202012, validate_formats = true, ignore_unknown_formats = false, methods = { is_valid = false, validate = false })]
    pub struct StackAlert;
    #[jsonschema::validator(path = "schemas/managed-stack-alert.schema.json", draft = Draft202012, validate_formats = true, ignore_unknown_formats = false, methods = { is_valid = false, validate = false })]
    pub struct ManagedStackAlert;
    #[jsonschema::validator(path = "schemas/chart-series.schema.json", draft = Draft202012, validate_formats = true, ignore_unknown_formats = false, methods = { is_valid = false, validate = false })]
    pub struct ChartSeries;
    #[jsonschema::validator(path = "schemas/dashboard.schema.json", draft = Draft202012, validate_formats = true, ignore_unknown_formats = false, methods = { is_valid = false, validate = false })]
    pub struct Dashboard;
    #[jsonschema::validator(path = "schemas/dashboard-update.schema.json", draft = Draft202012, validate_formats = true, ignore_unknown_formats = false, methods = { is_valid = false, validate = false })]
    pub struct DashboardUpdate;
}

/// The schema errors of a value, from the kind's generated validator.
fn iter_errors(kind: DocumentKind, value: &Value) -> jsonschema::ErrorIterator<'_> {
    match kind {
        DocumentKind::CreatePipe => generated::CreatePipe::iter_errors(value),
        DocumentKind::PipeScaling => generated::PipeScaling::iter_errors(value),
        DocumentKind::CdcScaling => generated::CdcScaling::iter_errors(value),
        DocumentKind::Pipe => generated::Pipe::iter_errors(value),
        DocumentKind::PipeResponse => generated::PipeResponse::iter_errors(value),
        DocumentKind::Service => generated::Service::iter_errors(value),
        DocumentKind::ServiceList => generated::ServiceList::iter_errors(value),
        DocumentKind::Error => generated::Error::iter_errors(value),
        DocumentKind::StackAlert => generated::StackAlert::iter_errors(value),
        DocumentKind::ManagedStackAlert => generated::ManagedStackAlert::iter_errors(value),
        DocumentKind::ChartSeries => generated::ChartSeries::iter_errors(value),
        DocumentKind::Dashboard => generated::Dashboard::iter_errors(value),
        DocumentKind::DashboardUpdate => generated::DashboardUpdate::iter_errors(value),
        DocumentKind::Terraform | DocumentKind::TerraformPlan => {
            generated::CreatePipe::iter_errors(value)
        }
    }
}

/// The members of `settings` in the create-pipe schema (`$defs/settings/properties`), in
/// its order. Kept here so that checking a body does not parse the schema's JSON (a fifth of
/// a one-file run did); the schema stays the source: the test
/// `settings_tables_match_the_create_pipe_schema` fails when the two differ.
pub const CREATE_PIPE_SETTINGS: [&str; 12] = [
    "db_max_download_threads",
    "db_max_insert_threads",
    "db_max_threads",
    "db_min_insert_block_size_bytes",
    "db_parallel_distributed_insert_select",
    "db_parallel_view_processing",
    "object_storage_concurrency",
    "object_storage_max_file_count",
    "object_storage_max_insert_bytes",
    "object_storage_polling_interval_ms",
    "object_storage_use_cluster_function",
    "streaming_max_insert_wait_ms",
];

/// The create-pipe schema's `minimum` and `maximum` of
/// `settings.object_storage_max_insert_bytes` (10 MiB to 50 GiB), for the same reason and
/// held equal by the same test.
pub const OBJECT_STORAGE_MAX_INSERT_BYTES_BOUNDS: (u64, u64) = (10_485_760, 53_687_091_200);

/// The options the generated validators are built with, for building the same validator at
/// run time (tests and benchmarks compare the two).
#[cfg(test)]
pub fn runtime_options() -> jsonschema::ValidationOptions<'static> {
    jsonschema::options()
        .with_draft(jsonschema::Draft::Draft202012)
        .should_validate_formats(true)
        .should_ignore_unknown_formats(false)
}

/// One slot per kind, in `DocumentKind::ALL` order, each parsed on first use: the schema
/// itself is read for wording (descriptions, bounds, member lists), not for validating.
static PARSED: LazyLock<Vec<OnceLock<Value>>> =
    LazyLock::new(|| DocumentKind::ALL.iter().map(|_| OnceLock::new()).collect());

/// The parsed schema of a kind.
pub fn schema(kind: DocumentKind) -> &'static Value {
    let index = DocumentKind::ALL
        .iter()
        .position(|&k| k == kind)
        .unwrap_or_default();
    PARSED[index].get_or_init(|| {
        // The schemas are part of the binary and tested; failing here is a build defect.
        #[allow(clippy::expect_used)]
        serde_json::from_str(schema_text(kind)).expect("embedded schema is JSON")
    })
}

/// Whether the schema of a kind has been parsed in this process (a test checks that
/// checking a body without schema errors never does).
pub fn is_parsed(kind: DocumentKind) -> bool {
    DocumentKind::ALL
        .iter()
        .position(|&k| k == kind)
        .and_then(|index| PARSED.get(index))
        .is_some_and(|slot| slot.get().is_some())
}

/// The `description` of the member at an instance pointer, for hover and help texts.
pub fn description(kind: DocumentKind, pointer: &str) -> Option<&'static str> {
    let (node, resolved) = instance_schema(kind, pointer)?;
    node.get("description")
        .or_else(|| resolved.get("description"))?
        .as_str()
}

/// The schema of the value at an instance pointer: as written (where a `$ref` sits beside
/// the member's own `description`) and with its `$ref` resolved.
fn instance_schema(kind: DocumentKind, pointer: &str) -> Option<(&'static Value, &'static Value)> {
    let root = schema(kind);
    let mut node = root;
    for token in pointer_tokens(pointer) {
        let object = resolve_ref(root, node)?;
        node = if token.bytes().all(|b| b.is_ascii_digit()) && object.get("items").is_some() {
            object.get("items")?
        } else {
            object.get("properties")?.get(&token)?
        };
    }
    Some((node, resolve_ref(root, node)?))
}

/// The JSON types (`"integer"`, `"string"`, …) the schema allows for the value at an
/// instance pointer; none when the schema says no type there.
pub(crate) fn instance_types(kind: DocumentKind, pointer: &str) -> Vec<&'static str> {
    let Some((_, node)) = instance_schema(kind, pointer) else {
        return Vec::new();
    };
    match node.get("type") {
        Some(Value::String(t)) => vec![t.as_str()],
        Some(Value::Array(ts)) => ts.iter().filter_map(Value::as_str).collect(),
        _ => Vec::new(),
    }
}

/// Whole numbers written as `10.0` or `1e1` where the schema wants an integer.
fn fractional_integers(kind: DocumentKind, document: &Document, out: &mut Vec<Diagnostic>) {
    for pointer in &document.fractional_integers {
        let types = instance_types(kind, pointer);
        let wants_integer = types.contains(&"integer") && !types.contains(&"number");
        let Some(value) = document.value.pointer(pointer).and_then(Value::as_f64) else {
            continue;
        };
        if !wants_integer {
            continue;
        }
        let whole = format!("{value:.0}");
        let span = document.value_span(pointer);
        out.push(
            Diagnostic::new(
                &wrong_type::RULE,
                span.clone(),
                pointer,
                format!(
                    "{} must be an integer, found a number written with a fraction or exponent",
                    field_name(pointer)
                ),
            )
            .with_label("expected an integer literal")
            .with_help(format!(
                "the API reads this member as an integer: write `{whole}`"
            ))
            .with_fix(Fix {
                title: format!("Write `{whole}`"),
                span,
                replacement: whole,
                applicability: crate::Applicability::Safe,
            }),
        );
    }
}

/// Validates the document against its kind's schema. The schemas accept what any bundled
/// version accepts; the profile narrows the allowed values a finding lists and guesses from
/// (the `profile` rules report what the profile in force lacks).
pub fn validate(kind: DocumentKind, document: &Document, profile: &Profile) -> Vec<Diagnostic> {
    diagnostics_of(kind, document, profile, iter_errors(kind, &document.value))
}

/// The diagnostics of a document's schema errors.
fn diagnostics_of<'i>(
    kind: DocumentKind,
    document: &Document,
    profile: &Profile,
    errors: impl Iterator<Item = ValidationError<'i>>,
) -> Vec<Diagnostic> {
    // An unknown value is not judged, nor is a choice among shapes that depends on one.
    let errors: Vec<ValidationError> = errors
        .filter(|e| {
            let at = e.instance_path().as_str();
            !(document.is_unknown(at)
                || (document.holds_unknown(at)
                    && matches!(
                        e.kind(),
                        ValidationErrorKind::OneOfNotValid { .. }
                            | ValidationErrorKind::OneOfMultipleValid { .. }
                            | ValidationErrorKind::AnyOf { .. }
                            | ValidationErrorKind::Not { .. }
                            | ValidationErrorKind::Contains
                            | ValidationErrorKind::UniqueItems
                    ))
                || (conditional(e.schema_path().as_str())
                    && crate::pointer::pointer_split(at)
                        .is_some_and(|(parent, _)| document.holds_unknown(parent)))
                || match e.kind() {
                    ValidationErrorKind::AdditionalProperties { unexpected } => {
                        unexpected.iter().all(|name| {
                            let member = crate::pointer::pointer_join(at, name);
                            document.accepted.contains(&member) || document.is_unknown(&member)
                        })
                    }
                    _ => false,
                })
        })
        .collect();
    // Looked up once per `enum` or `const` error: a set keeps that linear in the errors.
    let typed: HashSet<&str> = errors
        .iter()
        .filter(|e| matches!(e.kind(), ValidationErrorKind::Type { .. }))
        .map(|e| e.instance_path().as_str())
        .collect();
    let mut out = Vec::new();
    for error in &errors {
        // Where the run-time validator reports it: before the `enum` or `const` error.
        if let Some(expected) = unchecked_type(schema(kind), error, &typed) {
            let pointer = error.instance_path().as_str();
            out.push(type_diagnostic(
                document.value_span(pointer),
                pointer,
                &field_name(pointer),
                &expected,
                error.instance().as_ref(),
            ));
        }
        let before = out.len();
        map_error(kind, schema(kind), document, profile, error, &mut out);
        // A requirement the schema makes only for some value of another member (`password`
        // unless `authentication` is `IAM_ROLE`) rests on that value: a finding that rejects
        // it refutes this one (`settle`).
        if out.len() > before
            && let Some(premise) = conditional_premise(schema(kind), error)
        {
            for diagnostic in &mut out[before..] {
                diagnostic.premise.get_or_insert_with(|| premise.clone());
            }
        }
    }
    fractional_integers(kind, document, &mut out);
    out
}

/// Whether a schema location lies in a conditional's branch (`then`, `else`): whether it
/// applies depends on a sibling's value.
fn conditional(schema_path: &str) -> bool {
    schema_path.contains("/then/") || schema_path.contains("/else/")
}

fn map_error(
    kind: DocumentKind,
    schema: &Value,
    document: &Document,
    profile: &Profile,
    error: &ValidationError,
    out: &mut Vec<Diagnostic>,
) {
    let pointer = error.instance_path().as_str().to_owned();
    let instance = error.instance().as_ref();
    let field = field_name(&pointer);
    let span = document.value_span(&pointer);
    match error.kind() {
        ValidationErrorKind::Type { kind } => {
            let node = schema_node(schema, parent_location(error.schema_path().as_str()));
            let unquoted = unquoted_integer(kind, instance, node);
            let mut diagnostic = type_diagnostic(span.clone(), &pointer, &field, kind, instance);
            if let Some(integer) = unquoted {
                diagnostic = diagnostic.with_fix(Fix {
                    title: format!("Remove the quotes: `{integer}`"),
                    span,
                    replacement: integer.to_string(),
                    applicability: crate::Applicability::Safe,
                });
            }
            out.push(diagnostic);
        }
        ValidationErrorKind::Enum { options } => {
            out.push(enum_diagnostic(
                document,
                &pointer,
                &field,
                instance,
                options,
                |value| changes::value_accepted(kind, &pointer, value, profile),
            ));
        }
        ValidationErrorKind::Minimum { .. }
        | ValidationErrorKind::Maximum { .. }
        | ValidationErrorKind::ExclusiveMinimum { .. }
        | ValidationErrorKind::ExclusiveMaximum { .. } => {
            out.push(bounds_diagnostic(
                kind, schema, profile, error, &pointer, &field, span,
            ));
        }
        ValidationErrorKind::MultipleOf { .. } => {
            let node = schema_node(schema, parent_location(error.schema_path().as_str()));
            // Out of bounds too: the bounds' finding names the step.
            if node.is_some_and(|node| out_of_bounds(instance, node)) {
                return;
            }
            let step = node
                .and_then(|n| n.get("multipleOf"))
                .map_or_else(|| "its step".to_owned(), Value::to_string);
            out.push(
                Diagnostic::new(
                    &schema_violation::RULE,
                    span,
                    &pointer,
                    format!("{field} is {instance}, but must be a multiple of {step}"),
                )
                .with_label(format!("not a multiple of {step}"))
                .with_help(format!("use a multiple of {step}")),
            );
        }
        ValidationErrorKind::Required { property } => {
            let name = property.as_str().unwrap_or_default();
            let member = pointer_join(&pointer, name);
            let owner = if pointer.is_empty() {
                "the body".to_owned()
            } else {
                field.clone()
            };
            let mut diagnostic = Diagnostic::new(
                &missing_field::RULE,
                document.object_anchor(&pointer),
                member,
                format!("{owner} is missing the required member `{name}`"),
            )
            .with_label(format!("`{name}` missing here"));
            let help = match required_description(schema, error.schema_path().as_str(), name) {
                Some(description) => format!("add `\"{name}\"`: {description}"),
                None => format!("add `\"{name}\"`"),
            };
            diagnostic = diagnostic.with_help(help);
            out.push(diagnostic);
        }
        ValidationErrorKind::AdditionalProperties { unexpected } => {
            unknown_members(kind, schema, document, error, unexpected, &pointer, out);
        }
        _ => {
            out.push(
                Diagnostic::new(
                    &schema_violation::RULE,
                    span,
                    &pointer,
                    format!("{field} {}", error.kind_message()),
                )
                .with_label(error.kind_message()),
            );
        }
    }
}

/// A value outside the member's bounds: the inclusive range read from the schema (or the
/// profile's own maximum, where a newer version raised it), with its step when it is off it.
fn bounds_diagnostic(
    kind: DocumentKind,
    schema: &Value,
    profile: &Profile,
    error: &ValidationError,
    pointer: &str,
    field: &str,
    span: std::ops::Range<usize>,
) -> Diagnostic {
    let instance = error.instance().as_ref();
    let keyword_parent = schema_node(schema, parent_location(error.schema_path().as_str()));
    let bound = |name: &str| {
        // A bound a newer version raised reads as the profile's own (`replicas` 1
        // to 10 under 2025-11, though the schema has 40).
        if name == "maximum"
            && let Some(older) = changes::older_maximum(kind, pointer, profile)
        {
            // Whole bounds print without a fraction, as the schema's do.
            return Some(if older.fract() == 0.0 {
                format!("{older:.0}")
            } else {
                older.to_string()
            });
        }
        keyword_parent
            .and_then(|n| n.get(name))
            .map(Value::to_string)
    };
    let (range, help) = match (bound("minimum"), bound("maximum")) {
        (Some(min), Some(max)) => (
            format!("between {min} and {max} (inclusive)"),
            format!("use a value from {min} to {max}"),
        ),
        (Some(min), None) => (
            format!("at least {min}"),
            format!("use a value of {min} or more"),
        ),
        (None, Some(max)) => (
            format!("at most {max}"),
            format!("use a value of {max} or less"),
        ),
        (None, None) => (error.to_string(), "change the value".to_owned()),
    };
    // A value off the step too is one finding (the step's is dropped below).
    let help = match keyword_parent.and_then(|n| n.get("multipleOf")) {
        Some(step) if !is_multiple(instance, step) => {
            format!("{help}, a multiple of {step}")
        }
        _ => help,
    };
    Diagnostic::new(
        &out_of_range::RULE,
        span,
        pointer,
        format!("{field} is {instance}, but must be {range}"),
    )
    .with_label(format!("must be {range}"))
    .with_help(help)
}

/// Members `additionalProperties: false` does not allow: an `unknown-field` finding each,
/// with a did-you-mean from the object's `properties`.
fn unknown_members(
    kind: DocumentKind,
    schema: &Value,
    document: &Document,
    error: &ValidationError,
    unexpected: &[String],
    pointer: &str,
    out: &mut Vec<Diagnostic>,
) {
    let known: Vec<&str> = schema_node(schema, parent_location(error.schema_path().as_str()))
        .and_then(|n| n.get("properties"))
        .and_then(Value::as_object)
        .map(|p| p.keys().map(String::as_str).collect())
        .unwrap_or_default();
    // Unknown members of `source` are unsupported source kinds: an error of
    // their own rule (`unsupported-source-kind`), not an unknown-field warning.
    if pointer == "/source" && kind == DocumentKind::CreatePipe {
        return;
    }
    // Prepared once for every unexpected key of this object (there may be many).
    let known = Known {
        names: Names::new(known.iter().copied()),
        listed: (!known.is_empty()).then(|| list_code(&known)),
    };
    for key in unexpected {
        let mut diagnostic = unknown_field_diagnostic(document, pointer, key, &known);
        if strict_object(kind, pointer) {
            diagnostic.severity = crate::Severity::Error;
            diagnostic.primary.text =
                Some("the server refuses members it does not know here".to_owned());
        }
        if pointer.is_empty()
            && let Some((help, fix)) = misplaced_member(kind, document, key)
        {
            // The moved member is the source the body lacks: that finding folds in.
            diagnostic = diagnostic
                .with_help(help)
                .with_fix(fix)
                .supplying(pointer_join(&pointer_join("", "source"), key));
        }
        out.push(diagnostic);
    }
}

/// The integer a string spells where an integer is wanted, when unquoting it is certain:
/// the string is exactly a canonical integer (no sign but a leading `-`, no leading zeros,
/// spaces, fraction or exponent) and lies within the member's `minimum` and `maximum`. A
/// value outside them is left to the help: the number the user wrote is then in doubt.
fn unquoted_integer(kind: &TypeKind, instance: &Value, node: Option<&Value>) -> Option<i64> {
    let wants_integer = match kind {
        TypeKind::Single(one) => *one == JsonType::Integer,
        TypeKind::Multiple(set) => set.contains(JsonType::Integer),
    };
    let text = instance.as_str().filter(|_| wants_integer)?;
    let digits = text.strip_prefix('-').unwrap_or(text);
    let canonical = !digits.is_empty()
        && digits.bytes().all(|b| b.is_ascii_digit())
        && (digits == "0" || !digits.starts_with('0'))
        && text != "-0";
    let integer: i64 = text.parse().ok().filter(|_| canonical)?;
    // The bounds of this API's integers are small: compared as floats, they are exact.
    let value = integer as f64;
    let bound = |name: &str| node.and_then(|n| n.get(name)).and_then(Value::as_f64);
    let within = bound("minimum").is_none_or(|min| value >= min)
        && bound("maximum").is_none_or(|max| value <= max)
        && bound("exclusiveMinimum").is_none_or(|min| value > min)
        && bound("exclusiveMaximum").is_none_or(|max| value < max);
    within.then_some(integer)
}

fn type_diagnostic(
    span: std::ops::Range<usize>,
    pointer: &str,
    field: &str,
    kind: &TypeKind,
    instance: &Value,
) -> Diagnostic {
    let expected = expected_types(kind);
    Diagnostic::new(
        &wrong_type::RULE,
        span,
        pointer,
        format!(
            "{field} must be {expected}, found {}",
            describe_value(instance)
        ),
    )
    .with_label(format!("expected {expected}"))
    .with_help(type_help(kind, instance))
}

/// The `type` error a generated validator leaves out beside an `enum` or `const` error.
/// Where a schema's `type` names the one type of all its `enum` values (or of its `const`),
/// the generated code checks only the `enum`, while a validator built at run time reports
/// both errors (and the wrong type is the finding that supersedes).
fn unchecked_type(
    schema: &Value,
    error: &ValidationError,
    typed: &HashSet<&str>,
) -> Option<TypeKind> {
    if !matches!(
        error.kind(),
        ValidationErrorKind::Enum { .. } | ValidationErrorKind::Constant { .. }
    ) || typed.contains(error.instance_path().as_str())
    {
        return None;
    }
    let node = schema_node(schema, parent_location(error.schema_path().as_str()))?;
    let declared = node.get("type")?.as_str()?;
    let implied = match (node.get("const"), node.get("enum")) {
        (Some(constant), _) => json_type_name(constant),
        (None, Some(Value::Array(values))) => {
            let first = json_type_name(values.first()?);
            values
                .iter()
                .all(|v| json_type_name(v) == first)
                .then_some(first)?
        }
        _ => return None,
    };
    let instance = json_type_name(error.instance().as_ref());
    if declared != implied || instance == declared {
        return None;
    }
    declared.parse().ok().map(TypeKind::Single)
}

/// The JSON type of a value as the `type` keyword names it (every number is a `number`).
fn json_type_name(value: &Value) -> &'static str {
    match value {
        Value::Null => "null",
        Value::Bool(_) => "boolean",
        Value::Number(_) => "number",
        Value::String(_) => "string",
        Value::Array(_) => "array",
        Value::Object(_) => "object",
    }
}

trait KindMessage {
    fn kind_message(&self) -> String;
}

impl KindMessage for ValidationError<'_> {
    /// The library's message without the echoed instance (which may be huge or secret).
    fn kind_message(&self) -> String {
        match self.kind() {
            ValidationErrorKind::MinItems { limit } => format!("needs at least {limit} item(s)"),
            ValidationErrorKind::MaxItems { limit } => format!("allows at most {limit} item(s)"),
            ValidationErrorKind::MinLength { limit } => {
                format!("needs at least {limit} character(s)")
            }
            ValidationErrorKind::MaxLength { limit } => {
                format!("allows at most {limit} character(s)")
            }
            ValidationErrorKind::Pattern { pattern } => {
                format!("does not match the pattern `{pattern}`")
            }
            ValidationErrorKind::Format { format } => format!("is not a valid `{format}`"),
            ValidationErrorKind::UniqueItems => "items must be unique".to_owned(),
            ValidationErrorKind::Constant { expected_value } => format!("must be {expected_value}"),
            other => format!("breaks the schema's `{}` constraint", other.keyword()),
        }
    }
}

fn enum_diagnostic(
    document: &Document,
    pointer: &str,
    field: &str,
    instance: &Value,
    options: &Value,
    accepted: impl Fn(&str) -> bool,
) -> Diagnostic {
    let allowed: Vec<&str> = options
        .as_array()
        .map(|a| {
            a.iter()
                .filter_map(Value::as_str)
                .filter(|v| accepted(v))
                .collect()
        })
        .unwrap_or_default();
    let shown = match instance.as_str() {
        Some(text) => format!("`{text}`"),
        None => instance.to_string(),
    };
    let span = document.value_span(pointer);
    let mut diagnostic = Diagnostic::new(
        &invalid_enum_value::RULE,
        span.clone(),
        pointer,
        format!("{shown} is not a valid value for {field}"),
    )
    .with_label(format!("not one of the {} allowed values", allowed.len()));
    let suggestion = instance
        .as_str()
        .and_then(|text| closest(text, allowed.iter().copied()));
    let allowed_list = list_code(&allowed);
    match suggestion {
        Some(suggestion) => {
            diagnostic = diagnostic
                .with_help(format!(
                    "did you mean `{suggestion}`? Allowed values: {allowed_list}"
                ))
                .with_fix(Fix {
                    title: format!("Replace with `{suggestion}`"),
                    span,
                    replacement: Value::String(suggestion.to_owned()).to_string(),
                    applicability: crate::suggest::applicability(
                        instance.as_str().unwrap_or_default(),
                        suggestion,
                    ),
                });
        }
        None => diagnostic = diagnostic.with_help(format!("allowed values: {allowed_list}")),
    }
    diagnostic
}

/// The members an object may have, for the suggestions on its unknown ones.
struct Known<'s> {
    names: Names<'s>,
    /// The names as a Markdown list; `None` when the object takes no named members.
    listed: Option<String>,
}

/// A top-level member that belongs one level away, with an unsafe fix that puts it there:
/// a source kind written beside `source` instead of under it (when `source` is absent), or
/// a scaling patch wrapped in `{"scaling": …}` as in a create body.
fn misplaced_member(kind: DocumentKind, document: &Document, key: &str) -> Option<(String, Fix)> {
    let root = document.value.as_object()?;
    let member = pointer_join("", key);
    let text = document.source.get(document.member_span(&member))?;
    match kind {
        DocumentKind::CreatePipe
            if !root.contains_key("source")
                && crate::api::source_kind::SourceKind::ALL
                    .iter()
                    .any(|s| s.member() == key) =>
        {
            Some((
                format!(
                    "a source kind belongs under `source`: write `\"source\": {{\"{key}\": …}}`"
                ),
                Fix::new(
                    format!("Move `{key}` under `source`"),
                    document.member_span(&member),
                    format!("\"source\": {{{text}}}"),
                    crate::Applicability::Unsafe,
                ),
            ))
        }
        DocumentKind::PipeScaling if key == "scaling" && root.len() == 1 => {
            let span = document.value_span(&member);
            document.value.get(key)?.as_object()?;
            let inner = document.source.get(span)?;
            Some((
                "a scaling patch is the scaling object itself, not a body with `scaling`: unwrap it".to_owned(),
                Fix::new(
                    "Unwrap `scaling`",
                    document.value_span(""),
                    inner.to_owned(),
                    crate::Applicability::Unsafe,
                ),
            ))
        }
        _ => None,
    }
}

/// Objects the server validates strictly, so that an unknown member is refused (a 400), not
/// ignored: a dashboard's filters, in every stack release since 2.22 (the oldest bundled).
fn strict_object(kind: DocumentKind, pointer: &str) -> bool {
    matches!(
        kind,
        DocumentKind::Dashboard | DocumentKind::DashboardUpdate
    ) && pointer
        .strip_prefix("/filters/")
        .is_some_and(|index| !index.is_empty() && index.bytes().all(|b| b.is_ascii_digit()))
}

/// Members written out in full where the API has a one-letter name (a tile's `w` and `h`):
/// too far apart for the closest-name guess.
const SPELLED_OUT: &[(&str, &str)] = &[("width", "w"), ("height", "h")];

/// What ends an unknown member's help at its default level (a warning), and what it reads
/// as when the finding is raised to an error, since the body is then refused.
const IGNORED_NOTES: [(&str, &str); 2] = [
    ("? The server ignores members it does not know", "?"),
    (": the server ignores members it does not know", ""),
];

/// An unknown member raised to an error by the settings is refused: its help no longer says
/// the server ignores it. Called once the levels are settled.
pub(crate) fn word_refused_members(diagnostics: &mut [Diagnostic]) {
    for d in diagnostics.iter_mut().filter(|d| {
        std::ptr::eq(d.rule, &unknown_field::RULE) && d.severity == crate::catalog::Severity::Error
    }) {
        if let Some(help) = d.help.as_mut() {
            for (note, refused) in IGNORED_NOTES {
                *help = help.replace(note, refused);
            }
        }
    }
}

fn unknown_field_diagnostic(
    document: &Document,
    parent: &str,
    key: &str,
    known: &Known,
) -> Diagnostic {
    let member = pointer_join(parent, key);
    let mut diagnostic = Diagnostic::new(
        &unknown_field::RULE,
        document.key_span(&member),
        &member,
        format!("unknown member `{key}`{}", in_object(parent)),
    )
    .with_label("not defined by the interface");
    let suggestion = key
        .strip_prefix("clickhouse_")
        .map(|rest| format!("db_{rest}"))
        .or_else(|| {
            SPELLED_OUT
                .iter()
                .find(|(long, _)| *long == key)
                .map(|(_, short)| (*short).to_owned())
        })
        .filter(|renamed| known.names.contains(renamed))
        .or_else(|| known.names.closest(key).map(str::to_owned));
    // Renaming onto a member the object already has would make a duplicate key.
    let taken = |name: &str| {
        document
            .value
            .pointer(parent)
            .and_then(Value::as_object)
            .is_some_and(|object| object.contains_key(name))
    };
    diagnostic = match suggestion {
        Some(suggestion) if taken(&suggestion) => diagnostic.with_help(format!(
            "did you mean `{suggestion}`? It is given too: remove one of them"
        )),
        Some(suggestion) => diagnostic
            .with_help(format!(
                "did you mean `{suggestion}`? The server ignores members it does not know"
            ))
            .with_fix(Fix {
                title: format!("Rename to `{suggestion}`"),
                span: document.key_span(&member),
                replacement: Value::String(suggestion.clone()).to_string(),
                // `clickhouse_` to `db_` is the documented rename: safe.
                applicability: if key
                    .strip_prefix("clickhouse_")
                    .is_some_and(|rest| suggestion.strip_prefix("db_") == Some(rest))
                {
                    crate::Applicability::Safe
                } else {
                    crate::suggest::applicability(key, &suggestion)
                },
            }),
        None => match &known.listed {
            Some(listed) => diagnostic.with_help(format!("known members here: {listed}")),
            None => diagnostic.with_help("remove it: the server ignores members it does not know"),
        },
    };
    diagnostic
}

/// "`replicas`" for `/scaling/replicas`, "`columns[2]`" for `/destination/columns/2`.
pub fn field_name(pointer: &str) -> String {
    match pointer_split(pointer) {
        None => "the body".to_owned(),
        Some((parent, token)) if token.bytes().all(|b| b.is_ascii_digit()) && !token.is_empty() => {
            match pointer_split(parent) {
                Some((_, array)) => format!("`{array}[{token}]`"),
                None => format!("item {token}"),
            }
        }
        Some((_, token)) => format!("`{token}`"),
    }
}

fn in_object(pointer: &str) -> String {
    if pointer.is_empty() {
        " at the top level".to_owned()
    } else {
        format!(" in {}", field_name(pointer))
    }
}

fn expected_types(kind: &TypeKind) -> String {
    let names: Vec<&str> = match kind {
        TypeKind::Single(t) => vec![type_phrase(*t)],
        TypeKind::Multiple(set) => set.iter().map(type_phrase).collect(),
    };
    match names.as_slice() {
        [] => "of another type".to_owned(),
        [one] => (*one).to_owned(),
        [init @ .., last] => format!("{} or {last}", init.join(", ")),
    }
}

fn type_phrase(t: JsonType) -> &'static str {
    match t {
        JsonType::Array => "an array",
        JsonType::Boolean => "a boolean",
        JsonType::Integer => "an integer",
        JsonType::Null => "null",
        JsonType::Number => "a number",
        JsonType::Object => "an object",
        JsonType::String => "a string",
    }
}

fn describe_value(value: &Value) -> String {
    match value {
        Value::Null => "null".to_owned(),
        Value::Bool(_) => "a boolean".to_owned(),
        Value::Number(n) if n.is_f64() => format!("the fractional number {n}"),
        Value::Number(_) => "a number".to_owned(),
        Value::String(_) => "a string".to_owned(),
        Value::Array(_) => "an array".to_owned(),
        Value::Object(_) => "an object".to_owned(),
    }
}

fn type_help(kind: &TypeKind, instance: &Value) -> String {
    let wants = |t: JsonType| match kind {
        TypeKind::Single(one) => *one == t,
        TypeKind::Multiple(set) => set.contains(t),
    };
    match instance {
        Value::String(s)
            if (wants(JsonType::Integer) || wants(JsonType::Number))
                && s.trim().parse::<f64>().is_ok() =>
        {
            format!("remove the quotes: {}", s.trim())
        }
        Value::String(s) if wants(JsonType::Boolean) && (s == "true" || s == "false") => {
            format!("remove the quotes: {s}")
        }
        Value::Number(_) if wants(JsonType::Integer) => "use a whole number".to_owned(),
        _ => format!("write {} here", expected_types(kind)),
    }
}

/// The member whose value an `if` tests, when the failing keyword lies under that `if`'s
/// `then` or `else`: the pointer of the member in the instance object the `if` applies to.
fn conditional_premise(schema: &Value, error: &ValidationError) -> Option<String> {
    let location = error.schema_path().as_str();
    let tokens: Vec<&str> = location.split('/').collect();
    // The last `then`/`else` keyword (not a property of that name).
    let branch = (1..tokens.len())
        .rev()
        .find(|&k| matches!(tokens[k], "then" | "else") && tokens[k - 1] != "properties")?;
    let condition = schema_node(schema, &format!("{}/if", tokens[..branch].join("/")))?;
    let tested = condition.get("properties")?.as_object()?.keys().next()?;
    // How many instance levels the branch descends before its failing keyword.
    let mut depth = 0;
    let mut rest = tokens[branch + 1..].iter();
    while let Some(&token) = rest.next() {
        match token {
            "properties" | "patternProperties" | "prefixItems" => {
                rest.next();
                depth += 1;
            }
            "additionalProperties" | "items" => depth += 1,
            _ => {}
        }
    }
    let mut object = error.instance_path().as_str();
    for _ in 0..depth {
        object = parent_location(object);
    }
    Some(pointer_join(object, tested))
}

/// Whether the number `instance` is a multiple of `step` (not a number: nothing to say).
fn is_multiple(instance: &Value, step: &Value) -> bool {
    match (instance.as_f64(), step.as_f64()) {
        (Some(value), Some(step)) if step > 0.0 => (value / step).fract() == 0.0,
        _ => true,
    }
}

/// Whether the number `instance` lies outside the `minimum`/`maximum` of `node`.
fn out_of_bounds(instance: &Value, node: &Value) -> bool {
    let Some(value) = instance.as_f64() else {
        return false;
    };
    let bound = |name: &str| node.get(name).and_then(Value::as_f64);
    bound("minimum").is_some_and(|min| value < min)
        || bound("maximum").is_some_and(|max| value > max)
}

/// The schema location that holds the failing keyword.
fn parent_location(keyword_location: &str) -> &str {
    pointer_split(keyword_location).map_or("", |(parent, _)| parent)
}

/// The `description` of a required member, found beside the `required` keyword.
fn required_description<'s>(
    schema: &'s Value,
    keyword_location: &str,
    name: &str,
) -> Option<&'s str> {
    let node = schema_node(schema, parent_location(keyword_location))?;
    let property = node.get("properties")?.get(name)?;
    resolve_ref(schema, property)?
        .get("description")?
        .as_str()
        .or_else(|| property.get("description")?.as_str())
        .map(|d| d.split(". ").next().unwrap_or(d).trim_end_matches('.'))
}

/// The schema node at a keyword location, following local `$ref`s on the way.
fn schema_node<'s>(root: &'s Value, location: &str) -> Option<&'s Value> {
    let mut node = root;
    for token in pointer_tokens(location) {
        if token == "$ref" {
            node = resolve_ref(root, node)?;
            continue;
        }
        node = match node.get(&token) {
            Some(next) => next,
            None => resolve_ref(root, node)?.get(&token)?,
        };
    }
    resolve_ref(root, node)
}

/// Follows a local `$ref` (`#/$defs/...`) if the node has one.
fn resolve_ref<'s>(root: &'s Value, node: &'s Value) -> Option<&'s Value> {
    let mut node = node;
    for _ in 0..16 {
        match node.get("$ref").and_then(Value::as_str) {
            Some(reference) => node = root.pointer(reference.strip_prefix('#')?)?,
            None => return Some(node),
        }
    }
    None
}

#[cfg(test)]
mod tests {

    /// The fix of the unknown-field finding at `/{key}` in `body` linted as `kind`.
    fn misplaced_fix(body: &str, kind: DocumentKind, key: &str) -> Option<crate::Fix> {
        let options = crate::LintOptions::new().kind(kind);
        let result = crate::lint(body.as_bytes(), &options);
        let finding = result
            .diagnostics
            .iter()
            .find(|d| d.name() == "unknown-field" && d.pointer == format!("/{key}"))
            .unwrap_or_else(|| panic!("no unknown-field at /{key}: {:?}", result.diagnostics));
        finding.fix.clone()
    }

    #[test]
    fn a_source_kind_at_the_top_level_moves_under_source() {
        let kafka = r#""kafka": {"type": "kafka", "format": "JSONEachRow", "authentication": "PLAIN", "brokers": "b.example.com:9092", "topics": "t"}"#;
        let destination = r#""destination": {"database": "d", "table": "t", "managedTable": true, "columns": [{"name": "c", "type": "String"}]}"#;
        let body = format!(r#"{{"name": "p", {kafka}, {destination}}}"#);
        let fix = misplaced_fix(&body, DocumentKind::CreatePipe, "kafka").expect("a fix");
        assert_eq!(fix.applicability, crate::Applicability::Unsafe);
        assert_eq!(fix.replacement, format!(r#""source": {{{kafka}}}"#));
        // With a `source` already there, where to put it is not certain: no fix.
        let body = format!(
            r#"{{"name": "p", "source": {{"validateSamples": true}}, {kafka}, {destination}}}"#
        );
        assert!(misplaced_fix(&body, DocumentKind::CreatePipe, "kafka").is_none());
    }

    #[test]
    fn a_scaling_patch_wrapped_in_scaling_is_unwrapped() {
        let body = r#"{"scaling": {"replicas": 3}}"#;
        let fix = misplaced_fix(body, DocumentKind::PipeScaling, "scaling").expect("a fix");
        assert_eq!(fix.replacement, r#"{"replicas": 3}"#);
        assert_eq!(fix.span, 0..body.len());
        // Beside other members it is not the whole patch: no fix.
        let body = r#"{"scaling": {"replicas": 3}, "replicas": 2}"#;
        assert!(misplaced_fix(body, DocumentKind::PipeScaling, "scaling").is_none());
    }

    /// The fix of the wrong-type finding on a scaling patch's `replicas` written as `text`.
    fn replicas_fix(text: &str) -> Option<(String, crate::Applicability)> {
        let body = format!(r#"{{"replicas": {text}}}"#);
        let options = crate::LintOptions::new().kind(DocumentKind::PipeScaling);
        let result = crate::lint(body.as_bytes(), &options);
        let finding = result
            .diagnostics
            .iter()
            .find(|d| d.name() == "wrong-type")
            .unwrap_or_else(|| panic!("no wrong-type for {text}: {:?}", result.diagnostics));
        finding
            .fix
            .as_ref()
            .map(|f| (f.replacement.clone(), f.applicability))
    }

    #[test]
    fn a_canonical_integer_in_quotes_within_the_bounds_is_unquoted_safely() {
        for (text, integer) in [(r#""2""#, "2"), (r#""40""#, "40"), (r#""1""#, "1")] {
            assert_eq!(
                replicas_fix(text),
                Some((integer.to_owned(), crate::Applicability::Safe)),
                "{text}"
            );
        }
        // Not exactly an integer, or outside 1..=40: the number meant is in doubt.
        for text in [
            r#""02""#, r#"" 2""#, r#""2 ""#, r#""+2""#, r#""2.0""#, r#""2e0""#, r#""0""#,
            r#""41""#, r#""-1""#, r#""two""#, r#""""#,
        ] {
            assert_eq!(replicas_fix(text), None, "{text}");
        }
    }
    use super::*;

    fn json_files(dir: &std::path::Path, out: &mut Vec<std::path::PathBuf>) {
        let entries = std::fs::read_dir(dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
        for entry in entries {
            let path = entry.unwrap_or_else(|e| panic!("{e}")).path();
            if path.is_dir() {
                json_files(&path, out);
            } else if path.extension().is_some_and(|e| e == "json") {
                out.push(path);
            }
        }
    }

    /// The generated validators give the diagnostics that validators built at run time from
    /// the same schemas and options give: every fixture checked as every kind, and generated
    /// create bodies with every kind of mistake.
    #[test]
    fn generated_validators_give_the_diagnostics_of_runtime_ones() {
        let runtime: Vec<jsonschema::Validator> = DocumentKind::ALL
            .iter()
            .map(|&kind| {
                runtime_options()
                    .build(schema(kind))
                    .unwrap_or_else(|e| panic!("{kind}: {e}"))
            })
            .collect();
        let mut files = Vec::new();
        json_files(
            &std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures"),
            &mut files,
        );
        let mut texts: Vec<(String, String)> = files
            .iter()
            .filter_map(|path| {
                Some((
                    path.display().to_string(),
                    std::fs::read_to_string(path).ok()?,
                ))
            })
            .collect();
        texts.extend((0..400).map(|index| {
            let spec = pipelint_bench::corpus::generate(7, index, 0.9);
            (spec.file_name(), spec.text)
        }));
        let (mut documents, mut with_findings) = (0, 0);
        for (name, text) in &texts {
            let Some(document) = crate::load(text.as_bytes()).document else {
                continue;
            };
            documents += 1;
            for (&kind, validator) in DocumentKind::ALL.iter().zip(&runtime) {
                // In the order `settle` gives them: the validators may visit an `if`'s
                // branch and the object's members in either order.
                let in_order = |mut ds: Vec<Diagnostic>| {
                    ds.sort_by(|a, b| {
                        (a.primary.span.start, a.rule.code, &a.message).cmp(&(
                            b.primary.span.start,
                            b.rule.code,
                            &b.message,
                        ))
                    });
                    ds
                };
                let generated = in_order(validate(kind, &document, &Profile::default()));
                let built = in_order(diagnostics_of(
                    kind,
                    &document,
                    &Profile::default(),
                    validator.iter_errors(&document.value),
                ));
                assert!(generated == built, "{name} as {kind}: {}", {
                    let short = |ds: &[Diagnostic]| -> Vec<String> {
                        ds.iter()
                            .map(|d| format!("{} {} {}", d.name(), d.pointer, d.message))
                            .collect()
                    };
                    format!("{:#?} {:#?}", short(&generated), short(&built))
                });
                with_findings += usize::from(!generated.is_empty());
            }
        }
        // The comparison covers findings, not only clean documents.
        assert!(
            documents > 800 && with_findings > 5000,
            "{documents} {with_findings}"
        );
    }

    /// The settings tables equal what the create-pipe schema says (its members in order,
    /// and the bounds of `object_storage_max_insert_bytes`).
    #[test]
    fn settings_tables_match_the_create_pipe_schema() {
        let settings = schema(DocumentKind::CreatePipe)
            .pointer("/$defs/settings/properties")
            .and_then(Value::as_object)
            .unwrap_or_else(|| panic!("no settings in the create-pipe schema"));
        let names: Vec<&str> = settings.keys().map(String::as_str).collect();
        assert_eq!(names, CREATE_PIPE_SETTINGS);
        let bytes = &settings["object_storage_max_insert_bytes"];
        let bound = |name: &str| {
            bytes
                .get(name)
                .and_then(Value::as_u64)
                .unwrap_or_else(|| panic!("no {name}"))
        };
        assert_eq!(
            (bound("minimum"), bound("maximum")),
            OBJECT_STORAGE_MAX_INSERT_BYTES_BOUNDS
        );
    }

    /// The generated code checks a `type` that all the `enum` values share through the
    /// `enum` alone; the wrong type is still the finding.
    #[test]
    fn a_wrong_type_beside_an_enum_is_reported_as_a_wrong_type() {
        let text = r#"{"source": 5, "search": "errors", "threshold": 1, "thresholdType": "above",
            "interval": "5m", "channel": {"type": "email", "emails": ["a@example.com"]}}"#;
        let document = crate::load(text.as_bytes())
            .document
            .unwrap_or_else(|| panic!("not loaded"));
        let found = validate(DocumentKind::StackAlert, &document, &Profile::default());
        let at_source: Vec<&str> = found
            .iter()
            .filter(|d| d.pointer == "/source")
            .map(|d| d.name())
            .collect();
        assert_eq!(
            at_source,
            ["wrong-type", "invalid-enum-value"],
            "{found:#?}"
        );
    }
}
