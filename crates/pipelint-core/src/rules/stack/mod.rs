//! Rules for the analytics-stack bodies: alerts (both forms), chart series queries and
//! dashboards (spec 2.9, 4.4, 4.5; real-API notes).

use serde_json::{Map, Value};

use crate::diagnostic::Diagnostic;
use crate::rule::{Context, Rule};
use crate::rules::support::help_with_guess;

pub mod alert_channel;
pub mod alert_schedule_offset;
pub mod alert_schedule_start_format;
pub mod alert_schedule_start_range;
pub mod alert_source_ids;
pub mod deprecated_tile_series;
pub mod doc_placeholder;
pub mod dropped_alert_member;
pub mod duplicate_tile_id;
pub mod end_before_start;
pub mod epoch_milliseconds;
pub mod filter_id;
pub mod invalid_object_id;
pub mod legacy_alert_member;
pub mod level_without_quantile;
pub mod needs_newer_server;
pub mod number_format_output;
pub mod percentile_agg_fn;
pub mod series_group_by_mismatch;
pub mod tile_config_or_series;
pub mod tile_display_type;
pub mod tile_off_grid;
pub mod tile_select_count;
pub mod tile_select_level;
pub mod tile_select_value_expression;
pub mod tile_series_contents;

pub static RULES: &[&Rule] = &[
    &alert_source_ids::RULE,
    &alert_channel::RULE,
    &invalid_object_id::RULE,
    &doc_placeholder::RULE,
    &dropped_alert_member::RULE,
    &legacy_alert_member::RULE,
    &alert_schedule_offset::RULE,
    &alert_schedule_start_format::RULE,
    &alert_schedule_start_range::RULE,
    &epoch_milliseconds::RULE,
    &end_before_start::RULE,
    &percentile_agg_fn::RULE,
    &series_group_by_mismatch::RULE,
    &level_without_quantile::RULE,
    &tile_off_grid::RULE,
    &tile_config_or_series::RULE,
    &deprecated_tile_series::RULE,
    &filter_id::RULE,
    &duplicate_tile_id::RULE,
    &tile_display_type::RULE,
    &needs_newer_server::RULE,
    &number_format_output::RULE,
    &tile_select_value_expression::RULE,
    &tile_select_level::RULE,
    &tile_select_count::RULE,
    &tile_series_contents::RULE,
];

/// Builder `config.displayType` values the March 2026 server knows (real-API notes,
/// "Dashboard tiles, beyond the grid").
pub(crate) const DISPLAY_TYPES: &[&str] = &[
    "line",
    "stacked_bar",
    "table",
    "number",
    "pie",
    "search",
    "markdown",
];

/// Display types that came after the March 2026 server: newer servers accept them.
pub(crate) const NEWER_DISPLAY_TYPES: &[&str] = &["bar", "heatmap", "event_patterns"];

/// `numberFormat.output` values the March 2026 server knows.
pub(crate) const NUMBER_OUTPUTS: &[&str] = &["currency", "percent", "byte", "time", "number"];

/// `numberFormat.output` values that came after the March 2026 server.
pub(crate) const NEWER_NUMBER_OUTPUTS: &[&str] = &["duration", "data_rate", "throughput"];

/// The `config` objects of a dashboard's tiles, with each tile's index.
pub(crate) fn tile_configs<'a>(cx: &Context<'a>) -> Vec<(usize, &'a Map<String, Value>)> {
    cx.get("/tiles")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .enumerate()
        .filter_map(|(i, tile)| Some((i, tile.get("config")?.as_object()?)))
        .collect()
}

/// Whether a tile config is a raw SQL config (`configType: "sql"`): it has a SQL template
/// instead of a select list.
pub(crate) fn is_raw_sql(config: &Map<String, Value>) -> bool {
    config.get("configType").and_then(Value::as_str) == Some("sql")
}

/// The select items of a builder tile config that are objects, with their indexes.
pub(crate) fn select_items(config: &Map<String, Value>) -> Vec<(usize, &Map<String, Value>)> {
    if is_raw_sql(config) {
        return Vec::new();
    }
    config
        .get("select")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .enumerate()
        .filter_map(|(j, item)| Some((j, item.as_object()?)))
        .collect()
}

/// Pointers of every `numberFormat` a dashboard may carry: on the tile config, on its
/// select items, and on the items of the deprecated `series` form.
pub(crate) fn number_format_pointers(cx: &Context) -> Vec<String> {
    let mut out = Vec::new();
    for i in 0..len(cx, "/tiles") {
        let config = format!("/tiles/{i}/config");
        out.push(format!("{config}/numberFormat"));
        for j in 0..len(cx, &format!("{config}/select")) {
            out.push(format!("{config}/select/{j}/numberFormat"));
        }
        for j in 0..len(cx, &format!("/tiles/{i}/series")) {
            out.push(format!("/tiles/{i}/series/{j}/numberFormat"));
        }
    }
    out
}

/// What an alert watches, as the server reads its `source`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum AlertSource {
    Tile,
    /// `explicit` is false when `source` is absent (the server's default).
    SavedSearch {
        explicit: bool,
    },
    /// An invalid `source` (reported by the schema): nothing depends on it.
    Other,
}

pub(crate) fn alert_source(cx: &Context) -> AlertSource {
    match cx.get("/source") {
        None | Some(Value::Null) => AlertSource::SavedSearch { explicit: false },
        Some(Value::String(s)) if s == "tile" => AlertSource::Tile,
        Some(Value::String(s)) if s == "saved_search" => {
            AlertSource::SavedSearch { explicit: true }
        }
        _ => AlertSource::Other,
    }
}

/// The finding for a `level` beside an aggregation function other than `quantile`, in the
/// select item or series at `item`.
pub(crate) fn level_without_quantile(
    cx: &Context,
    rule: &'static Rule,
    item: &str,
    agg_fn: &str,
) -> Diagnostic {
    cx.at_key(
        rule,
        &format!("{item}/level"),
        format!("`level` only applies to `quantile`, not `{agg_fn}`"),
    )
    .with_label("not used by this function")
    .with_secondary(
        cx.value_span(&format!("{item}/aggFn")),
        "aggregation function",
    )
    .with_help("remove `level`, or set `aggFn` to `quantile` to compute that quantile")
}

/// The values a member may take: those every server knows and those only newer ones know
/// (`needs-newer-server` tells about those), and how a finding names them.
pub(crate) struct KnownValues {
    pub current: &'static [&'static str],
    pub newer: &'static [&'static str],
    /// Completes "`x` is not …": `a display type`.
    pub what: &'static str,
    pub label: &'static str,
    /// How the help names the list: `display types`.
    pub list_name: &'static str,
}

impl KnownValues {
    pub(crate) fn contains(&self, value: &str) -> bool {
        self.current.contains(&value) || self.newer.contains(&value)
    }

    /// The finding for `value` at `pointer`, which is not a known value: with the closest
    /// known value as a guess, or the list.
    pub(crate) fn unknown(
        &self,
        cx: &Context,
        rule: &'static Rule,
        pointer: &str,
        value: &Value,
    ) -> Diagnostic {
        let shown = value
            .as_str()
            .map_or_else(|| value.to_string(), |s| format!("`{s}`"));
        let diagnostic = cx
            .at_value(
                rule,
                pointer,
                format!("{shown} is not {} the server knows", self.what),
            )
            .with_label(self.label);
        let all: Vec<&str> = self.current.iter().chain(self.newer).copied().collect();
        help_with_guess(
            diagnostic,
            cx,
            pointer,
            value.as_str(),
            &all,
            self.current,
            self.list_name,
        )
    }
}

/// The tiles of a dashboard that are objects, with their indexes.
pub(crate) fn tiles<'a>(cx: &Context<'a>) -> impl Iterator<Item = (usize, &'a Map<String, Value>)> {
    cx.get("/tiles")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .enumerate()
        .filter_map(|(i, tile)| Some((i, tile.as_object()?)))
}

/// Whether an object has the member `name` set: present and not null.
pub(crate) fn has(object: &Map<String, Value>, name: &str) -> bool {
    object.get(name).is_some_and(|v| !v.is_null())
}

/// Whether a member is set: present and not null.
pub(crate) fn is_set(cx: &Context, pointer: &str) -> bool {
    cx.get(pointer).is_some_and(|v| !v.is_null())
}

/// The number of items of the array at `pointer` (0 when it is not an array).
pub(crate) fn len(cx: &Context, pointer: &str) -> usize {
    cx.get(pointer)
        .and_then(Value::as_array)
        .map_or(0, Vec::len)
}

#[cfg(test)]
pub(crate) mod testing {
    use crate::diagnostic::Diagnostic;
    use crate::rule::Rule;
    use crate::{DocumentKind, LintOptions, lint};

    /// The findings of `rule` in `json` checked as `kind`.
    pub(crate) fn findings(rule: &'static Rule, kind: DocumentKind, json: &str) -> Vec<Diagnostic> {
        lint(
            json.as_bytes(),
            &LintOptions {
                kind: Some(kind),
                ..LintOptions::default()
            },
        )
        .diagnostics
        .into_iter()
        .filter(|d| std::ptr::eq(d.rule, rule))
        .collect()
    }

    /// A dashboard create body with one tile (`tile` holds its members after the grid).
    pub(crate) fn dashboard(tile: &str) -> String {
        format!(
            r#"{{"name": "d", "tiles": [{{"name": "t", "x": 0, "y": 0, "w": 6, "h": 3, {tile}}}]}}"#
        )
    }

    /// The findings of `rule` for a dashboard whose one tile has the given `config`.
    pub(crate) fn dashboard_findings(rule: &'static Rule, config: &str) -> Vec<Diagnostic> {
        findings(
            rule,
            DocumentKind::Dashboard,
            &dashboard(&format!(r#""config": {config}"#)),
        )
    }

    /// The findings of `rule` for a line tile whose select list holds `item`.
    pub(crate) fn select_findings(rule: &'static Rule, item: &str) -> Vec<Diagnostic> {
        dashboard_findings(
            rule,
            &format!(
                r#"{{"displayType": "line", "sourceId": "65f5e4a3b9e77c001a123456", "select": [{item}]}}"#
            ),
        )
    }

    /// The findings of `rule` for a self-hosted alert with the given extra members.
    pub(crate) fn alert_findings(rule: &'static Rule, members: &str) -> Vec<Diagnostic> {
        let json = format!(
            r#"{{"source": "saved_search", "savedSearchId": "65f5e4a3b9e77c001a567890", "threshold": 1, "thresholdType": "above", "channel": {{"type": "webhook", "webhookId": "65f5e4a3b9e77c001a567891"}}, {members}}}"#
        );
        findings(rule, DocumentKind::StackAlert, &json)
    }
}
