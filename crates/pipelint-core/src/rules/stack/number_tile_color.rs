use crate::api::profile::StackVersion;
use crate::rules::prelude::*;

declare_rule! {
    /// ## What it checks
    /// Under the newest stack release (`--stack-version latest`, 2.36), the colours of a
    /// number tile as the server's external API validates them:
    /// - `color`, `backgroundChart.color` and each rule's `color` is a palette token:
    ///   `chart-blue`, `chart-orange`, `chart-red`, `chart-cyan`, `chart-green`,
    ///   `chart-pink`, `chart-purple`, `chart-light-blue`, `chart-brown`, `chart-gray`,
    ///   `chart-success`, `chart-warning` or `chart-error` (not `red`, `#ff0000` or the
    ///   numbered `chart-1` to `chart-10` of the first colour picker);
    /// - `colorRules` has at most 10 rules, and each rule's `value` fits its `operator`: a
    ///   number for `gt`, `gte`, `lt` and `lte`, two numbers for `between`, a number or a
    ///   text of at most 200 characters for `eq` and `neq` (no other operator);
    /// - `backgroundChart` has a `type`, `line` or `area`.
    ///
    /// Older releases are not checked this closely: the members arrived with server 2.29
    /// (bundled as 2.30), and the external API's strict validation of their values is
    /// dated here by the newest bundled release, where the server's schemas were read.
    ///
    /// ## Why it matters
    /// The server answers a dashboard with any of these wrong with a 400 error.
    ///
    /// ## Example
    /// ```json bad kind:dashboard at:/tiles/0/config stack-version:latest
    /// {"displayType": "number", "color": "red"}
    /// ```
    ///
    /// ## Fix
    /// Use a palette token, and rules whose values fit their operators.
    ///
    /// ```json good kind:dashboard at:/tiles/0/config stack-version:latest
    /// {"displayType": "number", "color": "chart-red",
    ///  "colorRules": [{"operator": "gt", "value": 500, "color": "chart-error"}]}
    /// ```
    pub static RULE = {
        code: "PL760",
        name: "number-tile-color",
        severity: Error,
        kinds: [Dashboard, DashboardUpdate],
        summary: "A number tile's color, colorRules or backgroundChart is not what the newest server accepts",
        check: Some(check),
    };
}

/// The palette tokens of the server's colour picker (`CHART_PALETTE_TOKENS`).
const PALETTE: &[&str] = &[
    "chart-blue",
    "chart-orange",
    "chart-red",
    "chart-cyan",
    "chart-green",
    "chart-pink",
    "chart-purple",
    "chart-light-blue",
    "chart-brown",
    "chart-gray",
    "chart-success",
    "chart-warning",
    "chart-error",
];

const MAX_RULES: usize = 10;

fn check(cx: &Context, out: &mut Vec<Diagnostic>) {
    if cx.profile.stack < StackVersion::LATEST {
        return;
    }
    for (i, config) in super::facts::tile_configs(cx) {
        let base = format!("/tiles/{i}/config");
        color(cx, &format!("{base}/color"), out);
        if let Some(chart) = config.get("backgroundChart").and_then(Value::as_object) {
            let pointer = format!("{base}/backgroundChart/type");
            match chart.get("type") {
                None | Some(Value::Null) => out.push(
                    Diagnostic::new(
                        &RULE,
                        cx.document
                            .object_anchor(&format!("{base}/backgroundChart")),
                        &pointer,
                        "a background chart needs its `type`, `line` or `area`",
                    )
                    .with_label("`type` missing here")
                    .with_help("add `\"type\": \"line\"` or `\"type\": \"area\"`"),
                ),
                Some(kind) if !matches!(kind.as_str(), Some("line" | "area")) => out.push(
                    cx.at_value(
                        &RULE,
                        &pointer,
                        "a background chart is a `line` or an `area`",
                    )
                    .with_label("not `line` or `area`")
                    .with_help("set `type` to `line` or `area`"),
                ),
                Some(_) => {}
            }
            color(cx, &format!("{base}/backgroundChart/color"), out);
        }
        let Some(rules) = config.get("colorRules").and_then(Value::as_array) else {
            continue;
        };
        if rules.len() > MAX_RULES {
            out.push(
                cx.at_key(
                    &RULE,
                    &format!("{base}/colorRules"),
                    format!("`colorRules` has {} rules; the server takes at most {MAX_RULES}", rules.len()),
                )
                .with_label("too many rules")
                .with_help("merge or drop rules: the last matching rule wins, so the earlier ones are often covered"),
            );
        }
        for (j, rule) in rules.iter().enumerate() {
            let at = format!("{base}/colorRules/{j}");
            color(cx, &format!("{at}/color"), out);
            let Some(operator) = rule.get("operator").and_then(Value::as_str) else {
                continue;
            };
            let value = rule.get("value");
            let expected = match operator {
                "gt" | "gte" | "lt" | "lte" => value
                    .is_some_and(Value::is_number)
                    .then_some(())
                    .ok_or("a number"),
                "between" => value
                    .and_then(Value::as_array)
                    .is_some_and(|pair| pair.len() == 2 && pair.iter().all(Value::is_number))
                    .then_some(())
                    .ok_or("two numbers, `[low, high]`"),
                "eq" | "neq" => value
                    .is_some_and(|v| {
                        v.is_number() || v.as_str().is_some_and(|s| s.chars().count() <= 200)
                    })
                    .then_some(())
                    .ok_or("a number or a text of at most 200 characters"),
                _ => {
                    let known = ["gt", "gte", "lt", "lte", "between", "eq", "neq"];
                    out.push(
                        cx.at_value(
                            &RULE,
                            &format!("{at}/operator"),
                            format!(
                                "`{operator}` is not an operator of a number tile's colour rule"
                            ),
                        )
                        .with_label("unknown operator")
                        .with_help(match closest(operator, known) {
                            Some(guess) => format!(
                                "did you mean `{guess}`? The operators are {}",
                                list_code(&known)
                            ),
                            None => format!("use one of {}", list_code(&known)),
                        }),
                    );
                    continue;
                }
            };
            if let Err(wanted) = expected {
                out.push(
                    cx.at_value(
                        &RULE,
                        &format!("{at}/value"),
                        format!("the `{operator}` rule's `value` must be {wanted}"),
                    )
                    .with_label(format!("not {wanted}"))
                    .with_premise(format!("{at}/operator"))
                    .with_help(format!("give {wanted} for `{operator}`")),
                );
            }
        }
    }
}

/// Reports the colour at `pointer` unless it is absent, null or a palette token.
fn color(cx: &Context, pointer: &str, out: &mut Vec<Diagnostic>) {
    let Some(value) = cx.get(pointer).filter(|v| !v.is_null()) else {
        return;
    };
    if value.as_str().is_some_and(|token| PALETTE.contains(&token)) {
        return;
    }
    let shown = value
        .as_str()
        .map_or_else(|| value.to_string(), str::to_owned);
    let guess = value
        .as_str()
        .map(|text| {
            format!(
                "chart-{}",
                text.trim_start_matches("chart-").to_ascii_lowercase()
            )
        })
        .filter(|token| PALETTE.contains(&token.as_str()));
    let help = match guess {
        Some(token) => format!("use the palette token `{token}`"),
        None => format!("use a palette token: {}", list_code(PALETTE)),
    };
    out.push(
        cx.at_value(&RULE, pointer, format!("`{shown}` is not a palette token"))
            .with_label("not a palette token")
            .with_help(help),
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::testing::{dashboard_findings, latest_dashboard_findings};

    #[test]
    fn colours_are_palette_tokens_under_the_newest_server() {
        for bad in [
            r#""red""#,
            r##""#ff0000""##,
            r#""chart-99""#,
            r#""chart-1""#,
        ] {
            let config = format!(r#"{{"displayType": "number", "color": {bad}}}"#);
            assert_eq!(latest_dashboard_findings(&RULE, &config).len(), 1, "{bad}");
            // Older releases are not checked this closely.
            assert!(dashboard_findings(&RULE, &config).is_empty(), "{bad}");
        }
        let good = r#"{"displayType": "number", "color": "chart-light-blue", "backgroundChart": {"type": "area", "color": "chart-success"}}"#;
        assert!(latest_dashboard_findings(&RULE, good).is_empty());
        let chart = r#"{"displayType": "number", "backgroundChart": {"type": "bar"}}"#;
        assert_eq!(latest_dashboard_findings(&RULE, chart).len(), 1);
    }

    #[test]
    fn rules_fit_their_operators_and_are_at_most_ten() {
        let rules = |list: &str| {
            latest_dashboard_findings(
                &RULE,
                &format!(r#"{{"displayType": "number", "colorRules": [{list}]}}"#),
            )
        };
        let ok = r#"{"operator": "gt", "value": 1, "color": "chart-red"}, {"operator": "between", "value": [1, 2], "color": "chart-green"}, {"operator": "eq", "value": "ok", "color": "chart-blue"}"#;
        assert!(rules(ok).is_empty());
        assert_eq!(
            rules(r#"{"operator": "gt", "value": "1", "color": "chart-red"}"#).len(),
            1
        );
        assert_eq!(
            rules(r#"{"operator": "between", "value": [1], "color": "chart-red"}"#).len(),
            1
        );
        assert_eq!(
            rules(r#"{"operator": "regex", "value": "x", "color": "chart-red"}"#).len(),
            1
        );
        let eleven = [r#"{"operator": "gt", "value": 1, "color": "chart-red"}"#; 11].join(", ");
        assert_eq!(rules(&eleven).len(), 1);
    }

    /// The table of changes dates each palette token, background type and rule operator
    /// (rows 48–50): every one the rule accepts has its row, and no row names another.
    #[test]
    fn the_table_of_changes_dates_what_the_rule_accepts() {
        use crate::api::changes::{What, of_kind};
        let listed = |place: &str| -> Vec<&str> {
            of_kind(crate::DocumentKind::Dashboard)
                .filter(|c| c.at.iter().any(|at| at.ends_with(place)))
                .filter_map(|c| match c.what {
                    What::Value(v) => Some(v),
                    _ => None,
                })
                .collect()
        };
        let mut tokens = listed("/config/color");
        tokens.sort_unstable();
        let mut palette = PALETTE.to_vec();
        palette.sort_unstable();
        assert_eq!(tokens, palette);
        assert_eq!(listed("/backgroundChart/type"), ["line", "area"]);
        assert_eq!(
            listed("/colorRules/*/operator"),
            ["gt", "gte", "lt", "lte", "between", "eq", "neq"]
        );
    }
}
