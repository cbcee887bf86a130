use crate::rules::prelude::*;

declare_rule! {
    /// ## What it checks
    /// The Kinesis `region` looks like an AWS region code: a two-letter area, an optional
    /// `gov`/`iso` part, a direction and a number, such as `eu-west-1`, `us-gov-west-1` or
    /// `ap-southeast-2`. Placeholders (`${AWS_REGION}`) are not checked.
    ///
    /// ## Why it matters
    /// The pipe looks the stream up in this region. A display name (`Ireland`), an
    /// availability zone (`eu-west-1a`) or a typo finds no stream. It is a warning because
    /// AWS adds regions over time and the check only knows their shape.
    ///
    /// ## Example
    /// ```json bad kind:create-pipe at:/source/kinesis
    /// {"region": "eu-west-1a"}
    /// ```
    ///
    /// ## Fix
    /// Use the region code from the stream's ARN or console URL, e.g. `eu-west-1`. Case
    /// slips, `_` for `-`, a missing `-` before the number and an availability-zone letter
    /// get an automatic fix.
    ///
    /// ```json good kind:create-pipe at:/source/kinesis
    /// {"region": "eu-west-1"}
    /// ```
    pub static RULE = {
        code: "PL254",
        name: "kinesis-region-format",
        severity: Warning,
        kinds: [CreatePipe],
        summary: "The Kinesis region does not look like an AWS region code",
        check: Some(check),
        fix: Safe,
    };
}

const REGION: &str = "/source/kinesis/region";

/// The direction word of a region code.
const DIRECTIONS: &[&str] = &[
    "central",
    "north",
    "south",
    "east",
    "west",
    "northeast",
    "northwest",
    "southeast",
    "southwest",
];

fn check(cx: &Context, out: &mut Vec<Diagnostic>) {
    let Some(region) = text_to_check(cx.get(REGION)) else {
        return;
    };
    if is_region(region) {
        return;
    }
    let mut diagnostic = cx
        .at_value(
            &RULE,
            REGION,
            if region.is_empty() {
                "the Kinesis region is empty".to_owned()
            } else {
                format!("`{region}` does not look like an AWS region")
            },
        )
        .with_label(if region.is_empty() {
            "empty"
        } else {
            "not a region code"
        });
    diagnostic = match corrected(region) {
        Some((fixed, why)) => diagnostic
            .with_help(format!("{why}: write `{fixed}`"))
            .with_fix(crate::rules::edit::replace_string(cx, REGION, format!("Replace with `{fixed}`"), fixed)),
        None => diagnostic.with_help(
            "use the region code of the stream, e.g. `eu-west-1` or `us-east-1` (see the stream's ARN)",
        ),
    };
    out.push(diagnostic);
}

/// A region code's shape: two lowercase letters, an optional `-gov` or `-iso` (with an
/// optional letter), a direction and a number from 1 to 99. Written out rather than as a
/// regex: compiling one was a quarter of a one-file run.
pub(crate) fn is_region(text: &str) -> bool {
    let mut parts = text.split('-');
    let area = parts.next().unwrap_or_default();
    if area.len() != 2 || !area.bytes().all(|b| b.is_ascii_lowercase()) {
        return false;
    }
    let mut part = parts.next();
    if let Some(partition) = part
        && (partition == "gov"
            || partition.strip_prefix("iso").is_some_and(|rest| {
                rest.is_empty() || (rest.len() == 1 && rest.bytes().all(|b| b.is_ascii_lowercase()))
            }))
    {
        part = parts.next();
    }
    if !part.is_some_and(|direction| DIRECTIONS.contains(&direction)) {
        return false;
    }
    let number = parts.next().unwrap_or_default().as_bytes();
    let digits = matches!(number, [b'1'..=b'9'] | [b'1'..=b'9', b'0'..=b'9']);
    digits && parts.next().is_none()
}

/// The region a value certainly means, with the reason, when it is a near miss.
fn corrected(text: &str) -> Option<(String, &'static str)> {
    let normal: String = text
        .trim()
        .chars()
        .map(|c| {
            if c == '_' || c == ' ' {
                '-'
            } else {
                c.to_ascii_lowercase()
            }
        })
        .collect();
    if is_region(&normal) {
        return Some((normal, "region codes are lowercase with `-`"));
    }
    // An availability zone: the region plus a zone letter.
    if let Some(region) = normal.strip_suffix(|c: char| c.is_ascii_lowercase())
        && is_region(region)
    {
        return Some((
            region.to_owned(),
            "this is an availability zone; the region is without the zone letter",
        ));
    }
    // `eu-west1`: the `-` before the number is missing.
    let digits = normal.len() - normal.trim_end_matches(|c: char| c.is_ascii_digit()).len();
    if digits > 0 {
        let (head, number) = normal.split_at(normal.len() - digits);
        let joined = format!("{head}-{number}");
        if !head.ends_with('-') && is_region(&joined) {
            return Some((joined, "a `-` goes before the number"));
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::testing::kinesis;
    use crate::rules::testing::{findings, spanned};

    #[test]
    fn knows_region_shapes() {
        for ok in [
            "us-east-1",
            "eu-west-1",
            "ap-southeast-2",
            "ap-northeast-3",
            "us-gov-west-1",
            "cn-north-1",
            "me-central-1",
            "il-central-1",
            "us-isob-east-1",
            "eu-central-2",
        ] {
            assert!(is_region(ok), "{ok}");
        }
        for bad in [
            "Ireland",
            "eu-west",
            "eu-west-0",
            "euwest1",
            "eu-west-1a",
            "EU-WEST-1",
            "",
        ] {
            assert!(!is_region(bad), "{bad}");
        }
    }

    /// The matcher agrees with the pattern it replaces on every near shape.
    #[test]
    fn agrees_with_the_region_pattern() {
        let pattern = regex::Regex::new(
            r"^[a-z]{2}(-gov|-iso[a-z]?)?-(central|north|south|east|west|northeast|northwest|southeast|southwest)-[1-9][0-9]?$",
        )
        .unwrap_or_else(|e| panic!("{e}"));
        let areas = ["eu", "us", "e", "eur", "EU", "e1", ""];
        let partitions = [
            "", "-gov", "-iso", "-isob", "-isoB", "-isobe", "-gove", "-go",
        ];
        let directions = ["west", "northeast", "Ireland", "", "west-west"];
        let numbers = ["1", "9", "10", "99", "0", "01", "100", "1a", "", "-1"];
        let mut tried = 0;
        for area in areas {
            for partition in partitions {
                for direction in directions {
                    for number in numbers {
                        let text = format!("{area}{partition}-{direction}-{number}");
                        assert_eq!(is_region(&text), pattern.is_match(&text), "{text}");
                        tried += 1;
                    }
                }
            }
        }
        assert_eq!(tried, 7 * 8 * 5 * 10);
        for odd in [
            "",
            "-",
            "eu",
            "eu-west",
            "eu-west-1-",
            "eu--west-1",
            "eu-west-1\n",
        ] {
            assert_eq!(is_region(odd), pattern.is_match(odd), "{odd:?}");
        }
    }

    #[test]
    fn corrects_near_misses_only() {
        let fix = |t: &str| corrected(t).map(|c| c.0);
        assert_eq!(fix("EU-WEST-1").as_deref(), Some("eu-west-1"));
        assert_eq!(fix("eu_west_1").as_deref(), Some("eu-west-1"));
        assert_eq!(fix("eu-west-1a").as_deref(), Some("eu-west-1"));
        assert_eq!(fix("eu-west1").as_deref(), Some("eu-west-1"));
        assert_eq!(fix(" us-east-1").as_deref(), Some("us-east-1"));
        assert_eq!(fix("Ireland"), None);
        assert_eq!(fix("eu-ireland-1"), None);
    }

    #[test]
    fn reports_at_the_value() {
        let json = kinesis(
            r#""authentication": "IAM_ROLE", "iteratorType": "LATEST", "region": "Frankfurt""#,
        );
        let (result, found) = findings(&RULE, &json);
        assert_eq!(found.len(), 1);
        assert_eq!(spanned(&result, &found[0]), "\"Frankfurt\"");
        let placeholder = kinesis(
            r#""authentication": "IAM_ROLE", "iteratorType": "LATEST", "region": "${AWS_REGION}""#,
        );
        assert!(findings(&RULE, &placeholder).1.is_empty());
    }
}
