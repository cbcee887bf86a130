//! Terraform files: each `resource "clickhouse_clickpipe" "NAME"` block of a `.tf` file
//! becomes a create-pipe [`Document`] whose spans point into the `.tf` text, so the
//! create-pipe rules run on it unchanged; then the findings are put in Terraform's words
//! (the resource address, snake_case attribute paths). Every other block is ignored.
//!
//! How attributes map onto the body (names, the provider's conversions and defaults, what
//! an expression means for a rule) follows the provider's `clickhouse_clickpipe` resource,
//! v3.25.3; README's "Terraform" section says it for users.

mod convert;
pub(crate) mod ignore;
mod shape;
mod speak;

use std::collections::{HashMap, HashSet};
use std::ops::Range;

use hcl_edit::Span;
use hcl_edit::structure::{Block, BlockLabel, Structure};

use serde_json::Value;

use crate::diagnostic::Diagnostic;
use crate::document::Document;
use crate::kind::DocumentKind;
use crate::line_index::floor_char_boundary;
use crate::rules::schema::wrong_type;
use crate::rules::terraform::terraform_syntax;
use crate::schema;

pub(crate) use speak::{drop_provider_members, drop_unknowable, speak_terraform, unchecked_values};

/// The resource type pipelint reads.
pub(crate) const CLICKPIPE: &str = "clickhouse_clickpipe";

/// One `clickhouse_clickpipe` resource as a create-pipe body, and what the reader knows
/// about it that the body does not say.
#[derive(Debug)]
pub(crate) struct Resource {
    /// `clickhouse_clickpipe.NAME`.
    pub(crate) address: String,
    /// The body the provider would send, spans into the `.tf` text.
    pub(crate) document: Document,
    /// Each member's attribute path in Terraform's words, by the body's JSON pointer
    /// (`/source/kafka/consumerGroup` -> `source.kafka.consumer_group`).
    pub(crate) names: HashMap<String, String>,
    /// The body's member names and the attribute names the user wrote for them
    /// (`consumerGrup` -> `consumer_grup`), for messages.
    pub(crate) written: HashMap<String, String>,
    /// Members whose value no rule may read: their pointer and the value's span. The first
    /// `computed` are expressions; the rest are values the reader could not convert (its
    /// own finding says why).
    pub(crate) unknown: Vec<(String, Range<usize>)>,
    pub(crate) computed: usize,
    /// Members the provider's default fills in, not written: pointer -> the default.
    pub(crate) defaulted: HashMap<String, String>,
    /// Spans of literal strings and numbers: the only text a fix may replace.
    pub(crate) literals: HashSet<Range<usize>>,
    /// Spans of attribute names written as identifiers: a rename may replace them.
    pub(crate) keys: HashSet<Range<usize>>,
    /// The reader's own findings (block form, a Kinesis timestamp it cannot convert),
    /// with JSON pointers like the rules'.
    pub(crate) findings: Vec<Diagnostic>,
}

/// What reading a `.tf` text gives: its clickpipe resources, or the syntax error.
#[derive(Debug)]
pub(crate) struct Read {
    pub(crate) resources: Vec<Resource>,
    pub(crate) diagnostics: Vec<Diagnostic>,
}

/// Reads the `clickhouse_clickpipe` resources of a `.tf` text. Never panics: a syntax
/// error is a finding at its position.
pub(crate) fn read(text: &str) -> Read {
    let body = match hcl_edit::parser::parse_body(text) {
        Ok(body) => body,
        Err(error) => {
            return Read {
                resources: Vec::new(),
                diagnostics: vec![syntax_error(text, &error)],
            };
        }
    };
    let resources = body
        .iter()
        .filter_map(|structure| match structure {
            Structure::Block(block) => clickpipe_name(block).map(|name| (name, block)),
            Structure::Attribute(_) => None,
        })
        .map(|(name, block)| {
            let (mut value, mut builder) = convert::attributes(block);
            shape::as_the_provider_sends(&mut value, &mut builder);
            convert::resource(name, value, builder)
        })
        .collect();
    Read {
        resources,
        diagnostics: Vec::new(),
    }
}

/// Terraform converts a literal between string, number and bool when the attribute wants
/// the other type (`replicas = "2"` is the number 2): the values of the wrong-type findings
/// that Terraform would convert to a type the schema allows there are converted here.
/// Whether any was (the resource is then checked again, so that the rules see the values
/// Terraform sends).
pub(crate) fn convert_like_terraform(resource: &mut Resource, found: &[Diagnostic]) -> bool {
    let mut converted = false;
    for finding in found
        .iter()
        .filter(|d| std::ptr::eq(d.rule, &wrong_type::RULE))
    {
        let wanted = schema::instance_types(DocumentKind::CreatePipe, &finding.pointer);
        let Some(value) = resource.document.value.pointer_mut(&finding.pointer) else {
            continue;
        };
        let wants = |t: &str| wanted.contains(&t);
        let as_wanted = match &*value {
            Value::String(text) if wants("integer") => text.parse::<i64>().ok().map(Value::from),
            Value::String(text) if wants("number") => {
                serde_json::from_str::<serde_json::Number>(text)
                    .ok()
                    .map(Value::Number)
            }
            Value::String(text) if wants("boolean") => match text.as_str() {
                "true" => Some(Value::Bool(true)),
                "false" => Some(Value::Bool(false)),
                _ => None,
            },
            Value::Number(number) if wants("string") => Some(Value::String(number.to_string())),
            Value::Bool(flag) if wants("string") => Some(Value::String(flag.to_string())),
            _ => None,
        };
        if let Some(as_wanted) = as_wanted {
            *value = as_wanted;
            converted = true;
        }
    }
    converted
}

/// The name of a `resource "clickhouse_clickpipe" "NAME"` block.
fn clickpipe_name(block: &Block) -> Option<&str> {
    if block.ident.as_str() != "resource" {
        return None;
    }
    match block.labels.as_slice() {
        [kind, name] if label_text(kind) == CLICKPIPE => Some(label_text(name)),
        _ => None,
    }
}

fn label_text(label: &BlockLabel) -> &str {
    match label {
        BlockLabel::String(text) => text.as_str(),
        BlockLabel::Ident(ident) => ident.as_str(),
    }
}

/// The header `resource "clickhouse_clickpipe" "NAME"`, where findings about the whole
/// resource point.
fn span_of_header(resource: &Resource) -> Range<usize> {
    resource.document.object_anchor("")
}

/// The span of a parsed node (the parser gives every node one).
fn span_of(node: &impl Span) -> Range<usize> {
    node.span().unwrap_or(0..0)
}

fn syntax_error(text: &str, error: &hcl_edit::parser::Error) -> Diagnostic {
    let at = floor_char_boundary(text, error.location().offset());
    let end = text[at..].chars().next().map_or(at, |c| at + c.len_utf8());
    Diagnostic::new(
        &terraform_syntax::RULE,
        at..end,
        "",
        format!("the file is not valid HCL: {}", error.message()),
    )
    .with_label("syntax error")
    .with_help(
        "Terraform cannot read the file either; no clickpipe in it is checked until this is mended",
    )
}
