//! What the analytics-stack rules share: the values the server knows, the parts of a
//! dashboard (tiles, their configs and select items, number formats), what an alert watches,
//! and the percentile names people write for a quantile.

use serde_json::{Map, Value};

use crate::api::changes::{self, What};
use crate::diagnostic::Diagnostic;
use crate::kind::DocumentKind;
use crate::rule::{Context, Rule};
use crate::rules::support::help_with_guess;

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

/// Aggregation functions the March 2026 server knows, for chart series and dashboard select
/// items alike (`increase` and any later ones come from the table of changes). A test holds
/// the chart-series schema to the same list.
pub(crate) const AGG_FNS: &[&str] = &[
    "avg",
    "count",
    "count_distinct",
    "last_value",
    "max",
    "min",
    "quantile",
    "sum",
    "any",
    "none",
];

/// `numberFormat.output` values the March 2026 server knows.
pub(crate) const NUMBER_OUTPUTS: &[&str] = &["currency", "percent", "byte", "time", "number"];

/// The values the table of changes (`crate::api::changes`) adds at a pointer pattern of a
/// kind: the newer display types, number outputs and aggregation functions come from there,
/// not from a second list here.
pub(crate) fn newer_values(kind: DocumentKind, pattern: &str) -> Vec<&'static str> {
    changes::of_kind(kind)
        .filter(|c| c.at.contains(&pattern))
        .filter_map(|c| match c.what {
            What::Value(value) => Some(value),
            _ => None,
        })
        .collect()
}

/// Whether the profile in force accepts the member at a pointer pattern of the table (a
/// member the table does not list is accepted by every profile). Rules whose checks only
/// make sense where the member exists ask this, so that an older profile reports the member
/// once, through `needs-newer-api`.
pub(crate) fn accepts_member(cx: &Context, pattern: &str) -> bool {
    changes::of_kind(cx.kind)
        .filter(|c| c.what == What::Member && c.at.contains(&pattern))
        .all(|c| c.accepted_by(&cx.profile))
}

/// The `config` objects of a dashboard's tiles, with each tile's index.
pub(crate) fn tile_configs<'a>(
    cx: &Context<'a>,
) -> impl Iterator<Item = (usize, &'a Map<String, Value>)> {
    cx.get("/tiles")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .enumerate()
        .filter_map(|(i, tile)| Some((i, tile.get("config")?.as_object()?)))
}

/// Whether a tile config is a raw SQL config (`configType: "sql"`): it has a SQL template
/// instead of a select list.
pub(crate) fn is_raw_sql(config: &Map<String, Value>) -> bool {
    config.get("configType").and_then(Value::as_str) == Some("sql")
}

/// Whether the profile in force has the tile `config.displayType` of `tiles[tile]`: the
/// checks of a newer display type run only where the server has it (elsewhere
/// `needs-newer-api` is the one finding).
pub(crate) fn display_type_accepted(cx: &Context, tile: usize, display: &str) -> bool {
    changes::value_accepted(
        cx.kind,
        &format!("/tiles/{tile}/config/displayType"),
        display,
        &cx.profile,
    )
}

/// Whether a tile config is a heatmap: its select items have a shape of their own
/// (`heatmap-select-item`), without `aggFn`.
pub(crate) fn is_heatmap(config: &Map<String, Value>) -> bool {
    config.get("displayType").and_then(Value::as_str) == Some("heatmap")
}

/// The select items of a builder tile config that are objects, with their indexes (none for
/// a heatmap, whose items are not aggregations).
pub(crate) fn select_items(
    config: &Map<String, Value>,
) -> impl Iterator<Item = (usize, &Map<String, Value>)> {
    let select = if is_raw_sql(config) || is_heatmap(config) {
        None
    } else {
        config.get("select").and_then(Value::as_array)
    };
    select
        .into_iter()
        .flatten()
        .enumerate()
        .filter_map(|(j, item)| Some((j, item.as_object()?)))
}

/// Where a dashboard carries a `numberFormat`: on a tile config, on one of its select items
/// or formulas, or on an item of the deprecated `series` form.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum NumberFormatAt {
    Config { tile: usize },
    Select { tile: usize, item: usize },
    Formula { tile: usize, item: usize },
    Series { tile: usize, item: usize },
}

impl NumberFormatAt {
    /// The pointer of the format's `output`, built only for a finding.
    pub(crate) fn output_pointer(self) -> String {
        match self {
            NumberFormatAt::Config { tile } => format!("/tiles/{tile}/config/numberFormat/output"),
            NumberFormatAt::Select { tile, item } => {
                format!("/tiles/{tile}/config/select/{item}/numberFormat/output")
            }
            NumberFormatAt::Formula { tile, item } => {
                format!("/tiles/{tile}/config/formulas/{item}/numberFormat/output")
            }
            NumberFormatAt::Series { tile, item } => {
                format!("/tiles/{tile}/series/{item}/numberFormat/output")
            }
        }
    }
}

/// The `numberFormat.output` values of a dashboard, in document order, with where each is.
pub(crate) fn number_format_outputs<'a>(
    cx: &Context<'a>,
) -> impl Iterator<Item = (NumberFormatAt, &'a Value)> {
    let items = |holder: Option<&'a Value>, name: &str| {
        holder
            .and_then(|h| h.get(name))
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
            .enumerate()
    };
    let tiles = cx.get("/tiles").and_then(Value::as_array);
    let holders = tiles
        .into_iter()
        .flatten()
        .enumerate()
        .flat_map(move |(tile, value)| {
            let config = value.get("config");
            let own = config.map(|c| (NumberFormatAt::Config { tile }, c));
            let select = items(config, "select")
                .map(move |(item, v)| (NumberFormatAt::Select { tile, item }, v));
            let formulas = items(config, "formulas")
                .map(move |(item, v)| (NumberFormatAt::Formula { tile, item }, v));
            let series = items(Some(value), "series")
                .map(move |(item, v)| (NumberFormatAt::Series { tile, item }, v));
            own.into_iter().chain(select).chain(formulas).chain(series)
        });
    holders.filter_map(|(at, holder)| Some((at, holder.get("numberFormat")?.get("output")?)))
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
/// (the table of changes lists them at `newer_at`; `needs-newer-api` tells about those), and
/// how a finding names them.
pub(crate) struct KnownValues {
    pub current: &'static [&'static str],
    /// The pointer pattern under which the table lists the newer values.
    pub newer_at: &'static str,
    /// Completes "`x` is not …": `a display type`.
    pub what: &'static str,
    pub label: &'static str,
    /// How the help names the list: `display types`.
    pub list_name: &'static str,
}

impl KnownValues {
    pub(crate) fn contains(&self, kind: DocumentKind, value: &str) -> bool {
        self.current.contains(&value) || newer_values(kind, self.newer_at).contains(&value)
    }

    /// The finding for `value` at `pointer`, which is not a known value: with the closest
    /// value the profile in force accepts as a guess, or the list.
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
        // Only what the profile in force accepts is offered (a guess the server of that
        // release rejects would trade one finding for another).
        let all: Vec<&str> = self
            .current
            .iter()
            .copied()
            .chain(
                newer_values(cx.kind, self.newer_at)
                    .into_iter()
                    .filter(|v| changes::value_accepted(cx.kind, pointer, v, &cx.profile)),
            )
            .collect();
        help_with_guess(
            diagnostic,
            cx,
            pointer,
            value.as_str(),
            &all,
            &all,
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

    /// The dashboard select items and the chart series take the same functions: the
    /// chart-series schema lists the contract's and the table's newer ones.
    #[test]
    fn aggregation_functions_match_the_chart_series_schema() {
        let schema = crate::schema::schema(DocumentKind::ChartSeries);
        let listed: Vec<&str> = schema["$defs"]["series"]["properties"]["aggFn"]["enum"]
            .as_array()
            .unwrap()
            .iter()
            .filter_map(Value::as_str)
            .collect();
        let newer = newer_values(DocumentKind::ChartSeries, "/series/*/aggFn");
        let known: Vec<&str> = AGG_FNS
            .iter()
            .copied()
            .chain(newer.iter().copied())
            .collect();
        assert_eq!(listed, known);
        assert_eq!(
            newer_values(DocumentKind::Dashboard, "/tiles/*/config/select/*/aggFn"),
            newer
        );
    }

    #[test]
    fn number_format_outputs_come_in_document_order() {
        let json = r#"{"tiles": [
            {"config": {"numberFormat": {"output": "a"}, "select": [{"numberFormat": {"output": "b"}}, {}],
                        "formulas": [{"expression": "A", "numberFormat": {"output": "f"}}]},
             "series": [{"numberFormat": {"output": "c"}}]},
            {"config": {"configType": "sql", "select": [{"numberFormat": {"output": "d"}}]}}]}"#;
        let document = crate::load(json.as_bytes()).document.unwrap();
        let cx = Context::new(
            &document,
            json,
            DocumentKind::Dashboard,
            None,
            Default::default(),
        );
        let found: Vec<(String, &str)> = number_format_outputs(&cx)
            .map(|(at, value)| (at.output_pointer(), value.as_str().unwrap()))
            .collect();
        assert_eq!(
            found,
            [
                ("/tiles/0/config/numberFormat/output".to_owned(), "a"),
                (
                    "/tiles/0/config/select/0/numberFormat/output".to_owned(),
                    "b"
                ),
                (
                    "/tiles/0/config/formulas/0/numberFormat/output".to_owned(),
                    "f"
                ),
                ("/tiles/0/series/0/numberFormat/output".to_owned(), "c"),
                (
                    "/tiles/1/config/select/0/numberFormat/output".to_owned(),
                    "d"
                ),
            ]
        );
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
