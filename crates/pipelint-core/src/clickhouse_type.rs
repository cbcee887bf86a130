//! The column type grammar of the destination database (ClickHouse): a small parser for
//! type strings such as `LowCardinality(Nullable(String))` or `DateTime64(3, 'UTC')`.
//!
//! Grammar (whitespace allowed between tokens):
//!
//! ```text
//! type  := name [ "(" arg ("," arg)* ")" ]
//! arg   := type | number | string [ "=" number ] | name type   (named tuple/nested element)
//! ```
//!
//! Parsing gives a tree; `check` validates names and arguments and `render` prints the tree
//! back with corrected names, which gives the fix for case slips.

use std::fmt::Write;

/// A parsed type: a name with optional arguments.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct TypeExpr {
    pub name: String,
    /// Byte offset of the name inside the type string.
    pub at: usize,
    pub args: Option<Vec<Arg>>,
}

#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Arg {
    Type(TypeExpr),
    Number(String),
    /// A quoted string, with an optional `= value` (enum members).
    Text(String, Option<String>),
    /// `name Type`, in Tuple and Nested.
    Named(String, TypeExpr),
    /// Arguments kept verbatim: settings and paths of `JSON`, function signatures.
    Raw(String),
}

/// Types whose arguments are not types (settings, paths, function signatures).
const RAW_ARGUMENTS: &[&str] = &[
    "JSON",
    "Dynamic",
    "AggregateFunction",
    "SimpleAggregateFunction",
];

/// A problem in a type string, with the byte offset it concerns.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct TypeError {
    pub at: usize,
    pub message: String,
}

pub(crate) fn parse(text: &str) -> Result<TypeExpr, TypeError> {
    let mut parser = Parser { text, pos: 0 };
    let expr = parser.type_expr(0)?;
    parser.skip_ws();
    if parser.pos < text.len() {
        return Err(parser.error("unexpected text after the type"));
    }
    Ok(expr)
}

/// Types nest only a few levels in practice; this bounds the recursion.
const MAX_NESTING: usize = 32;

struct Parser<'t> {
    text: &'t str,
    pos: usize,
}

impl Parser<'_> {
    fn error(&self, message: &str) -> TypeError {
        TypeError {
            at: self.pos,
            message: message.to_owned(),
        }
    }

    fn skip_ws(&mut self) {
        while self.text[self.pos..].starts_with(|c: char| c.is_whitespace()) {
            self.pos += self.text[self.pos..]
                .chars()
                .next()
                .map_or(1, char::len_utf8);
        }
    }

    fn peek(&self) -> Option<char> {
        self.text[self.pos..].chars().next()
    }

    fn ident(&mut self) -> Option<(String, usize)> {
        self.skip_ws();
        let start = self.pos;
        let rest = &self.text[start..];
        let len = rest
            .char_indices()
            .find(|&(i, c)| {
                !(c.is_ascii_alphanumeric() || c == '_') || (i == 0 && c.is_ascii_digit())
            })
            .map_or(rest.len(), |(i, _)| i);
        if len == 0 {
            return None;
        }
        self.pos += len;
        Some((rest[..len].to_owned(), start))
    }

    fn type_expr(&mut self, depth: usize) -> Result<TypeExpr, TypeError> {
        if depth > MAX_NESTING {
            return Err(self.error("the type nests too deeply"));
        }
        let Some((name, at)) = self.ident() else {
            return Err(self.error("expected a type name"));
        };
        self.skip_ws();
        if self.peek() != Some('(') {
            return Ok(TypeExpr {
                name,
                at,
                args: None,
            });
        }
        self.pos += 1;
        if canonical_name(&name).is_some_and(|n| RAW_ARGUMENTS.contains(&n)) {
            let raw = self.raw_until_close()?;
            return Ok(TypeExpr {
                name,
                at,
                args: Some(vec![Arg::Raw(raw)]),
            });
        }
        let mut args = Vec::new();
        self.skip_ws();
        if self.peek() == Some(')') {
            self.pos += 1;
            return Ok(TypeExpr {
                name,
                at,
                args: Some(args),
            });
        }
        loop {
            args.push(self.arg(depth + 1)?);
            self.skip_ws();
            match self.peek() {
                Some(',') => self.pos += 1,
                Some(')') => {
                    self.pos += 1;
                    return Ok(TypeExpr {
                        name,
                        at,
                        args: Some(args),
                    });
                }
                Some(_) => return Err(self.error("expected `,` or `)`")),
                None => return Err(self.error("missing `)`")),
            }
        }
    }

    fn arg(&mut self, depth: usize) -> Result<Arg, TypeError> {
        self.skip_ws();
        match self.peek() {
            Some('\'') => {
                let text = self.quoted()?;
                self.skip_ws();
                if self.peek() == Some('=') {
                    self.pos += 1;
                    self.skip_ws();
                    let number = self
                        .number()
                        .ok_or_else(|| self.error("expected a number after `=`"))?;
                    return Ok(Arg::Text(text, Some(number)));
                }
                Ok(Arg::Text(text, None))
            }
            Some(c) if c.is_ascii_digit() || c == '-' => self
                .number()
                .map(Arg::Number)
                .ok_or_else(|| self.error("expected a number")),
            Some(_) => {
                let first = self.type_expr(depth)?;
                // `name Type` (a named element) when another identifier follows a bare name.
                self.skip_ws();
                if first.args.is_none()
                    && self
                        .peek()
                        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
                {
                    let element = self.type_expr(depth)?;
                    return Ok(Arg::Named(first.name, element));
                }
                Ok(Arg::Type(first))
            }
            None => Err(self.error("missing `)`")),
        }
    }

    /// Everything up to the `)` that closes the current `(`, outside quotes.
    fn raw_until_close(&mut self) -> Result<String, TypeError> {
        let start = self.pos;
        let mut depth = 0usize;
        let mut in_quote = false;
        for (i, c) in self.text[start..].char_indices() {
            match c {
                '\'' => in_quote = !in_quote,
                '(' if !in_quote => depth += 1,
                ')' if !in_quote && depth == 0 => {
                    self.pos = start + i + 1;
                    return Ok(self.text[start..start + i].trim().to_owned());
                }
                ')' if !in_quote => depth -= 1,
                _ => {}
            }
        }
        self.pos = self.text.len();
        Err(self.error("missing `)`"))
    }

    fn quoted(&mut self) -> Result<String, TypeError> {
        self.pos += 1;
        let mut out = String::new();
        let mut chars = self.text[self.pos..].char_indices();
        while let Some((i, c)) = chars.next() {
            match c {
                '\\' => {
                    if let Some((_, escaped)) = chars.next() {
                        out.push(escaped);
                    }
                }
                '\'' => {
                    self.pos += i + 1;
                    return Ok(out);
                }
                c => out.push(c),
            }
        }
        self.pos = self.text.len();
        Err(self.error("unterminated quoted string"))
    }

    fn number(&mut self) -> Option<String> {
        let start = self.pos;
        let rest = &self.text[start..];
        let len = rest
            .char_indices()
            .find(|&(i, c)| !(c.is_ascii_digit() || (i == 0 && c == '-')))
            .map_or(rest.len(), |(i, _)| i);
        if len == 0 || &rest[..len] == "-" {
            return None;
        }
        self.pos += len;
        Some(rest[..len].to_owned())
    }
}

/// Type names that take no arguments.
const SIMPLE: &[&str] = &[
    "String",
    "UInt8",
    "UInt16",
    "UInt32",
    "UInt64",
    "UInt128",
    "UInt256",
    "Int8",
    "Int16",
    "Int32",
    "Int64",
    "Int128",
    "Int256",
    "Float32",
    "Float64",
    "BFloat16",
    "Bool",
    "Date",
    "Date32",
    "UUID",
    "IPv4",
    "IPv6",
    "Point",
    "Ring",
    "LineString",
    "MultiLineString",
    "Polygon",
    "MultiPolygon",
    "Time",
];

/// Type names that take arguments (or may).
const PARAMETRIC: &[&str] = &[
    "FixedString",
    "Decimal",
    "Decimal32",
    "Decimal64",
    "Decimal128",
    "Decimal256",
    "DateTime",
    "DateTime64",
    "Time64",
    "Enum",
    "Enum8",
    "Enum16",
    "JSON",
    "Dynamic",
    "Variant",
    "Nullable",
    "LowCardinality",
    "Array",
    "Tuple",
    "Map",
    "Nested",
    "AggregateFunction",
    "SimpleAggregateFunction",
];

/// Whether `text` is exactly one of the type names that take no arguments (`String`,
/// `UInt64`, ...): such a type is valid as written.
pub(crate) fn is_simple_name(text: &str) -> bool {
    SIMPLE.contains(&text)
}

/// The canonical spelling of a type name, matching case-insensitively.
pub(crate) fn canonical_name(name: &str) -> Option<&'static str> {
    SIMPLE
        .iter()
        .chain(PARAMETRIC)
        .copied()
        .find(|known| known.eq_ignore_ascii_case(name))
}

/// Validates names and arguments. Case slips are reported as errors too; `render` fixes them.
pub(crate) fn check(expr: &TypeExpr) -> Vec<TypeError> {
    let mut errors = Vec::new();
    check_into(expr, &mut errors);
    errors
}

fn err(errors: &mut Vec<TypeError>, at: usize, message: String) {
    errors.push(TypeError { at, message });
}

fn number_arg(arg: &Arg) -> Option<i64> {
    match arg {
        Arg::Number(n) => n.parse().ok(),
        _ => None,
    }
}

fn check_into(expr: &TypeExpr, errors: &mut Vec<TypeError>) {
    let Some(name) = canonical_name(&expr.name) else {
        err(
            errors,
            expr.at,
            format!("unknown type name `{}`", expr.name),
        );
        return;
    };
    if name != expr.name {
        err(
            errors,
            expr.at,
            format!("`{}` is spelled `{name}`", expr.name),
        );
    }
    let args = expr.args.as_deref();
    match name {
        _ if SIMPLE.contains(&name) && args.is_some() => {
            err(errors, expr.at, format!("`{name}` takes no arguments"));
        }
        "FixedString" | "Decimal" | "Decimal32" | "Decimal64" | "Decimal128" | "Decimal256"
        | "DateTime" | "DateTime64" | "Time64" => check_numeric(expr, name, args, errors),
        "Enum" | "Enum8" | "Enum16" => check_enum(expr, name, args, errors),
        "JSON" | "Dynamic" | "AggregateFunction" | "SimpleAggregateFunction" => {
            // Their arguments are settings or function signatures: not checked here.
        }
        "Variant" | "Nullable" | "LowCardinality" => check_wrapper(expr, name, args, errors),
        "Array" | "Map" | "Tuple" | "Nested" => check_container(expr, name, args, errors),
        _ => {}
    }
    for arg in args.unwrap_or_default() {
        match arg {
            Arg::Type(t) | Arg::Named(_, t) => check_into(t, errors),
            Arg::Number(_) | Arg::Text(..) | Arg::Raw(_) => {}
        }
    }
}

/// The numeric and time-zone arguments: lengths, precisions, scales.
fn check_numeric(expr: &TypeExpr, name: &str, args: Option<&[Arg]>, errors: &mut Vec<TypeError>) {
    let count = args.map_or(0, <[Arg]>::len);
    match name {
        "FixedString" => match args {
            Some([n]) if number_arg(n).is_some_and(|n| n >= 1) => {}
            _ => err(
                errors,
                expr.at,
                "`FixedString(N)` needs one length N of at least 1".to_owned(),
            ),
        },
        "Decimal" => match args {
            Some([p]) | Some([p, _]) if !number_arg(p).is_some_and(|p| (1..=76).contains(&p)) => {
                err(
                    errors,
                    expr.at,
                    "`Decimal(P, S)` needs a precision P from 1 to 76".to_owned(),
                );
            }
            Some([p, s]) => {
                let (p, s) = (number_arg(p).unwrap_or(0), number_arg(s));
                if !s.is_some_and(|s| (0..=p).contains(&s)) {
                    err(
                        errors,
                        expr.at,
                        format!("`Decimal({p}, S)` needs a scale S from 0 to {p}"),
                    );
                }
            }
            Some([_]) => {}
            _ => err(
                errors,
                expr.at,
                "`Decimal` needs a precision and a scale: `Decimal(P, S)`".to_owned(),
            ),
        },
        "Decimal32" | "Decimal64" | "Decimal128" | "Decimal256" => {
            let max = match name {
                "Decimal32" => 9,
                "Decimal64" => 18,
                "Decimal128" => 38,
                _ => 76,
            };
            match args {
                Some([s]) if number_arg(s).is_some_and(|s| (0..=max).contains(&s)) => {}
                _ => err(
                    errors,
                    expr.at,
                    format!("`{name}(S)` needs one scale S from 0 to {max}"),
                ),
            }
        }
        "DateTime" => match args {
            None | Some([Arg::Text(_, None)]) => {}
            _ => err(
                errors,
                expr.at,
                "`DateTime` takes at most a quoted time zone: `DateTime('UTC')`".to_owned(),
            ),
        },
        "DateTime64" | "Time64" => match args {
            Some([p]) | Some([p, Arg::Text(_, None)])
                if number_arg(p).is_some_and(|p| (0..=9).contains(&p)) =>
            {
                if name == "Time64" && count == 2 {
                    err(
                        errors,
                        expr.at,
                        "`Time64` takes only a precision".to_owned(),
                    );
                }
            }
            _ => err(
                errors,
                expr.at,
                format!("`{name}(p[, 'tz'])` needs a precision p from 0 to 9"),
            ),
        },
        _ => {}
    }
}

/// The one-type wrappers and what they may wrap.
fn check_wrapper(expr: &TypeExpr, name: &str, args: Option<&[Arg]>, errors: &mut Vec<TypeError>) {
    let count = args.map_or(0, <[Arg]>::len);
    let all_types = args
        .unwrap_or_default()
        .iter()
        .all(|a| matches!(a, Arg::Type(_)));
    let types = || {
        args.unwrap_or_default().iter().filter_map(|a| match a {
            Arg::Type(t) => Some(t),
            _ => None,
        })
    };
    match name {
        "Variant" => {
            if count == 0 || !all_types {
                err(
                    errors,
                    expr.at,
                    "`Variant(T1, T2, ...)` needs one or more types".to_owned(),
                );
            }
            for t in types() {
                if canonical_name(&t.name) == Some("Nullable") {
                    err(
                        errors,
                        t.at,
                        "a `Variant` member cannot be `Nullable`".to_owned(),
                    );
                }
            }
        }
        "Nullable" => match args {
            Some([Arg::Type(inner)]) => {
                let inner_name = canonical_name(&inner.name);
                if let Some(
                    bad @ ("Array" | "Map" | "Tuple" | "Nested" | "Nullable" | "LowCardinality"
                    | "Variant" | "Dynamic" | "JSON"),
                ) = inner_name
                {
                    err(errors, inner.at, format!("`Nullable` cannot wrap `{bad}`"));
                }
            }
            _ => err(
                errors,
                expr.at,
                "`Nullable(T)` needs exactly one type".to_owned(),
            ),
        },
        "LowCardinality" => match args {
            Some([Arg::Type(inner)]) => {
                let base = match (canonical_name(&inner.name), inner.args.as_deref()) {
                    (Some("Nullable"), Some([Arg::Type(t)])) => canonical_name(&t.name),
                    (other, _) => other,
                };
                if matches!(
                    base,
                    Some(
                        "Array"
                            | "Map"
                            | "Tuple"
                            | "Nested"
                            | "LowCardinality"
                            | "Variant"
                            | "Dynamic"
                            | "JSON"
                    )
                ) {
                    err(
                        errors,
                        inner.at,
                        format!(
                            "`LowCardinality` cannot wrap `{}`",
                            base.unwrap_or_default()
                        ),
                    );
                }
            }
            _ => err(
                errors,
                expr.at,
                "`LowCardinality(T)` needs exactly one type".to_owned(),
            ),
        },
        _ => {}
    }
}

/// The containers: how many types, named or not, and which keys a map takes.
fn check_container(expr: &TypeExpr, name: &str, args: Option<&[Arg]>, errors: &mut Vec<TypeError>) {
    let count = args.map_or(0, <[Arg]>::len);
    let all_types = args
        .unwrap_or_default()
        .iter()
        .all(|a| matches!(a, Arg::Type(_)));
    match name {
        "Array" if !(count == 1 && all_types) => {
            err(
                errors,
                expr.at,
                "`Array(T)` needs exactly one type".to_owned(),
            );
        }
        "Map" => match args {
            Some([Arg::Type(key), Arg::Type(_)]) => {
                let key_name = canonical_name(&key.name);
                if matches!(
                    key_name,
                    Some(
                        "Nullable"
                            | "Array"
                            | "Map"
                            | "Tuple"
                            | "Nested"
                            | "Float32"
                            | "Float64"
                            | "BFloat16"
                            | "Decimal"
                            | "Variant"
                            | "Dynamic"
                            | "JSON"
                    )
                ) {
                    err(
                        errors,
                        key.at,
                        format!("`{}` cannot be a `Map` key", key.name),
                    );
                }
            }
            _ => err(
                errors,
                expr.at,
                "`Map(K, V)` needs a key type and a value type".to_owned(),
            ),
        },
        "Tuple" => {
            let ok = count > 0
                && args
                    .unwrap_or_default()
                    .iter()
                    .all(|a| matches!(a, Arg::Type(_) | Arg::Named(..)));
            if !ok {
                err(
                    errors,
                    expr.at,
                    "`Tuple(T1, T2, ...)` needs one or more types".to_owned(),
                );
            }
        }
        "Nested" => {
            let ok = count > 0
                && args
                    .unwrap_or_default()
                    .iter()
                    .all(|a| matches!(a, Arg::Named(..)));
            if !ok {
                err(
                    errors,
                    expr.at,
                    "`Nested(name T, ...)` needs named members".to_owned(),
                );
            }
        }
        _ => {}
    }
}

fn check_enum(expr: &TypeExpr, name: &str, args: Option<&[Arg]>, errors: &mut Vec<TypeError>) {
    let (min, max) = match name {
        "Enum8" => (-128, 127),
        "Enum16" => (-32768, 32767),
        _ => (-32768, 32767),
    };
    let members = args.unwrap_or_default();
    if members.is_empty() {
        err(
            errors,
            expr.at,
            format!("`{name}` needs members: `{name}('a' = 1, 'b' = 2)`"),
        );
        return;
    }
    let mut seen = Vec::new();
    for member in members {
        match member {
            Arg::Text(label, value) => {
                if let Some(value) = value {
                    match value.parse::<i64>() {
                        Ok(v) if (min..=max).contains(&v) => {}
                        _ => err(
                            errors,
                            expr.at,
                            format!(
                                "`{name}` values must be from {min} to {max}; `{value}` is not"
                            ),
                        ),
                    }
                }
                if seen.contains(label) {
                    err(
                        errors,
                        expr.at,
                        format!("`{name}` member '{label}' is given twice"),
                    );
                }
                seen.push(label.clone());
            }
            _ => err(
                errors,
                expr.at,
                format!("`{name}` members are quoted names: `'name' = value`"),
            ),
        }
    }
}

/// Prints the type back with canonical names and `, ` between arguments.
pub(crate) fn render(expr: &TypeExpr) -> String {
    let mut out = String::new();
    render_into(expr, &mut out);
    out
}

fn render_into(expr: &TypeExpr, out: &mut String) {
    out.push_str(canonical_name(&expr.name).unwrap_or(&expr.name));
    let Some(args) = &expr.args else { return };
    out.push('(');
    for (i, arg) in args.iter().enumerate() {
        if i > 0 {
            out.push_str(", ");
        }
        match arg {
            Arg::Type(t) => render_into(t, out),
            Arg::Number(n) => out.push_str(n),
            Arg::Text(text, value) => {
                let _ = write!(out, "'{}'", text.replace('\\', "\\\\").replace('\'', "\\'"));
                if let Some(value) = value {
                    let _ = write!(out, " = {value}");
                }
            }
            Arg::Named(name, t) => {
                out.push_str(name);
                out.push(' ');
                render_into(t, out);
            }
            Arg::Raw(text) => out.push_str(text),
        }
    }
    out.push(')');
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_simple_name_is_valid_as_written() {
        for name in SIMPLE {
            assert!(is_simple_name(name));
            let expr = parse(name).unwrap_or_else(|e| panic!("{name}: {}", e.message));
            assert!(check(&expr).is_empty(), "{name}");
        }
        for text in [
            "string",
            "String ",
            "Decimal",
            "Nullable(String)",
            "DateTime",
        ] {
            assert!(!is_simple_name(text), "{text}");
        }
    }

    fn problems(text: &str) -> Vec<String> {
        match parse(text) {
            Ok(expr) => check(&expr).into_iter().map(|e| e.message).collect(),
            Err(e) => vec![e.message],
        }
    }

    #[test]
    fn accepts_valid_types() {
        for text in [
            "String",
            "UInt64",
            "Nullable(String)",
            "LowCardinality(Nullable(String))",
            "DateTime64(3, 'UTC')",
            "DateTime('Europe/Berlin')",
            "Decimal(18, 4)",
            "Decimal(9)",
            "Decimal128(10)",
            "Array(Tuple(String, UInt8))",
            "Map(String, Array(Float64))",
            "Tuple(a String, b Nullable(Int32))",
            "Nested(id UInt64, name String)",
            "Enum8('a' = 1, 'b' = 2)",
            "Enum16('x' = -300)",
            "FixedString(16)",
            "Variant(String, UInt64)",
            "JSON",
            "JSON(max_dynamic_paths = 10)",
            "Dynamic",
            "Point",
            "MultiPolygon",
            "BFloat16",
            "IPv6",
            "Date32",
            "Map(LowCardinality(String), UInt64)",
        ] {
            assert_eq!(problems(text), Vec::<String>::new(), "{text}");
        }
    }

    #[test]
    fn rejects_invalid_types() {
        for (text, expected) in [
            ("Strng", "unknown type name"),
            ("Decimal(77, 2)", "precision P from 1 to 76"),
            ("Decimal(10, 11)", "scale S from 0 to 10"),
            ("DateTime64(10)", "precision p from 0 to 9"),
            ("Nullable(Array(String))", "cannot wrap `Array`"),
            ("Array(String", "missing `)`"),
            ("Enum8('a' = 300)", "from -128 to 127"),
            ("FixedString(0)", "at least 1"),
            ("String(3)", "takes no arguments"),
            ("Map(Nullable(String), UInt8)", "cannot be a `Map` key"),
            ("LowCardinality(Array(String))", "cannot wrap `Array`"),
        ] {
            let found = problems(text);
            assert!(
                found.iter().any(|p| p.contains(expected)),
                "{text}: {found:?}"
            );
        }
    }

    #[test]
    fn fixes_case_slips() {
        let expr = parse("nullable(uint64)").unwrap_or_else(|e| panic!("{e:?}"));
        assert_eq!(render(&expr), "Nullable(UInt64)");
        assert!(!check(&expr).is_empty());
        let expr = parse("string").unwrap_or_else(|e| panic!("{e:?}"));
        assert_eq!(render(&expr), "String");
    }
}
