use crate::rules::prelude::*;

use crate::api::object_storage::{AUTHENTICATION, SOURCE, source};

declare_rule! {
    /// ## What it checks
    /// `queueUrl` is set only when `isContinuous` is `true` and an `authentication` method is
    /// given: the API documents the queue URL as applying only to continuous ingestion with
    /// non-public authentication. On a `gcs` source the queue (a Pub/Sub subscription) is read with
    /// `IAM_USER` or, from `api-version` `2026-04`, `SERVICE_ACCOUNT`, not `IAM_ROLE` (the
    /// official Terraform provider rejects that pairing). Silent when `isContinuous` or
    /// `authentication` has a value the schema rejects, and for an empty `queueUrl`
    /// (`empty-optional-string` reports that).
    ///
    /// ## Why it matters
    /// The queue delivers notifications about new objects, which only matters for continuous
    /// ingestion, and the pipe needs credentials to read the queue. Otherwise the queue is
    /// ignored or the request rejected, and files are not ingested the way you expect.
    ///
    /// ## Example
    /// ```json bad kind:create-pipe at:/source
    /// {"objectStorage": {"type": "s3", "format": "JSONEachRow", "isContinuous": false,
    ///                    "authentication": "IAM_ROLE", "iamRole": "arn:aws:iam::123456789012:role/r",
    ///                    "url": "https://events.s3.eu-west-1.amazonaws.com/*.json",
    ///                    "queueUrl": "https://sqs.eu-west-1.amazonaws.com/123456789012/new-events"}}
    /// ```
    ///
    /// ## Fix
    /// Set `"isContinuous": true` and an authentication method for event-based continuous
    /// ingestion, or remove `queueUrl`.
    ///
    /// ```json good kind:create-pipe at:/source
    /// {"objectStorage": {"type": "s3", "format": "JSONEachRow", "isContinuous": true,
    ///                    "authentication": "IAM_ROLE", "iamRole": "arn:aws:iam::123456789012:role/r",
    ///                    "url": "https://events.s3.eu-west-1.amazonaws.com/*.json",
    ///                    "queueUrl": "https://sqs.eu-west-1.amazonaws.com/123456789012/new-events"}}
    /// ```
    pub static RULE = {
        code: "PL303",
        name: "object-storage-queue-url-applies",
        severity: Error,
        kinds: [CreatePipe],
        summary: "queueUrl is set without isContinuous: true, without authentication, or on gcs with IAM_ROLE",
        check: Some(check),
    };
}

const QUEUE_URL: &str = "/source/objectStorage/queueUrl";
const IS_CONTINUOUS: &str = "/source/objectStorage/isContinuous";

fn check(cx: &Context, out: &mut Vec<Diagnostic>) {
    if source(cx.document).is_none() {
        return;
    }
    if cx.get_str(QUEUE_URL).is_none_or(str::is_empty) {
        return;
    }
    let continuous = match cx.get(IS_CONTINUOUS) {
        None | Some(Value::Null) => Some(false),
        Some(Value::Bool(b)) => Some(*b),
        Some(_) => None,
    };
    let public = match cx.get(AUTHENTICATION) {
        None | Some(Value::Null) => Some(true),
        Some(Value::String(_)) => Some(false),
        Some(_) => None,
    };
    let not_continuous = continuous == Some(false);
    let public = public == Some(true);
    let gcs_with_role = cx.get_str("/source/objectStorage/type") == Some("gcs")
        && cx.get_str(AUTHENTICATION) == Some("IAM_ROLE");
    let (message, help) = match (not_continuous, public) {
        (false, false) if gcs_with_role => {
            out.push(
                cx.at_key(
                    &RULE,
                    QUEUE_URL,
                    "the queue of a `gcs` source is read with `IAM_USER` or `SERVICE_ACCOUNT`, not `IAM_ROLE`",
                )
                .with_label("queue not readable with an IAM role")
                .with_secondary(cx.value_span(AUTHENTICATION), "IAM_ROLE set here")
                .with_premise(AUTHENTICATION)
                .with_help(
                    "use `IAM_USER` with an `accessKey` (an HMAC key of the service account), or \
                     `SERVICE_ACCOUNT` with `serviceAccountKey` (api-version 2026-04 and later)",
                ),
            );
            return;
        }
        (false, false) => return,
        (true, false) => (
            "`queueUrl` applies only when `isContinuous` is `true`",
            "set `\"isContinuous\": true` for event-based continuous ingestion, or remove `queueUrl`",
        ),
        (false, true) => (
            "`queueUrl` applies only with an authentication method, not to public access",
            "set `authentication` (`IAM_ROLE` with `iamRole`, or `IAM_USER` with `accessKey`), or remove `queueUrl`",
        ),
        (true, true) => (
            "`queueUrl` applies only when `isContinuous` is `true` and an authentication method is set",
            "set `\"isContinuous\": true` and `authentication` (`IAM_ROLE` with `iamRole`, or `IAM_USER` with `accessKey`), or remove `queueUrl`",
        ),
    };
    let mut diagnostic = cx
        .at_key(&RULE, QUEUE_URL, message)
        .with_label("queue not used")
        .with_help(help);
    // Absent members are shown on the source's key, in one label.
    let mut absent = Vec::new();
    if not_continuous {
        match cx.get(IS_CONTINUOUS) {
            Some(_) => {
                diagnostic =
                    diagnostic.with_secondary(cx.value_span(IS_CONTINUOUS), "files are read once")
            }
            None => absent.push("no `isContinuous`"),
        }
    }
    if public {
        match cx.get(AUTHENTICATION) {
            Some(_) => {
                diagnostic = diagnostic.with_secondary(
                    cx.value_span(AUTHENTICATION),
                    "no authentication: public access",
                )
            }
            None => absent.push("no `authentication`"),
        }
    }
    if !absent.is_empty() {
        diagnostic =
            diagnostic.with_secondary(cx.document.object_anchor(SOURCE), absent.join(" and "));
    }
    out.push(diagnostic);
}
