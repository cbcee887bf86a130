use crate::rules::prelude::*;

declare_rule! {
    /// ## What it checks
    /// `createdAt` and `updatedAt` of a pipe or service record are ISO 8601 date-times
    /// in the extended form, such as `2025-01-15T09:30:00Z`: a real calendar
    /// day, a real time of day, optional seconds and fraction, and an optional UTC offset.
    ///
    /// ## Why it matters
    /// Client code parses these dates. A mock with `"2025-01-15"`, a Unix timestamp or
    /// `"2025-02-30T00:00:00Z"` passes tests with a value the API never sends.
    ///
    /// ## Example
    /// ```json bad kind:pipe at:/
    /// {"createdAt": "2025-01-15 09:30:00", "updatedAt": "1736933400"}
    /// ```
    ///
    /// ## Fix
    /// Write the date-time as the API does: `2025-01-15T09:30:00Z`. A space instead of `T`
    /// and a Unix timestamp (seconds or milliseconds) get a fix that writes the ISO form.
    ///
    /// ```json good kind:pipe at:/
    /// {"createdAt": "2025-01-15T09:30:00Z", "updatedAt": "2025-01-15T09:30:00Z"}
    /// ```
    pub static RULE = {
        code: "PL603",
        name: "invalid-date-time",
        severity: Error,
        kinds: [Pipe, PipeResponse, Service, ServiceList],
        summary: "createdAt or updatedAt is not an ISO 8601 date-time",
        check: Some(check),
        fix: Safe,
    };
}

fn check(cx: &Context, out: &mut Vec<Diagnostic>) {
    for record in records(cx.document, cx.kind) {
        for member in ["createdAt", "updatedAt"] {
            let pointer = format!("{record}/{member}");
            let Some(text) = id_to_check(cx.get(&pointer)) else {
                continue;
            };
            let Err(problem) = super::facts::parse_date_time(text) else {
                continue;
            };
            let diagnostic = cx
                .at_value(
                    &RULE,
                    &pointer,
                    if problem.what.is_empty() {
                        format!("`{member}` is not an ISO 8601 date-time")
                    } else {
                        format!("`{member}` is not an ISO 8601 date-time: {}", problem.what)
                    },
                )
                .with_label("not an ISO 8601 date-time");
            let diagnostic = help_with_correction(
                diagnostic,
                cx,
                &pointer,
                problem.corrected,
                Applicability::Safe,
                "write a date and a time of day in UTC as the API does, e.g. `2025-01-15T09:30:00Z`",
            );
            out.push(diagnostic);
        }
    }
}
