use crate::rules::prelude::*;

declare_rule! {
    /// ## What it checks
    /// The alert says where its notification goes: `channel`, or (from self-hosted server 2.36 and
    /// the managed API of 2026-07) `channels`, a list of 1 to 10 channels. Under an older profile
    /// only `channel` counts: a body that gives `channels` alone gets the one `needs-newer-api`
    /// finding instead.
    ///
    /// ## Why it matters
    /// The server rejects an alert that notifies nobody.
    ///
    /// ## Example
    /// ```json bad kind:stack-alert
    /// {"source": "saved_search", "savedSearchId": "65f5e4a3b9e77c001a567890", "threshold": 1, "thresholdType": "above", "interval": "5m"}
    /// ```
    ///
    /// ## Fix
    /// Add `channel` (or, on a server that has it, `channels`).
    ///
    /// ```json good kind:stack-alert
    /// {"source": "saved_search", "savedSearchId": "65f5e4a3b9e77c001a567890", "threshold": 1, "thresholdType": "above", "interval": "5m", "channel": {"type": "webhook", "webhookId": "65f5e4a3b9e77c001a901234"}}
    /// ```
    pub static RULE = {
        code: "PL753",
        name: "alert-without-channel",
        severity: Error,
        kinds: [StackAlert, ManagedStackAlert],
        summary: "The alert has neither channel nor channels",
        check: Some(check),
    };
}

fn check(cx: &Context, out: &mut Vec<Diagnostic>) {
    if cx.root().get("channel").is_some() || cx.root().get("channels").is_some() {
        return;
    }
    let (message, help) = if super::facts::accepts_member(cx, "/channels") {
        (
            "the alert has neither `channel` nor `channels`",
            "add `\"channels\"`: a list of 1 to 10 channels such as `{\"type\": \"webhook\", \"webhookId\": \"…\"}` (or `\"channel\"` with one of them)",
        )
    } else {
        (
            "the alert has no `channel`",
            "add `\"channel\"`: where the notification goes, such as `{\"type\": \"webhook\", \"webhookId\": \"…\"}`",
        )
    };
    out.push(
        Diagnostic::new(&RULE, cx.document.object_anchor(""), "/channel", message)
            .with_label("`channel` missing here")
            .with_help(help),
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::profile::Profile;
    use crate::rules::testing::findings_as_under;

    fn messages(members: &str, profile: Profile) -> Vec<String> {
        let json =
            format!(r#"{{"threshold": 1, "thresholdType": "above", "interval": "5m"{members}}}"#);
        findings_as_under(&RULE, DocumentKind::StackAlert, &json, profile)
            .into_iter()
            .map(|d| d.message)
            .collect()
    }

    #[test]
    fn names_the_forms_the_profile_accepts() {
        assert_eq!(
            messages("", Profile::default()),
            ["the alert has no `channel`"]
        );
        assert_eq!(
            messages("", Profile::latest()),
            ["the alert has neither `channel` nor `channels`"]
        );
        let channels =
            r#", "channels": [{"type": "webhook", "webhookId": "65f5e4a3b9e77c001a567891"}]"#;
        assert!(messages(channels, Profile::default()).is_empty());
        assert!(messages(channels, Profile::latest()).is_empty());
    }
}
