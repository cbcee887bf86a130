use crate::rules::prelude::*;

declare_rule! {
    /// ## What it checks
    /// Every series of a chart query has the same `groupBy` list as the first one: the
    /// same expressions in the same order.
    ///
    /// ## Why it matters
    /// The server joins the series on their groups and rejects the query with "All series
    /// must have the same groupBy fields". Adding a series by copying another and editing
    /// its grouping is the usual way to get here.
    ///
    /// ## Example
    /// ```json bad kind:chart-series at:/
    /// {"series": [{"sourceId": "65f5e4a3b9e77c001a123456", "aggFn": "count", "where": "",
    ///              "groupBy": ["ServiceName"]},
    ///             {"sourceId": "65f5e4a3b9e77c001a123456", "aggFn": "avg", "field": "Duration",
    ///              "where": "", "groupBy": []}]}
    /// ```
    ///
    /// ## Fix
    /// Give every series the same `groupBy`, or split the query in two.
    pub static RULE = {
        code: "PL723",
        name: "series-group-by-mismatch",
        severity: Error,
        kinds: [ChartSeries],
        summary: "The series of a chart query do not all have the same groupBy",
        check: Some(check),
    };
}

fn check(cx: &Context, out: &mut Vec<Diagnostic>) {
    let count = super::facts::len(cx, "/series");
    let group_by = |i: usize| {
        cx.get(&format!("/series/{i}/groupBy"))
            .filter(|v| v.is_array())
    };
    let Some((first_index, first)) = (0..count).find_map(|i| group_by(i).map(|g| (i, g))) else {
        return;
    };
    for i in first_index + 1..count {
        let Some(other) = group_by(i) else {
            continue;
        };
        if other != first {
            let pointer = format!("/series/{i}/groupBy");
            out.push(
                cx.at_value(
                    &RULE,
                    &pointer,
                    format!("`series[{i}]` groups by `{other}`, but `series[{first_index}]` by `{first}`"),
                )
                .with_label("different grouping")
                .with_secondary(
                    cx.value_span(&format!("/series/{first_index}/groupBy")),
                    "first series' grouping",
                )
                .with_help(format!(
                    "the server requires the same `groupBy` in every series: write `{first}` here, or query this series separately"
                )),
            );
        }
    }
}
