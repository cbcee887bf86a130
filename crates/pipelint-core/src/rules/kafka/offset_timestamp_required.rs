use crate::api::streaming::KAFKA_OFFSET;
use crate::rules::prelude::*;

declare_rule! {
    /// ## What it checks
    /// A Kafka `offset` with `strategy: "from_timestamp"` has a `timestamp`: the API
    /// requires it for that strategy. A `timestamp` of `null` counts as missing.
    ///
    /// ## Why it matters
    /// The strategy says "start reading at a point in time" but names no time, so the API
    /// rejects the request.
    ///
    /// ## Example
    /// ```json bad kind:create-pipe at:/source/kafka
    /// {"offset": {"strategy": "from_timestamp"}}
    /// ```
    ///
    /// ## Fix
    /// Add the start time in UTC with minute precision, `"timestamp": "2024-05-01T08:30"`, or
    /// use `from_beginning` / `from_latest`.
    ///
    /// ```json good kind:create-pipe at:/source/kafka
    /// {"offset": {"strategy": "from_timestamp", "timestamp": "2024-05-01T08:30"}}
    /// ```
    pub static RULE = {
        code: "PL202",
        name: "kafka-offset-timestamp-required",
        severity: Error,
        kinds: [CreatePipe],
        summary: "The Kafka offset strategy from_timestamp has no timestamp",
        check: Some(check),
    };
}

fn check(cx: &Context, out: &mut Vec<Diagnostic>) {
    TimestampStart {
        start: &KAFKA_OFFSET,
        choice_label: "strategy set here",
        what: "the offset strategy `from_timestamp`",
        help_null: "set the UTC start time with minute precision, e.g. `\"2024-05-01T08:30\"`, or use `from_beginning` or `from_latest`",
        help_absent: "add the UTC start time with minute precision, e.g. `\"timestamp\": \"2024-05-01T08:30\"`, or use `from_beginning` or `from_latest`",
    }
    .check(cx, &RULE, out);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::testing::{findings, kafka_offset_body, spanned};

    #[test]
    fn needs_a_timestamp_only_with_from_timestamp() {
        let (result, found) = findings(
            &RULE,
            &kafka_offset_body(r#"{"strategy": "from_timestamp"}"#),
        );
        assert_eq!(found.len(), 1);
        assert_eq!(spanned(&result, &found[0]), "\"offset\"");
        let (result, found) = findings(
            &RULE,
            &kafka_offset_body(r#"{"strategy": "from_timestamp", "timestamp": null}"#),
        );
        assert_eq!(found.len(), 1);
        assert_eq!(spanned(&result, &found[0]), "null");
        for silent in [
            r#"{"strategy": "from_timestamp", "timestamp": "2024-05-01T08:30"}"#,
            r#"{"strategy": "from_timestamp", "timestamp": 1714552200}"#,
            r#"{"strategy": "from_latest"}"#,
            r#"{"strategy": "FROM_TIMESTAMP"}"#,
            r#"{}"#,
            "null",
        ] {
            assert!(
                findings(&RULE, &kafka_offset_body(silent)).1.is_empty(),
                "{silent}"
            );
        }
    }
}
