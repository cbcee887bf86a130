use crate::rules::prelude::*;

use super::facts::AGG_FNS;

declare_rule! {
    /// ## What it checks
    /// The items of a deprecated `series` tile are what the server checks them against:
    ///
    /// - every item has a `type` (`time`, `table`, `number`, `search` or `markdown`), the
    ///   same in every item of the tile;
    /// - a `time` or `table` item has `sourceId`, `aggFn` (one of the chart-series
    ///   functions), `where` (may be empty) and `groupBy` (at most 10 expressions);
    /// - a `number` item has `sourceId`, `aggFn` and `where`, and no `groupBy` is needed;
    /// - a `search` item has `sourceId`, `fields` and `where`;
    /// - a `markdown` item has `content`.
    ///
    /// The form of `sourceId` is `invalid-object-id`'s finding; that the tile uses `series`
    /// at all is `deprecated-tile-series`'s warning.
    ///
    /// ## Why it matters
    /// The server rejects the whole dashboard when one series item lacks a member. The
    /// official documentation's own example dashboard omits `sourceId` in its series and is
    /// rejected.
    ///
    /// ## Example
    /// ```json bad kind:dashboard at:/ also:PL742
    /// {"tiles": [{"name": "Errors", "x": 0, "y": 0, "w": 12, "h": 4,
    ///   "series": [{"type": "time", "aggFn": "count", "where": "level:error", "groupBy": []}]}]}
    /// ```
    ///
    /// ## Fix
    /// Add the missing members (`"sourceId"`: the id of the source, from `GET
    /// /api/v2/sources`), give every item the same `type`, or rewrite the tile with
    /// `config`.
    pub static RULE = {
        code: "PL751",
        name: "tile-series-contents",
        severity: Error,
        kinds: [Dashboard, DashboardUpdate],
        summary: "An item of a deprecated series tile lacks a member its type needs, or the types differ",
        check: Some(check),
        fix: SafeOrUnsafe,
    };
}

const TYPES: &[&str] = &["time", "table", "number", "search", "markdown"];

const MAX_GROUP_BY: usize = 10;

/// The members an item of each type needs.
fn needed(series_type: &str) -> &'static [&'static str] {
    match series_type {
        "time" | "table" => &["sourceId", "aggFn", "where", "groupBy"],
        "number" => &["sourceId", "aggFn", "where"],
        "search" => &["sourceId", "fields", "where"],
        "markdown" => &["content"],
        _ => &[],
    }
}

fn help(member: &str) -> &'static str {
    match member {
        "sourceId" => {
            "add `\"sourceId\"`: the id of the source to query (24 hexadecimal digits; `GET /api/v2/sources` lists them)"
        }
        "aggFn" => "add `\"aggFn\"`, such as `\"count\"`",
        "where" => "add `\"where\"`: a filter expression, or `\"\"` for every event",
        "groupBy" => "add `\"groupBy\"`: a list of expressions, or `[]`",
        "fields" => "add `\"fields\"`: the columns the search shows",
        _ => "add `\"content\"`: the Markdown text of the tile",
    }
}

fn check(cx: &Context, out: &mut Vec<Diagnostic>) {
    for i in 0..super::facts::len(cx, "/tiles") {
        let series = format!("/tiles/{i}/series");
        let items: Vec<(usize, &Map<String, Value>)> = cx
            .get(&series)
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
            .enumerate()
            .filter_map(|(j, item)| Some((j, item.as_object()?)))
            .collect();
        let mut first_type: Option<(&str, String)> = None;
        for (j, item) in items {
            let base = format!("{series}/{j}");
            let Some(series_type) = item_type(cx, &base, item, out) else {
                continue;
            };
            match &first_type {
                None => first_type = Some((series_type, format!("{base}/type"))),
                Some((first, at)) if *first != series_type => out.push(
                    cx.at_value(
                        &RULE,
                        &format!("{base}/type"),
                        format!("all series of a tile must have the same type: `{series_type}` after `{first}`"),
                    )
                    .with_label("another type")
                    .with_secondary(cx.value_span(at), "first series' type")
                    .with_help("give every series of the tile the same `type`, or split the tile"),
                ),
                Some(_) => {}
            }
            members(cx, &base, series_type, item, out);
        }
    }
}

/// The item's `type` when it is one of `TYPES`; reports it otherwise.
fn item_type<'a>(
    cx: &Context,
    base: &str,
    item: &'a Map<String, Value>,
    out: &mut Vec<Diagnostic>,
) -> Option<&'a str> {
    let pointer = format!("{base}/type");
    match item.get("type") {
        Some(Value::String(name)) if TYPES.contains(&name.as_str()) => Some(name.as_str()),
        None | Some(Value::Null) => {
            out.push(
                Diagnostic::new(
                    &RULE,
                    cx.document.object_anchor(base),
                    &pointer,
                    "a series item needs a `type`",
                )
                .with_label("`type` missing here")
                .with_help(format!("add `\"type\"`: one of {}", list_code(TYPES))),
            );
            None
        }
        Some(value) => {
            let name = value.as_str().unwrap_or_default();
            let diagnostic = cx
                .at_value(&RULE, &pointer, format!("{value} is not a series type"))
                .with_label("unknown series type");
            let diagnostic =
                help_with_guess(diagnostic, cx, &pointer, Some(name), TYPES, TYPES, "types");
            out.push(diagnostic);
            None
        }
    }
}

fn members(
    cx: &Context,
    base: &str,
    series_type: &str,
    item: &Map<String, Value>,
    out: &mut Vec<Diagnostic>,
) {
    let type_span = cx.value_span(&format!("{base}/type"));
    for member in needed(series_type) {
        if item.get(*member).is_none_or(Value::is_null) {
            out.push(
                Diagnostic::new(
                    &RULE,
                    cx.document.object_anchor(base),
                    format!("{base}/{member}"),
                    format!("a `{series_type}` series item needs `{member}`"),
                )
                .with_label(format!("`{member}` missing here"))
                .with_secondary(type_span.clone(), "series type")
                .with_help(help(member)),
            );
        }
    }
    if let Some(name) = item.get("aggFn").and_then(Value::as_str)
        && needed(series_type).contains(&"aggFn")
        && !AGG_FNS.contains(&name)
    {
        let pointer = format!("{base}/aggFn");
        out.push(
            cx.at_value(
                &RULE,
                &pointer,
                format!("`{name}` is not an aggregation function of a series"),
            )
            .with_label("unknown function")
            .with_help(match closest(name, AGG_FNS.iter().copied()) {
                Some(suggestion) => format!(
                    "did you mean `{suggestion}`? Functions: {}",
                    list_code(AGG_FNS)
                ),
                None => format!(
                    "functions: {}; a percentile is `quantile` with a `level`",
                    list_code(AGG_FNS)
                ),
            }),
        );
    }
    if needed(series_type).contains(&"groupBy") {
        let pointer = format!("{base}/groupBy");
        let count = super::facts::len(cx, &pointer);
        if count > MAX_GROUP_BY {
            out.push(
                cx.at_value(
                    &RULE,
                    &pointer,
                    format!("a series groups by at most {MAX_GROUP_BY} expressions, found {count}"),
                )
                .with_label("too many group expressions")
                .with_help("keep the 10 most useful group expressions"),
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::DocumentKind;
    use crate::rules::testing::{dashboard, findings_as};

    fn series(items: &str) -> Vec<Diagnostic> {
        findings_as(
            &RULE,
            DocumentKind::Dashboard,
            &dashboard(&format!(r#""series": [{items}]"#)),
        )
    }

    const TIME: &str = r#"{"type": "time", "sourceId": "65f5e4a3b9e77c001a123456", "aggFn": "count", "where": "", "groupBy": []}"#;

    #[test]
    fn complete_items_pass() {
        assert!(series(TIME).is_empty());
        assert!(series(&format!("{TIME}, {TIME}")).is_empty());
        assert!(series(r#"{"type": "markdown", "content": "hi"}"#).is_empty());
        assert!(series(r#"{"type": "number", "sourceId": "65f5e4a3b9e77c001a123456", "aggFn": "sum", "field": "n", "where": ""}"#).is_empty());
    }

    #[test]
    fn reports_missing_members_types_and_functions() {
        // The documentation's example: no sourceId.
        let found = series(r#"{"type": "time", "aggFn": "count", "where": "", "groupBy": []}"#);
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].pointer, "/tiles/0/series/0/sourceId");
        assert_eq!(series(r#"{"aggFn": "count"}"#).len(), 1);
        assert_eq!(series(r#"{"type": "chart"}"#).len(), 1);
        let mixed = format!(r#"{TIME}, {{"type": "markdown", "content": "x"}}"#);
        assert_eq!(series(&mixed).len(), 1);
        let p95 = TIME.replace("\"count\"", "\"p95\"");
        assert_eq!(series(&p95).len(), 1);
        let many = TIME.replace("[]", r#"["a","b","c","d","e","f","g","h","i","j","k"]"#);
        assert_eq!(series(&many).len(), 1);
    }
}
