use crate::rules::prelude::*;

declare_rule! {
    /// ## What it checks
    /// A dashboard tile's `config` has as many select items as its display needs:
    ///
    /// - a `number` tile exactly one, unless it sets `formulas` (the items are then the
    ///   formula's operands);
    /// - a `pie` or `bar` tile exactly one, and a `heatmap` tile exactly one (stack-version
    ///   2.27 and 2.30);
    /// - `asRatio: true` exactly two (the first divided by the second);
    /// - a `search` or `event_patterns` tile has no list at all: its `select` is one string
    ///   of columns.
    ///
    /// Raw SQL tiles (`configType: "sql"`) have no select list and are only held to the
    /// `asRatio` count, as the server does.
    ///
    /// ## Why it matters
    /// The server rejects the dashboard: a number or a pie shows one value per group, and
    /// a ratio needs a numerator and a denominator.
    ///
    /// ## Example
    /// ```json bad kind:dashboard at:/tiles/0/config
    /// {"displayType": "number", "sourceId": "65f5e4a3b9e77c001a123456", "select": [{"aggFn": "count"}, {"aggFn": "avg", "valueExpression": "Duration"}]}
    /// ```
    ///
    /// ## Fix
    /// Keep one select item (split the others into tiles of their own), add `formulas` to
    /// a number tile, or give a ratio exactly two items.
    ///
    /// ```json good kind:dashboard at:/tiles/0/config
    /// {"displayType": "number", "sourceId": "65f5e4a3b9e77c001a123456", "select": [{"aggFn": "count"}]}
    /// ```
    pub static RULE = {
        code: "PL750",
        name: "tile-select-count",
        severity: Error,
        kinds: [Dashboard, DashboardUpdate],
        summary: "A tile has the wrong number of select items for its display type or asRatio",
        check: Some(check),
    };
}

fn check(cx: &Context, out: &mut Vec<Diagnostic>) {
    for (i, config) in super::facts::tile_configs(cx) {
        let count = config.get("select").and_then(Value::as_array).map(Vec::len);
        let display = config.get("displayType").and_then(Value::as_str);
        let ratio = config.get("asRatio") == Some(&Value::Bool(true));
        // Pointers are built only for a finding.
        let report = |need: &str, because: &str, cause: &str| {
            let base = format!("/tiles/{i}/config");
            let select = format!("{base}/select");
            let (span, label) = match count {
                Some(n) => (cx.key_span(&select), format!("{n} item(s)")),
                None => (
                    cx.document.object_anchor(&base),
                    "no select list".to_owned(),
                ),
            };
            Diagnostic::new(
                &RULE,
                span,
                &select,
                format!(
                    "{because} needs exactly {need}, found {}",
                    count.unwrap_or(0)
                ),
            )
            .with_label(label)
            .with_secondary(cx.value_span(&format!("{base}/{cause}")), "set here")
        };
        if ratio && count != Some(2) {
            out.push(
                report("two select items", "`asRatio: true`", "asRatio")
                    .with_help("give exactly two select items (the numerator, then the denominator), or remove `asRatio`"),
            );
        }
        if super::facts::is_raw_sql(config) {
            continue;
        }
        if display.is_some_and(|d| !super::facts::display_type_accepted(cx, i, d)) {
            continue;
        }
        if let Some(display @ ("search" | "event_patterns")) = display {
            if count.is_some() {
                let select = format!("/tiles/{i}/config/select");
                out.push(
                    cx.at_value(
                        &RULE,
                        &select,
                        format!("a `{display}` tile's `select` is a string, not a list"),
                    )
                    .with_label("a list of select items")
                    .with_secondary(cx.value_span(&format!("/tiles/{i}/config/displayType")), "set here")
                    .with_help("write the columns to show as one string, such as `\"Timestamp, ServiceName, Body\"`, or leave `select` out"),
                );
            }
            continue;
        }
        if count.is_none() {
            continue;
        }
        let formulas = config
            .get("formulas")
            .and_then(Value::as_array)
            .is_some_and(|f| !f.is_empty());
        let help = match display {
            Some("number") if !formulas && count != Some(1) => {
                "keep one select item and put the others in tiles of their own, or add `formulas` that combine them"
            }
            Some("pie" | "bar") if count != Some(1) => {
                "keep one select item; a pie or bar shows one value per group (`groupBy`)"
            }
            Some("heatmap") if count != Some(1) => {
                "keep one select item: a heatmap shows the distribution of one `valueExpression`"
            }
            _ => continue,
        };
        let display = display.unwrap_or_default();
        out.push(
            report(
                "one select item",
                &format!("a `{display}` tile"),
                "displayType",
            )
            .with_help(help),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::testing::latest_dashboard_findings as dashboard_findings;

    const COUNT: &str = r#"{"aggFn": "count"}"#;

    fn tile(display: &str, items: usize, extra: &str) -> Vec<Diagnostic> {
        let select = vec![COUNT; items].join(", ");
        dashboard_findings(
            &RULE,
            &format!(
                r#"{{"displayType": "{display}", "sourceId": "65f5e4a3b9e77c001a123456", "select": [{select}]{extra}}}"#
            ),
        )
    }

    #[test]
    fn a_newer_tile_is_checked_only_where_the_server_has_it() {
        let two = format!(r#"{{"displayType": "heatmap", "select": [{COUNT}, {COUNT}]}}"#);
        assert!(crate::rules::testing::dashboard_findings(&RULE, &two).is_empty());
        assert_eq!(dashboard_findings(&RULE, &two).len(), 1);
    }

    #[test]
    fn counts_select_items_per_display_type() {
        assert!(tile("number", 1, "").is_empty());
        assert_eq!(tile("number", 2, "").len(), 1);
        assert!(tile("number", 2, r#", "formulas": [{"expression": "A / B"}]"#).is_empty());
        assert_eq!(tile("pie", 2, "").len(), 1);
        assert_eq!(tile("bar", 0, "").len(), 1);
        assert_eq!(tile("heatmap", 2, "").len(), 1);
        assert_eq!(tile("event_patterns", 1, "").len(), 1);
        assert!(
            dashboard_findings(
                &RULE,
                r#"{"displayType": "event_patterns", "select": "Body"}"#
            )
            .is_empty()
        );
        assert!(tile("line", 3, "").is_empty());
        assert_eq!(tile("line", 3, r#", "asRatio": true"#).len(), 1);
        assert!(tile("line", 2, r#", "asRatio": true"#).is_empty());
    }
}
