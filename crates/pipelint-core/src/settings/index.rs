//! Which overrides cover a finding, found without trying each override on it: a document
//! judged against many overrides (`--add-overrides` writes one per finding) would otherwise
//! cost overrides × findings.
//!
//! Built once per judged document from the overrides of its settings:
//! - overrides without pointers (the whole document), by rule code;
//! - plain pointers (no `*`, no `[key=value]`), by their text and rule code: a finding is
//!   covered by the plain pointers equal to one of its prefixes that end on a token
//!   boundary, so each finding costs one look-up per prefix;
//! - the other pointers, in a tree of their tokens walked along the finding's tokens (and
//!   along the document, for `[key=value]`), so each step costs a few look-ups whatever the
//!   number of patterns.
//!
//! It finds exactly what [`PointerPattern::covers`] does on each override in turn.

use std::collections::HashMap;

use serde_json::Value;

use super::pointer::{PointerPattern, Token};
use super::{Override, OverrideUse};
use crate::pointer::pointer_tokens;

/// An override and one of its pointers (0 for an override without pointers).
type Hit = (usize, usize);

pub(super) struct OverrideIndex<'s> {
    /// Overrides of the whole document, by rule code.
    whole: HashMap<&'static str, Vec<usize>>,
    /// Plain pointers by their text, then by rule code.
    plain: HashMap<&'s str, HashMap<&'static str, Vec<Hit>>>,
    /// The tree of the other pointers; node 0 is the root.
    nodes: Vec<Node<'s>>,
}

/// One token position of the patterns with `*` or `[key=value]`.
#[derive(Default)]
struct Node<'s> {
    exact: HashMap<&'s str, usize>,
    any: Option<usize>,
    keyed: HashMap<(&'s str, &'s str), usize>,
    /// The distinct keys of `keyed`, to look up in an array item.
    keys: Vec<&'s str>,
    /// The patterns that end here, by rule code.
    ends: HashMap<&'static str, Vec<Hit>>,
}

impl<'s> OverrideIndex<'s> {
    pub(super) fn new(overrides: &'s [Override]) -> OverrideIndex<'s> {
        let mut index = OverrideIndex {
            whole: HashMap::new(),
            plain: HashMap::new(),
            nodes: vec![Node::default()],
        };
        for (entry, over) in overrides.iter().enumerate() {
            let codes = over.levels.keys().copied();
            if over.pointers.is_empty() {
                for code in codes {
                    index.whole.entry(code).or_default().push(entry);
                }
                continue;
            }
            for (position, pattern) in over.pointers.iter().enumerate() {
                let hit = (entry, position);
                let ends = if pattern.is_plain() {
                    index.plain.entry(pattern.pointer()).or_default()
                } else {
                    let node = index.insert(pattern);
                    &mut index.nodes[node].ends
                };
                for code in over.levels.keys().copied() {
                    ends.entry(code).or_default().push(hit);
                }
            }
        }
        index
    }

    /// The node a pattern's tokens lead to, made as needed.
    fn insert(&mut self, pattern: &'s PointerPattern) -> usize {
        let mut at = 0;
        for token in pattern.tokens() {
            let existing = match token {
                Token::Exact(exact) => self.nodes[at].exact.get(exact.as_str()).copied(),
                Token::Any => self.nodes[at].any,
                Token::Keyed { key, value } => {
                    let wanted = (key.as_str(), value.as_str());
                    self.nodes[at].keyed.get(&wanted).copied()
                }
            };
            if let Some(next) = existing {
                at = next;
                continue;
            }
            let next = self.nodes.len();
            self.nodes.push(Node::default());
            let node = &mut self.nodes[at];
            match token {
                Token::Exact(exact) => {
                    node.exact.insert(exact, next);
                }
                Token::Any => node.any = Some(next),
                Token::Keyed { key, value } => {
                    node.keyed.insert((key, value), next);
                    if !node.keys.contains(&key.as_str()) {
                        node.keys.push(key);
                    }
                }
            }
            at = next;
        }
        at
    }

    /// The overrides that set `code` and cover `pointer`, each with the first of its
    /// pointers that does, by override.
    pub(super) fn covering(
        &self,
        pointer: &str,
        code: &str,
        document: Option<&Value>,
    ) -> Vec<OverrideUse> {
        let mut hits: Vec<Hit> = Vec::new();
        if let Some(entries) = self.whole.get(code) {
            hits.extend(entries.iter().map(|&entry| (entry, 0)));
        }
        if !self.plain.is_empty() {
            // Every prefix that ends where a token starts, and the pointer itself.
            let cuts = pointer.match_indices('/').map(|(cut, _)| cut);
            for prefix in cuts.map(|cut| &pointer[..cut]).chain([pointer]) {
                let found = self.plain.get(prefix).and_then(|by_code| by_code.get(code));
                hits.extend(found.into_iter().flatten());
            }
        }
        if self.nodes.len() > 1 {
            self.walk(pointer, code, document, &mut hits);
        }
        hits.sort_unstable();
        hits.dedup_by_key(|(entry, _)| *entry);
        hits.into_iter()
            .map(|(entry, pointer)| OverrideUse { entry, pointer })
            .collect()
    }

    /// Follows the finding's tokens through the tree, collecting the patterns that end on
    /// the way (a pattern covers what is below the place it names).
    fn walk(&self, pointer: &str, code: &str, document: Option<&Value>, hits: &mut Vec<Hit>) {
        let mut states = vec![0];
        // The value at the place the tokens read so far name.
        let mut value = document;
        for token in pointer_tokens(pointer).map(Some).chain([None]) {
            for &node in &states {
                hits.extend(self.nodes[node].ends.get(code).into_iter().flatten());
            }
            let Some(token) = token else { break };
            let item = value.and_then(|parent| child(parent, &token));
            let mut next = Vec::new();
            for &node in &states {
                let node = &self.nodes[node];
                next.extend(node.exact.get(token.as_str()));
                next.extend(node.any);
                if node.keyed.is_empty() {
                    continue;
                }
                // A member literally named `[key=value]` is matched as written, too.
                if let Token::Keyed { key, value: held } = Token::parse(token.clone()) {
                    next.extend(node.keyed.get(&(key.as_str(), held.as_str())));
                }
                // An item of an array, by the string its member `key` holds.
                if value.is_some_and(Value::is_array) {
                    for key in &node.keys {
                        let held = item.and_then(|item| item.get(*key)).and_then(Value::as_str);
                        if let Some(held) = held {
                            next.extend(node.keyed.get(&(*key, held)));
                        }
                    }
                }
            }
            next.sort_unstable();
            next.dedup();
            if next.is_empty() {
                return;
            }
            states = next;
            value = item;
        }
    }
}

/// The member or item a pointer token names, as `Value::pointer` finds it.
fn child<'v>(parent: &'v Value, token: &str) -> Option<&'v Value> {
    match parent {
        Value::Object(members) => members.get(token),
        Value::Array(items) => {
            // RFC 6901 indices: no sign, no leading zero.
            let plain = !token.starts_with('+') && (token == "0" || !token.starts_with('0'));
            items.get(token.parse::<usize>().ok().filter(|_| plain)?)
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each override tried on its own, as before the index: the reference.
    fn one_by_one(
        overrides: &[Override],
        pointer: &str,
        code: &str,
        document: Option<&Value>,
    ) -> Vec<OverrideUse> {
        let mut uses = Vec::new();
        for (entry, over) in overrides.iter().enumerate() {
            if !over.levels.contains_key(code) {
                continue;
            }
            let covering = if over.pointers.is_empty() {
                Some(0)
            } else {
                over.pointers
                    .iter()
                    .position(|p| p.covers(pointer, document))
            };
            if let Some(pointer) = covering {
                uses.push(OverrideUse { entry, pointer });
            }
        }
        uses
    }

    const DOCUMENT: &str = r#"{
        "destination": {"columns": [
            {"name": "id", "type": "UInt64"},
            {"name": "order/id", "type": "Strin", "sourceTable": "t"},
            {"name": "dup"}, {"name": "dup"}, {"name": 7},
            {"name": "*"}, {"name": "[name=id]"}
        ]},
        "tableMappings": [{"sourceTable": "public.a"}, {"sourceTable": "public.b"}],
        "[name=id]": {"x": 1},
        "~odd/": {"0": {"name": "id"}},
        "": {"": 1}
    }"#;

    const PATTERNS: [&str; 32] = [
        "",
        "/",
        "//",
        "/destination",
        "/destination/",
        "/destination/columns",
        "/destination/columns/1",
        "/destination/columns/01",
        "/destination/columns/*",
        "/destination/columns/*/type",
        "/destination/*/1/type",
        "/*/columns/[name=id]",
        "/destination/columns/[name=id]/type",
        "/destination/columns/[name=order~1id]",
        "/destination/columns/[name=dup]",
        "/destination/columns/[name=7]",
        "/destination/columns/[name=*]",
        "/destination/columns/[name=[name=id]]",
        "/destination/columns/[sourceTable=t]/type",
        "/tableMappings/[sourceTable=public.b]/targetTable",
        "/tableMappings/[name=public.b]",
        "/[name=id]",
        "/[name=id]/x",
        "/*",
        "/*/*/*/*",
        "/~0odd~1/[name=id]",
        "/~0odd~1/0",
        "/~odd/",
        "/destination/[name=id]",
        "/[=id]",
        "/destination/columns/[name=]",
        "/destination/columns/+1",
    ];

    const POINTERS: [&str; 26] = [
        "",
        "/",
        "//",
        "/destination",
        "/destination/",
        "/destination/columns",
        "/destination/columns/0",
        "/destination/columns/0/type",
        "/destination/columns/1/type",
        "/destination/columns/01/type",
        "/destination/columns/+1/type",
        "/destination/columns/10/type",
        "/destination/columns/2",
        "/destination/columns/4",
        "/destination/columns/5/name",
        "/destination/columns/6",
        "/destinations/columns/1",
        "/tableMappings/1/targetTable",
        "/tableMappings/0/targetTable",
        "/[name=id]/x",
        "/[name=id]",
        "/~0odd~1/0/name",
        "/missing/0/type",
        "/destination/columns/[name=id]/type",
        "/a/b/c/d/e",
        "/destination/columns/1",
    ];

    /// Overrides of one or several patterns each, for several codes, some of the whole
    /// document, some repeating a pattern another has.
    fn overrides() -> Vec<Override> {
        let mut list = Vec::new();
        for (i, pattern) in PATTERNS.iter().enumerate() {
            let mut pointers = vec![PointerPattern::new(pattern)];
            if i % 3 == 0 {
                pointers.push(PointerPattern::new(PATTERNS[(i * 7) % PATTERNS.len()]));
            }
            if i % 5 == 0 {
                pointers.insert(0, PointerPattern::new(PATTERNS[(i * 11) % PATTERNS.len()]));
            }
            let mut entry = Override::new(pointers);
            let code = if i % 4 == 0 { "PL105" } else { "PL014" };
            entry
                .set(code, super::super::Level::Off)
                .unwrap_or_else(|e| panic!("{e}"));
            if i % 7 == 0 {
                entry
                    .set("PL011", super::super::Level::Warning)
                    .unwrap_or_else(|e| panic!("{e}"));
            }
            list.push(entry);
        }
        let mut whole = Override::new(Vec::new());
        whole
            .set("PL014", super::super::Level::Info)
            .unwrap_or_else(|e| panic!("{e}"));
        list.insert(5, whole);
        list
    }

    #[test]
    fn the_index_finds_what_trying_each_override_finds() {
        let document: Value = serde_json::from_str(DOCUMENT).unwrap_or_else(|e| panic!("{e}"));
        let overrides = overrides();
        let index = OverrideIndex::new(&overrides);
        let mut covered = 0;
        for document in [Some(&document), None] {
            for pointer in POINTERS {
                for code in ["PL014", "PL105", "PL011", "PL001"] {
                    let expected = one_by_one(&overrides, pointer, code, document);
                    covered += expected.len();
                    assert_eq!(
                        index.covering(pointer, code, document),
                        expected,
                        "{pointer} {code} (document: {})",
                        document.is_some()
                    );
                }
            }
        }
        assert!(covered > 100, "only {covered} overrides covered anything");
    }
}
