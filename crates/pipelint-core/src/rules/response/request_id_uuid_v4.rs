use crate::api::ids::uuid_problem;
use crate::rules::prelude::*;

declare_rule! {
    /// ## What it checks
    /// `requestId` of a response is a version-4 UUID: the canonical
    /// 8-4-4-4-12 hexadecimal form, version digit `4` (the 13th digit) and the RFC 4122
    /// variant (the 17th digit is `8`, `9`, `a` or `b`).
    ///
    /// ## Why it matters
    /// Recorded responses are used as mocks and test fixtures. A request id the API could
    /// never send (a made-up `req-123`, a version-1 UUID, the nil UUID) makes a mock that
    /// passes where the real client code would choke, for example when it parses or logs the
    /// id as a UUID.
    ///
    /// ## Example
    /// ```json bad kind:pipe-response at:/
    /// {"requestId": "6f1c2d4e-8a9b-1c3d-9e8f-7a6b5c4d3e2f"}
    /// ```
    ///
    /// ## Fix
    /// Use a request id the API returned, or a fresh random (version-4) UUID such as
    /// `uuidgen -r` prints.
    ///
    /// ```json good kind:error at:/
    /// {"requestId": "6f1c2d4e-8a9b-4c3d-9e8f-7a6b5c4d3e2f"}
    /// ```
    pub static RULE = {
        code: "PL600",
        name: "request-id-uuid-v4",
        severity: Error,
        kinds: [PipeResponse, ServiceList, Error],
        summary: "requestId is not a version-4 UUID",
        check: Some(check),
        fix: Safe,
    };
}

const POINTER: &str = "/requestId";

fn check(cx: &Context, out: &mut Vec<Diagnostic>) {
    let Some(id) = id_to_check(cx.get(POINTER)) else {
        return;
    };
    if let Some(problem) = uuid_problem(id) {
        let mut diagnostic = cx
            .at_value(
                &RULE,
                POINTER,
                format!("`requestId` is not a UUID: {}", problem.what),
            )
            .with_label("not a UUID")
            .with_help(
                "a request id is a random UUID in the form xxxxxxxx-xxxx-4xxx-yxxx-xxxxxxxxxxxx",
            );
        if let Some(canonical) = problem.canonical.filter(|c| version_problem(c).is_none()) {
            diagnostic = diagnostic.with_fix(write_corrected(cx, POINTER, canonical));
        }
        out.push(diagnostic);
        return;
    }
    if let Some((message, label)) = version_problem(id) {
        out.push(
            cx.at_value(&RULE, POINTER, message)
                .with_label(label)
                .with_help(
                    "the API assigns random (version-4) UUIDs: the 13th digit is `4` and the 17th is `8`, `9`, `a` or `b`; use a recorded id or one from `uuidgen -r`",
                ),
        );
    }
}

/// What keeps a UUID in canonical form from being a version-4 UUID.
fn version_problem(id: &str) -> Option<(String, String)> {
    let bytes = id.as_bytes();
    if id.bytes().all(|b| b == b'0' || b == b'-') {
        return Some((
            "`requestId` is the nil UUID, which no request gets".to_owned(),
            "nil UUID".to_owned(),
        ));
    }
    let version = bytes[14] as char;
    if version != '4' {
        return Some((
            format!("`requestId` is a version-{version} UUID, not version 4"),
            format!("version digit is `{version}`, not `4`"),
        ));
    }
    let variant = bytes[19].to_ascii_lowercase() as char;
    if !matches!(variant, '8' | '9' | 'a' | 'b') {
        return Some((
            format!(
                "`requestId` does not have the RFC 4122 variant: its 17th digit is `{variant}`"
            ),
            "variant digit must be `8`, `9`, `a` or `b`".to_owned(),
        ));
    }
    None
}

#[cfg(test)]
mod tests {
    use super::version_problem;

    #[test]
    fn checks_version_and_variant() {
        assert!(version_problem("6f1c2d4e-8a9b-4c3d-9e8f-7a6b5c4d3e2f").is_none());
        assert!(version_problem("6F1C2D4E-8A9B-4C3D-BE8F-7A6B5C4D3E2F").is_none());
        assert!(version_problem("6f1c2d4e-8a9b-1c3d-9e8f-7a6b5c4d3e2f").is_some());
        assert!(version_problem("6f1c2d4e-8a9b-4c3d-7e8f-7a6b5c4d3e2f").is_some());
        assert!(version_problem("00000000-0000-0000-0000-000000000000").is_some());
    }
}
