use crate::rules::prelude::*;
use chrono::{Datelike, NaiveDate, NaiveDateTime, NaiveTime, TimeDelta, Timelike};

use crate::api::time::{
    CalendarFault, Leniency, Part, calendar_date, offset_minutes, read_date, read_date_time,
    unix_time,
};

use crate::api::streaming::KAFKA_OFFSET;

declare_rule! {
    /// ## What it checks
    /// A Kafka `offset.timestamp` is a real UTC minute written exactly `YYYY-MM-DDThh:mm`
    /// (the API wants UTC with minute precision): zero-padded, with a `T`, no seconds,
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

const TIMESTAMP: &str = KAFKA_OFFSET.timestamp;

fn check(cx: &Context, out: &mut Vec<Diagnostic>) {
    let Some(text) = text_to_check(cx.get(TIMESTAMP)) else {
        return;
    };
    // Whether the timestamp is read depends on the choice: none of another type than a
    // string (the schema's finding, or a value not known yet) says so.
    let choice = cx.get(KAFKA_OFFSET.choice);
    if choice.is_some_and(|c| !c.is_string() && !c.is_null())
        || cx
            .get_str(KAFKA_OFFSET.choice)
            .is_some_and(|s| KAFKA_OFFSET.ignoring.contains(&s))
    {
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
                Some(part) => string_part_span(cx.document, cx.text, TIMESTAMP, part),
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

/// Judges a timestamp text. The text is read leniently (`api::time`), so that what certainly
/// names one minute gets a fix; only the exact form is valid.
pub(crate) fn judge(text: &str) -> Verdict {
    if let Some(read) = read_date_time(text, &Leniency::ALL) {
        let (year, month, day) = (read.year.number(), read.month.number(), read.day.number());
        let (hour, minute) = (read.hour.number(), read.minute.number());
        let date = match calendar(year, month, day, read.month.at.clone(), read.day.at.clone()) {
            Ok(date) => date,
            Err(verdict) => return verdict,
        };
        if hour > 23 {
            return out_of_range("hour", hour, "00–23", Some(read.hour.at));
        }
        if minute > 59 {
            return out_of_range("minute", minute, "00–59", Some(read.minute.at));
        }
        let seconds = read.second.as_ref().map(Part::number);
        if let Some(s) = seconds.filter(|s| *s > 59) {
            return out_of_range("second", s, "00–59", read.second.map(|p| p.at));
        }
        let two_digits = |part: &Part| part.text.len() == 2;
        let exact = text.len() == 16
            && seconds.is_none()
            && read.zone.is_none()
            && read.leading_space.text.is_empty()
            && two_digits(&read.month)
            && two_digits(&read.day)
            && read.separator.text == "T"
            && two_digits(&read.hour)
            && two_digits(&read.minute);
        if exact {
            return Verdict::Valid;
        }
        let Some(time) = NaiveTime::from_hms_opt(hour, minute, 0) else {
            return generic();
        };
        let mut local = NaiveDateTime::new(date, time);
        let mut problems = Vec::new();
        if let Some(s) = seconds {
            problems.push(if s == 0 && read.fraction.is_none() {
                "has seconds".to_owned()
            } else {
                "has seconds (the start is rounded down to the minute)".to_owned()
            });
        }
        if let Some(zone) = &read.zone {
            match offset_minutes(zone.text) {
                Some(0) => problems.push("has a time zone".to_owned()),
                Some(minutes) => {
                    let Some(utc) = local.checked_sub_signed(TimeDelta::minutes(minutes)) else {
                        return generic();
                    };
                    local = utc;
                    problems.push(format!("is in UTC{} (converted to UTC)", zone.text));
                }
                None => {
                    return Verdict::Invalid {
                        problem: format!(
                            "has the time zone `{}`, which is not a valid offset",
                            zone.text
                        ),
                        label: "invalid time zone offset".to_owned(),
                        help: EXAMPLE_HELP.to_owned(),
                        part: Some(zone.at.clone()),
                    };
                }
            }
        }
        if read.separator.text != "T" {
            problems.push("needs `T` between date and time".to_owned());
        }
        if [&read.month, &read.day, &read.hour, &read.minute]
            .iter()
            .any(|part| part.text.len() == 1)
        {
            problems.push("is not zero-padded".to_owned());
        }
        if !read.leading_space.text.is_empty() || !read.trailing_space.text.is_empty() {
            problems.push("has surrounding spaces".to_owned());
        }
        return Verdict::Fixable {
            corrected: minute_form(&local),
            problem: join(&problems),
        };
    }
    if let Some(read) = read_date(text, &Leniency::ALL) {
        let (year, month, day) = (read.year.number(), read.month.number(), read.day.number());
        let date = match calendar(year, month, day, read.month.at, read.day.at) {
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
    if (9..=13).contains(&trimmed.len())
        && let Some(at) = unix_time(trimmed)
    {
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

/// The date, or the verdict naming the bad month or day (the calendar is `api::time`'s).
fn calendar(
    year: u32,
    month: u32,
    day: u32,
    month_at: Range<usize>,
    day_at: Range<usize>,
) -> Result<NaiveDate, Verdict> {
    let days = match calendar_date(year, month, day) {
        Ok(date) => return Ok(date),
        Err(CalendarFault::Month) => {
            return Err(out_of_range("month", month, "01–12", Some(month_at)));
        }
        Err(CalendarFault::Day { .. }) if day == 0 => {
            return Err(out_of_range("day", day, "01–31", Some(day_at)));
        }
        Err(CalendarFault::Day { days }) => days,
    };
    let month_name = MONTHS[(month - 1) as usize];
    Err(Verdict::Invalid {
        problem: format!("is not a calendar date: {month_name} {year} has {days} days"),
        label: format!("{month_name} {year} has no day {day}"),
        help: format!("correct the day: {month_name} {year} has days 01 to {days}"),
        part: Some(day_at),
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

    /// Only ASCII digits are digits: `٥` once read as hour 0, and passed as the exact form.
    #[test]
    fn other_digits_are_no_minute() {
        for bad in ["2024-05-01T٥:30", "٢٠٢٤-05-01T08:30", "2024-٠٥-01"] {
            assert_eq!(judge(bad), generic(), "{bad}");
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
