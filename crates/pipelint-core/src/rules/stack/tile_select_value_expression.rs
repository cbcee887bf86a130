use crate::rules::prelude::*;

declare_rule! {
    /// ## What it checks
    /// In the select list of a dashboard tile's `config`, an item with `"aggFn": "count"` has
    /// no `valueExpression`, and an item with any other `aggFn` has a non-empty one, as the
    /// server's own validation requires. A metric item that names its value with
    /// both `metricName` and `metricType` needs no `valueExpression`; an empty
    /// `valueExpression` on a `count` item is accepted, as the server does.
    ///
    /// ## Why it matters
    /// The server rejects the dashboard: `count` counts rows and takes no expression; every
    /// other function needs the column or expression it aggregates.
    ///
    /// ## Example
    /// ```json bad kind:dashboard at:/tiles/0/config
    /// {"displayType": "line", "sourceId": "65f5e4a3b9e77c001a123456", "select": [{"aggFn": "avg"}]}
    /// ```
    ///
    /// ## Fix
    /// Add `"valueExpression": "Duration"` (the column or expression to aggregate) to the
    /// item, or remove it from a `count` item.
    ///
    /// ```json good kind:dashboard at:/tiles/0/config
    /// {"displayType": "line", "sourceId": "65f5e4a3b9e77c001a123456", "select": [{"aggFn": "avg", "valueExpression": "Duration"}]}
    /// ```
    pub static RULE = {
        code: "PL748",
        name: "tile-select-value-expression",
        severity: Error,
        kinds: [Dashboard, DashboardUpdate],
        summary: "A tile select item has valueExpression with count, or lacks it with another aggFn",
        check: Some(check),
    };
}

fn check(cx: &Context, out: &mut Vec<Diagnostic>) {
    for (i, config) in super::facts::tile_configs(cx) {
        for (j, item) in super::facts::select_items(config) {
            let Some(agg_fn) = item.get("aggFn").and_then(Value::as_str) else {
                continue;
            };
            let base = format!("/tiles/{i}/config/select/{j}");
            let expression = format!("{base}/valueExpression");
            let text = item.get("valueExpression").and_then(Value::as_str);
            let has_expression = text.is_some_and(|s| !s.is_empty());
            if agg_fn == "count" && has_expression {
                out.push(
                    cx.at_key(
                        &RULE,
                        &expression,
                        "`valueExpression` cannot be used with `count`",
                    )
                    .with_label("not used by count")
                    .with_secondary(cx.value_span(&format!("{base}/aggFn")), "count set here")
                    .with_premise(format!("{base}/aggFn"))
                    .with_help("remove `valueExpression` (count counts rows), or pick the function that aggregates it, such as `sum` or `avg`"),
                );
            } else if agg_fn != "count" && !has_expression && !names_a_metric(item) {
                let diagnostic = if item.get("valueExpression").is_some_and(|v| !v.is_null()) {
                    cx.at_value(
                        &RULE,
                        &expression,
                        format!("`{agg_fn}` needs a `valueExpression`, but it is empty"),
                    )
                    .with_label("empty")
                } else {
                    Diagnostic::new(
                        &RULE,
                        cx.document.object_anchor(&base),
                        &expression,
                        format!("`{agg_fn}` needs a `valueExpression`"),
                    )
                    .with_label("`valueExpression` missing here")
                };
                out.push(
                    diagnostic
                        .with_secondary(cx.value_span(&format!("{base}/aggFn")), "aggregation function")
                        // A misspelt function (`Count`) is the cause: its finding replaces this.
                        .with_premise(format!("{base}/aggFn"))
                        .with_help(format!(
                            "add `\"valueExpression\"`: the column or expression `{agg_fn}` aggregates, such as `\"Duration\"`"
                        )),
                );
            }
        }
    }
}

/// A metric select item names its value with `metricName` and `metricType` instead.
fn names_a_metric(item: &Map<String, Value>) -> bool {
    ["metricName", "metricType"].iter().all(|m| {
        item.get(*m)
            .and_then(Value::as_str)
            .is_some_and(|s| !s.is_empty())
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::testing::{dashboard_findings, select_findings};

    fn select(item: &str) -> Vec<Diagnostic> {
        select_findings(&RULE, item)
    }

    #[test]
    fn count_takes_no_expression_others_need_one() {
        assert!(select(r#"{"aggFn": "count"}"#).is_empty());
        assert!(select(r#"{"aggFn": "count", "valueExpression": ""}"#).is_empty());
        assert_eq!(
            select(r#"{"aggFn": "count", "valueExpression": "Duration"}"#).len(),
            1
        );
        assert!(select(r#"{"aggFn": "avg", "valueExpression": "Duration"}"#).is_empty());
        assert_eq!(select(r#"{"aggFn": "avg"}"#).len(), 1);
        assert_eq!(
            select(r#"{"aggFn": "sum", "valueExpression": ""}"#).len(),
            1
        );
        let metric =
            r#"{"aggFn": "avg", "metricName": "system.cpu.utilization", "metricType": "gauge"}"#;
        assert!(select(metric).is_empty());
    }

    #[test]
    fn raw_sql_tiles_have_no_select_items() {
        let sql = r#"{"configType": "sql", "displayType": "table", "connectionId": "65f5e4a3b9e77c001a123456", "sqlTemplate": "SELECT 1", "select": [{"aggFn": "avg"}]}"#;
        assert!(dashboard_findings(&RULE, sql).is_empty());
    }
}
