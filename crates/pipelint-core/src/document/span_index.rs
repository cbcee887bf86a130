//! Where each node of a document stands in its text, by JSON pointer: built by one pass over
//! text the strict parser accepted (so the pass need not check the grammar), without a
//! syntax tree and without a pointer string per node. Members are found by a hash of their
//! parent and name; array items by their index. Only a finding asks for it.

use std::borrow::Cow;
use std::collections::HashMap;
use std::hash::{BuildHasher, RandomState};
use std::ops::Range;

use super::NodeSpans;
use crate::pointer::{array_index, unescape};

/// No node (the end of a chain of members whose parent and name hash alike).
const NONE: u32 = u32::MAX;

/// The spans of every node of one document: read from its JSON text, or given by the reader
/// that made the document from another language (Terraform).
#[derive(Debug)]
pub(crate) enum SpanIndex {
    Text(TextSpans),
    Given(HashMap<String, NodeSpans>),
}

impl SpanIndex {
    /// The index of JSON `text`, which the strict parser accepted.
    pub(crate) fn build(text: &str) -> SpanIndex {
        SpanIndex::Text(TextSpans::build(text))
    }

    /// The spans of the node at an RFC 6901 pointer of the document whose text is `text`.
    pub(crate) fn get(&self, text: &str, pointer: &str) -> Option<&NodeSpans> {
        match self {
            SpanIndex::Text(spans) => spans.get(text, pointer),
            SpanIndex::Given(spans) => spans.get(pointer),
        }
    }

    /// Every pointer with its spans, a duplicate key's last (for tests that compare indexes).
    #[cfg(test)]
    pub(crate) fn entries(&self, text: &str) -> HashMap<String, NodeSpans> {
        match self {
            SpanIndex::Text(spans) => spans.entries(text),
            SpanIndex::Given(spans) => spans.clone(),
        }
    }
}

impl From<HashMap<String, NodeSpans>> for SpanIndex {
    fn from(spans: HashMap<String, NodeSpans>) -> SpanIndex {
        SpanIndex::Given(spans)
    }
}

/// The spans of every node of a JSON text.
#[derive(Debug, Default)]
pub(crate) struct TextSpans {
    /// In document order; the root is the first.
    nodes: Vec<Node>,
    /// The items of every array, each array's in one run (`Kind::Array`).
    items: Vec<u32>,
    /// Object members by their parent and the hash of their name: the last member so found.
    /// Members that share an entry (a duplicate key, or a collision) chain through
    /// `Node::same_entry`, the later first, so a duplicate key gives its last value, as the
    /// parsed value does.
    members: HashMap<(u32, u64), u32>,
    /// Hashes names with keys of its own, so that no file can be written whose names all
    /// share one entry (which would make each lookup walk them all).
    names: RandomState,
}

#[derive(Debug)]
struct Node {
    spans: NodeSpans,
    kind: Kind,
    /// The member found before this one under the same entry of `members`.
    same_entry: u32,
}

#[derive(Debug, Clone)]
enum Kind {
    Object,
    /// Where its items are in `TextSpans::items`.
    Array(Range<u32>),
    Scalar,
}

impl TextSpans {
    /// The index of `text`, which the strict parser accepted. Text it did not accept gives
    /// an index of what could be read (never a panic).
    fn build(text: &str) -> TextSpans {
        let mut builder = Builder {
            text,
            bytes: text.as_bytes(),
            at: 0,
            index: TextSpans::default(),
        };
        builder.skip_whitespace();
        if builder.at < builder.bytes.len() {
            builder.value(None);
        }
        builder.index
    }

    fn get(&self, text: &str, pointer: &str) -> Option<&NodeSpans> {
        let mut id = 0u32;
        self.nodes.first()?;
        if !pointer.is_empty() {
            for token in pointer.strip_prefix('/')?.split('/') {
                let token = if token.contains('~') {
                    Cow::Owned(unescape(token))
                } else {
                    Cow::Borrowed(token)
                };
                id = self.child(text, id, &token)?;
            }
        }
        self.nodes.get(id as usize).map(|node| &node.spans)
    }

    fn child(&self, text: &str, parent: u32, token: &str) -> Option<u32> {
        match &self.nodes.get(parent as usize)?.kind {
            Kind::Array(items) => {
                let index = u32::try_from(array_index(token)?).ok()?;
                (index < items.end - items.start)
                    .then(|| self.items[(items.start + index) as usize])
            }
            Kind::Object => {
                let hash = self.names.hash_one(token);
                let mut candidate = *self.members.get(&(parent, hash))?;
                while candidate != NONE {
                    let node = &self.nodes[candidate as usize];
                    if node
                        .spans
                        .key
                        .as_ref()
                        .is_some_and(|key| key_name(text, key) == token)
                    {
                        return Some(candidate);
                    }
                    candidate = node.same_entry;
                }
                None
            }
            Kind::Scalar => None,
        }
    }

    #[cfg(test)]
    fn entries(&self, text: &str) -> HashMap<String, NodeSpans> {
        let mut entries = HashMap::new();
        if !self.nodes.is_empty() {
            self.collect(text, 0, String::new(), &mut entries);
        }
        entries
    }

    #[cfg(test)]
    fn collect(&self, text: &str, id: u32, pointer: String, out: &mut HashMap<String, NodeSpans>) {
        let node = &self.nodes[id as usize];
        match &node.kind {
            Kind::Array(items) => {
                for (i, item) in self.items[items.start as usize..items.end as usize]
                    .iter()
                    .enumerate()
                {
                    self.collect(
                        text,
                        *item,
                        crate::pointer::pointer_join(&pointer, &i.to_string()),
                        out,
                    );
                }
            }
            Kind::Object => {
                // Members follow their object in document order, each subtree whole.
                let mut child = id + 1;
                let end = node.spans.value.end;
                while let Some(member) = self.nodes.get(child as usize) {
                    if member.spans.value.start >= end {
                        break;
                    }
                    let key = member.spans.key.clone().unwrap_or_default();
                    let name = key_name(text, &key).into_owned();
                    self.collect(
                        text,
                        child,
                        crate::pointer::pointer_join(&pointer, &name),
                        out,
                    );
                    child = self.subtree_end(child);
                }
            }
            Kind::Scalar => {}
        }
        out.insert(pointer, node.spans.clone());
    }

    #[cfg(test)]
    fn subtree_end(&self, id: u32) -> u32 {
        let end = self.nodes[id as usize].spans.value.end;
        let mut next = id + 1;
        while self
            .nodes
            .get(next as usize)
            .is_some_and(|node| node.spans.value.start < end)
        {
            next += 1;
        }
        next
    }
}

/// A member's name: the text between the quotes of its key, unescaped when it has escapes.
fn key_name<'t>(text: &'t str, key: &Range<usize>) -> Cow<'t, str> {
    let Some(raw) = text.get(key.start + 1..key.end.saturating_sub(1)) else {
        return Cow::Borrowed("");
    };
    if !raw.contains('\\') {
        return Cow::Borrowed(raw);
    }
    match text.get(key.clone()).map(serde_json::from_str::<String>) {
        Some(Ok(name)) => Cow::Owned(name),
        _ => Cow::Borrowed(raw),
    }
}

struct Builder<'t> {
    text: &'t str,
    bytes: &'t [u8],
    at: usize,
    index: TextSpans,
}

impl Builder<'_> {
    fn peek(&self) -> Option<u8> {
        self.bytes.get(self.at).copied()
    }

    fn skip_whitespace(&mut self) {
        while matches!(self.peek(), Some(b' ' | b'\t' | b'\n' | b'\r')) {
            self.at += 1;
        }
    }

    /// Past the string that starts at the current `"`.
    fn skip_string(&mut self) {
        self.at += 1;
        while let Some(byte) = self.peek() {
            self.at += if byte == b'\\' { 2 } else { 1 };
            if byte == b'"' {
                return;
            }
        }
        self.at = self.at.min(self.bytes.len());
    }

    /// Indexes the value at the current byte (its key's span given) and returns its node.
    /// Nesting is as deep as the strict parser allowed, which bounds the recursion.
    fn value(&mut self, key: Option<Range<usize>>) -> u32 {
        let id = self.index.nodes.len() as u32;
        let start = self.at;
        self.index.nodes.push(Node {
            spans: NodeSpans {
                key,
                value: start..start,
            },
            kind: Kind::Scalar,
            same_entry: NONE,
        });
        let kind = match self.peek() {
            Some(b'{') => {
                self.object(id);
                Kind::Object
            }
            Some(b'[') => Kind::Array(self.array()),
            Some(b'"') => {
                self.skip_string();
                Kind::Scalar
            }
            _ => {
                while self.peek().is_some_and(|b| {
                    !matches!(b, b',' | b'}' | b']' | b' ' | b'\t' | b'\n' | b'\r')
                }) {
                    self.at += 1;
                }
                Kind::Scalar
            }
        };
        let node = &mut self.index.nodes[id as usize];
        node.spans.value = start..self.at;
        node.kind = kind;
        id
    }

    fn object(&mut self, id: u32) {
        self.at += 1;
        loop {
            self.skip_whitespace();
            match self.peek() {
                Some(b'}') => {
                    self.at += 1;
                    return;
                }
                Some(b',') => self.at += 1,
                Some(b'"') => {
                    let key_start = self.at;
                    self.skip_string();
                    let key = key_start..self.at;
                    let hash = self
                        .index
                        .names
                        .hash_one(key_name(self.text, &key).as_ref());
                    self.skip_whitespace();
                    if self.peek() != Some(b':') {
                        return;
                    }
                    self.at += 1;
                    self.skip_whitespace();
                    let member = self.value(Some(key));
                    let earlier = self.index.members.insert((id, hash), member);
                    self.index.nodes[member as usize].same_entry = earlier.unwrap_or(NONE);
                }
                _ => return,
            }
        }
    }

    fn array(&mut self) -> Range<u32> {
        self.at += 1;
        let mut items = Vec::new();
        loop {
            self.skip_whitespace();
            match self.peek() {
                Some(b']') => {
                    self.at += 1;
                    break;
                }
                Some(b',') => self.at += 1,
                Some(_) => {
                    let before = self.at;
                    items.push(self.value(None));
                    if self.at == before {
                        break;
                    }
                }
                None => break,
            }
        }
        let start = self.index.items.len() as u32;
        self.index.items.extend(items);
        start..self.index.items.len() as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use jsonc_parser::ast;
    use proptest::prelude::*;

    /// The index as the syntax tree of `jsonc-parser` gives it, one pointer string per node:
    /// what the span index was before this one.
    fn syntax_tree_index(text: &str) -> HashMap<String, NodeSpans> {
        fn index(
            node: &ast::Value,
            pointer: String,
            key: Option<Range<usize>>,
            out: &mut HashMap<String, NodeSpans>,
        ) {
            match node {
                ast::Value::Array(array) => {
                    for (i, item) in array.elements.iter().enumerate() {
                        index(
                            item,
                            crate::pointer::pointer_join(&pointer, &i.to_string()),
                            None,
                            out,
                        );
                    }
                }
                ast::Value::Object(object) => {
                    for property in &object.properties {
                        let member = crate::pointer::pointer_join(&pointer, property.name.as_str());
                        let key = super::super::prop_name_range(&property.name);
                        index(&property.value, member, Some(key), out);
                    }
                }
                _ => {}
            }
            out.insert(
                pointer,
                NodeSpans {
                    key,
                    value: node_range(node),
                },
            );
        }
        let mut out = HashMap::new();
        if let Ok(Some(root)) = super::super::syntax_tree(text) {
            index(&root, String::new(), None, &mut out);
        }
        out
    }

    fn node_range(node: &ast::Value) -> Range<usize> {
        let range = match node {
            ast::Value::StringLit(n) => n.range,
            ast::Value::NumberLit(n) => n.range,
            ast::Value::BooleanLit(n) => n.range,
            ast::Value::NullKeyword(n) => n.range,
            ast::Value::Array(n) => n.range,
            ast::Value::Object(n) => n.range,
        };
        range.start..range.end
    }

    fn assert_same_as_syntax_tree(text: &str) {
        let index = SpanIndex::build(text);
        let expected = syntax_tree_index(text);
        assert_eq!(index.entries(text), expected, "{text}");
        // A pointer leads where it leads in the parsed value: through the last of duplicate
        // keys. (The syntax tree's index also kept what only an earlier duplicate held.)
        // (Text nested too deeply to load has no document to ask.)
        let Some(document) = crate::load(text.as_bytes()).document else {
            return;
        };
        let value = document.value;
        for (pointer, spans) in &expected {
            let found = index.get(text, pointer);
            if value.pointer(pointer).is_some() {
                assert_eq!(found, Some(spans), "{pointer} in {text}");
            } else {
                assert_eq!(found, None, "{pointer} in {text}");
            }
        }
    }

    #[test]
    fn finds_what_the_syntax_tree_finds() {
        for text in [
            r#"{"a": 1}"#,
            " \n{ \"a\" : [ 1 , {\"b\": \"x\\\"y\"}, [], {} ] ,\t\"c\": null }\r\n",
            r#"{"a/b": {"c~d": true}, "": {"": 0}}"#,
            r#"{"d": 1, "d": {"e": 2}}"#,
            r#"{"\u0061": 1, "a\"b": [-1.5e3, "é", "\\"]}"#,
            r#"[[[]], {"x": [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]}]"#,
            r#""only a string""#,
            "12",
        ] {
            assert_same_as_syntax_tree(text);
        }
    }

    #[test]
    fn finds_what_the_syntax_tree_finds_in_every_fixture() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fixtures");
        let mut stack = vec![root];
        let mut checked = 0;
        while let Some(dir) = stack.pop() {
            for entry in std::fs::read_dir(&dir).unwrap() {
                let path = entry.unwrap().path();
                if path.is_dir() {
                    stack.push(path);
                } else if path.extension().is_some_and(|e| e == "json")
                    && let Ok(text) = std::fs::read_to_string(&path)
                    && serde_json::from_str::<serde::de::IgnoredAny>(&text).is_ok()
                {
                    assert_same_as_syntax_tree(&text);
                    checked += 1;
                }
            }
        }
        assert!(checked > 100, "only {checked} fixtures read");
    }

    #[test]
    fn a_missing_or_malformed_pointer_finds_nothing() {
        let text = r#"{"a": [1, 2], "b": "s"}"#;
        let index = SpanIndex::build(text);
        for pointer in [
            "/c", "/a/2", "/a/01", "/a/+1", "/a/-", "/b/0", "a", "/a/0/x",
        ] {
            assert_eq!(index.get(text, pointer), None, "{pointer}");
        }
        assert_eq!(SpanIndex::build("").get("", ""), None);
    }

    /// JSON values of every shape, written with random whitespace and escapes.
    fn json_text() -> impl Strategy<Value = String> {
        let leaf = prop_oneof![
            Just("null".to_owned()),
            Just("true".to_owned()),
            any::<i32>().prop_map(|n| n.to_string()),
            "[a-z~/\"\\\\é]{0,4}".prop_map(|s| serde_json::to_string(&s).unwrap()),
            Just(r#""\u00e9\n""#.to_owned()),
        ];
        leaf.prop_recursive(4, 32, 5, |inner| {
            let space = "[ \t\r\n]{0,2}";
            prop_oneof![
                prop::collection::vec((space, inner.clone()), 0..5).prop_map(|items| {
                    let items: Vec<String> = items
                        .into_iter()
                        .map(|(s, v)| format!("{s}{v}{s}"))
                        .collect();
                    format!("[{}]", items.join(","))
                }),
                prop::collection::vec(("[a-c~/\\\\\"]{0,2}", space, inner), 0..5).prop_map(
                    |members| {
                        let members: Vec<String> = members
                            .into_iter()
                            .map(|(k, s, v)| {
                                format!("{s}{}{s}:{s}{v}", serde_json::to_string(&k).unwrap())
                            })
                            .collect();
                        format!("{{{}}}", members.join(","))
                    }
                ),
            ]
        })
    }

    proptest! {
        #[test]
        fn any_document_is_indexed_as_the_syntax_tree_indexes_it(text in json_text()) {
            assert_same_as_syntax_tree(&text);
        }
    }
}
