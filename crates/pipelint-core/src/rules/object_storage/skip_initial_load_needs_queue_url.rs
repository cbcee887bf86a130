use crate::api::object_storage::{SOURCE, source};
use crate::rules::prelude::*;

declare_rule! {
    /// ## What it checks
    /// `skipInitialLoad: true` is set only together with a `queueUrl` (the real API added the
    /// member in July 2026 and requires the queue with it). The member is known under every
    /// `api-version`, and so is this rule: the member means the same wherever it is accepted.
    ///
    /// ## Why it matters
    /// Skipping the initial load means "ingest only the files that event notifications
    /// announce from now on". Without a queue there are no notifications, and the API
    /// rejects the request.
    ///
    /// ## Example
    /// ```json bad kind:create-pipe at:/source
    /// {"objectStorage": {"type": "s3", "format": "JSONEachRow", "isContinuous": true, "skipInitialLoad": true,
    ///                    "authentication": "IAM_ROLE", "iamRole": "arn:aws:iam::123456789012:role/r",
    ///                    "url": "https://events.s3.eu-west-1.amazonaws.com/*.json"}}
    /// ```
    ///
    /// ## Fix
    /// Add the `queueUrl` that receives the bucket's notifications, or remove
    /// `skipInitialLoad` to read the files already there too.
    ///
    /// ```json good kind:create-pipe at:/source
    /// {"objectStorage": {"type": "s3", "format": "JSONEachRow", "isContinuous": true, "skipInitialLoad": true,
    ///                    "authentication": "IAM_ROLE", "iamRole": "arn:aws:iam::123456789012:role/r",
    ///                    "url": "https://events.s3.eu-west-1.amazonaws.com/*.json",
    ///                    "queueUrl": "https://sqs.eu-west-1.amazonaws.com/123456789012/new-events"}}
    /// ```
    pub static RULE = {
        code: "PL305",
        name: "object-storage-skip-initial-load-needs-queue-url",
        severity: Error,
        kinds: [CreatePipe],
        summary: "skipInitialLoad is true without a queueUrl",
        check: Some(check),
    };
}

const SKIP_INITIAL_LOAD: &str = "/source/objectStorage/skipInitialLoad";
const QUEUE_URL: &str = "/source/objectStorage/queueUrl";

fn check(cx: &Context, out: &mut Vec<Diagnostic>) {
    if source(cx.document).is_none() || cx.get(SKIP_INITIAL_LOAD) != Some(&Value::Bool(true)) {
        return;
    }
    // An empty string is `empty-optional-string`'s finding; a placeholder is a queue.
    let queue = match cx.get(QUEUE_URL) {
        None | Some(Value::Null) => false,
        Some(Value::String(url)) => !url.trim().is_empty(),
        // Another type: `wrong-type` reports it.
        Some(_) => return,
    };
    if queue {
        return;
    }
    let mut diagnostic = cx
        .at_value(
            &RULE,
            SKIP_INITIAL_LOAD,
            "`skipInitialLoad` needs a `queueUrl`: only a queue tells which files are new",
        )
        .with_label("no queue to take new files from")
        .with_help(
            "add the `queueUrl` that receives the bucket's notifications, or remove `skipInitialLoad`",
        );
    diagnostic = match cx.get(QUEUE_URL) {
        Some(_) => diagnostic.with_secondary(cx.value_span(QUEUE_URL), "no queue given here"),
        None => diagnostic.with_secondary(cx.document.object_anchor(SOURCE), "no `queueUrl`"),
    };
    out.push(diagnostic);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::testing::{body, findings};

    fn storage(extra: &str) -> String {
        body(&format!(
            r#"{{"objectStorage": {{"type": "s3", "format": "CSV", "isContinuous": true, "authentication": "IAM_ROLE", "iamRole": "arn:aws:iam::123456789012:role/r", "url": "https://b.s3.amazonaws.com/*.csv"{extra}}}}}"#
        ))
    }

    #[test]
    fn skipping_the_initial_load_needs_a_queue() {
        for without in [
            r#", "skipInitialLoad": true"#,
            r#", "skipInitialLoad": true, "queueUrl": null"#,
        ] {
            let found = findings(&RULE, &storage(without)).1;
            assert_eq!(found.len(), 1, "{without}");
            assert_eq!(found[0].pointer, SKIP_INITIAL_LOAD);
        }
        for fine in [
            r#", "skipInitialLoad": false"#,
            r#", "skipInitialLoad": true, "queueUrl": "${QUEUE_URL}""#,
            "",
        ] {
            assert!(findings(&RULE, &storage(fine)).1.is_empty(), "{fine}");
        }
    }
}
