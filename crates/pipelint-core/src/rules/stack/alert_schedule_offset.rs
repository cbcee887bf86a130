use crate::rules::prelude::*;

declare_rule! {
    /// ## What it checks
    /// An alert's `scheduleOffsetMinutes` is smaller than its `interval` in minutes, and is
    /// `0` (or absent) when `scheduleStartAt` is set. Its
    /// range, a whole number from 0 to 1439, is checked by the schema (`out-of-range`).
    ///
    /// ## Why it matters
    /// The offset shifts each evaluation window inside one interval; an offset of a whole
    /// interval or more, or an offset next to an explicit start time, is rejected by the
    /// server.
    ///
    /// ## Example
    /// ```json bad kind:stack-alert at:/
    /// {"interval": "15m", "scheduleOffsetMinutes": 20, "threshold": 10, "thresholdType": "above", "channel": {"type": "webhook", "webhookId": "65f5e4a3b9e77c001a567891"}, "savedSearchId": "65f5e4a3b9e77c001a567890"}
    /// ```
    ///
    /// ## Fix
    /// Use an offset below the interval (`0` to `14` for `15m`), or drop the offset when the
    /// alert has a `scheduleStartAt`.
    ///
    /// ```json good kind:stack-alert at:/
    /// {"interval": "15m", "scheduleOffsetMinutes": 5}
    /// ```
    pub static RULE = {
        code: "PL706",
        name: "alert-schedule-offset",
        severity: Error,
        kinds: [StackAlert, ManagedStackAlert],
        summary: "scheduleOffsetMinutes is not below the interval, or is set together with scheduleStartAt",
        check: Some(check),
    };
}

const OFFSET: &str = "/scheduleOffsetMinutes";
const START: &str = "/scheduleStartAt";
const INTERVAL: &str = "/interval";

/// The alert intervals in minutes (real-API notes, "Alert create/update body").
pub(crate) fn interval_minutes(interval: &str) -> Option<u64> {
    Some(match interval {
        "1m" => 1,
        "5m" => 5,
        "15m" => 15,
        "30m" => 30,
        "1h" => 60,
        "6h" => 360,
        "12h" => 720,
        "1d" => 1440,
        _ => return None,
    })
}

fn check(cx: &Context, out: &mut Vec<Diagnostic>) {
    let Some(offset) = cx.get(OFFSET).and_then(Value::as_u64) else {
        return;
    };
    if let Some(interval) = cx.get_str(INTERVAL)
        && let Some(minutes) = interval_minutes(interval)
        && offset >= minutes
    {
        out.push(
            cx.at_value(
                &RULE,
                OFFSET,
                format!("`scheduleOffsetMinutes` must be less than the {minutes}-minute interval, found {offset}"),
            )
            .with_label(format!("not below {minutes}"))
            .with_secondary(cx.value_span(INTERVAL), "interval set here")
            .with_help(format!("use an offset from 0 to {}", minutes - 1)),
        );
    }
    let start_set = cx.get_str(START).is_some_and(|s| !s.is_empty());
    if start_set && offset > 0 {
        out.push(
            cx.at_value(
                &RULE,
                OFFSET,
                "`scheduleOffsetMinutes` must be 0 when `scheduleStartAt` is set",
            )
            .with_label("offset with a start time")
            .with_secondary(cx.value_span(START), "start time set here")
            .with_help("remove `scheduleOffsetMinutes` (the start time already fixes the schedule), or remove `scheduleStartAt`"),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::testing::alert_findings;

    #[test]
    fn offset_below_interval_and_not_with_a_start() {
        assert!(
            alert_findings(&RULE, r#""interval": "15m", "scheduleOffsetMinutes": 14"#).is_empty()
        );
        assert_eq!(
            alert_findings(&RULE, r#""interval": "15m", "scheduleOffsetMinutes": 15"#).len(),
            1
        );
        assert!(
            alert_findings(&RULE, r#""interval": "1d", "scheduleOffsetMinutes": 1439"#).is_empty()
        );
        let with_start = r#""interval": "1h", "scheduleOffsetMinutes": 5, "scheduleStartAt": "2026-03-01T09:00:00Z""#;
        assert_eq!(alert_findings(&RULE, with_start).len(), 1);
        let zero = r#""interval": "1h", "scheduleOffsetMinutes": 0, "scheduleStartAt": "2026-03-01T09:00:00Z""#;
        assert!(alert_findings(&RULE, zero).is_empty());
    }
}
