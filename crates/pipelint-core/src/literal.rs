//! What the text of a string value stands for, before its form is checked: placeholders
//! filled in at send time (`${KAFKA_PASSWORD}`), placeholders pasted from the documentation
//! (`<DASHBOARD_ID>`). The rules and the secret masking both use these; the shapes of ids
//! are `api::ids`'.

use serde_json::Value;

/// The text of a string value whose form a rule checks: `None` when the value is missing,
/// not a string, or a placeholder filled in at send time ([`is_placeholder`]).
pub(crate) fn text_to_check(value: Option<&Value>) -> Option<&str> {
    value?.as_str().filter(|text| !is_placeholder(text))
}

/// Like [`text_to_check`], and also `None` for a placeholder pasted from the documentation
/// (`<PIPE_ID>`): ids and records are often copied from the examples.
pub(crate) fn id_to_check(value: Option<&Value>) -> Option<&str> {
    value?.as_str().filter(|text| !is_any_placeholder(text))
}

/// Whether a string is, or contains, an environment or template placeholder such as
/// `${KAFKA_PASSWORD}`, `$KAFKA_PASSWORD` or `{{ kafka_password }}`. Such values are filled
/// in at send time, so their text form cannot be checked.
pub(crate) fn is_placeholder(text: &str) -> bool {
    if let Some(start) = text.find("${")
        && text[start + 2..].contains('}')
    {
        return true;
    }
    if let Some(start) = text.find("{{")
        && text[start + 2..].contains("}}")
    {
        return true;
    }
    // A whole value of the form `$NAME` (shell style).
    text.strip_prefix('$').is_some_and(is_shell_name)
}

/// Whether the whole (trimmed) value is one placeholder: `${NAME}`, `$NAME` or
/// `{{ name }}`, each naming a variable and nothing else. A default (`${X:-hunter2}`,
/// `${X-…}`, `${X:=…}`, `{{ pw | default('…') }}`) is a literal value, the secret itself;
/// so is `$` before a mixed-case word (`$Q30xEe…` is a password, not a variable).
pub(crate) fn is_whole_placeholder(value: &str) -> bool {
    let value = value.trim();
    if let Some(inner) = value.strip_prefix("${").and_then(|v| v.strip_suffix('}')) {
        return is_variable_path(inner);
    }
    if let Some(inner) = value.strip_prefix("{{").and_then(|v| v.strip_suffix("}}")) {
        return is_variable_path(inner.trim());
    }
    value.strip_prefix('$').is_some_and(is_shell_name)
}

/// A variable's name, or a dotted path to one (`KAFKA_PASSWORD`, `var.kafka_password`,
/// `secrets.kafka`): letters, digits and `_`, not starting with a digit.
fn is_variable_path(text: &str) -> bool {
    !text.is_empty()
        && text.split('.').all(|part| {
            part.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_')
                && part.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_')
        })
}

/// The name after a bare `$`: a variable name in one case (`KAFKA_PASSWORD`,
/// `kafka_password`). Upper and lower case letters mixed are a password's, not a name's.
fn is_shell_name(name: &str) -> bool {
    let upper = name.bytes().any(|b| b.is_ascii_uppercase());
    let lower = name.bytes().any(|b| b.is_ascii_lowercase());
    is_variable_path(name) && !name.contains('.') && !(upper && lower)
}

/// Whether a whole value is a placeholder as the documentation writes them: `<DASHBOARD_ID>`,
/// `<your webhook id>`. A lowercase single word such as `<br>` is an HTML tag (markdown
/// tiles hold HTML), not a placeholder.
pub(crate) fn is_doc_placeholder(text: &str) -> bool {
    let Some(inner) = text.strip_prefix('<').and_then(|t| t.strip_suffix('>')) else {
        return false;
    };
    inner.starts_with(|c: char| c.is_ascii_alphabetic())
        && inner
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | ' ' | '.'))
        && inner
            .chars()
            .any(|c| c.is_ascii_uppercase() || matches!(c, '_' | ' '))
}

/// Whether a value is filled in later (`${PIPE_ID}`) or pasted from the documentation
/// (`<PIPE_ID>`); such values are not checked for their form.
pub(crate) fn is_any_placeholder(text: &str) -> bool {
    is_placeholder(text) || is_doc_placeholder(text)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_checkable_text_is_checked() {
        let value = |json: &str| serde_json::from_str::<Value>(json).ok();
        assert_eq!(text_to_check(value(r#""a:9092""#).as_ref()), Some("a:9092"));
        assert_eq!(
            text_to_check(value(r#""<BROKER>""#).as_ref()),
            Some("<BROKER>")
        );
        assert_eq!(text_to_check(value(r#""${BROKERS}""#).as_ref()), None);
        assert_eq!(text_to_check(value("3").as_ref()), None);
        assert_eq!(text_to_check(None), None);
        assert_eq!(id_to_check(value(r#""<PIPE_ID>""#).as_ref()), None);
        assert_eq!(id_to_check(value(r#""{{ id }}""#).as_ref()), None);
        assert_eq!(id_to_check(value(r#""abc""#).as_ref()), Some("abc"));
    }

    #[test]
    fn recognises_placeholders() {
        for text in [
            "${KAFKA_PASSWORD}",
            "{{ brokers }}",
            "$PASSWORD",
            "https://${HOST}:8081",
        ] {
            assert!(is_placeholder(text), "{text}");
        }
        for text in ["hunter2", "$", "a$b", "{{ open", "${ open"] {
            assert!(!is_placeholder(text), "{text}");
        }
    }

    #[test]
    fn only_whole_values_are_placeholders() {
        for yes in [
            "${KAFKA_PASSWORD}",
            " ${A} ",
            "$PASSWORD",
            "{{ kafka_password }}",
            "{{secrets.kafka}}",
            "${var.kafka_password}",
            "$kafka_password",
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
            // A default is a literal value: the secret itself.
            "${KAFKA_PASSWORD:-Tr0ub4dor}",
            "${X:=Tr0ub4dor}",
            "${X-Tr0ub4dor}",
            "${X=Tr0ub4dor}",
            "${X:+Tr0ub4dor}",
            "{{ pw | default('Tr0ub4dor') }}",
            "{{ 'Tr0ub4dor' }}",
            // A mixed-case word after `$` is a password, not a variable.
            "$Q30xEe9vPz",
            "$1abc",
        ] {
            assert!(!is_whole_placeholder(no), "{no}");
        }
    }

    #[test]
    fn recognises_documentation_placeholders() {
        for text in ["<DASHBOARD_ID>", "<your webhook id>", "<TILE-ID>"] {
            assert!(is_doc_placeholder(text), "{text}");
        }
        for text in [
            "<>",
            "< x>",
            "DASHBOARD_ID",
            "<a><b>",
            "duration:<100",
            "<br>",
            "<hr>",
        ] {
            assert!(!is_doc_placeholder(text), "{text}");
        }
    }
}
