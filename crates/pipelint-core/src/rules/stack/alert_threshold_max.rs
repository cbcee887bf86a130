use crate::rules::prelude::*;

declare_rule! {
    /// ## What it checks
    /// An alert whose `thresholdType` is `between` or `not_between` gives `thresholdMax`,
    /// the upper end of the range, and `thresholdMax` is at least `threshold`
    /// (self-hosted server 2.24, managed API 2026-05). Under an older
    /// profile, `needs-newer-api` reports the range types instead.
    ///
    /// ## Why it matters
    /// The server rejects the alert: a range needs both ends, and a range whose upper end
    /// lies below its lower end contains nothing.
    ///
    /// ## Example
    /// ```json bad kind:stack-alert at:/ stack-version:latest
    /// {"threshold": 10, "thresholdType": "between"}
    /// ```
    ///
    /// ## Fix
    /// Add `thresholdMax`, at least `threshold`.
    ///
    /// ```json good kind:stack-alert at:/ stack-version:latest
    /// {"threshold": 10, "thresholdType": "between", "thresholdMax": 50}
    /// ```
    pub static RULE = {
        code: "PL752",
        name: "alert-threshold-max",
        severity: Error,
        kinds: [StackAlert, ManagedStackAlert],
        summary: "A between or not_between alert lacks thresholdMax, or its thresholdMax is below threshold",
        check: Some(check),
    };
}

fn check(cx: &Context, out: &mut Vec<Diagnostic>) {
    // Under a profile without ranges, `needs-newer-api` is the one finding.
    if !super::facts::accepts_member(cx, "/thresholdMax") {
        return;
    }
    let Some(kind @ ("between" | "not_between")) = cx.get_str("/thresholdType") else {
        return;
    };
    let threshold = cx.get("/threshold").and_then(Value::as_f64);
    match cx.get("/thresholdMax") {
        None | Some(Value::Null) => out.push(
            Diagnostic::new(
                &RULE,
                cx.value_span("/thresholdType"),
                "/thresholdMax",
                format!("a `{kind}` alert needs `thresholdMax`"),
            )
            .with_label("a range without its upper end")
            .with_help("add `\"thresholdMax\"`: the upper end of the range, at least `threshold`"),
        ),
        Some(max) => {
            let (Some(max_number), Some(threshold)) = (max.as_f64(), threshold) else {
                return;
            };
            if max_number < threshold {
                out.push(
                    cx.at_value(
                        &RULE,
                        "/thresholdMax",
                        format!("`thresholdMax` {max} is below `threshold` {threshold}"),
                    )
                    .with_label("below the lower end")
                    .with_secondary(cx.value_span("/threshold"), "lower end")
                    .with_help("`threshold` is the lower end of the range and `thresholdMax` the upper one: swap them, or raise `thresholdMax`"),
                );
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::profile::Profile;
    use crate::rules::testing::findings_as_under;

    fn found(members: &str, profile: Profile) -> Vec<String> {
        let json = format!(
            r#"{{"threshold": 10, "interval": "5m", "channel": {{"type": "webhook", "webhookId": "65f5e4a3b9e77c001a567891"}}, {members}}}"#
        );
        findings_as_under(&RULE, DocumentKind::StackAlert, &json, profile)
            .into_iter()
            .map(|d| d.pointer)
            .collect()
    }

    #[test]
    fn a_range_needs_an_upper_end_at_least_the_lower_one() {
        let latest = Profile::latest();
        assert_eq!(
            found(r#""thresholdType": "between""#, latest),
            ["/thresholdMax"]
        );
        assert_eq!(
            found(
                r#""thresholdType": "not_between", "thresholdMax": 5"#,
                latest
            ),
            ["/thresholdMax"]
        );
        assert!(found(r#""thresholdType": "between", "thresholdMax": 10"#, latest).is_empty());
        assert!(found(r#""thresholdType": "above""#, latest).is_empty());
        // The contract has no ranges: `needs-newer-api` says so, and nothing more.
        assert!(found(r#""thresholdType": "between""#, Profile::default()).is_empty());
    }
}
