use crate::rules::prelude::*;

declare_rule! {
    /// ## What it checks
    /// No two tiles of a dashboard have the same `id`.
    ///
    /// ## Why it matters
    /// Alerts name their tile by `dashboardId` and `tileId`; with two tiles of the same id
    /// the server rejects the dashboard, and had it not, an alert would watch whichever tile
    /// it found first. Copying a tile in the file and forgetting to change its id is the
    /// usual cause.
    ///
    /// ## Example
    /// ```json bad kind:dashboard at:/
    /// {"tiles": [{"id": "errors", "name": "Errors", "x": 0, "y": 0, "w": 12, "h": 4,
    ///             "config": {"displayType": "line", "sourceId": "65f5e4a3b9e77c001a123456",
    ///                        "select": [{"aggFn": "count"}]}},
    ///            {"id": "errors", "name": "Error rate", "x": 12, "y": 0, "w": 12, "h": 4,
    ///             "config": {"displayType": "number", "sourceId": "65f5e4a3b9e77c001a123456",
    ///                        "select": [{"aggFn": "count"}]}}]}
    /// ```
    ///
    /// ## Fix
    /// Give the copy its own id, or remove the `id` to let the server generate one.
    pub static RULE = {
        code: "PL744",
        name: "duplicate-tile-id",
        severity: Error,
        kinds: [Dashboard, DashboardUpdate],
        summary: "Two dashboard tiles have the same id",
        check: Some(check),
    };
}

fn check(cx: &Context, out: &mut Vec<Diagnostic>) {
    let ids = super::facts::tiles(cx).filter_map(|(i, tile)| Some((i, tile.get("id")?.as_str()?)));
    let pointer = |index| format!("/tiles/{index}/id");
    for (index, first, id) in repeats(ids) {
        out.push(
            cx.at_value(
                &RULE,
                &pointer(index),
                format!("tile id `{id}` is already used by `tiles[{first}]`"),
            )
            .with_label("used again here")
            .with_secondary(cx.value_span(&pointer(first)), "first used here")
            .with_help("give this tile its own id, or remove `id` to let the server generate one"),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::testing::findings_as;

    #[test]
    fn reports_each_repeat_against_the_first_use() {
        let tile =
            |id: &str| format!(r#"{{"id": {id}, "name": "t", "x": 0, "y": 0, "w": 6, "h": 3}}"#);
        let tiles = [
            tile(r#""a""#),
            "7".to_owned(),
            tile(r#""b""#),
            tile(r#""a""#),
            tile("1"),
            tile(r#""a""#),
        ];
        let json = format!(r#"{{"name": "d", "tiles": [{}]}}"#, tiles.join(", "));
        let found = findings_as(&RULE, DocumentKind::Dashboard, &json);
        let pointers: Vec<&str> = found.iter().map(|d| d.pointer.as_str()).collect();
        assert_eq!(pointers, ["/tiles/3/id", "/tiles/5/id"]);
        assert!(found.iter().all(|d| d.message.ends_with("`tiles[0]`")));
    }
}
