use crate::rules::prelude::*;

use super::facts::percentile_level;

declare_rule! {
    /// ## What it checks
    /// In the select list of a dashboard tile's `config`, `level` appears only with
    /// `"aggFn": "quantile"`, and is one of the numbers `0.5`, `0.9`, `0.95` and `0.99`;
    /// a string such as `"0.5"` is not a level. Chart series queries have their own rule,
    /// `level-without-quantile`, and accept any level from 0 to 1.
    ///
    /// ## Why it matters
    /// The server rejects the dashboard: a tile offers only these four quantiles, and
    /// `level` means nothing to other functions (it usually means `aggFn` was changed and
    /// `level` was left behind).
    ///
    /// ## Example
    /// ```json bad kind:dashboard at:/tiles/0/config
    /// {"displayType": "line", "sourceId": "65f5e4a3b9e77c001a123456", "select": [{"aggFn": "quantile", "level": 0.75, "valueExpression": "Duration"}]}
    /// ```
    ///
    /// ## Fix
    /// Use one of the four levels (the closest one gets a fix), or remove `level` from an
    /// item whose function is not `quantile`.
    ///
    /// ```json good kind:dashboard at:/tiles/0/config
    /// {"displayType": "line", "sourceId": "65f5e4a3b9e77c001a123456", "select": [{"aggFn": "quantile", "level": 0.95, "valueExpression": "Duration"}]}
    /// ```
    pub static RULE = {
        code: "PL749",
        name: "tile-select-level",
        severity: Error,
        kinds: [Dashboard, DashboardUpdate],
        summary: "A tile select item has level without quantile, or a level other than 0.5, 0.9, 0.95 or 0.99",
        check: Some(check),
        fix: Unsafe,
    };
}

/// The quantile levels a dashboard tile accepts.
const LEVELS: [f64; 4] = [0.5, 0.9, 0.95, 0.99];

fn check(cx: &Context, out: &mut Vec<Diagnostic>) {
    for (i, config) in super::facts::tile_configs(cx) {
        for (j, item) in super::facts::select_items(config) {
            let Some(value) = item.get("level").filter(|v| !v.is_null()) else {
                continue;
            };
            let base = || format!("/tiles/{i}/config/select/{j}");
            let agg_fn = item.get("aggFn").and_then(Value::as_str);
            // `p95` with a level is reported by `percentile-agg-fn`.
            if let Some(name) = agg_fn.filter(|f| *f != "quantile" && percentile_level(f).is_none())
            {
                out.push(super::facts::level_without_quantile(
                    cx,
                    &RULE,
                    &base(),
                    name,
                ));
                continue;
            }
            let Some(number) = value.as_f64() else {
                // `"0.5"` is not the number 0.5: the server compares with numbers.
                let level = format!("{}/level", base());
                out.push(
                    cx.at_value(
                        &RULE,
                        &level,
                        format!("a tile's quantile level is a number, not {value}"),
                    )
                    .with_label("not a number")
                    .with_help(
                        "write the level as a number without quotes: 0.5, 0.9, 0.95 or 0.99",
                    ),
                );
                continue;
            };
            if LEVELS.contains(&number) {
                continue;
            }
            let level = format!("{}/level", base());
            let nearest = LEVELS
                .iter()
                .copied()
                .min_by(|a, b| (a - number).abs().total_cmp(&(b - number).abs()))
                .unwrap_or(0.95);
            out.push(
                cx.at_value(
                    &RULE,
                    &level,
                    format!("a tile's quantile level must be 0.5, 0.9, 0.95 or 0.99, not {value}"),
                )
                .with_label("not an offered level")
                .with_help(format!(
                    "use one of 0.5, 0.9, 0.95 and 0.99; the nearest is {nearest}"
                ))
                .with_fix(Fix {
                    title: format!("Use {nearest}"),
                    span: cx.value_span(&level),
                    replacement: nearest.to_string(),
                    applicability: crate::Applicability::Unsafe,
                }),
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::testing::select_findings;

    fn select(item: &str) -> Vec<Diagnostic> {
        select_findings(&RULE, item)
    }

    #[test]
    fn level_goes_with_quantile_and_one_of_four_values() {
        assert!(
            select(r#"{"aggFn": "quantile", "level": 0.95, "valueExpression": "D"}"#).is_empty()
        );
        assert!(select(r#"{"aggFn": "quantile", "valueExpression": "D"}"#).is_empty());
        let odd = select(r#"{"aggFn": "quantile", "level": 0.75, "valueExpression": "D"}"#);
        assert_eq!(odd.len(), 1);
        assert_eq!(
            odd[0].fix.as_ref().map(|f| f.replacement.as_str()),
            Some("0.9")
        );
        assert_eq!(
            select(r#"{"aggFn": "avg", "level": 0.95, "valueExpression": "D"}"#).len(),
            1
        );
        let text = select(r#"{"aggFn": "quantile", "level": "0.5", "valueExpression": "D"}"#);
        assert_eq!(text.len(), 1);
        assert!(text[0].fix.is_none());
        assert!(select(r#"{"aggFn": "p95", "level": 0.95, "valueExpression": "D"}"#).is_empty());
    }
}
