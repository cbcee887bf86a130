use serde_json::Value;

use crate::declare_rule;
use crate::diagnostic::Diagnostic;
use crate::rule::{Context, pointer_join};
use crate::secrets::{SECRET_MEMBERS, connection_fields_literal, is_whole_placeholder};

declare_rule! {
    /// ## What it checks
    /// Secret members — `credentials.password`, `accessKey.secretKey`,
    /// `schemaRegistry.credentials.password`, `connectionString`, `privateKey`,
    /// `serviceAccountKey` — hold an environment or template placeholder such as
    /// `${KAFKA_PASSWORD}` or `{{ kafka_password }}`, not the secret itself.
    ///
    /// ## Why it matters
    /// Pipe definitions live in git, where a password is readable by everyone with access
    /// to the repository, forever (history keeps it after it is deleted). pipelint masks
    /// secrets in its own output, but it cannot take them out of your repository.
    ///
    /// ## Example
    /// ```json
    /// {"credentials": {"username": "ingest", "password": "hunter2"}}
    /// ```
    ///
    /// ## Fix
    /// Write `"password": "${KAFKA_PASSWORD}"` in the file and substitute the value when the
    /// body is sent (`envsubst < orders.pipe.json | curl --data-binary @- ...`), then rotate
    /// the secret that was committed.
    pub static RULE = {
        code: "PL800",
        name: "plaintext-secret",
        severity: Warning,
        kinds: [CreatePipe],
        summary: "A secret member holds a literal secret instead of a placeholder",
        check: Some(check),
    };
}

fn check(cx: &Context, out: &mut Vec<Diagnostic>) {
    walk(cx, cx.root(), "", out);
}

fn walk(cx: &Context, value: &Value, pointer: &str, out: &mut Vec<Diagnostic>) {
    match value {
        Value::Object(members) => {
            for (name, member) in members {
                let path = pointer_join(pointer, name);
                match member.as_str() {
                    Some(secret) if SECRET_MEMBERS.contains(&name.as_str()) => {
                        if is_literal_secret(secret) {
                            out.push(
                                cx.at_value(&RULE, &path, format!("`{name}` holds a literal secret"))
                                    .with_label("secret in plain text (masked in this output)")
                                    .with_help(format!(
                                        "use a placeholder such as `${{{}}}` and substitute it when sending; rotate the committed secret",
                                        placeholder_name(&path)
                                    )),
                            );
                        }
                    }
                    _ => walk(cx, member, &path, out),
                }
            }
        }
        Value::Array(items) => {
            for (i, item) in items.iter().enumerate() {
                walk(cx, item, &pointer_join(pointer, &i.to_string()), out);
            }
        }
        _ => {}
    }
}

/// Whether a secret member's value is the secret itself. A placeholder counts only when it is
/// the whole value; in a connection string, every secret field must be one
/// (`AccountName=${ACCT};AccountKey=abc` is a literal secret).
fn is_literal_secret(value: &str) -> bool {
    !value.is_empty()
        && !is_whole_placeholder(value)
        && connection_fields_literal(value).unwrap_or(true)
}

/// `KAFKA_PASSWORD` for `/source/kafka/credentials/password`.
fn placeholder_name(pointer: &str) -> String {
    let tokens: Vec<&str> = pointer.split('/').filter(|t| !t.is_empty()).collect();
    let source = tokens
        .iter()
        .find(|t| ["kafka", "kinesis", "objectStorage", "postgres"].contains(t));
    let last = tokens.last().copied().unwrap_or("secret");
    let mut name = String::new();
    if let Some(source) = source {
        name.push_str(&screaming(source));
        name.push('_');
    }
    if tokens.contains(&"schemaRegistry") {
        name.push_str("SCHEMA_REGISTRY_");
    }
    name.push_str(&screaming(last));
    name
}

/// `secretKey` -> `SECRET_KEY`.
fn screaming(camel: &str) -> String {
    let mut out = String::new();
    for (i, c) in camel.chars().enumerate() {
        if c.is_ascii_uppercase() && i > 0 {
            out.push('_');
        }
        out.push(c.to_ascii_uppercase());
    }
    out
}

#[cfg(test)]
mod tests {
    use super::placeholder_name;

    #[test]
    fn suggests_placeholder_names() {
        assert_eq!(
            placeholder_name("/source/kafka/credentials/password"),
            "KAFKA_PASSWORD"
        );
        assert_eq!(
            placeholder_name("/source/kafka/schemaRegistry/credentials/password"),
            "KAFKA_SCHEMA_REGISTRY_PASSWORD"
        );
        assert_eq!(
            placeholder_name("/source/objectStorage/accessKey/secretKey"),
            "OBJECT_STORAGE_SECRET_KEY"
        );
    }
}
