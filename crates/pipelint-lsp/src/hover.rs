//! Hover: the documentation of the rules whose findings cover the position, and the schema's
//! description of the member under it.

use std::ops::Range;

use pipelint_core::{Diagnostic, DocumentKind, field_name};

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
        && let Some((pointer, member_span)) = document.member_at(offset)
        && let Some(description) = kind.describe(&pointer)
    {
        sections.push(format!(
            "**{}** (`{pointer}`)\n\n{description}",
            field_name(&pointer)
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

#[cfg(test)]
mod tests {
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
        let member = |offset| document.member_at(offset).map(|(p, _)| p);
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
