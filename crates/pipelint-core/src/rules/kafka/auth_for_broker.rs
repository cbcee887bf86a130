use crate::rules::prelude::*;

declare_rule! {
    /// ## What it checks
    /// The Kafka `authentication` method is one the broker `type` supports (spec 2.7; the
    /// table's row "the service" is `confluent`, real-API notes decision 1):
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
    ///
    /// Unknown types and methods are reported by `invalid-enum-value` instead.
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

fn check(cx: &Context, out: &mut Vec<Diagnostic>) {
    let (Some(broker), Some(method)) = (cx.get_str(TYPE), cx.get_str(AUTHENTICATION)) else {
        return;
    };
    let Some((_, allowed)) = METHODS_BY_TYPE.iter().find(|(t, _)| *t == broker) else {
        return;
    };
    if !ALL_METHODS.contains(&method) || allowed.contains(&method) {
        return;
    }
    let others: Vec<&str> = METHODS_BY_TYPE
        .iter()
        .filter(|(_, methods)| methods.contains(&method))
        .map(|(t, _)| *t)
        .collect();
    let choices = if allowed.len() == 1 {
        format!("`{broker}` supports only `{}`: use it", allowed[0])
    } else {
        format!(
            "`{broker}` supports {}: use one of these",
            list_code(allowed)
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
        assert!(findings(&RULE, &kafka("gcmk", "PLAIN")).1.is_empty());
        assert!(findings(&RULE, &kafka("confluent", "plain")).1.is_empty());
    }
}
