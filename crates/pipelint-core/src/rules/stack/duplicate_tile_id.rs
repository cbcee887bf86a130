use std::collections::HashMap;

use crate::rules::prelude::*;

declare_rule! {
    /// ## What it checks
    /// No two tiles of a dashboard have the same `id`.
    ///
    /// ## Why it matters
    /// Alerts name their tile by `dashboardId` and `tileId`; with two tiles of the same id
    /// the server rejects the dashboard, and had it not, an alert would watch whichever tile
    /// it found first. Copying a tile in the file and forgetting to change its id is the
    /// usual cause.
    ///
    /// ## Example
    /// ```json bad kind:dashboard at:/
    /// {"tiles": [{"id": "errors", "name": "Errors", "x": 0, "y": 0, "w": 12, "h": 4,
    ///             "config": {"displayType": "line", "sourceId": "65f5e4a3b9e77c001a123456",
    ///                        "select": [{"aggFn": "count"}]}},
    ///            {"id": "errors", "name": "Error rate", "x": 12, "y": 0, "w": 12, "h": 4,
    ///             "config": {"displayType": "number", "sourceId": "65f5e4a3b9e77c001a123456",
    ///                        "select": [{"aggFn": "count"}]}}]}
    /// ```
    ///
    /// ## Fix
    /// Give the copy its own id, or remove the `id` to let the server generate one.
    pub static RULE = {
        code: "PL744",
        name: "duplicate-tile-id",
        severity: Error,
        kinds: [Dashboard, DashboardUpdate],
        summary: "Two dashboard tiles have the same id",
        check: Some(check),
    };
}

fn check(cx: &Context, out: &mut Vec<Diagnostic>) {
    let mut seen: HashMap<&str, usize> = HashMap::new();
    for i in 0..super::len(cx, "/tiles") {
        let pointer = format!("/tiles/{i}/id");
        let Some(id) = cx.get(&pointer).and_then(Value::as_str) else {
            continue;
        };
        match seen.get(id) {
            Some(first) => out.push(
                cx.at_value(
                    &RULE,
                    &pointer,
                    format!("tile id `{id}` is already used by `tiles[{first}]`"),
                )
                .with_label("used again here")
                .with_secondary(
                    cx.value_span(&format!("/tiles/{first}/id")),
                    "first used here",
                )
                .with_help(
                    "give this tile its own id, or remove `id` to let the server generate one",
                ),
            ),
            None => {
                seen.insert(id, i);
            }
        }
    }
}
