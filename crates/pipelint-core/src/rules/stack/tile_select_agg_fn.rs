use crate::rules::prelude::*;

use super::facts::percentile_level;

declare_rule! {
    /// ## What it checks
    /// Every select item of a dashboard tile names its `aggFn`, and names one the server
    /// knows: the chart-series functions `avg`, `count`, `count_distinct`, `last_value`,
    /// `max`, `min`, `quantile`, `sum`, `any` and `none`, or `increase` from
    /// stack-version 2.27.
    /// Percentile names such as `p95` are `percentile-agg-fn`'s; heatmap tiles have no
    /// `aggFn` (see `heatmap-select-item`).
    ///
    /// ## Why it matters
    /// The server checks a tile's functions against the same list as a chart series and
    /// rejects the dashboard otherwise.
    ///
    /// ## Example
    /// ```json bad kind:dashboard at:/tiles/0/config
    /// {"displayType": "line", "sourceId": "65f5e4a3b9e77c001a123456", "select": [{"aggFn": "average", "valueExpression": "Duration"}]}
    /// ```
    ///
    /// ## Fix
    /// Use one of the functions above; a close misspelling gets a suggestion and a fix.
    ///
    /// ```json good kind:dashboard at:/tiles/0/config
    /// {"displayType": "line", "sourceId": "65f5e4a3b9e77c001a123456", "select": [{"aggFn": "avg", "valueExpression": "Duration"}]}
    /// ```
    pub static RULE = {
        code: "PL755",
        name: "tile-select-agg-fn",
        severity: Error,
        kinds: [Dashboard, DashboardUpdate],
        summary: "A tile select item has no aggFn, or one the server does not know",
        check: Some(check),
        fix: SafeOrUnsafe,
    };
}

const FUNCTIONS: super::facts::KnownValues = super::facts::KnownValues {
    current: super::facts::AGG_FNS,
    newer_at: "/tiles/*/config/select/*/aggFn",
    what: "an aggregation function",
    label: "unknown aggregation function",
    list_name: "aggregation functions",
};

fn check(cx: &Context, out: &mut Vec<Diagnostic>) {
    for (i, config) in super::facts::tile_configs(cx) {
        for (j, item) in super::facts::select_items(config) {
            let pointer = || format!("/tiles/{i}/config/select/{j}/aggFn");
            match item.get("aggFn") {
                None | Some(Value::Null) => out.push(
                    Diagnostic::new(
                        &RULE,
                        cx.document
                            .object_anchor(&format!("/tiles/{i}/config/select/{j}")),
                        pointer(),
                        format!("`select[{j}]` of `tiles[{i}]` has no `aggFn`"),
                    )
                    .with_label("`aggFn` missing here")
                    .with_help(format!(
                        "add `\"aggFn\"`: one of {}",
                        list_code(super::facts::AGG_FNS)
                    )),
                ),
                Some(Value::String(name))
                    if FUNCTIONS.contains(cx.kind, name) || percentile_level(name).is_some() => {}
                Some(value) => out.push(FUNCTIONS.unknown(cx, &RULE, &pointer(), value)),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::testing::latest_select_findings as select_findings;

    #[test]
    fn functions_are_the_chart_series_ones() {
        for ok in ["count", "quantile", "increase", "p95"] {
            let item = format!(r#"{{"aggFn": "{ok}", "valueExpression": "D"}}"#);
            assert!(select_findings(&RULE, &item).is_empty(), "{ok}");
        }
        let found = select_findings(&RULE, r#"{"aggFn": "avgg", "valueExpression": "D"}"#);
        assert_eq!(found.len(), 1);
        assert_eq!(
            found[0].fix.as_ref().map(|f| f.replacement.as_str()),
            Some("\"avg\"")
        );
        assert_eq!(
            select_findings(&RULE, r#"{"valueExpression": "D"}"#).len(),
            1
        );
        assert_eq!(select_findings(&RULE, r#"{"aggFn": 3}"#).len(), 1);
    }
}
