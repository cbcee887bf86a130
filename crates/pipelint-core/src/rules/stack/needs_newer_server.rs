use crate::rules::prelude::*;

use super::{NEWER_DISPLAY_TYPES, NEWER_NUMBER_OUTPUTS};

declare_rule! {
    /// ## What it checks
    /// A dashboard uses no value that came after the March 2026 analytics-stack server
    /// (real-API notes, "Dashboard tiles, beyond the grid"): the display types `bar`,
    /// `heatmap` and `event_patterns`, and the `numberFormat.output` values `duration`,
    /// `data_rate` and `throughput` (on a tile config, its select items, or a deprecated
    /// `series` item).
    ///
    /// It is a warning: newer servers accept these values, and the interface description
    /// names no server version.
    ///
    /// ## Why it matters
    /// A server of March 2026 or older rejects the dashboard. A dashboard exported from a
    /// newer server, or written from its documentation, fails on an older one.
    ///
    /// ## Example
    /// ```json bad kind:dashboard at:/tiles/0/config
    /// {"displayType": "bar", "sourceId": "65f5e4a3b9e77c001a123456", "select": [{"aggFn": "count"}], "groupBy": "ServiceName"}
    /// ```
    ///
    /// ## Fix
    /// Upgrade the server, or use what it knows: `pie` or `table` instead of `bar`,
    /// `time` instead of `duration`, `byte` or `number` instead of `data_rate` and
    /// `throughput`.
    ///
    /// ```json good kind:dashboard at:/tiles/0/config
    /// {"displayType": "table", "sourceId": "65f5e4a3b9e77c001a123456", "select": [{"aggFn": "count"}], "groupBy": "ServiceName"}
    /// ```
    pub static RULE = {
        code: "PL746",
        name: "needs-newer-server",
        severity: Warning,
        kinds: [Dashboard, DashboardUpdate],
        summary: "A dashboard uses a display type or number format newer than the March 2026 server",
        check: Some(check),
    };
}

fn check(cx: &Context, out: &mut Vec<Diagnostic>) {
    for (i, config) in super::tile_configs(cx) {
        let Some(name) = config.get("displayType").and_then(Value::as_str) else {
            continue;
        };
        if NEWER_DISPLAY_TYPES.contains(&name) {
            let instead = match name {
                "bar" => "`pie` or `table` show one value per group on older servers",
                _ => "older servers have no such tile",
            };
            out.push(
                cx.at_value(
                    &RULE,
                    &format!("/tiles/{i}/config/displayType"),
                    format!("the display type `{name}` needs an analytics-stack server newer than March 2026"),
                )
                .with_label("newer display type")
                .with_help(format!("upgrade the server before sending this dashboard; {instead}")),
            );
        }
    }
    for (at, value) in super::number_format_outputs(cx) {
        let Some(name) = value.as_str() else {
            continue;
        };
        if NEWER_NUMBER_OUTPUTS.contains(&name) {
            let instead = if name == "duration" {
                "`time`"
            } else {
                "`byte` or `number`"
            };
            out.push(
                cx.at_value(
                    &RULE,
                    &at.output_pointer(),
                    format!("the number format `{name}` needs an analytics-stack server newer than March 2026"),
                )
                .with_label("newer number format")
                .with_help(format!("upgrade the server before sending this dashboard, or use {instead}")),
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Severity;
    use crate::rules::stack::testing::dashboard_findings;

    #[test]
    fn warns_on_newer_values_only() {
        let found = dashboard_findings(&RULE, r#"{"displayType": "heatmap"}"#);
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].severity, Severity::Warning);
        assert!(dashboard_findings(&RULE, r#"{"displayType": "line"}"#).is_empty());
        let nested = r#"{"displayType": "line", "numberFormat": {"output": "duration"}, "select": [{"aggFn": "count", "numberFormat": {"output": "throughput"}}]}"#;
        assert_eq!(dashboard_findings(&RULE, nested).len(), 2);
        let old = r#"{"displayType": "number", "numberFormat": {"output": "byte"}}"#;
        assert!(dashboard_findings(&RULE, old).is_empty());
    }
}
