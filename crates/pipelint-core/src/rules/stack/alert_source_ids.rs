use crate::rules::prelude::*;

use super::facts::{AlertSource, alert_source};

declare_rule! {
    /// ## What it checks
    /// An alert names what it watches: a tile alert (`"source": "tile"`) needs `dashboardId`
    /// and `tileId`; a saved-search alert (`"source": "saved_search"`, also the server's
    /// default when `source` is absent) needs `savedSearchId`. None of them may be empty.
    ///
    /// ## Why it matters
    /// The server rejects an alert without the ids of what it watches. The usual slip is an
    /// alert with `dashboardId` and `tileId` but no `source`: the server then reads it as a
    /// saved-search alert and asks for `savedSearchId`.
    ///
    /// ## Example
    /// ```json bad kind:stack-alert
    /// {"source": "tile", "dashboardId": "65f5e4a3b9e77c001a567890", "threshold": 100,
    ///  "thresholdType": "above", "interval": "5m", "channel": {"type": "webhook", "webhookId": "65f5e4a3b9e77c001a901234"}}
    /// ```
    ///
    /// ## Fix
    /// Add the missing id, or set `source` to the kind of alert you meant.
    ///
    /// ```json good kind:stack-alert
    /// {"source": "tile", "dashboardId": "65f5e4a3b9e77c001a567890", "tileId": "errors", "threshold": 100,
    ///  "thresholdType": "above", "interval": "5m", "channel": {"type": "webhook", "webhookId": "65f5e4a3b9e77c001a901234"}}
    /// ```
    pub static RULE = {
        code: "PL700",
        name: "alert-source-ids",
        severity: Error,
        kinds: [StackAlert, ManagedStackAlert],
        summary: "A tile alert lacks dashboardId or tileId, or a saved-search alert lacks savedSearchId",
        check: Some(check),
    };
}

fn check(cx: &Context, out: &mut Vec<Diagnostic>) {
    match alert_source(cx) {
        AlertSource::Tile => {
            for member in ["dashboardId", "tileId"] {
                require(cx, member, "a tile alert", out);
            }
        }
        AlertSource::SavedSearch { explicit: true } => {
            require(cx, "savedSearchId", "a saved-search alert", out);
        }
        AlertSource::SavedSearch { explicit: false } => {
            let tile_ids: Vec<&str> = ["dashboardId", "tileId"]
                .into_iter()
                .filter(|m| super::facts::is_set(cx, &format!("/{m}")))
                .collect();
            if !tile_ids.is_empty() && !super::facts::is_set(cx, "/savedSearchId") {
                let mut diagnostic = Diagnostic::new(
                    &RULE,
                    cx.document.object_anchor(""),
                    "/source",
                    "without `source` the server reads this as a saved-search alert, which needs `savedSearchId`",
                )
                .with_label("`source` missing here")
                .with_help(
                    "it names a tile: add `\"source\": \"tile\"` (and both `dashboardId` and `tileId`); for a saved-search alert, add `savedSearchId`",
                );
                for member in tile_ids {
                    diagnostic = diagnostic
                        .with_secondary(cx.key_span(&format!("/{member}")), "names a tile");
                }
                out.push(diagnostic);
            } else {
                require(
                    cx,
                    "savedSearchId",
                    "a saved-search alert (the default `source`)",
                    out,
                );
            }
        }
        AlertSource::Other => {}
    }
}

fn require(cx: &Context, member: &str, alert: &str, out: &mut Vec<Diagnostic>) {
    let pointer = format!("/{member}");
    let needed = Needed {
        object: "",
        member: &pointer,
        cause: "/source",
        cause_label: "alert kind set here",
        cause_at_key: false,
        only_empty_string_is_blank: false,
    };
    match needed.lack(cx) {
        // A null id is as good as none: reported where it would go.
        Some(Lack::Absent | Lack::Null) => {
            let mut diagnostic = needed
                .absent(cx, &RULE, format!("{alert} needs `{member}`"))
                .with_help(format!("add `\"{member}\"`: {}", what(member)));
            if member == "tileId" && cx.get("/chartId").is_some() {
                diagnostic = diagnostic
                    .with_secondary(cx.key_span("/chartId"), "the older API version's name")
                    .with_help("rename `chartId` to `tileId`: the server drops `chartId`");
            }
            out.push(diagnostic);
        }
        // Not "needed because": the id is there but says nothing.
        Some(Lack::Blank) => out.push(
            cx.at_value(&RULE, &pointer, format!("`{member}` is empty"))
                .with_label("empty")
                .with_help(format!("write {}", what(member))),
        ),
        None => {}
    }
}

fn what(member: &str) -> &'static str {
    match member {
        "dashboardId" => "the id of the dashboard that holds the tile (24 hexadecimal digits)",
        "tileId" => "the id of the tile on that dashboard (its `tiles[].id`)",
        _ => "the id of the saved search (24 hexadecimal digits)",
    }
}
