//! Helpers for unit tests: lint a create body and keep one rule's findings, or build the
//! context a check would get.

use crate::diagnostic::Diagnostic;
use crate::document::Document;
use crate::rule::{Context, Rule};
use crate::{DocumentKind, LintOptions, LintResult, lint};

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
    Context {
        document,
        text,
        kind: DocumentKind::CreatePipe,
        pipe: None,
        profile: Default::default(),
    }
}

/// The source text a diagnostic's primary span covers.
pub(crate) fn spanned<'t>(result: &'t LintResult, diagnostic: &Diagnostic) -> &'t str {
    &result.text[diagnostic.primary.span.clone()]
}

/// A create body with the given `source` object (as JSON text).
pub(crate) fn body(source: &str) -> String {
    format!(
        r#"{{"name": "t", "source": {source}, "destination": {{"database": "d", "table": "t", "managedTable": true, "columns": [{{"name": "a", "type": "String"}}]}}}}"#
    )
}

/// A create body with a Kafka source whose `offset` is the given JSON text.
pub(crate) fn kafka_offset_body(offset: &str) -> String {
    body(&format!(
        r#"{{"kafka": {{"type": "kafka", "format": "JSONEachRow", "authentication": "MUTUAL_TLS", "brokers": "b:9092", "topics": "t", "offset": {offset}}}}}"#
    ))
}
