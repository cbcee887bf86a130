use super::{NEWER_NUMBER_OUTPUTS, NUMBER_OUTPUTS};
use crate::declare_rule;
use crate::diagnostic::Diagnostic;
use crate::rule::Context;
use crate::suggest::{closest, list_code};

declare_rule! {
    /// ## What it checks
    /// Every `numberFormat.output` of a dashboard (on a tile config, its select items, or a
    /// deprecated `series` item) is `currency`, `percent`, `byte`, `time` or `number`, or one
    /// of the later `duration`, `data_rate` and `throughput`, which `needs-newer-server`
    /// reports instead (real-API notes, "Dashboard tiles, beyond the grid").
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

fn check(cx: &Context, out: &mut Vec<Diagnostic>) {
    let all: Vec<&str> = NUMBER_OUTPUTS
        .iter()
        .chain(NEWER_NUMBER_OUTPUTS)
        .copied()
        .collect();
    for pointer in super::number_format_pointers(cx) {
        let pointer = format!("{pointer}/output");
        let Some(value) = cx.get(&pointer) else {
            continue;
        };
        if value.is_null() || value.as_str().is_some_and(|s| all.contains(&s)) {
            continue;
        }
        let shown = value
            .as_str()
            .map_or_else(|| value.to_string(), |s| format!("`{s}`"));
        let mut diagnostic = cx
            .at_value(
                &RULE,
                &pointer,
                format!("{shown} is not a number format output the server knows"),
            )
            .with_label("unknown output");
        diagnostic = match value.as_str().and_then(|s| closest(s, all.iter().copied())) {
            Some(suggestion) => diagnostic
                .with_help(format!(
                    "did you mean `{suggestion}`? Outputs: {}",
                    list_code(NUMBER_OUTPUTS)
                ))
                .with_fix(crate::rules::edit::replace_with_guess(
                    cx,
                    &pointer,
                    value.as_str().unwrap_or_default(),
                    suggestion,
                )),
            None => diagnostic.with_help(format!("outputs: {}", list_code(NUMBER_OUTPUTS))),
        };
        out.push(diagnostic);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::stack::testing::dashboard_findings;

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
