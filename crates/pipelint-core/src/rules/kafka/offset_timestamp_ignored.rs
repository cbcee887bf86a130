use crate::api::streaming::KAFKA_OFFSET;
use crate::rules::prelude::*;

declare_rule! {
    /// ## What it checks
    /// A Kafka `offset.timestamp` is only given with `strategy: "from_timestamp"`; with
    /// `from_beginning` or `from_latest` it is ignored.
    ///
    /// ## Why it matters
    /// The pipe will not start at that time: either the timestamp is a leftover, or the
    /// strategy is wrong and the pipe reads from the wrong place.
    ///
    /// ## Example
    /// ```json bad kind:create-pipe at:/source/kafka
    /// {"offset": {"strategy": "from_latest", "timestamp": "2024-05-01T08:30"}}
    /// ```
    ///
    /// ## Fix
    /// Set `strategy` to `from_timestamp` to start at that time, or remove `timestamp`.
    ///
    /// ```json good kind:create-pipe at:/source/kafka
    /// {"offset": {"strategy": "from_timestamp", "timestamp": "2024-05-01T08:30"}}
    /// ```
    pub static RULE = {
        code: "PL204",
        name: "kafka-offset-timestamp-ignored",
        severity: Warning,
        kinds: [CreatePipe],
        summary: "The Kafka offset timestamp is ignored because the strategy is not from_timestamp",
        check: Some(check),
    };
}

fn check(cx: &Context, out: &mut Vec<Diagnostic>) {
    Ignored {
        member: KAFKA_OFFSET.timestamp,
        cause: KAFKA_OFFSET.choice,
        cause_label: "strategy set here",
        ignoring: KAFKA_OFFSET.ignoring,
        what: "the offset `timestamp`",
        cause_name: "strategy",
        help: "set `\"strategy\": \"from_timestamp\"` to start reading at this time, or remove `timestamp`",
    }
    .check(cx, &RULE, out);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::testing::{findings, kafka_offset_body, spanned};

    #[test]
    fn warns_about_a_timestamp_with_another_strategy() {
        for strategy in KAFKA_OFFSET.ignoring {
            let json = kafka_offset_body(&format!(
                r#"{{"strategy": "{strategy}", "timestamp": "2024-05-01T08:30"}}"#
            ));
            let (result, found) = findings(&RULE, &json);
            assert_eq!(found.len(), 1);
            assert_eq!(spanned(&result, &found[0]), "\"timestamp\"");
        }
        for silent in [
            r#"{"strategy": "from_latest", "timestamp": null}"#,
            r#"{"strategy": "from_timestamp", "timestamp": "2024-05-01T08:30"}"#,
            r#"{"strategy": "latest", "timestamp": "2024-05-01T08:30"}"#,
        ] {
            assert!(
                findings(&RULE, &kafka_offset_body(silent)).1.is_empty(),
                "{silent}"
            );
        }
    }
}
