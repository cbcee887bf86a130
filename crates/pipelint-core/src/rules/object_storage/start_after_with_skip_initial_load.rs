use crate::rules::prelude::*;

use crate::api::object_storage::source;

declare_rule! {
    /// ## What it checks
    /// `startAfter` and `skipInitialLoad: true` are not set together (the real API added both
    /// members in July 2026 and refuses the pair). Both members are known under every
    /// `api-version`, and so is this rule.
    ///
    /// ## Why it matters
    /// Both say where ingestion begins: `startAfter` at a key in lexicographic order,
    /// `skipInitialLoad` with the next notification. The API rejects a body that asks for
    /// both.
    ///
    /// ## Example
    /// ```json bad kind:create-pipe at:/source
    /// {"objectStorage": {"type": "s3", "format": "JSONEachRow", "isContinuous": true,
    ///                    "skipInitialLoad": true, "startAfter": "events/2026-07-01/",
    ///                    "authentication": "IAM_ROLE", "iamRole": "arn:aws:iam::123456789012:role/r",
    ///                    "url": "https://events.s3.eu-west-1.amazonaws.com/*.json",
    ///                    "queueUrl": "https://sqs.eu-west-1.amazonaws.com/123456789012/new-events"}}
    /// ```
    ///
    /// ## Fix
    /// Keep one of the two: `startAfter` to begin after a known key, `skipInitialLoad` to
    /// begin with the next notification.
    ///
    /// ```json good kind:create-pipe at:/source
    /// {"objectStorage": {"type": "s3", "format": "JSONEachRow", "isContinuous": true,
    ///                    "startAfter": "events/2026-07-01/",
    ///                    "authentication": "IAM_ROLE", "iamRole": "arn:aws:iam::123456789012:role/r",
    ///                    "url": "https://events.s3.eu-west-1.amazonaws.com/*.json",
    ///                    "queueUrl": "https://sqs.eu-west-1.amazonaws.com/123456789012/new-events"}}
    /// ```
    pub static RULE = {
        code: "PL306",
        name: "object-storage-start-after-with-skip-initial-load",
        severity: Error,
        kinds: [CreatePipe],
        summary: "startAfter is set together with skipInitialLoad: true",
        check: Some(check),
    };
}

const SKIP_INITIAL_LOAD: &str = "/source/objectStorage/skipInitialLoad";
const START_AFTER: &str = "/source/objectStorage/startAfter";

fn check(cx: &Context, out: &mut Vec<Diagnostic>) {
    if source(cx.document).is_none() || cx.get(SKIP_INITIAL_LOAD) != Some(&Value::Bool(true)) {
        return;
    }
    // An empty string is `empty-optional-string`'s finding.
    if cx.get_str(START_AFTER).is_none_or(|key| key.is_empty()) {
        return;
    }
    out.push(
        cx.at_key(
            &RULE,
            START_AFTER,
            "`startAfter` cannot be combined with `skipInitialLoad: true`",
        )
        .with_label("a second start point")
        .with_secondary(cx.value_span(SKIP_INITIAL_LOAD), "initial load skipped here")
        .with_help(
            "keep `startAfter` to begin after that key, or `skipInitialLoad` to begin with the next notification, not both",
        ),
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::testing::{body, findings};

    fn storage(extra: &str) -> String {
        body(&format!(
            r#"{{"objectStorage": {{"type": "s3", "format": "CSV", "isContinuous": true, "authentication": "IAM_ROLE", "iamRole": "arn:aws:iam::123456789012:role/r", "url": "https://b.s3.amazonaws.com/*.csv", "queueUrl": "https://sqs.eu-west-1.amazonaws.com/123456789012/q"{extra}}}}}"#
        ))
    }

    #[test]
    fn one_start_point_only() {
        let both = findings(
            &RULE,
            &storage(r#", "skipInitialLoad": true, "startAfter": "a/""#),
        )
        .1;
        assert_eq!(both.len(), 1);
        assert_eq!(both[0].pointer, START_AFTER);
        for fine in [
            r#", "skipInitialLoad": false, "startAfter": "a/""#,
            r#", "startAfter": "a/""#,
            r#", "skipInitialLoad": true"#,
            r#", "skipInitialLoad": true, "startAfter": null"#,
        ] {
            assert!(findings(&RULE, &storage(fine)).1.is_empty(), "{fine}");
        }
    }
}
