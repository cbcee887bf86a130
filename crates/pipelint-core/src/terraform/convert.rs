//! HCL to the body's JSON: attribute names to the contract's member names, literals to
//! values, expressions to a placeholder the rules leave alone, and a span for every member.
//! The attribute form (`scaling = { … }`) and the block form (`scaling { … }`, repeated
//! `columns { … }` blocks for a list) read alike.

use std::collections::{HashMap, HashSet};
use std::ops::Range;
use std::sync::OnceLock;

use hcl_edit::expr::{Expression, Object, ObjectKey, UnaryOperator};
use hcl_edit::structure::{Block, Body, Structure};
use hcl_edit::template::Element;
use serde_json::{Map, Number, Value};

use super::{Resource, label_text, span_of};
use crate::diagnostic::Diagnostic;
use crate::document::{Document, NodeSpans};
use crate::pointer::pointer_join;
use crate::rules::terraform::terraform_block_form;

/// What an expression stands for in the body: present, value unknown. A placeholder that
/// rules read as "filled in later" (see `literal::is_placeholder`).
pub(super) const UNKNOWN: &str = "${terraform expression}";

/// Top-level arguments that are Terraform's or the provider's own, never in the body:
/// meta-arguments, the path parameter `service_id`, and state the provider keeps.
const NOT_IN_BODY: &[&str] = &[
    "service_id",
    "stopped",
    "trigger_resync",
    "id",
    "state",
    "count",
    "for_each",
    "depends_on",
    "provider",
    "lifecycle",
    "provisioner",
    "connection",
];

/// List attributes that repeated blocks stand for, even when there is one block.
const LISTS: &[&str] = &["columns", "field_mappings", "table_mappings"];

/// Where a member sits, for how its name maps.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Scope {
    /// The resource's own arguments.
    Resource,
    /// The pipe's `settings`: keys pass through, `clickhouse_` becomes `db_`.
    PipeSettings,
    /// Everywhere else: snake_case to camelCase.
    Nested,
}

/// One member of an object or a body, as written.
struct Member<'a> {
    name: &'a str,
    key: Range<usize>,
    /// Whether the key is a bare identifier (a rename fix may replace it).
    ident: bool,
    part: Part<'a>,
}

enum Part<'a> {
    Expr(&'a Expression),
    Block(&'a Block),
    Blocks(Vec<&'a Block>),
    /// A `dynamic "NAME"` block: its content is computed.
    Dynamic(Range<usize>),
}

/// Builds one resource's body.
pub(super) struct Builder {
    pub(super) spans: HashMap<String, NodeSpans>,
    pub(super) names: HashMap<String, String>,
    pub(super) unknown: Vec<(String, Range<usize>)>,
    pub(super) unconverted: Vec<(String, Range<usize>)>,
    pub(super) defaulted: HashMap<String, String>,
    pub(super) literals: HashSet<Range<usize>>,
    pub(super) keys: HashSet<Range<usize>>,
    pub(super) findings: Vec<Diagnostic>,
    /// Inside a member written as a block: its inner blocks are not reported again.
    in_block: bool,
}

/// The attributes of a `resource "clickhouse_clickpipe" "NAME"` block as written, as a
/// body (the provider's changes to it come next, in `shape`).
pub(super) fn attributes(block: &Block) -> (Value, Builder) {
    let mut builder = Builder {
        spans: HashMap::new(),
        names: HashMap::new(),
        unknown: Vec::new(),
        unconverted: Vec::new(),
        defaulted: HashMap::new(),
        literals: HashSet::new(),
        keys: HashSet::new(),
        findings: Vec::new(),
        in_block: false,
    };
    // Missing members of the body are anchored on the header, `resource "…" "NAME"`.
    let header = span_of(&block.ident).start
        ..block
            .labels
            .last()
            .map_or(span_of(&block.ident).end, |label| span_of(label).end);
    builder.spans.insert(
        String::new(),
        NodeSpans {
            key: Some(header),
            value: span_of(block),
        },
    );
    let members = body_members(&block.body);
    let value = Value::Object(builder.object(members, Scope::Resource, "", ""));
    (value, builder)
}

/// The resource `clickhouse_clickpipe.NAME` whose body is `value`.
pub(super) fn resource(name: &str, value: Value, builder: Builder) -> Resource {
    let address = format!("{}.{name}", super::CLICKPIPE);
    let Builder {
        spans,
        names,
        mut unknown,
        unconverted,
        defaulted,
        literals,
        keys,
        findings,
        ..
    } = builder;
    let computed = unknown.len();
    unknown.extend(unconverted);
    let written = names
        .iter()
        .filter_map(|(pointer, tf_path)| {
            let (_, json_name) = crate::pointer::pointer_split(pointer)?;
            let tf_name = tf_path.rsplit('.').next()?;
            let is_item = tf_name.ends_with(']');
            (!is_item).then(|| (json_name, tf_name.to_owned()))
        })
        .collect();
    Resource {
        document: Document {
            value,
            // Spans are known already; the text is the file's, kept once by the caller.
            source: String::new(),
            spans: OnceLock::from(crate::document::SpanIndex::from(spans)),
            unrepresentable: Vec::new(),
            fractional_integers: Vec::new(),
        },
        address,
        names,
        written,
        unknown,
        computed,
        defaulted,
        literals,
        keys,
        findings,
    }
}

/// The members of a body: attributes, and blocks grouped by name in the order written.
fn body_members(body: &Body) -> Vec<Member<'_>> {
    let mut members: Vec<Member> = Vec::new();
    let mut groups: Vec<(&str, Vec<&Block>)> = Vec::new();
    let mut group_of: HashMap<&str, usize> = HashMap::new();
    for structure in body.iter() {
        match structure {
            Structure::Attribute(attribute) => members.push(Member {
                name: attribute.key.as_str(),
                key: span_of(&attribute.key),
                ident: true,
                part: Part::Expr(&attribute.value),
            }),
            Structure::Block(block) if block.ident.as_str() == "dynamic" => {
                if let Some(label) = block.labels.first() {
                    members.push(Member {
                        name: label_text(label),
                        key: span_of(label),
                        ident: false,
                        part: Part::Dynamic(span_of(block)),
                    });
                }
            }
            Structure::Block(block) => {
                let name = block.ident.as_str();
                match group_of.get(name) {
                    Some(&index) => groups[index].1.push(block),
                    None => {
                        group_of.insert(name, groups.len());
                        groups.push((name, vec![block]));
                    }
                }
            }
        }
    }
    for (name, blocks) in groups {
        let key = span_of(&blocks[0].ident);
        let part = match blocks.as_slice() {
            [one] if !LISTS.contains(&name) => Part::Block(one),
            _ => Part::Blocks(blocks),
        };
        members.push(Member {
            name,
            key,
            ident: true,
            part,
        });
    }
    members
}

/// The members of an object expression; a key that is itself an expression is skipped.
fn object_members(object: &Object) -> Vec<Member<'_>> {
    object
        .iter()
        .filter_map(|(key, value)| {
            let (name, ident) = match key {
                ObjectKey::Ident(ident) => (ident.as_str(), true),
                ObjectKey::Expression(Expression::String(text)) => (text.as_str(), false),
                ObjectKey::Expression(_) => return None,
            };
            Some(Member {
                name,
                key: span_of(key),
                ident,
                part: Part::Expr(value.expr()),
            })
        })
        .collect()
}

impl Builder {
    fn object(
        &mut self,
        members: Vec<Member>,
        scope: Scope,
        tf_path: &str,
        pointer: &str,
    ) -> Map<String, Value> {
        let mut map = Map::new();
        for member in members {
            let Some(json_name) = json_name(scope, member.name) else {
                continue;
            };
            let tf_path = join_tf(tf_path, member.name);
            let pointer = pointer_join(pointer, &json_name);
            let inner = if scope == Scope::Resource && member.name == "settings" {
                Scope::PipeSettings
            } else {
                Scope::Nested
            };
            let Some((value, span)) = self.part(member.part, inner, &tf_path, &pointer) else {
                continue;
            };
            if member.ident {
                self.keys.insert(member.key.clone());
            }
            self.spans.insert(
                pointer.clone(),
                NodeSpans {
                    key: Some(member.key),
                    value: span,
                },
            );
            self.names.insert(pointer, tf_path);
            map.insert(json_name, value);
        }
        map
    }

    fn part(
        &mut self,
        part: Part,
        scope: Scope,
        tf_path: &str,
        pointer: &str,
    ) -> Option<(Value, Range<usize>)> {
        match part {
            Part::Expr(expression) => self.expression(expression, scope, tf_path, pointer),
            Part::Block(block) => {
                let outer = self.enter_block(block, tf_path, pointer, false);
                let members = body_members(&block.body);
                let object = self.object(members, scope, tf_path, pointer);
                self.in_block = !outer;
                Some((Value::Object(object), span_of(block)))
            }
            Part::Blocks(blocks) => {
                let first = blocks.first()?;
                let outer = self.enter_block(first, tf_path, pointer, true);
                let span = span_of(*first).start..blocks.last().map_or(0, |b| span_of(*b).end);
                let items = blocks
                    .iter()
                    .enumerate()
                    .map(|(index, block)| {
                        let tf_path = format!("{tf_path}[{index}]");
                        let pointer = pointer_join(pointer, &index.to_string());
                        let members = body_members(&block.body);
                        let object = self.object(members, scope, &tf_path, &pointer);
                        self.item(&pointer, &tf_path, span_of(*block));
                        Value::Object(object)
                    })
                    .collect();
                self.in_block = !outer;
                Some((Value::Array(items), span))
            }
            Part::Dynamic(span) => Some((self.unknown(pointer, span.clone()), span)),
        }
    }

    fn expression(
        &mut self,
        expression: &Expression,
        scope: Scope,
        tf_path: &str,
        pointer: &str,
    ) -> Option<(Value, Range<usize>)> {
        let span = span_of(expression);
        let value = match expression {
            // `x = null` is the same as leaving `x` out.
            Expression::Null(_) => return None,
            Expression::Bool(value) => Value::Bool(*value.value()),
            Expression::Number(number) => {
                self.literals.insert(span.clone());
                number_value(number.value())
            }
            Expression::String(text) => {
                self.literals.insert(span.clone());
                Value::String(text.value().clone())
            }
            Expression::HeredocTemplate(heredoc) => match literal_text(&heredoc.template) {
                Some(text) => Value::String(text),
                None => self.unknown(pointer, span.clone()),
            },
            Expression::Parenthesis(inner) => {
                return self.expression(inner.inner(), scope, tf_path, pointer);
            }
            Expression::UnaryOp(op)
                if *op.operator.value() == UnaryOperator::Neg
                    && matches!(op.expr, Expression::Number(_)) =>
            {
                let Expression::Number(number) = &op.expr else {
                    return None;
                };
                self.literals.insert(span.clone());
                negative(number.value())
            }
            Expression::Array(array) => {
                let items = array
                    .iter()
                    .enumerate()
                    .filter_map(|(index, item)| {
                        let tf_path = format!("{tf_path}[{index}]");
                        let pointer = pointer_join(pointer, &index.to_string());
                        let (value, item_span) =
                            self.expression(item, scope, &tf_path, &pointer)?;
                        self.item(&pointer, &tf_path, item_span);
                        Some(value)
                    })
                    .collect();
                Value::Array(items)
            }
            Expression::Object(object) => {
                Value::Object(self.object(object_members(object), scope, tf_path, pointer))
            }
            _ => self.unknown(pointer, span.clone()),
        };
        Some((value, span))
    }

    fn item(&mut self, pointer: &str, tf_path: &str, span: Range<usize>) {
        self.spans.insert(
            pointer.to_owned(),
            NodeSpans {
                key: None,
                value: span,
            },
        );
        self.names.insert(pointer.to_owned(), tf_path.to_owned());
    }

    fn unknown(&mut self, pointer: &str, span: Range<usize>) -> Value {
        self.unknown.push((pointer.to_owned(), span));
        Value::String(UNKNOWN.to_owned())
    }

    /// Enters a member written as a block: the outermost such block gets the warning (once
    /// for repeated blocks; the blocks inside it are part of the same slip). Whether this
    /// one is the outermost.
    fn enter_block(&mut self, block: &Block, tf_path: &str, pointer: &str, list: bool) -> bool {
        if self.in_block {
            return false;
        }
        self.in_block = true;
        let name = block.ident.as_str();
        let (form, example) = if list {
            (format!("`{name} = [{{ … }}, …]`"), "one list of objects")
        } else {
            (format!("`{name} = {{ … }}`"), "an attribute")
        };
        self.findings.push(
            Diagnostic::new(
                &terraform_block_form::RULE,
                span_of(&block.ident),
                pointer,
                format!("`{tf_path}` is written as a block; Terraform expects {form}"),
            )
            .with_label("block form")
            .with_help(format!(
                "the provider declares `{name}` as {example} (and so every member inside it), and `terraform validate` rejects the block form with \"Unsupported block type\"; pipelint reads both forms alike"
            )),
        );
        true
    }
}

/// The body's member name for an attribute, or `None` for one that is not in the body.
fn json_name(scope: Scope, name: &str) -> Option<String> {
    match scope {
        Scope::Resource if NOT_IN_BODY.contains(&name) => None,
        Scope::PipeSettings => Some(match name.strip_prefix("clickhouse_") {
            Some(rest) => format!("db_{rest}"),
            None => name.to_owned(),
        }),
        // A write-only password is sent as the password; its version is Terraform's.
        _ if name == "password_wo_version" => None,
        _ if name == "password_wo" => Some("password".to_owned()),
        _ => Some(camel_case(name)),
    }
}

/// The attribute name of a body's member name, the inverse of [`json_name`]: settings keys
/// `db_*` are `clickhouse_*`, every other name snake_case.
pub(super) fn tf_name(name: &str) -> String {
    match name.strip_prefix("db_") {
        Some(rest) => format!("clickhouse_{rest}"),
        None => snake_case(name),
    }
}

/// `consumerGroup` -> `consumer_group`.
pub(super) fn snake_case(name: &str) -> String {
    let mut out = String::with_capacity(name.len() + 4);
    for c in name.chars() {
        if c.is_ascii_uppercase() {
            out.push('_');
            out.push(c.to_ascii_lowercase());
        } else {
            out.push(c);
        }
    }
    out
}

/// `consumer_group` -> `consumerGroup`.
fn camel_case(name: &str) -> String {
    let mut out = String::with_capacity(name.len());
    let mut upper = false;
    for c in name.chars() {
        if c == '_' && !out.is_empty() {
            upper = true;
        } else if upper {
            out.extend(c.to_uppercase());
            upper = false;
        } else {
            out.push(c);
        }
    }
    out
}

fn join_tf(parent: &str, name: &str) -> String {
    if parent.is_empty() {
        name.to_owned()
    } else {
        format!("{parent}.{name}")
    }
}

fn number_value(number: &hcl_edit::Number) -> Value {
    if let Some(n) = number.as_u64() {
        Value::Number(n.into())
    } else if let Some(n) = number.as_i64() {
        Value::Number(n.into())
    } else {
        number
            .as_f64()
            .and_then(Number::from_f64)
            .map_or(Value::Null, Value::Number)
    }
}

fn negative(number: &hcl_edit::Number) -> Value {
    match number.as_i64() {
        Some(n) => Value::Number((-n).into()),
        None => number
            .as_f64()
            .and_then(|f| Number::from_f64(-f))
            .map_or(Value::Null, Value::Number),
    }
}

/// The text of a heredoc without interpolations or directives.
fn literal_text(template: &hcl_edit::template::Template) -> Option<String> {
    let mut text = String::new();
    for element in template.iter() {
        match element {
            Element::Literal(literal) => text.push_str(literal.value()),
            _ => return None,
        }
    }
    Some(text)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_convert_both_ways() {
        for (snake, camel) in [
            ("consumer_group", "consumerGroup"),
            ("reverse_private_endpoint_ids", "reversePrivateEndpointIds"),
            ("iam_role", "iamRole"),
            ("name", "name"),
        ] {
            assert_eq!(camel_case(snake), camel);
            assert_eq!(snake_case(camel), snake);
            assert_eq!(tf_name(camel), snake);
        }
        assert_eq!(
            json_name(Scope::PipeSettings, "clickhouse_max_threads").as_deref(),
            Some("db_max_threads")
        );
        assert_eq!(tf_name("db_max_threads"), "clickhouse_max_threads");
    }
}
