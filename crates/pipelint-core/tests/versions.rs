//! Every kind under every bundled profile (api-profiles.md, decision P5): no did-you-mean and
//! no fix ever rewrites a value or a member that some bundled profile accepts. Every value
//! and member row of the table of changes is put into a valid body of its kind and linted
//! under every profile.

#![allow(clippy::unwrap_used)] // a failure should panic

mod common;

use common::read;
use pipelint_core::{ApiVersion, DocumentKind, LintOptions, Profile, StackVersion, What, lint};
use serde_json::{Value, json};

/// A valid body of each kind the table has rows for.
fn base(kind: DocumentKind) -> Option<Value> {
    let path = match kind {
        DocumentKind::CreatePipe => "fixtures/create-pipe/valid/kafka-warpstream-plain.json",
        DocumentKind::PipeScaling => "fixtures/pipe-scaling/valid/replicas-only.json",
        DocumentKind::CdcScaling => "fixtures/cdc-scaling/valid/cpu-and-memory@api-2026-04.json",
        DocumentKind::Pipe => "fixtures/pipe/valid/kafka-running.json",
        DocumentKind::PipeResponse => "fixtures/pipe-response/valid/create-kafka-pipe.json",
        DocumentKind::Service => "fixtures/service/valid/aws-production.json",
        DocumentKind::ServiceList => "fixtures/service-list/valid/three-services.json",
        DocumentKind::StackAlert => "fixtures/stack-alert/valid/tile-alert-webhook.json",
        DocumentKind::ManagedStackAlert => {
            "fixtures/managed-stack-alert/valid/tile-webhook.managed-alert.json"
        }
        DocumentKind::ChartSeries => "fixtures/chart-series/valid/checkout-latency-p95.json",
        DocumentKind::Dashboard => "fixtures/dashboard/valid/checkout-overview.json",
        DocumentKind::DashboardUpdate => {
            "fixtures/dashboard-update/valid/checkout-overview-update.json"
        }
        _ => return None,
    };
    Some(serde_json::from_str(&read(path)).unwrap())
}

/// A plausible value for a newer member, by its name.
fn sample(member: &str) -> Value {
    match member {
        "channels" => json!([{"type": "webhook", "webhookId": "65f5e4a3b9e77c001a901235"}]),
        "thresholdMax" => json!(1000),
        "note" => json!("See the runbook."),
        "numConsecutiveWindows" => json!(2),
        "webhookService" => json!("slack"),
        "slackChannelId" => json!("C0123456789"),
        "severity" => json!("critical"),
        "containers" => json!([{"id": "main", "title": "Main", "collapsed": false}]),
        "containerId" => json!("main"),
        "tabId" => json!("first"),
        "numberFormat" => json!({"output": "number"}),
        "numericUnit" => json!("bytes"),
        "onClick" => json!({"type": "external", "url": "https://example.com"}),
        "color" => json!("blue"),
        "colorRules" => json!([]),
        "backgroundChart" => json!({}),
        "showOperandSeries" => json!(true),
        _ => json!(true),
    }
}

/// Sets `value` at `pattern` (`*` is the first item), making the objects and arrays on the
/// way; returns the concrete pointer.
fn set(body: &mut Value, pattern: &str, value: Value) -> String {
    let tokens: Vec<&str> = pattern.split('/').skip(1).collect();
    let mut here = body;
    let mut pointer = String::new();
    for (n, token) in tokens.iter().enumerate() {
        let last = n + 1 == tokens.len();
        let fresh = || match tokens.get(n + 1) {
            Some(&"*") => json!([]),
            _ => json!({}),
        };
        if *token == "*" {
            let items = here.as_array_mut().unwrap();
            if items.is_empty() {
                items.push(if last { value.clone() } else { fresh() });
            }
            if last {
                items[0] = value.clone();
            }
            pointer.push_str("/0");
            here = &mut items[0];
        } else {
            let members = here.as_object_mut().unwrap();
            if last {
                members.insert((*token).to_owned(), value.clone());
            } else if !members
                .get(*token)
                .is_some_and(|v| v.is_object() || v.is_array())
            {
                members.insert((*token).to_owned(), fresh());
            }
            pointer.push('/');
            pointer.push_str(token);
            here = members.get_mut(*token).unwrap();
        }
    }
    pointer
}

/// Every combination of the bundled versions, the stack one both left at its default and
/// chosen.
fn profiles() -> Vec<Profile> {
    let mut all = Vec::new();
    for api in ApiVersion::ALL {
        all.push(Profile::default().with_api(*api));
        for stack in StackVersion::ALL {
            all.push(Profile::default().with_api(*api).with_stack(*stack));
        }
    }
    all
}

#[test]
fn no_fix_or_guess_rewrites_what_a_bundled_profile_accepts() {
    let mut checked = 0;
    for change in pipelint_core::changes() {
        let (value, is_member) = match change.what {
            What::Value(value) => (Some(value), false),
            What::Member => (None, true),
            _ => continue,
        };
        for &kind in change.kinds {
            let Some(base) = base(kind) else {
                continue;
            };
            for pattern in change.at {
                let mut body = base.clone();
                let member = pattern.rsplit('/').next().unwrap_or_default();
                let written = value.map_or_else(|| sample(member), |v| json!(v));
                let pointer = set(&mut body, pattern, written);
                let text = serde_json::to_string_pretty(&body).unwrap();
                let document = pipelint_core::load(text.as_bytes()).document.unwrap();
                let target = if is_member {
                    document.key_span(&pointer)
                } else {
                    document.value_span(&pointer)
                };
                for profile in profiles() {
                    let options = LintOptions::new().kind(kind).profile(profile);
                    let result = lint(text.as_bytes(), &options);
                    for d in &result.diagnostics {
                        let context = || {
                            format!(
                                "row {} {pattern} {value:?} under {profile:?}: {} at {}: {}",
                                change.row,
                                d.name(),
                                d.pointer,
                                d.message
                            )
                        };
                        if let Some(fix) = &d.fix {
                            let apart =
                                fix.span.end <= target.start || fix.span.start >= target.end;
                            assert!(apart, "a fix rewrites it: {}", context());
                        }
                        // Where the profile accepts the row, the schema (the union) and the
                        // table agree: nothing calls the value or member unknown or newer.
                        if change.accepted_by(&profile) && d.pointer == pointer {
                            let refused =
                                ["invalid-enum-value", "unknown-field", "needs-newer-api"];
                            assert!(!refused.contains(&d.name()), "refused: {}", context());
                        }
                        if d.pointer == pointer {
                            let help = d.help.as_deref().unwrap_or_default();
                            assert!(
                                !help.contains("did you mean"),
                                "a guess replaces it: {}",
                                context()
                            );
                        }
                    }
                    checked += 1;
                }
            }
        }
    }
    // Every kind with rows: a table that lost them would pass vacuously.
    assert!(checked > 2000, "{checked}");
}

/// The acceptance cases of the issue for the analytics stack: under the newest server, a
/// body that breaks a newer rule gets an error at that member; under the default profile the
/// same newer bodies get `needs-newer-api` warnings only.
#[test]
fn newer_alert_and_tile_rules_apply_under_the_newest_server_only() {
    let alert = |members: &str| {
        format!(
            r#"{{"source": "saved_search", "savedSearchId": "65f5e4a3b9e77c001a567890", "threshold": 10, "interval": "5m", {members}}}"#
        )
    };
    let webhooks: Vec<String> = (0..11)
        .map(|i| format!(r#"{{"type": "webhook", "webhookId": "65f5e4a3b9e77c001a9012{i:02}"}}"#))
        .collect();
    let cases = [
        (
            DocumentKind::StackAlert,
            alert(r#""thresholdType": "between", "channel": {"type": "webhook", "webhookId": "65f5e4a3b9e77c001a901234"}"#),
            "/thresholdMax",
        ),
        (
            DocumentKind::StackAlert,
            alert(&format!(r#""thresholdType": "above", "channels": [{}]"#, webhooks.join(", "))),
            "/channels",
        ),
        (
            DocumentKind::Dashboard,
            r#"{"name": "d", "tiles": [{"name": "t", "x": 0, "y": 0, "w": 6, "h": 4, "config": {"displayType": "heatmap", "sourceId": "65f5e4a3b9e77c001a123456", "select": [{"valueExpression": "Duration"}, {"valueExpression": "Size"}]}}]}"#.to_owned(),
            "/tiles/0/config/select",
        ),
    ];
    for (kind, text, at) in &cases {
        let latest = lint(
            text.as_bytes(),
            &LintOptions::new().kind(*kind).profile(Profile::latest()),
        );
        let errors: Vec<(&str, &str)> = latest
            .diagnostics
            .iter()
            .filter(|d| d.severity == pipelint_core::Severity::Error)
            .map(|d| (d.name(), d.pointer.as_str()))
            .collect();
        assert!(errors.iter().any(|(_, p)| p == at), "{at}: {errors:?}");
        let default = lint(text.as_bytes(), &LintOptions::new().kind(*kind));
        let found: Vec<(&str, &str)> = default
            .diagnostics
            .iter()
            .map(|d| (d.name(), d.pointer.as_str()))
            .collect();
        assert!(
            !found.is_empty() && found.iter().all(|(name, _)| *name == "needs-newer-api"),
            "{at}: {found:?}"
        );
        assert!(
            default
                .diagnostics
                .iter()
                .all(|d| d.severity == pipelint_core::Severity::Warning)
        );
    }
}
