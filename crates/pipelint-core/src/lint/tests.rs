//! The engine's tests: whole lints that show how findings are settled.

use super::*;

const CLEAN_WITH_SECRET: &str = r#"{"name": "p", "source": {"kafka": {"type": "kafka", "format": "JSONEachRow", "authentication": "PLAIN", "brokers": "b.example.com:9092", "topics": "t", "credentials": {"username": "u", "password": "Tr0ub4dor-and-3"}}}, "destination": {"database": "d", "table": "t", "managedTable": false, "columns": [{"name": "c", "type": "String"}]}}"#;

/// A literal secret is a finding of its own: a result is clean with one only when that
/// rule is off.
#[test]
fn a_clean_result_keeps_no_text_and_a_result_with_findings_keeps_it_masked() {
    let mut settings = Settings::default();
    settings
        .set("plaintext-secret", crate::Level::Off)
        .unwrap_or_else(|e| panic!("{e}"));
    let options = LintOptions::new()
        .file_name("p.pipe.json")
        .settings(&settings);
    let clean = lint(CLEAN_WITH_SECRET.as_bytes(), &options);
    assert!(clean.diagnostics.is_empty(), "{:?}", clean.diagnostics);
    assert_eq!(clean.text, "");
    let shown = lint(CLEAN_WITH_SECRET.as_bytes(), &options.show_secrets(true));
    assert_eq!(shown.text, "");

    let with_finding = CLEAN_WITH_SECRET.replace("\"PLAIN\"", "\"plain\"");
    let found = lint(with_finding.as_bytes(), &options);
    assert!(!found.diagnostics.is_empty());
    assert_eq!(found.text.len(), with_finding.len());
    assert!(!found.text.contains("Tr0ub4dor-and-3"));
    assert!(found.text.contains("\"plain\""));
}

/// A saved-search alert; `members` are added at its top level.
fn saved_search_alert(members: &str) -> Vec<Diagnostic> {
    let body = format!(
        r#"{{"name": "a", "source": "saved_search", "threshold": 1, "thresholdType": "above", "interval": "5m", "channel": {{"type": "webhook", "webhookId": "65f5e4a3b9e77c001a901234"}}{members}}}"#
    );
    let options = LintOptions::new().kind(DocumentKind::StackAlert);
    lint(body.as_bytes(), &options).diagnostics
}

fn deletions(found: &[Diagnostic]) -> Vec<(&str, Option<crate::Applicability>)> {
    found
        .iter()
        .filter(|d| d.name() == "dropped-alert-member")
        .map(|d| (d.pointer.as_str(), d.fix.as_ref().map(|f| f.applicability)))
        .collect()
}

/// An unknown member raised to an error is refused, not ignored: its help says no more
/// that the server ignores it.
#[test]
fn an_unknown_member_at_error_level_is_not_called_ignored() {
    let body = br#"{"replicaz": 3}"#;
    let helps = |settings: &Settings| -> Vec<String> {
        let options = LintOptions::new()
            .kind(DocumentKind::PipeScaling)
            .settings(settings);
        lint(body, &options)
            .diagnostics
            .into_iter()
            .filter_map(|d| d.help)
            .collect()
    };
    let warned = helps(&Settings::default());
    assert!(
        warned.iter().any(|h| h.contains("ignores members")),
        "{warned:?}"
    );
    let mut settings = Settings::default();
    settings
        .set("unknown-field", crate::settings::Level::Error)
        .unwrap_or_else(|e| panic!("{e}"));
    let refused = helps(&settings);
    assert_eq!(refused.len(), warned.len());
    assert!(
        refused.iter().all(|h| !h.contains("ignores members")),
        "{refused:?}"
    );
}

#[test]
fn a_deletion_is_unsafe_where_the_object_has_an_error() {
    use crate::Applicability::{Safe, Unsafe};
    let ids = r#", "dashboardId": "65f5e4a3b9e77c001a567890", "tileId": "t1""#;
    // With an error on the alert (its saved search id is no id), removing them is a guess.
    let found = saved_search_alert(&format!(r#"{ids}, "savedSearchId": 5"#));
    assert!(
        found
            .iter()
            .any(|d| d.name() == "wrong-type" && d.pointer == "/savedSearchId"),
        "{found:?}"
    );
    assert_eq!(
        deletions(&found),
        [("/dashboardId", Some(Unsafe)), ("/tileId", Some(Unsafe))]
    );
    // A valid saved-search alert besides: the server drops them, removing them is safe.
    let found = saved_search_alert(&format!(
        r#"{ids}, "savedSearchId": "6601a2b3c4d5e6f7a8b9c0d1""#
    ));
    assert_eq!(
        deletions(&found),
        [("/dashboardId", Some(Safe)), ("/tileId", Some(Safe))]
    );
    // An error in another object (the channel lacks its webhook) does not make it one.
    let body = format!(
        r#"{{"name": "a", "source": "saved_search", "savedSearchId": "6601a2b3c4d5e6f7a8b9c0d1", "threshold": 1, "thresholdType": "above", "interval": "5m", "channel": {{"type": "webhook"}}{ids}}}"#
    );
    let options = LintOptions::new().kind(DocumentKind::StackAlert);
    let found = lint(body.as_bytes(), &options).diagnostics;
    assert!(
        found
            .iter()
            .any(|d| d.severity == crate::Severity::Error && d.pointer.starts_with("/channel/")),
        "{found:?}"
    );
    assert_eq!(
        deletions(&found),
        [("/dashboardId", Some(Safe)), ("/tileId", Some(Safe))]
    );
}

#[test]
fn a_fix_never_deletes_what_another_finding_is_about() {
    let found = saved_search_alert(
        r#", "savedSearchId": "6601a2b3c4d5e6f7a8b9c0d1", "dashboardId": "abc""#,
    );
    assert!(
        found
            .iter()
            .any(|d| d.name() == "invalid-object-id" && d.pointer == "/dashboardId"),
        "{found:?}"
    );
    assert_eq!(deletions(&found), [("/dashboardId", None)]);
}
