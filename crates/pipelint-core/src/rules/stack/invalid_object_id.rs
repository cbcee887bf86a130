use crate::rules::prelude::*;

declare_rule! {
    /// ## What it checks
    /// The ids the analytics-stack server stores as object ids are 24 hexadecimal digits
    /// (real-API notes): `dashboardId`, `savedSearchId` and `channel.webhookId` of an alert,
    /// `series[].sourceId` of a chart query, and `sourceId`/`connectionId` in dashboard
    /// tiles and filters. Tile ids are chosen by the caller and are not object ids.
    /// Placeholders (`${DASHBOARD_ID}`, `<DASHBOARD_ID>`) are left to `doc-placeholder`.
    ///
    /// ## Why it matters
    /// The server rejects a malformed id with a generic validation error. Common causes: a
    /// character lost in copying, a UUID from the cloud API pasted where an object id
    /// belongs, or `ObjectId("…")` copied from a database shell.
    ///
    /// ## Example
    /// ```json bad kind:stack-alert at:/
    /// {"dashboardId": "65f5e4a3b9e77c001a56789", "tileId": "errors-by-service"}
    /// ```
    ///
    /// ## Fix
    /// Copy the id again from the URL of the dashboard or from the list endpoint
    /// (`GET /api/v2/dashboards`, `/api/v2/sources`, `/api/v2/webhooks`). An id wrapped in
    /// `ObjectId("…")` or white space gets a fix.
    ///
    /// ```json good kind:stack-alert at:/
    /// {"dashboardId": "65f5e4a3b9e77c001a567890", "tileId": "errors-by-service"}
    /// ```
    pub static RULE = {
        code: "PL702",
        name: "invalid-object-id",
        severity: Error,
        kinds: [StackAlert, ManagedStackAlert, ChartSeries, Dashboard, DashboardUpdate],
        summary: "An analytics-stack id is not 24 hexadecimal digits",
        check: Some(check),
        fix: Safe,
    };
}

fn check(cx: &Context, out: &mut Vec<Diagnostic>) {
    for pointer in pointers(cx) {
        let Some(id) = id_to_check(cx.get(&pointer)) else {
            continue;
        };
        if is_object_id(id) {
            continue;
        }
        // An empty alert id is reported as missing by `alert-source-ids` or `alert-channel`.
        if id.trim().is_empty()
            && matches!(
                cx.kind,
                DocumentKind::StackAlert | DocumentKind::ManagedStackAlert
            )
        {
            continue;
        }
        let (what, corrected) = problem(id);
        let field = crate::schema::field_name(&pointer);
        let diagnostic = cx
            .at_value(
                &RULE,
                &pointer,
                format!("{field} is not an object id: {what}"),
            )
            .with_label("not 24 hexadecimal digits");
        let diagnostic = help_with_correction(
            diagnostic,
            cx,
            &pointer,
            corrected,
            Applicability::Safe,
            "object ids are 24 hexadecimal digits such as `65f5e4a3b9e77c001a567890`: copy the id again from the list endpoint or the URL",
        );
        out.push(diagnostic);
    }
}

/// The pointers of every object id the kind has.
fn pointers(cx: &Context) -> Vec<String> {
    let mut out = Vec::new();
    match cx.kind {
        DocumentKind::StackAlert | DocumentKind::ManagedStackAlert => {
            for p in ["/dashboardId", "/savedSearchId", "/channel/webhookId"] {
                out.push(p.to_owned());
            }
        }
        DocumentKind::ChartSeries => {
            for i in 0..super::len(cx, "/series") {
                out.push(format!("/series/{i}/sourceId"));
            }
        }
        DocumentKind::Dashboard | DocumentKind::DashboardUpdate => {
            for i in 0..super::len(cx, "/tiles") {
                out.push(format!("/tiles/{i}/config/sourceId"));
                out.push(format!("/tiles/{i}/config/connectionId"));
                for j in 0..super::len(cx, &format!("/tiles/{i}/series")) {
                    out.push(format!("/tiles/{i}/series/{j}/sourceId"));
                }
            }
            for i in 0..super::len(cx, "/filters") {
                out.push(format!("/filters/{i}/sourceId"));
            }
        }
        _ => {}
    }
    out
}

/// What is wrong with the id, and the id when it can be recovered.
fn problem(id: &str) -> (String, Option<String>) {
    let trimmed = id.trim();
    if trimmed != id && is_object_id(trimmed) {
        return (
            "it has white space around it".to_owned(),
            Some(trimmed.to_owned()),
        );
    }
    let inner = id
        .strip_prefix("ObjectId(")
        .and_then(|r| r.strip_suffix(')'))
        .map(|r| r.trim_matches(|c| c == '"' || c == '\''));
    if let Some(inner) = inner.filter(|i| is_object_id(i)) {
        return (
            "it is wrapped in `ObjectId(…)`".to_owned(),
            Some(inner.to_owned()),
        );
    }
    if is_uuid(id) {
        return (
            "it is a UUID; the analytics stack's ids are 24 hexadecimal digits".to_owned(),
            None,
        );
    }
    if id.is_empty() {
        return ("it is empty".to_owned(), None);
    }
    if let Some(bad) = id.chars().find(|c| !c.is_ascii_hexdigit()) {
        return (format!("`{bad}` is not a hexadecimal digit"), None);
    }
    (
        format!("it has {} digits instead of 24", id.chars().count()),
        None,
    )
}

#[cfg(test)]
mod tests {
    use super::problem;

    #[test]
    fn explains_and_recovers() {
        assert!(problem("65f5e4a3b9e77c001a56789").0.contains("23 digits"));
        assert_eq!(
            problem("ObjectId(\"65f5e4a3b9e77c001a567890\")")
                .1
                .as_deref(),
            Some("65f5e4a3b9e77c001a567890")
        );
        assert!(
            problem("0d7bd6cc-5a5c-4b9e-9a4e-6d1f2f0b8a41")
                .0
                .contains("UUID")
        );
        assert!(
            problem("dashboard-1").0.contains("`d`") || problem("dashboard-1").0.contains("`s`")
        );
    }
}
