use crate::api::time::{EpochUnit, as_millis, epoch_unit};
use crate::rules::prelude::*;

declare_rule! {
    /// ## What it checks
    /// `startTime` and `endTime` of a chart series query are epoch **milliseconds**: the
    /// server accepts only values of 13 digits or more. A value of 9 to 11
    /// digits is a time in seconds; one of 15 digits or more is in microseconds or
    /// nanoseconds.
    ///
    /// ## Why it matters
    /// Seconds are the most common mistake (`date +%s` prints them). The server rejects the
    /// query with "Timestamp must be in milliseconds"; had it not, the chart would show
    /// January 1970.
    ///
    /// ## Example
    /// ```json bad kind:chart-series at:/
    /// {"startTime": 1717171717, "endTime": 1717175317}
    /// ```
    ///
    /// ## Fix
    /// Multiply a time in seconds by 1000 (the fix does, for each value): `1717171717`
    /// becomes `1717171717000`. Microseconds and nanoseconds get a fix that divides.
    ///
    /// ```json good kind:chart-series at:/
    /// {"startTime": 1717171717000, "endTime": 1717175317000}
    /// ```
    pub static RULE = {
        code: "PL720",
        name: "epoch-milliseconds",
        severity: Error,
        kinds: [ChartSeries],
        summary: "startTime or endTime is not in epoch milliseconds (seconds get a ×1000 fix)",
        check: Some(check),
        fix: Unsafe,
    };
}

fn check(cx: &Context, out: &mut Vec<Diagnostic>) {
    for member in ["startTime", "endTime"] {
        let pointer = format!("/{member}");
        let Some(value) = cx.get(&pointer).and_then(Value::as_u64) else {
            continue;
        };
        let digits = value.to_string().len();
        let (message, label, fix) = match epoch_unit(value) {
            EpochUnit::Milliseconds => continue,
            EpochUnit::Seconds => (
                format!("`{member}` is {value}, a time in seconds, not milliseconds"),
                format!("{digits} digits: seconds"),
                as_millis(value).map(|ms| (ms, "Multiply by 1000")),
            ),
            EpochUnit::Microseconds => (
                format!("`{member}` is {value}, a time in microseconds, not milliseconds"),
                format!("{digits} digits: microseconds"),
                as_millis(value).map(|ms| (ms, "Divide by 1000")),
            ),
            EpochUnit::Nanoseconds => (
                format!("`{member}` is {value}, a time in nanoseconds, not milliseconds"),
                format!("{digits} digits: nanoseconds"),
                as_millis(value).map(|ms| (ms, "Divide by 1000000")),
            ),
            EpochUnit::TooEarly => (
                format!(
                    "`{member}` is {value}: the server takes epoch milliseconds of 13 digits or more"
                ),
                format!("{digits} digits"),
                None,
            ),
            EpochUnit::TooSmall => (
                format!("`{member}` is {value}, which is no time in epoch milliseconds"),
                format!("{digits} digits"),
                None,
            ),
        };
        let mut diagnostic = cx.at_value(&RULE, &pointer, message).with_label(label);
        diagnostic = match fix {
            Some((millis, title)) => diagnostic
                .with_help(format!("write `{millis}` (milliseconds)"))
                .with_fix(Fix {
                    title: format!("{title}: `{millis}`"),
                    span: cx.value_span(&pointer),
                    replacement: millis.to_string(),
                    applicability: crate::Applicability::Unsafe,
                }),
            None => diagnostic.with_help(
                "write the time in epoch milliseconds, e.g. `1717171717000` (`date +%s%3N` prints the current one)",
            ),
        };
        out.push(diagnostic);
    }
}
