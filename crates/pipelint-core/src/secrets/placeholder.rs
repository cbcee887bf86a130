//! Placeholders stand for a secret that is filled in at send time. A value is a placeholder
//! only when the whole value is one: `${KAFKA_PASSWORD}` is, `${USER}hunter2` is not.

/// Whether the whole (trimmed) value is one placeholder: `${NAME}`, `$NAME` or
/// `{{ name }}`.
pub fn is_whole_placeholder(value: &str) -> bool {
    let value = value.trim();
    if let Some(inner) = value.strip_prefix("${").and_then(|v| v.strip_suffix('}')) {
        return !inner.is_empty() && !inner.contains(['{', '}', '$']);
    }
    if let Some(inner) = value.strip_prefix("{{").and_then(|v| v.strip_suffix("}}")) {
        return !inner.trim().is_empty() && !inner.contains("{{") && !inner.contains("}}");
    }
    value.strip_prefix('$').is_some_and(|name| {
        !name.is_empty() && name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_')
    })
}

#[cfg(test)]
mod tests {
    use super::is_whole_placeholder;

    #[test]
    fn only_whole_values_are_placeholders() {
        for yes in [
            "${KAFKA_PASSWORD}",
            " ${A} ",
            "$PASSWORD",
            "{{ kafka_password }}",
        ] {
            assert!(is_whole_placeholder(yes), "{yes}");
        }
        for no in [
            "${USER}hunter2",
            "hunter2${X}",
            "AccountName=${ACCT};AccountKey=abc",
            "${A}${B}",
            "{{ a }} b",
            "$",
            "hunter2",
            "",
        ] {
            assert!(!is_whole_placeholder(no), "{no}");
        }
    }
}
