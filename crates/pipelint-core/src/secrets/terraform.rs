//! Secrets in Terraform (HCL) text, found from the parse where the text parses: Terraform
//! puts credentials where a JSON body never does (a `variable`'s `default`, an `output`'s
//! `value`, `sensitive("…")`, a literal inside a function call or a conditional, another
//! provider's secret argument), and a literal's extent is the parser's, not a guess (an
//! interpolation may hold quotes: `"${lookup(var.pw, "kafka", "…")}"`).
//!
//! Under a secret name (an attribute, an object member, a `*_wo` argument) every string
//! and number literal of the value's expression is secret, whatever the expression. The
//! lexical scan still runs (it finds secrets in comments and JSON inside strings), but
//! where it guessed inside an expression and outside a literal (`coalesce(var.pw, `) its
//! guess is dropped: there the parse knows better.

use std::ops::Range;

use hcl_edit::Span;
use hcl_edit::expr::{Expression, FuncCall, ObjectKey, ObjectValue};
use hcl_edit::structure::{Attribute, Block, BlockLabel, Body, Structure};
use hcl_edit::visit::{self, Visit};

use super::names::{is_secret_name, is_secret_scalar_name};
use crate::literal::is_whole_placeholder;

/// Arguments of other providers' secret resources that hold the secret under a name that
/// is not a secret's (`azurerm_key_vault_secret.value`, `kubernetes_secret.data`).
const SECRET_RESOURCE_ARGUMENTS: &[&str] = &[
    "value",
    "data",
    "data_json",
    "binary_data",
    "string_data",
    "plaintext_value",
    "content",
];

/// Whether `text` reads as HCL rather than JSON: its first byte that is not white space or
/// a comment starts a name (`resource`, `variable`, `locals`, an attribute).
pub(super) fn looks_like_hcl(text: &str) -> bool {
    let bytes = text.as_bytes();
    let mut i = 0;
    loop {
        while bytes.get(i).is_some_and(u8::is_ascii_whitespace) {
            i += 1;
        }
        match (bytes.get(i), bytes.get(i + 1)) {
            (Some(b'#'), _) | (Some(b'/'), Some(b'/')) => {
                i = bytes[i..]
                    .iter()
                    .position(|&b| b == b'\n')
                    .map_or(bytes.len(), |at| i + at);
            }
            (Some(b'/'), Some(b'*')) => {
                i = text[i + 2..]
                    .find("*/")
                    .map_or(bytes.len(), |at| i + 2 + at + 2);
            }
            (Some(b), _) => return b.is_ascii_alphabetic() || *b == b'_',
            (None, _) => return false,
        }
    }
}

/// What the parse of a Terraform text says: the secret literals, and where the lexical
/// scan's guesses are not to be trusted (inside an expression, outside its literals).
pub(super) struct Parsed {
    pub secrets: Vec<Range<usize>>,
    /// Sorted and disjoint.
    pub code: Vec<Range<usize>>,
}

/// The parse of `text`, or `None` when it does not parse as HCL.
pub(super) fn parse(text: &str) -> Option<Parsed> {
    let body = hcl_edit::parser::parse_body(text).ok()?;
    let mut finder = Finder {
        text,
        secret_depth: 0,
        block_secrets: None,
        secrets: Vec::new(),
        expressions: Vec::new(),
        literals: Vec::new(),
    };
    finder.visit_body(&body);
    let code = subtract(
        &super::merged(finder.expressions),
        &super::merged(finder.literals),
    );
    Some(Parsed {
        secrets: finder.secrets,
        code,
    })
}

/// Whether the expression at `span` of `text` holds a literal that would end up in the
/// value: a string or number, or the literal text of a template (`"${var.prefix}abc"`,
/// `sensitive("…")`, `coalesce(var.pw, "…")`). Map keys and indexes (`lookup(m, "key")`,
/// `var.pw["prod"]`) and conditions are not values. `false` when it does not parse.
pub fn expression_holds_literal(expression: &str) -> bool {
    hcl_edit::parser::parse_expr(expression).is_ok_and(|expr| holds_literal(expression, &expr))
}

fn holds_literal(text: &str, expression: &Expression) -> bool {
    match expression {
        Expression::Number(_) => true,
        Expression::String(value) => !value.is_empty() && !is_whole_placeholder(value),
        Expression::StringTemplate(_) | Expression::HeredocTemplate(_) => {
            let content = content_span(text, expression);
            let content = &text[content];
            !content.trim().is_empty()
                && !is_whole_placeholder(content)
                && template_holds_literal(text, expression)
        }
        Expression::Parenthesis(inner) => holds_literal(text, inner.inner()),
        Expression::Conditional(conditional) => {
            holds_literal(text, &conditional.true_expr)
                || holds_literal(text, &conditional.false_expr)
        }
        Expression::Array(items) => items.iter().any(|item| holds_literal(text, item)),
        Expression::Object(object) => object
            .iter()
            .any(|(_, value)| holds_literal(text, value.expr())),
        Expression::FuncCall(call) => {
            let name = call.name.name.as_str();
            call.args.iter().enumerate().any(|(index, arg)| {
                // `lookup(map, key, default)`: only the default is a value.
                (name != "lookup" || index == 2) && holds_literal(text, arg)
            })
        }
        _ => false,
    }
}

/// Whether a template has literal text, or a literal in an interpolation.
fn template_holds_literal(text: &str, expression: &Expression) -> bool {
    let template = match expression {
        Expression::StringTemplate(template) => &**template,
        Expression::HeredocTemplate(heredoc) => &heredoc.template,
        _ => return false,
    };
    template.iter().any(|element| match element {
        hcl_edit::template::Element::Literal(literal) => !literal.trim().is_empty(),
        hcl_edit::template::Element::Interpolation(interpolation) => {
            holds_literal(text, &interpolation.expr)
        }
        hcl_edit::template::Element::Directive(_) => true,
    })
}

struct Finder<'t> {
    text: &'t str,
    /// Inside how many secret expressions the walk is.
    secret_depth: usize,
    /// The attributes of the current block that are secret by the block (`default` of a
    /// sensitive `variable`).
    block_secrets: Option<&'static [&'static str]>,
    secrets: Vec<Range<usize>>,
    /// Spans of the attributes' expressions.
    expressions: Vec<Range<usize>>,
    /// Contents of every string, template and heredoc.
    literals: Vec<Range<usize>>,
}

impl Finder<'_> {
    fn secret(&mut self, visit: impl FnOnce(&mut Self)) {
        self.secret_depth += 1;
        visit(self);
        self.secret_depth -= 1;
    }

    fn push_secret(&mut self, range: Range<usize>) {
        if !range.is_empty() && !is_whole_placeholder(&self.text[range.clone()]) {
            self.secrets.push(range);
        }
    }
}

/// Whether a member name with its value names a secret: a secret name, `credentials`
/// holding a scalar, or a write-only argument (`password_wo`) of a secret name.
fn names_a_secret(name: &str, value: &Expression) -> bool {
    is_secret_name(name)
        || (!matches!(value, Expression::Object(_) | Expression::Array(_))
            && is_secret_scalar_name(name))
}

impl Visit for Finder<'_> {
    fn visit_block(&mut self, block: &Block) {
        let outer = self.block_secrets.take();
        self.block_secrets = block_secrets(block);
        self.visit_body(&block.body);
        self.block_secrets = outer;
    }

    fn visit_body(&mut self, body: &Body) {
        for structure in body.iter() {
            match structure {
                Structure::Attribute(attribute) => self.visit_attr(attribute),
                Structure::Block(block) => {
                    // A nested block is not the block its attributes are secret by.
                    self.visit_block(block);
                }
            }
        }
    }

    fn visit_attr(&mut self, attribute: &Attribute) {
        if let Some(span) = attribute.value.span() {
            self.expressions.push(span);
        }
        let name = attribute.key.as_str();
        let by_block = self
            .block_secrets
            .is_some_and(|names| names.contains(&name));
        if by_block || names_a_secret(name, &attribute.value) {
            self.secret(|finder| finder.visit_expr(&attribute.value));
        } else {
            self.visit_expr(&attribute.value);
        }
    }

    fn visit_object_item(&mut self, key: &ObjectKey, value: &ObjectValue) {
        let name = match key {
            ObjectKey::Ident(ident) => Some(ident.as_str()),
            ObjectKey::Expression(Expression::String(name)) => Some(name.as_str()),
            ObjectKey::Expression(_) => None,
        };
        // Member names are never masked: the key is not visited.
        if name.is_some_and(|name| names_a_secret(name, value.expr())) {
            self.secret(|finder| finder.visit_expr(value.expr()));
        } else {
            self.visit_expr(value.expr());
        }
    }

    fn visit_func_call(&mut self, call: &FuncCall) {
        if call.name.name.as_str() == "sensitive" {
            self.secret(|finder| visit::visit_func_call(finder, call));
        } else {
            visit::visit_func_call(self, call);
        }
    }

    fn visit_expr(&mut self, expression: &Expression) {
        match expression {
            Expression::String(_)
            | Expression::StringTemplate(_)
            | Expression::HeredocTemplate(_) => {
                let content = content_span(self.text, expression);
                self.literals.push(content.clone());
                if self.secret_depth > 0 {
                    // The whole literal: an interpolation inside may hold quotes.
                    self.push_secret(content);
                } else {
                    visit::visit_expr(self, expression);
                }
            }
            Expression::Number(_) if self.secret_depth > 0 => {
                if let Some(span) = expression.span() {
                    self.push_secret(span);
                }
            }
            _ => visit::visit_expr(self, expression),
        }
    }
}

/// The attributes of `block` that hold a secret because of the block: a `variable`'s
/// `default` and an `output`'s `value` when it is `sensitive = true` or its name is a
/// secret's; the arguments of another provider's secret resource.
fn block_secrets(block: &Block) -> Option<&'static [&'static str]> {
    let label = |at: usize| {
        block.labels.get(at).map(|label| match label {
            BlockLabel::Ident(ident) => ident.as_str(),
            BlockLabel::String(text) => text.as_str(),
        })
    };
    let sensitive = || {
        block.body.iter().any(|structure| {
            structure.as_attribute().is_some_and(|attribute| {
                attribute.key.as_str() == "sensitive"
                    && matches!(&attribute.value, Expression::Bool(value) if *value.value())
            })
        })
    };
    let secret = || label(0).is_some_and(is_secret_name) || sensitive();
    match block.ident.as_str() {
        "variable" if secret() => Some(&["default"]),
        "output" if secret() => Some(&["value"]),
        "resource" | "data" | "ephemeral"
            if label(0)
                .is_some_and(|kind| kind.contains("secret") || kind == "aws_ssm_parameter") =>
        {
            Some(SECRET_RESOURCE_ARGUMENTS)
        }
        _ => None,
    }
}

/// The contents of a string, template or heredoc: without the quotes, or the heredoc's
/// lines without its opening and closing lines.
fn content_span(text: &str, expression: &Expression) -> Range<usize> {
    let Some(span) = expression.span() else {
        return 0..0;
    };
    let Some(written) = text.get(span.clone()) else {
        return 0..0;
    };
    if let Expression::HeredocTemplate(heredoc) = expression {
        let start = written
            .find('\n')
            .map_or(span.end, |at| span.start + at + 1);
        let end = written
            .trim_end()
            .strip_suffix(heredoc.delimiter.as_str())
            .map_or(span.end, |rest| span.start + rest.len());
        return start.min(end)..end;
    }
    if written.len() >= 2 && written.starts_with('"') && written.ends_with('"') {
        span.start + 1..span.end - 1
    } else {
        span
    }
}

/// Secret literals of a Terraform text that does not parse, found lexically (the JSON
/// scan finds `password = "…"` too, but not these): the whole of a string whose
/// interpolation holds quotes, every string and number of a secret name's value whatever
/// the expression (`coalesce(var.pw, "…")`, `{ prod = "…" }`), of `sensitive(…)`, of a
/// `variable` or `output` block that is secret by its name or `sensitive = true`, and of
/// another provider's secret resource's arguments. One pass forward; a top-level block's
/// header looks over the block once more to find `sensitive = true` (top-level blocks do not
/// overlap, so that is twice over the text at most).
pub(super) fn lexical_ranges(text: &str) -> Vec<Range<usize>> {
    let bytes = text.as_bytes();
    let mut out = Vec::new();
    let mut depth = 0usize;
    // The open secret region: the bracket depth it belongs to, and whether a line break or
    // a comma at that depth ends it (an attribute's value) or only its closing bracket.
    let mut secret: Option<(usize, bool)> = None;
    // Inside another provider's secret resource: the depth of its attributes.
    let mut secret_arguments: Option<usize> = None;
    // The name written just before, for an `=` or `:` that follows.
    let mut name: Option<Range<usize>> = None;
    // A block header secret by its name or `sensitive = true`: the offset of its `{`.
    let mut secret_block: Option<usize> = None;
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        if matches!(b, b' ' | b'\t') {
            i += 1;
            continue;
        }
        let was_name = name.take();
        match b {
            b'#' => i = line_end(bytes, i),
            b'/' if bytes.get(i + 1) == Some(&b'/') => i = line_end(bytes, i),
            b'/' if bytes.get(i + 1) == Some(&b'*') => {
                i = text[i + 2..]
                    .find("*/")
                    .map_or(bytes.len(), |at| i + 2 + at + 2);
            }
            b'"' => {
                let end = quoted_end(bytes, i);
                let content = i + 1..end.min(bytes.len());
                if secret.is_some() {
                    push_literal(text, content.clone(), &mut out);
                }
                name = Some(content);
                i = (end + 1).min(bytes.len());
            }
            b'<' if bytes.get(i + 1) == Some(&b'<') => {
                let (content, end) = super::scan::heredoc_at(bytes, i);
                if secret.is_some() {
                    push_literal(text, content, &mut out);
                }
                i = end.max(i + 1);
            }
            b'\n' | b',' => {
                if secret.is_some_and(|(at, by_line)| by_line && at == depth) {
                    secret = None;
                }
                i += 1;
            }
            b'{' | b'[' | b'(' => {
                depth += 1;
                if secret_block == Some(i) && secret.is_none() {
                    secret = Some((depth, false));
                }
                i += 1;
            }
            b'}' | b']' | b')' => {
                depth = depth.saturating_sub(1);
                if secret.is_some_and(|(at, _)| at > depth) {
                    secret = None;
                }
                if secret_arguments.is_some_and(|at| at > depth) {
                    secret_arguments = None;
                }
                i += 1;
            }
            b'=' | b':' if !matches!(bytes.get(i + 1), Some(b'=' | b'>')) => {
                if secret.is_none()
                    && let Some(written) = was_name
                {
                    let written = &text[written];
                    let first = next_significant(bytes, i + 1);
                    let by_resource = secret_arguments == Some(depth)
                        && SECRET_RESOURCE_ARGUMENTS.contains(&written);
                    if by_resource
                        || is_secret_name(written)
                        || (!matches!(first, Some(b'{' | b'[')) && is_secret_scalar_name(written))
                    {
                        secret = Some((depth, true));
                    }
                }
                i += 1;
            }
            b if b.is_ascii_digit() => {
                let end = word_end(bytes, i);
                if secret.is_some() {
                    out.push(i..end);
                }
                i = end;
            }
            b if b.is_ascii_alphabetic() || b == b'_' => {
                let end = word_end(bytes, i);
                let word = &text[i..end];
                let next = next_significant(bytes, end);
                if secret.is_none() {
                    if word == "sensitive" && next == Some(b'(') {
                        // Its arguments: the parenthesis opens the region's depth.
                        secret = Some((depth + 1, false));
                    } else if depth == 0
                        && let Some((kind, open)) = block_header(text, end, word)
                    {
                        match kind {
                            Header::Secret => secret_block = Some(open),
                            Header::SecretResource => secret_arguments = Some(depth + 1),
                            Header::Other => {}
                        }
                    }
                }
                name = Some(i..end);
                i = end;
            }
            _ => i += 1,
        }
    }
    out
}

/// What a block's header says about its attributes.
enum Header {
    /// A `variable` or `output` secret by its name or by `sensitive = true`.
    Secret,
    /// Another provider's secret resource.
    SecretResource,
    Other,
}

/// Whether the word ending at `end` opens a block whose literals are secret, and where its
/// `{` is.
fn block_header(text: &str, end: usize, word: &str) -> Option<(Header, usize)> {
    if !matches!(
        word,
        "variable" | "output" | "resource" | "data" | "ephemeral"
    ) {
        return None;
    }
    let bytes = text.as_bytes();
    let at = skip_spaces(bytes, end);
    if bytes.get(at) != Some(&b'"') {
        return None;
    }
    let label_end = quoted_end(bytes, at);
    let label = text.get(at + 1..label_end)?;
    let mut open = skip_spaces(bytes, (label_end + 1).min(bytes.len()));
    // A resource's second label.
    if bytes.get(open) == Some(&b'"') {
        open = skip_spaces(bytes, (quoted_end(bytes, open) + 1).min(bytes.len()));
    }
    if bytes.get(open) != Some(&b'{') {
        return None;
    }
    let header = match word {
        "variable" | "output"
            if is_secret_name(label) || says_sensitive(&text[open..block_end(bytes, open)]) =>
        {
            Header::Secret
        }
        "resource" | "data" | "ephemeral"
            if label.contains("secret") || label == "aws_ssm_parameter" =>
        {
            Header::SecretResource
        }
        _ => Header::Other,
    };
    Some((header, open))
}

/// Whether a block's text holds `sensitive = true`.
fn says_sensitive(block: &str) -> bool {
    block.match_indices("sensitive").any(|(at, word)| {
        let rest = block[at + word.len()..].trim_start();
        rest.strip_prefix('=')
            .is_some_and(|rest| rest.trim_start().starts_with("true"))
    })
}

/// The offset after the bracket closing the one at `open` (or the end of the text), with
/// strings, comments and heredocs skipped as [`lexical_ranges`] skips them, so that the
/// two agree on where a block ends.
fn block_end(bytes: &[u8], open: usize) -> usize {
    let mut depth = 0usize;
    let mut i = open;
    while i < bytes.len() {
        if let Some(end) = opaque_end(bytes, i) {
            i = end.max(i + 1);
            continue;
        }
        match bytes[i] {
            b'{' | b'[' | b'(' => depth += 1,
            b'}' | b']' | b')' => {
                depth = depth.saturating_sub(1);
                if depth == 0 {
                    return i + 1;
                }
            }
            _ => {}
        }
        i += 1;
    }
    bytes.len()
}

/// Where a comment, string or heredoc starting at `i` ends (`None`: none starts there).
fn opaque_end(bytes: &[u8], i: usize) -> Option<usize> {
    match (bytes[i], bytes.get(i + 1)) {
        (b'#', _) | (b'/', Some(b'/')) => Some(line_end(bytes, i)),
        (b'/', Some(b'*')) => Some(
            bytes[i + 2..]
                .windows(2)
                .position(|w| w == b"*/")
                .map_or(bytes.len(), |at| i + 2 + at + 2),
        ),
        (b'"', _) => Some((quoted_end(bytes, i) + 1).min(bytes.len())),
        (b'<', Some(b'<')) => Some(super::scan::heredoc_at(bytes, i).1),
        _ => None,
    }
}

/// The offset of the quote closing the string opened at `open` (or of the line break or
/// end of text where it stops): interpolations (`${…}`, `%{…}`) may hold strings of their
/// own, nested any number of times (kept on a stack, not by recursion).
fn quoted_end(bytes: &[u8], open: usize) -> usize {
    // For each open interpolation, the depth of braces inside it.
    let mut interpolations: Vec<usize> = Vec::new();
    let mut in_string = true;
    let mut i = open + 1;
    while i < bytes.len() {
        let b = bytes[i];
        if b == b'\n' || b == b'\r' {
            return i;
        }
        if in_string {
            match b {
                b'\\' => i += 1,
                b'"' if interpolations.is_empty() => return i,
                b'"' => in_string = false,
                b'$' | b'%' if bytes.get(i + 1) == Some(&b'{') => {
                    interpolations.push(0);
                    in_string = false;
                    i += 1;
                }
                _ => {}
            }
        } else {
            match b {
                b'"' => in_string = true,
                b'{' => {
                    if let Some(braces) = interpolations.last_mut() {
                        *braces += 1;
                    }
                }
                b'}' => match interpolations.last_mut() {
                    Some(0) => {
                        interpolations.pop();
                        in_string = true;
                    }
                    Some(braces) => *braces -= 1,
                    None => {}
                },
                _ => {}
            }
        }
        i += 1;
    }
    bytes.len()
}

fn push_literal(text: &str, range: Range<usize>, out: &mut Vec<Range<usize>>) {
    if !range.is_empty()
        && text
            .get(range.clone())
            .is_some_and(|v| !is_whole_placeholder(v))
    {
        out.push(range);
    }
}

fn line_end(bytes: &[u8], i: usize) -> usize {
    bytes[i..]
        .iter()
        .position(|&b| b == b'\n')
        .map_or(bytes.len(), |at| i + at)
}

fn word_end(bytes: &[u8], mut i: usize) -> usize {
    while bytes
        .get(i)
        .is_some_and(|b| b.is_ascii_alphanumeric() || matches!(b, b'_' | b'-' | b'.'))
    {
        i += 1;
    }
    i
}

fn skip_spaces(bytes: &[u8], mut i: usize) -> usize {
    while bytes.get(i).is_some_and(|b| matches!(b, b' ' | b'\t')) {
        i += 1;
    }
    i
}

fn next_significant(bytes: &[u8], i: usize) -> Option<u8> {
    bytes.get(skip_spaces(bytes, i)).copied()
}

/// The parts of the sorted, disjoint `from` that are outside the sorted, disjoint `cut`.
pub(super) fn subtract(from: &[Range<usize>], cut: &[Range<usize>]) -> Vec<Range<usize>> {
    let mut out = Vec::new();
    let mut next_cut = 0;
    for range in from {
        let mut start = range.start;
        while next_cut < cut.len() && cut[next_cut].end <= start {
            next_cut += 1;
        }
        let mut at = next_cut;
        while start < range.end && at < cut.len() && cut[at].start < range.end {
            if cut[at].start > start {
                out.push(start..cut[at].start);
            }
            start = start.max(cut[at].end);
            at += 1;
        }
        if start < range.end {
            out.push(start..range.end);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn found(text: &str) -> Vec<&str> {
        let parsed = parse(text).expect("parses");
        parsed.secrets.into_iter().map(|r| &text[r]).collect()
    }

    #[test]
    fn tells_hcl_from_json() {
        assert!(looks_like_hcl("resource \"a\" \"b\" {}"));
        assert!(looks_like_hcl("# c\n// d\n/* e */ locals {}"));
        assert!(!looks_like_hcl("// c\n{\"a\": 1}"));
        assert!(!looks_like_hcl("[1]"));
        assert!(!looks_like_hcl("  "));
    }

    #[test]
    fn finds_secrets_where_terraform_puts_them() {
        let text = r#"
variable "kafka_password" {
  type    = string
  default = "v1"
}
variable "db" {
  sensitive = true
  default   = "v2"
  description = "not secret"
}
variable "region" { default = "eu-west-1" }
output "token" { value = "v3" }
output "o" {
  sensitive = true
  value = { a = "v4" }
}
locals {
  passwords = { prod = "v5" }
  wrapped   = sensitive("v6")
  plain     = "plain"
}
resource "aws_secretsmanager_secret_version" "x" {
  secret_id     = "id"
  secret_string = "v7"
}
resource "azurerm_key_vault_secret" "y" {
  name  = "name"
  value = "v8"
}
resource "clickhouse_clickpipe" "p" {
  credentials = {
    username    = "pipes"
    password_wo = "v9"
    password    = "${lookup(var.pw, "kafka", "v10")}"
    token       = coalesce(var.pw, "v11")
    api_key     = var.prod ? var.pw : "v12"
    secret      = 123456
    private_key = <<EOT
v13
EOT
  }
  password = "${var.pw}"
}
"#;
        assert_eq!(
            found(text),
            [
                "v1",
                "v2",
                "v3",
                "v4",
                "v5",
                "v6",
                "v7",
                "v8",
                "v9",
                r#"${lookup(var.pw, "kafka", "v10")}"#,
                "v11",
                "v12",
                "123456",
                "v13\n",
            ]
        );
    }

    #[test]
    fn finds_the_same_lexically_when_the_text_does_not_parse() {
        let text = r#"
variable "kafka_password" { default = "v1" }
variable "db" {
  default   = "v2"
  sensitive = true
}
variable "region" { default = "eu-west-1" }
output "token" { value = "v3" }
locals {
  passwords = { prod = "v5" }
  wrapped   = sensitive("v6")
  plain     = "plain"
}
resource "azurerm_key_vault_secret" "y" {
  name  = "name"
  value = "v8"
}
resource "clickhouse_clickpipe" "p" {
  credentials = {
    username    = "pipes"
    password_wo = "v9"
    password    = "${lookup(var.pw, "kafka", "v10")}"
    token       = coalesce(var.pw, "v11")
    api_key     = var.prod ? var.pw : "v12"
    secret      = 123456
  }
  password = "${var.pw}"
  broken = = "
"#;
        assert!(parse(text).is_none());
        let found: Vec<&str> = lexical_ranges(text).into_iter().map(|r| &text[r]).collect();
        assert_eq!(
            found,
            [
                "v1",
                "v2",
                "v3",
                "v5",
                "v6",
                "v8",
                "v9",
                r#"${lookup(var.pw, "kafka", "v10")}"#,
                "v11",
                "v12",
                "123456",
            ]
        );
    }

    #[test]
    fn lexical_guesses_inside_expressions_outside_literals_are_code() {
        let text = "a = coalesce(var.pw, \"x\")\n# password = \"c\"\n";
        let parsed = parse(text).unwrap();
        let expression = text.find("coalesce").unwrap()..text.find('\n').unwrap();
        let literal = text.find("x\"").unwrap();
        assert_eq!(
            parsed.code,
            [expression.start..literal, literal + 1..expression.end]
        );
    }

    proptest::proptest! {
        /// Any text of HCL's pieces, however broken: no panic, ranges inside the text on
        /// character boundaries, and the parse (when there is one) agrees on the boundaries.
        #[test]
        fn any_hcl_text_is_scanned_without_panic(
            text in r#"(variable "db" \{|output "o" \{|resource "a_secret" "b" \{|sensitive\(|password|_wo| = |\{|\}|\[|\]|\(|\)|"|\$\{|%\{|<<EOT\n|\nEOT\n|#|//|/\*|\*/|\n|,|é|中|[a-z0-9]|true){0,40}"#
        ) {
            for range in lexical_ranges(&text) {
                proptest::prop_assert!(range.start <= range.end && range.end <= text.len());
                proptest::prop_assert!(text.is_char_boundary(range.start) && text.is_char_boundary(range.end));
            }
            if let Some(parsed) = parse(&text) {
                for range in parsed.secrets.iter().chain(&parsed.code) {
                    proptest::prop_assert!(text.get(range.clone()).is_some());
                }
            }
        }
    }

    #[test]
    fn subtracts_sorted_ranges() {
        assert_eq!(
            subtract(&[0..10, 20..30], &[2..4, 8..22, 25..26]),
            [0..2, 4..8, 22..25, 26..30]
        );
        let whole: &[Range<usize>] = &[0..5, 7..9];
        assert_eq!(subtract(whole, &[]), whole);
        assert_eq!(subtract(whole, &[0..9, 9..9]), Vec::<Range<usize>>::new());
    }

    #[test]
    fn tells_expressions_holding_a_literal() {
        for holds in [
            r#""${var.prefix}abc""#,
            r#"sensitive("abc")"#,
            r#"coalesce(var.pw, "abc")"#,
            r#"var.prod ? var.pw : "abc""#,
            r#"lookup(var.pw, "kafka", "abc")"#,
            r#""${lookup(var.pw, "kafka", "abc")}""#,
        ] {
            assert!(expression_holds_literal(holds), "{holds}");
        }
        for not in [
            "var.pw",
            r#""${var.pw}""#,
            r#"lookup(var.pw, "kafka")"#,
            r#"var.pw["prod"]"#,
            r#"var.env == "prod" ? var.a : var.b"#,
            "(",
        ] {
            assert!(!expression_holds_literal(not), "{not}");
        }
    }
}
