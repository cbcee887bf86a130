//! The ids of the API: the cloud API's UUIDs and the analytics stack's object ids, and
//! what keeps a text from being one (with the id, when it can be recovered).

/// Whether a string is a UUID in its canonical 8-4-4-4-12 hexadecimal form.
pub(crate) fn is_uuid(text: &str) -> bool {
    let bytes = text.as_bytes();
    bytes.len() == 36
        && bytes.iter().enumerate().all(|(i, b)| match i {
            8 | 13 | 18 | 23 => *b == b'-',
            _ => b.is_ascii_hexdigit(),
        })
}

/// Whether a text is an object id: 24 hexadecimal digits.
pub(crate) fn is_object_id(text: &str) -> bool {
    text.len() == 24 && text.bytes().all(|b| b.is_ascii_hexdigit())
}

/// What is wrong with a would-be UUID, and the canonical form when it can be derived.
pub(crate) struct UuidProblem {
    pub what: String,
    pub canonical: Option<String>,
}

/// What keeps a text from being a UUID in the canonical 8-4-4-4-12 form; `None` when it
/// has that form.
pub(crate) fn uuid_problem(text: &str) -> Option<UuidProblem> {
    if is_uuid(text) {
        return None;
    }
    let hex_only = |s: &str| s.len() == 32 && s.bytes().all(|b| b.is_ascii_hexdigit());
    let dashed = |s: &str| {
        format!(
            "{}-{}-{}-{}-{}",
            &s[..8],
            &s[8..12],
            &s[12..16],
            &s[16..20],
            &s[20..]
        )
    };
    let trimmed = text.trim();
    if trimmed != text && is_uuid(trimmed) {
        return Some(UuidProblem {
            what: "it has white space around it".to_owned(),
            canonical: Some(trimmed.to_owned()),
        });
    }
    if let Some(inner) = text.strip_prefix('{').and_then(|t| t.strip_suffix('}'))
        && is_uuid(inner)
    {
        return Some(UuidProblem {
            what: "it is wrapped in braces".to_owned(),
            canonical: Some(inner.to_owned()),
        });
    }
    if let Some(inner) = text
        .get(..9)
        .filter(|p| p.eq_ignore_ascii_case("urn:uuid:"))
        .map(|_| &text[9..])
        && is_uuid(inner)
    {
        return Some(UuidProblem {
            what: "it has the `urn:uuid:` prefix".to_owned(),
            canonical: Some(inner.to_owned()),
        });
    }
    if hex_only(text) {
        return Some(UuidProblem {
            what: "its 32 hexadecimal digits lack the dashes".to_owned(),
            canonical: Some(dashed(text)),
        });
    }
    let what = if text.is_empty() {
        "it is empty".to_owned()
    } else if let Some(bad) = text.chars().find(|c| !c.is_ascii_hexdigit() && *c != '-') {
        format!("`{bad}` is not a hexadecimal digit")
    } else {
        let digits = text.bytes().filter(u8::is_ascii_hexdigit).count();
        if digits == 32 {
            "its dashes are misplaced (the form is 8-4-4-4-12)".to_owned()
        } else {
            format!("it has {digits} hexadecimal digits, a UUID has 32")
        }
    };
    Some(UuidProblem {
        what,
        canonical: None,
    })
}

/// What keeps a text from being an object id, and the id when it can be recovered.
pub(crate) fn object_id_problem(id: &str) -> (String, Option<String>) {
    let trimmed = id.trim();
    if trimmed != id && is_object_id(trimmed) {
        return (
            "it has white space around it".to_owned(),
            Some(trimmed.to_owned()),
        );
    }
    let inner = id
        .strip_prefix("ObjectId(")
        .and_then(|r| r.strip_suffix(')'))
        .map(|r| r.trim_matches(|c| c == '"' || c == '\''));
    if let Some(inner) = inner.filter(|i| is_object_id(i)) {
        return (
            "it is wrapped in `ObjectId(…)`".to_owned(),
            Some(inner.to_owned()),
        );
    }
    if is_uuid(id) {
        return (
            "it is a UUID; the analytics stack's ids are 24 hexadecimal digits".to_owned(),
            None,
        );
    }
    if id.is_empty() {
        return ("it is empty".to_owned(), None);
    }
    if let Some(bad) = id.chars().find(|c| !c.is_ascii_hexdigit()) {
        return (format!("`{bad}` is not a hexadecimal digit"), None);
    }
    (
        format!("it has {} digits instead of 24", id.chars().count()),
        None,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn checks_uuid_shape() {
        assert!(is_uuid("123e4567-e89b-42d3-a456-426614174000"));
        assert!(!is_uuid("123e4567e89b42d3a456426614174000"));
        assert!(!is_uuid("{123e4567-e89b-42d3-a456-426614174000}"));
    }

    #[test]
    fn recognises_object_ids() {
        assert!(is_object_id("65f5e4a3b9e77c001a567890"));
        assert!(!is_object_id("65f5e4a3b9e77c001a56789"));
        assert!(!is_object_id("65f5e4a3b9e77c001a56789z"));
    }

    #[test]
    fn explains_uuid_shapes() {
        assert!(uuid_problem("123e4567-e89b-42d3-a456-426614174000").is_none());
        let bare = uuid_problem("123e4567e89b42d3a456426614174000");
        assert_eq!(
            bare.and_then(|p| p.canonical).as_deref(),
            Some("123e4567-e89b-42d3-a456-426614174000")
        );
        let braced = uuid_problem("{123e4567-e89b-42d3-a456-426614174000}");
        assert!(braced.is_some_and(|p| p.canonical.is_some()));
        let short = uuid_problem("123e4567-e89b-42d3-a456-42661417400");
        assert!(short.is_some_and(|p| p.what.contains("31")));
        let letter = uuid_problem("pipe-123");
        assert!(letter.is_some_and(|p| p.what.contains("`p`")));
    }

    #[test]
    fn explains_and_recovers_object_ids() {
        assert!(
            object_id_problem("65f5e4a3b9e77c001a56789")
                .0
                .contains("23 digits")
        );
        assert_eq!(
            object_id_problem("ObjectId(\"65f5e4a3b9e77c001a567890\")")
                .1
                .as_deref(),
            Some("65f5e4a3b9e77c001a567890")
        );
        assert!(
            object_id_problem("0d7bd6cc-5a5c-4b9e-9a4e-6d1f2f0b8a41")
                .0
                .contains("UUID")
        );
        assert!(
            object_id_problem("dashboard-1").0.contains("`d`")
                || object_id_problem("dashboard-1").0.contains("`s`")
        );
    }
}
