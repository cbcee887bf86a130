use crate::rules::prelude::*;

declare_rule! {
    /// ## What it checks
    /// The select item of a `heatmap` tile (stack-version 2.27 and later) has
    /// the heatmap's own shape: a non-empty `valueExpression` (the value whose distribution
    /// is drawn), an optional `countExpression`, and `heatmapScaleType`, when given, `log` or
    /// `linear`. A heatmap has no `aggFn`: it always counts. `tile-select-count` holds the
    /// tile to exactly one item.
    ///
    /// ## Why it matters
    /// The server rejects the dashboard: a heatmap without a value has nothing to draw, and
    /// it knows only the two scales.
    ///
    /// ## Example
    /// ```json bad kind:dashboard at:/tiles/0/config stack-version:latest
    /// {"displayType": "heatmap", "sourceId": "65f5e4a3b9e77c001a123456", "select": [{"valueExpression": "Duration", "heatmapScaleType": "logarithmic"}]}
    /// ```
    ///
    /// ## Fix
    /// Give the `valueExpression`, and `log` or `linear` as the scale.
    ///
    /// ```json good kind:dashboard at:/tiles/0/config stack-version:latest
    /// {"displayType": "heatmap", "sourceId": "65f5e4a3b9e77c001a123456", "select": [{"valueExpression": "Duration", "heatmapScaleType": "log"}]}
    /// ```
    pub static RULE = {
        code: "PL757",
        name: "heatmap-select-item",
        severity: Error,
        kinds: [Dashboard, DashboardUpdate],
        summary: "A heatmap tile's select item lacks valueExpression or has a scale other than log or linear",
        check: Some(check),
        fix: SafeOrUnsafe,
    };
}

const SCALES: &[&str] = &["log", "linear"];

fn check(cx: &Context, out: &mut Vec<Diagnostic>) {
    for (i, config) in super::facts::tile_configs(cx) {
        if !super::facts::is_heatmap(config)
            || !super::facts::display_type_accepted(cx, i, "heatmap")
        {
            continue;
        }
        let items = config
            .get("select")
            .and_then(Value::as_array)
            .into_iter()
            .flatten();
        for (j, item) in items.enumerate() {
            let Some(item) = item.as_object() else {
                continue;
            };
            let base = format!("/tiles/{i}/config/select/{j}");
            let expression = format!("{base}/valueExpression");
            match item.get("valueExpression") {
                None | Some(Value::Null) => out.push(
                    Diagnostic::new(
                        &RULE,
                        cx.document.object_anchor(&base),
                        &expression,
                        "a heatmap's select item needs a `valueExpression`",
                    )
                    .with_label("`valueExpression` missing here")
                    .with_help("add `\"valueExpression\"`: the value whose distribution the heatmap draws, such as `\"Duration\"`"),
                ),
                Some(Value::String(text)) if text.trim().is_empty() => out.push(
                    cx.at_value(&RULE, &expression, "a heatmap's `valueExpression` is empty")
                        .with_label("empty")
                        .with_help("write the value whose distribution the heatmap draws, such as `\"Duration\"`"),
                ),
                _ => {}
            }
            let scale = format!("{base}/heatmapScaleType");
            match item.get("heatmapScaleType") {
                None | Some(Value::Null) => {}
                Some(Value::String(name)) if SCALES.contains(&name.as_str()) => {}
                Some(value) => {
                    let shown = value
                        .as_str()
                        .map_or_else(|| value.to_string(), |s| format!("`{s}`"));
                    let diagnostic = cx
                        .at_value(&RULE, &scale, format!("{shown} is not a heatmap scale"))
                        .with_label("unknown scale");
                    out.push(help_with_guess(
                        diagnostic,
                        cx,
                        &scale,
                        value.as_str(),
                        SCALES,
                        SCALES,
                        "scales",
                    ));
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::testing::{dashboard_findings, latest_dashboard_findings};

    fn heatmap(item: &str) -> String {
        format!(r#"{{"displayType": "heatmap", "select": [{item}]}}"#)
    }

    #[test]
    fn a_heatmap_item_has_a_value_and_a_known_scale() {
        let ok = heatmap(r#"{"valueExpression": "Duration", "heatmapScaleType": "linear"}"#);
        assert!(latest_dashboard_findings(&RULE, &ok).is_empty());
        let found = latest_dashboard_findings(&RULE, &heatmap(r#"{"heatmapScaleType": "lin"}"#));
        let pointers: Vec<&str> = found.iter().map(|d| d.pointer.as_str()).collect();
        assert_eq!(
            pointers,
            [
                "/tiles/0/config/select/0/valueExpression",
                "/tiles/0/config/select/0/heatmapScaleType"
            ]
        );
        // Under the contract a heatmap is `needs-newer-api`'s alone.
        assert!(dashboard_findings(&RULE, &heatmap("{}")).is_empty());
    }
}
