use crate::rules::prelude::*;

declare_rule! {
    /// ## What it checks
    /// Each `endpoints[].protocol` of a service record is one of the protocols the real API
    /// reports: `https`, `nativesecure` or `mysql` (the protocols the real API
    /// reports; its description does not list them).
    ///
    /// ## Why it matters
    /// Clients pick the endpoint to connect to by its protocol. A mock with `HTTPS` or
    /// `native` makes that lookup succeed in tests and fail against the API. It is a
    /// warning because the API may add protocols.
    ///
    /// ## Example
    /// ```json bad kind:service at:/
    /// {"endpoints": [{"host": "abc123.eu-west-1.aws.example.cloud", "port": 9440, "protocol": "native-secure"}]}
    /// ```
    ///
    /// ## Fix
    /// Use the protocol as the API spells it; the did-you-mean fix does that.
    ///
    /// ```json good kind:service at:/
    /// {"endpoints": [{"host": "abc123.eu-west-1.aws.example.cloud", "port": 9440, "protocol": "nativesecure"}]}
    /// ```
    pub static RULE = {
        code: "PL651",
        name: "unknown-endpoint-protocol",
        severity: Warning,
        kinds: [Service, ServiceList],
        summary: "An endpoint's protocol is not https, nativesecure or mysql",
        check: Some(check),
        fix: SafeOrUnsafe,
    };
}

/// Endpoint protocols of the real API (real-API notes).
pub const PROTOCOLS: &[&str] = &["https", "nativesecure", "mysql"];

fn check(cx: &Context, out: &mut Vec<Diagnostic>) {
    for record in records(cx.document, cx.kind) {
        let endpoints = format!("{record}/endpoints");
        let count = cx
            .get(&endpoints)
            .and_then(Value::as_array)
            .map_or(0, Vec::len);
        for i in 0..count {
            let pointer = format!("{endpoints}/{i}/protocol");
            let Some(protocol) = cx.get(&pointer).and_then(Value::as_str) else {
                continue;
            };
            if PROTOCOLS.contains(&protocol) {
                continue;
            }
            let diagnostic = cx
                .at_value(
                    &RULE,
                    &pointer,
                    format!("`{protocol}` is not an endpoint protocol the API reports"),
                )
                .with_label("unknown protocol");
            let diagnostic = help_with_guess(
                diagnostic,
                cx,
                &pointer,
                Some(protocol),
                PROTOCOLS,
                PROTOCOLS,
                "protocols",
            );
            out.push(diagnostic);
        }
    }
}
