//! The response, service and analytics-stack kinds: the acceptance cases and the
//! schemas that must stay in step with others (their rules' fixes are checked in `fixes.rs`).

mod common;

use common::{read, schema};
use pipelint_core::{DocumentKind, LintOptions, LintResult, Severity, What, lint};
use serde_json::Value;

fn lint_text(text: &str, file_name: Option<&str>) -> LintResult {
    lint(text.as_bytes(), &LintOptions::new().file_name(file_name))
}

fn names(result: &LintResult) -> Vec<&'static str> {
    result.diagnostics.iter().map(|d| d.name()).collect()
}

#[test]
fn a_recorded_response_with_credentials_is_one_error() {
    let text = read("fixtures/pipe-response/invalid/leaked-secret--kafka-credentials.json");
    let result = lint_text(&text, None);
    assert_eq!(result.kind, Some(DocumentKind::PipeResponse));
    assert_eq!(names(&result), vec!["leaked-secret"], "{result:#?}");
    assert_eq!(result.diagnostics[0].severity, Severity::Error);
    assert_eq!(
        result.diagnostics[0].pointer,
        "/result/source/kafka/credentials"
    );
    // The password itself never shows.
    assert!(!result.text.contains("Xk9#pQ2!vR7m"));
}

#[test]
fn an_alert_pasted_from_the_docs_gets_the_placeholder_hint() {
    let text = read("fixtures/stack-alert/invalid/doc-placeholder--pasted-docs-example.json");
    let result = lint_text(&text, None);
    assert_eq!(result.kind, Some(DocumentKind::StackAlert));
    assert_eq!(
        names(&result),
        vec!["doc-placeholder", "doc-placeholder", "doc-placeholder"],
        "{result:#?}"
    );
    let dashboard = &result.diagnostics[0];
    assert_eq!(dashboard.pointer, "/dashboardId");
    assert!(
        dashboard
            .message
            .contains("`<DASHBOARD_ID>` is a placeholder")
    );
    assert!(
        dashboard
            .help
            .as_deref()
            .is_some_and(|h| h.contains("id of the dashboard"))
    );
}

#[test]
fn a_chart_query_in_seconds_gets_the_milliseconds_fix() {
    let text = read("fixtures/chart-series/invalid/epoch-milliseconds--seconds.json");
    let result = lint_text(&text, None);
    assert_eq!(result.kind, Some(DocumentKind::ChartSeries));
    assert_eq!(
        names(&result),
        vec!["epoch-milliseconds", "epoch-milliseconds"]
    );
    let replacements: Vec<&str> = result
        .diagnostics
        .iter()
        .filter_map(|d| d.fix.as_ref().map(|f| f.replacement.as_str()))
        .collect();
    assert_eq!(replacements, vec!["1717171200000", "1717257600000"]);
    // Both fixes together give a clean query (apply from the end so offsets hold).
    let mut repaired = text.clone();
    for diagnostic in result.diagnostics.iter().rev() {
        if let Some(fix) = &diagnostic.fix {
            repaired.replace_range(fix.span.clone(), &fix.replacement);
        }
    }
    assert!(lint_text(&repaired, None).diagnostics.is_empty());
}

/// Members of create bodies that a record never has (spec 2.3, 2.7).
const CREATE_ONLY: &[&str] = &["roles", "validateSamples"];

/// The pipe record schema mirrors the create-pipe `$defs`: the same definitions with the
/// same members and allowed values, less the create-only members. (The secrets stay, so
/// that `leaked-secret` and not `unknown-field` reports them; their shape is not checked.)
#[test]
fn the_pipe_record_schema_mirrors_the_create_schema() {
    let create = schema(DocumentKind::CreatePipe);
    let record = schema(DocumentKind::Pipe);
    let (Some(create_defs), Some(record_defs)) =
        (create["$defs"].as_object(), record["$defs"].as_object())
    else {
        panic!("no $defs");
    };
    for (name, def) in create_defs {
        if [
            "credentials",
            "databaseCredentials",
            "kafkaCredentials",
            "accessKey",
            "serviceAccountCredentials",
        ]
        .contains(&name.as_str())
        {
            continue;
        }
        let Some(mirror) = record_defs.get(name) else {
            panic!("pipe.schema.json lacks $defs/{name}");
        };
        let members = |d: &Value| -> Vec<String> {
            d["properties"]
                .as_object()
                .map(|p| {
                    p.keys()
                        .filter(|k| !CREATE_ONLY.contains(&k.as_str()))
                        .cloned()
                        .collect()
                })
                .unwrap_or_default()
        };
        assert_eq!(
            members(def),
            members(mirror),
            "$defs/{name}: members differ"
        );
        if let Some(properties) = def["properties"].as_object() {
            for (member, property) in properties {
                assert_eq!(
                    property.get("enum"),
                    mirror["properties"][member].get("enum"),
                    "$defs/{name}/{member}: allowed values differ"
                );
            }
        }
    }
}

/// The response envelopes embed the record schemas unchanged.
#[test]
fn the_envelope_schemas_embed_their_record_schema() {
    for (envelope, record, def) in [
        (DocumentKind::PipeResponse, DocumentKind::Pipe, "pipe"),
        (DocumentKind::ServiceList, DocumentKind::Service, "service"),
    ] {
        let envelope = schema(envelope);
        let record = schema(record);
        let mut body = record.clone();
        let Some(body_object) = body.as_object_mut() else {
            panic!("record schema is not an object");
        };
        for key in ["$schema", "$id", "title", "$defs"] {
            body_object.remove(key);
        }
        assert_eq!(
            envelope["$defs"][def], body,
            "$defs/{def} differs from its record"
        );
        let Some(record_defs) = record["$defs"].as_object() else {
            panic!("no $defs");
        };
        for (name, value) in record_defs {
            assert_eq!(&envelope["$defs"][name], value, "$defs/{name} differs");
        }
        assert_eq!(
            envelope["$defs"].as_object().map(|d| d.len()),
            Some(record_defs.len() + 1),
            "extra $defs in the envelope"
        );
    }
}

/// The two alert forms differ only in wording and in what the table of changes gives the
/// managed form alone: the managed form's email channel is told apart by the
/// `alert-channel` rule, so both schemas accept the same members otherwise.
#[test]
fn the_alert_forms_accept_the_same_members() {
    fn strip(value: &Value) -> Value {
        match value {
            Value::Object(map) => Value::Object(
                map.iter()
                    .filter(|(k, _)| !["description", "title", "$id"].contains(&k.as_str()))
                    .map(|(k, v)| (k.clone(), strip(v)))
                    .collect(),
            ),
            Value::Array(items) => Value::Array(items.iter().map(strip).collect()),
            other => other.clone(),
        }
    }
    // Whether the table gives `pointer` (a value, or a member when `value` is `None`) to the
    // managed form and not to the self-hosted one.
    let managed_only = |pointer: &str, value: Option<&str>| {
        let rows = |kind: DocumentKind| {
            pipelint_core::changes().any(|c| {
                let at: &[&str] = c.at;
                c.kinds.contains(&kind)
                    && at.contains(&pointer)
                    && match (c.what, value) {
                        (What::Value(listed), Some(v)) => listed == v,
                        (What::Member, None) => true,
                        _ => false,
                    }
            })
        };
        rows(DocumentKind::ManagedStackAlert) && !rows(DocumentKind::StackAlert)
    };
    // The managed form alone has the `30s` interval (api-version 2026-07, a team flag).
    let mut managed = strip(&schema(DocumentKind::ManagedStackAlert));
    let intervals = managed["properties"]["interval"]["enum"]
        .as_array_mut()
        .unwrap();
    assert_eq!(intervals.remove(0), "30s");
    assert!(managed_only("/interval", Some("30s")));
    // ... and the webhook channel's extras (api-version 2026-04).
    let channel = managed["$defs"]["channel"]["properties"]
        .as_object_mut()
        .unwrap();
    for extra in ["webhookService", "slackChannelId", "severity"] {
        assert!(channel.remove(extra).is_some(), "{extra}");
        assert!(managed_only(&format!("/channel/{extra}"), None), "{extra}");
        assert!(
            managed_only(&format!("/channels/*/{extra}"), None),
            "{extra}"
        );
    }
    assert_eq!(strip(&schema(DocumentKind::StackAlert)), managed);
    assert_eq!(
        strip(&schema(DocumentKind::Dashboard)),
        strip(&schema(DocumentKind::DashboardUpdate))
    );
}

/// A misspelled member no longer hides the kind: the patch is checked as one, and the
/// misspelling is the one finding, with the right spelling.
#[test]
fn a_scaling_patch_with_a_misspelled_member_is_still_a_scaling_patch() {
    let result = lint_text("{\"replicas\": 2, \"replicaCpuMilicores\": 500}\n", None);
    assert_eq!(result.kind, Some(DocumentKind::PipeScaling), "{result:#?}");
    assert_eq!(names(&result), vec!["unknown-field"], "{result:#?}");
    assert!(
        result.diagnostics[0]
            .help
            .as_deref()
            .is_some_and(|h| h.contains("did you mean `replicaCpuMillicores`?")),
        "{result:#?}"
    );
    let reason = result.kind_reason.unwrap_or_default();
    assert!(
        reason.contains("`replicaCpuMilicores` is not a scaling member"),
        "{reason}"
    );
    // A record member still makes it a record question, not a patch.
    let record = lint_text("{\"id\": \"p1\", \"replicas\": 2}\n", None);
    assert_eq!(record.kind, None, "{record:#?}");
}

/// A pipe response saved under a create-body name: the findings its envelope produces say
/// why, and findings deeper in the document are left as they are.
#[test]
fn a_response_saved_as_a_create_body_gets_the_hint() {
    let text = read("fixtures/pipe-response/valid/create-kafka-pipe.json");
    let result = lint_text(&text, Some("orders.pipe.json"));
    assert_eq!(result.kind, Some(DocumentKind::CreatePipe));
    let hinted: Vec<&str> = result
        .diagnostics
        .iter()
        .filter(|d| {
            d.help
                .as_deref()
                .is_some_and(|h| h.contains("looks like a saved `pipe-response`"))
        })
        .map(|d| d.pointer.as_str())
        .collect();
    assert!(hinted.contains(&"/requestId"), "{result:#?}");
    // `--explain-kind` says it too.
    let reason = result.kind_reason.as_deref().unwrap_or_default();
    assert!(
        reason.contains("`.pipe.json`; this looks like a saved `pipe-response`"),
        "{reason}"
    );
    // The required members a create body lacks.
    assert!(hinted.contains(&"/name"), "{result:#?}");
    assert!(
        result.diagnostics.iter().all(|d| d
            .help
            .as_deref()
            .is_none_or(|h| !h.contains("looks like") || d.pointer.matches('/').count() <= 1)),
        "{result:#?}"
    );
    // Checked as what it is, there is nothing to hint.
    let right = lint_text(&text, Some("orders.pipe-response.json"));
    assert!(
        right
            .diagnostics
            .iter()
            .all(|d| d.help.as_deref().is_none_or(|h| !h.contains("looks like"))),
        "{right:#?}"
    );
    // A create body under its own name gets no hint either.
    let body = read("fixtures/create-pipe/valid/kafka-scram-sha-512.json");
    let plain = lint_text(&body.replace("\"name\"", "\"nmae\""), Some("a.pipe.json"));
    assert!(!plain.diagnostics.is_empty());
    assert!(
        plain
            .diagnostics
            .iter()
            .all(|d| d.help.as_deref().is_none_or(|h| !h.contains("looks like"))),
        "{plain:#?}"
    );
}
