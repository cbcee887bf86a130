//! Rules for responses of the cloud API: the envelopes (spec 2.1, 7) and the pipe and
//! service records they carry (spec 2.2, 2.8).

use chrono::{NaiveDate, NaiveDateTime, NaiveTime};

use crate::literal::is_uuid;

super::rule_files! {
    created_after_updated,
    invalid_date_time,
    invalid_uuid,
    leaked_secret,
    request_id_uuid_v4,
    status_matches_envelope,
    unknown_pipe_state,
}

/// What is wrong with a would-be UUID, and the canonical form when it can be derived.
pub(crate) struct UuidProblem {
    pub what: String,
    pub canonical: Option<String>,
}

/// Checks the canonical 8-4-4-4-12 form; `None` when the text has it.
pub(crate) fn uuid_shape_problem(text: &str) -> Option<UuidProblem> {
    if is_uuid(text) {
        return None;
    }
    let hex_only = |s: &str| s.len() == 32 && s.bytes().all(|b| b.is_ascii_hexdigit());
    let dashed = |s: &str| {
        format!(
            "{}-{}-{}-{}-{}",
            &s[..8],
            &s[8..12],
            &s[12..16],
            &s[16..20],
            &s[20..]
        )
    };
    let trimmed = text.trim();
    if trimmed != text && is_uuid(trimmed) {
        return Some(UuidProblem {
            what: "it has white space around it".to_owned(),
            canonical: Some(trimmed.to_owned()),
        });
    }
    if let Some(inner) = text.strip_prefix('{').and_then(|t| t.strip_suffix('}'))
        && is_uuid(inner)
    {
        return Some(UuidProblem {
            what: "it is wrapped in braces".to_owned(),
            canonical: Some(inner.to_owned()),
        });
    }
    if let Some(inner) = text
        .get(..9)
        .filter(|p| p.eq_ignore_ascii_case("urn:uuid:"))
        .map(|_| &text[9..])
        && is_uuid(inner)
    {
        return Some(UuidProblem {
            what: "it has the `urn:uuid:` prefix".to_owned(),
            canonical: Some(inner.to_owned()),
        });
    }
    if hex_only(text) {
        return Some(UuidProblem {
            what: "its 32 hexadecimal digits lack the dashes".to_owned(),
            canonical: Some(dashed(text)),
        });
    }
    let what = if text.is_empty() {
        "it is empty".to_owned()
    } else if let Some(bad) = text.chars().find(|c| !c.is_ascii_hexdigit() && *c != '-') {
        format!("`{bad}` is not a hexadecimal digit")
    } else {
        let digits = text.bytes().filter(u8::is_ascii_hexdigit).count();
        if digits == 32 {
            "its dashes are misplaced (the form is 8-4-4-4-12)".to_owned()
        } else {
            format!("it has {digits} hexadecimal digits, a UUID has 32")
        }
    };
    Some(UuidProblem {
        what,
        canonical: None,
    })
}

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

static DATE_TIME: std::sync::LazyLock<regex::Regex> = std::sync::LazyLock::new(|| {
    #[allow(clippy::unwrap_used)]
    regex::Regex::new(
        r"^(\d{4})-(\d{2})-(\d{2})([Tt ])(\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9})\d*)?)?([Zz]|[+-]\d{2}:?\d{2})?$",
    )
    .unwrap()
});

/// Parses an ISO 8601 date-time in the extended form (`2025-01-15T09:30:00Z`, with optional
/// seconds, fraction and offset).
pub(crate) fn parse_date_time(text: &str) -> Result<DateTime, DateTimeProblem> {
    let problem = |what: String| DateTimeProblem {
        what,
        corrected: None,
    };
    let Some(caps) = DATE_TIME.captures(text) else {
        return Err(not_a_date_time(text));
    };
    let num = |i: usize| {
        caps.get(i)
            .map_or(0, |m| m.as_str().parse::<u32>().unwrap_or(u32::MAX))
    };
    let (year, month, day) = (num(1), num(2), num(3));
    let Some(date) = i32::try_from(year)
        .ok()
        .and_then(|y| NaiveDate::from_ymd_opt(y, month, day))
    else {
        return Err(problem(format!(
            "`{}` is not a day of the calendar",
            &text[..10]
        )));
    };
    let (hour, minute, second) = (num(5), num(6), num(7));
    let nanos = caps.get(8).map_or(0, |m| {
        let digits = m.as_str();
        digits.parse::<u32>().unwrap_or(0) * 10u32.pow(9 - digits.len() as u32)
    });
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
    let offset = match caps.get(9).map(|m| m.as_str()) {
        None => None,
        Some("Z" | "z") => Some(0),
        Some(o) => {
            let digits: String = o[1..].chars().filter(char::is_ascii_digit).collect();
            let hours: i32 = digits[..2].parse().unwrap_or(99);
            let minutes: i32 = digits[2..].parse().unwrap_or(99);
            if hours > 23 || minutes > 59 {
                return Err(problem(format!("`{o}` is not a UTC offset")));
            }
            let sign = if o.starts_with('-') { -1 } else { 1 };
            Some(sign * (hours * 3600 + minutes * 60))
        }
    };
    if &caps[4] == " " {
        let mut corrected = text.to_owned();
        corrected.replace_range(10..11, "T");
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

fn not_a_date_time(text: &str) -> DateTimeProblem {
    let date_only = regex_date_only(text);
    if date_only {
        return DateTimeProblem {
            what: "it is a date without a time".to_owned(),
            corrected: None,
        };
    }
    if !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit()) {
        let (unit, seconds, nanos) = match text.len() {
            10 => ("seconds", text.parse::<i64>().ok(), 0),
            13 => (
                "milliseconds",
                text.parse::<i64>().ok().map(|ms| ms / 1000),
                text.parse::<i64>()
                    .map_or(0, |ms| (ms % 1000) as u32 * 1_000_000),
            ),
            _ => ("", None, 0),
        };
        if let Some(at) = seconds.and_then(|s| chrono::DateTime::from_timestamp(s, nanos)) {
            let format = if nanos == 0 {
                "%Y-%m-%dT%H:%M:%SZ"
            } else {
                "%Y-%m-%dT%H:%M:%S%.3fZ"
            };
            return DateTimeProblem {
                what: format!("it is a Unix timestamp in {unit}, not a date-time"),
                corrected: Some(at.format(format).to_string()),
            };
        }
    }
    DateTimeProblem {
        what: String::new(),
        corrected: None,
    }
}

fn regex_date_only(text: &str) -> bool {
    let b = text.as_bytes();
    b.len() == 10
        && b.iter().enumerate().all(|(i, c)| match i {
            4 | 7 => *c == b'-',
            _ => c.is_ascii_digit(),
        })
}

/// The record's own name for a pointer: `createdAt` for `/result/0/createdAt`.
pub(crate) fn member_name(pointer: &str) -> String {
    crate::schema::field_name(pointer)
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
        assert!(err("2025-01-15").what.contains("without a time"));
        let epoch = err("1736933400");
        assert_eq!(epoch.corrected.as_deref(), Some("2025-01-15T09:30:00Z"));
        let millis = err("1736933400250");
        assert_eq!(
            millis.corrected.as_deref(),
            Some("2025-01-15T09:30:00.250Z")
        );
    }

    #[test]
    fn compares_instants_across_offsets() {
        let a = parse_date_time("2025-01-15T10:00:00+02:00").unwrap_or_else(|e| panic!("{e:?}"));
        let b = parse_date_time("2025-01-15T09:00:00Z").unwrap_or_else(|e| panic!("{e:?}"));
        assert!(a.utc() < b.utc());
    }

    #[test]
    fn explains_uuid_shapes() {
        assert!(uuid_shape_problem("123e4567-e89b-42d3-a456-426614174000").is_none());
        let bare = uuid_shape_problem("123e4567e89b42d3a456426614174000");
        assert_eq!(
            bare.and_then(|p| p.canonical).as_deref(),
            Some("123e4567-e89b-42d3-a456-426614174000")
        );
        let braced = uuid_shape_problem("{123e4567-e89b-42d3-a456-426614174000}");
        assert!(braced.is_some_and(|p| p.canonical.is_some()));
        let short = uuid_shape_problem("123e4567-e89b-42d3-a456-42661417400");
        assert!(short.is_some_and(|p| p.what.contains("31")));
        let letter = uuid_shape_problem("pipe-123");
        assert!(letter.is_some_and(|p| p.what.contains("`p`")));
    }
}
