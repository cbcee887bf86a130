use super::{PUBSUB, SEEK_TIMESTAMP, SEEK_TYPE};
use crate::rules::prelude::*;

declare_rule! {
    /// ## What it checks
    /// A Pub/Sub source with `seekType: "timestamp"` has a `seekTimestamp` (api-version
    /// 2026-05). A `seekTimestamp` of `null` or `""` counts as missing.
    ///
    /// ## Why it matters
    /// The seek type says "start at a point in time" but names no time, so the API rejects
    /// the request.
    ///
    /// ## Example
    /// ```json bad kind:create-pipe api-version:latest also:PL018
    /// {"name": "orders-pubsub",
    ///  "source": {"pubsub": {"format": "JSONEachRow", "projectId": "shop-prod", "topic": "orders",
    ///  "authentication": "SERVICE_ACCOUNT", "serviceAccountKey": "${PUBSUB_SERVICE_ACCOUNT_KEY}",
    ///  "seekType": "timestamp"}},
    ///  "destination": {"database": "default", "table": "orders", "managedTable": false,
    ///    "columns": [{"name": "order_id", "type": "UInt64"}]}}
    /// ```
    ///
    /// ## Fix
    /// Add the start time as an RFC 3339 date and time, or use `latest` or `earliest`.
    pub static RULE = {
        code: "PL270",
        name: "pubsub-seek-timestamp-required",
        severity: Error,
        kinds: [CreatePipe],
        summary: "The Pub/Sub seek type timestamp has no seekTimestamp",
        check: Some(check),
    };
}

fn check(cx: &Context, out: &mut Vec<Diagnostic>) {
    if cx.get_str(SEEK_TYPE) != Some("timestamp") {
        return;
    }
    let needed = Needed {
        object: PUBSUB,
        member: SEEK_TIMESTAMP,
        cause: SEEK_TYPE,
        cause_label: "seek type set here",
        cause_at_key: false,
        only_empty_string_is_blank: true,
    };
    let message = "the seek type `timestamp` needs a `seekTimestamp`";
    let diagnostic = match needed.lack(cx) {
        Some(Lack::Absent) => needed.absent(cx, &RULE, message).with_help(
            "add the start time, e.g. `\"seekTimestamp\": \"2026-06-01T00:00:00Z\"`, or use `latest` or `earliest`",
        ),
        Some(lack) => needed
            .unusable(
                cx,
                &RULE,
                message,
                format!("`seekTimestamp` is {}", lack.adjective()),
            )
            .with_help(
                "set the start time as an RFC 3339 date and time, e.g. `2026-06-01T00:00:00Z`, or use `latest` or `earliest`",
            ),
        None => return,
    };
    out.push(diagnostic);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::testing::pubsub;
    use crate::rules::testing::{findings, findings_latest, spanned};

    #[test]
    fn seek_type_timestamp_needs_a_seek_timestamp() {
        let (result, found) = findings_latest(&RULE, &pubsub(r#""seekType": "timestamp""#));
        assert_eq!(found.len(), 1);
        assert_eq!(spanned(&result, &found[0]), "\"pubsub\"");
        for extra in [r#", "seekTimestamp": null"#, r#", "seekTimestamp": """#] {
            let json = pubsub(&format!(r#""seekType": "timestamp"{extra}"#));
            assert_eq!(findings_latest(&RULE, &json).1.len(), 1, "{extra}");
        }
        for members in [
            r#""seekType": "timestamp", "seekTimestamp": "2026-06-01T00:00:00Z""#,
            r#""seekType": "latest""#,
            r#""seekType": "Timestamp""#,
        ] {
            assert!(
                findings_latest(&RULE, &pubsub(members)).1.is_empty(),
                "{members}"
            );
        }
    }

    #[test]
    fn older_profiles_report_only_the_newer_source() {
        let found = findings(&RULE, &pubsub(r#""seekType": "timestamp""#)).1;
        assert!(found.is_empty());
    }
}
