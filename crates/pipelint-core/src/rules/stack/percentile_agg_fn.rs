use crate::rules::prelude::*;

declare_rule! {
    /// ## What it checks
    /// No series of a chart query, and no select item of a dashboard tile, asks for a
    /// percentile by name (`p50`, `p95`, `p99`, `p99.9`, `median`): the server has no such
    /// aggregation functions; a percentile is `"aggFn": "quantile"` with a `level`
    /// (real-API notes; api-profiles.md, "Gaps in the contract profile"). On a chart series
    /// this finding replaces the generic `invalid-enum-value` one for such values.
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
        for i in 0..super::len(cx, "/series") {
            let pointer = format!("/series/{i}/aggFn");
            if let Some(name) = cx.get(&pointer).and_then(Value::as_str) {
                report(cx, &pointer, name, out);
            }
        }
        return;
    }
    for (i, config) in super::tile_configs(cx) {
        for (j, item) in super::select_items(config) {
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

/// The quantile level a percentile name stands for: `p95` -> `0.95`, `median` -> `0.5`.
pub(crate) fn percentile_level(name: &str) -> Option<String> {
    if name.eq_ignore_ascii_case("median") {
        return Some("0.5".to_owned());
    }
    let number = name
        .strip_prefix(['p', 'P'])
        .or_else(|| name.strip_prefix("percentile_"))?;
    let (whole, fraction) = number.split_once('.').unwrap_or((number, ""));
    let digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
    if whole.is_empty() || whole.len() > 2 || !digits(whole) || !digits(fraction) {
        return None;
    }
    if number.ends_with('.') {
        return None;
    }
    let level = format!("0.{whole:0>2}{fraction}");
    let level = level.trim_end_matches('0');
    Some(if level == "0." {
        "0".to_owned()
    } else {
        level.to_owned()
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::stack::testing::select_findings;

    #[test]
    fn reports_percentile_names_in_tile_select_items_too() {
        let found = select_findings(&RULE, r#"{"aggFn": "p95", "valueExpression": "D"}"#);
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].pointer, "/tiles/0/config/select/0/aggFn");
    }

    #[test]
    fn maps_percentiles_to_levels() {
        assert_eq!(percentile_level("p95").as_deref(), Some("0.95"));
        assert_eq!(percentile_level("P50").as_deref(), Some("0.5"));
        assert_eq!(percentile_level("p5").as_deref(), Some("0.05"));
        assert_eq!(percentile_level("p99.9").as_deref(), Some("0.999"));
        assert_eq!(percentile_level("median").as_deref(), Some("0.5"));
        for not in ["p", "p100", "pp95", "p9x", "avg", "p95."] {
            assert_eq!(percentile_level(not), None, "{not}");
        }
    }
}
