use crate::rules::prelude::*;

use super::facts::topics::problems;
use super::facts::{Found, check_list};

declare_rule! {
    /// ## What it checks
    /// Each entry of Kafka `topics` (a comma-separated list) is a valid topic name: 1 to 249
    /// characters from letters, digits, `.`, `_` and `-`, and neither `.` nor `..`. Spaces
    /// after the commas are allowed; other separators are reported. A value containing a
    /// placeholder (`${KAFKA_TOPICS}`) is not checked. An empty list or an empty entry is
    /// `kafka-topics-empty`'s finding.
    ///
    /// This is a warning, as for brokers: the API states no format for `topics`, and
    /// the server is not known to reject such names; they are still almost certainly
    /// mistakes.
    ///
    /// ## Why it matters
    /// Kafka cannot have a topic with any other name, so the pipe would subscribe to a topic
    /// that cannot exist. Wildcards such as `orders.*` are not patterns here.
    ///
    /// ## Example
    /// ```json bad kind:create-pipe at:/source/kafka
    /// {"topics": "orders.created, orders/updated"}
    /// ```
    ///
    /// ## Fix
    /// Write each topic's exact name and separate them with commas:
    /// `"orders.created,orders.updated"`.
    ///
    /// ```json good kind:create-pipe at:/source/kafka
    /// {"topics": "orders.created,orders.updated"}
    /// ```
    pub static RULE = {
        code: "PL206",
        name: "kafka-topics-format",
        severity: Warning,
        kinds: [CreatePipe],
        summary: "A Kafka topic name is invalid (characters, length) or topics are not separated by commas",
        check: Some(check),
        fix: Safe,
    };
}

const TOPICS: &str = "/source/kafka/topics";

fn check(cx: &Context, out: &mut Vec<Diagnostic>) {
    check_list(cx, &RULE, TOPICS, problems, Found::Format, out);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::testing::{body, findings, spanned};

    fn kafka(topics: &str) -> String {
        body(&format!(
            r#"{{"kafka": {{"type": "kafka", "format": "JSONEachRow", "authentication": "MUTUAL_TLS", "brokers": "b:9092", "topics": "{topics}"}}}}"#
        ))
    }

    #[test]
    fn reports_in_the_value_and_skips_placeholders() {
        let (result, found) = findings(&RULE, &kafka("orders,orders:updated"));
        assert_eq!(found.len(), 1);
        assert_eq!(spanned(&result, &found[0]), ":");
        for silent in ["${KAFKA_TOPICS}", "{{ topics }}"] {
            assert!(findings(&RULE, &kafka(silent)).1.is_empty(), "{silent}");
        }
    }
}
