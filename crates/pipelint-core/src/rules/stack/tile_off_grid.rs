use crate::rules::prelude::*;

declare_rule! {
    /// ## What it checks
    /// Each dashboard tile fits on the 24-column grid: `x + w` is at most 24 (real-API
    /// notes). `x` (0 to 23) and `w` (1 to 24) on their own are checked by the schema.
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
    for i in 0..super::len(cx, "/tiles") {
        let x_pointer = format!("/tiles/{i}/x");
        let w_pointer = format!("/tiles/{i}/w");
        let (Some(x), Some(w)) = (
            cx.get(&x_pointer).and_then(Value::as_f64),
            cx.get(&w_pointer).and_then(Value::as_f64),
        ) else {
            continue;
        };
        // Out-of-range values on their own are the schema's finding.
        if !(0.0..COLUMNS).contains(&x) || !(1.0..=COLUMNS).contains(&w) || x + w <= COLUMNS {
            continue;
        }
        let (x_text, w_text) = (cx.get(&x_pointer), cx.get(&w_pointer));
        let (x_text, w_text) = (
            x_text.map(Value::to_string).unwrap_or_default(),
            w_text.map(Value::to_string).unwrap_or_default(),
        );
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
