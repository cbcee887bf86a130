use crate::api::streaming::KINESIS_ITERATOR;
use crate::rules::prelude::*;

declare_rule! {
    /// ## What it checks
    /// A Kinesis `timestamp` is only given with `iteratorType: "AT_TIMESTAMP"`; with
    /// `TRIM_HORIZON` or `LATEST` it is ignored.
    ///
    /// ## Why it matters
    /// The pipe will not start at that time: either the timestamp is a leftover, or the
    /// iterator type is wrong and the pipe reads from the wrong place.
    ///
    /// ## Example
    /// ```json bad kind:create-pipe at:/source/kinesis
    /// {"iteratorType": "LATEST", "timestamp": 1714552200}
    /// ```
    ///
    /// ## Fix
    /// Set `iteratorType` to `AT_TIMESTAMP` to start at that time, or remove `timestamp`.
    ///
    /// ```json good kind:create-pipe at:/source/kinesis
    /// {"iteratorType": "AT_TIMESTAMP", "timestamp": 1714552200}
    /// ```
    pub static RULE = {
        code: "PL253",
        name: "kinesis-timestamp-ignored",
        severity: Warning,
        kinds: [CreatePipe],
        summary: "The Kinesis timestamp is ignored because the iterator type is not AT_TIMESTAMP",
        check: Some(check),
    };
}

fn check(cx: &Context, out: &mut Vec<Diagnostic>) {
    Ignored {
        member: KINESIS_ITERATOR.timestamp,
        cause: KINESIS_ITERATOR.choice,
        cause_label: "iterator type set here",
        ignoring: KINESIS_ITERATOR.ignoring,
        what: "the Kinesis `timestamp`",
        cause_name: "iterator type",
        help: "set `\"iteratorType\": \"AT_TIMESTAMP\"` to start reading at this time, or remove `timestamp`",
    }
    .check(cx, &RULE, out);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::testing::kinesis;
    use crate::rules::testing::{findings, spanned};

    #[test]
    fn warns_about_a_timestamp_with_another_iterator() {
        for iterator in KINESIS_ITERATOR.ignoring {
            let json = kinesis(&format!(
                r#""authentication": "IAM_ROLE", "region": "eu-west-1", "iteratorType": "{iterator}", "timestamp": 1714552200"#
            ));
            let (result, found) = findings(&RULE, &json);
            assert_eq!(found.len(), 1);
            assert_eq!(spanned(&result, &found[0]), "\"timestamp\"");
        }
        for silent in [
            r#""iteratorType": "AT_TIMESTAMP", "timestamp": 1714552200"#,
            r#""iteratorType": "LATEST", "timestamp": null"#,
            r#""iteratorType": "EARLIEST", "timestamp": 1714552200"#,
        ] {
            assert!(findings(&RULE, &kinesis(silent)).1.is_empty(), "{silent}");
        }
    }
}
