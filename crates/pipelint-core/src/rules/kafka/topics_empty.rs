use super::facts::topics::problems;
use super::facts::{Found, check_list};
use crate::rules::prelude::*;

declare_rule! {
    /// ## What it checks
    /// Kafka `topics` names at least one topic, and its comma-separated list has no empty
    /// entry (`"orders,,payments"`, a trailing or leading comma). Invalid topic names are
    /// `kafka-topics-format`'s warnings.
    ///
    /// This stays an error, as the empty broker list does:
    /// a pipe needs a topic to read.
    ///
    /// ## Why it matters
    /// With no topic the pipe has nothing to read; an empty entry names a topic that cannot
    /// exist.
    ///
    /// ## Example
    /// ```json bad kind:create-pipe at:/source/kafka
    /// {"topics": "orders.created,"}
    /// ```
    ///
    /// ## Fix
    /// List the topics, separated by single commas: `"orders.created,orders.updated"`. An
    /// extra comma gets an automatic fix.
    ///
    /// ```json good kind:create-pipe at:/source/kafka
    /// {"topics": "orders.created,orders.updated"}
    /// ```
    pub static RULE = {
        code: "PL212",
        name: "kafka-topics-empty",
        severity: Error,
        kinds: [CreatePipe],
        summary: "The Kafka topic list is empty or has an empty entry",
        check: Some(check),
        fix: Safe,
    };
}

const TOPICS: &str = "/source/kafka/topics";

fn check(cx: &Context, out: &mut Vec<Diagnostic>) {
    check_list(cx, &RULE, TOPICS, problems, Found::Empty, out);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Severity;
    use crate::rules::testing::{body, findings, spanned};

    fn kafka(topics: &str) -> String {
        body(&format!(
            r#"{{"kafka": {{"type": "kafka", "format": "JSONEachRow", "authentication": "PLAIN", "brokers": "b:9092", "topics": "{topics}", "credentials": {{"username": "u", "password": "${{P}}"}}}}}}"#
        ))
    }

    #[test]
    fn empty_list_and_entries_are_errors_names_warnings() {
        let (result, found) = findings(&RULE, &kafka("orders,"));
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].severity, Severity::Error);
        assert_eq!(spanned(&result, &found[0]), ",");
        assert_eq!(findings(&RULE, &kafka("")).1.len(), 1);
        let (result, found) = findings(&RULE, &kafka("orders/updated"));
        assert!(found.is_empty());
        let format: Vec<_> = result
            .diagnostics
            .iter()
            .filter(|d| d.name() == "kafka-topics-format")
            .collect();
        assert_eq!(format.len(), 1);
        assert_eq!(format[0].severity, Severity::Warning);
    }
}
