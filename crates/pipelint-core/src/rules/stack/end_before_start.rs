use crate::rules::prelude::*;

use crate::api::time::as_millis;

declare_rule! {
    /// ## What it checks
    /// `endTime` of a chart series query is after `startTime`. Values in seconds are
    /// compared as if multiplied by 1000 (`epoch-milliseconds` reports their unit).
    ///
    /// ## Why it matters
    /// The server does not check it: a reversed or empty range returns no
    /// data and no error, and the chart silently stays empty.
    ///
    /// ## Example
    /// ```json bad kind:chart-series at:/
    /// {"startTime": 1717175317000, "endTime": 1717171717000}
    /// ```
    ///
    /// ## Fix
    /// Swap the two times, or correct the mistyped one.
    ///
    /// ```json good kind:chart-series at:/
    /// {"startTime": 1717171717000, "endTime": 1717175317000}
    /// ```
    pub static RULE = {
        code: "PL721",
        name: "end-before-start",
        severity: Warning,
        kinds: [ChartSeries],
        summary: "endTime is not after startTime (the server does not check)",
        check: Some(check),
    };
}

fn check(cx: &Context, out: &mut Vec<Diagnostic>) {
    let millis = |pointer: &str| cx.get(pointer).and_then(Value::as_u64).and_then(as_millis);
    let (Some(start), Some(end)) = (millis("/startTime"), millis("/endTime")) else {
        return;
    };
    if end > start {
        return;
    }
    let message = if end == start {
        "`endTime` equals `startTime`: the time range is empty"
    } else {
        "`endTime` is before `startTime`"
    };
    out.push(
        cx.at_value(&RULE, "/endTime", message)
            .with_label("end")
            .with_secondary(cx.value_span("/startTime"), "start")
            .with_help("the server answers an empty or reversed range with no data and no error: swap the times or correct the mistyped one"),
    );
}
