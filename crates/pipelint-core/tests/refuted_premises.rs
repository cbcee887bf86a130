//! One finding refutes the premise of another: a broker type that does not offer the
//! authentication method makes "that method needs `iamRole`" wrong advice, so only the
//! refusal is reported. Every pair a rule declares (`refutes` in `declare_rule!`) is listed
//! here with a body that shows it, and the list is checked against the declarations.
#![allow(clippy::unwrap_used)] // test helpers too: a failure should panic

use std::collections::BTreeSet;

use pipelint_core::internals::refutes;
use pipelint_core::{Diagnostic, DocumentKind, Level, LintOptions, Settings, lint, rules};

/// A create-pipe body around `source` (the members of `source`).
fn pipe(source: &str) -> String {
    format!(
        r#"{{"name": "p", "source": {{{source}}}, "destination": {{"database": "d", "table": "t", "managedTable": false, "columns": [{{"name": "c", "type": "String"}}]}}}}"#
    )
}

fn kafka(broker: &str, method: &str, extra: &str) -> String {
    pipe(&format!(
        r#""kafka": {{"type": "{broker}", "format": "JSONEachRow", "authentication": "{method}", "brokers": "b.example.com:9092", "topics": "t"{extra}}}"#
    ))
}

fn storage(kind: &str, method: &str, extra: &str) -> String {
    pipe(&format!(
        r#""objectStorage": {{"type": "{kind}", "format": "CSV", "authentication": "{method}"{extra}}}"#
    ))
}

/// How a pair is kept apart.
enum Guard {
    /// The refusing rule declares `refutes: [dependent]`: settling drops the dependent
    /// finding. With the refusing rule off, the dependent one is reported.
    Declared,
    /// The dependent rule reads the same fact of the API and stays quiet itself; the body
    /// given here, where the premise holds, gets the dependent finding.
    Facts(String),
}

/// (refusing rule, rule whose premise it refutes, a body where the refusal holds, how).
fn pairs() -> Vec<(&'static str, &'static str, String, Guard)> {
    use Guard::{Declared, Facts};
    let s3_url = r#", "url": "https://logs.s3.eu-west-1.amazonaws.com/*.csv""#;
    let azure_path = r#", "azureContainerName": "logs", "path": "exports/*.csv""#;
    vec![
        (
            "kafka-auth-for-broker",
            "kafka-credentials-for-auth",
            kafka("confluent", "IAM_ROLE", ""),
            Declared,
        ),
        (
            "kafka-auth-for-broker",
            "kafka-pem-certificate",
            kafka(
                "warpstream",
                "MUTUAL_TLS",
                r#", "credentials": {"certificate": "MIIDdzCCAl+gAwIBAgIEbase64", "privateKey": "${KAFKA_CLIENT_KEY}"}"#,
            ),
            Declared,
        ),
        (
            "kafka-auth-for-broker",
            "iam-role-arn",
            kafka("confluent", "IAM_ROLE", r#", "iamRole": "pipes-reader""#),
            Declared,
        ),
        (
            "object-storage-auth-for-type",
            "iam-role-arn",
            storage(
                "azureblobstorage",
                "IAM_ROLE",
                &format!(r#"{azure_path}, "iamRole": "pipes-reader""#),
            ),
            Declared,
        ),
        (
            "alert-source-ids",
            "dropped-alert-member",
            r#"{"name": "a", "source": "saved_search", "dashboardId": "65f5e4a3b9e77c001a567890", "tileId": "t1", "threshold": 1, "thresholdType": "above", "interval": "5m", "channel": {"type": "webhook", "webhookId": "65f5e4a3b9e77c001a901234"}}"#.to_owned(),
            Declared,
        ),
        (
            "object-storage-iam-role-outside-s3",
            "object-storage-queue-url-applies",
            storage(
                "gcs",
                "IAM_ROLE",
                r#", "url": "https://storage.googleapis.com/logs/*.csv", "iamRole": "arn:aws:iam::123456789012:role/r", "isContinuous": true, "queueUrl": "projects/p/subscriptions/logs""#,
            ),
            Declared,
        ),
        (
            "object-storage-auth-for-type",
            "object-storage-required-members",
            storage("s3", "CONNECTION_STRING", s3_url),
            Facts(storage("azureblobstorage", "CONNECTION_STRING", azure_path)),
        ),
        (
            "object-storage-auth-for-type",
            "object-storage-iam-role-outside-s3",
            storage("azureblobstorage", "IAM_ROLE", azure_path),
            Facts(storage(
                "gcs",
                "IAM_ROLE",
                r#", "url": "https://storage.googleapis.com/logs/*.csv", "iamRole": "arn:aws:iam::123456789012:role/r""#,
            )),
        ),
    ]
}

fn names(diagnostics: &[Diagnostic]) -> Vec<&'static str> {
    diagnostics.iter().map(|d| d.rule.name).collect()
}

/// Bodies are create-pipe bodies but for the alerts, which name no `destination`.
fn lint_with(body: &str, settings: &Settings) -> Vec<Diagnostic> {
    let kind = if body.contains("\"destination\"") {
        DocumentKind::CreatePipe
    } else {
        DocumentKind::StackAlert
    };
    let options = LintOptions::new().kind(kind).settings(settings);
    lint(body.as_bytes(), &options).diagnostics
}

#[test]
fn the_list_is_every_declared_pair() {
    let declared: BTreeSet<(&str, &str)> = rules()
        .iter()
        .flat_map(|rule| {
            refutes(rule)
                .iter()
                .map(|&dependent| (rule.name, dependent))
        })
        .collect();
    let listed: BTreeSet<(&str, &str)> = pairs()
        .iter()
        .filter(|(_, _, _, guard)| matches!(guard, Guard::Declared))
        .map(|(r, d, _, _)| (*r, *d))
        .collect();
    assert_eq!(declared, listed);
}

#[test]
fn only_the_refusal_is_reported() {
    for (refusing, dependent, body, guard) in pairs() {
        let found = lint_with(&body, &Settings::default());
        let found = names(&found);
        assert!(found.contains(&refusing), "{refusing}: {found:?}");
        assert!(
            !found.contains(&dependent),
            "{refusing} → {dependent}: {found:?}"
        );
        // Where nothing refutes the premise, the dependent rule reports: the body does
        // exercise the pair.
        let control = match guard {
            Guard::Declared => {
                let mut settings = Settings::default();
                settings.set(refusing, Level::Off).unwrap();
                lint_with(&body, &settings)
            }
            Guard::Facts(holds) => lint_with(&holds, &Settings::default()),
        };
        let control = names(&control);
        assert!(
            control.contains(&dependent) && !control.contains(&refusing),
            "{refusing} → {dependent}, premise standing: {control:?}"
        );
    }
}

/// The refusal drops only what rests on the refused value: the CA certificate is read
/// whatever the method, so its finding stays beside the refusal.
#[test]
fn what_rests_on_another_member_stays() {
    let body = kafka(
        "warpstream",
        "MUTUAL_TLS",
        r#", "caCertificate": "MIIDdzCCAl+gAwIBAgIEbase64", "credentials": {"certificate": "MIIDdzCCAl+gAwIBAgIEbase64", "privateKey": "${KAFKA_CLIENT_KEY}"}"#,
    );
    let found = lint_with(&body, &Settings::default());
    assert!(
        names(&found).contains(&"kafka-auth-for-broker"),
        "{found:?}"
    );
    let certificates: Vec<&str> = found
        .iter()
        .filter(|d| d.rule.name == "kafka-pem-certificate")
        .map(|d| d.pointer.as_str())
        .collect();
    assert_eq!(certificates, ["/source/kafka/caCertificate"]);
}

/// Every value the server rejects refutes what other findings build on it, declared or not:
/// a misspelt Postgres method (`iam_role`) is reported, and the password the schema asks
/// for unless the method is `IAM_ROLE` is not; the same body with `basic` is asked for it.
#[test]
fn an_error_at_the_premise_refutes_without_a_declaration() {
    let postgres = |method: &str| {
        format!(
            r#"{{"name": "p", "source": {{"postgres": {{"host": "db.example.com", "port": 5432, "database": "app", "authentication": "{method}", "iamRole": "arn:aws:iam::123456789012:role/r", "credentials": {{"username": "u"}}, "tableMappings": [{{"sourceSchemaName": "public", "sourceTable": "t", "targetTable": "t"}}]}}}}, "destination": {{"database": "d"}}}}"#
        )
    };
    let found = lint_with(&postgres("iam_role"), &Settings::default());
    assert_eq!(names(&found), ["invalid-enum-value"], "{found:?}");
    let control = lint_with(&postgres("basic"), &Settings::default());
    assert!(
        control
            .iter()
            .any(|d| d.name() == "missing-field" && d.pointer.ends_with("/password")),
        "{control:?}"
    );
    // Turned off, the refusal refutes nothing: the password finding is reported.
    let mut settings = Settings::default();
    settings.set("invalid-enum-value", Level::Off).unwrap();
    let found = lint_with(&postgres("iam_role"), &settings);
    assert!(
        found.iter().any(|d| d.name() == "missing-field"),
        "{found:?}"
    );
}
