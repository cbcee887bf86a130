use crate::rules::prelude::*;

use super::facts::{located, matching, subject, versions};
use crate::api::changes::What;
use crate::api::profile::Axis;

declare_rule! {
    /// ## What it checks
    /// The body uses nothing that an older API version accepted and the version in force
    /// no longer does, and has every member the version in force made required:
    ///
    /// - Pub/Sub `seekType: snapshot` existed briefly in May 2026 and was removed again;
    /// - from `api-version` `2026-05`, a service record always carries `currentScaling`,
    ///   and from `2026-07` also `autoscalingMode`.
    ///
    /// ## Why it matters
    /// The server of that version rejects the value, and a recorded response without the
    /// required member is not what that server returns: a mock built from it tests
    /// against a response that no longer exists.
    ///
    /// ## Example
    /// ```json bad kind:service api-version:2026-07
    /// {"id": "5f0a4b1e-8c2d-4e7f-9a3b-1c2d3e4f5a6b", "name": "analytics-prod", "currentScaling": {"replicas": 3}}
    /// ```
    ///
    /// ## Fix
    /// Use what the version in force accepts (for Pub/Sub: `latest`, `earliest` or
    /// `timestamp`), record the response again from the current API, or check the body
    /// against the older version it was written for (an `[[overrides]]` entry with
    /// `api-version` for old mocks).
    ///
    /// ```json good kind:service api-version:2026-07
    /// {"id": "5f0a4b1e-8c2d-4e7f-9a3b-1c2d3e4f5a6b", "name": "analytics-prod", "currentScaling": {"replicas": 3}, "autoscalingMode": "vertical"}
    /// ```
    pub static RULE = {
        code: "PL017",
        name: "removed-in-api",
        severity: Error,
        kinds: [],
        summary: "A value the API version in force removed, or a member it made required",
        check: Some(check),
        policy: [kept_inside_newer],
    };
}

fn check(cx: &Context, out: &mut Vec<Diagnostic>) {
    let gone = |c: &crate::api::changes::Change| match c.what {
        What::Required => cx.profile.reaches(c.since),
        _ => c.until.is_some_and(|until| cx.profile.reaches(until)),
    };
    let in_force = cx.profile.in_force(Axis::of(cx.kind));
    for (change, pointer) in matching(cx, gone) {
        let subject = subject(change, cx, &pointer);
        let (message, label, help) = match (change.what, change.until) {
            (What::Required, _) => (
                format!(
                    "{subject} is required from {} on; pipelint checks against {in_force}",
                    change.since
                ),
                "required member missing".to_owned(),
                format!(
                    "add it (record the body again from the current API), or check this file against an older `{}` in an `[[overrides]]` entry",
                    in_force.axis().setting()
                ),
            ),
            (_, Some(until)) => (
                format!("{subject} was removed in {until}; pipelint checks against {in_force}"),
                format!("removed in {until}"),
                format!(
                    "use a value {in_force} accepts, or check this file against an older `{}`",
                    in_force.axis().setting()
                ),
            ),
            (_, None) => continue,
        };
        let mut finding = located(&RULE, change, cx, &pointer, message)
            .with_label(label)
            .with_help(help);
        finding.versions = Some(versions(cx, change));
        out.push(finding);
    }
}
