use super::facts::{KnownValues, NUMBER_OUTPUTS};
use crate::rules::prelude::*;

declare_rule! {
    /// ## What it checks
    /// Every `numberFormat.output` of a dashboard (on a tile config, its select items and
    /// formulas, or a deprecated `series` item) is `currency`, `percent`, `byte`, `time` or `number`, or one
    /// of the later `duration`, `data_rate` and `throughput` (stack-version 2.24 and 2.27),
    /// which `needs-newer-api` reports instead under an older profile (`data_rate` and
    /// `throughput` came with stack server 2.23, `duration` with 2.27).
    ///
    /// ## Why it matters
    /// The server rejects the dashboard when a number format has another output.
    ///
    /// ## Example
    /// ```json bad kind:dashboard at:/tiles/0/config
    /// {"displayType": "number", "sourceId": "65f5e4a3b9e77c001a123456", "select": [{"aggFn": "count"}], "numberFormat": {"output": "bytes"}}
    /// ```
    ///
    /// ## Fix
    /// Use one of the outputs above; a close misspelling (`bytes`) gets a suggestion and a
    /// fix.
    ///
    /// ```json good kind:dashboard at:/tiles/0/config
    /// {"displayType": "number", "sourceId": "65f5e4a3b9e77c001a123456", "select": [{"aggFn": "count"}], "numberFormat": {"output": "byte"}}
    /// ```
    pub static RULE = {
        code: "PL747",
        name: "number-format-output",
        severity: Error,
        kinds: [Dashboard, DashboardUpdate],
        summary: "A dashboard numberFormat.output is not an output the server knows",
        check: Some(check),
        fix: SafeOrUnsafe,
    };
}

const OUTPUTS: KnownValues = KnownValues {
    current: NUMBER_OUTPUTS,
    newer_at: "/tiles/*/config/numberFormat/output",
    what: "a number format output",
    label: "unknown output",
    list_name: "outputs",
};

fn check(cx: &Context, out: &mut Vec<Diagnostic>) {
    for (at, value) in super::facts::number_format_outputs(cx) {
        if value.is_null() || value.as_str().is_some_and(|s| OUTPUTS.contains(cx.kind, s)) {
            continue;
        }
        out.push(OUTPUTS.unknown(cx, &RULE, &at.output_pointer(), value));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::testing::dashboard_findings;

    #[test]
    fn reports_unknown_outputs_with_a_suggestion() {
        let found = dashboard_findings(
            &RULE,
            r#"{"displayType": "number", "numberFormat": {"output": "bytes"}}"#,
        );
        assert_eq!(found.len(), 1);
        assert!(
            found[0]
                .help
                .as_deref()
                .is_some_and(|h| h.contains("`byte`"))
        );
        for ok in ["percent", "duration"] {
            let config =
                format!(r#"{{"displayType": "number", "numberFormat": {{"output": "{ok}"}}}}"#);
            assert!(dashboard_findings(&RULE, &config).is_empty(), "{ok}");
        }
    }
}
