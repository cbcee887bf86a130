//! One slip, one finding: where a fix puts a missing member in place (a misspelt key renamed
//! to the required member it stands for, a source kind moved under the absent `source`), the
//! findings that exist only because that member is missing are folded into that finding as
//! secondary labels, not reported beside it.
#![allow(clippy::unwrap_used)] // test helpers too: a failure should panic

use pipelint_core::{
    Applicability, Diagnostic, DocumentKind, Level, LintOptions, Settings, Severity, fix, lint,
};

/// A Kafka create body with columns `a` and `b` and these field mappings.
fn pipe_with_mappings(mappings: &str) -> String {
    format!(
        r#"{{"name": "orders",
  "source": {{"kafka": {{"type": "kafka", "format": "JSONEachRow", "authentication": "PLAIN", "brokers": "b-1.example.com:9092", "topics": "orders", "credentials": {{"username": "${{U}}", "password": "${{P}}"}}}}}},
  "destination": {{"database": "ingest", "table": "orders", "managedTable": false,
    "columns": [{{"name": "a", "type": "String"}}, {{"name": "b", "type": "String"}}]}},
  "fieldMappings": [{mappings}]}}"#
    )
}

const SNAKE_CASE: &str = r#"{"source_field": "a", "destination_field": "a"}, {"source_field": "b", "destination_field": "b"}"#;

fn findings(body: &str, settings: Option<&Settings>) -> Vec<Diagnostic> {
    let options = LintOptions::new()
        .kind(DocumentKind::CreatePipe)
        .settings(settings);
    lint(body.as_bytes(), &options).diagnostics
}

/// (name, pointer, severity, fix title, texts of the secondary labels) of each finding.
type Shown = (&'static str, String, Severity, Option<String>, Vec<String>);

fn shown(found: &[Diagnostic]) -> Vec<Shown> {
    found
        .iter()
        .map(|d| {
            (
                d.name(),
                d.pointer.clone(),
                d.severity,
                d.fix.as_ref().map(|f| f.title.clone()),
                d.secondary
                    .iter()
                    .map(|l| l.text.clone().unwrap_or_default())
                    .collect(),
            )
        })
        .collect()
}

fn rename(pointer: &str, to: &str, severity: Severity, labels: &[&str]) -> Shown {
    (
        "unknown-field",
        pointer.to_owned(),
        severity,
        Some(format!("Rename to `{to}`")),
        labels.iter().map(|&l| l.to_owned()).collect(),
    )
}

#[test]
fn a_snake_case_mapping_slip_is_one_finding_per_key_with_its_rename() {
    let body = pipe_with_mappings(SNAKE_CASE);
    // Without the fold: missing `sourceField`/`destinationField` ×4, two unmapped columns
    // and four renames, ten findings. They are there, folded, not lost: with the renames
    // turned off, the six follow-on findings are reported on their own.
    let mut renames_off = Settings::default();
    renames_off.set("unknown-field", Level::Off).unwrap();
    let unfolded = findings(&body, Some(&renames_off));
    let names: Vec<&str> = unfolded.iter().map(Diagnostic::name).collect();
    assert_eq!(
        names,
        [
            "unmapped-column",
            "unmapped-column",
            "missing-field",
            "missing-field",
            "missing-field",
            "missing-field",
        ],
        "{unfolded:#?}"
    );

    let found = findings(&body, None);
    let missing = |item: usize, member: &str| {
        format!("`fieldMappings[{item}]` is missing the required member `{member}`")
    };
    assert_eq!(
        shown(&found),
        [
            rename(
                "/fieldMappings/0/source_field",
                "sourceField",
                Severity::Error,
                &[&missing(0, "sourceField")],
            ),
            rename(
                "/fieldMappings/0/destination_field",
                "destinationField",
                Severity::Error,
                &[
                    "column `a` has no field mapping",
                    &missing(0, "destinationField"),
                ],
            ),
            rename(
                "/fieldMappings/1/source_field",
                "sourceField",
                Severity::Error,
                &[&missing(1, "sourceField")],
            ),
            rename(
                "/fieldMappings/1/destination_field",
                "destinationField",
                Severity::Error,
                &[
                    "column `b` has no field mapping",
                    &missing(1, "destinationField"),
                ],
            ),
        ]
    );
    // The labels stand where the folded findings stood, in the order of the text.
    let unmapped_a = &unfolded[0];
    assert!(
        found[1]
            .secondary
            .iter()
            .any(|l| l.span == unmapped_a.primary.span)
    );
    // Each rename spells the same name with other separators and case: safe, and the safe
    // fixes alone give a clean body.
    assert!(
        found
            .iter()
            .all(|d| d.fix.as_ref().unwrap().applicability == Applicability::Safe)
    );
    let options = LintOptions::new().kind(DocumentKind::CreatePipe);
    let fixed = fix(body.as_bytes(), &options, Applicability::Safe);
    assert!(
        fixed.result.diagnostics.is_empty(),
        "{:#?}",
        fixed.result.diagnostics
    );
    assert_eq!(fixed.applied, 4);
}

#[test]
fn only_what_the_missing_member_explains_is_folded() {
    // The misspelt key holds `x`, no column's name: renaming it still leaves column `a`
    // unmapped, so that finding stands on its own; the missing member is folded.
    let body = pipe_with_mappings(
        r#"{"sourceField": "a", "destination_field": "x"}, {"sourceField": "b", "destinationField": "b"}"#,
    );
    let found = findings(&body, None);
    let names: Vec<(&str, &str)> = found
        .iter()
        .map(|d| (d.name(), d.pointer.as_str()))
        .collect();
    assert!(
        names.contains(&("unmapped-column", "/destination/columns/0/name")),
        "{found:#?}"
    );
    assert!(
        !names.iter().any(|(name, _)| *name == "missing-field"),
        "{found:#?}"
    );
    // A misspelt optional member the object does not lack folds nothing: its finding stays a
    // warning with no labels.
    let body = pipe_with_mappings(
        r#"{"sourceField": "a", "destinationField": "a", "destinationfeild": "b"}, {"sourceField": "b", "destinationField": "b"}"#,
    );
    let found = findings(&body, None);
    assert_eq!(
        shown(&found),
        [(
            "unknown-field",
            "/fieldMappings/0/destinationfeild".to_owned(),
            Severity::Warning,
            None,
            vec![],
        )],
        "{found:#?}"
    );
}

#[test]
fn a_source_kind_at_the_top_level_is_one_finding_that_moves_it() {
    let body = r#"{"name": "orders",
  "kafka": {"type": "kafka", "format": "JSONEachRow", "authentication": "PLAIN", "brokers": "b-1.example.com:9092", "topics": "orders", "credentials": {"username": "${U}", "password": "${P}"}},
  "destination": {"database": "ingest", "table": "orders", "managedTable": false, "columns": [{"name": "a", "type": "String"}]}}"#;
    let found = findings(body, None);
    assert_eq!(
        shown(&found),
        [(
            "unknown-field",
            "/kafka".to_owned(),
            Severity::Error,
            Some("Move `kafka` under `source`".to_owned()),
            vec!["the body is missing the required member `source`".to_owned()],
        )],
        "{found:#?}"
    );
    let options = LintOptions::new().kind(DocumentKind::CreatePipe);
    let fixed = fix(body.as_bytes(), &options, Applicability::Unsafe);
    assert!(
        fixed.result.diagnostics.is_empty(),
        "{:#?}",
        fixed.result.diagnostics
    );
}

#[test]
fn any_rule_whose_fix_renames_a_key_onto_the_missing_member_takes_the_follow_ons() {
    // `threshold_type` is the older API version's name (`legacy-alert-member`, whose fix
    // renames it); the required `thresholdType` it stands for is not reported beside it.
    let body = r#"{"name": "a", "source": "saved_search", "savedSearchId": "6601a2b3c4d5e6f7a8b9c0d1", "threshold": 1, "threshold_type": "above", "interval": "5m", "channel": {"type": "webhook", "webhookId": "65f5e4a3b9e77c001a901234"}}"#;
    let options = LintOptions::new().kind(DocumentKind::StackAlert);
    let found = lint(body.as_bytes(), &options).diagnostics;
    assert_eq!(
        shown(&found),
        [(
            "legacy-alert-member",
            "/threshold_type".to_owned(),
            Severity::Error,
            Some("Rename to `thresholdType`".to_owned()),
            vec!["the body is missing the required member `thresholdType`".to_owned()],
        )],
        "{found:#?}"
    );
}
