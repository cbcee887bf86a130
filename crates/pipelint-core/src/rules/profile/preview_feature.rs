use crate::rules::prelude::*;

use super::facts::{located, matching, subject, versions};

declare_rule! {
    /// ## What it checks
    /// The body uses a feature that needs more than the API version: a private preview or
    /// a feature flag of your team, even on the newest version. Today: Pub/Sub sources,
    /// MySQL `FILE_POS` replication and the managed alert interval `30s`.
    ///
    /// It is information only: the body is fine where the feature is enabled.
    ///
    /// ## Why it matters
    /// Without the preview or the flag, the server rejects the request although every
    /// member is right.
    ///
    /// ## Example
    /// ```json bad kind:managed-stack-alert at:/ api-version:latest
    /// {"interval": "30s"}
    /// ```
    ///
    /// ## Fix
    /// Ask support to enable the feature for your organization, or use a generally
    /// available alternative.
    ///
    /// ```json good kind:managed-stack-alert at:/ api-version:latest
    /// {"interval": "1m"}
    /// ```
    pub static RULE = {
        code: "PL018",
        name: "preview-feature",
        severity: Info,
        kinds: [],
        summary: "A feature that needs a private preview or a team feature flag",
        check: Some(check),
        policy: [kept_inside_newer],
    };
}

fn check(cx: &Context, out: &mut Vec<Diagnostic>) {
    let previews =
        |c: &crate::api::changes::Change| c.preview.is_some() && c.accepted_by(&cx.profile);
    for (change, pointer) in matching(cx, previews) {
        let Some(why) = change.preview else {
            continue;
        };
        let mut finding = located(
            &RULE,
            change,
            cx,
            &pointer,
            format!(
                "{} needs a preview or feature flag: {why}",
                subject(change, cx, &pointer)
            ),
        )
        .with_label("preview feature")
        // The value is taken as usable: where another rule rejects it, the flag is moot.
        .with_premise(pointer.clone());
        finding.versions = Some(versions(cx, change));
        out.push(finding);
    }
}
