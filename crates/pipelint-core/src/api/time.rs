//! Dates and times as bodies write them. The API takes different forms in different places
//! (a record's ISO 8601 `createdAt`, a Kafka offset's UTC minute, an alert's RFC 3339 start
//! in UTC, a chart's epoch milliseconds), so there is one lenient reader that takes a
//! date-time apart into its fields and where each stands; each rule says which liberties it
//! reads ([`Leniency`]) and judges the fields itself.
//!
//! Only ASCII digits are digits here: a text with other digits (`٢٠٢٥`) is no date-time.

use std::ops::Range;
use std::sync::LazyLock;

use chrono::{DateTime, NaiveDate, Utc};
use regex::Regex;

/// The liberties a reading takes beyond ISO 8601's extended form, which it always reads:
/// `2025-01-15T09:30:00.250+02:00`, with seconds, fraction and zone optional, `t` or one
/// space for the `T`, `,` for the `.`, and the offset with or without its colon.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Leniency {
    /// White space before and after the date-time.
    pub surrounding_space: bool,
    /// A month, day, hour, minute or second of one digit.
    pub single_digits: bool,
    /// Any white space between date and time, not only one space.
    pub any_space_for_t: bool,
    /// `UTC` and `GMT` for the zone, offsets of whole hours (`+02`), and white space before
    /// the zone.
    pub loose_zone: bool,
}

impl Leniency {
    /// ISO 8601's extended form and nothing more.
    pub(crate) const ISO_8601: Leniency = Leniency {
        surrounding_space: false,
        single_digits: false,
        any_space_for_t: false,
        loose_zone: false,
    };

    /// Every liberty: what people write when they mean a date and time.
    pub(crate) const ALL: Leniency = Leniency {
        surrounding_space: true,
        single_digits: true,
        any_space_for_t: true,
        loose_zone: true,
    };
}

/// One field of a written date-time: its text and where it stands in the text read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Part<'t> {
    pub text: &'t str,
    pub at: Range<usize>,
}

impl Part<'_> {
    /// The field's number (0 for a field that is not one, such as white space).
    pub(crate) fn number(&self) -> u32 {
        self.text.parse().unwrap_or(0)
    }
}

/// A date and time taken apart.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct WrittenDateTime<'t> {
    pub leading_space: Part<'t>,
    pub year: Part<'t>,
    pub month: Part<'t>,
    pub day: Part<'t>,
    /// What stands between date and time: `T`, `t` or white space.
    pub separator: Part<'t>,
    pub hour: Part<'t>,
    pub minute: Part<'t>,
    pub second: Option<Part<'t>>,
    /// The fraction of a second with its mark: `.250`.
    pub fraction: Option<Part<'t>>,
    /// White space between the time and the zone.
    pub zone_space: Option<Part<'t>>,
    /// `Z`, an offset such as `+02:00`, or (leniently) `UTC`.
    pub zone: Option<Part<'t>>,
    pub trailing_space: Part<'t>,
}

impl WrittenDateTime<'_> {
    /// The fraction of a second in nanoseconds (digits past the ninth are dropped).
    pub(crate) fn nanos(&self) -> u32 {
        self.fraction.as_ref().map_or(0, |fraction| {
            let digits: String = fraction.text[1..].chars().take(9).collect();
            let width = u32::try_from(digits.len()).unwrap_or(9);
            digits.parse::<u32>().unwrap_or(0) * 10u32.pow(9 - width)
        })
    }

    /// Whether the reading takes no more than `leniency` allows.
    fn within(&self, leniency: &Leniency) -> bool {
        let padded = |part: &Part| part.text.len() == 2;
        (leniency.surrounding_space
            || self.leading_space.text.is_empty() && self.trailing_space.text.is_empty())
            && (leniency.single_digits
                || [&self.month, &self.day, &self.hour, &self.minute]
                    .into_iter()
                    .chain(self.second.as_ref())
                    .all(padded))
            && (leniency.any_space_for_t || matches!(self.separator.text, "T" | "t" | " "))
            && (leniency.loose_zone
                || self.zone_space.as_ref().is_none_or(|s| s.text.is_empty())
                    && self
                        .zone
                        .as_ref()
                        .is_none_or(|z| matches!(z.text, "Z" | "z") || z.text.len() >= 5))
    }
}

/// A date without a time, taken apart.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct WrittenDate<'t> {
    pub year: Part<'t>,
    pub month: Part<'t>,
    pub day: Part<'t>,
}

// The patterns are literals tested below; failing to compile them is a build defect.
#[allow(clippy::expect_used)]
static DATE_TIME: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r"^(\s*)([0-9]{4})-([0-9]{1,2})-([0-9]{1,2})([Tt]|\s+)([0-9]{1,2}):([0-9]{1,2})(?::([0-9]{1,2})([.,][0-9]+)?)?(?:(\s*)(Z|z|UTC|GMT|[+-][0-9]{2}(?::?[0-9]{2})?))?(\s*)$",
    )
    .expect("valid regex")
});

#[allow(clippy::expect_used)]
static DATE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"^(\s*)([0-9]{4})-([0-9]{1,2})-([0-9]{1,2})(\s*)$").expect("valid regex")
});

/// Takes a date-time apart, when it has the shape of one within `leniency`. The fields are
/// not judged: `2025-02-30T25:00` reads, for the rule to say what is wrong with it.
pub(crate) fn read_date_time<'t>(
    text: &'t str,
    leniency: &Leniency,
) -> Option<WrittenDateTime<'t>> {
    let caps = DATE_TIME.captures(text)?;
    let part = |i: usize| {
        caps.get(i).map(|m| Part {
            text: m.as_str(),
            at: m.range(),
        })
    };
    let field = |i: usize| part(i).unwrap_or(Part { text: "", at: 0..0 });
    let read = WrittenDateTime {
        leading_space: field(1),
        year: field(2),
        month: field(3),
        day: field(4),
        separator: field(5),
        hour: field(6),
        minute: field(7),
        second: part(8),
        fraction: part(9),
        zone_space: part(10),
        zone: part(11),
        trailing_space: field(12),
    };
    read.within(leniency).then_some(read)
}

/// Takes a date without a time apart, when it has the shape of one within `leniency` (only
/// `surrounding_space` and `single_digits` apply).
pub(crate) fn read_date<'t>(text: &'t str, leniency: &Leniency) -> Option<WrittenDate<'t>> {
    let caps = DATE.captures(text)?;
    let field = |i: usize| {
        caps.get(i).map_or(Part { text: "", at: 0..0 }, |m| Part {
            text: m.as_str(),
            at: m.range(),
        })
    };
    let spaced = !field(1).text.is_empty() || !field(5).text.is_empty();
    let read = WrittenDate {
        year: field(2),
        month: field(3),
        day: field(4),
    };
    let unpadded = read.month.text.len() == 1 || read.day.text.len() == 1;
    ((leniency.surrounding_space || !spaced) && (leniency.single_digits || !unpadded))
        .then_some(read)
}

/// Why a year, month and day are no date of the calendar.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum CalendarFault {
    /// The month is not 1 to 12.
    Month,
    /// The day is 0 or past the month's last day; the month has `days` days.
    Day { days: u32 },
}

/// The date of the (proleptic Gregorian) calendar, or what keeps it from being one.
pub(crate) fn calendar_date(year: u32, month: u32, day: u32) -> Result<NaiveDate, CalendarFault> {
    if !(1..=12).contains(&month) {
        return Err(CalendarFault::Month);
    }
    let year = i32::try_from(year).unwrap_or(i32::MAX);
    if let Some(date) = NaiveDate::from_ymd_opt(year, month, day) {
        return Ok(date);
    }
    let days = (28..=31)
        .rev()
        .find(|d| NaiveDate::from_ymd_opt(year, month, *d).is_some())
        .unwrap_or(28);
    Err(CalendarFault::Day { days })
}

/// Minutes east of UTC of a zone as [`read_date_time`] reads it (`Z`, `UTC`, `+02:00`,
/// `-0530`, `+01`); `None` when the hours pass 23 or the minutes 59.
pub(crate) fn offset_minutes(zone: &str) -> Option<i64> {
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

/// The instant a run of digits stands for as Unix time: seconds up to 11 digits,
/// milliseconds from 12 (a time of these years has 10 digits in seconds, 13 in
/// milliseconds). `None` for other text and past chrono's range.
pub(crate) fn unix_time(digits: &str) -> Option<DateTime<Utc>> {
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let number: i64 = digits.parse().ok()?;
    if digits.len() >= 12 {
        DateTime::from_timestamp_millis(number)
    } else {
        DateTime::from_timestamp(number, 0)
    }
}

/// The instant of an RFC 3339 date-time written in UTC with `Z` (seconds required,
/// fraction optional): the only form an alert's `scheduleStartAt` takes. `None` for any
/// other text.
pub(crate) fn parse_utc(text: &str) -> Option<DateTime<Utc>> {
    let read = read_date_time(text, &Leniency::ISO_8601)?;
    let shape = read.separator.text == "T"
        && read.second.is_some()
        && read
            .fraction
            .as_ref()
            .is_none_or(|f| f.text.starts_with('.'))
        && read.zone.as_ref().is_some_and(|z| z.text == "Z");
    if !shape {
        return None;
    }
    DateTime::parse_from_rfc3339(text)
        .ok()
        .map(|t| t.with_timezone(&Utc))
}

/// The unit a positive epoch value seems to be written in, by its size, as the analytics
/// stack reads a chart's `startTime` and `endTime` (epoch milliseconds of 13 digits or more).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum EpochUnit {
    Seconds,
    /// 12 digits: milliseconds before September 2001, which the server rejects.
    TooEarly,
    /// Below 9 digits: no unit makes it a plausible time.
    TooSmall,
    Milliseconds,
    Microseconds,
    Nanoseconds,
}

pub(crate) fn epoch_unit(value: u64) -> EpochUnit {
    match value {
        0..100_000_000 => EpochUnit::TooSmall,
        100_000_000..100_000_000_000 => EpochUnit::Seconds,
        100_000_000_000..1_000_000_000_000 => EpochUnit::TooEarly,
        1_000_000_000_000..100_000_000_000_000 => EpochUnit::Milliseconds,
        100_000_000_000_000..100_000_000_000_000_000 => EpochUnit::Microseconds,
        _ => EpochUnit::Nanoseconds,
    }
}

/// An epoch value in milliseconds, when its unit is known.
pub(crate) fn as_millis(value: u64) -> Option<u64> {
    match epoch_unit(value) {
        EpochUnit::Seconds => value.checked_mul(1000),
        EpochUnit::Milliseconds => Some(value),
        EpochUnit::Microseconds => Some(value / 1000),
        EpochUnit::Nanoseconds => Some(value / 1_000_000),
        EpochUnit::TooEarly | EpochUnit::TooSmall => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn reads(text: &str, leniency: &Leniency) -> bool {
        read_date_time(text, leniency).is_some()
    }

    #[test]
    fn iso_8601_reads_the_extended_form_only() {
        for ok in [
            "2025-01-15T09:30:00Z",
            "2025-01-15T09:30Z",
            "2025-01-15t09:30:00.123456789123z",
            "2025-01-15 09:30:00,5+02:00",
            "2025-01-15T09:30:00-0530",
            "2025-01-15T09:30",
            // Read, for the rule to judge: no such day, no such hour.
            "2025-02-30T25:00",
        ] {
            assert!(reads(ok, &Leniency::ISO_8601), "{ok}");
        }
        for bad in [
            " 2025-01-15T09:30:00Z",
            "2025-01-15T09:30:00Z ",
            "2025-1-15T09:30",
            "2025-01-15T9:30",
            "2025-01-15T09:30:0",
            "2025-01-15  09:30",
            "2025-01-15\t09:30",
            "2025-01-15T09:30 Z",
            "2025-01-15T09:30UTC",
            "2025-01-15T09:30+02",
            "2025-01-15T09:30:00.Z",
            "2025-01-15",
            "٢٠٢٥-٠١-١٥T09:30:00Z",
        ] {
            assert!(!reads(bad, &Leniency::ISO_8601), "{bad}");
        }
    }

    #[test]
    fn each_liberty_reads_its_own_deviation() {
        let none = Leniency::ISO_8601;
        let cases = [
            (
                Leniency {
                    surrounding_space: true,
                    ..none
                },
                " 2025-01-15T09:30 ",
            ),
            (
                Leniency {
                    single_digits: true,
                    ..none
                },
                "2025-1-5T9:3:7",
            ),
            (
                Leniency {
                    any_space_for_t: true,
                    ..none
                },
                "2025-01-15 \t09:30",
            ),
            (
                Leniency {
                    loose_zone: true,
                    ..none
                },
                "2025-01-15T09:30 UTC",
            ),
        ];
        for (i, (leniency, text)) in cases.iter().enumerate() {
            assert!(reads(text, leniency), "{text}");
            assert!(!reads(text, &none), "{text}");
            for (j, (other, _)) in cases.iter().enumerate() {
                if i != j {
                    assert!(!reads(text, other), "{text} with liberty {j}");
                }
            }
            assert!(reads(text, &Leniency::ALL), "{text}");
        }
        assert!(reads("2025-01-15T09:30+02", &Leniency::ALL));
        assert!(reads("2025-01-15T09:30GMT", &Leniency::ALL));
        assert!(!reads("٢٠٢٥-٠١-١٥T09:30", &Leniency::ALL));
    }

    #[test]
    fn tells_each_field_and_where_it_stands() {
        let text = " 2024-5-01t9:30:07,25 +02:00";
        let read = read_date_time(text, &Leniency::ALL).unwrap_or_else(|| panic!("{text}"));
        assert_eq!(read.leading_space.text, " ");
        assert_eq!(
            [read.year.number(), read.month.number(), read.day.number()],
            [2024, 5, 1]
        );
        assert_eq!(read.month.at, 6..7);
        assert_eq!(read.separator.text, "t");
        assert_eq!([read.hour.number(), read.minute.number()], [9, 30]);
        assert_eq!(read.second.as_ref().map(Part::number), Some(7));
        assert_eq!(read.fraction.as_ref().map(|f| f.text), Some(",25"));
        assert_eq!(read.nanos(), 250_000_000);
        assert_eq!(read.zone_space.as_ref().map(|s| s.text), Some(" "));
        assert_eq!(read.zone.as_ref().map(|z| z.at.clone()), Some(22..28));
        assert_eq!(read.trailing_space.text, "");
        let bare = read_date_time("2024-05-01T09:30", &Leniency::ISO_8601);
        assert!(bare.is_some_and(|r| r.second.is_none() && r.zone.is_none() && r.nanos() == 0));
    }

    #[test]
    fn reads_dates_without_a_time() {
        let date = read_date("2024-05-01", &Leniency::ISO_8601);
        assert_eq!(date.map(|d| d.day.at), Some(8..10));
        for lenient in [" 2024-05-01", "2024-5-1"] {
            assert!(
                read_date(lenient, &Leniency::ISO_8601).is_none(),
                "{lenient}"
            );
            assert!(read_date(lenient, &Leniency::ALL).is_some(), "{lenient}");
        }
        assert!(read_date("2024-05-01T10:00", &Leniency::ALL).is_none());
    }

    #[test]
    fn judges_calendar_dates_and_offsets() {
        assert!(calendar_date(2024, 2, 29).is_ok());
        assert_eq!(
            calendar_date(2023, 2, 29),
            Err(CalendarFault::Day { days: 28 })
        );
        assert_eq!(
            calendar_date(2024, 4, 0),
            Err(CalendarFault::Day { days: 30 })
        );
        assert_eq!(calendar_date(2024, 13, 1), Err(CalendarFault::Month));
        assert_eq!(offset_minutes("Z"), Some(0));
        assert_eq!(offset_minutes("-05:30"), Some(-330));
        assert_eq!(offset_minutes("+0200"), Some(120));
        assert_eq!(offset_minutes("+01"), Some(60));
        assert_eq!(offset_minutes("+24:00"), None);
        assert_eq!(offset_minutes("+01:60"), None);
    }

    #[test]
    fn reads_unix_time_in_seconds_or_milliseconds() {
        let at = |digits: &str| unix_time(digits).map(|t| t.to_rfc3339());
        assert_eq!(
            at("1736933400").as_deref(),
            Some("2025-01-15T09:30:00+00:00")
        );
        assert_eq!(
            at("1736933400250").as_deref(),
            Some("2025-01-15T09:30:00.250+00:00")
        );
        assert_eq!(at("").as_deref(), None);
        assert_eq!(at(" 1736933400").as_deref(), None);
    }

    #[test]
    fn accepts_only_utc_with_z() {
        for ok in ["2026-03-01T09:00:00Z", "2026-03-01T09:00:00.250Z"] {
            assert!(parse_utc(ok).is_some(), "{ok}");
        }
        for bad in [
            "2026-03-01T09:00:00+01:00",
            "2026-03-01T09:00Z",
            "2026-03-01",
            "2026-02-30T09:00:00Z",
            "2026-03-01T09:00:00z",
            "2026-03-01 09:00:00Z",
            "2026-03-01t09:00:00Z",
            "2026-03-01T09:00:00,5Z",
            "",
        ] {
            assert!(parse_utc(bad).is_none(), "{bad}");
        }
    }

    #[test]
    fn tells_epoch_units_by_size() {
        assert_eq!(epoch_unit(1_717_171_717), EpochUnit::Seconds);
        assert_eq!(epoch_unit(1_717_171_717_000), EpochUnit::Milliseconds);
        assert_eq!(epoch_unit(1_717_171_717_000_000), EpochUnit::Microseconds);
        assert_eq!(
            epoch_unit(1_717_171_717_000_000_000),
            EpochUnit::Nanoseconds
        );
        assert_eq!(epoch_unit(999_999_999_999), EpochUnit::TooEarly);
        assert_eq!(epoch_unit(5), EpochUnit::TooSmall);
        assert_eq!(as_millis(1_717_171_717), Some(1_717_171_717_000));
        assert_eq!(as_millis(999_999_999_999), None);
    }
}
