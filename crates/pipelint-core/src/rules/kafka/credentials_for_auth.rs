use serde_json::Value;

use super::KAFKA;
use crate::declare_rule;
use crate::diagnostic::Diagnostic;
use crate::rule::Context;

declare_rule! {
    /// ## What it checks
    /// The Kafka source carries what its `authentication` method needs (real-API notes):
    ///
    /// - `PLAIN`, `SCRAM-SHA-256` and `SCRAM-SHA-512` need `credentials` with a non-empty
    ///   `username` and `password`;
    /// - `IAM_ROLE` needs a non-empty `iamRole`.
    ///
    /// Members missing *inside* `credentials` are reported by `missing-field`.
    ///
    /// ## Why it matters
    /// Without them the pipe cannot log in to the brokers: the API rejects the request, or
    /// the pipe fails when it first connects.
    ///
    /// ## Example
    /// ```json
    /// {"kafka": {"type": "kafka", "authentication": "SCRAM-SHA-512", "brokers": "broker-1:9092", "topics": "orders"}}
    /// ```
    ///
    /// ## Fix
    /// Add `"credentials": {"username": "${KAFKA_USERNAME}", "password": "${KAFKA_PASSWORD}"}`
    /// (keep secrets in placeholders), or `"iamRole": "arn:aws:iam::<account-id>:role/<name>"`
    /// for `IAM_ROLE`.
    pub static RULE = {
        code: "PL201",
        name: "kafka-credentials-for-auth",
        severity: Error,
        kinds: [CreatePipe],
        summary: "The Kafka source lacks the credentials or IAM role its authentication method needs",
        check: Some(check),
    };
}

const AUTHENTICATION: &str = "/source/kafka/authentication";
const CREDENTIALS: &str = "/source/kafka/credentials";
const IAM_ROLE: &str = "/source/kafka/iamRole";

/// Methods that log in with `credentials` (real-API notes: "PLAIN and SCRAM methods").
const PASSWORD_METHODS: &[&str] = &["PLAIN", "SCRAM-SHA-256", "SCRAM-SHA-512"];

fn check(cx: &Context, out: &mut Vec<Diagnostic>) {
    let Some(source) = super::kafka(cx) else {
        return;
    };
    let Some(method) = cx.get_str(AUTHENTICATION) else {
        return;
    };
    let method_span = cx.value_span(AUTHENTICATION);
    if PASSWORD_METHODS.contains(&method) {
        match source.get("credentials") {
            None => out.push(
                Diagnostic::new(
                    &RULE,
                    cx.document.object_anchor(KAFKA),
                    CREDENTIALS,
                    format!("`{method}` authentication needs `credentials`"),
                )
                .with_label("`credentials` missing here")
                .with_secondary(method_span, "authentication set here")
                .with_help(
                    "add `\"credentials\": {\"username\": \"${KAFKA_USERNAME}\", \"password\": \"${KAFKA_PASSWORD}\"}` to the kafka source",
                ),
            ),
            Some(Value::Object(credentials)) => {
                for member in ["username", "password"] {
                    let blank = credentials
                        .get(member)
                        .and_then(Value::as_str)
                        .is_some_and(|s| s.trim().is_empty());
                    if blank {
                        let pointer = format!("{CREDENTIALS}/{member}");
                        out.push(
                            cx.at_value(
                                &RULE,
                                &pointer,
                                format!("`{method}` authentication needs a {member}, but it is empty"),
                            )
                            .with_label(format!("empty {member}"))
                            .with_secondary(method_span.clone(), "authentication set here")
                            .with_help(format!(
                                "set the {member}, e.g. `\"${{KAFKA_{}}}\"` filled in at deploy time",
                                member.to_uppercase()
                            )),
                        );
                    }
                }
            }
            // Another type: reported by `wrong-type`.
            Some(_) => {}
        }
    } else if method == "IAM_ROLE" {
        match source.get("iamRole") {
            Some(Value::Null) => out.push(
                cx.at_value(&RULE, IAM_ROLE, "`IAM_ROLE` authentication needs `iamRole`, but it is null")
                    .with_label("null role")
                    .with_secondary(method_span, "authentication set here")
                    .with_help(
                        "set the ARN of the role the pipe assumes, e.g. `arn:aws:iam::123456789012:role/pipes-msk-reader`",
                    ),
            ),
            None => out.push(
                Diagnostic::new(
                    &RULE,
                    cx.document.object_anchor(KAFKA),
                    IAM_ROLE,
                    "`IAM_ROLE` authentication needs `iamRole`",
                )
                .with_label("`iamRole` missing here")
                .with_secondary(method_span, "authentication set here")
                .with_help(
                    "add `\"iamRole\": \"arn:aws:iam::<account-id>:role/<role-name>\"`: the role the pipe assumes to read from MSK",
                ),
            ),
            Some(Value::String(role)) if role.trim().is_empty() => out.push(
                cx.at_value(
                    &RULE,
                    IAM_ROLE,
                    "`IAM_ROLE` authentication needs `iamRole`, but it is empty",
                )
                .with_label("empty role")
                .with_secondary(method_span, "authentication set here")
                .with_help(
                    "set the ARN of the role the pipe assumes, e.g. `arn:aws:iam::123456789012:role/pipes-msk-reader`",
                ),
            ),
            Some(_) => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::kafka::testing::{body, findings, spanned};

    fn kafka(method: &str, extra: &str) -> String {
        body(&format!(
            r#"{{"kafka": {{"type": "msk", "format": "JSONEachRow", "authentication": "{method}", "brokers": "b:9092", "topics": "t"{extra}}}}}"#
        ))
    }

    #[test]
    fn password_methods_need_credentials() {
        for method in PASSWORD_METHODS {
            let (result, found) = findings(&RULE, &kafka(method, ""));
            assert_eq!(found.len(), 1, "{method}");
            assert_eq!(found[0].pointer, CREDENTIALS);
            assert_eq!(spanned(&result, &found[0]), "\"kafka\"");
            let with = r#", "credentials": {"username": "${U}", "password": "${P}"}"#;
            assert!(findings(&RULE, &kafka(method, with)).1.is_empty());
        }
    }

    #[test]
    fn empty_password_is_reported_at_the_value() {
        let with = r#", "credentials": {"username": "svc", "password": ""}"#;
        let (result, found) = findings(&RULE, &kafka("PLAIN", with));
        assert_eq!(found.len(), 1);
        assert_eq!(spanned(&result, &found[0]), "\"\"");
        // A missing password is the schema's finding, not this rule's.
        let missing = r#", "credentials": {"username": "svc"}"#;
        assert!(findings(&RULE, &kafka("PLAIN", missing)).1.is_empty());
    }

    #[test]
    fn iam_role_needs_a_role() {
        assert_eq!(findings(&RULE, &kafka("IAM_ROLE", "")).1.len(), 1);
        assert_eq!(
            findings(&RULE, &kafka("IAM_ROLE", r#", "iamRole": null"#))
                .1
                .len(),
            1
        );
        assert_eq!(
            findings(&RULE, &kafka("IAM_ROLE", r#", "iamRole": " ""#))
                .1
                .len(),
            1
        );
        assert!(
            findings(&RULE, &kafka("IAM_ROLE", r#", "iamRole": "${ROLE_ARN}""#))
                .1
                .is_empty()
        );
        for method in ["IAM_USER", "MUTUAL_TLS"] {
            assert!(findings(&RULE, &kafka(method, "")).1.is_empty());
        }
    }
}
