use crate::rules::prelude::*;

use crate::secrets::{
    connection_fields_literal, embedded_secret_count, expression_holds_literal, is_secret_name,
    is_secret_scalar_name,
};

declare_rule! {
    /// ## What it checks
    /// Secret members — `credentials.password`, `accessKey.secretKey`,
    /// `schemaRegistry.credentials.password`, `connectionString`, `privateKey`,
    /// `serviceAccountKey`, and any member whose name is a secret's in another spelling
    /// (`Password`, `secret_key`, `apiKey`, `token`, `sasl.password`, ...) — hold an
    /// environment or template placeholder such as `${KAFKA_PASSWORD}` or
    /// `{{ kafka_password }}` as their whole value, not the secret itself (`${USER}hunter2`
    /// is a literal secret; so is a placeholder with a default, `${KAFKA_PASSWORD:-hunter2}`
    /// or `{{ pw | default('hunter2') }}`, a `$` before a mixed-case word such as
    /// `$Q30xEe`, a connection string whose `AccountKey=` is literal, a `credentials`
    /// member holding a string, and a number, array or object holding a literal; in a `.tf`
    /// file, a literal inside the expression, as in `"${var.prefix}hunter2"`,
    /// `sensitive("hunter2")` or `coalesce(var.pw, "hunter2")`). Other
    /// string members must not carry a credential inside: a password in a URL
    /// (`https://user:pass@host`, also in `brokers`), a `sig=` or `X-Amz-Signature=` query
    /// signature, an `AccountKey=` field, a `Bearer` token, a webhook URL's token path.
    ///
    /// ## Why it matters
    /// Pipe definitions live in git, where a password is readable by everyone with access
    /// to the repository, forever (history keeps it after it is deleted). pipelint masks
    /// secrets in its own output, but it cannot take them out of your repository.
    ///
    /// ## Example
    /// ```json bad kind:create-pipe at:/source/kafka
    /// {"credentials": {"username": "ingest", "password": "hunter2"}}
    /// ```
    ///
    /// ## Fix
    /// Write `"password": "${KAFKA_PASSWORD}"` in the file and substitute the value when the
    /// body is sent (`envsubst < orders.pipe.json | curl --data-binary @- ...`), then rotate
    /// the secret that was committed.
    ///
    /// ```json good kind:create-pipe at:/source/kafka
    /// {"credentials": {"username": "ingest", "password": "${KAFKA_PASSWORD}"}}
    /// ```
    pub static RULE = {
        code: "PL800",
        name: "plaintext-secret",
        severity: Warning,
        kinds: [CreatePipe],
        summary: "A secret member holds a literal secret instead of a placeholder",
        check: Some(check),
        policy: [kept_inside_newer],
    };
}

fn check(cx: &Context, out: &mut Vec<Diagnostic>) {
    let mut names = NamesSeen::default();
    walk(cx.root(), &mut |member, path| {
        let Some(name) = member_name(path) else {
            return Walk::Descend;
        };
        let told = names.tell(name);
        // `credentials` is the object of a user name and a password; as a string it is the
        // secret itself.
        let scalar_secret = (member.is_string() || member.is_number()) && told.scalar_secret;
        if told.secret || scalar_secret {
            let at = path_pointer(path);
            // The text is looked at only for a value that holds a literal as read: clean
            // bodies never build the span index.
            let literal = if cx.document.is_unknown(&at) {
                // A Terraform expression (the reader's stand-in value): a literal inside
                // its text (`"${var.prefix}hunter2"`, `coalesce(var.pw, "hunter2")`). A
                // stand-in for a member not written has no text of its own.
                cx.document.spans(&at).is_some_and(|spans| {
                    cx.text
                        .get(spans.value.clone())
                        .is_some_and(expression_holds_literal)
                })
            } else {
                holds_literal(member)
                    && written_expression(cx, member, &at).is_none_or(expression_holds_literal)
            };
            if literal {
                out.push(
                    cx.at_value(&RULE, &at, format!("`{name}` holds a literal secret"))
                        .with_label("secret in plain text (masked in this output)")
                        .with_help(format!(
                            "use a placeholder such as `${{{}}}` as the whole value and substitute it when sending; rotate the committed secret",
                            placeholder_name(&at)
                        )),
                );
            }
            return Walk::Skip;
        }
        if let Some(text) = member.as_str()
            && embedded_secret_count(text) > 0
        {
            out.push(
                cx.at_value(
                    &RULE,
                    &path_pointer(path),
                    format!("`{name}` carries a literal credential inside its value"),
                )
                .with_label("credential in plain text (masked in this output)")
                .with_help(
                    "take the password, signature or key out of the value and pass it in its own member or a placeholder; rotate the committed secret",
                ),
            );
        }
        Walk::Descend
    });
}

/// What a member's name says.
#[derive(Clone, Copy)]
struct Told {
    secret: bool,
    scalar_secret: bool,
}

/// The answers for the names seen last, one per slot: a body repeats a few names many times
/// (every column has a `name` and a `type`), and telling a name is a pass over its bytes.
#[derive(Default)]
struct NamesSeen<'v> {
    slots: [Option<(&'v str, Told)>; 16],
}

impl<'v> NamesSeen<'v> {
    fn tell(&mut self, name: &'v str) -> Told {
        let first = name.bytes().next().map_or(0, usize::from);
        let slot = &mut self.slots[(first + name.len()) % 16];
        if let Some((seen, told)) = slot
            && *seen == name
        {
            return *told;
        }
        let told = Told {
            secret: is_secret_name(name),
            scalar_secret: is_secret_scalar_name(name),
        };
        *slot = Some((name, told));
        told
    }
}

fn holds_literal(value: &Value) -> bool {
    match value {
        Value::String(text) => {
            !text.is_empty()
                && !is_whole_placeholder(text)
                && connection_fields_literal(text).unwrap_or(true)
        }
        Value::Number(_) => true,
        Value::Array(items) => items.iter().any(holds_literal),
        Value::Object(members) => members.values().any(holds_literal),
        Value::Null | Value::Bool(_) => false,
    }
}

/// The text of a string value written as an expression rather than as its string (a
/// Terraform template, function call or reference, which the reader gives as a stand-in
/// value): whether it holds a literal secret (`"${var.prefix}hunter2"`,
/// `sensitive("hunter2")`, `coalesce(var.pw, "hunter2")`) is read from the text.
fn written_expression<'t>(cx: &Context<'t>, member: &Value, pointer: &str) -> Option<&'t str> {
    let value = member.as_str()?;
    let written = cx.text.get(cx.value_span(pointer))?;
    let as_string = serde_json::from_str::<String>(written).ok();
    (as_string.as_deref() != Some(value)).then_some(written)
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

/// `secretKey` -> `SECRET_KEY`, `sasl.password` -> `SASL_PASSWORD`, `PASSWORD` stays.
fn screaming(name: &str) -> String {
    let mut out = String::new();
    let mut after_lower = false;
    for c in name.chars() {
        if c.is_ascii_uppercase() && after_lower {
            out.push('_');
        }
        if c.is_ascii_alphanumeric() {
            out.push(c.to_ascii_uppercase());
        } else if !out.ends_with('_') {
            out.push('_');
        }
        after_lower = c.is_ascii_lowercase() || c.is_ascii_digit();
    }
    out
}

#[cfg(test)]
mod tests {
    use super::{NamesSeen, placeholder_name};

    #[test]
    fn names_that_share_a_slot_keep_their_own_answers() {
        let mut names = NamesSeen::default();
        // Same first byte and length: the same slot.
        for _ in 0..2 {
            assert!(names.tell("password").secret);
            assert!(!names.tell("pxxxxxxx").secret);
            assert!(!names.tell("cxxxxxxxxxs").scalar_secret);
            assert!(names.tell("credentials").scalar_secret);
        }
    }

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
        assert_eq!(
            placeholder_name("/source/kafka/sasl.password"),
            "KAFKA_SASL_PASSWORD"
        );
        assert_eq!(placeholder_name("/PASSWORD"), "PASSWORD");
    }
}
