use serde_json::Value;

use crate::declare_rule;
use crate::diagnostic::Diagnostic;
use crate::rule::Context;

declare_rule! {
    /// ## What it checks
    /// A Kafka `offset` with `strategy: "from_timestamp"` has a `timestamp` (spec 2.7: "required
    /// for strategy `from_timestamp`"). A `timestamp` of `null` counts as missing.
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

pub(crate) const OFFSET: &str = "/source/kafka/offset";
pub(crate) const STRATEGY: &str = "/source/kafka/offset/strategy";
pub(crate) const TIMESTAMP: &str = "/source/kafka/offset/timestamp";

fn check(cx: &Context, out: &mut Vec<Diagnostic>) {
    let Some(offset) = cx.get(OFFSET).and_then(Value::as_object) else {
        return;
    };
    if cx.get_str(STRATEGY) != Some("from_timestamp") {
        return;
    }
    match offset.get("timestamp") {
        None => {}
        Some(Value::Null) => {
            out.push(
                cx.at_value(
                    &RULE,
                    TIMESTAMP,
                    "the offset strategy `from_timestamp` needs a `timestamp`, but it is null",
                )
                .with_label("null timestamp")
                .with_secondary(cx.value_span(STRATEGY), "strategy set here")
                .with_help(
                    "set the UTC start time with minute precision, e.g. `\"2024-05-01T08:30\"`, or use `from_beginning` or `from_latest`",
                ),
            );
            return;
        }
        Some(_) => return,
    }
    out.push(
        Diagnostic::new(
            &RULE,
            cx.document.object_anchor(OFFSET),
            TIMESTAMP,
            "the offset strategy `from_timestamp` needs a `timestamp`",
        )
        .with_label("`timestamp` missing here")
        .with_secondary(cx.value_span(STRATEGY), "strategy set here")
        .with_help(
            "add the UTC start time with minute precision, e.g. `\"timestamp\": \"2024-05-01T08:30\"`, or use `from_beginning` or `from_latest`",
        ),
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::kafka::testing::{body, findings, spanned};

    fn offset(offset: &str) -> String {
        body(&format!(
            r#"{{"kafka": {{"type": "kafka", "format": "JSONEachRow", "authentication": "MUTUAL_TLS", "brokers": "b:9092", "topics": "t", "offset": {offset}}}}}"#
        ))
    }

    #[test]
    fn needs_a_timestamp_only_with_from_timestamp() {
        let (result, found) = findings(&RULE, &offset(r#"{"strategy": "from_timestamp"}"#));
        assert_eq!(found.len(), 1);
        assert_eq!(spanned(&result, &found[0]), "\"offset\"");
        let (result, found) = findings(
            &RULE,
            &offset(r#"{"strategy": "from_timestamp", "timestamp": null}"#),
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
            assert!(findings(&RULE, &offset(silent)).1.is_empty(), "{silent}");
        }
    }
}
