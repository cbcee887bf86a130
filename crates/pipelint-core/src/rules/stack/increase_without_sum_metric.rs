use crate::rules::prelude::*;

declare_rule! {
    /// ## What it checks
    /// `"aggFn": "increase"` (stack-version 2.27 and later) is used on a Sum
    /// (counter) metric only. What can be told offline:
    ///
    /// - a dashboard select item states its metric kind: the server rejects `increase`
    ///   unless `metricType` is `sum`, so an item without it, or with another kind, is
    ///   reported;
    /// - a chart series reads its source's kind on the server; it is reported only when it
    ///   says itself that it is not a Sum metric (`metricDataType` other than `sum`, or
    ///   `dataSource: events`).
    ///
    /// ## Why it matters
    /// `increase` computes how much a counter grew in each bucket; for events, gauges or
    /// histograms it means nothing, and the server rejects the request.
    ///
    /// ## Example
    /// ```json bad kind:chart-series at:/series/1 stack-version:latest
    /// {"sourceId": "65f5e4a3b9e77c001a123456", "aggFn": "increase", "metricName": "memory.usage", "metricDataType": "gauge", "where": "", "groupBy": []}
    /// ```
    ///
    /// ## Fix
    /// Use `increase` on a Sum metric, or pick a function for the metric's kind (`avg` or
    /// `max` for a gauge).
    ///
    /// ```json good kind:chart-series at:/series/1 stack-version:latest
    /// {"sourceId": "65f5e4a3b9e77c001a123456", "aggFn": "increase", "metricName": "http.requests", "metricDataType": "sum", "where": "", "groupBy": []}
    /// ```
    pub static RULE = {
        code: "PL756",
        name: "increase-without-sum-metric",
        severity: Error,
        kinds: [ChartSeries, Dashboard, DashboardUpdate],
        summary: "aggFn increase on something that is not a Sum metric",
        check: Some(check),
    };
}

fn check(cx: &Context, out: &mut Vec<Diagnostic>) {
    if cx.kind == DocumentKind::ChartSeries {
        for i in 0..super::facts::len(cx, "/series") {
            let base = format!("/series/{i}");
            if cx.get_str(&format!("{base}/aggFn")) != Some("increase") {
                continue;
            }
            for (member, fine) in [("metricDataType", "sum"), ("dataSource", "metrics")] {
                let at = format!("{base}/{member}");
                if let Some(kind) = cx.get_str(&at).filter(|k| *k != fine) {
                    out.push(finding(
                        cx,
                        &base,
                        Some(&at),
                        &format!("`{member}: {kind}`"),
                    ));
                }
            }
        }
        return;
    }
    for (i, config) in super::facts::tile_configs(cx) {
        for (j, item) in super::facts::select_items(config) {
            if item.get("aggFn").and_then(Value::as_str) != Some("increase") {
                continue;
            }
            let base = format!("/tiles/{i}/config/select/{j}");
            let at = format!("{base}/metricType");
            match item.get("metricType").and_then(Value::as_str) {
                Some("sum") => {}
                Some(kind) => out.push(finding(
                    cx,
                    &base,
                    Some(&at),
                    &format!("`metricType: {kind}`"),
                )),
                None => out.push(
                    finding(cx, &base, None, "an item without `metricType`").with_help(
                        "`increase` needs `\"metricType\": \"sum\"` and the counter's `metricName`",
                    ),
                ),
            }
        }
    }
}

/// The finding at the `aggFn` of the series or item at `base`, because of `reason` (at `at`
/// when the body states it).
fn finding(cx: &Context, base: &str, at: Option<&str>, reason: &str) -> Diagnostic {
    let diagnostic = cx
        .at_value(
            &RULE,
            &format!("{base}/aggFn"),
            format!("`increase` needs a Sum metric, not {reason}"),
        )
        .with_label("Sum (counter) metrics only");
    match at {
        Some(at) => diagnostic.with_secondary(cx.value_span(at), "not a Sum metric"),
        None => diagnostic,
    }
    .with_help("use `increase` on a Sum (counter) metric, or a function for this kind of data, such as `avg`, `max` or `sum`")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::profile::Profile;
    use crate::rules::testing::{findings_as_under, latest_select_findings as select_findings};

    #[test]
    fn increase_goes_with_sum_metrics() {
        let item = |rest: &str| format!(r#"{{"aggFn": "increase", "metricName": "m"{rest}}}"#);
        assert!(select_findings(&RULE, &item(r#", "metricType": "sum""#)).is_empty());
        assert_eq!(
            select_findings(&RULE, &item(r#", "metricType": "gauge""#)).len(),
            1
        );
        assert_eq!(select_findings(&RULE, &item("")).len(), 1);
        let series = |rest: &str| {
            format!(r#"{{"series": [{{"aggFn": "increase", "where": "", "groupBy": []{rest}}}]}}"#)
        };
        let chart = |rest: &str| {
            findings_as_under(
                &RULE,
                DocumentKind::ChartSeries,
                &series(rest),
                Profile::latest(),
            )
            .len()
        };
        // A chart series reads its kind on the server: only what it says itself is checked.
        assert_eq!(chart(""), 0);
        assert_eq!(chart(r#", "metricDataType": "sum""#), 0);
        assert_eq!(chart(r#", "metricDataType": "histogram""#), 1);
        assert_eq!(chart(r#", "dataSource": "events""#), 1);
    }
}
