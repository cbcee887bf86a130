use crate::rules::prelude::*;

declare_rule! {
    /// ## What it checks
    /// An alert's `channels` list (self-hosted server 2.36, managed API 2026-07) names no channel
    /// twice, and when the alert also gives `channel`, it is the same as the first item of
    /// `channels`. The schema holds the list to 1 to 10 items.
    ///
    /// ## Why it matters
    /// The server rejects the alert: a channel listed twice would be notified twice, and a
    /// `channel` that differs from `channels[0]` leaves it unclear where the alert goes.
    ///
    /// ## Example
    /// ```json bad kind:stack-alert at:/ stack-version:latest
    /// {"channel": {"type": "webhook", "webhookId": "65f5e4a3b9e77c001a901234"},
    ///  "channels": [{"type": "webhook", "webhookId": "65f5e4a3b9e77c001a901234"}, {"type": "webhook", "webhookId": "65f5e4a3b9e77c001a901234"}]}
    /// ```
    ///
    /// ## Fix
    /// List each channel once, and leave `channel` out or make it the first item.
    ///
    /// ```json good kind:stack-alert at:/ stack-version:latest
    /// {"channel": {"type": "webhook", "webhookId": "65f5e4a3b9e77c001a901234"},
    ///  "channels": [{"type": "webhook", "webhookId": "65f5e4a3b9e77c001a901234"}, {"type": "webhook", "webhookId": "65f5e4a3b9e77c001a901235"}]}
    /// ```
    pub static RULE = {
        code: "PL754",
        name: "alert-channels",
        severity: Error,
        kinds: [StackAlert, ManagedStackAlert],
        summary: "The alert's channels list a channel twice, or channel differs from channels[0]",
        check: Some(check),
    };
}

fn check(cx: &Context, out: &mut Vec<Diagnostic>) {
    // Under a profile without `channels`, `needs-newer-api` is the one finding.
    if !super::facts::accepts_member(cx, "/channels") {
        return;
    }
    let Some(channels) = cx.get("/channels").and_then(Value::as_array) else {
        return;
    };
    // Each item once, by its text (members sorted, so equal items print alike): linear in
    // the list, whatever its length.
    let mut first_of: std::collections::HashMap<String, usize> = std::collections::HashMap::new();
    for (i, item) in channels.iter().enumerate() {
        let first = *first_of.entry(item.to_string()).or_insert(i);
        if first != i {
            out.push(
                cx.at_value(
                    &RULE,
                    &format!("/channels/{i}"),
                    format!("`channels[{i}]` repeats `channels[{first}]`"),
                )
                .with_label("listed twice")
                .with_secondary(
                    cx.value_span(&format!("/channels/{first}")),
                    "first listed here",
                )
                .with_help("remove the repeated channel: each channel is notified once"),
            );
        }
    }
    let (Some(channel), Some(first)) = (cx.get("/channel"), channels.first()) else {
        return;
    };
    if channel != first {
        out.push(
            cx.at_value(&RULE, "/channel", "`channel` differs from `channels[0]`")
                .with_label("not the first of `channels`")
                .with_secondary(cx.value_span("/channels/0"), "`channels[0]`")
                .with_help("remove `channel` (`channels` says it all), or make it the same as the first item of `channels`"),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::profile::Profile;
    use crate::rules::testing::findings_as_under;

    const A: &str = r#"{"type": "webhook", "webhookId": "65f5e4a3b9e77c001a567891"}"#;
    const B: &str = r#"{"type": "webhook", "webhookId": "65f5e4a3b9e77c001a567892"}"#;

    fn pointers(members: &str, profile: Profile) -> Vec<String> {
        let json =
            format!(r#"{{"threshold": 1, "thresholdType": "above", "interval": "5m", {members}}}"#);
        findings_as_under(&RULE, DocumentKind::StackAlert, &json, profile)
            .into_iter()
            .map(|d| d.pointer)
            .collect()
    }

    #[test]
    fn no_repeats_and_channel_is_the_first() {
        let latest = Profile::latest();
        assert!(pointers(&format!(r#""channels": [{A}, {B}]"#), latest).is_empty());
        assert!(
            pointers(
                &format!(r#""channel": {A}, "channels": [{A}, {B}]"#),
                latest
            )
            .is_empty()
        );
        assert_eq!(
            pointers(&format!(r#""channels": [{A}, {B}, {A}]"#), latest),
            ["/channels/2"]
        );
        assert_eq!(
            pointers(
                &format!(r#""channel": {B}, "channels": [{A}, {B}]"#),
                latest
            ),
            ["/channel"]
        );
        assert!(
            pointers(
                &format!(r#""channel": {B}, "channels": [{A}]"#),
                Profile::default()
            )
            .is_empty()
        );
    }
}
