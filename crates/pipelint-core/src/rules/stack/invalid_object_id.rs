use crate::api::ids::object_id_problem;
use crate::api::profile::StackVersion;
use crate::rules::prelude::*;

declare_rule! {
    /// ## What it checks
    /// The ids the analytics-stack server stores as object ids are 24 hexadecimal digits:
    /// `dashboardId`, `savedSearchId` and `channel.webhookId` of an alert,
    /// `series[].sourceId` of a chart query, and `sourceId`/`connectionId` in dashboard
    /// tiles and filters; under the newest stack release also the `onClick.target.id` of a
    /// table tile's link-out by id. Tile ids are chosen by the caller and are not object ids.
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
    for_each_id(cx, &mut |value, at| {
        let Some(id) = id_to_check(value) else {
            return;
        };
        if is_object_id(id) {
            return;
        }
        // An empty alert id is reported as missing by `alert-source-ids` or `alert-channel`.
        if id.trim().is_empty()
            && matches!(
                cx.kind,
                DocumentKind::StackAlert | DocumentKind::ManagedStackAlert
            )
        {
            return;
        }
        let pointer = at.pointer();
        let (what, corrected) = object_id_problem(id);
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
    });
}

/// Where an object id sits; its pointer is built only for a finding.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum IdAt {
    /// A fixed place, such as an alert's `/dashboardId`.
    Fixed(&'static str),
    /// A member of a tile's config, a series item's `sourceId` (of a chart body or of a
    /// dashboard tile), or a dashboard filter's `sourceId`.
    TileConfig {
        tile: usize,
        member: &'static str,
    },
    Series {
        tile: Option<usize>,
        item: usize,
    },
    Filter(usize),
    /// The dashboard or saved search a table tile's link-out names by id.
    OnClick(usize),
}

impl IdAt {
    fn pointer(self) -> String {
        match self {
            IdAt::Fixed(pointer) => pointer.to_owned(),
            IdAt::TileConfig { tile, member } => format!("/tiles/{tile}/config/{member}"),
            IdAt::Series { tile: None, item } => format!("/series/{item}/sourceId"),
            IdAt::Series {
                tile: Some(tile),
                item,
            } => format!("/tiles/{tile}/series/{item}/sourceId"),
            IdAt::Filter(item) => format!("/filters/{item}/sourceId"),
            IdAt::OnClick(tile) => format!("/tiles/{tile}/config/onClick/target/id"),
        }
    }
}

/// Calls `visit` with every object id the kind has (`None` where a fixed one is absent), in
/// document order.
fn for_each_id<'a>(cx: &Context<'a>, visit: &mut impl FnMut(Option<&'a Value>, IdAt)) {
    let items = |value: Option<&'a Value>| value.and_then(Value::as_array).into_iter().flatten();
    match cx.kind {
        DocumentKind::StackAlert | DocumentKind::ManagedStackAlert => {
            for pointer in ["/dashboardId", "/savedSearchId", "/channel/webhookId"] {
                visit(cx.get(pointer), IdAt::Fixed(pointer));
            }
        }
        DocumentKind::ChartSeries => {
            for (item, series) in items(cx.get("/series")).enumerate() {
                visit(series.get("sourceId"), IdAt::Series { tile: None, item });
            }
        }
        DocumentKind::Dashboard | DocumentKind::DashboardUpdate => {
            for (tile, value) in items(cx.get("/tiles")).enumerate() {
                let config = value.get("config");
                for member in ["sourceId", "connectionId"] {
                    let id = config.and_then(|c| c.get(member));
                    visit(id, IdAt::TileConfig { tile, member });
                }
                // A link-out to a dashboard or saved search by id (`mode: id`), as the
                // newest release's external API validates it.
                let target = config
                    .and_then(|c| c.get("onClick"))
                    .and_then(|o| o.get("target"));
                if cx.profile.stack >= StackVersion::LATEST
                    && target.and_then(|t| t.get("mode")).and_then(Value::as_str) == Some("id")
                {
                    visit(target.and_then(|t| t.get("id")), IdAt::OnClick(tile));
                }
                for (item, series) in items(value.get("series")).enumerate() {
                    let tile = Some(tile);
                    visit(series.get("sourceId"), IdAt::Series { tile, item });
                }
            }
            for (item, filter) in items(cx.get("/filters")).enumerate() {
                visit(filter.get("sourceId"), IdAt::Filter(item));
            }
        }
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::testing::findings_as;

    #[test]
    fn finds_ids_in_every_place_of_a_dashboard() {
        let json = r#"{"name": "d", "tiles": [
            {"x": 0, "y": 0, "w": 6, "h": 3, "config": {"sourceId": "s1", "connectionId": "c1"},
             "series": [{"sourceId": "65f5e4a3b9e77c001a123456"}, {"sourceId": "s2"}]},
            "not a tile",
            {"x": 0, "y": 3, "w": 6, "h": 3, "config": ["sourceId"]}],
          "filters": [{"sourceId": "f1"}]}"#;
        let found = findings_as(&RULE, DocumentKind::Dashboard, json);
        let pointers: Vec<&str> = found.iter().map(|d| d.pointer.as_str()).collect();
        assert_eq!(
            pointers,
            [
                "/tiles/0/config/sourceId",
                "/tiles/0/config/connectionId",
                "/tiles/0/series/1/sourceId",
                "/filters/0/sourceId"
            ]
        );
        let chart = r#"{"series": [{"sourceId": "65f5e4a3b9e77c001a123456"}, {"sourceId": "x"}]}"#;
        let found = findings_as(&RULE, DocumentKind::ChartSeries, chart);
        assert_eq!(found[0].pointer, "/series/1/sourceId");
    }
}
