//! A parsed JSON document: its value, and byte spans found only when something asks for one.
//!
//! Most files have no finding and never need a position, so the span index (JSON pointer to
//! key and value ranges) is built on the first span query only, by one pass over the text.
//! [`load`](crate::load) makes documents.

use std::ops::Range;
use std::sync::OnceLock;

use jsonc_parser::ast;
use serde_json::Value;

use crate::pointer::{pointer_join, pointer_split};

#[cfg(test)]
mod lazy_span_tests;
mod span_index;

pub(crate) use span_index::SpanIndex;

/// Byte ranges of one node: the key (for object members) and the value.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct NodeSpans {
    /// The member's key, quotes included; `None` for array items and the root.
    pub key: Option<Range<usize>>,
    /// The value, from its first to its last byte.
    pub value: Range<usize>,
}

/// A parsed JSON document; positions are resolved on demand. Made by [`load`](crate::load).
/// Its values are the body's own, secrets included: never print them.
#[derive(Debug)]
pub struct Document {
    /// The document's value.
    pub value: Value,
    /// The text the value was read from (a byte-order mark blanked out), for positions.
    pub(crate) source: String,
    /// Where each node is, built on the first span query.
    pub(crate) spans: OnceLock<SpanIndex>,
    /// Pointers whose number could not be represented; other findings there are dropped.
    pub(crate) unrepresentable: Vec<String>,
    /// Pointers of whole numbers written with a fraction or exponent (`10.0`, `1e1`): JSON
    /// Schema counts them as integers, but the API's integer members reject them.
    pub(crate) fractional_integers: Vec<String>,
    /// Pointers of values that are present but unknown (a Terraform expression, or a value
    /// Terraform rejects before anything is sent), sorted. Such a value holds a stand-in of
    /// a type the schema does not allow there ([`Document::UNKNOWN_SCALAR`],
    /// [`Document::UNKNOWN_COLLECTION`]); the schema does not judge it, and rules, which
    /// leave a value of the wrong type to the schema, read nothing from it. Empty for JSON.
    pub(crate) unknown: Vec<String>,
    /// Pointers of members the contract lacks and the body's target is known to take (a
    /// settings key the Terraform provider documents): not unknown members. Empty for JSON.
    pub(crate) accepted: Vec<String>,
}

impl Document {
    /// The stand-in of an unknown string, number or bool: an empty object, which no rule
    /// reads as text, a number or a flag.
    pub(crate) const UNKNOWN_SCALAR: fn() -> Value = || Value::Object(serde_json::Map::new());
    /// The stand-in of an unknown object or list: `true`, which no rule reads as members or
    /// items (present, with contents unknown).
    pub(crate) const UNKNOWN_COLLECTION: fn() -> Value = || Value::Bool(true);

    /// Whether the value at `pointer` is unknown: it, or a value holding it, is.
    pub(crate) fn is_unknown(&self, pointer: &str) -> bool {
        !self.unknown.is_empty()
            && std::iter::once(pointer)
                .chain(pointer.match_indices('/').map(|(cut, _)| &pointer[..cut]))
                .any(|at| {
                    self.unknown
                        .binary_search_by(|u| u.as_str().cmp(at))
                        .is_ok()
                })
    }

    /// Whether an unknown value lies inside the value at `pointer` (strictly).
    pub(crate) fn holds_unknown(&self, pointer: &str) -> bool {
        self.unknown.iter().any(|u| {
            u.len() > pointer.len() && u.starts_with(pointer) && u[pointer.len()..].starts_with('/')
        })
    }

    /// The key and value spans of the node at an RFC 6901 pointer.
    pub fn spans(&self, pointer: &str) -> Option<&NodeSpans> {
        self.span_index().get(&self.source, pointer)
    }

    /// Whether the span index has been built (clean files should never build it).
    #[cfg(test)]
    pub(crate) fn has_span_index(&self) -> bool {
        self.spans.get().is_some()
    }

    pub(crate) fn span_index(&self) -> &SpanIndex {
        self.spans.get_or_init(|| SpanIndex::build(&self.source))
    }

    /// The value at an RFC 6901 pointer.
    pub(crate) fn get(&self, pointer: &str) -> Option<&Value> {
        crate::pointer::resolve(&self.value, pointer)
    }

    /// The value's span, or the nearest existing ancestor's when the pointer does not resolve.
    pub fn value_span(&self, pointer: &str) -> Range<usize> {
        let mut pointer = pointer;
        loop {
            if let Some(spans) = self.spans(pointer) {
                return spans.value.clone();
            }
            match pointer_split(pointer) {
                Some((parent, _)) => pointer = parent,
                None => return 0..0,
            }
        }
    }

    /// The key's span of the member at `pointer`; array items and the root use the value span.
    pub fn key_span(&self, pointer: &str) -> Range<usize> {
        match self.spans(pointer) {
            Some(NodeSpans { key: Some(key), .. }) => key.clone(),
            _ => self.value_span(pointer),
        }
    }

    /// From the start of the key to the end of the value.
    pub fn member_span(&self, pointer: &str) -> Range<usize> {
        let value = self.value_span(pointer);
        let key = self.key_span(pointer);
        key.start.min(value.start)..value.end
    }

    /// The innermost member whose key, or whose scalar value, is under `offset` (or whose
    /// object or array starts or ends there): its pointer, and the span of that key or value.
    /// For an editor's hover.
    ///
    /// ```
    /// let text = r#"{"source": {"kafka": {"brokers": "b:9092"}}}"#;
    /// let Some(document) = pipelint_core::load(text.as_bytes()).document else {
    ///     panic!("the body loads");
    /// };
    /// let offset = text.find("b:9092").expect("the broker is in the text");
    /// let (pointer, span) = document.member_at(offset).expect("a member is there");
    /// assert_eq!(pointer, "/source/kafka/brokers");
    /// assert_eq!(&text[span], "\"b:9092\"");
    /// ```
    pub fn member_at(&self, offset: usize) -> Option<(String, Range<usize>)> {
        let covers = |span: &Range<usize>| {
            (span.start <= offset && offset < span.end) || (span.is_empty() && span.start == offset)
        };
        let mut pointer = String::new();
        let mut value = &self.value;
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
                let Some(spans) = self.spans(&child) else {
                    continue;
                };
                if let Some(key) = &spans.key
                    && covers(key)
                {
                    return Some((child, key.clone()));
                }
                if !covers(&spans.value) {
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

    /// A span for "this object lacks a member": the object's key, or its opening brace.
    pub(crate) fn object_anchor(&self, pointer: &str) -> Range<usize> {
        match self.spans(pointer) {
            Some(NodeSpans { key: Some(key), .. }) => key.clone(),
            Some(NodeSpans { value, .. }) => value.start..value.start + 1,
            None => self.value_span(pointer),
        }
    }
}

/// `jsonc-parser`'s syntax tree of strict JSON (every leniency off).
pub(crate) fn syntax_tree(
    text: &str,
) -> Result<Option<ast::Value<'_>>, jsonc_parser::errors::ParseError> {
    let options = jsonc_parser::ParseOptions {
        allow_comments: false,
        allow_loose_object_property_names: false,
        allow_trailing_commas: false,
        allow_missing_commas: false,
        allow_single_quoted_strings: false,
        allow_hexadecimal_numbers: false,
        allow_unary_plus_numbers: false,
        allow_bare_decimal_point_numbers: false,
        allow_non_finite_numbers: false,
        allow_extended_string_escapes: false,
    };
    jsonc_parser::parse_to_ast(text, &Default::default(), &options).map(|parsed| parsed.value)
}

pub(crate) fn prop_name_range(name: &ast::ObjectPropName) -> Range<usize> {
    match name {
        ast::ObjectPropName::String(s) => s.range.start..s.range.end,
        ast::ObjectPropName::Word(w) => w.range.start..w.range.end,
    }
}
