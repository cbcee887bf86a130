use crate::api::sources::unsupported_members;
use crate::rules::prelude::*;

declare_rule! {
    /// ## What it checks
    /// `source` sets exactly one source kind: `kafka`, `kinesis`, `objectStorage` or
    /// `postgres`, or from api-version 2026-04 `mysql`, `bigquery`, `mongodb`,
    /// `pubsub`. A member set to `null` counts as not set.
    ///
    /// ## Why it matters
    /// A pipe reads from one source. With none the API has nothing to read; with two it
    /// rejects the request (or, worse, a copy-paste leftover decides which one wins).
    ///
    /// ## Example
    /// ```json bad kind:create-pipe
    /// {"name": "orders",
    ///  "source": {"kafka": {"type": "warpstream", "format": "JSONEachRow", "authentication": "PLAIN",
    ///               "brokers": "serverless.warpstream.com:9092", "topics": "orders",
    ///               "credentials": {"username": "${KAFKA_USERNAME}", "password": "${KAFKA_PASSWORD}"}},
    ///             "kinesis": {"authentication": "IAM_ROLE", "format": "JSONEachRow",
    ///               "iamRole": "arn:aws:iam::123456789012:role/orders-reader",
    ///               "iteratorType": "LATEST", "region": "eu-west-1", "streamName": "orders"}},
    ///  "destination": {"database": "default", "table": "orders", "managedTable": false,
    ///    "columns": [{"name": "id", "type": "UInt64"}]}}
    /// ```
    ///
    /// ## Fix
    /// Keep the one source the pipe reads from and remove the others.
    pub static RULE = {
        code: "PL100",
        name: "exactly-one-source",
        severity: Error,
        kinds: [CreatePipe],
        summary: "The source sets no source kind, or more than one",
        check: Some(check),
    };
}

fn check(cx: &Context, out: &mut Vec<Diagnostic>) {
    if !cx.get("/source").is_some_and(serde_json::Value::is_object) {
        return;
    }
    let present = present_sources(cx.root());
    // An unsupported kind is reported by its own rule; "no source kind" would repeat it.
    if present.is_empty() && !unsupported_members(cx.document).is_empty() {
        return;
    }
    match present.as_slice() {
        [] => {
            let kinds: Vec<&str> = accepted_source_kinds(&cx.profile)
                .iter()
                .map(|k| k.member())
                .collect();
            out.push(
                cx.at_key(&RULE, "/source", "the source sets no source kind")
                    .with_label("no source kind here")
                    .with_help(format!("set exactly one of {}", list_code(&kinds))),
            );
        }
        [_] => {}
        [first, rest @ ..] => {
            let names: Vec<&str> = present.iter().map(|k| k.member()).collect();
            let mut diagnostic = cx
                .at_key(
                    &RULE,
                    rest[0].pointer(),
                    format!(
                        "the source sets {} source kinds: {}",
                        present.len(),
                        list_code(&names)
                    ),
                )
                .with_label("second source kind")
                .with_secondary(cx.key_span(first.pointer()), "first source kind")
                .with_help("a pipe reads from exactly one source: keep one and remove the others");
            for other in &rest[1..] {
                diagnostic =
                    diagnostic.with_secondary(cx.key_span(other.pointer()), "another source kind");
            }
            out.push(diagnostic);
        }
    }
}
