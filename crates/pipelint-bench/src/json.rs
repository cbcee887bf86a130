//! A tiny ordered JSON tree and a pretty printer.
//!
//! The generated bodies keep their members in the order a person would write them
//! (`name`, `source`, `destination`, …). `serde_json::Map` sorts keys unless the
//! `preserve_order` feature is on, and turning that feature on here would switch it on for
//! the whole workspace (cargo unifies features) and slow the linter down. So the generator
//! builds this small tree instead; it also allows duplicate keys, which one mistake needs.

/// A JSON value whose objects keep their member order (and may repeat a key).
#[derive(Clone, Debug, PartialEq)]
pub enum J {
    Null,
    Bool(bool),
    /// A number, written verbatim (`2`, `0.5`, `1735689600`).
    Num(String),
    Str(String),
    Arr(Vec<J>),
    Obj(Vec<(String, J)>),
}

impl J {
    pub fn int(value: i64) -> J {
        J::Num(value.to_string())
    }

    pub fn float(value: f64) -> J {
        J::Num(format_float(value))
    }

    pub fn str(value: impl Into<String>) -> J {
        J::Str(value.into())
    }

    pub fn strs<S: AsRef<str>>(values: &[S]) -> J {
        J::Arr(values.iter().map(|v| J::str(v.as_ref())).collect())
    }

    pub fn obj() -> J {
        J::Obj(Vec::new())
    }

    /// Appends a member (builder style).
    pub fn with(mut self, key: &str, value: J) -> J {
        self.push(key, value);
        self
    }

    /// Appends a member when `value` is `Some`.
    pub fn with_opt(mut self, key: &str, value: Option<J>) -> J {
        if let Some(value) = value {
            self.push(key, value);
        }
        self
    }

    /// Appends a member, even when the key is already there.
    pub fn push(&mut self, key: &str, value: J) {
        if let J::Obj(members) = self {
            members.push((key.to_owned(), value));
        }
    }

    /// Replaces the first member named `key`, or appends it.
    pub fn set(&mut self, key: &str, value: J) {
        if let J::Obj(members) = self {
            match members.iter_mut().find(|(k, _)| k == key) {
                Some((_, v)) => *v = value,
                None => members.push((key.to_owned(), value)),
            }
        }
    }

    pub fn get(&self, key: &str) -> Option<&J> {
        match self {
            J::Obj(members) => members.iter().find(|(k, _)| k == key).map(|(_, v)| v),
            _ => None,
        }
    }

    pub fn get_mut(&mut self, key: &str) -> Option<&mut J> {
        match self {
            J::Obj(members) => members.iter_mut().find(|(k, _)| k == key).map(|(_, v)| v),
            _ => None,
        }
    }

    /// Follows object keys and array indexes (`["source", "kafka", "brokers"]`).
    pub fn at_mut(&mut self, path: &[&str]) -> Option<&mut J> {
        let mut node = self;
        for token in path {
            node = match node {
                J::Obj(_) => node.get_mut(token)?,
                J::Arr(items) => items.get_mut(token.parse::<usize>().ok()?)?,
                _ => return None,
            };
        }
        Some(node)
    }

    pub fn at(&self, path: &[&str]) -> Option<&J> {
        let mut node = self;
        for token in path {
            node = match node {
                J::Obj(_) => node.get(token)?,
                J::Arr(items) => items.get(token.parse::<usize>().ok()?)?,
                _ => return None,
            };
        }
        Some(node)
    }

    /// Removes the first member named `key` and returns its value.
    pub fn remove(&mut self, key: &str) -> Option<J> {
        match self {
            J::Obj(members) => {
                let at = members.iter().position(|(k, _)| k == key)?;
                Some(members.remove(at).1)
            }
            _ => None,
        }
    }

    /// Renames the first member named `from`, keeping its place.
    pub fn rename(&mut self, from: &str, to: &str) -> bool {
        if let J::Obj(members) = self
            && let Some((k, _)) = members.iter_mut().find(|(k, _)| k == from)
        {
            *k = to.to_owned();
            return true;
        }
        false
    }

    pub fn as_str(&self) -> Option<&str> {
        match self {
            J::Str(s) => Some(s),
            _ => None,
        }
    }

    pub fn items(&self) -> &[J] {
        match self {
            J::Arr(items) => items,
            _ => &[],
        }
    }

    pub fn items_mut(&mut self) -> Option<&mut Vec<J>> {
        match self {
            J::Arr(items) => Some(items),
            _ => None,
        }
    }

    /// Pretty-printed with two-space indentation and a final newline, like the fixtures.
    pub fn pretty(&self) -> String {
        let mut out = String::with_capacity(4096);
        self.write(&mut out, 0);
        out.push('\n');
        out
    }

    fn write(&self, out: &mut String, indent: usize) {
        match self {
            J::Null => out.push_str("null"),
            J::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
            J::Num(n) => out.push_str(n),
            J::Str(s) => write_string(out, s),
            J::Arr(items) if items.is_empty() => out.push_str("[]"),
            J::Obj(members) if members.is_empty() => out.push_str("{}"),
            J::Arr(items) => {
                out.push('[');
                for (i, item) in items.iter().enumerate() {
                    out.push_str(if i == 0 { "\n" } else { ",\n" });
                    pad(out, indent + 1);
                    item.write(out, indent + 1);
                }
                out.push('\n');
                pad(out, indent);
                out.push(']');
            }
            J::Obj(members) => {
                out.push('{');
                for (i, (key, value)) in members.iter().enumerate() {
                    out.push_str(if i == 0 { "\n" } else { ",\n" });
                    pad(out, indent + 1);
                    write_string(out, key);
                    out.push_str(": ");
                    value.write(out, indent + 1);
                }
                out.push('\n');
                pad(out, indent);
                out.push('}');
            }
        }
    }
}

fn pad(out: &mut String, indent: usize) {
    for _ in 0..indent {
        out.push_str("  ");
    }
}

fn write_string(out: &mut String, s: &str) {
    // serde_json's escaping is exactly JSON's; serialising a &str cannot fail.
    match serde_json::to_string(s) {
        Ok(quoted) => out.push_str(&quoted),
        Err(_) => out.push_str("\"\""),
    }
}

fn format_float(value: f64) -> String {
    if value.fract() == 0.0 && value.abs() < 1e15 {
        format!("{}", value as i64)
    } else {
        format!("{value}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pretty_prints_in_member_order_and_parses_back() {
        let value = J::obj()
            .with("name", J::str("a \"quoted\" \\ name"))
            .with("b", J::Arr(vec![J::int(1), J::float(0.5), J::Null]))
            .with("a", J::obj().with("x", J::Bool(true)))
            .with("empty", J::Arr(vec![]));
        let text = value.pretty();
        assert!(text.find("\"name\"") < text.find("\"b\""));
        assert!(text.find("\"b\"") < text.find("\"a\""));
        let parsed: serde_json::Value =
            serde_json::from_str(&text).unwrap_or_else(|e| panic!("{e}: {text}"));
        assert_eq!(parsed["name"], "a \"quoted\" \\ name");
        assert_eq!(parsed["b"][1], 0.5);
        assert_eq!(parsed["empty"], serde_json::json!([]));
    }
}
