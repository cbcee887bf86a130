use super::facts::brokers::problems;
use super::facts::{Found, check_list};
use crate::rules::prelude::*;

declare_rule! {
    /// ## What it checks
    /// Kafka `brokers` names at least one broker, and its comma-separated list has no empty
    /// entry (`"a:9092,,b:9092"`, a trailing or leading comma). Other problems of the
    /// addresses are `kafka-brokers-format`'s warnings.
    ///
    /// This is the only part of the broker list's format that is an error: the API
    /// states no format for `brokers`, but a pipe needs a broker
    /// to read from.
    ///
    /// ## Why it matters
    /// With no broker the pipe has nowhere to connect; an empty entry is a broker address
    /// that cannot be dialled.
    ///
    /// ## Example
    /// ```json bad kind:create-pipe at:/source/kafka
    /// {"brokers": "b-1.orders.example.com:9092,,b-2.orders.example.com:9092"}
    /// ```
    ///
    /// ## Fix
    /// List the brokers, separated by single commas:
    /// `"b-1.orders.example.com:9092,b-2.orders.example.com:9092"`. An extra comma gets an
    /// automatic fix.
    ///
    /// ```json good kind:create-pipe at:/source/kafka
    /// {"brokers": "b-1.orders.example.com:9092,b-2.orders.example.com:9092"}
    /// ```
    pub static RULE = {
        code: "PL211",
        name: "kafka-brokers-empty",
        severity: Error,
        kinds: [CreatePipe],
        summary: "The Kafka broker list is empty or has an empty entry",
        check: Some(check),
        fix: Safe,
    };
}

const BROKERS: &str = "/source/kafka/brokers";

fn check(cx: &Context, out: &mut Vec<Diagnostic>) {
    check_list(cx, &RULE, BROKERS, problems, Found::Empty, out);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Severity;
    use crate::rules::testing::{body, findings, spanned};

    fn kafka(brokers: &str) -> String {
        body(&format!(
            r#"{{"kafka": {{"type": "kafka", "format": "JSONEachRow", "authentication": "PLAIN", "brokers": "{brokers}", "topics": "t", "credentials": {{"username": "u", "password": "${{P}}"}}}}}}"#
        ))
    }

    #[test]
    fn empty_list_and_entries_are_errors_the_rest_warnings() {
        let (result, found) = findings(&RULE, &kafka("a:9092,,b:9092"));
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].severity, Severity::Error);
        assert_eq!(spanned(&result, &found[0]), ",");
        assert_eq!(findings(&RULE, &kafka("")).1.len(), 1);
        // A missing port or a scheme is the format rule's warning, not this error.
        for format in ["a:9092,b", "SASL_SSL://a:9092"] {
            let (result, found) = findings(&RULE, &kafka(format));
            assert!(found.is_empty(), "{format}");
            let other: Vec<_> = result
                .diagnostics
                .iter()
                .filter(|d| d.name() == "kafka-brokers-format")
                .collect();
            assert_eq!(other.len(), 1, "{format}");
            assert_eq!(other[0].severity, Severity::Warning, "{format}");
        }
    }
}
