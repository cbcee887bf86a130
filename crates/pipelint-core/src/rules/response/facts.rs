//! What the response rules share: a record's date-times are ISO 8601 in the extended form
//! (`2025-01-15T09:30:00Z`), read by `api::time`'s reader without liberties, and why a text
//! is not one (with the corrected text when it is certain).

use chrono::{NaiveDateTime, NaiveTime};

use crate::api::time::{
    Leniency, calendar_date, offset_minutes, read_date, read_date_time, unix_time,
};

/// A date-time as ISO 8601 writes it, parsed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct DateTime {
    pub local: NaiveDateTime,
    /// Offset from UTC in seconds; `None` for a local time without offset.
    pub offset: Option<i32>,
}

impl DateTime {
    /// The instant in UTC, when the offset is known.
    pub fn utc(&self) -> Option<NaiveDateTime> {
        self.offset
            .map(|o| self.local - chrono::Duration::seconds(i64::from(o)))
    }
}

/// Why a text is not an ISO 8601 date-time, with a corrected text when one is certain.
#[derive(Debug, PartialEq, Eq)]
pub(crate) struct DateTimeProblem {
    pub what: String,
    pub corrected: Option<String>,
}

/// Parses an ISO 8601 date-time in the extended form (`2025-01-15T09:30:00Z`, with optional
/// seconds, fraction and offset). A space for the `T` is read, to be corrected.
pub(crate) fn parse_date_time(text: &str) -> Result<DateTime, DateTimeProblem> {
    let problem = |what: String| DateTimeProblem {
        what,
        corrected: None,
    };
    let Some(read) = read_date_time(text, &Leniency::ISO_8601) else {
        return Err(not_a_date_time(text));
    };
    let number = |part: Option<&crate::api::time::Part>| part.map_or(0, |p| p.number());
    let date_at = read.year.at.start..read.day.at.end;
    let Ok(date) = calendar_date(read.year.number(), read.month.number(), read.day.number()) else {
        return Err(problem(format!(
            "`{}` is not a day of the calendar",
            &text[date_at]
        )));
    };
    let (hour, minute) = (read.hour.number(), read.minute.number());
    let second = number(read.second.as_ref());
    let nanos = read.nanos();
    // A leap second (23:59:60) is valid ISO 8601; chrono writes it as 59 s + 1e9 ns.
    let time = if second == 60 && hour == 23 && minute == 59 {
        NaiveTime::from_hms_nano_opt(hour, minute, 59, 1_000_000_000 + nanos)
    } else {
        NaiveTime::from_hms_nano_opt(hour, minute, second, nanos)
    };
    let Some(time) = time else {
        return Err(problem(format!(
            "`{}` is not a time of day",
            &text[11..text.len().min(19)].trim_end_matches(|c: char| !c.is_ascii_digit())
        )));
    };
    let offset = match &read.zone {
        None => None,
        Some(zone) => match offset_minutes(zone.text) {
            Some(minutes) => Some(i32::try_from(minutes * 60).unwrap_or(0)),
            None => return Err(problem(format!("`{}` is not a UTC offset", zone.text))),
        },
    };
    if read.separator.text == " " {
        let mut corrected = text.to_owned();
        corrected.replace_range(read.separator.at, "T");
        return Err(DateTimeProblem {
            what: "the date and the time are separated by a space instead of `T`".to_owned(),
            corrected: Some(corrected),
        });
    }
    Ok(DateTime {
        local: NaiveDateTime::new(date, time),
        offset,
    })
}

/// Why a text that does not read as a date-time is none: a date alone, or Unix time (10
/// digits in seconds, 13 in milliseconds, with the date-time it stands for).
fn not_a_date_time(text: &str) -> DateTimeProblem {
    if read_date(text, &Leniency::ISO_8601).is_some() {
        return DateTimeProblem {
            what: "it is a date without a time".to_owned(),
            corrected: None,
        };
    }
    let unit = match text.len() {
        10 => "seconds",
        13 => "milliseconds",
        _ => "",
    };
    if let Some(at) = unix_time(text).filter(|_| !unit.is_empty()) {
        let format = if at.timestamp_subsec_nanos() == 0 {
            "%Y-%m-%dT%H:%M:%SZ"
        } else {
            "%Y-%m-%dT%H:%M:%S%.3fZ"
        };
        return DateTimeProblem {
            what: format!("it is a Unix timestamp in {unit}, not a date-time"),
            corrected: Some(at.format(format).to_string()),
        };
    }
    DateTimeProblem {
        what: String::new(),
        corrected: None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn err(text: &str) -> DateTimeProblem {
        match parse_date_time(text) {
            Err(problem) => problem,
            Ok(parsed) => panic!("{text} parsed as {parsed:?}"),
        }
    }

    #[test]
    fn parses_iso_8601_date_times() {
        for ok in [
            "2025-01-15T09:30:00Z",
            "2025-01-15T09:30Z",
            "2025-01-15T09:30:00.123456Z",
            "2025-01-15T09:30:00+02:00",
            "2025-01-15T09:30:00-0530",
            "2025-01-15T09:30:00",
            "2016-12-31T23:59:60Z",
        ] {
            assert!(parse_date_time(ok).is_ok(), "{ok}");
        }
        let space = err("2025-01-15 09:30:00Z");
        assert_eq!(space.corrected.as_deref(), Some("2025-01-15T09:30:00Z"));
        assert!(err("2025-02-30T00:00:00Z").what.contains("calendar"));
        assert!(err("2025-01-15T24:00:00Z").what.contains("time of day"));
        assert_eq!(
            err("2025-01-15T09:60+01:00").what,
            "`09:60+01` is not a time of day"
        );
        assert_eq!(
            err("2025-01-15T09:30+24:00").what,
            "`+24:00` is not a UTC offset"
        );
        assert!(err("2025-01-15").what.contains("without a time"));
        let epoch = err("1736933400");
        assert_eq!(epoch.corrected.as_deref(), Some("2025-01-15T09:30:00Z"));
        let millis = err("1736933400250");
        assert_eq!(
            millis.corrected.as_deref(),
            Some("2025-01-15T09:30:00.250Z")
        );
        let whole_millis = err("1736933400000");
        assert_eq!(
            whole_millis.corrected.as_deref(),
            Some("2025-01-15T09:30:00Z")
        );
        // No liberties: these are no ISO 8601 date-times at all.
        for other in [
            "2025-1-15T09:30",
            " 2025-01-15T09:30",
            "2025-01-15T09:30 UTC",
            "173693340",
        ] {
            assert_eq!(
                err(other),
                DateTimeProblem {
                    what: String::new(),
                    corrected: None
                },
                "{other}"
            );
        }
    }

    /// Digits other than ASCII ones are no date-time (reading them once panicked on a byte
    /// index inside a character).
    #[test]
    fn other_digits_are_no_date_time() {
        assert_eq!(err("٢٠٢٥-٠١-١٥T09:30:00Z").what, "");
        assert_eq!(err("2025-01-15T09:30+٠١:٠٠").what, "");
    }

    #[test]
    fn compares_instants_across_offsets() {
        let a = parse_date_time("2025-01-15T10:00:00+02:00").unwrap_or_else(|e| panic!("{e:?}"));
        let b = parse_date_time("2025-01-15T09:00:00Z").unwrap_or_else(|e| panic!("{e:?}"));
        assert!(a.utc() < b.utc());
    }
}
