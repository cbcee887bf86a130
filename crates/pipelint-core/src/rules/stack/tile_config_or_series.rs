use crate::rules::prelude::*;

declare_rule! {
    /// ## What it checks
    /// Each dashboard tile has exactly one of `config` and the deprecated `series`.
    /// The server rejects a tile with both, or with neither.
    ///
    /// ## Why it matters
    /// A tile with neither shows nothing; a tile with both is ambiguous. Both happen when
    /// a tile is converted from `series` to `config` by hand and the old member is left in
    /// place, or when it is deleted together with the new one.
    ///
    /// ## Example
    /// ```json bad kind:dashboard at:/
    /// {"tiles": [{"name": "Errors", "x": 0, "y": 0, "w": 12, "h": 4}]}
    /// ```
    ///
    /// ## Fix
    /// Keep `config` (and remove `series`), or add the `config` the tile should show.
    ///
    /// ```json good kind:dashboard at:/
    /// {"tiles": [{"name": "Errors", "x": 0, "y": 0, "w": 12, "h": 4,
    ///   "config": {"displayType": "line", "sourceId": "65f5e4a3b9e77c001a123456", "select": [{"aggFn": "count"}]}}]}
    /// ```
    pub static RULE = {
        code: "PL741",
        name: "tile-config-or-series",
        severity: Error,
        kinds: [Dashboard, DashboardUpdate],
        summary: "A dashboard tile has both config and series, or neither",
        check: Some(check),
    };
}

fn check(cx: &Context, out: &mut Vec<Diagnostic>) {
    for (i, tile) in super::facts::tiles(cx) {
        // Pointers are built only for a finding.
        let config = || format!("/tiles/{i}/config");
        match (super::facts::has(tile, "config"), super::facts::has(tile, "series")) {
            (true, true) => out.push(
                cx.at_key(
                    &RULE,
                    &format!("/tiles/{i}/series"),
                    format!("`tiles[{i}]` has both `config` and the deprecated `series`"),
                )
                .with_label("second definition")
                .with_secondary(cx.key_span(&config()), "the current form")
                .with_help("keep `config` and remove `series`: the server rejects a tile with both"),
            ),
            (false, false) => out.push(
                Diagnostic::new(
                    &RULE,
                    cx.document.object_anchor(&format!("/tiles/{i}")),
                    config(),
                    format!("`tiles[{i}]` has neither `config` nor `series`"),
                )
                .with_label("nothing to show")
                .with_help("add `config` with what the tile shows, e.g. `{\"displayType\": \"line\", \"sourceId\": \"…\", \"select\": [{\"aggFn\": \"count\"}]}`"),
            ),
            _ => {}
        }
    }
}
