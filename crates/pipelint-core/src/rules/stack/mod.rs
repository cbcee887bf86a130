//! Rules for the analytics-stack bodies: alerts (both forms), chart series queries and
//! dashboards (spec 2.9, 4.4, 4.5; real-API notes).

use serde_json::Value;

use crate::rule::{Context, Rule};

pub mod alert_channel;
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
pub mod percentile_agg_fn;
pub mod series_group_by_mismatch;
pub mod tile_config_or_series;
pub mod tile_off_grid;

pub static RULES: &[&Rule] = &[
    &alert_source_ids::RULE,
    &alert_channel::RULE,
    &invalid_object_id::RULE,
    &doc_placeholder::RULE,
    &dropped_alert_member::RULE,
    &legacy_alert_member::RULE,
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
];

/// Whether a whole value is a placeholder as the documentation writes them: `<DASHBOARD_ID>`,
/// `<your webhook id>`. A lowercase single word such as `<br>` is an HTML tag (markdown
/// tiles hold HTML), not a placeholder.
pub fn is_doc_placeholder(text: &str) -> bool {
    let Some(inner) = text.strip_prefix('<').and_then(|t| t.strip_suffix('>')) else {
        return false;
    };
    inner.starts_with(|c: char| c.is_ascii_alphabetic())
        && inner
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | ' ' | '.'))
        && inner
            .chars()
            .any(|c| c.is_ascii_uppercase() || matches!(c, '_' | ' '))
}

/// Whether a text is an object id: 24 hexadecimal digits.
pub fn is_object_id(text: &str) -> bool {
    text.len() == 24 && text.bytes().all(|b| b.is_ascii_hexdigit())
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
mod tests {
    use super::*;

    #[test]
    fn recognises_documentation_placeholders() {
        for text in ["<DASHBOARD_ID>", "<your webhook id>", "<TILE-ID>"] {
            assert!(is_doc_placeholder(text), "{text}");
        }
        for text in [
            "<>",
            "< x>",
            "DASHBOARD_ID",
            "<a><b>",
            "duration:<100",
            "<br>",
            "<hr>",
        ] {
            assert!(!is_doc_placeholder(text), "{text}");
        }
    }

    #[test]
    fn recognises_object_ids() {
        assert!(is_object_id("65f5e4a3b9e77c001a567890"));
        assert!(!is_object_id("65f5e4a3b9e77c001a56789"));
        assert!(!is_object_id("65f5e4a3b9e77c001a56789z"));
    }
}
