use chrono::{DateTime, SecondsFormat, Utc};

use crate::api::time::parse_utc;
use crate::rules::prelude::*;

declare_rule! {
    /// ## What it checks
    /// An alert's `scheduleStartAt` is `null` or an RFC 3339 date-time in UTC with a `Z`
    /// suffix, such as `2026-03-01T09:00:00Z`. How far it
    /// lies from today is `alert-schedule-start-range`'s warning.
    ///
    /// ## Why it matters
    /// The server rejects any other form, including a valid time with an offset such as
    /// `+01:00`, a date without a time, and a time without seconds.
    ///
    /// ## Example
    /// ```json bad kind:stack-alert at:/
    /// {"interval": "1d", "scheduleStartAt": "2026-03-01T09:00:00+01:00"}
    /// ```
    ///
    /// ## Fix
    /// Write the time in UTC with `Z`: `"2026-03-01T08:00:00Z"`. A time with an offset gets
    /// an automatic fix to the same instant in UTC.
    ///
    /// ```json good kind:stack-alert at:/
    /// {"interval": "1d", "scheduleStartAt": "2026-03-01T08:00:00Z"}
    /// ```
    pub static RULE = {
        code: "PL707",
        name: "alert-schedule-start-format",
        severity: Error,
        kinds: [StackAlert, ManagedStackAlert],
        summary: "scheduleStartAt is not an RFC 3339 date-time in UTC with a Z suffix",
        check: Some(check),
        fix: Safe,
    };
}

const START: &str = "/scheduleStartAt";

fn check(cx: &Context, out: &mut Vec<Diagnostic>) {
    let Some(text) = cx.get_str(START) else {
        return;
    };
    if parse_utc(text).is_some() {
        return;
    }
    let mut diagnostic = cx
        .at_value(
            &RULE,
            START,
            "`scheduleStartAt` must be an RFC 3339 date-time in UTC ending in `Z`",
        )
        .with_label("not a UTC date-time");
    match DateTime::parse_from_rfc3339(text) {
        Ok(time) => {
            let utc = time
                .with_timezone(&Utc)
                .to_rfc3339_opts(SecondsFormat::AutoSi, true);
            diagnostic = diagnostic
                .with_help(format!("write the same instant in UTC: `{utc}`"))
                .with_fix(Fix {
                    title: format!("Write `{utc}`"),
                    span: cx.value_span(START),
                    replacement: serde_json::Value::String(utc).to_string(),
                    applicability: crate::Applicability::Safe,
                });
        }
        Err(_) => {
            diagnostic = diagnostic.with_help(
                "write a date, a time with seconds and `Z`, such as `\"2026-03-01T09:00:00Z\"`, or `null` for no start time",
            );
        }
    }
    out.push(diagnostic);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::testing::alert_findings;

    #[test]
    fn offers_the_utc_instant() {
        let found = alert_findings(
            &RULE,
            r#""interval": "1d", "scheduleStartAt": "2026-03-01T09:00:00+01:00""#,
        );
        assert_eq!(found.len(), 1);
        assert_eq!(
            found[0].fix.as_ref().map(|f| f.replacement.as_str()),
            Some("\"2026-03-01T08:00:00Z\"")
        );
        assert!(alert_findings(&RULE, r#""interval": "1d", "scheduleStartAt": null"#).is_empty());
    }
}
