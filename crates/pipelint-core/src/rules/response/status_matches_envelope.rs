use crate::rules::prelude::*;

declare_rule! {
    /// ## What it checks
    /// `status` of a response is an HTTP status code (100 to 599) that matches the
    /// envelope: a response with `result` has status `200`, an error body with
    /// `error` has an error status, 4xx or 5xx (the real API sends 400, 404 and 424, among others).
    ///
    /// ## Why it matters
    /// The envelope repeats the HTTP status so clients can branch on it. A mock whose
    /// `status` says 404 while it carries a `result`, or 200 next to an `error`, tests a
    /// response the API never sends, and client code that trusts `status` takes the wrong
    /// branch.
    ///
    /// ## Example
    /// ```json bad kind:error at:/
    /// {"error": "invalid replicas: must be between 1 and 10", "status": 200}
    /// ```
    ///
    /// ## Fix
    /// Use the status the API sent with that body: `200` with `result`, the error status
    /// (usually `400`) with `error`.
    ///
    /// ```json good kind:error at:/
    /// {"error": "invalid replicas: must be between 1 and 10", "status": 400}
    /// ```
    pub static RULE = {
        code: "PL601",
        name: "status-matches-envelope",
        severity: Error,
        kinds: [PipeResponse, ServiceList, Error],
        summary: "status is not an HTTP status, or does not match result (200) or error (4xx/5xx)",
        check: Some(check),
        fix: Unsafe,
    };
}

const POINTER: &str = "/status";

fn check(cx: &Context, out: &mut Vec<Diagnostic>) {
    let Some(status) = cx.get(POINTER).and_then(Value::as_i64) else {
        return;
    };
    if !(100..=599).contains(&status) {
        out.push(
            cx.at_value(
                &RULE,
                POINTER,
                format!("`status` is {status}, which is not an HTTP status code"),
            )
            .with_label("not between 100 and 599")
            .with_help(if cx.kind == DocumentKind::Error {
                "write the HTTP status of the response, e.g. 400"
            } else {
                "write the HTTP status of the response: 200"
            }),
        );
        return;
    }
    match cx.kind {
        DocumentKind::PipeResponse | DocumentKind::ServiceList if status != 200 => {
            let mut diagnostic = cx
                .at_value(
                    &RULE,
                    POINTER,
                    format!("a response with `result` has status 200, not {status}"),
                )
                .with_label("does not match the envelope")
                .with_secondary(cx.key_span("/result"), "a result: the request succeeded");
            if (200..300).contains(&status) {
                diagnostic = diagnostic
                    .with_help("the API answers these operations with 200 only")
                    .with_fix(Fix {
                        title: "Write `200`".to_owned(),
                        span: cx.value_span(POINTER),
                        replacement: "200".to_owned(),
                        applicability: crate::Applicability::Unsafe,
                    });
            } else {
                diagnostic = diagnostic.with_help(format!(
                    "a {status} response carries `error` instead of `result`: write status 200, or replace `result` with the error message"
                ));
            }
            out.push(diagnostic);
        }
        DocumentKind::Error if status < 400 => {
            let mut diagnostic = cx
                .at_value(
                    &RULE,
                    POINTER,
                    format!("an error body has an error status (4xx or 5xx), not {status}"),
                )
                .with_label("not an error status")
                .with_help("write the status the API sent with the error, usually 400");
            if cx.get("/error").is_some() {
                diagnostic = diagnostic.with_secondary(cx.key_span("/error"), "an error body");
            }
            out.push(diagnostic);
        }
        _ => {}
    }
}
