use crate::rules::prelude::*;

use super::KAFKA;

declare_rule! {
    /// ## What it checks
    /// The Kafka source carries what its `authentication` method needs:
    ///
    /// - `PLAIN`, `SCRAM-SHA-256` and `SCRAM-SHA-512` need `credentials` with a non-empty
    ///   `username` and `password`;
    /// - `MUTUAL_TLS` needs `credentials` with a non-empty `certificate` (the PEM client
    ///   certificate, checked by `kafka-pem-certificate`) and `privateKey` (its PEM key); no
    ///   `username` or `password`;
    /// - `IAM_ROLE` needs a non-empty `iamRole`.
    ///
    /// An Azure Event Hubs source (`azureeventhub`, `PLAIN`) may instead give the real API's
    /// `credentials: {connectionString}` shape.
    ///
    /// `null` counts as missing: `"credentials": null` is how the official CLI
    /// writes "no credentials", which is right for `IAM_ROLE` and wrong for the methods above.
    ///
    /// ## Why it matters
    /// Without them the pipe cannot log in to the brokers: the API rejects the request, or
    /// the pipe fails when it first connects.
    ///
    /// ## Example
    /// ```json bad kind:create-pipe at:/source
    /// {"kafka": {"type": "kafka", "format": "JSONEachRow", "authentication": "SCRAM-SHA-512", "brokers": "broker-1:9092", "topics": "orders"}}
    /// ```
    ///
    /// ## Fix
    /// Add `"credentials": {"username": "${KAFKA_USERNAME}", "password": "${KAFKA_PASSWORD}"}`
    /// (keep secrets in placeholders); for `MUTUAL_TLS`,
    /// `"credentials": {"certificate": "-----BEGIN CERTIFICATE-----\n…", "privateKey": "${KAFKA_CLIENT_KEY}"}`;
    /// for `IAM_ROLE`, `"iamRole": "arn:aws:iam::<account-id>:role/<name>"`.
    ///
    /// ```json good kind:create-pipe at:/source
    /// {"kafka": {"type": "kafka", "format": "JSONEachRow", "authentication": "SCRAM-SHA-512", "brokers": "broker-1:9092", "topics": "orders",
    ///            "credentials": {"username": "${KAFKA_USERNAME}", "password": "${KAFKA_PASSWORD}"}}}
    /// ```
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

/// Methods that log in with `credentials` (real-API notes: "PLAIN and SCRAM methods").
const PASSWORD_METHODS: &[&str] = &["PLAIN", "SCRAM-SHA-256", "SCRAM-SHA-512"];

/// The `credentials` members a method needs, with the placeholder suggested for each.
fn needed_members(method: &str) -> Option<&'static [(&'static str, &'static str)]> {
    if PASSWORD_METHODS.contains(&method) {
        Some(&[
            ("username", "\"${KAFKA_USERNAME}\""),
            ("password", "\"${KAFKA_PASSWORD}\""),
        ])
    } else if method == "MUTUAL_TLS" {
        // Decision 10: the client certificate and its key, never a username or password.
        Some(&[
            ("certificate", "\"${KAFKA_CLIENT_CERT}\""),
            ("privateKey", "\"${KAFKA_CLIENT_KEY}\""),
        ])
    } else {
        None
    }
}

/// An Azure Event Hubs source that logs in with the real API's `connectionString` shape
/// (decision 10) instead of a username and password.
/// A value of another type than a string (the schema's finding, or a Terraform value not
/// known yet) may be the one that makes it so.
fn event_hubs_connection_string(cx: &Context, credentials: &Map<String, Value>) -> bool {
    let event_hubs = match cx.get("/source/kafka/type") {
        Some(Value::String(kind)) => kind == "azureeventhub",
        None | Some(Value::Null) => false,
        Some(_) => true,
    };
    let connection_string = match credentials.get("connectionString") {
        Some(Value::String(text)) => !text.trim().is_empty(),
        None | Some(Value::Null) => false,
        Some(_) => true,
    };
    event_hubs && connection_string
}

/// `{"a": "x", "b": "y"}` for the help texts.
fn example(members: &[(&str, &str)]) -> String {
    let inner: Vec<String> = members
        .iter()
        .map(|(name, value)| format!("\"{name}\": {value}"))
        .collect();
    format!("{{{}}}", inner.join(", "))
}

/// The members of the other family of credentials that `credentials` holds, when it holds
/// none of those `method` needs: `username` and `password` under `MUTUAL_TLS`, or a
/// certificate and key under a password method.
fn other_family(
    method: &str,
    members: &[(&str, &str)],
    credentials: &Map<String, Value>,
) -> Option<Vec<&'static str>> {
    let set = |name: &str| credentials.get(name).is_some_and(|v| !v.is_null());
    if members.iter().any(|(name, _)| set(name)) {
        return None;
    }
    let other = if method == "MUTUAL_TLS" {
        needed_members("PLAIN")?
    } else {
        needed_members("MUTUAL_TLS")?
    };
    let given: Vec<&'static str> = other
        .iter()
        .map(|(name, _)| *name)
        .filter(|name| set(name))
        .collect();
    (!given.is_empty()).then_some(given)
}

fn other_family_finding(
    cx: &Context,
    method: &str,
    members: &[(&str, &str)],
    given: &[&str],
) -> Diagnostic {
    let (takes, methods) = if method == "MUTUAL_TLS" {
        (
            "`PLAIN` and `SCRAM-SHA-256`/`SCRAM-SHA-512`",
            "a password method",
        )
    } else {
        ("`MUTUAL_TLS`", "`MUTUAL_TLS`")
    };
    let needed: Vec<String> = members.iter().map(|(n, _)| format!("`{n}`")).collect();
    let given_list: Vec<String> = given.iter().map(|n| format!("`{n}`")).collect();
    cx.at_key(
        &RULE,
        CREDENTIALS,
        format!(
            "`{method}` authentication needs {}, but `credentials` holds {}, which {takes} take",
            needed.join(" and "),
            given_list.join(" and "),
        ),
    )
    .with_label(format!("credentials for {methods}"))
    .with_premise(AUTHENTICATION)
    .with_secondary(cx.value_span(AUTHENTICATION), "authentication set here")
    .with_help(format!(
        "set `authentication` to the method these credentials are for, or give `\"credentials\": {}`",
        example(members)
    ))
}

fn check(cx: &Context, out: &mut Vec<Diagnostic>) {
    let Some(source) = super::facts::kafka(cx) else {
        return;
    };
    let Some(method) = cx.get_str(AUTHENTICATION) else {
        return;
    };
    // Looked up only for a finding: a position would index the spans.
    let method_span = || cx.value_span(AUTHENTICATION);
    if let Some(members) = needed_members(method) {
        match source.get("credentials") {
            None | Some(Value::Null) => {
                let (span, label) = if source.contains_key("credentials") {
                    (cx.value_span(CREDENTIALS), "`credentials` is null")
                } else {
                    (
                        cx.document.object_anchor(KAFKA),
                        "`credentials` missing here",
                    )
                };
                out.push(
                    Diagnostic::new(
                        &RULE,
                        span,
                        CREDENTIALS,
                        format!("`{method}` authentication needs `credentials`"),
                    )
                    .with_label(label)
                    .with_premise(AUTHENTICATION)
                    .with_secondary(method_span(), "authentication set here")
                    .with_help(format!(
                        "add `\"credentials\": {}` to the kafka source",
                        example(members)
                    )),
                );
            }
            Some(Value::Object(credentials)) => {
                if event_hubs_connection_string(cx, credentials) {
                    return;
                }
                // Credentials of the other family (a username and password under
                // `MUTUAL_TLS`): one finding that says so, not one per missing member.
                if let Some(other) = other_family(method, members, credentials) {
                    out.push(other_family_finding(cx, method, members, &other));
                    return;
                }
                for (member, placeholder) in members {
                    // Set, or of a type the schema reports: nothing to say.
                    let Some(lack) = Lack::of(credentials.get(*member)) else {
                        continue;
                    };
                    let pointer = format!("{CREDENTIALS}/{member}");
                    let needed = Needed {
                        object: CREDENTIALS,
                        member: &pointer,
                        cause: AUTHENTICATION,
                        cause_label: "authentication set here",
                        cause_at_key: false,
                        only_empty_string_is_blank: false,
                    };
                    let diagnostic = if lack == Lack::Absent {
                        needed.absent(
                            cx,
                            &RULE,
                            format!("`{method}` authentication needs `credentials.{member}`"),
                        )
                    } else {
                        let adjective = lack.adjective();
                        needed.unusable(
                            cx,
                            &RULE,
                            format!(
                                "`{method}` authentication needs a {member}, but it is {adjective}"
                            ),
                            format!("{adjective} {member}"),
                        )
                    };
                    out.push(diagnostic.with_help(format!(
                        "set `{member}`, e.g. `{placeholder}` filled in at deploy time"
                    )));
                }
            }
            // Another type: reported by `wrong-type`.
            Some(_) => {}
        }
    } else if method == "IAM_ROLE" {
        check_iam_role(cx, &RULE, KAFKA, "pipes-msk-reader", "read from MSK", out);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::testing::{body, findings, spanned};

    /// A source of a broker type that offers `method` (otherwise `kafka-auth-for-broker`
    /// reports it, and this rule's findings would be dropped).
    fn kafka(method: &str, extra: &str) -> String {
        let broker = if method.starts_with("IAM_") {
            "msk"
        } else {
            "kafka"
        };
        body(&format!(
            r#"{{"kafka": {{"type": "{broker}", "format": "JSONEachRow", "authentication": "{method}", "brokers": "b:9092", "topics": "t"{extra}}}}}"#
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
        // A missing password is this rule's finding (the schema no longer requires it:
        // the members depend on the method).
        let missing = r#", "credentials": {"username": "svc"}"#;
        let (_, found) = findings(&RULE, &kafka("PLAIN", missing));
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].pointer, "/source/kafka/credentials/password");
    }

    #[test]
    fn null_credentials_count_as_missing() {
        let (result, found) = findings(&RULE, &kafka("SCRAM-SHA-512", r#", "credentials": null"#));
        assert_eq!(found.len(), 1);
        assert_eq!(spanned(&result, &found[0]), "null");
        // With IAM_ROLE, null credentials are what the official CLI sends: nothing to report
        // and no type error either.
        let cli = kafka(
            "IAM_ROLE",
            r#", "iamRole": "arn:aws:iam::123456789012:role/r", "credentials": null"#,
        );
        let (result, found) = findings(&RULE, &cli);
        assert!(found.is_empty());
        assert!(result.diagnostics.iter().all(|d| d.name() != "wrong-type"));
    }

    #[test]
    fn the_private_key_is_a_secret() {
        let key = "-----BEGIN PRIVATE KEY-----\\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASC\\n-----END PRIVATE KEY-----\\n";
        let with =
            format!(r#", "credentials": {{"certificate": "${{CERT}}", "privateKey": "{key}"}}"#);
        let (result, found) = findings(&RULE, &kafka("MUTUAL_TLS", &with));
        assert!(found.is_empty());
        assert!(!result.text.contains("MIIEvQIBADANBgkqhkiG9w0BAQEFAASC"));
        assert!(
            result
                .diagnostics
                .iter()
                .any(|d| d.name() == "plaintext-secret"),
            "{:?}",
            result.diagnostics
        );
    }

    #[test]
    fn event_hubs_may_log_in_with_a_connection_string() {
        let hub = |credentials: &str| {
            body(&format!(
                r#"{{"kafka": {{"type": "azureeventhub", "format": "JSONEachRow", "authentication": "PLAIN", "brokers": "ns.servicebus.windows.net:9093", "topics": "t", "credentials": {credentials}}}}}"#
            ))
        };
        let (result, found) = findings(&RULE, &hub(r#"{"connectionString": "${EH_CONN}"}"#));
        assert!(found.is_empty());
        assert!(result.diagnostics.is_empty(), "{:?}", result.diagnostics);
        assert_eq!(
            findings(&RULE, &hub(r#"{"connectionString": ""}"#)).1.len(),
            2
        );
    }

    #[test]
    fn mutual_tls_needs_certificate_and_key() {
        let (_, found) = findings(&RULE, &kafka("MUTUAL_TLS", ""));
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].pointer, CREDENTIALS);
        // Username and password are not what MUTUAL_TLS logs in with: one finding says
        // whose they are, not one per missing member.
        let password = r#", "credentials": {"username": "u", "password": "${P}"}"#;
        let found = findings(&RULE, &kafka("MUTUAL_TLS", password)).1;
        assert_eq!(found.len(), 1, "{found:?}");
        assert_eq!(found[0].pointer, CREDENTIALS);
        assert!(found[0].message.contains("`PLAIN`"), "{}", found[0].message);
        // And the other way round: a certificate under a password method.
        let certificate = r#", "credentials": {"certificate": "${CERT}", "privateKey": "${KEY}"}"#;
        let found = findings(&RULE, &kafka("PLAIN", certificate)).1;
        assert_eq!(found.len(), 1, "{found:?}");
        assert!(
            found[0].message.contains("`MUTUAL_TLS`"),
            "{}",
            found[0].message
        );
        // One member of the family in force is set: the missing other one is reported.
        let mixed = r#", "credentials": {"certificate": "${CERT}", "password": "${P}"}"#;
        let pointers: Vec<String> = findings(&RULE, &kafka("MUTUAL_TLS", mixed))
            .1
            .into_iter()
            .map(|d| d.pointer)
            .collect();
        assert_eq!(pointers, ["/source/kafka/credentials/privateKey"]);
        let key_null = r#", "credentials": {"certificate": "${CERT}", "privateKey": null}"#;
        assert_eq!(findings(&RULE, &kafka("MUTUAL_TLS", key_null)).1.len(), 1);
        let both = r#", "credentials": {"certificate": "${CERT}", "privateKey": "${KEY}"}"#;
        let (result, found) = findings(&RULE, &kafka("MUTUAL_TLS", both));
        assert!(found.is_empty());
        assert!(
            result
                .diagnostics
                .iter()
                .all(|d| d.name() != "unknown-field"),
            "{:?}",
            result.diagnostics
        );
    }

    /// Where the broker type refuses the method, "it needs `iamRole`" would lead the wrong
    /// way: only `kafka-auth-for-broker` reports.
    #[test]
    fn silent_where_the_broker_type_refuses_the_method() {
        let confluent = kafka("IAM_ROLE", "").replace("\"msk\"", "\"confluent\"");
        let (result, found) = findings(&RULE, &confluent);
        assert!(found.is_empty(), "{found:?}");
        assert!(
            result
                .diagnostics
                .iter()
                .any(|d| d.name() == "kafka-auth-for-broker")
        );
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
        assert!(findings(&RULE, &kafka("IAM_USER", "")).1.is_empty());
    }
}
