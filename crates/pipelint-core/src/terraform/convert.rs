//! HCL to the body's JSON: attribute names to the contract's member names, literals to
//! values as Terraform converts them to the attribute's type, expressions to unknown values
//! (see `Document::unknown`), and a span for every member. On the way every attribute is
//! checked against the provider's schema as `terraform validate` checks it: a value it
//! rejects is reported here and is unknown to the rules (one mistake, one finding). The
//! attribute form (`scaling = { … }`) and the block form (`scaling { … }`, repeated
//! `columns { … }` blocks for a list) read alike.

use std::collections::{HashMap, HashSet};
use std::ops::Range;
use std::sync::OnceLock;

use hcl_edit::expr::{Expression, Object, ObjectKey, UnaryOperator};
use hcl_edit::structure::{Block, Body, Structure};
use hcl_edit::template::Element;
use serde_json::{Map, Number, Value};

use super::provider_schema::{Attribute, Attributes, Type};
use super::{Resource, label_text, span_of};
use crate::api::provider::ProviderVersion;
use crate::diagnostic::{Diagnostic, Fix};
use crate::document::{Document, NodeSpans};
use crate::entries::terraform::{
    terraform_block_form, terraform_invalid_argument, terraform_unsupported_argument,
};
use crate::pointer::pointer_join;

/// Terraform's meta-arguments: valid in every resource, never in the body.
const META_ARGUMENTS: &[&str] = &[
    "count",
    "for_each",
    "depends_on",
    "provider",
    "lifecycle",
    "provisioner",
    "connection",
];

/// The resource's own arguments that are never in the body: the path parameter
/// `service_id`, and what the provider keeps in its state.
const NOT_IN_BODY: &[&str] = &["service_id", "stopped", "trigger_resync", "id", "state"];

/// Settings keys the provider documents that the contract lacks: the API takes them.
const PROVIDER_SETTINGS: &[&str] = &["kafka_read_committed"];

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

#[derive(Clone)]
enum Part<'a> {
    Expr(&'a Expression),
    Block(&'a Block),
    Blocks(Vec<&'a Block>),
    /// A `dynamic "NAME"` block: its content is computed.
    Dynamic(Range<usize>),
    /// A value of Terraform's JSON syntax (`.tf.json`), with its value's span.
    Json(&'a Value, Range<usize>),
}

/// Builds one resource's body.
pub(super) struct Builder {
    pub(super) spans: HashMap<String, NodeSpans>,
    pub(super) names: HashMap<String, String>,
    /// Values that are expressions: pointer, span, and whether a rule would have read
    /// the value (not a secret, which only the secret rules read, and only as a literal).
    pub(super) unknown: Vec<(String, Range<usize>, bool)>,
    /// Values the provider rejects (reported by the reader): unknown to the rules.
    pub(super) rejected: Vec<String>,
    /// The literal values of the arguments that are not in the body (`stopped`), for the
    /// provider's plan checks; `None` for an expression.
    pub(super) not_in_body: HashMap<String, (Option<Value>, Range<usize>)>,
    pub(super) defaulted: HashMap<String, String>,
    pub(super) literals: HashSet<Range<usize>>,
    pub(super) keys: HashSet<Range<usize>>,
    pub(super) findings: Vec<Diagnostic>,
    /// Inside a member written as a block: its inner blocks are not reported again.
    in_block: bool,
    /// For Terraform's JSON syntax: the spans of the file's members, by the file's pointer.
    json_spans: HashMap<String, NodeSpans>,
}

/// The attributes of a `resource "clickhouse_clickpipe" "NAME"` block as written, as a
/// body (the provider's changes to it come next, in `shape`).
pub(super) fn attributes(block: &Block, version: ProviderVersion) -> (Value, Builder) {
    let mut builder = Builder {
        spans: HashMap::new(),
        names: HashMap::new(),
        unknown: Vec::new(),
        rejected: Vec::new(),
        not_in_body: HashMap::new(),
        defaulted: HashMap::new(),
        literals: HashSet::new(),
        keys: HashSet::new(),
        findings: Vec::new(),
        in_block: false,
        json_spans: HashMap::new(),
    };
    // Missing members of the body are anchored on the header, `resource "…" "NAME"`.
    let header = header_span(block);
    builder.spans.insert(
        String::new(),
        NodeSpans {
            key: Some(header),
            value: span_of(block),
        },
    );
    let members = body_members(&block.body);
    let schema = super::provider_schema::resource(version);
    let value = Value::Object(builder.object(
        members,
        Scope::Resource,
        Some(schema),
        Site::new("", "", header_span(block)),
    ));
    (value, builder)
}

/// The attributes of a resource in Terraform's JSON syntax (`.tf.json`): the object at
/// `at` in `document`, whose name's key is where findings about the whole resource point.
pub(super) fn attributes_json(
    document: &Document,
    at: &str,
    version: ProviderVersion,
) -> Option<(Value, Builder)> {
    let object = crate::pointer::resolve(&document.value, at)?.as_object()?;
    let mut builder = empty_builder();
    let mut pending = vec![at.to_owned()];
    while let Some(pointer) = pending.pop() {
        if let Some(spans) = document.spans(&pointer) {
            builder.json_spans.insert(pointer.clone(), spans.clone());
        }
        match crate::pointer::resolve(&document.value, &pointer) {
            Some(Value::Object(map)) => {
                pending.extend(map.keys().map(|k| pointer_join(&pointer, k)));
            }
            Some(Value::Array(items)) => {
                pending.extend((0..items.len()).map(|i| pointer_join(&pointer, &i.to_string())));
            }
            _ => {}
        }
    }
    let header = document.key_span(at);
    builder.spans.insert(
        String::new(),
        NodeSpans {
            key: Some(header.clone()),
            value: document.value_span(at),
        },
    );
    let members = builder.json_members(object, at);
    let schema = super::provider_schema::resource(version);
    let value = Value::Object(builder.object(
        members,
        Scope::Resource,
        Some(schema),
        Site::new("", "", header),
    ));
    Some((value, builder))
}

fn empty_builder() -> Builder {
    Builder {
        spans: HashMap::new(),
        names: HashMap::new(),
        unknown: Vec::new(),
        rejected: Vec::new(),
        not_in_body: HashMap::new(),
        defaulted: HashMap::new(),
        literals: HashSet::new(),
        keys: HashSet::new(),
        findings: Vec::new(),
        in_block: false,
        json_spans: HashMap::new(),
    }
}

/// A JSON literal as Terraform reads it: a string with an interpolation or a directive is
/// an expression (`None`).
fn json_literal(value: &Value) -> Option<Value> {
    match value {
        Value::String(text) if is_template(text) => None,
        Value::String(_) | Value::Number(_) | Value::Bool(_) => Some(value.clone()),
        _ => None,
    }
}

/// Whether a JSON string is a template Terraform evaluates (`${…}`, `%{…}`; `$${` is a
/// literal `${`).
fn is_template(text: &str) -> bool {
    let bytes = text.as_bytes();
    (0..bytes.len().saturating_sub(1)).any(|i| {
        matches!(bytes[i], b'$' | b'%')
            && bytes[i + 1] == b'{'
            && (i == 0 || bytes[i - 1] != bytes[i])
    })
}

/// `resource "…" "NAME"`: where findings about the whole resource point.
fn header_span(block: &Block) -> Range<usize> {
    span_of(&block.ident).start
        ..block
            .labels
            .last()
            .map_or(span_of(&block.ident).end, |label| span_of(label).end)
}

/// The resource `clickhouse_clickpipe.NAME` whose body is `value`.
pub(super) fn resource(name: &str, value: Value, builder: Builder) -> Resource {
    let address = format!("{}.{name}", super::CLICKPIPE);
    let Builder {
        spans,
        names,
        unknown: expressions,
        rejected,
        defaulted,
        literals,
        keys,
        findings,
        ..
    } = builder;
    let unchecked: Vec<Range<usize>> = expressions
        .iter()
        .filter(|(_, _, read)| *read)
        .map(|(_, span, _)| span.clone())
        .collect();
    let mut unknown: Vec<String> = expressions
        .into_iter()
        .map(|(pointer, ..)| pointer)
        .chain(rejected)
        .collect();
    unknown.sort();
    unknown.dedup();
    let accepted = PROVIDER_SETTINGS
        .iter()
        .filter(|key| value.get("settings").and_then(|s| s.get(**key)).is_some())
        .map(|key| format!("/settings/{key}"))
        .collect();
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
            accepted,
            unknown,
        },
        address,
        names,
        written,
        unchecked,
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

/// Where an object is: its attribute path, its pointer in the body, and the span findings
/// about a member it lacks point at (its key, or the resource header).
#[derive(Clone)]
struct Site<'p> {
    tf_path: &'p str,
    pointer: &'p str,
    anchor: Range<usize>,
}

impl<'p> Site<'p> {
    fn new(tf_path: &'p str, pointer: &'p str, anchor: Range<usize>) -> Self {
        Site {
            tf_path,
            pointer,
            anchor,
        }
    }
}

impl Builder {
    fn object(
        &mut self,
        members: Vec<Member>,
        scope: Scope,
        schema: Option<&'static Attributes>,
        site: Site,
    ) -> Map<String, Value> {
        let mut map = Map::new();
        // The attributes set (not null), by name, with their key spans: for the checks
        // between siblings.
        let mut set: Vec<(&'static str, Range<usize>, bool)> = Vec::new();
        for member in members {
            let tf_path = join_tf(site.tf_path, member.name);
            let attribute = match schema {
                None => None,
                Some(schema) => match schema.get_key_value(member.name) {
                    Some((name, attribute)) => Some((name.as_str(), attribute)),
                    None => {
                        self.unknown_argument(&member, schema, scope, &site, &mut map);
                        continue;
                    }
                },
            };
            if let Some((_, attribute)) = attribute
                && attribute.is_read_only()
            {
                self.invalid(
                    member.key.clone(),
                    &pointer_join(site.pointer, member.name),
                    format!("`terraform validate` fails: `{tf_path}` is set by the provider and cannot be configured (\"Invalid Configuration for Read-Only Attribute\")"),
                    "read-only",
                    "remove it; the provider reports it after `terraform apply`",
                );
                continue;
            }
            let Some(json_name) = json_name(scope, member.name) else {
                self.not_in_body(&member, attribute, tf_path, site.pointer, &mut set);
                continue;
            };
            let pointer = pointer_join(site.pointer, &json_name);
            // `password_wo` is sent as the password. Beside a `password` (Terraform's
            // conflict, about `password`) the body keeps `password`, so that findings there
            // name the attribute they are about and point at its line.
            if member.name == "password_wo" && map.contains_key(&json_name) {
                if let Some((name, attribute)) = attribute {
                    set.push((name, member.key.clone(), attribute.sensitive));
                }
                continue;
            }
            let inner = if scope == Scope::Resource && member.name == "settings" {
                Scope::PipeSettings
            } else {
                Scope::Nested
            };
            let kind = attribute.map(|(_, a)| a.kind);
            let children = attribute
                .filter(|(_, a)| a.kind != Type::Dynamic)
                .map(|(_, a)| &a.attributes);
            let key = member.key.clone();
            let ident = member.ident;
            let read = !attribute.is_some_and(|(_, a)| a.sensitive);
            let member_site = Site::new(&tf_path, &pointer, key.clone());
            let Some((value, span)) = self.part(
                member.part.clone(),
                inner,
                kind,
                children,
                read,
                &member_site,
            ) else {
                continue;
            };
            if ident {
                self.keys.insert(key.clone());
            }
            self.spans.insert(
                pointer.clone(),
                NodeSpans {
                    key: Some(key.clone()),
                    value: span.clone(),
                },
            );
            self.names.insert(pointer.clone(), tf_path.clone());
            let value = match attribute {
                Some((name, attribute)) => {
                    set.push((name, key.clone(), attribute.sensitive));
                    if self.is_unknown(&pointer) {
                        value
                    } else {
                        self.conform(attribute, value, member.name, span, &tf_path, &pointer)
                    }
                }
                None => value,
            };
            map.insert(json_name, value);
        }
        if let Some(schema) = schema {
            self.siblings(schema, &set, scope, &site, &mut map);
        }
        map
    }

    /// An argument the provider's schema lacks: Terraform's "Unsupported argument" (the
    /// resource's meta-arguments aside). Terraform stops there, so the rules take what it says
    /// as present and unknown (a `password_wo` a release lacks is a password).
    fn unknown_argument(
        &mut self,
        member: &Member,
        schema: &'static Attributes,
        scope: Scope,
        site: &Site,
        map: &mut Map<String, Value>,
    ) {
        if scope == Scope::Resource && META_ARGUMENTS.contains(&member.name) {
            return;
        }
        self.unsupported(member, schema, site);
        if let Some(json) = json_name(scope, member.name)
            && !map.contains_key(&json)
        {
            self.rejected.push(pointer_join(site.pointer, &json));
            map.insert(json, stand_in(None));
        }
    }

    /// An attribute that is not in the body (`stopped`): kept, with its literal, for the
    /// provider's own checks.
    fn not_in_body(
        &mut self,
        member: &Member,
        attribute: Option<(&'static str, &'static Attribute)>,
        tf_path: String,
        parent_pointer: &str,
        set: &mut Vec<(&'static str, Range<usize>, bool)>,
    ) {
        let literal = match &member.part {
            Part::Expr(expression) => literal(expression),
            Part::Json(value, _) => json_literal(value),
            _ => None,
        };
        if let Some((name, attribute)) = attribute {
            let null = matches!(
                member.part,
                Part::Expr(Expression::Null(_)) | Part::Json(Value::Null, _)
            );
            if !null {
                set.push((name, member.key.clone(), attribute.sensitive));
            }
            let span = match &member.part {
                Part::Expr(expression) => Some(span_of(*expression)),
                Part::Json(_, span) => Some(span.clone()),
                _ => None,
            };
            if let (Some(value), Some(span)) = (&literal, span) {
                let pointer = pointer_join(parent_pointer, member.name);
                self.conform(
                    attribute,
                    value.clone(),
                    member.name,
                    span,
                    &tf_path,
                    &pointer,
                );
            }
        }
        self.not_in_body
            .insert(tf_path, (literal, member.key.clone()));
    }

    /// The checks of an object's attributes among themselves: Required attributes,
    /// conflicts, and attributes that need another.
    fn siblings(
        &mut self,
        schema: &'static Attributes,
        set: &[(&'static str, Range<usize>, bool)],
        scope: Scope,
        site: &Site,
        map: &mut Map<String, Value>,
    ) {
        // What Terraform stopped on is taken as present, as a Required attribute is: one
        // mistake, one finding (a `password_wo_version` without `password_wo` is not also a
        // missing password).
        let mut assumed: Vec<&str> = Vec::new();
        let is_set = |name: &str, assumed: &[&str]| {
            set.iter().any(|(n, ..)| *n == name) || assumed.contains(&name)
        };
        for (name, attribute) in schema {
            if attribute.required && !is_set(name, &assumed) {
                let tf_path = join_tf(site.tf_path, name);
                let json = json_name(scope, name);
                let pointer = pointer_join(site.pointer, json.as_deref().unwrap_or(name));
                self.invalid(
                    site.anchor.clone(),
                    &pointer,
                    format!("`terraform validate` fails: the argument `{tf_path}` is required, but no definition was found"),
                    format!("`{name}` missing here"),
                    format!("add `{name} = {}`", example_of(name, attribute)),
                );
                // Terraform stops here: the rules take it as present.
                if let Some(json) = json {
                    map.insert(json, stand_in(Some(attribute.kind)));
                    self.rejected.push(pointer);
                }
            }
        }
        for (name, key, _) in set {
            let Some(attribute) = schema.get(*name) else {
                continue;
            };
            let tf_path = join_tf(site.tf_path, name);
            let pointer = pointer_join(site.pointer, name);
            if let Some(other) = attribute.conflicts_with.iter().find(|o| is_set(o, &[])) {
                self.invalid(
                    key.clone(),
                    &pointer,
                    format!("`terraform validate` fails: `{tf_path}` cannot be set together with `{other}` (\"Invalid Attribute Combination\")"),
                    format!("conflicts with `{other}`"),
                    "keep one of them: a write-only `password_wo` with `password_wo_version` keeps the password out of the state",
                );
            }
            if let Some(other) = attribute
                .also_requires
                .iter()
                .find(|o| !is_set(o, &assumed))
            {
                let example = schema
                    .get(other)
                    .map_or_else(|| "…".to_owned(), |a| example_of(other, a));
                self.invalid(
                    key.clone(),
                    &pointer,
                    format!("`terraform validate` fails: `{tf_path}` needs `{other}` beside it (\"Invalid Attribute Combination\")"),
                    format!("`{other}` missing"),
                    format!("add `{other} = {example}`"),
                );
                assumed.push(other.as_str());
                if let Some(json) = json_name(scope, other)
                    && !map.contains_key(&json)
                {
                    self.rejected.push(pointer_join(site.pointer, &json));
                    map.insert(json, stand_in(schema.get(other).map(|a| a.kind)));
                }
            }
        }
        for (name, attribute) in schema {
            if attribute.at_least_one_of.is_empty()
                || is_set(name, &assumed)
                || attribute
                    .at_least_one_of
                    .iter()
                    .any(|o| is_set(o, &assumed))
            {
                continue;
            }
            let tf_path = join_tf(site.tf_path, name);
            let others = attribute.at_least_one_of.join("` or `");
            self.invalid(
                site.anchor.clone(),
                &pointer_join(site.pointer, name),
                format!("`terraform validate` fails: `{tf_path}` or `{others}` must be set (\"Invalid Attribute Combination\")"),
                format!("`{name}` or `{others}` missing here"),
                "add `password_wo = var.registry_password` with `password_wo_version = 1` (or `password = var.registry_password`)",
            );
            // Terraform stops here: the rules take the member as present.
            if let Some(json) = json_name(scope, name)
                && !map.contains_key(&json)
            {
                self.rejected.push(pointer_join(site.pointer, &json));
                map.insert(json, stand_in(Some(attribute.kind)));
            }
        }
    }

    /// A value converted to the attribute's type as Terraform converts it, and checked
    /// against its validators: the value, or a stand-in the rules do not read when the
    /// provider rejects it.
    fn conform(
        &mut self,
        attribute: &Attribute,
        value: Value,
        name: &str,
        span: Range<usize>,
        tf_path: &str,
        pointer: &str,
    ) -> Value {
        let converted = match convert_to(attribute.kind, value) {
            Ok(value) => value,
            Err(value) => {
                self.invalid(
                    span,
                    pointer,
                    format!(
                        "`terraform validate` fails: inappropriate value for `{tf_path}`: {}",
                        attribute.kind.wanted()
                    ),
                    format!("{} here", describe(&value)),
                    format!("write {}", example_of(name, attribute)),
                );
                return self.reject(pointer, Some(attribute.kind));
            }
        };
        if let Some(problem) = validator_problem(attribute, &converted) {
            let (message, help, fix) = problem;
            let mut finding = Diagnostic::new(
                &terraform_invalid_argument::RULE,
                span.clone(),
                pointer,
                format!("`terraform validate` fails: `{tf_path}` {message}"),
            )
            .with_label("rejected by the provider")
            .with_help(help);
            if let Some(meant) = fix
                && self.literals.contains(&span)
            {
                // A slip of case is certain; another close value is a guess.
                let case_only = converted
                    .as_str()
                    .is_some_and(|written| written.eq_ignore_ascii_case(&meant));
                let applicability = if case_only {
                    crate::Applicability::Safe
                } else {
                    crate::Applicability::Unsafe
                };
                finding = finding.with_fix(Fix::new(
                    format!("write `{meant}`"),
                    span,
                    serde_json::to_string(&meant).unwrap_or_default(),
                    applicability,
                ));
            }
            self.findings.push(finding);
            return self.reject(pointer, Some(attribute.kind));
        }
        converted
    }

    /// Reports an attribute the schema does not have, with the closest name as a rename.
    fn unsupported(&mut self, member: &Member, schema: &Attributes, site: &Site) {
        let names = schema
            .iter()
            .filter(|(_, a)| !a.is_read_only())
            .map(|(n, _)| n.as_str());
        let meant = crate::suggest::closest(member.name, names.clone());
        let where_ = if site.tf_path.is_empty() {
            "a `clickhouse_clickpipe` resource".to_owned()
        } else {
            format!("`{}`", site.tf_path)
        };
        let pointer = pointer_join(site.pointer, member.name);
        let mut finding = Diagnostic::new(
            &terraform_unsupported_argument::RULE,
            member.key.clone(),
            &pointer,
            format!(
                "`terraform validate` fails: an argument named `{}` is not expected in {where_} (\"Unsupported argument\")",
                member.name
            ),
        )
        .with_label("unsupported argument");
        let listed: Vec<&str> = names.collect();
        match meant {
            Some(meant) => {
                finding = finding.with_help(format!(
                    "did you mean `{meant}`? Arguments here: {}",
                    crate::suggest::list_code(&listed)
                ));
                if member.ident {
                    self.keys.insert(member.key.clone());
                    finding = finding.with_fix(Fix::new(
                        format!("rename to `{meant}`"),
                        member.key.clone(),
                        serde_json::to_string(meant).unwrap_or_default(),
                        crate::Applicability::Safe,
                    ));
                }
            }
            None => {
                finding = finding.with_help(format!(
                    "arguments here: {}",
                    crate::suggest::list_code(&listed)
                ));
            }
        }
        self.findings.push(finding);
    }

    /// A finding of `terraform validate` about one attribute.
    fn invalid(
        &mut self,
        span: Range<usize>,
        pointer: &str,
        message: String,
        label: impl Into<String>,
        help: impl Into<String>,
    ) {
        self.findings.push(
            Diagnostic::new(&terraform_invalid_argument::RULE, span, pointer, message)
                .with_label(label)
                .with_help(help),
        );
    }

    /// A value the provider rejects: unknown to the rules from here on.
    fn reject(&mut self, pointer: &str, kind: Option<Type>) -> Value {
        self.rejected.push(pointer.to_owned());
        stand_in(kind)
    }

    fn is_unknown(&self, pointer: &str) -> bool {
        self.unknown.iter().any(|(p, ..)| p == pointer)
            || self.rejected.iter().any(|p| p == pointer)
    }

    fn part(
        &mut self,
        part: Part,
        scope: Scope,
        kind: Option<Type>,
        schema: Option<&'static Attributes>,
        read: bool,
        site: &Site,
    ) -> Option<(Value, Range<usize>)> {
        let (tf_path, pointer) = (site.tf_path, site.pointer);
        match part {
            Part::Expr(expression) => self.expression(expression, scope, kind, schema, read, site),
            Part::Json(value, span) => self.json(value, span, scope, kind, schema, read, site),
            Part::Block(block) => {
                let outer = self.enter_block(block, tf_path, pointer, false);
                let members = body_members(&block.body);
                let site = Site::new(tf_path, pointer, span_of(&block.ident));
                let object = self.object(members, scope, schema, site);
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
                        let site = Site::new(&tf_path, &pointer, span_of(&block.ident));
                        let object = self.object(members, scope, schema, site);
                        self.item(&pointer, &tf_path, span_of(*block));
                        Value::Object(object)
                    })
                    .collect();
                self.in_block = !outer;
                Some((Value::Array(items), span))
            }
            Part::Dynamic(span) => Some((self.unknown(pointer, span.clone(), kind, read), span)),
        }
    }

    fn expression(
        &mut self,
        expression: &Expression,
        scope: Scope,
        kind: Option<Type>,
        schema: Option<&'static Attributes>,
        read: bool,
        site: &Site,
    ) -> Option<(Value, Range<usize>)> {
        let (tf_path, pointer) = (site.tf_path, site.pointer);
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
                None => self.unknown(pointer, span.clone(), kind, read),
            },
            Expression::Parenthesis(inner) => {
                return self.expression(inner.inner(), scope, kind, schema, read, site);
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
                let item_kind = match kind {
                    Some(Type::ListObject | Type::SetObject) => Some(Type::Object),
                    Some(Type::ListString | Type::SetString) => Some(Type::String),
                    _ => None,
                };
                let items = array
                    .iter()
                    .enumerate()
                    .filter_map(|(index, item)| {
                        let tf_path = format!("{tf_path}[{index}]");
                        let pointer = pointer_join(pointer, &index.to_string());
                        let site = Site::new(&tf_path, &pointer, span_of(item));
                        let (value, item_span) =
                            self.expression(item, scope, item_kind, schema, read, &site)?;
                        self.item(&pointer, &tf_path, item_span);
                        Some(value)
                    })
                    .collect();
                Value::Array(items)
            }
            Expression::Object(object) => {
                Value::Object(self.object(object_members(object), scope, schema, site.clone()))
            }
            _ => self.unknown(pointer, span.clone(), kind, read),
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

    /// The members of a JSON object at the file's pointer `at`.
    fn json_members<'v>(&self, object: &'v Map<String, Value>, at: &str) -> Vec<Member<'v>> {
        object
            .iter()
            .map(|(name, value)| {
                let pointer = pointer_join(at, name);
                let spans = self.json_spans.get(&pointer);
                let value_span = spans.map_or(0..0, |s| s.value.clone());
                Member {
                    name,
                    key: spans
                        .and_then(|s| s.key.clone())
                        .unwrap_or(value_span.clone()),
                    // A quoted key: a rename would have to keep the quotes.
                    ident: false,
                    part: Part::Json(value, value_span),
                }
            })
            .collect()
    }

    /// A value of Terraform's JSON syntax, as [`Builder::expression`] reads HCL.
    #[allow(clippy::too_many_arguments)]
    fn json(
        &mut self,
        value: &Value,
        span: Range<usize>,
        scope: Scope,
        kind: Option<Type>,
        schema: Option<&'static Attributes>,
        read: bool,
        site: &Site,
    ) -> Option<(Value, Range<usize>)> {
        let (tf_path, pointer) = (site.tf_path, site.pointer);
        // The file's pointer of this value, found back from its span.
        let at = self
            .json_spans
            .iter()
            .find(|(_, s)| s.value == span)
            .map(|(p, _)| p.clone())
            .unwrap_or_default();
        let converted = match value {
            Value::Null => return None,
            Value::String(text) if is_template(text) => {
                self.unknown(pointer, span.clone(), kind, read)
            }
            Value::String(_) | Value::Number(_) => {
                self.literals.insert(span.clone());
                value.clone()
            }
            Value::Bool(_) => value.clone(),
            Value::Array(items) => {
                let item_kind = match kind {
                    Some(Type::ListObject | Type::SetObject) => Some(Type::Object),
                    Some(Type::ListString | Type::SetString) => Some(Type::String),
                    _ => None,
                };
                let items = items
                    .iter()
                    .enumerate()
                    .filter_map(|(index, item)| {
                        let tf_path = format!("{tf_path}[{index}]");
                        let pointer = pointer_join(pointer, &index.to_string());
                        let item_at = pointer_join(&at, &index.to_string());
                        let item_span = self
                            .json_spans
                            .get(&item_at)
                            .map_or(0..0, |s| s.value.clone());
                        let site = Site::new(&tf_path, &pointer, item_span.clone());
                        let (value, item_span) =
                            self.json(item, item_span, scope, item_kind, schema, read, &site)?;
                        self.item(&pointer, &tf_path, item_span);
                        Some(value)
                    })
                    .collect();
                Value::Array(items)
            }
            Value::Object(map) => {
                let members = self.json_members(map, &at);
                Value::Object(self.object(members, scope, schema, site.clone()))
            }
        };
        Some((converted, span))
    }

    /// An expression: present, its value unknown (a stand-in of its type no rule reads).
    fn unknown(
        &mut self,
        pointer: &str,
        span: Range<usize>,
        kind: Option<Type>,
        read: bool,
    ) -> Value {
        self.unknown.push((pointer.to_owned(), span, read));
        stand_in(kind)
    }

    /// Enters a member written as a block: the outermost such block gets the finding (once
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
                format!("`terraform validate` fails: `{tf_path}` is written as a block, and Terraform expects {form} (\"Unsupported block type\")"),
            )
            .with_label("block form")
            .with_help(format!(
                "the provider declares `{name}` as {example} (and so every member inside it); write `{name} =` before the braces{}",
                if list { " and put the objects in one list" } else { "" }
            )),
        );
        true
    }
}

/// The stand-in of an unknown value of a type (see `Document::unknown`).
pub(super) fn stand_in(kind: Option<Type>) -> Value {
    if kind.is_some_and(Type::is_collection) {
        (Document::UNKNOWN_COLLECTION)()
    } else {
        (Document::UNKNOWN_SCALAR)()
    }
}

/// The literal value of an expression (`None` for anything Terraform computes).
fn literal(expression: &Expression) -> Option<Value> {
    match expression {
        Expression::Bool(value) => Some(Value::Bool(*value.value())),
        Expression::Number(number) => Some(number_value(number.value())),
        Expression::String(text) => Some(Value::String(text.value().clone())),
        Expression::Parenthesis(inner) => literal(inner.inner()),
        _ => None,
    }
}

/// A literal converted to a type as Terraform converts it (`"2"` to the number 2, `true`
/// to `"true"`); `Err` with the value when Terraform cannot.
fn convert_to(kind: Type, value: Value) -> Result<Value, Value> {
    match (kind, value) {
        (Type::Dynamic, value) => Ok(value),
        (Type::String, Value::String(text)) => Ok(Value::String(text)),
        (Type::String, Value::Number(n)) => Ok(Value::String(n.to_string())),
        (Type::String, Value::Bool(b)) => Ok(Value::String(b.to_string())),
        (Type::Int, Value::Number(n)) if n.is_i64() || n.is_u64() => Ok(Value::Number(n)),
        (Type::Int, Value::String(text)) => text
            .trim()
            .parse::<i64>()
            .map(Value::from)
            .map_err(|_| Value::String(text)),
        (Type::Float, Value::Number(n)) => Ok(Value::Number(n)),
        (Type::Float, Value::String(text)) => match serde_json::from_str::<Number>(text.trim()) {
            Ok(n) => Ok(Value::Number(n)),
            Err(_) => Err(Value::String(text)),
        },
        (Type::Bool, Value::Bool(b)) => Ok(Value::Bool(b)),
        (Type::Bool, Value::String(text)) => match text.as_str() {
            "true" => Ok(Value::Bool(true)),
            "false" => Ok(Value::Bool(false)),
            _ => Err(Value::String(text)),
        },
        (Type::Object, Value::Object(map)) => Ok(Value::Object(map)),
        (Type::ListObject | Type::SetObject, Value::Array(items))
            if items
                .iter()
                .all(|i| i.is_object() || i == &(Document::UNKNOWN_SCALAR)()) =>
        {
            Ok(Value::Array(items))
        }
        (Type::ListString | Type::SetString, Value::Array(items)) => {
            let mut out = Vec::with_capacity(items.len());
            for item in items {
                match item {
                    Value::String(_) => out.push(item),
                    Value::Number(n) => out.push(Value::String(n.to_string())),
                    Value::Bool(b) => out.push(Value::String(b.to_string())),
                    Value::Object(ref map) if map.is_empty() => out.push(item),
                    other => return Err(other),
                }
            }
            Ok(Value::Array(out))
        }
        (_, value) => Err(value),
    }
}

/// What the attribute's validators say of a value: the message (after the attribute's
/// path), a help, and the value meant when one is close.
fn validator_problem(
    attribute: &Attribute,
    value: &Value,
) -> Option<(String, String, Option<String>)> {
    if let (Some(list), Value::String(text)) = (&attribute.one_of, value)
        && !list.iter().any(|v| v == text)
    {
        let meant = crate::suggest::closest(text, list.iter().map(String::as_str));
        let listed: Vec<&str> = list.iter().map(String::as_str).collect();
        let help = match meant {
            Some(meant) => format!(
                "did you mean `{meant}`? The provider accepts {}",
                crate::suggest::list_code(&listed)
            ),
            None => format!(
                "the provider accepts {}",
                crate::suggest::list_code(&listed)
            ),
        };
        return Some((
            format!(
                "is `{text}`, which is not one of the provider's values (\"Invalid Attribute Value Match\")"
            ),
            help,
            meant.map(str::to_owned),
        ));
    }
    let number = value.as_f64();
    if let (Some((min, max)), Some(n)) = (attribute.between, number)
        && !(min <= n && n <= max)
    {
        return Some((
            format!(
                "is {n}, and the provider accepts {min} to {max} (\"Invalid Attribute Value\")"
            ),
            format!("write a value from {min} to {max}"),
            None,
        ));
    }
    if let (Some(min), Some(n)) = (attribute.at_least, number)
        && n < min
    {
        return Some((
            format!(
                "is {n}, and the provider accepts at least {min} (\"Invalid Attribute Value\")"
            ),
            format!("write {min} or more, or leave it out for the server's default"),
            None,
        ));
    }
    let Value::String(text) = value else {
        return None;
    };
    if let Some(max) = attribute.length_at_most
        && text.chars().count() > max
    {
        return Some((
            format!(
                "is {} characters long, and the provider accepts at most {max} (\"Invalid Attribute Value Length\")",
                text.chars().count()
            ),
            format!("shorten it to {max} characters"),
            None,
        ));
    }
    let matches =
        |p: &super::provider_schema::Pattern| p.compiled.as_ref().is_none_or(|r| r.is_match(text));
    let failed: Vec<&super::provider_schema::Pattern> =
        attribute.patterns.iter().filter(|p| !matches(p)).collect();
    let rejected = if attribute.any_pattern {
        !attribute.patterns.is_empty() && failed.len() == attribute.patterns.len()
    } else {
        !failed.is_empty()
    };
    if rejected {
        let messages: Vec<&str> = failed.iter().map(|p| p.message.as_str()).collect();
        return Some((
            format!(
                "{} (\"Invalid Attribute Value Match\")",
                messages.join(" and ")
            ),
            "write the value in the form the provider accepts".to_owned(),
            None,
        ));
    }
    None
}

/// How a wrong value is shown in a label.
fn describe(value: &Value) -> &'static str {
    match value {
        Value::String(_) => "a string",
        Value::Number(_) => "a number",
        Value::Bool(_) => "a bool",
        Value::Object(_) => "an object",
        Value::Array(_) => "a list",
        Value::Null => "null",
    }
}

/// An HCL value of the attribute's type to show in a help: a variable for a secret, the
/// first accepted value, the default, or a placeholder of the type.
fn example_of(name: &str, attribute: &Attribute) -> String {
    if attribute.sensitive && !attribute.kind.is_collection() {
        return format!("var.{name}");
    }
    if let Some(first) = attribute.one_of.as_ref().and_then(|l| l.first()) {
        return format!("\"{first}\"");
    }
    if let Some((min, _)) = attribute.between {
        return min.to_string();
    }
    match attribute.kind {
        Type::String => "\"…\"".to_owned(),
        Type::Int => attribute.at_least.map_or("1".to_owned(), |m| m.to_string()),
        Type::Float => "1.0".to_owned(),
        Type::Bool => "true".to_owned(),
        Type::Object | Type::Dynamic => "{ … }".to_owned(),
        Type::ListObject | Type::SetObject => "[{ … }]".to_owned(),
        Type::ListString | Type::SetString => "[\"…\"]".to_owned(),
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
