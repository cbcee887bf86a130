use crate::rules::prelude::*;

use super::facts::{AlertSource, alert_source, is_set};

declare_rule! {
    /// ## What it checks
    /// The alert has no member that its kind of alert or channel does not use, which the
    /// server silently drops: `groupBy` or `savedSearchId` on a tile alert,
    /// `dashboardId` or `tileId` on a saved-search alert, `emailRecipients` on a webhook
    /// channel, `webhookId` on an email channel.
    ///
    /// ## Why it matters
    /// Nothing fails, so the mistake goes unnoticed: a tile alert with `groupBy` is not
    /// grouped, and the alert that was meant to fire per service fires once for all of them.
    ///
    /// ## Example
    /// ```json bad kind:stack-alert at:/
    /// {"source": "tile", "dashboardId": "65f5e4a3b9e77c001a567890", "tileId": "errors", "groupBy": "ServiceName"}
    /// ```
    ///
    /// ## Fix
    /// Remove the member (the fix does), or change the kind of alert or channel to the one
    /// that uses it: group by in a saved-search alert, or in the tile's own chart.
    ///
    /// ```json good kind:stack-alert at:/
    /// {"source": "tile", "dashboardId": "65f5e4a3b9e77c001a567890", "tileId": "errors"}
    /// ```
    pub static RULE = {
        code: "PL704",
        name: "dropped-alert-member",
        severity: Warning,
        kinds: [StackAlert, ManagedStackAlert],
        summary: "An alert member does not apply to its source or channel and is dropped by the server",
        check: Some(check),
        fix: SafeOrUnsafe,
    };
}

fn check(cx: &Context, out: &mut Vec<Diagnostic>) {
    let source = alert_source(cx);
    let (dropped, kind): (&[&str], &str) = match source {
        AlertSource::Tile => (&["groupBy", "savedSearchId"], "a tile alert"),
        AlertSource::SavedSearch { explicit: true } => {
            (&["dashboardId", "tileId"], "a saved-search alert")
        }
        // Without `source`, tile ids mean a missing `source` (see `alert-source-ids`).
        _ => (&[], ""),
    };
    for member in dropped {
        report(cx, &format!("/{member}"), member, kind, "/source", out);
    }
    let (dropped, kind): (&[&str], &str) = match cx.get_str("/channel/type") {
        Some("webhook") => (&["emailRecipients"], "a webhook channel"),
        Some("email") => (&["webhookId"], "an email channel"),
        _ => (&[], ""),
    };
    for member in dropped {
        report(
            cx,
            &format!("/channel/{member}"),
            member,
            kind,
            "/channel/type",
            out,
        );
    }
}

fn report(
    cx: &Context,
    pointer: &str,
    member: &str,
    kind: &str,
    kind_pointer: &str,
    out: &mut Vec<Diagnostic>,
) {
    if !is_set(cx, pointer) {
        return;
    }
    let help = match member {
        "groupBy" => "tile alerts follow the tile's own chart: group by in the tile, or make this a saved-search alert; otherwise remove `groupBy`".to_owned(),
        _ => format!("remove `{member}`: {kind} does not use it"),
    };
    out.push(
        cx.at_key(
            &RULE,
            pointer,
            format!("the server drops `{member}` from {kind}"),
        )
        .with_label("ignored by the server")
        .with_secondary(cx.value_span(kind_pointer), "because of this")
        .with_premise(kind_pointer)
        .with_help(help)
        .with_fix(remove_member(cx, pointer)),
    );
}
