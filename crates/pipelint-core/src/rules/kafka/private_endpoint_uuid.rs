use crate::rules::prelude::*;

declare_rule! {
    /// ## What it checks
    /// Each entry of the Kafka `reversePrivateEndpointIds` is a UUID in its canonical
    /// `8-4-4-4-12` hexadecimal form: the API documents these ids as UUIDs.
    /// Placeholders (`${PRIVATE_ENDPOINT_ID}`) are not checked.
    ///
    /// ## Why it matters
    /// The pipe connects to the source through these endpoints; an id that is not a UUID
    /// (a name, an AWS endpoint service id such as `vpce-svc-…`) matches no endpoint and the
    /// request fails.
    ///
    /// ## Example
    /// ```json bad kind:create-pipe at:/source/kafka
    /// {"reversePrivateEndpointIds": ["vpce-svc-0a1b2c3d4e5f67890"]}
    /// ```
    ///
    /// ## Fix
    /// Use the id of the reverse private endpoint as shown by the platform, e.g.
    /// `3f1c2a9e-8b4d-4e7a-9c21-5d6f0a1b2c3d`. Braces, a missing hyphenation and surrounding
    /// spaces get an automatic fix.
    ///
    /// ```json good kind:create-pipe at:/source/kafka
    /// {"reversePrivateEndpointIds": ["3f1c2a9e-8b4d-4e7a-9c21-5d6f0a1b2c3d"]}
    /// ```
    pub static RULE = {
        code: "PL209",
        name: "kafka-private-endpoint-uuid",
        severity: Error,
        kinds: [CreatePipe],
        summary: "A reverse private endpoint id is not a UUID",
        check: Some(check),
        fix: Safe,
    };
}

const IDS: &str = "/source/kafka/reversePrivateEndpointIds";

fn check(cx: &Context, out: &mut Vec<Diagnostic>) {
    for (index, id) in strings(cx.get(IDS)) {
        if is_uuid(id) || is_placeholder(id) {
            continue;
        }
        let pointer = format!("{IDS}/{index}");
        let mut diagnostic = cx
            .at_value(
                &RULE,
                &pointer,
                format!("the reverse private endpoint id `{id}` is not a UUID"),
            )
            .with_label("not a UUID");
        diagnostic = match canonical(id) {
            Some(uuid) => diagnostic
                .with_help(format!("write the UUID in its canonical form: `{uuid}`"))
                .with_fix(crate::rules::edit::replace_string(cx, &pointer, format!("Replace with `{uuid}`"), uuid)),
            None if id.starts_with("vpce") => diagnostic.with_help(
                "this is an AWS endpoint id; use the UUID of the reverse private endpoint created for the pipe, e.g. `3f1c2a9e-8b4d-4e7a-9c21-5d6f0a1b2c3d`",
            ),
            None => diagnostic.with_help(
                "use the UUID of the reverse private endpoint, in the form `3f1c2a9e-8b4d-4e7a-9c21-5d6f0a1b2c3d`",
            ),
        };
        out.push(diagnostic);
    }
}

/// The canonical form of a UUID written with braces, a `urn:uuid:` prefix, without
/// hyphens or with surrounding spaces; `None` when it is not a UUID at all.
fn canonical(id: &str) -> Option<String> {
    let trimmed = id.trim();
    let inner = trimmed
        .strip_prefix("urn:uuid:")
        .or_else(|| trimmed.strip_prefix('{').and_then(|t| t.strip_suffix('}')))
        .unwrap_or(trimmed);
    if is_uuid(inner) {
        return Some(inner.to_owned());
    }
    (inner.len() == 32 && inner.bytes().all(|b| b.is_ascii_hexdigit())).then(|| {
        format!(
            "{}-{}-{}-{}-{}",
            &inner[..8],
            &inner[8..12],
            &inner[12..16],
            &inner[16..20],
            &inner[20..]
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::testing::{body, findings, spanned};

    #[test]
    fn canonicalises_only_real_uuids() {
        let uuid = "3f1c2a9e-8b4d-4e7a-9c21-5d6f0a1b2c3d";
        for form in [
            "{3f1c2a9e-8b4d-4e7a-9c21-5d6f0a1b2c3d}",
            "urn:uuid:3f1c2a9e-8b4d-4e7a-9c21-5d6f0a1b2c3d",
            "3f1c2a9e8b4d4e7a9c215d6f0a1b2c3d",
            " 3f1c2a9e-8b4d-4e7a-9c21-5d6f0a1b2c3d ",
        ] {
            assert_eq!(canonical(form).as_deref(), Some(uuid), "{form}");
        }
        assert_eq!(canonical("vpce-svc-0a1b2c3d4e5f67890"), None);
        assert_eq!(canonical("3f1c2a9e-8b4d-4e7a-9c21-5d6f0a1b2c3"), None);
    }

    #[test]
    fn reports_each_bad_entry() {
        let json = body(
            r#"{"kafka": {"type": "msk", "format": "JSONEachRow", "authentication": "MUTUAL_TLS", "brokers": "b:9092", "topics": "t", "reversePrivateEndpointIds": ["3f1c2a9e-8b4d-4e7a-9c21-5d6f0a1b2c3d", "vpce-svc-0a1b2c3d4e5f67890", "${ENDPOINT_ID}", 7, "{3f1c2a9e-8b4d-4e7a-9c21-5d6f0a1b2c3d}"]}}"#,
        );
        let (result, found) = findings(&RULE, &json);
        assert_eq!(found.len(), 2);
        assert_eq!(
            spanned(&result, &found[0]),
            "\"vpce-svc-0a1b2c3d4e5f67890\""
        );
        assert!(found[0].fix.is_none());
        assert!(found[1].fix.is_some());
    }
}
