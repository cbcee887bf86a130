//! Hover: the documentation of the rules whose findings cover the position, and the schema's
//! description of the member under it.

use std::ops::Range;

use pipelint_core::rule::pointer_join;
use pipelint_core::{Diagnostic, Document, DocumentKind, schema};
use serde_json::Value;

/// What a hover shows, as Markdown, and the byte span it is about.
#[derive(Debug, PartialEq)]
pub struct HoverText {
    pub markdown: String,
    pub span: Range<usize>,
}

/// The hover at `offset`, or `None` when there is nothing to say there.
pub fn hover(
    text: &str,
    kind: Option<DocumentKind>,
    diagnostics: &[Diagnostic],
    offset: usize,
) -> Option<HoverText> {
    let mut sections = Vec::new();
    let mut span: Option<Range<usize>> = None;

    let mut shown_rules: Vec<&str> = Vec::new();
    for diagnostic in diagnostics
        .iter()
        .filter(|d| covers(&d.primary.span, offset))
    {
        sections.push(rule_section(
            diagnostic,
            !shown_rules.contains(&diagnostic.code()),
        ));
        shown_rules.push(diagnostic.code());
        span.get_or_insert_with(|| diagnostic.primary.span.clone());
    }

    if let Some(kind) = kind
        && let Some(document) = pipelint_core::load(text.as_bytes()).document
        && let Some((pointer, member_span)) = member_at(&document, offset)
        && let Some(description) = schema::description(kind, &pointer)
    {
        sections.push(format!(
            "**{}** (`{pointer}`)\n\n{description}",
            schema::field_name(&pointer)
        ));
        span.get_or_insert(member_span);
    }

    let span = span?;
    Some(HoverText {
        markdown: sections.join("\n\n---\n\n"),
        span,
    })
}

/// Whether a span covers the character at `offset` (an empty span covers its own offset).
fn covers(span: &Range<usize>, offset: usize) -> bool {
    (span.start <= offset && offset < span.end) || (span.is_empty() && span.start == offset)
}

/// A finding and, the first time its rule is shown, the rule's documentation and link.
fn rule_section(diagnostic: &Diagnostic, with_docs: bool) -> String {
    let rule = diagnostic.rule;
    let mut out = format!(
        "**{} `{}`** ({}): {}",
        rule.code, rule.name, diagnostic.severity, diagnostic.message
    );
    if let Some(help) = &diagnostic.help {
        out.push_str("\n\nhelp: ");
        out.push_str(help);
    }
    if with_docs {
        out.push_str("\n\n");
        out.push_str(rule.documentation().trim_end());
        out.push_str(&format!(
            "\n\n[{} documentation]({})",
            rule.name,
            rule.url()
        ));
    }
    out
}

/// The innermost member whose key, or whose scalar value, is under `offset` (or whose
/// object or array starts or ends there), with the span of that key or value.
pub fn member_at(document: &Document, offset: usize) -> Option<(String, Range<usize>)> {
    let mut pointer = String::new();
    let mut value = &document.value;
    'descend: loop {
        let children: Vec<(String, &Value)> = match value {
            Value::Object(map) => map
                .iter()
                .map(|(k, v)| (pointer_join(&pointer, k), v))
                .collect(),
            Value::Array(items) => items
                .iter()
                .enumerate()
                .map(|(i, v)| (pointer_join(&pointer, &i.to_string()), v))
                .collect(),
            _ => return None,
        };
        for (child, child_value) in children {
            let Some(spans) = document.spans(&child) else {
                continue;
            };
            if let Some(key) = &spans.key
                && covers(key, offset)
            {
                return Some((child, key.clone()));
            }
            if !covers(&spans.value, offset) {
                continue;
            }
            let is_container = matches!(child_value, Value::Object(_) | Value::Array(_));
            let on_bracket = offset == spans.value.start || offset + 1 == spans.value.end;
            if !is_container || on_bracket {
                return Some((child, spans.value.clone()));
            }
            pointer = child;
            value = child_value;
            continue 'descend;
        }
        return None;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(text: &str, needle: &str) -> usize {
        text.find(needle).unwrap_or(usize::MAX)
    }

    #[test]
    fn finds_keys_scalars_and_brackets_but_not_whitespace() {
        let text = r#"{"source": {"kafka": {"brokers": "b:9092", "list": [1, {"x": 2}]}}}"#;
        let loaded = pipelint_core::load(text.as_bytes());
        let Some(document) = loaded.document else {
            panic!("fixture parses");
        };
        let member = |offset| member_at(&document, offset).map(|(p, _)| p);
        assert_eq!(
            member(at(text, "brokers") + 2).as_deref(),
            Some("/source/kafka/brokers")
        );
        assert_eq!(
            member(at(text, "b:9092")).as_deref(),
            Some("/source/kafka/brokers")
        );
        assert_eq!(
            member(at(text, "1,")).as_deref(),
            Some("/source/kafka/list/0")
        );
        assert_eq!(
            member(at(text, "2}")).as_deref(),
            Some("/source/kafka/list/1/x")
        );
        assert_eq!(
            member(at(text, "{\"brokers")).as_deref(),
            Some("/source/kafka")
        );
        // The space after `"kafka":` is inside `source` but on no member.
        assert_eq!(member(at(text, " {\"brokers")), None);
    }
}
