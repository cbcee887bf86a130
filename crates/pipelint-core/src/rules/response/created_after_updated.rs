use crate::rules::prelude::*;

declare_rule! {
    /// ## What it checks
    /// A record's `createdAt` is not after its `updatedAt`. Both must be valid
    /// ISO 8601 date-times (see `invalid-date-time`); times with offsets are compared as
    /// instants, and a time with an offset is not compared with one without.
    ///
    /// ## Why it matters
    /// A record cannot be updated before it was created. A hand-edited mock with the dates
    /// the wrong way round hides bugs in code that sorts, filters or shows "last changed"
    /// times.
    ///
    /// It is a warning: the interface states no such constraint and no request carries
    /// this record, so nothing rejects it; it is a likely mistake in a recorded or mocked
    /// response.
    ///
    /// ## Example
    /// ```json bad kind:pipe at:/
    /// {"createdAt": "2025-03-01T10:00:00Z", "updatedAt": "2025-02-28T10:00:00Z"}
    /// ```
    ///
    /// ## Fix
    /// Swap the two dates, or correct the one that was mistyped.
    ///
    /// ```json good kind:pipe at:/
    /// {"createdAt": "2025-02-28T10:00:00Z", "updatedAt": "2025-03-01T10:00:00Z"}
    /// ```
    pub static RULE = {
        code: "PL604",
        name: "created-after-updated",
        severity: Warning,
        kinds: [Pipe, PipeResponse, Service, ServiceList],
        summary: "createdAt is after updatedAt",
        check: Some(check),
    };
}

fn check(cx: &Context, out: &mut Vec<Diagnostic>) {
    for record in records(cx.document, cx.kind) {
        let created_at = format!("{record}/createdAt");
        let updated_at = format!("{record}/updatedAt");
        let parse = |pointer: &str| {
            cx.get(pointer)
                .and_then(Value::as_str)
                .and_then(|t| super::facts::parse_date_time(t).ok())
        };
        let (Some(created), Some(updated)) = (parse(&created_at), parse(&updated_at)) else {
            continue;
        };
        let later = match (created.utc(), updated.utc()) {
            (Some(c), Some(u)) => c > u,
            (None, None) => created.local > updated.local,
            _ => false,
        };
        if later {
            out.push(
                cx.at_value(&RULE, &created_at, "`createdAt` is after `updatedAt`")
                    .with_label("created here")
                    .with_secondary(cx.value_span(&updated_at), "but last updated earlier")
                    .with_help("a record is updated at or after its creation: swap the dates or correct the mistyped one"),
            );
        }
    }
}
