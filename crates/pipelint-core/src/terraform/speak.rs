//! The findings on a resource, in Terraform's words: the resource address and snake_case
//! attribute paths in place of JSON pointers and member names, the provider's default
//! named where it is the cause, and fixes only where they replace one literal or one
//! attribute name in the `.tf` text. Nothing is taken back here: the rules never read a
//! value Terraform computes (`Document::unknown`).

use std::collections::HashSet;
use std::sync::LazyLock;

use serde_json::Value;

use super::convert::{snake_case, tf_name};
use super::{Resource, span_of_header};
use crate::catalog::Rule;
use crate::diagnostic::{Diagnostic, Fix};
use crate::entries::terraform::terraform_unchecked_values;
use crate::kind::DocumentKind;
use crate::pointer::pointer_split;
use crate::rules::security::plaintext_secret;
use crate::schema;

/// The one info finding of a resource whose checks were left undone because a value they
/// read is an expression (a secret passed by variable is not one: only a literal secret is
/// a finding).
pub(crate) fn unchecked_values(resource: &Resource) -> Option<Diagnostic> {
    let count = resource.unchecked.len();
    if count == 0 {
        return None;
    }
    let values = if count == 1 { "value is" } else { "values are" };
    Some(
        Diagnostic::new(
            &terraform_unchecked_values::RULE,
            span_of_header(resource),
            "",
            format!("{count} {values} computed by Terraform (variables, references, functions) and could not be checked offline"),
        )
        .with_label(format!("{count} unchecked"))
        .with_help("rules that need those values stay quiet; `terraform plan` checks them against the provider"),
    )
}

/// Puts a resource's findings (settled, with the body's pointers) in Terraform's words.
pub(crate) fn speak_terraform(resource: &Resource, text: &str, diagnostics: &mut [Diagnostic]) {
    for diagnostic in diagnostics {
        let tf_path = tf_path(resource, &diagnostic.pointer);
        if let Some(default) = resource.defaulted.get(&diagnostic.pointer) {
            diagnostic.message = format!(
                "{} (`{tf_path}` is not set, so the provider's default `{default}` applies)",
                diagnostic.message
            );
        }
        diagnostic.message = format!(
            "`{}`: {}",
            resource.address,
            words(resource, &diagnostic.message)
        );
        diagnostic.help = terraform_help(resource, diagnostic.rule, diagnostic.help.as_deref());
        diagnostic.primary.text = diagnostic
            .primary
            .text
            .as_deref()
            .map(|t| words(resource, t));
        for label in &mut diagnostic.secondary {
            label.text = label.text.as_deref().map(|t| words(resource, t));
        }
        diagnostic.fix = diagnostic
            .fix
            .take()
            .and_then(|fix| terraform_fix(resource, text, fix));
        diagnostic.pointer = if tf_path.is_empty() {
            resource.address.clone()
        } else {
            format!("{}.{tf_path}", resource.address)
        };
    }
}

/// A finding's help in Terraform's words. A literal secret is kept out of the file in
/// Terraform, not replaced by a placeholder filled in when sending.
fn terraform_help(resource: &Resource, rule: &Rule, help: Option<&str>) -> Option<String> {
    if std::ptr::eq(rule, &plaintext_secret::RULE) {
        return Some(
            "keep the secret out of the file: a write-only argument (`password_wo` with `password_wo_version`) or a variable marked `sensitive = true`".to_owned(),
        );
    }
    help.map(|help| with_write_only(words(resource, help)))
}

/// A help that asks for a password (`password = var.kafka_password`, "set `password`") with
/// the write-only form offered beside it, which keeps the secret out of the state.
fn with_write_only(help: String) -> String {
    let asks = help.contains("password = ") || help.contains("`password`");
    if !asks || help.contains("password_wo") {
        return help;
    }
    // The variable the help names for the password, else one named so.
    let variable = help
        .match_indices("var.")
        .map(|(at, _)| {
            help[at..]
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '_' || *c == '.')
                .collect::<String>()
        })
        .find(|name| name.contains("password"))
        .unwrap_or_else(|| "var.password".to_owned());
    format!(
        "{help}; or, to keep it out of the state, `password_wo = {variable}` with `password_wo_version = 1`"
    )
}

/// The attribute path of a body pointer: the reader's name for it, or for its nearest
/// named ancestor followed by the rest in snake_case.
fn tf_path(resource: &Resource, pointer: &str) -> String {
    let mut rest: Vec<String> = Vec::new();
    let mut at = pointer;
    loop {
        if let Some(name) = resource.names.get(at) {
            return join_rest(name.clone(), &rest);
        }
        match pointer_split(at) {
            Some((parent, token)) => {
                rest.push(token);
                at = parent;
            }
            None => return join_rest(String::new(), &rest),
        }
    }
}

fn join_rest(mut path: String, rest: &[String]) -> String {
    for token in rest.iter().rev() {
        if token.bytes().all(|b| b.is_ascii_digit()) && !token.is_empty() {
            path.push_str(&format!("[{token}]"));
        } else {
            if !path.is_empty() {
                path.push('.');
            }
            path.push_str(&tf_name(token));
        }
    }
    path
}

/// A text with every code span that names a member in the body's words put in
/// Terraform's: pointers become attribute paths, camelCase names snake_case, `db_` settings
/// `clickhouse_`.
fn words(resource: &Resource, text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 16);
    for (index, part) in text.split('`').enumerate() {
        if index > 0 {
            out.push('`');
        }
        if index % 2 == 1 {
            out.push_str(&code_word(resource, part));
        } else {
            out.push_str(part);
        }
    }
    out
}

fn code_word(resource: &Resource, code: &str) -> String {
    variables(&json_code_word(resource, code))
}

/// Placeholders filled in at send time (`"${KAFKA_PASSWORD}"`) are no HCL: a variable
/// stands there in Terraform (`var.kafka_password`).
fn variables(code: &str) -> String {
    // A placeholder named on its own (`${AZURE_STORAGE_CONNECTION_STRING}`).
    if let Some(name) = code.strip_prefix("${").and_then(|c| c.strip_suffix('}'))
        && !name.is_empty()
        && name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_')
    {
        return format!("var.{}", name.to_ascii_lowercase());
    }
    let mut out = String::with_capacity(code.len());
    let mut rest = code;
    while let Some(start) = rest.find("\"${") {
        let after = &rest[start + 3..];
        let Some(end) = after.find("}\"") else {
            break;
        };
        let name = &after[..end];
        if !name.is_empty() && name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_') {
            out.push_str(&rest[..start]);
            out.push_str("var.");
            out.push_str(&name.to_ascii_lowercase());
        } else {
            out.push_str(&rest[..start + 3 + end + 2]);
        }
        rest = &after[end + 2..];
    }
    out.push_str(rest);
    out
}

fn json_code_word(resource: &Resource, code: &str) -> String {
    // A pointer (`/source/kafka`), not a lone `/` (a character a message names).
    if code.starts_with('/') && code.len() > 1 && !code.contains(' ') {
        return tf_path(resource, code);
    }
    // A member and its value, as the version rules name them: `compression: none`.
    if let Some((name, value)) = code.split_once(": ")
        && is_name(name)
    {
        let value = if value.parse::<f64>().is_ok()
            || matches!(value, "true" | "false")
            || (value.starts_with('"') && value.ends_with('"') && value.len() > 1)
        {
            value.to_owned()
        } else {
            hcl_string(value)
        };
        return format!("{} = {value}", member_word(resource, name));
    }
    member_word(resource, code)
}

/// A member name in Terraform's words: snake_case for the body's own member names
/// (`consumerGroup`), the attribute as written for a name the body does not know
/// (`consumer_grup`), else as it is (a value such as `secondaryPreferred`).
fn member_word(resource: &Resource, code: &str) -> String {
    if code.starts_with('{') || (code.starts_with('"') && code.contains("\": ")) {
        return braces_spaced(&hcl_object(code));
    }
    if code.starts_with("db_") || MEMBER_NAMES.contains(code) {
        return tf_name(code);
    }
    // A member named in quotes (`"managedTable"`), as a JSON key is written.
    if let Some(name) = code.strip_prefix('"').and_then(|c| c.strip_suffix('"'))
        && MEMBER_NAMES.contains(name)
    {
        return tf_name(name);
    }
    match resource.written.get(code) {
        Some(written) => written.clone(),
        None => code.to_owned(),
    }
}

fn is_name(text: &str) -> bool {
    text.starts_with(|c: char| c.is_ascii_alphabetic())
        && text.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_')
}

/// Every member name of a create-pipe body: the keys of every `properties` of its schema.
static MEMBER_NAMES: LazyLock<HashSet<String>> = LazyLock::new(|| {
    let mut names = HashSet::new();
    let mut pending = vec![schema::schema(DocumentKind::CreatePipe)];
    while let Some(node) = pending.pop() {
        match node {
            Value::Object(members) => {
                if let Some(Value::Object(properties)) = members.get("properties") {
                    names.extend(properties.keys().cloned());
                }
                pending.extend(members.values());
            }
            Value::Array(items) => pending.extend(items),
            _ => {}
        }
    }
    names
});

/// A JSON object written in a help (`{"sourceField": "…"}`) as Terraform writes it
/// (`{ source_field = "…" }`): each quoted member name before a colon becomes a bare
/// snake_case name and `=`.
fn hcl_object(json: &str) -> String {
    let mut out = String::with_capacity(json.len() + 8);
    let mut rest = json;
    while let Some(open) = rest.find('"') {
        out.push_str(&rest[..open]);
        let after = &rest[open + 1..];
        let Some(close) = after.find('"') else {
            out.push_str(&rest[open..]);
            return out;
        };
        let name = &after[..close];
        let tail = &after[close + 1..];
        let colon = tail.trim_start();
        if colon.starts_with(':') && name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_') {
            out.push_str(&snake_case(name));
            out.push_str(" =");
            rest = &colon[1..];
        } else {
            out.push_str(&rest[open..open + close + 2]);
            rest = tail;
        }
    }
    out.push_str(rest);
    out
}

/// An object on one line as `terraform fmt` writes it: a space inside each brace
/// (`{ name = "x" }`), none added inside quoted strings.
fn braces_spaced(code: &str) -> String {
    let mut out = String::with_capacity(code.len() + 8);
    let mut in_string = false;
    let mut escaped = false;
    let mut chars = code.chars().peekable();
    while let Some(c) = chars.next() {
        if in_string {
            out.push(c);
            match c {
                _ if escaped => escaped = false,
                '\\' => escaped = true,
                '"' => in_string = false,
                _ => {}
            }
            continue;
        }
        match c {
            '"' => {
                in_string = true;
                out.push(c);
            }
            '{' => {
                out.push(c);
                if chars.peek().is_some_and(|n| *n != ' ' && *n != '}') {
                    out.push(' ');
                }
            }
            '}' => {
                if !out.ends_with(' ') && !out.ends_with('{') {
                    out.push(' ');
                }
                out.push(c);
            }
            _ => out.push(c),
        }
    }
    out
}

/// A fix as an edit of the `.tf` text: the replacement of one literal string or number
/// with another literal, or of one attribute name with another. Any other edit (inserting
/// or deleting members, moving them) is the body's shape, not Terraform's: dropped.
fn terraform_fix(resource: &Resource, text: &str, fix: Fix) -> Option<Fix> {
    let replacement: Value = serde_json::from_str(&fix.replacement).ok()?;
    let title = words(resource, &fix.title);
    if resource.literals.contains(&fix.span) {
        let literal = match replacement {
            Value::String(value) => hcl_string(&value),
            Value::Number(number) => number.to_string(),
            _ => return None,
        };
        // Only where the text there is a quoted string or a number as the fix expects.
        text.get(fix.span.clone())?;
        return Some(Fix::new(title, fix.span, literal, fix.applicability));
    }
    if resource.keys.contains(&fix.span) {
        let name = replacement.as_str()?;
        let name = tf_name(name);
        let is_identifier = name.starts_with(|c: char| c.is_ascii_alphabetic())
            && name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_');
        return is_identifier.then(|| Fix::new(title, fix.span, name, fix.applicability));
    }
    None
}

/// A quoted HCL string: JSON's escapes, and template sequences escaped as `$${`/`%%{`.
fn hcl_string(value: &str) -> String {
    let quoted = serde_json::to_string(value).unwrap_or_default();
    quoted.replace("${", "$${").replace("%{", "%%{")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_objects_in_help_read_as_terraform() {
        assert_eq!(
            hcl_object(r#"{"sourceField": "…", "destinationField": "amount"}"#),
            r#"{source_field = "…", destination_field = "amount"}"#
        );
    }

    #[test]
    fn member_names_are_put_in_snake_case_and_values_are_not() {
        assert_eq!(code_word_of("consumerGroup"), "consumer_group");
        assert_eq!(code_word_of("secondaryPreferred"), "secondaryPreferred");
        assert_eq!(code_word_of("JSONEachRow"), "JSONEachRow");
        assert_eq!(code_word_of("db_max_threads"), "clickhouse_max_threads");
        assert_eq!(code_word_of("compression: none"), "compression = \"none\"");
        assert_eq!(code_word_of("replicas: 25"), "replicas = 25");
        assert_eq!(code_word_of("/"), "/");
        assert_eq!(code_word_of("\"managedTable\""), "managed_table");
        assert_eq!(
            code_word_of("\"secondaryPreferred\""),
            "\"secondaryPreferred\""
        );
        assert_eq!(code_word_of("${AZURE_CONNECTION}"), "var.azure_connection");
    }

    fn code_word_of(code: &str) -> String {
        let text = "resource \"clickhouse_clickpipe\" \"x\" {\n  name = \"x\"\n}\n";
        let read = super::super::read(text, crate::api::provider::ProviderVersion::LATEST);
        code_word(&read.resources[0], code)
    }

    #[test]
    fn placeholders_become_variables_and_json_objects_hcl() {
        assert_eq!(
            code_word_of(
                r#""credentials": {"username": "${KAFKA_USERNAME}", "password": "${KAFKA_PASSWORD}"}"#
            ),
            "credentials = { username = var.kafka_username, password = var.kafka_password }"
        );
        assert_eq!(code_word_of(r#""a${b}c""#), r#""a${b}c""#);
    }

    #[test]
    fn a_password_asked_for_comes_with_its_write_only_form() {
        assert_eq!(
            with_write_only(
                "set `password`, e.g. `var.kafka_password` filled in at deploy time".to_owned()
            ),
            "set `password`, e.g. `var.kafka_password` filled in at deploy time; or, to keep it out of the state, `password_wo = var.kafka_password` with `password_wo_version = 1`"
        );
        let offered = "add `credentials = { username = var.u, password_wo = var.p, password_wo_version = 1 }`";
        assert_eq!(with_write_only(offered.to_owned()), offered);
        assert_eq!(
            with_write_only("set `username`".to_owned()),
            "set `username`"
        );
    }

    #[test]
    fn objects_have_a_space_inside_their_braces_but_strings_keep_theirs() {
        assert_eq!(
            code_word_of(r#"{"engine": {"type": "MergeTree"}, "sortingKey": ["id"]}"#),
            r#"{ engine = { type = "MergeTree" }, sorting_key = ["id"] }"#
        );
        assert_eq!(
            code_word_of(r#"{"name": "a{b}\"c}"}"#),
            r#"{ name = "a{b}\"c}" }"#
        );
        assert_eq!(code_word_of("{}"), "{}");
    }

    /// The JSON left in a text put in Terraform's words: a camelCase member name, a `${…}`
    /// placeholder, a quoted member name before a colon.
    fn json_left(text: &str) -> Vec<String> {
        let mut found = Vec::new();
        for word in text.split(|c: char| !(c.is_ascii_alphanumeric() || c == '_')) {
            if word.chars().any(|c| c.is_ascii_uppercase()) && MEMBER_NAMES.contains(word) {
                found.push(format!("camelCase `{word}`"));
            }
        }
        if text.replace("$${", "").contains("${") {
            found.push("a `${…}` placeholder".to_owned());
        }
        let quoted_key =
            regex::Regex::new(r#""[A-Za-z_][A-Za-z0-9_]*"\s*:"#).unwrap_or_else(|e| panic!("{e}"));
        if quoted_key.is_match(text) {
            found.push("a JSON member (`\"key\":`)".to_owned());
        }
        found
    }

    /// Every help and message the create-pipe rules give on their JSON fixtures reads as
    /// Terraform once put in Terraform's words, so that the same finding on a `.tf` file
    /// does: names and objects in code spans, never JSON in the prose around them.
    #[test]
    fn every_create_pipe_finding_reads_as_terraform() {
        let fixtures = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures");
        let mut files = Vec::new();
        let mut dirs = vec![fixtures.join("rules"), fixtures.join("create-pipe/invalid")];
        while let Some(dir) = dirs.pop() {
            let Ok(entries) = std::fs::read_dir(&dir) else {
                continue;
            };
            for entry in entries.flatten() {
                let path = entry.path();
                if path.is_dir() {
                    dirs.push(path);
                } else if path.extension().is_some_and(|e| e == "json")
                    && path.parent().is_some_and(|p| p.ends_with("invalid"))
                {
                    files.push(path);
                }
            }
        }
        assert!(files.len() > 200, "only {} fixtures", files.len());
        let text = "resource \"clickhouse_clickpipe\" \"x\" {\n  name = \"x\"\n}\n";
        let read = super::super::read(text, crate::api::provider::ProviderVersion::LATEST);
        let resource = &read.resources[0];
        let mut problems = std::collections::BTreeSet::new();
        for path in &files {
            let bytes = std::fs::read(path).unwrap_or_default();
            let name = path.file_name().and_then(|n| n.to_str());
            let options = crate::LintOptions::new()
                .file_name(name)
                .kind(Some(DocumentKind::CreatePipe));
            for d in crate::lint(&bytes, &options).diagnostics {
                if !d.rule.applies_to(DocumentKind::CreatePipe) || d.rule.kinds.is_empty() {
                    continue;
                }
                let mut texts = vec![words(resource, &d.message)];
                texts.extend(terraform_help(resource, d.rule, d.help.as_deref()));
                for text in texts {
                    for left in json_left(&text) {
                        problems.insert(format!("{}: {left}: {text}", d.rule.name));
                    }
                }
            }
        }
        assert!(
            problems.is_empty(),
            "{} problems:\n{}",
            problems.len(),
            problems.into_iter().collect::<Vec<_>>().join("\n")
        );
    }

    #[test]
    fn template_sequences_stay_literal() {
        assert_eq!(hcl_string("a${b}"), "\"a$${b}\"");
        assert_eq!(hcl_string("x\"y"), "\"x\\\"y\"");
    }
}
