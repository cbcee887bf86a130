use crate::rules::prelude::*;

declare_rule! {
    /// ## What it checks
    /// The alert's `channel`, and every item of `channels` (stack server 2.36), has
    /// the shape its form accepts: a webhook
    /// channel (`"type": "webhook"`) has a non-empty `webhookId`; an email channel
    /// (`"type": "email"`) exists only in the managed form and has a non-empty
    /// `emailRecipients` list of email addresses.
    ///
    /// ## Why it matters
    /// The server rejects an alert whose channel cannot deliver. An email channel copied
    /// from a managed-stack alert into a self-hosted one is the usual slip: the self-hosted
    /// server only notifies through webhooks.
    ///
    /// ## Example
    /// ```json bad kind:stack-alert at:/
    /// {"channel": {"type": "email", "emailRecipients": ["oncall@example.com"]}}
    /// ```
    /// (checked as a self-hosted `stack-alert`)
    ///
    /// ## Fix
    /// Give the webhook's id (`GET /api/v2/webhooks` lists them), or send the alert to the
    /// managed form (`--kind managed-stack-alert`, `*.managed-alert.json`) if that is where
    /// it belongs.
    ///
    /// ```json good kind:stack-alert at:/
    /// {"channel": {"type": "webhook", "webhookId": "65f5e4a3b9e77c001a901234"}}
    /// ```
    pub static RULE = {
        code: "PL701",
        name: "alert-channel",
        severity: Error,
        kinds: [StackAlert, ManagedStackAlert],
        summary: "The alert channel lacks webhookId or emailRecipients, or is an email channel in the self-hosted form",
        check: Some(check),
    };
}

fn check(cx: &Context, out: &mut Vec<Diagnostic>) {
    let listed = (0..super::facts::len(cx, "/channels")).map(|i| format!("/channels/{i}"));
    for channel in std::iter::once("/channel".to_owned()).chain(listed) {
        check_channel(cx, &channel, out);
    }
}

/// Checks the channel at `channel` (`/channel` or an item of `channels`).
fn check_channel(cx: &Context, channel: &str, out: &mut Vec<Diagnostic>) {
    let type_pointer = format!("{channel}/type");
    let Some(kind) = cx.get_str(&type_pointer) else {
        return;
    };
    match kind {
        "webhook" => require_webhook_id(cx, channel, out),
        "email" if cx.kind == DocumentKind::StackAlert => out.push(
            cx.at_value(
                &RULE,
                &type_pointer,
                "email channels exist only in the managed analytics stack",
            )
            .with_label("not accepted by the self-hosted server")
            .with_help(
                "the self-hosted server notifies through webhooks: use `{\"type\": \"webhook\", \"webhookId\": \"…\"}`, or check this body as `--kind managed-stack-alert` if it is sent to the managed form",
            ),
        ),
        "email" => require_recipients(cx, channel, out),
        _ => {}
    }
}

fn require_webhook_id(cx: &Context, channel: &str, out: &mut Vec<Diagnostic>) {
    let pointer = format!("{channel}/webhookId");
    match cx.get(&pointer) {
        None | Some(Value::Null) => out.push(
            Diagnostic::new(
                &RULE,
                cx.document.object_anchor(channel),
                &pointer,
                "a webhook channel needs `webhookId`",
            )
            .with_label("`webhookId` missing here")
            .with_secondary(cx.value_span(&format!("{channel}/type")), "a webhook channel")
            .with_help("add `\"webhookId\"`: the id of the webhook (24 hexadecimal digits; `GET /api/v2/webhooks` lists them)"),
        ),
        Some(Value::String(s)) if s.trim().is_empty() => out.push(
            cx.at_value(&RULE, &pointer, "`webhookId` is empty")
                .with_label("empty")
                .with_help("write the id of the webhook (24 hexadecimal digits; `GET /api/v2/webhooks` lists them)"),
        ),
        _ => {}
    }
}

fn require_recipients(cx: &Context, channel: &str, out: &mut Vec<Diagnostic>) {
    let pointer = format!("{channel}/emailRecipients");
    match cx.get(&pointer) {
        None | Some(Value::Null) => out.push(
            Diagnostic::new(
                &RULE,
                cx.document.object_anchor(channel),
                &pointer,
                "an email channel needs `emailRecipients`",
            )
            .with_label("`emailRecipients` missing here")
            .with_secondary(
                cx.value_span(&format!("{channel}/type")),
                "an email channel",
            )
            .with_help("add `\"emailRecipients\": [\"oncall@example.com\"]`"),
        ),
        Some(Value::Array(items)) if items.is_empty() => out.push(
            cx.at_value(&RULE, &pointer, "`emailRecipients` is empty")
                .with_label("no recipient")
                .with_help("list at least one email address"),
        ),
        Some(Value::Array(items)) => {
            for (i, item) in items.iter().enumerate() {
                let Some(address) = item.as_str() else {
                    continue;
                };
                if !is_email(address) && !is_placeholder(address) {
                    out.push(
                        cx.at_value(
                            &RULE,
                            &format!("{pointer}/{i}"),
                            format!("`{address}` is not an email address"),
                        )
                        .with_label("not an email address")
                        .with_help("write an address such as `oncall@example.com`"),
                    );
                }
            }
        }
        _ => {}
    }
}

/// A plain `local@domain.tld` check: one `@`, no white space, a dot in the domain.
fn is_email(text: &str) -> bool {
    let Some((local, domain)) = text.split_once('@') else {
        return false;
    };
    !local.is_empty()
        && !domain.contains('@')
        && !text.chars().any(char::is_whitespace)
        && domain.split('.').filter(|part| !part.is_empty()).count() >= 2
        && !domain.starts_with('.')
        && !domain.ends_with('.')
}

#[cfg(test)]
mod tests {
    use super::is_email;

    #[test]
    fn checks_email_addresses() {
        assert!(is_email("oncall@example.com"));
        assert!(is_email("a.b+alerts@ops.example.co.uk"));
        for bad in [
            "oncall",
            "oncall@",
            "@example.com",
            "on call@example.com",
            "a@b",
            "a@b@c.com",
            "a@.com",
        ] {
            assert!(!is_email(bad), "{bad}");
        }
    }
}
