//! The pointers an override names: JSON pointers (RFC 6901) whose tokens may also be `*`
//! (any one token) or `[key=value]` (the array item whose member `key` holds the string
//! `value`), so an override keeps naming the same column when items are inserted.

use serde_json::Value;

use crate::pointer::{pointer_join, pointer_tokens};

/// The members an array item is named by in a stable pointer, most telling first.
pub(crate) const STABLE_KEYS: [&str; 2] = ["name", "sourceTable"];

/// One token of an override pointer.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Token {
    Exact(String),
    Any,
    Keyed { key: String, value: String },
}

impl Token {
    fn parse(token: String) -> Token {
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
#[derive(Clone, Debug)]
pub struct PointerPattern {
    source: String,
    tokens: Vec<Token>,
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

    /// `source` starts with `/` or is empty (the whole document); checked by the caller.
    pub fn new(source: &str) -> PointerPattern {
        PointerPattern {
            source: source.to_owned(),
            tokens: pointer_tokens(source).map(Token::parse).collect(),
        }
    }

    /// The pattern as written.
    pub fn source(&self) -> &str {
        &self.source
    }

    /// Whether `pointer` is at the place this names or below it. `document` is the value the
    /// `[key=value]` tokens look into; `None` (text that is not JSON) resolves no key.
    pub fn covers(&self, pointer: &str, document: Option<&Value>) -> bool {
        let plain = self.tokens.iter().all(|t| matches!(t, Token::Exact(_)));
        if plain {
            // Most pointers: a prefix on token boundaries (`/ab` is not below `/a`).
            let source = self.source.as_str();
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
    let mut out = String::new();
    let mut at = Some(document);
    for token in pointer_tokens(pointer) {
        let keyed = at
            .and_then(Value::as_array)
            .zip(token.parse::<usize>().ok())
            .and_then(|(items, index)| stable_token(items, index));
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
fn stable_token(items: &[Value], index: usize) -> Option<String> {
    let item = items.get(index)?;
    STABLE_KEYS.iter().find_map(|key| {
        let value = item.get(*key)?.as_str()?;
        let shared = items
            .iter()
            .filter(|other| other.get(*key).and_then(Value::as_str) == Some(value))
            .count();
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
}
