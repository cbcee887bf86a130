use super::facts::percentile_level;
use crate::rules::prelude::*;

declare_rule! {
    /// ## What it checks
    /// No series of a chart query, and no select item of a dashboard tile, asks for a percentile by
    /// name (`p50`, `p95`, `p99`, `p99.9`, `median`): the server has no such aggregation functions;
    /// a percentile is `"aggFn": "quantile"` with a `level`. On a chart series this finding
    /// replaces the generic `invalid-enum-value` one for such values.
    ///
    /// ## Why it matters
    /// Percentile names are what most dashboards and other tools call them, so they are
    /// what people write first; the server answers with a bare list of allowed values.
    ///
    /// ## Example
    /// ```json bad kind:chart-series at:/series/1
    /// {"sourceId": "65f5e4a3b9e77c001a123456", "aggFn": "p95", "field": "Duration", "where": "", "groupBy": []}
    /// ```
    ///
    /// ## Fix
    /// Write `"aggFn": "quantile", "level": 0.95` (the level is the percentile divided by 100).
    ///
    /// ```json good kind:chart-series at:/series/1
    /// {"aggFn": "quantile", "level": 0.95, "field": "Duration"}
    /// ```
    pub static RULE = {
        code: "PL722",
        name: "percentile-agg-fn",
        severity: Error,
        kinds: [ChartSeries, Dashboard, DashboardUpdate],
        summary: "aggFn names a percentile (p95): use quantile with a level",
        check: Some(check),
        supersedes: ["invalid-enum-value"],
    };
}

fn check(cx: &Context, out: &mut Vec<Diagnostic>) {
    if cx.kind == DocumentKind::ChartSeries {
        for i in 0..super::facts::len(cx, "/series") {
            let pointer = format!("/series/{i}/aggFn");
            if let Some(name) = cx.get(&pointer).and_then(Value::as_str) {
                report(cx, &pointer, name, out);
            }
        }
        return;
    }
    for (i, config) in super::facts::tile_configs(cx) {
        for (j, item) in super::facts::select_items(config) {
            if let Some(name) = item.get("aggFn").and_then(Value::as_str) {
                report(
                    cx,
                    &format!("/tiles/{i}/config/select/{j}/aggFn"),
                    name,
                    out,
                );
            }
        }
    }
}

/// The finding for `name` at `pointer` when it names a percentile.
fn report(cx: &Context, pointer: &str, name: &str, out: &mut Vec<Diagnostic>) {
    let Some(level) = percentile_level(name) else {
        return;
    };
    out.push(
        cx.at_value(
            &RULE,
            pointer,
            format!("`{name}` is not an aggregation function: percentiles are `quantile` with a `level`"),
        )
        .with_label("percentile by name")
        .with_help(format!("use `quantile` with `level: {level}` (write `\"aggFn\": \"quantile\", \"level\": {level}`)")),
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::testing::select_findings;

    #[test]
    fn reports_percentile_names_in_tile_select_items_too() {
        let found = select_findings(&RULE, r#"{"aggFn": "p95", "valueExpression": "D"}"#);
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].pointer, "/tiles/0/config/select/0/aggFn");
    }
}
