use crate::rules::prelude::*;
use chrono::{DateTime, Datelike, Timelike};

use crate::api::streaming::KINESIS_ITERATOR;

declare_rule! {
    /// ## What it checks
    /// The Kinesis `timestamp` is in Unix **seconds**. A 13-digit value is in
    /// milliseconds (16 digits: microseconds, 19: nanoseconds), which as seconds would be
    /// tens of thousands of years in the future. A timestamp the iterator ignores is left
    /// to `kinesis-timestamp-ignored`.
    ///
    /// ## Why it matters
    /// `Date.now()` and most loggers give milliseconds. Read as seconds, such a start time
    /// lies far in the future: the pipe waits for records that never come, or the request
    /// is rejected.
    ///
    /// ## Example
    /// ```json bad kind:create-pipe at:/source/kinesis
    /// {"iteratorType": "AT_TIMESTAMP", "timestamp": 1714552200000}
    /// ```
    ///
    /// ## Fix
    /// Divide by 1000: `"timestamp": 1714552200` (offered as an automatic fix).
    ///
    /// ```json good kind:create-pipe at:/source/kinesis
    /// {"iteratorType": "AT_TIMESTAMP", "timestamp": 1714552200}
    /// ```
    pub static RULE = {
        code: "PL252",
        name: "kinesis-timestamp-milliseconds",
        severity: Warning,
        kinds: [CreatePipe],
        summary: "The Kinesis timestamp looks like milliseconds, not Unix seconds",
        check: Some(check),
        fix: Unsafe,
    };
}

/// Digit counts of sub-second units and how many of them make a second.
const UNITS: &[(usize, &str, u64)] = &[
    (13, "milliseconds", 1_000),
    (16, "microseconds", 1_000_000),
    (19, "nanoseconds", 1_000_000_000),
];

const TIMESTAMP: &str = KINESIS_ITERATOR.timestamp;

fn check(cx: &Context, out: &mut Vec<Diagnostic>) {
    let Some(value) = cx.get(TIMESTAMP).and_then(whole_number) else {
        return;
    };
    // Whether the timestamp is read depends on the choice: none of another type than a
    // string (the schema's finding, or a value not known yet) says so.
    let choice = cx.get(KINESIS_ITERATOR.choice);
    if choice.is_some_and(|c| !c.is_string() && !c.is_null())
        || cx
            .get_str(KINESIS_ITERATOR.choice)
            .is_some_and(|i| KINESIS_ITERATOR.ignoring.contains(&i))
    {
        return;
    }
    let digits = value.to_string().len();
    let Some((_, unit, per_second)) = UNITS.iter().find(|(n, _, _)| *n == digits) else {
        return;
    };
    let seconds = value / per_second;
    let when = i64::try_from(seconds)
        .ok()
        .and_then(|s| DateTime::from_timestamp(s, 0))
        .map(|at| {
            format!(
                " ({:04}-{:02}-{:02}T{:02}:{:02}:{:02}Z)",
                at.year(),
                at.month(),
                at.day(),
                at.hour(),
                at.minute(),
                at.second()
            )
        })
        .unwrap_or_default();
    out.push(
        cx.at_value(
            &RULE,
            TIMESTAMP,
            format!("the Kinesis timestamp `{value}` looks like {unit}, not Unix seconds"),
        )
        .with_label(format!("{digits} digits: {unit}?"))
        .with_help(format!(
            "the timestamp is in seconds since 1970-01-01 UTC: write `{seconds}`{when}"
        ))
        .with_fix(Fix {
            title: format!("Replace with `{seconds}`"),
            span: cx.value_span(TIMESTAMP),
            replacement: seconds.to_string(),
            applicability: crate::Applicability::Unsafe,
        }),
    );
}

/// A non-negative whole number, also when written with a zero fraction (`1.0`), which
/// JSON Schema counts as an integer.
fn whole_number(value: &Value) -> Option<u64> {
    if let Some(n) = value.as_u64() {
        return Some(n);
    }
    let f = value.as_f64()?;
    // Below 2^64 and whole; the cast is exact for such values.
    #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
    (f >= 0.0 && f.fract() == 0.0 && f < 18_446_744_073_709_551_616.0).then_some(f as u64)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::testing::kinesis;
    use crate::rules::testing::{findings, spanned};

    fn source(iterator: &str, timestamp: &str) -> String {
        kinesis(&format!(
            r#""authentication": "IAM_ROLE", "region": "eu-west-1", "iteratorType": "{iterator}", "timestamp": {timestamp}"#
        ))
    }

    #[test]
    fn warns_about_sub_second_units_with_a_fix() {
        let (result, found) = findings(&RULE, &source("AT_TIMESTAMP", "1714552200000"));
        assert_eq!(found.len(), 1);
        assert_eq!(spanned(&result, &found[0]), "1714552200000");
        let fix = found[0].fix.clone().unwrap_or_else(|| panic!("no fix"));
        assert_eq!(fix.replacement, "1714552200");
        assert!(
            found[0]
                .help
                .as_deref()
                .unwrap()
                .contains("2024-05-01T08:30:00Z")
        );
        for (timestamp, seconds) in [
            ("1714552200123456", "1714552200"),
            ("1714552200123456789", "1714552200"),
        ] {
            let (_, found) = findings(&RULE, &source("AT_TIMESTAMP", timestamp));
            assert_eq!(found.len(), 1, "{timestamp}");
            assert_eq!(
                found[0].fix.as_ref().map(|f| f.replacement.as_str()),
                Some(seconds)
            );
        }
        // Written with a fraction, the value is first a type error (`wrong-type`), which
        // is the one finding reported at that member.
        let (_, found) = findings(&RULE, &source("AT_TIMESTAMP", "1714552200000.0"));
        assert!(found.is_empty());
    }

    #[test]
    fn silent_on_seconds_and_ignored_or_mistyped_values() {
        for (iterator, timestamp) in [
            ("AT_TIMESTAMP", "1714552200"),
            ("AT_TIMESTAMP", "0"),
            ("AT_TIMESTAMP", "\"1714552200000\""),
            ("AT_TIMESTAMP", "-1714552200000"),
            ("LATEST", "1714552200000"),
        ] {
            assert!(
                findings(&RULE, &source(iterator, timestamp)).1.is_empty(),
                "{timestamp}"
            );
        }
    }
}
