use crate::rules::prelude::*;

declare_rule! {
    /// ## What it checks
    /// No dashboard tile uses the deprecated `series` form instead of `config`. A tile with both is
    /// reported by `tile-config-or-series` instead.
    ///
    /// ## Why it matters
    /// `series` is the older tile format. It still works, but new chart options only exist
    /// in `config`, and a later server version may stop accepting `series`.
    ///
    /// ## Example
    /// ```json bad kind:dashboard at:/
    /// {"tiles": [{"name": "Errors", "x": 0, "y": 0, "w": 12, "h": 4,
    ///   "series": [{"type": "time", "sourceId": "65f5e4a3b9e77c001a123456", "aggFn": "count", "where": "", "groupBy": []}]}]}
    /// ```
    ///
    /// ## Fix
    /// Rewrite the tile with `config` (`displayType`, `sourceId`, `select`, …), for
    /// example by saving the dashboard in the UI and exporting it again.
    ///
    /// ```json good kind:dashboard at:/
    /// {"tiles": [{"name": "Errors", "x": 0, "y": 0, "w": 12, "h": 4,
    ///   "config": {"displayType": "line", "sourceId": "65f5e4a3b9e77c001a123456", "select": [{"aggFn": "count"}]}}]}
    /// ```
    pub static RULE = {
        code: "PL742",
        name: "deprecated-tile-series",
        severity: Warning,
        kinds: [Dashboard, DashboardUpdate],
        summary: "A dashboard tile uses the deprecated series form instead of config",
        check: Some(check),
    };
}

fn check(cx: &Context, out: &mut Vec<Diagnostic>) {
    for (i, tile) in super::facts::tiles(cx) {
        if super::facts::has(tile, "series") && !super::facts::has(tile, "config") {
            out.push(
                cx.at_key(
                    &RULE,
                    &format!("/tiles/{i}/series"),
                    format!("`tiles[{i}]` uses the deprecated `series` form"),
                )
                .with_label("deprecated")
                .with_help("rewrite the tile with `config` (`displayType`, `sourceId`, `select`, …); `series` may stop being accepted"),
            );
        }
    }
}
