use crate::rules::prelude::*;

declare_rule! {
    /// ## What it checks
    /// Dashboard filters carry an `id` exactly in update bodies: a create body's filters
    /// have none (the server assigns them and rejects a given one), and an update body's
    /// filters each name the filter by its `id`.
    ///
    /// ## Why it matters
    /// Dashboards exported from one stack and created in another keep the filter ids of
    /// the first, and the create request fails. The other way round, an update without ids
    /// is rejected as well.
    ///
    /// ## Example
    /// ```json bad kind:dashboard
    /// {"name": "Checkout", "tiles": [], "filters": [{"id": "f1", "type": "QUERY_EXPRESSION", "name": "Service", "expression": "ServiceName", "sourceId": "65f5e4a3b9e77c001a123456"}]}
    /// ```
    /// (checked as a `dashboard` create body)
    ///
    /// ## Fix
    /// In a create body, remove the `id` (the fix does). In an update body, add the id the
    /// server returned for the filter.
    ///
    /// ```json good kind:dashboard
    /// {"name": "Checkout", "tiles": [], "filters": [{"type": "QUERY_EXPRESSION", "name": "Service", "expression": "ServiceName", "sourceId": "65f5e4a3b9e77c001a123456"}]}
    /// ```
    pub static RULE = {
        code: "PL743",
        name: "filter-id",
        severity: Error,
        kinds: [Dashboard, DashboardUpdate],
        summary: "A create-time dashboard filter has an id, or an update-time filter lacks one",
        check: Some(check),
        fix: SafeOrUnsafe,
    };
}

fn check(cx: &Context, out: &mut Vec<Diagnostic>) {
    for i in 0..super::facts::len(cx, "/filters") {
        let filter = format!("/filters/{i}");
        if !cx.get(&filter).is_some_and(serde_json::Value::is_object) {
            continue;
        }
        let id = format!("{filter}/id");
        let has_id = cx.get(&id).is_some();
        match cx.kind {
            DocumentKind::Dashboard if has_id => out.push(
                cx.at_key(
                    &RULE,
                    &id,
                    "a filter of a create body must not carry an `id`",
                )
                .with_label("assigned by the server")
                .with_help("remove `id`: the server assigns filter ids when it creates the dashboard (for an update body, check it as `--kind dashboard-update`)")
                .with_fix(remove_member(cx, &id)),
            ),
            DocumentKind::DashboardUpdate if !has_id => out.push(
                Diagnostic::new(
                    &RULE,
                    cx.document.object_anchor(&filter),
                    id.as_str(),
                    "a filter of an update body needs its `id`",
                )
                .with_label("`id` missing here")
                .with_help("add the filter's `id` as the server returned it (`GET` the dashboard); update bodies name each filter by id"),
            ),
            _ => {}
        }
    }
}
