use super::{IGNORING, SEEK_TIMESTAMP, SEEK_TYPE};
use crate::rules::prelude::*;

declare_rule! {
    /// ## What it checks
    /// A Pub/Sub `seekTimestamp` is only given with `seekType: "timestamp"`; with `latest` or
    /// `earliest` it is ignored (api-version 2026-05).
    ///
    /// ## Why it matters
    /// The pipe will not start at that time: either the timestamp is a leftover, or the seek
    /// type is wrong and the pipe reads from the wrong place.
    ///
    /// ## Example
    /// ```json bad kind:create-pipe api-version:latest also:PL018
    /// {"name": "orders-pubsub",
    ///  "source": {"pubsub": {"format": "JSONEachRow", "projectId": "shop-prod", "topic": "orders",
    ///  "authentication": "SERVICE_ACCOUNT", "serviceAccountKey": "${PUBSUB_SERVICE_ACCOUNT_KEY}",
    ///  "seekType": "latest", "seekTimestamp": "2026-06-01T00:00:00Z"}},
    ///  "destination": {"database": "default", "table": "orders", "managedTable": false,
    ///    "columns": [{"name": "order_id", "type": "UInt64"}]}}
    /// ```
    ///
    /// ## Fix
    /// Set `seekType` to `timestamp` to start at that time, or remove `seekTimestamp`.
    pub static RULE = {
        code: "PL271",
        name: "pubsub-seek-timestamp-ignored",
        severity: Warning,
        kinds: [CreatePipe],
        summary: "The Pub/Sub seekTimestamp is ignored because the seek type is not timestamp",
        check: Some(check),
    };
}

fn check(cx: &Context, out: &mut Vec<Diagnostic>) {
    Ignored {
        member: SEEK_TIMESTAMP,
        cause: SEEK_TYPE,
        cause_label: "seek type set here",
        ignoring: IGNORING,
        what: "the Pub/Sub `seekTimestamp`",
        cause_name: "seek type",
        help: "set `\"seekType\": \"timestamp\"` to start reading at this time, or remove `seekTimestamp`",
    }
    .check(cx, &RULE, out);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::testing::pubsub;
    use crate::rules::testing::{findings_latest, spanned};

    #[test]
    fn warns_about_a_seek_timestamp_with_another_seek_type() {
        for seek in ["latest", "earliest"] {
            let json = pubsub(&format!(
                r#""seekType": "{seek}", "seekTimestamp": "2026-06-01T00:00:00Z""#
            ));
            let (result, found) = findings_latest(&RULE, &json);
            assert_eq!(found.len(), 1, "{seek}");
            assert_eq!(spanned(&result, &found[0]), "\"seekTimestamp\"");
        }
        for members in [
            r#""seekType": "timestamp", "seekTimestamp": "2026-06-01T00:00:00Z""#,
            r#""seekType": "latest", "seekTimestamp": null"#,
            r#""seekType": "latest""#,
        ] {
            assert!(
                findings_latest(&RULE, &pubsub(members)).1.is_empty(),
                "{members}"
            );
        }
    }
}
