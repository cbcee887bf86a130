use crate::api::changes::{self, What};
use crate::rules::prelude::*;

declare_rule! {
    /// ## What it checks
    /// The Kafka `authentication` method is one the broker `type` supports:
    ///
    /// | type | methods |
    /// |---|---|
    /// | `kafka` | `PLAIN`, `SCRAM-SHA-256`, `SCRAM-SHA-512`, `MUTUAL_TLS` |
    /// | `msk` | `SCRAM-SHA-512`, `IAM_ROLE`, `IAM_USER`, `MUTUAL_TLS` |
    /// | `confluent` | `PLAIN`, `MUTUAL_TLS` |
    /// | `warpstream` | `PLAIN` |
    /// | `azureeventhub` | `PLAIN` |
    /// | `redpanda` | `SCRAM-SHA-256`, `SCRAM-SHA-512`, `MUTUAL_TLS` |
    /// | `dokafka` | `SCRAM-SHA-256`, `MUTUAL_TLS` |
    /// | `gcmk` | `api-version` `2026-04`: `SCRAM-SHA-256`, `SCRAM-SHA-512`; from `2026-05`: `PLAIN`, `MUTUAL_TLS` |
    ///
    /// Unknown types and methods are reported by `invalid-enum-value` instead. A method that
    /// another API version allows for the type (`PLAIN` on `gcmk` under `2026-04`, SCRAM on
    /// `gcmk` from `2026-05`) is reported by `needs-newer-api` or `removed-in-api`, and a type
    /// the version in force does not have yet by `needs-newer-api`.
    ///
    /// ## Why it matters
    /// The API rejects a method the broker type does not offer; IAM authentication, for
    /// example, exists only for Amazon MSK.
    ///
    /// ## Example
    /// ```json bad kind:create-pipe at:/source/kafka
    /// {"type": "confluent", "authentication": "SCRAM-SHA-512"}
    /// ```
    ///
    /// ## Fix
    /// Pick one of the methods the broker type supports (`PLAIN` for Confluent Cloud), or
    /// correct `type` if the broker is of another kind.
    ///
    /// ```json good kind:create-pipe at:/source/kafka
    /// {"type": "confluent", "authentication": "PLAIN"}
    /// ```
    pub static RULE = {
        code: "PL200",
        name: "kafka-auth-for-broker",
        severity: Error,
        kinds: [CreatePipe],
        summary: "The Kafka authentication method is not supported by the broker type",
        check: Some(check),
        refutes: ["kafka-credentials-for-auth", "kafka-pem-certificate", "iam-role-arn"],
    };
}

/// Authentication methods per broker type: spec 2.7, "Authentication methods supported per
/// `type`"; the row "the service" is `confluent` (real-API notes, decision 1).
pub(crate) const METHODS_BY_TYPE: &[(&str, &[&str])] = &[
    (
        "kafka",
        &["PLAIN", "SCRAM-SHA-256", "SCRAM-SHA-512", "MUTUAL_TLS"],
    ),
    (
        "msk",
        &["SCRAM-SHA-512", "IAM_ROLE", "IAM_USER", "MUTUAL_TLS"],
    ),
    ("confluent", &["PLAIN", "MUTUAL_TLS"]),
    ("warpstream", &["PLAIN"]),
    ("azureeventhub", &["PLAIN"]),
    (
        "redpanda",
        &["SCRAM-SHA-256", "SCRAM-SHA-512", "MUTUAL_TLS"],
    ),
    ("dokafka", &["SCRAM-SHA-256", "MUTUAL_TLS"]),
];

/// The values of the kafka `authentication` enum (spec 2.7).
pub(crate) const ALL_METHODS: &[&str] = &[
    "PLAIN",
    "SCRAM-SHA-256",
    "SCRAM-SHA-512",
    "IAM_ROLE",
    "IAM_USER",
    "MUTUAL_TLS",
];

const TYPE: &str = "/source/kafka/type";
const AUTHENTICATION: &str = "/source/kafka/authentication";

/// The broker types whose methods changed between API versions: their methods are the
/// pairings in the table of changes (`api::changes`, row 6), not in [`METHODS_BY_TYPE`].
const VERSIONED_TYPES: &[&str] = &["gcmk"];

/// The pairings of the table of changes for a broker type: each method with whether the
/// profile in force accepts it on that type.
fn versioned_methods(cx: &Context, broker: &str) -> Vec<(&'static str, bool)> {
    changes::of_kind(DocumentKind::CreatePipe)
        .filter(|c| c.at.contains(&AUTHENTICATION))
        .filter_map(|c| match c.what {
            What::ValueWith {
                value,
                member: "type",
                is,
            } if is == broker => Some((value, c.accepted_by(&cx.profile))),
            _ => None,
        })
        .collect()
}

/// The methods the broker type supports under the profile in force, and the methods that
/// only another API version allows on it (the `profile` rules report those). `None` for a
/// type the profile in force does not have (or one the schema rejects).
fn methods_for(cx: &Context, broker: &str) -> Option<(Vec<&'static str>, Vec<&'static str>)> {
    if let Some((_, allowed)) = METHODS_BY_TYPE.iter().find(|(t, _)| *t == broker) {
        return Some((allowed.to_vec(), Vec::new()));
    }
    let broker = VERSIONED_TYPES.iter().copied().find(|t| *t == broker)?;
    if !changes::value_accepted(DocumentKind::CreatePipe, TYPE, broker, &cx.profile) {
        return None;
    }
    let (now, other): (Vec<_>, Vec<_>) = versioned_methods(cx, broker)
        .into_iter()
        .partition(|(_, accepted)| *accepted);
    Some((
        now.into_iter().map(|(m, _)| m).collect(),
        other.into_iter().map(|(m, _)| m).collect(),
    ))
}

fn check(cx: &Context, out: &mut Vec<Diagnostic>) {
    let (Some(broker), Some(method)) = (cx.get_str(TYPE), cx.get_str(AUTHENTICATION)) else {
        return;
    };
    let Some((allowed, other_versions)) = methods_for(cx, broker) else {
        return;
    };
    if !ALL_METHODS.contains(&method)
        || allowed.contains(&method)
        || other_versions.contains(&method)
    {
        return;
    }
    let types = METHODS_BY_TYPE
        .iter()
        .map(|(t, _)| *t)
        .chain(VERSIONED_TYPES.iter().copied());
    let others: Vec<&str> = types
        .filter(|t| methods_for(cx, t).is_some_and(|(methods, _)| methods.contains(&method)))
        .collect();
    let choices = if allowed.len() == 1 {
        format!("`{broker}` supports only `{}`: use it", allowed[0])
    } else {
        format!(
            "`{broker}` supports {}: use one of these",
            list_code(&allowed)
        )
    };
    out.push(
        cx.at_value(
            &RULE,
            AUTHENTICATION,
            format!("broker type `{broker}` does not support `{method}` authentication"),
        )
        .with_label(format!("not supported by `{broker}`"))
        .with_secondary(cx.value_span(TYPE), "broker type set here")
        .with_help(format!(
            "{choices}, or correct `type` (`{method}` is for {})",
            list_code(&others)
        )),
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ApiVersion;
    use crate::rules::testing::{body, findings, spanned};

    fn kafka(broker: &str, method: &str) -> String {
        body(&format!(
            r#"{{"kafka": {{"type": "{broker}", "format": "JSONEachRow", "authentication": "{method}", "brokers": "b:9092", "topics": "t"}}}}"#
        ))
    }

    #[test]
    fn accepts_every_allowed_pair_and_rejects_the_rest() {
        for (broker, allowed) in METHODS_BY_TYPE {
            for method in ALL_METHODS {
                let (result, found) = findings(&RULE, &kafka(broker, method));
                assert_eq!(
                    found.len(),
                    usize::from(!allowed.contains(method)),
                    "{broker} {method}"
                );
                if let Some(d) = found.first() {
                    assert_eq!(spanned(&result, d), format!("\"{method}\""));
                    assert_eq!(d.secondary.len(), 1);
                }
            }
        }
    }

    #[test]
    fn silent_on_values_the_schema_rejects() {
        assert!(findings(&RULE, &kafka("confluent", "plain")).1.is_empty());
    }

    fn under(api: ApiVersion, method: &str) -> Vec<Diagnostic> {
        let options = crate::LintOptions::new()
            .kind(DocumentKind::CreatePipe)
            .profile(crate::Profile::default().with_api(api));
        crate::lint(kafka("gcmk", method).as_bytes(), &options)
            .diagnostics
            .into_iter()
            .filter(|d| d.rule == &RULE)
            .collect()
    }

    #[test]
    fn gcmk_methods_follow_the_api_version() {
        // Not a type of the contract: `needs-newer-api` says so, this rule is silent.
        for method in ALL_METHODS {
            assert!(under(ApiVersion::V2025_11, method).is_empty(), "{method}");
        }
        // Methods of another version are the profile rules' findings; IAM never was one.
        for api in [
            ApiVersion::V2026_04,
            ApiVersion::V2026_05,
            ApiVersion::V2026_07,
        ] {
            for method in ["PLAIN", "SCRAM-SHA-256", "SCRAM-SHA-512", "MUTUAL_TLS"] {
                assert!(under(api, method).is_empty(), "{api:?} {method}");
            }
        }
        let april = under(ApiVersion::V2026_04, "IAM_USER");
        assert_eq!(april.len(), 1);
        let help = april[0].help.as_deref().unwrap_or_default();
        assert!(
            help.contains("`SCRAM-SHA-256`") && !help.contains("`PLAIN`"),
            "{help}"
        );
        let july = under(ApiVersion::V2026_07, "IAM_ROLE");
        assert_eq!(july.len(), 1);
        let help = july[0].help.as_deref().unwrap_or_default();
        assert!(
            help.contains("`PLAIN`") && !help.contains("`SCRAM-SHA-256`"),
            "{help}"
        );
    }
}
