//! Helpers for the unit tests of every rule group: lint a body and keep one rule's findings,
//! build the bodies the tests vary, or build the context a check would get.

use crate::diagnostic::Diagnostic;
use crate::document::Document;
use crate::rule::{Context, Rule};
use crate::{DocumentKind, LintOptions, LintResult, Profile, lint};

/// Lints `json` as a create-pipe body and keeps the findings of `rule`.
pub(crate) fn findings(rule: &'static Rule, json: &str) -> (LintResult, Vec<Diagnostic>) {
    findings_under(rule, json, crate::Profile::default())
}

/// [`findings`] under the newest API version, for the members only it accepts.
pub(crate) fn findings_latest(rule: &'static Rule, json: &str) -> (LintResult, Vec<Diagnostic>) {
    let latest = crate::Profile::default().with_api(crate::ApiVersion::LATEST);
    findings_under(rule, json, latest)
}

fn findings_under(
    rule: &'static Rule,
    json: &str,
    profile: crate::Profile,
) -> (LintResult, Vec<Diagnostic>) {
    let options = LintOptions {
        kind: Some(DocumentKind::CreatePipe),
        ..LintOptions::default()
    }
    .profile(profile);
    let result = lint(json.as_bytes(), &options);
    let mine = result
        .diagnostics
        .iter()
        .filter(|d| std::ptr::eq(d.rule, rule))
        .cloned()
        .collect();
    (result, mine)
}

/// The context a check of a create body would get, for unit tests of shared helpers.
pub(crate) fn create_pipe_context<'a>(document: &'a Document, text: &'a str) -> Context<'a> {
    Context::new(
        document,
        text,
        DocumentKind::CreatePipe,
        None,
        Default::default(),
    )
}

/// The source text a diagnostic's primary span covers.
pub(crate) fn spanned<'t>(result: &'t LintResult, diagnostic: &Diagnostic) -> &'t str {
    &result.text[diagnostic.primary.span.clone()]
}

/// A create body with the given `source` object (as JSON text).
pub(crate) fn body(source: &str) -> String {
    format!(
        r#"{{"name": "t", "source": {source}, "destination": {{"database": "d", "table": "t", "managedTable": true, "tableDefinition": {{"engine": {{"type": "MergeTree"}}, "sortingKey": ["a"]}}, "columns": [{{"name": "a", "type": "String"}}]}}}}"#
    )
}

/// A create body with a Kafka source whose `offset` is the given JSON text.
pub(crate) fn kafka_offset_body(offset: &str) -> String {
    body(&format!(
        r#"{{"kafka": {{"type": "kafka", "format": "JSONEachRow", "authentication": "MUTUAL_TLS", "brokers": "b:9092", "topics": "t", "offset": {offset}}}}}"#
    ))
}

/// A create body with a Kinesis source holding the given members besides the required ones.
pub(crate) fn kinesis(members: &str) -> String {
    body(&format!(
        r#"{{"kinesis": {{"format": "JSONEachRow", "streamName": "s", {members}}}}}"#
    ))
}

/// A create body with a Pub/Sub source holding the given members besides the required ones.
pub(crate) fn pubsub(members: &str) -> String {
    body(&format!(
        r#"{{"pubsub": {{"format": "JSONEachRow", "projectId": "p", "topic": "t", "authentication": "SERVICE_ACCOUNT", "serviceAccountKey": "${{KEY}}", {members}}}}}"#
    ))
}

/// A create body with a MySQL source of the given `type` and settings members.
pub(crate) fn mysql(kind: &str, settings: &str) -> String {
    body(&format!(
        r#"{{"mysql": {{"type": "{kind}", "host": "db.internal", "port": 3306, "settings": {{"replicationMode": "cdc"{settings}}}, "tableMappings": [{{"sourceSchemaName": "shop", "sourceTable": "orders", "targetTable": "shop_orders"}}]}}}}"#
    ))
}

/// Lints `text` as `kind`.
pub(crate) fn lint_as(text: &str, kind: DocumentKind) -> LintResult {
    lint(text.as_bytes(), &LintOptions::new().kind(kind))
}

/// The findings of `rule` in `json` checked as `kind`.
pub(crate) fn findings_as(rule: &'static Rule, kind: DocumentKind, json: &str) -> Vec<Diagnostic> {
    findings_as_under(rule, kind, json, Profile::default())
}

/// The findings of `rule` in `json` checked as `kind` against `profile`.
pub(crate) fn findings_as_under(
    rule: &'static Rule,
    kind: DocumentKind,
    json: &str,
    profile: Profile,
) -> Vec<Diagnostic> {
    let options = LintOptions::new().kind(kind).profile(profile);
    lint(json.as_bytes(), &options)
        .diagnostics
        .into_iter()
        .filter(|d| std::ptr::eq(d.rule, rule))
        .collect()
}

/// The findings of `rule` for a dashboard whose one tile has the given `config`, checked
/// against the newest server.
pub(crate) fn latest_dashboard_findings(rule: &'static Rule, config: &str) -> Vec<Diagnostic> {
    findings_as_under(
        rule,
        DocumentKind::Dashboard,
        &dashboard(&format!(r#""config": {config}"#)),
        Profile::latest(),
    )
}

/// The findings of `rule` for a line tile whose select list holds `item`, checked
/// against the newest server.
pub(crate) fn latest_select_findings(rule: &'static Rule, item: &str) -> Vec<Diagnostic> {
    let config = format!(
        r#"{{"displayType": "line", "sourceId": "65f5e4a3b9e77c001a123456", "select": [{item}]}}"#
    );
    findings_as_under(
        rule,
        DocumentKind::Dashboard,
        &dashboard(&format!(r#""config": {config}"#)),
        Profile::latest(),
    )
}

/// A dashboard create body with one tile (`tile` holds its members after the grid).
pub(crate) fn dashboard(tile: &str) -> String {
    format!(
        r#"{{"name": "d", "tiles": [{{"name": "t", "x": 0, "y": 0, "w": 6, "h": 3, {tile}}}]}}"#
    )
}

/// The findings of `rule` for a dashboard whose one tile has the given `config`.
pub(crate) fn dashboard_findings(rule: &'static Rule, config: &str) -> Vec<Diagnostic> {
    findings_as(
        rule,
        DocumentKind::Dashboard,
        &dashboard(&format!(r#""config": {config}"#)),
    )
}

/// The findings of `rule` for a line tile whose select list holds `item`.
pub(crate) fn select_findings(rule: &'static Rule, item: &str) -> Vec<Diagnostic> {
    dashboard_findings(
        rule,
        &format!(
            r#"{{"displayType": "line", "sourceId": "65f5e4a3b9e77c001a123456", "select": [{item}]}}"#
        ),
    )
}

/// The findings of `rule` for a self-hosted alert with the given extra members.
pub(crate) fn alert_findings(rule: &'static Rule, members: &str) -> Vec<Diagnostic> {
    let json = format!(
        r#"{{"source": "saved_search", "savedSearchId": "65f5e4a3b9e77c001a567890", "threshold": 1, "thresholdType": "above", "channel": {{"type": "webhook", "webhookId": "65f5e4a3b9e77c001a567891"}}, {members}}}"#
    );
    findings_as(rule, DocumentKind::StackAlert, &json)
}
