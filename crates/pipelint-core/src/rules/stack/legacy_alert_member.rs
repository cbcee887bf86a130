use crate::rules::prelude::*;

use super::facts::is_set;

declare_rule! {
    /// ## What it checks
    /// The alert uses none of the member names of the older API version that the current
    /// server drops: `threshold_type` (now `thresholdType`) and `chartId` (now `tileId`,
    /// with `dashboardId` and `"source": "tile"`).
    ///
    /// ## Why it matters
    /// Bodies written for the older version still pass JSON checks, but the server ignores
    /// these members: the alert gets no threshold direction (and is rejected) or watches
    /// nothing.
    ///
    /// ## Example
    /// ```json bad kind:stack-alert at:/
    /// {"threshold": 100, "threshold_type": "above", "interval": "5m", "chartId": "errors"}
    /// ```
    ///
    /// ## Fix
    /// Rename the member to its current name (the fix does when the current name is not
    /// already there), or remove it.
    ///
    /// ```json good kind:stack-alert at:/
    /// {"threshold": 100, "thresholdType": "above", "interval": "5m"}
    /// ```
    pub static RULE = {
        code: "PL705",
        name: "legacy-alert-member",
        severity: Warning,
        kinds: [StackAlert, ManagedStackAlert],
        summary: "An alert uses threshold_type or chartId of the older API version",
        check: Some(check),
        fix: SafeOrUnsafe,
    };
}

const RENAMED: &[(&str, &str)] = &[("threshold_type", "thresholdType"), ("chartId", "tileId")];

fn check(cx: &Context, out: &mut Vec<Diagnostic>) {
    for (old, new) in RENAMED {
        let pointer = format!("/{old}");
        if cx.get(&pointer).is_none() {
            continue;
        }
        let current = format!("/{new}");
        let mut diagnostic = cx
            .at_key(
                &RULE,
                &pointer,
                format!("`{old}` is the older API version's name for `{new}`; the server drops it"),
            )
            .with_label("dropped by the server");
        diagnostic = if is_set(cx, &current) {
            diagnostic
                .with_secondary(cx.key_span(&current), "the current name is given here")
                .with_help(format!("remove `{old}`: `{new}` is already given"))
                .with_fix(remove_member(cx, &pointer))
        } else {
            let extra = if *new == "tileId" {
                " (a tile alert also needs `dashboardId` and `\"source\": \"tile\"`)"
            } else {
                ""
            };
            diagnostic
                .with_help(format!("rename it to `{new}`{extra}"))
                .with_fix(rename_key(cx, &pointer, new))
        };
        out.push(diagnostic);
    }
}
