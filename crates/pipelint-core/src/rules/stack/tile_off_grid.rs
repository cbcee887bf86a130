use crate::rules::prelude::*;

declare_rule! {
    /// ## What it checks
    /// Each dashboard tile fits on the 24-column grid: `x + w` is at most 24. `x` (0 to 23) and `w`
    /// (1 to 24) on their own are checked by the schema.
    ///
    /// ## Why it matters
    /// The server does not check it, so the dashboard is saved, and the tile then sticks
    /// out of the grid or is squeezed or moved by the layout engine when the dashboard is
    /// opened.
    ///
    /// ## Example
    /// ```json bad kind:dashboard at:/tiles/0
    /// {"x": 16, "w": 12}
    /// ```
    ///
    /// ## Fix
    /// Make the tile narrower (`w` at most `24 - x`) or move it left (`x` at most `24 - w`).
    ///
    /// ```json good kind:dashboard at:/tiles/0
    /// {"x": 12, "w": 12}
    /// ```
    pub static RULE = {
        code: "PL740",
        name: "tile-off-grid",
        severity: Warning,
        kinds: [Dashboard, DashboardUpdate],
        summary: "A dashboard tile reaches past the 24-column grid (x + w > 24)",
        check: Some(check),
    };
}

const COLUMNS: f64 = 24.0;

fn check(cx: &Context, out: &mut Vec<Diagnostic>) {
    for (i, tile) in super::facts::tiles(cx) {
        let (Some(x_value), Some(w_value)) = (tile.get("x"), tile.get("w")) else {
            continue;
        };
        let (Some(x), Some(w)) = (x_value.as_f64(), w_value.as_f64()) else {
            continue;
        };
        // Out-of-range values on their own are the schema's finding.
        if !(0.0..COLUMNS).contains(&x) || !(1.0..=COLUMNS).contains(&w) || x + w <= COLUMNS {
            continue;
        }
        let (x_pointer, w_pointer) = (format!("/tiles/{i}/x"), format!("/tiles/{i}/w"));
        let (x_text, w_text) = (x_value.to_string(), w_value.to_string());
        out.push(
            cx.at_value(
                &RULE,
                &w_pointer,
                format!(
                    "`tiles[{i}]` reaches column {}: `x` {x_text} + `w` {w_text} is more than the 24 columns of the grid",
                    x + w
                ),
            )
            .with_label("too wide for its position")
            .with_secondary(cx.value_span(&x_pointer), "starts here")
            .with_help(format!(
                "make it at most {} wide, or move it to `x` {} or less; the server does not check this",
                COLUMNS - x,
                COLUMNS - w
            )),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::testing::findings_as;

    #[test]
    fn reports_the_tiles_that_reach_past_the_grid() {
        let json = r#"{"name": "d", "tiles": [
            {"name": "a", "x": 16, "y": 0, "w": 12, "h": 3},
            "not a tile",
            {"name": "b", "x": 12, "y": 0, "w": 12, "h": 3},
            {"name": "c", "x": 20.5, "y": 3, "w": 4, "h": 3},
            {"name": "d", "x": "20", "y": 3, "w": 10, "h": 3}]}"#;
        let found = findings_as(&RULE, DocumentKind::Dashboard, json);
        let pointers: Vec<&str> = found.iter().map(|d| d.pointer.as_str()).collect();
        assert_eq!(pointers, ["/tiles/0/w", "/tiles/3/w"]);
        assert!(
            found[0].message.contains("`x` 16 + `w` 12"),
            "{}",
            found[0].message
        );
        assert!(
            found[1].message.contains("`x` 20.5 + `w` 4"),
            "{}",
            found[1].message
        );
    }
}
