use crate::rules::prelude::*;

use super::facts::percentile_level;

declare_rule! {
    /// ## What it checks
    /// A series of a chart query has `level` only when its `aggFn` is `quantile`.
    ///
    /// ## Why it matters
    /// `level` picks the quantile; with any other function it means nothing, and the
    /// server rejects it ("Level can only be used with quantile aggregation function").
    /// It usually means `aggFn` was changed from `quantile` and `level` was left behind,
    /// or `quantile` was meant.
    ///
    /// ## Example
    /// ```json bad kind:chart-series at:/series/1
    /// {"sourceId": "65f5e4a3b9e77c001a123456", "aggFn": "avg", "level": 0.95, "field": "Duration", "where": "", "groupBy": []}
    /// ```
    ///
    /// ## Fix
    /// Remove `level`, or set `aggFn` to `quantile`.
    ///
    /// ```json good kind:chart-series at:/series/1
    /// {"aggFn": "quantile", "level": 0.95, "field": "Duration"}
    /// ```
    pub static RULE = {
        code: "PL724",
        name: "level-without-quantile",
        severity: Error,
        kinds: [ChartSeries],
        summary: "A series has level but its aggFn is not quantile",
        check: Some(check),
    };
}

fn check(cx: &Context, out: &mut Vec<Diagnostic>) {
    let series = cx
        .get("/series")
        .and_then(Value::as_array)
        .into_iter()
        .flatten();
    for (i, item) in series.enumerate() {
        if item.get("level").is_none_or(Value::is_null) {
            continue;
        }
        let Some(name) = item.get("aggFn").and_then(Value::as_str) else {
            continue;
        };
        // `p95` with a level is reported by `percentile-agg-fn`.
        if name == "quantile" || percentile_level(name).is_some() {
            continue;
        }
        out.push(super::facts::level_without_quantile(
            cx,
            &RULE,
            &format!("/series/{i}"),
            name,
        ));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::testing::findings_as;

    #[test]
    fn reports_a_level_beside_another_function() {
        let json = r#"{"series": [
            {"type": "time", "aggFn": "avg", "level": 0.5},
            "not a series",
            {"type": "time", "aggFn": "quantile", "level": 0.5},
            {"type": "time", "aggFn": "p95", "level": 0.95},
            {"type": "time", "aggFn": "sum", "level": null},
            {"type": "time", "aggFn": "max", "level": 0.9}]}"#;
        let found = findings_as(&RULE, DocumentKind::ChartSeries, json);
        let pointers: Vec<&str> = found.iter().map(|d| d.pointer.as_str()).collect();
        assert_eq!(pointers, ["/series/0/level", "/series/5/level"]);
    }
}
