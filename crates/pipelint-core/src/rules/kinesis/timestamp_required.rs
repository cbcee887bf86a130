use crate::api::streaming::KINESIS_ITERATOR;
use crate::rules::prelude::*;

declare_rule! {
    /// ## What it checks
    /// A Kinesis source with `iteratorType: "AT_TIMESTAMP"` has a `timestamp`: the API
    /// requires it with that iterator type. A `timestamp` of `null`
    /// counts as missing.
    ///
    /// ## Why it matters
    /// The iterator says "start at a point in time" but names no time, so the API rejects
    /// the request.
    ///
    /// ## Example
    /// ```json bad kind:create-pipe at:/source/kinesis
    /// {"iteratorType": "AT_TIMESTAMP"}
    /// ```
    ///
    /// ## Fix
    /// Add the start time as Unix seconds, `"timestamp": 1714552200`, or use
    /// `TRIM_HORIZON` / `LATEST`.
    ///
    /// ```json good kind:create-pipe at:/source/kinesis
    /// {"iteratorType": "AT_TIMESTAMP", "timestamp": 1714552200}
    /// ```
    pub static RULE = {
        code: "PL251",
        name: "kinesis-timestamp-required",
        severity: Error,
        kinds: [CreatePipe],
        summary: "The Kinesis iterator AT_TIMESTAMP has no timestamp",
        check: Some(check),
    };
}

fn check(cx: &Context, out: &mut Vec<Diagnostic>) {
    TimestampStart {
        start: &KINESIS_ITERATOR,
        choice_label: "iterator type set here",
        what: "the iterator type `AT_TIMESTAMP`",
        help_null: "set the start time in Unix seconds, e.g. `1714552200`, or use `TRIM_HORIZON` or `LATEST`",
        help_absent: "add the start time in Unix seconds, e.g. `\"timestamp\": 1714552200`, or use `TRIM_HORIZON` or `LATEST`",
    }
    .check(cx, &RULE, out);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::testing::kinesis;
    use crate::rules::testing::{findings, spanned};

    fn source(iterator: &str, extra: &str) -> String {
        kinesis(&format!(
            r#""authentication": "IAM_ROLE", "iamRole": "${{R}}", "region": "eu-west-1", "iteratorType": "{iterator}"{extra}"#
        ))
    }

    #[test]
    fn at_timestamp_needs_a_timestamp() {
        let (result, found) = findings(&RULE, &source("AT_TIMESTAMP", ""));
        assert_eq!(found.len(), 1);
        assert_eq!(spanned(&result, &found[0]), "\"kinesis\"");
        assert_eq!(
            findings(&RULE, &source("AT_TIMESTAMP", r#", "timestamp": null"#))
                .1
                .len(),
            1
        );
        for (iterator, extra) in [
            ("AT_TIMESTAMP", r#", "timestamp": 1714552200"#),
            ("AT_TIMESTAMP", r#", "timestamp": "1714552200""#),
            ("LATEST", ""),
            ("at_timestamp", ""),
        ] {
            assert!(
                findings(&RULE, &source(iterator, extra)).1.is_empty(),
                "{iterator}{extra}"
            );
        }
    }
}
