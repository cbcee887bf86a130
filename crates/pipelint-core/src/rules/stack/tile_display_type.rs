use crate::rules::prelude::*;

use super::facts::{DISPLAY_TYPES, KnownValues};

declare_rule! {
    /// ## What it checks
    /// Every dashboard tile `config` has a `displayType` the server knows: `line`,
    /// `stacked_bar`, `table`, `number`, `pie`, `search` or `markdown` (the March 2026
    /// server), or one of the later `heatmap` (stack-version 2.27), `bar` and
    /// `event_patterns` (2.30), which `needs-newer-api` reports instead under an older
    /// profile (`heatmap` came with stack server 2.27, `bar` and `event_patterns` with
    /// 2.30).
    ///
    /// ## Why it matters
    /// The server picks the tile's shape by its `displayType`; with another value, or none,
    /// it rejects the whole dashboard.
    ///
    /// ## Example
    /// ```json bad kind:dashboard at:/tiles/0
    /// {"name": "Errors", "x": 0, "y": 0, "w": 12, "h": 4,
    ///  "config": {"displayType": "area", "sourceId": "65f5e4a3b9e77c001a123456", "select": [{"aggFn": "count"}]}}
    /// ```
    ///
    /// ## Fix
    /// Use one of the display types above; a close misspelling gets a suggestion and a fix.
    ///
    /// ```json good kind:dashboard at:/tiles/0/config
    /// {"displayType": "line", "sourceId": "65f5e4a3b9e77c001a123456", "select": [{"aggFn": "count"}]}
    /// ```
    pub static RULE = {
        code: "PL745",
        name: "tile-display-type",
        severity: Error,
        kinds: [Dashboard, DashboardUpdate],
        summary: "A dashboard tile's config.displayType is missing or not a display type the server knows",
        check: Some(check),
        fix: SafeOrUnsafe,
    };
}

const TYPES: KnownValues = KnownValues {
    current: DISPLAY_TYPES,
    newer_at: "/tiles/*/config/displayType",
    what: "a display type",
    label: "unknown display type",
    list_name: "display types",
};

fn check(cx: &Context, out: &mut Vec<Diagnostic>) {
    for (i, config) in super::facts::tile_configs(cx) {
        let pointer = || format!("/tiles/{i}/config/displayType");
        match config.get("displayType") {
            None | Some(Value::Null) => out.push(
                Diagnostic::new(
                    &RULE,
                    cx.document.object_anchor(&format!("/tiles/{i}/config")),
                    pointer(),
                    format!("the config of `tiles[{i}]` has no `displayType`"),
                )
                .with_label("`displayType` missing here")
                .with_help(format!(
                    "add `\"displayType\"`: one of {}",
                    list_code(DISPLAY_TYPES)
                )),
            ),
            Some(Value::String(name)) if TYPES.contains(cx.kind, name) => {}
            Some(value) => out.push(TYPES.unknown(cx, &RULE, &pointer(), value)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::testing::dashboard_findings;

    #[test]
    fn known_and_newer_types_pass_others_fail() {
        for ok in ["line", "markdown", "bar", "event_patterns"] {
            let config = format!(r#"{{"displayType": "{ok}"}}"#);
            assert!(dashboard_findings(&RULE, &config).is_empty(), "{ok}");
        }
        let found = dashboard_findings(&RULE, r#"{"displayType": "stacked-bar"}"#);
        assert_eq!(found.len(), 1);
        assert!(found[0].fix.is_some());
        assert_eq!(
            dashboard_findings(&RULE, r#"{"displayType": "area"}"#).len(),
            1
        );
        assert_eq!(dashboard_findings(&RULE, r#"{"select": []}"#).len(), 1);
    }
}
