use std::sync::LazyLock;

use regex::Regex;

use crate::api::object_storage::source;
use crate::rules::prelude::*;

declare_rule! {
    /// ## What it checks
    /// `queueUrl` has the shape of an Amazon SQS queue URL:
    /// `https://sqs.<region>.amazonaws.com/<12-digit account id>/<queue name>` (the
    /// legacy `https://<region>.queue.amazonaws.com/…` form and the China regions'
    /// `amazonaws.com.cn` are accepted too). On a `gcs` source it may instead name a Google
    /// Cloud Pub/Sub subscription, `projects/<project id>/subscriptions/<name>` (the form the
    /// official Terraform provider documents for GCS event notifications; accepted under
    /// every `api-version`). Placeholders such as `${QUEUE_URL}` and empty strings are not
    /// checked.
    ///
    /// ## Why it matters
    /// The pipe reads new-object notifications from this queue. A queue ARN, a console link
    /// or a URL without the account id is a common copy-paste slip that only fails once the
    /// pipe runs.
    ///
    /// ## Example
    /// ```json bad kind:create-pipe at:/source/objectStorage
    /// {"isContinuous": true, "authentication": "IAM_ROLE", "iamRole": "arn:aws:iam::123456789012:role/r",
    ///  "queueUrl": "arn:aws:sqs:eu-west-1:123456789012:new-objects"}
    /// ```
    ///
    /// ## Fix
    /// Use the queue URL shown in the SQS console, e.g.
    /// `https://sqs.eu-west-1.amazonaws.com/123456789012/new-objects`. For a queue ARN or an
    /// `http://` URL the finding carries the exact replacement.
    ///
    /// ```json good kind:create-pipe at:/source/objectStorage
    /// {"isContinuous": true, "authentication": "IAM_ROLE", "iamRole": "arn:aws:iam::123456789012:role/r",
    ///  "queueUrl": "https://sqs.eu-west-1.amazonaws.com/123456789012/new-objects"}
    /// ```
    pub static RULE = {
        code: "PL304",
        name: "object-storage-queue-url-format",
        severity: Warning,
        kinds: [CreatePipe],
        summary: "queueUrl does not look like an SQS queue URL",
        check: Some(check),
        fix: Safe,
    };
}

const QUEUE_URL: &str = "/source/objectStorage/queueUrl";
const SHAPE: &str = "https://sqs.<region>.amazonaws.com/<12-digit account id>/<queue name>";
const SUBSCRIPTION_SHAPE: &str = "projects/<project id>/subscriptions/<name>";

// Queue names: up to 80 letters, digits, `-` and `_`, plus `.fifo` for FIFO queues.
#[allow(clippy::expect_used)]
static SQS_URL: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r"^https://(?:sqs\.[a-z0-9-]+|(?:[a-z0-9-]+\.)?queue)\.amazonaws\.com(?:\.cn)?/\d{12}/[A-Za-z0-9_-]{1,80}(?:\.fifo)?$",
    )
    .expect("valid regex")
});

#[allow(clippy::expect_used)]
static SQS_ARN: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r"^arn:(aws|aws-cn|aws-us-gov):sqs:([a-z0-9-]+):(\d{12}):([A-Za-z0-9_-]{1,80}(?:\.fifo)?)$",
    )
    .expect("valid regex")
});

// A Pub/Sub subscription of a project: project ids are 6 to 30 lower-case letters, digits
// and `-`, starting with a letter; subscription names 3 to 255 characters starting with a
// letter.
#[allow(clippy::expect_used)]
static PUBSUB_SUBSCRIPTION: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r"^projects/[a-z][a-z0-9-]{4,28}[a-z0-9]/subscriptions/[A-Za-z][A-Za-z0-9._~+%-]{2,254}$",
    )
    .expect("valid regex")
});

fn check(cx: &Context, out: &mut Vec<Diagnostic>) {
    if source(cx.document).is_none() {
        return;
    }
    let Some(url) = text_to_check(cx.get(QUEUE_URL)) else {
        return;
    };
    if url.is_empty() || SQS_URL.is_match(url) {
        return;
    }
    let gcs = cx.get_str("/source/objectStorage/type") == Some("gcs");
    let subscription = PUBSUB_SUBSCRIPTION.is_match(url);
    if gcs && subscription {
        return;
    }
    // Whether the storage reads a subscription depends on its type: another type than a
    // string is the schema's finding (or a value not known yet).
    let typed = cx
        .get("/source/objectStorage/type")
        .is_none_or(|kind| kind.is_string() || kind.is_null());
    if subscription {
        if !typed {
            return;
        }
        out.push(
            cx.at_value(
                &RULE,
                QUEUE_URL,
                "`queueUrl` names a Pub/Sub subscription, which only a `gcs` source reads",
            )
            .with_label("a Pub/Sub subscription, not an SQS queue URL")
            .with_help(format!(
                "for this storage type use an SQS queue URL: `{SHAPE}`"
            )),
        );
        return;
    }
    let diagnostic = cx.at_value(
        &RULE,
        QUEUE_URL,
        "`queueUrl` does not look like an SQS queue URL",
    );
    let diagnostic = match replacement(url) {
        Some((what, fixed)) => diagnostic
            .with_label(format!("{what}, not a queue URL"))
            .with_help(format!("use the queue URL `{fixed}`"))
            .with_fix(crate::rules::edit::replace_string(
                cx,
                QUEUE_URL,
                format!("Replace with `{fixed}`"),
                fixed,
            )),
        None if gcs => diagnostic
            .with_label("neither an SQS queue URL nor a Pub/Sub subscription")
            .with_help(format!(
                "use the Pub/Sub subscription `{SUBSCRIPTION_SHAPE}` that receives the bucket's notifications, or an SQS queue URL `{SHAPE}`"
            )),
        None => diagnostic
            .with_label("not an SQS queue URL")
            .with_help(format!(
                "use the queue URL shown in the SQS console: `{SHAPE}`"
            )),
    };
    out.push(diagnostic);
}

/// The exact queue URL meant by a queue ARN or an `http://` queue URL.
fn replacement(text: &str) -> Option<(&'static str, String)> {
    if let Some(arn) = SQS_ARN.captures(text) {
        let domain = if &arn[1] == "aws-cn" {
            "amazonaws.com.cn"
        } else {
            "amazonaws.com"
        };
        let url = format!("https://sqs.{}.{domain}/{}/{}", &arn[2], &arn[3], &arn[4]);
        return SQS_URL.is_match(&url).then_some(("a queue ARN", url));
    }
    let https = format!("https://{}", text.strip_prefix("http://")?);
    SQS_URL
        .is_match(&https)
        .then_some(("an `http://` URL", https))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn accepts_queue_urls() {
        for url in [
            "https://sqs.eu-west-1.amazonaws.com/123456789012/new-objects",
            "https://sqs.us-gov-west-1.amazonaws.com/123456789012/orders.fifo",
            "https://sqs.cn-north-1.amazonaws.com.cn/123456789012/q_1",
            "https://eu-west-1.queue.amazonaws.com/123456789012/legacy",
            "https://queue.amazonaws.com/123456789012/legacy",
        ] {
            assert!(SQS_URL.is_match(url), "{url}");
        }
        for url in [
            "https://sqs.eu-west-1.amazonaws.com/new-objects",
            "https://sqs.eu-west-1.amazonaws.com/12345/new-objects",
            "http://sqs.eu-west-1.amazonaws.com/123456789012/new-objects",
            "https://sqs.eu-west-1.amazonaws.com/123456789012/new-objects/",
            "https://console.aws.amazon.com/sqs/v2/home",
        ] {
            assert!(!SQS_URL.is_match(url), "{url}");
        }
    }

    #[test]
    fn a_pubsub_subscription_is_a_queue_of_gcs_sources_only() {
        use crate::rules::testing::{body, findings};
        let storage = |kind: &str, queue: &str| {
            body(&format!(
                r#"{{"objectStorage": {{"type": "{kind}", "format": "CSV", "isContinuous": true, "authentication": "IAM_USER", "accessKey": {{"accessKeyId": "${{K}}", "secretKey": "${{S}}"}}, "url": "https://storage.googleapis.com/b/*.csv", "queueUrl": "{queue}"}}}}"#
            ))
        };
        let subscription = "projects/acme-data-prod/subscriptions/new-objects";
        assert!(PUBSUB_SUBSCRIPTION.is_match(subscription));
        assert!(findings(&RULE, &storage("gcs", subscription)).1.is_empty());
        let on_s3 = findings(&RULE, &storage("s3", subscription)).1;
        assert_eq!(on_s3.len(), 1);
        assert!(on_s3[0].message.contains("Pub/Sub"), "{}", on_s3[0].message);
        for bad in [
            "projects/acme/subscriptions/new-objects",
            "projects/acme-data-prod/topics/new-objects",
            "projects/acme-data-prod/subscriptions/x",
        ] {
            let found = findings(&RULE, &storage("gcs", bad)).1;
            assert_eq!(found.len(), 1, "{bad}");
            assert!(
                found[0]
                    .help
                    .as_deref()
                    .is_some_and(|h| h.contains("subscriptions"))
            );
        }
    }

    #[test]
    fn turns_an_arn_into_the_url() {
        assert_eq!(
            replacement("arn:aws:sqs:eu-west-1:123456789012:new-objects"),
            Some((
                "a queue ARN",
                "https://sqs.eu-west-1.amazonaws.com/123456789012/new-objects".to_owned()
            ))
        );
        assert_eq!(
            replacement("arn:aws-cn:sqs:cn-north-1:123456789012:q.fifo").map(|r| r.1),
            Some("https://sqs.cn-north-1.amazonaws.com.cn/123456789012/q.fifo".to_owned())
        );
        assert_eq!(
            replacement("http://sqs.eu-west-1.amazonaws.com/123456789012/q").map(|r| r.1),
            Some("https://sqs.eu-west-1.amazonaws.com/123456789012/q".to_owned())
        );
        assert_eq!(replacement("https://example.com/q"), None);
    }
}
