use crate::rules::prelude::*;
use std::sync::LazyLock;

use chrono::{DateTime, Datelike, NaiveDate, NaiveDateTime, NaiveTime, TimeDelta, Timelike};
use regex::Regex;

use super::offset_timestamp_ignored::IGNORING;
use super::offset_timestamp_required::{STRATEGY, TIMESTAMP};

declare_rule! {
    /// ## What it checks
    /// A Kafka `offset.timestamp` is a real UTC minute written exactly `YYYY-MM-DDThh:mm`
    /// (spec 2.7 and 8: "UTC with minute precision"): zero-padded, with a `T`, no seconds,
    /// no time zone, and a date that exists in the calendar. Placeholders such as
    /// `${START_TIME}` are not checked. A timestamp the strategy ignores is left to
    /// `kafka-offset-timestamp-ignored`.
    ///
    /// ## Why it matters
    /// The API accepts only this form. An ISO timestamp copied from a log
    /// (`2024-05-01T08:30:00Z`) or a date that does not exist (`2024-02-30T10:00`) fails the
    /// create request.
    ///
    /// ## Example
    /// ```json bad kind:create-pipe at:/source/kafka
    /// {"offset": {"strategy": "from_timestamp", "timestamp": "2024-05-01T08:30:00Z"}}
    /// ```
    ///
    /// ## Fix
    /// Write the minute in UTC: `"2024-05-01T08:30"`. When the value certainly means one
    /// minute (seconds, a `Z` or an offset, a space for `T`, missing zero padding), the
    /// corrected form is offered as a fix; an impossible date has to be corrected by hand.
    ///
    /// ```json good kind:create-pipe at:/source/kafka
    /// {"offset": {"strategy": "from_timestamp", "timestamp": "2024-05-01T08:30"}}
    /// ```
    pub static RULE = {
        code: "PL203",
        name: "kafka-offset-timestamp-format",
        severity: Error,
        kinds: [CreatePipe],
        summary: "The Kafka offset timestamp is not a valid UTC minute YYYY-MM-DDThh:mm",
        check: Some(check),
        fix: Safe,
    };
}

fn check(cx: &Context, out: &mut Vec<Diagnostic>) {
    let Some(text) = text_to_check(cx.get(TIMESTAMP)) else {
        return;
    };
    if cx.get_str(STRATEGY).is_some_and(|s| IGNORING.contains(&s)) {
        return;
    }
    let diagnostic = match judge(text) {
        Verdict::Valid => return,
        Verdict::Fixable { corrected, problem } => cx
            .at_value(
                &RULE,
                TIMESTAMP,
                format!("the offset timestamp `{text}` is not in the form `YYYY-MM-DDThh:mm`"),
            )
            .with_label(problem)
            .with_help(format!("the API takes the UTC minute: write `{corrected}`"))
            .with_fix(crate::rules::edit::replace_string(
                cx,
                TIMESTAMP,
                format!("Replace with `{corrected}`"),
                corrected,
            )),
        Verdict::Invalid {
            problem,
            label,
            help,
            part,
        } => {
            let span = match part {
                Some(part) => string_part_span(cx, TIMESTAMP, part),
                None => cx.value_span(TIMESTAMP),
            };
            Diagnostic::new(
                &RULE,
                span,
                TIMESTAMP,
                format!("the offset timestamp `{text}` {problem}"),
            )
            .with_label(label)
            .with_help(help)
        }
    };
    out.push(diagnostic);
}

/// What a timestamp text is.
#[derive(Debug, PartialEq)]
pub(crate) enum Verdict {
    Valid,
    /// Not in the exact form, but it names one UTC minute for certain.
    Fixable {
        corrected: String,
        problem: String,
    },
    /// Not a valid minute; `part` is the byte range to point at, if narrower than the value.
    Invalid {
        problem: String,
        label: String,
        help: String,
        part: Option<Range<usize>>,
    },
}

const EXAMPLE_HELP: &str =
    "write the UTC start time as `YYYY-MM-DDThh:mm`, e.g. `2024-05-01T08:30`";

// The patterns are literals tested below; failing to compile them is a build defect.
#[allow(clippy::expect_used)]
static LENIENT: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r"^(\s*)(\d{4})-(\d{1,2})-(\d{1,2})([Tt]|\s+)(\d{1,2}):(\d{1,2})(?::(\d{1,2})(?:[.,]\d+)?)?(?:\s*(Z|z|UTC|GMT|[+-]\d{2}(?::?\d{2})?))?(\s*)$",
    )
    .expect("valid regex")
});

#[allow(clippy::expect_used)]
static DATE_ONLY: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"^\s*(\d{4})-(\d{1,2})-(\d{1,2})\s*$").expect("valid regex"));

/// Judges a timestamp text. The exact shape is checked first: chrono's parser alone would
/// accept `2024-5-1T9:3` and leading spaces (crates.md P14).
pub(crate) fn judge(text: &str) -> Verdict {
    if let Some(caps) = LENIENT.captures(text) {
        let group = |i: usize| caps.get(i).map(|m| (m.as_str(), m.range()));
        let number = |i: usize| {
            group(i)
                .and_then(|(s, _)| s.parse::<u32>().ok())
                .unwrap_or(0)
        };
        let range = |i: usize| group(i).map(|(_, r)| r);
        let (year, month, day) = (number(2), number(3), number(4));
        let (hour, minute) = (number(6), number(7));
        let date_part = range(2).unwrap_or_default().start..range(4).unwrap_or_default().end;
        let date = match calendar_date(year, month, day, range(3), range(4), date_part) {
            Ok(date) => date,
            Err(verdict) => return verdict,
        };
        if hour > 23 {
            return out_of_range("hour", hour, "00–23", range(6));
        }
        if minute > 59 {
            return out_of_range("minute", minute, "00–59", range(7));
        }
        let seconds = group(8).map(|_| number(8));
        if let Some(s) = seconds.filter(|s| *s > 59) {
            return out_of_range("second", s, "00–59", range(8));
        }
        let exact = text.len() == 16
            && seconds.is_none()
            && group(9).is_none()
            && group(1).is_some_and(|(s, _)| s.is_empty())
            && group(3).is_some_and(|(s, _)| s.len() == 2)
            && group(4).is_some_and(|(s, _)| s.len() == 2)
            && group(5).is_some_and(|(s, _)| s == "T")
            && group(6).is_some_and(|(s, _)| s.len() == 2)
            && group(7).is_some_and(|(s, _)| s.len() == 2);
        if exact {
            return Verdict::Valid;
        }
        let Some(time) = NaiveTime::from_hms_opt(hour, minute, 0) else {
            return generic();
        };
        let mut local = NaiveDateTime::new(date, time);
        let mut problems = Vec::new();
        if let Some(s) = seconds {
            problems.push(if s == 0 && !caps[0].contains(['.', ',']) {
                "has seconds".to_owned()
            } else {
                "has seconds (the start is rounded down to the minute)".to_owned()
            });
        }
        if let Some((zone, _)) = group(9) {
            let shift = zone_minutes(zone);
            match shift {
                Some(0) => problems.push("has a time zone".to_owned()),
                Some(minutes) => {
                    let Some(utc) = local.checked_sub_signed(TimeDelta::minutes(minutes)) else {
                        return generic();
                    };
                    local = utc;
                    problems.push(format!("is in UTC{zone} (converted to UTC)"));
                }
                None => {
                    return Verdict::Invalid {
                        problem: format!("has the time zone `{zone}`, which is not a valid offset"),
                        label: "invalid time zone offset".to_owned(),
                        help: EXAMPLE_HELP.to_owned(),
                        part: range(9),
                    };
                }
            }
        }
        if group(5).is_some_and(|(s, _)| s != "T") {
            problems.push("needs `T` between date and time".to_owned());
        }
        if [3, 4, 6, 7]
            .iter()
            .any(|&i| group(i).is_some_and(|(s, _)| s.len() == 1))
        {
            problems.push("is not zero-padded".to_owned());
        }
        if group(1).is_some_and(|(s, _)| !s.is_empty())
            || group(10).is_some_and(|(s, _)| !s.is_empty())
        {
            problems.push("has surrounding spaces".to_owned());
        }
        return Verdict::Fixable {
            corrected: minute_form(&local),
            problem: join(&problems),
        };
    }
    if let Some(caps) = DATE_ONLY.captures(text) {
        let number = |i: usize| {
            caps.get(i)
                .and_then(|m| m.as_str().parse::<u32>().ok())
                .unwrap_or(0)
        };
        let part = |i: usize| caps.get(i).map(|m| m.range());
        let whole = part(1).unwrap_or_default().start..part(3).unwrap_or_default().end;
        let date = match calendar_date(number(1), number(2), number(3), part(2), part(3), whole) {
            Ok(date) => date,
            Err(verdict) => return verdict,
        };
        let midnight = format!(
            "{:04}-{:02}-{:02}T00:00",
            date.year(),
            date.month(),
            date.day()
        );
        return Verdict::Invalid {
            problem: "has no time of day".to_owned(),
            label: "date without time".to_owned(),
            help: format!("add the UTC time of day, e.g. `{midnight}` to start at midnight"),
            part: None,
        };
    }
    let trimmed = text.trim();
    if (9..=13).contains(&trimmed.len()) && trimmed.bytes().all(|b| b.is_ascii_digit()) {
        let number: i64 = trimmed.parse().unwrap_or_default();
        let seconds = if trimmed.len() >= 12 {
            number / 1000
        } else {
            number
        };
        if let Some(at) = DateTime::from_timestamp(seconds, 0) {
            return Verdict::Invalid {
                problem: "is a Unix timestamp, not a date and time".to_owned(),
                label: "Unix time".to_owned(),
                help: format!(
                    "write the UTC minute instead: this one is `{}`",
                    minute_form(&at.naive_utc())
                ),
                part: None,
            };
        }
    }
    generic()
}

/// The verdict for text that is no date and time at all.
fn generic() -> Verdict {
    Verdict::Invalid {
        problem: "is not a date and time in the form `YYYY-MM-DDThh:mm`".to_owned(),
        label: "not `YYYY-MM-DDThh:mm`".to_owned(),
        help: EXAMPLE_HELP.to_owned(),
        part: None,
    }
}

/// The date, or the verdict naming the bad month or day. Calendar validity is chrono's.
fn calendar_date(
    year: u32,
    month: u32,
    day: u32,
    month_at: Option<Range<usize>>,
    day_at: Option<Range<usize>>,
    date_at: Range<usize>,
) -> Result<NaiveDate, Verdict> {
    let year_i = i32::try_from(year).unwrap_or(0);
    if !(1..=12).contains(&month) {
        return Err(out_of_range("month", month, "01–12", month_at));
    }
    if let Some(date) = NaiveDate::from_ymd_opt(year_i, month, day) {
        return Ok(date);
    }
    if day == 0 {
        return Err(out_of_range("day", day, "01–31", day_at));
    }
    let days = (28..=31)
        .rev()
        .find(|d| NaiveDate::from_ymd_opt(year_i, month, *d).is_some())
        .unwrap_or(28);
    let month_name = MONTHS[(month - 1) as usize];
    Err(Verdict::Invalid {
        problem: format!("is not a calendar date: {month_name} {year} has {days} days"),
        label: format!("{month_name} {year} has no day {day}"),
        help: format!("correct the day: {month_name} {year} has days 01 to {days}"),
        part: Some(day_at.unwrap_or(date_at)),
    })
}

const MONTHS: [&str; 12] = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
];

fn out_of_range(what: &str, value: u32, range: &str, at: Option<Range<usize>>) -> Verdict {
    Verdict::Invalid {
        problem: format!("has {what} {value}, outside {range}"),
        label: format!("{what} must be {range}"),
        help: format!("correct the {what} ({range}); {EXAMPLE_HELP}"),
        part: at,
    }
}

/// Minutes east of UTC for `Z`, `UTC`, `+02:00`, `-0530`, `+01`; `None` when out of range.
fn zone_minutes(zone: &str) -> Option<i64> {
    if zone.eq_ignore_ascii_case("z") || zone == "UTC" || zone == "GMT" {
        return Some(0);
    }
    let sign = if zone.starts_with('-') { -1 } else { 1 };
    let digits: String = zone.chars().filter(char::is_ascii_digit).collect();
    let hours: i64 = digits.get(..2)?.parse().ok()?;
    let minutes: i64 = digits
        .get(2..)
        .filter(|m| !m.is_empty())
        .map_or(Some(0), |m| m.parse().ok())?;
    (hours <= 23 && minutes <= 59).then_some(sign * (hours * 60 + minutes))
}

fn minute_form(at: &NaiveDateTime) -> String {
    format!(
        "{:04}-{:02}-{:02}T{:02}:{:02}",
        at.year(),
        at.month(),
        at.day(),
        at.hour(),
        at.minute()
    )
}

fn join(items: &[String]) -> String {
    match items {
        [] => "not in the exact form".to_owned(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::testing::{findings, kafka_offset_body, spanned};

    fn fixed(text: &str) -> Option<String> {
        match judge(text) {
            Verdict::Fixable { corrected, .. } => Some(corrected),
            _ => None,
        }
    }

    fn invalid(text: &str) -> bool {
        matches!(judge(text), Verdict::Invalid { .. })
    }

    #[test]
    fn accepts_only_the_exact_minute_form() {
        for ok in ["2024-05-01T08:30", "2024-02-29T23:59", "2000-01-01T00:00"] {
            assert_eq!(judge(ok), Verdict::Valid, "{ok}");
        }
    }

    #[test]
    fn corrects_what_certainly_means_one_minute() {
        let cases = [
            ("2024-01-01T10:00:00Z", "2024-01-01T10:00"),
            ("2024-01-01T10:00:00", "2024-01-01T10:00"),
            ("2024-01-01T10:00:59.999Z", "2024-01-01T10:00"),
            ("2024-01-01T10:00Z", "2024-01-01T10:00"),
            ("2024-01-01 10:00", "2024-01-01T10:00"),
            ("2024-5-1T9:3", "2024-05-01T09:03"),
            (" 2024-05-01T10:30", "2024-05-01T10:30"),
            ("2024-05-01T10:30 ", "2024-05-01T10:30"),
            ("2024-01-01T01:30+02:00", "2023-12-31T23:30"),
            ("2024-01-01T22:00-0530", "2024-01-02T03:30"),
            ("2024-01-01t10:00 UTC", "2024-01-01T10:00"),
        ];
        for (input, expected) in cases {
            assert_eq!(fixed(input).as_deref(), Some(expected), "{input}");
        }
    }

    #[test]
    fn rejects_impossible_dates_without_a_fix() {
        for bad in [
            "2024-02-30T10:00",
            "2023-02-29T10:00",
            "2024-04-31T10:00",
            "2024-13-01T10:00",
            "2024-00-10T10:00",
            "2024-01-00T10:00",
            "2024-01-01T24:00",
            "2024-01-01T10:60",
            "2024-01-01T10:00:61",
            "2024-01-01T10:00+25:00",
            "2024-02-30T10:00:00Z",
            "2024-05-01",
            "1714552200",
            "01/05/2024 08:30",
            "",
            "yesterday",
        ] {
            assert!(invalid(bad), "{bad}");
        }
    }

    #[test]
    fn names_the_day_of_an_impossible_date() {
        let Verdict::Invalid { problem, part, .. } = judge("2024-02-30T10:00") else {
            panic!("not invalid");
        };
        assert_eq!(problem, "is not a calendar date: February 2024 has 29 days");
        assert_eq!(part, Some(8..10));
    }

    #[test]
    fn explains_unix_time_and_date_only() {
        let Verdict::Invalid { help, .. } = judge("1714552200") else {
            panic!("not invalid");
        };
        assert!(help.contains("`2024-05-01T08:30`"), "{help}");
        let Verdict::Invalid { help, .. } = judge("2024-05-01") else {
            panic!("not invalid");
        };
        assert!(help.contains("`2024-05-01T00:00`"), "{help}");
    }

    fn offset(strategy: &str, timestamp: &str) -> String {
        kafka_offset_body(&format!(
            r#"{{"strategy": "{strategy}", "timestamp": "{timestamp}"}}"#
        ))
    }

    #[test]
    fn reports_with_a_fix_at_the_value() {
        let (result, found) = findings(&RULE, &offset("from_timestamp", "2024-01-01T10:00:00Z"));
        assert_eq!(found.len(), 1);
        assert_eq!(spanned(&result, &found[0]), "\"2024-01-01T10:00:00Z\"");
        let fix = found[0].fix.clone().unwrap_or_else(|| panic!("no fix"));
        assert_eq!(fix.replacement, "\"2024-01-01T10:00\"");
        let (result, found) = findings(&RULE, &offset("from_timestamp", "2024-02-30T10:00"));
        assert_eq!(spanned(&result, &found[0]), "30");
        assert!(found[0].fix.is_none());
    }

    #[test]
    fn silent_on_placeholders_and_ignored_timestamps() {
        assert!(
            findings(&RULE, &offset("from_timestamp", "${START_AT}"))
                .1
                .is_empty()
        );
        assert!(
            findings(&RULE, &offset("from_latest", "2024-02-30T10:00"))
                .1
                .is_empty()
        );
        assert_eq!(
            findings(&RULE, &offset("bogus", "2024-02-30T10:00"))
                .1
                .len(),
            1
        );
    }
}
