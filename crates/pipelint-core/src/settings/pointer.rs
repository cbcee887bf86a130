//! The pointers an override names: JSON pointers (RFC 6901) whose tokens may also be `*`
//! (any one token) or `[key=value]` (the array item whose member `key` holds the string
//! `value`), so an override keeps naming the same column when items are inserted.

use std::collections::HashMap;

use serde_json::Value;

use crate::pointer::{pointer_join, pointer_tokens};

/// The members an array item is named by in a stable pointer, most telling first.
pub(crate) const STABLE_KEYS: [&str; 2] = ["name", "sourceTable"];

#[cfg(test)]
thread_local! {
    /// Calls of [`PointerPattern::covers`] on this thread: a test holds the overrides'
    /// matching to a number of calls that does not grow with overrides × findings.
    pub(crate) static COVERS_CALLS: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
}

/// One token of an override pointer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Token {
    Exact(String),
    Any,
    Keyed { key: String, value: String },
}

impl Token {
    pub(super) fn parse(token: String) -> Token {
        if token == "*" {
            return Token::Any;
        }
        let keyed = token
            .strip_prefix('[')
            .and_then(|t| t.strip_suffix(']'))
            .and_then(|t| t.split_once('='));
        match keyed {
            Some((key, value)) if !key.is_empty() => Token::Keyed {
                key: key.to_owned(),
                value: value.to_owned(),
            },
            _ => Token::Exact(token),
        }
    }
}

/// An override pointer; it covers the findings at the places it names and below them.
///
/// For a Terraform file it may also be the address a finding prints
/// (`clickhouse_clickpipe.logs.source.kafka.authentication`, `*` for a resource name or a
/// list index: `clickhouse_clickpipe.*.destination.columns[*].type`); it then covers the
/// findings whose address is at or below it.
#[derive(Clone, Debug)]
pub struct PointerPattern {
    source: String,
    /// The pattern as a JSON pointer: `source` itself, or an address's tokens.
    pointer: String,
    tokens: Vec<Token>,
}

/// The first token of a Terraform address pipelint prints.
const ADDRESS_START: &str = "clickhouse_clickpipe.";

/// Whether `text` is a Terraform address (what `.tf` findings print) rather than a JSON
/// pointer.
pub(crate) fn is_address(text: &str) -> bool {
    text.starts_with(ADDRESS_START)
}

/// An address as a JSON pointer over its tokens: `clickhouse_clickpipe.a.columns[2].name`
/// gives `/clickhouse_clickpipe/a/columns/2/name`. Each `.` part and each `[…]` is a token.
pub(crate) fn address_pointer(address: &str) -> String {
    let mut pointer = String::new();
    let mut token = String::new();
    let mut in_brackets = false;
    let mut tokens = Vec::new();
    for c in address.chars() {
        match c {
            '.' if !in_brackets => tokens.push(std::mem::take(&mut token)),
            '[' if !in_brackets => {
                if !token.is_empty() {
                    tokens.push(std::mem::take(&mut token));
                }
                in_brackets = true;
            }
            ']' if in_brackets => {
                tokens.push(std::mem::take(&mut token));
                in_brackets = false;
            }
            c => token.push(c),
        }
    }
    if !token.is_empty() || tokens.is_empty() {
        tokens.push(token);
    }
    for token in tokens.iter().filter(|t| !t.is_empty()) {
        pointer = pointer_join(&pointer, token);
    }
    pointer
}

/// A finding's pointer as overrides match it: an address as [`address_pointer`] gives it.
pub(crate) fn matched_pointer(pointer: &str) -> std::borrow::Cow<'_, str> {
    if is_address(pointer) {
        std::borrow::Cow::Owned(address_pointer(pointer))
    } else {
        std::borrow::Cow::Borrowed(pointer)
    }
}

impl PointerPattern {
    /// The pattern an override would use for the place at `pointer` in `document`: each
    /// array index becomes `[name=…]` (or `[sourceTable=…]`) where the item's `name`
    /// tells it from its siblings, so the pattern keeps naming the same item when items
    /// are inserted; other tokens are kept.
    ///
    /// ```
    /// use pipelint_core::PointerPattern;
    ///
    /// let document = serde_json::json!({"columns": [{"name": "id"}, {"name": "ts"}]});
    /// assert_eq!(PointerPattern::stable(&document, "/columns/1/type"), "/columns/[name=ts]/type");
    /// ```
    pub fn stable(document: &Value, pointer: &str) -> String {
        stable(document, pointer)
    }

    /// [`PointerPattern::stable`] for each of `pointers`, in order; the items of an array
    /// are compared once for all of them, so the cost grows with the pointers and the
    /// document, not with their product.
    pub fn stable_all<'p>(
        document: &Value,
        pointers: impl IntoIterator<Item = &'p str>,
    ) -> Vec<String> {
        stable_all(document, pointers)
    }

    /// `source` starts with `/`, is empty (the whole document) or is a Terraform address
    /// ([`PointerPattern::is_address`]); checked by the caller.
    pub fn new(source: &str) -> PointerPattern {
        let pointer = if is_address(source) {
            address_pointer(source)
        } else {
            source.to_owned()
        };
        PointerPattern {
            source: source.to_owned(),
            tokens: pointer_tokens(&pointer).map(Token::parse).collect(),
            pointer,
        }
    }

    /// Whether `text` is written as a Terraform address (`clickhouse_clickpipe.NAME…`), as
    /// `.tf` findings print their place, rather than as a JSON pointer.
    pub fn is_address(text: &str) -> bool {
        is_address(text)
    }

    /// The pattern as written.
    pub fn source(&self) -> &str {
        &self.source
    }

    /// Whether it is written as a Terraform address.
    pub fn address(&self) -> bool {
        is_address(&self.source)
    }

    /// The pattern as a JSON pointer (an address's tokens for an address).
    pub(super) fn pointer(&self) -> &str {
        &self.pointer
    }

    pub(super) fn tokens(&self) -> &[Token] {
        &self.tokens
    }

    /// Whether every token is matched as written (no `*`, no `[key=value]`).
    pub(super) fn is_plain(&self) -> bool {
        self.tokens.iter().all(|t| matches!(t, Token::Exact(_)))
    }

    /// Whether `pointer` is at the place this names or below it. `document` is the value the
    /// `[key=value]` tokens look into; `None` (text that is not JSON) resolves no key.
    pub fn covers(&self, pointer: &str, document: Option<&Value>) -> bool {
        #[cfg(test)]
        COVERS_CALLS.with(|calls| calls.set(calls.get() + 1));
        let pointer = &*matched_pointer(pointer);
        if self.is_plain() {
            // Most pointers: a prefix on token boundaries (`/ab` is not below `/a`).
            let source = self.pointer.as_str();
            return pointer == source
                || (pointer.starts_with(source)
                    && pointer.as_bytes().get(source.len()) == Some(&b'/'));
        }
        let tokens: Vec<String> = pointer_tokens(pointer).collect();
        if tokens.len() < self.tokens.len() {
            return false;
        }
        let mut concrete = String::new();
        for (wanted, token) in self.tokens.iter().zip(&tokens) {
            let parent = concrete.clone();
            concrete = pointer_join(&concrete, token);
            let fits = match wanted {
                Token::Any => true,
                Token::Exact(exact) => exact == token,
                // A member literally named `[key=value]` is matched as written, too.
                Token::Keyed { key, value } if *token == format!("[{key}={value}]") => true,
                Token::Keyed { key, value } => {
                    token.parse::<usize>().is_ok()
                        && document
                            .and_then(|v| v.pointer(&parent))
                            .is_some_and(Value::is_array)
                        && document
                            .and_then(|v| v.pointer(&concrete))
                            .and_then(|item| item.get(key))
                            .and_then(Value::as_str)
                            == Some(value.as_str())
                }
            };
            if !fits {
                return false;
            }
        }
        true
    }
}

/// `pointer` with each array index replaced by `[key=value]` where the item has a
/// [`STABLE_KEYS`] member holding a string no sibling shares; other tokens are kept.
pub(crate) fn stable(document: &Value, pointer: &str) -> String {
    stable_in(document, pointer, &mut HashMap::new())
}

/// How many items of an array hold each string of each [`STABLE_KEYS`] member, by the
/// array's pointer: counted once per array, however many of its items are named.
type SiblingCounts<'d> = HashMap<String, HashMap<(&'static str, &'d str), usize>>;

/// [`stable`] for many pointers into one document, counting the siblings of each array
/// once: naming every item of a large array costs its length, not its square.
pub(crate) fn stable_all<'p>(
    document: &Value,
    pointers: impl IntoIterator<Item = &'p str>,
) -> Vec<String> {
    let mut counts = HashMap::new();
    pointers
        .into_iter()
        .map(|pointer| stable_in(document, pointer, &mut counts))
        .collect()
}

fn stable_in<'d>(document: &'d Value, pointer: &str, counts: &mut SiblingCounts<'d>) -> String {
    let mut out = String::new();
    let mut at = Some(document);
    // Where the tokens read so far end in `pointer`.
    let mut read = 0;
    for token in pointer_tokens(pointer) {
        let parent = &pointer[..read];
        read = pointer[read + 1..]
            .find('/')
            .map_or(pointer.len(), |end| read + 1 + end);
        let keyed = at
            .and_then(Value::as_array)
            .zip(token.parse::<usize>().ok())
            .and_then(|(items, index)| stable_token(items, index, parent, counts));
        at = at.and_then(|value| match value {
            Value::Array(items) => token.parse::<usize>().ok().and_then(|i| items.get(i)),
            Value::Object(members) => members.get(&token),
            _ => None,
        });
        out = pointer_join(&out, &keyed.unwrap_or(token));
    }
    out
}

/// `[key=value]` for the item at `index`, when one stable key tells it from its siblings.
fn stable_token<'d>(
    items: &'d [Value],
    index: usize,
    array: &str,
    counts: &mut SiblingCounts<'d>,
) -> Option<String> {
    let item = items.get(index)?;
    let counts = counts.entry(array.to_owned()).or_insert_with(|| {
        let mut counts = HashMap::new();
        for other in items {
            for key in STABLE_KEYS {
                if let Some(value) = other.get(key).and_then(Value::as_str) {
                    *counts.entry((key, value)).or_insert(0) += 1;
                }
            }
        }
        counts
    });
    STABLE_KEYS.iter().find_map(|key| {
        let value = item.get(*key)?.as_str()?;
        let shared = counts.get(&(*key, value)).copied().unwrap_or(0);
        // `*` alone would read as the wildcard, and a key would not round-trip through it.
        (shared == 1 && value != "*").then(|| format!("[{key}={value}]"))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const PIPE: &str = r#"{"destination": {"columns": [
        {"name": "id", "type": "UInt64"},
        {"name": "order/id", "type": "Strin"},
        {"name": "dup"}, {"name": "dup"}
    ]}}"#;

    fn pipe() -> Value {
        serde_json::from_str(PIPE).unwrap()
    }

    fn covers(pattern: &str, pointer: &str) -> bool {
        PointerPattern::new(pattern).covers(pointer, Some(&pipe()))
    }

    #[test]
    fn an_address_covers_the_addresses_at_and_below_it_with_stars_for_names_and_indices() {
        let pattern = PointerPattern::new("clickhouse_clickpipe.logs.source.kafka");
        assert!(pattern.address());
        assert!(pattern.covers(
            "clickhouse_clickpipe.logs.source.kafka.authentication",
            None
        ));
        assert!(!pattern.covers("clickhouse_clickpipe.logs.source.kafkax", None));
        assert!(!pattern.covers("clickhouse_clickpipe.other.source.kafka", None));
        // A JSON pointer does not cover an address.
        assert!(!PointerPattern::new("/source").covers("clickhouse_clickpipe.a.source", None));
        let any = PointerPattern::new("clickhouse_clickpipe.*.destination.columns[*].type");
        assert!(any.covers("clickhouse_clickpipe.b.destination.columns[3].type", None));
        assert!(!any.covers("clickhouse_clickpipe.b.destination.columns[3].name", None));
        let one = PointerPattern::new("clickhouse_clickpipe.b.destination.columns[1]");
        assert!(one.covers("clickhouse_clickpipe.b.destination.columns[1].type", None));
        assert!(!one.covers("clickhouse_clickpipe.b.destination.columns[10].type", None));
        assert_eq!(
            address_pointer("clickhouse_clickpipe.a.columns[2].name"),
            "/clickhouse_clickpipe/a/columns/2/name"
        );
    }

    #[test]
    fn plain_pointers_cover_themselves_and_below() {
        assert!(covers("/destination", "/destination/columns/0"));
        assert!(covers("", "/anything"));
        assert!(!covers("/destination/col", "/destination/columns"));
        assert!(!covers("/destination/columns/1", "/destination/columns/10"));
    }

    #[test]
    fn a_star_is_any_one_token() {
        assert!(covers(
            "/destination/columns/*/type",
            "/destination/columns/1/type"
        ));
        assert!(!covers(
            "/destination/columns/*/type",
            "/destination/columns/1/name"
        ));
    }

    #[test]
    fn keyed_tokens_find_the_item_by_its_member() {
        let pattern = "/destination/columns/[name=order~1id]/type";
        assert!(covers(pattern, "/destination/columns/1/type"));
        assert!(!covers(pattern, "/destination/columns/0/type"));
        assert!(!covers("/destination/[name=id]", "/destination/columns"));
        assert!(covers("/[a=b]/x", "/[a=b]/x/y"));
        // Text that is not JSON resolves no key.
        assert!(!PointerPattern::new(pattern).covers("/destination/columns/1/type", None));
    }

    #[test]
    fn stable_pointers_use_unique_keys_only() {
        let value = pipe();
        assert_eq!(
            stable(&value, "/destination/columns/1/type"),
            "/destination/columns/[name=order~1id]/type"
        );
        assert_eq!(
            stable(&value, "/destination/columns/2"),
            "/destination/columns/2"
        );
        assert_eq!(stable(&value, "/missing/0"), "/missing/0");
        let postgres: Value = serde_json::from_str(
            r#"{"tableMappings": [{"sourceTable": "public.a"}, {"sourceTable": "public.b"}]}"#,
        )
        .unwrap();
        assert_eq!(
            stable(&postgres, "/tableMappings/1/targetTable"),
            "/tableMappings/[sourceTable=public.b]/targetTable"
        );
        let round_trip = stable(&value, "/destination/columns/1/type");
        assert!(covers(&round_trip, "/destination/columns/1/type"));
    }

    #[test]
    fn stable_pointers_at_once_are_those_one_at_a_time() {
        let value: Value = serde_json::from_str(
            r#"{"a": [{"name": "x", "b": [{"name": "x"}, {"name": "y"}]}, {"name": "y", "b": [{"name": "x"}, {"name": "x"}]}],
                "c": {"0": [{"sourceTable": "t"}, {"name": "*"}]}}"#,
        )
        .unwrap();
        let pointers = [
            "/a/0/b/1/name",
            "/a/1/b/0",
            "/a/1/b/1/name",
            "/a/0/b/0",
            "/c/0/0/x",
            "/c/0/1",
            "/a/5",
            "/a/0",
            "",
            "/",
        ];
        let one_by_one: Vec<String> = pointers.iter().map(|p| stable(&value, p)).collect();
        assert_eq!(stable_all(&value, pointers), one_by_one);
        assert_eq!(one_by_one[0], "/a/[name=x]/b/[name=y]/name");
        assert_eq!(one_by_one[1], "/a/[name=y]/b/0");
    }
}
