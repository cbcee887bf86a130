use std::time::{SystemTime, UNIX_EPOCH};

use chrono::{DateTime, TimeDelta, Utc};

use crate::api::time::parse_utc;
use crate::rules::prelude::*;

declare_rule! {
    /// ## What it checks
    /// An alert's `scheduleStartAt` lies at most one year (365 days) after the moment of the
    /// check and at most ten years (3650 days) before it.
    /// Only a well-formed value is checked; its form is `alert-schedule-start-format`'s
    /// finding.
    ///
    /// It is a warning, not an error: the server checks this against the day the request
    /// arrives, so the same body can be fine today and rejected next year.
    ///
    /// ## Why it matters
    /// The server rejects a start time outside that window. Far-off dates are usually typos
    /// in the year, or a date kept in a template for too long.
    ///
    /// ## Example
    /// ```json bad kind:stack-alert at:/
    /// {"interval": "1d", "scheduleStartAt": "2062-03-01T09:00:00Z"}
    /// ```
    ///
    /// ## Fix
    /// Set a start time within the next year (or the last ten years), or use `null` for no
    /// fixed start.
    ///
    /// ```json good kind:stack-alert at:/
    /// {"interval": "1d", "scheduleStartAt": null}
    /// ```
    pub static RULE = {
        code: "PL708",
        name: "alert-schedule-start-range",
        severity: Warning,
        kinds: [StackAlert, ManagedStackAlert],
        summary: "scheduleStartAt is more than one year ahead or ten years back (the server rejects it)",
        check: Some(check),
    };
}

const START: &str = "/scheduleStartAt";

fn check(cx: &Context, out: &mut Vec<Diagnostic>) {
    let Some(start) = cx.get_str(START).and_then(parse_utc) else {
        return;
    };
    if let Some((message, help)) = judge(start, now()) {
        out.push(
            cx.at_value(&RULE, START, message)
                .with_label("outside the accepted window")
                .with_help(help),
        );
    }
}

/// The moment of the check; the epoch if the clock is unusable.
fn now() -> DateTime<Utc> {
    let millis = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX));
    DateTime::from_timestamp_millis(millis).unwrap_or_default()
}

/// The message and help when `start` lies outside the server's window around `now`.
fn judge(start: DateTime<Utc>, now: DateTime<Utc>) -> Option<(String, String)> {
    let shown = start.format("%Y-%m-%d");
    if start > now + TimeDelta::days(365) {
        Some((
            format!("`scheduleStartAt` ({shown}) is more than one year ahead"),
            "the server accepts start times up to one year ahead: check the year".to_owned(),
        ))
    } else if start < now - TimeDelta::days(3650) {
        Some((
            format!("`scheduleStartAt` ({shown}) is more than ten years back"),
            "the server accepts start times up to ten years back: check the year, or use `null`"
                .to_owned(),
        ))
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::testing::alert_findings;

    fn at(text: &str) -> DateTime<Utc> {
        parse_utc(text).unwrap()
    }

    #[test]
    fn judges_against_the_given_day() {
        let today = at("2026-03-15T12:00:00Z");
        assert!(judge(at("2026-03-01T09:00:00Z"), today).is_none());
        assert!(judge(at("2027-03-14T12:00:00Z"), today).is_none());
        assert!(judge(at("2027-03-16T12:00:00Z"), today).is_some());
        assert!(judge(at("2016-03-18T12:00:00Z"), today).is_none());
        assert!(judge(at("2016-03-16T12:00:00Z"), today).is_some());
    }

    #[test]
    fn uses_the_clock() {
        // Far enough out that the verdict does not depend on the day the test runs.
        assert_eq!(
            alert_findings(
                &RULE,
                r#""interval": "1d", "scheduleStartAt": "2999-01-01T00:00:00Z""#
            )
            .len(),
            1
        );
        assert_eq!(
            alert_findings(
                &RULE,
                r#""interval": "1d", "scheduleStartAt": "1999-01-01T00:00:00Z""#
            )
            .len(),
            1
        );
    }
}
