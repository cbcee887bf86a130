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
    /// Add the missing id, or set `source` to the kind of alert you meant. A saved-search
    /// alert without `savedSearchId` that sets tile ids gets an unsafe fix to
    /// `"source": "tile"`.
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
        fix: Unsafe,
        refutes: ["dropped-alert-member"],
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
            let tile_ids = tile_ids(cx);
            if !tile_ids.is_empty() && !super::facts::is_set(cx, "/savedSearchId") {
                out.push(names_a_tile(cx, &tile_ids));
            } else {
                require(cx, "savedSearchId", "a saved-search alert", out);
            }
        }
        AlertSource::SavedSearch { explicit: false } => {
            let tile_ids = tile_ids(cx);
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

/// The tile ids the alert sets.
fn tile_ids(cx: &Context) -> Vec<&'static str> {
    ["dashboardId", "tileId"]
        .into_iter()
        .filter(|m| super::facts::is_set(cx, &format!("/{m}")))
        .collect()
}

/// A saved-search alert without `savedSearchId` that sets tile ids: a tile alert was likely
/// meant, so the finding says so at `source` (a guess: the fix is unsafe).
fn names_a_tile(cx: &Context, tile_ids: &[&str]) -> Diagnostic {
    let mut diagnostic = cx
        .at_value(
            &RULE,
            "/source",
            "a saved-search alert needs `savedSearchId`, but this one names a tile",
        )
        .with_label("did you mean `\"tile\"`?")
        .with_help(
            "did you mean `\"source\": \"tile\"`? `dashboardId` and `tileId` are the ids of a tile alert; for a saved-search alert, add `savedSearchId` and remove them",
        )
        .with_fix(
            crate::rules::edit::replace_string(
                cx,
                "/source",
                "Replace with `tile`".to_owned(),
                "tile".to_owned(),
            )
            .unsafe_fix(),
        );
    for member in tile_ids {
        diagnostic = diagnostic.with_secondary(cx.key_span(&format!("/{member}")), "names a tile");
    }
    diagnostic
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

#[cfg(test)]
mod tests {
    use super::*;

    fn alert(members: &str) -> Vec<Diagnostic> {
        let body = format!(
            r#"{{"name": "a", "source": "saved_search", "threshold": 1, "thresholdType": "above", "interval": "5m", "channel": {{"type": "webhook", "webhookId": "65f5e4a3b9e77c001a901234"}}{members}}}"#
        );
        let options = crate::LintOptions::new().kind(DocumentKind::StackAlert);
        crate::lint(body.as_bytes(), &options).diagnostics
    }

    #[test]
    fn a_saved_search_alert_with_tile_ids_gets_did_you_mean_tile() {
        let found = alert(r#", "dashboardId": "65f5e4a3b9e77c001a567890", "tileId": "t1""#);
        let ours: Vec<&Diagnostic> = found.iter().filter(|d| d.rule == &RULE).collect();
        assert_eq!(ours.len(), 1, "{found:?}");
        assert_eq!(ours[0].pointer, "/source");
        assert_eq!(ours[0].secondary.len(), 2);
        let fix = ours[0].fix.as_ref().expect("a fix");
        assert_eq!(fix.replacement, "\"tile\"");
        assert_eq!(fix.applicability, crate::Applicability::Unsafe);
        // The ids show what was meant: "the server drops them" would lead the wrong way.
        assert!(
            found.iter().all(|d| d.name() != "dropped-alert-member"),
            "{found:?}"
        );
        // Without tile ids it only needs `savedSearchId`.
        let found = alert("");
        let ours: Vec<&Diagnostic> = found.iter().filter(|d| d.rule == &RULE).collect();
        assert_eq!(ours.len(), 1);
        assert_eq!(ours[0].pointer, "/savedSearchId");
        assert!(ours[0].fix.is_none());
    }
}
